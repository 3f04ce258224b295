"""Lights Out play notices presses that bring the dark board no closer, checked against the fewest presses found by
brute force over every press set of a 3x3 board (no engine), and never says how many presses the board needs."""

from __future__ import annotations

import random
import re
from itertools import product

import pytest

from tutor.puzzles import get

SIZE = 3
CELLS = [(r, c) for r in range(SIZE) for c in range(SIZE)]


def press(board: frozenset[tuple[int, int]], cell: tuple[int, int]) -> frozenset[tuple[int, int]]:
    r, c = cell
    near = {(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
    return board ^ frozenset(x for x in near if x in CELLS)


def fewest(board: frozenset[tuple[int, int]]) -> int:
    best = len(CELLS) + 1
    for chosen in product((0, 1), repeat=len(CELLS)):
        lit = board
        for cell, on in zip(CELLS, chosen, strict=True):
            if on:
                lit = press(lit, cell)
        if not lit:
            best = min(best, sum(chosen))
    return best


@pytest.mark.parametrize("seed", range(8))
def test_a_press_that_brings_no_progress_is_named_and_one_that_does_is_not(seed: int) -> None:
    rng = random.Random(seed)
    lights = frozenset(rng.sample(CELLS, rng.randint(2, 6)))
    play = get("lightsout").play
    assert play is not None
    rows = "/".join("".join("X" if (r, c) in lights else "." for c in range(SIZE)) for r in range(SIZE))
    game = get("lightsout").load({"size": f"{SIZE}x{SIZE}", "board": rows})
    state = play.start(game, play.arguments({}), random.Random(0))
    board = lights
    for _ in range(3):
        cell = rng.choice(CELLS)
        turn = play.play_text(state, play.format_move(state, cell))
        after = press(board, cell)
        said = " ".join(str(r) for r in turn.replies)
        if after:
            assert ("no closer" in said) == (fewest(after) >= fewest(board)), (board, cell, said)
        assert not re.search(r"needs \d|\d+ presses darken", said), said  # a later step may ask for the number
        state, board = turn.state, after
        if not board:
            break

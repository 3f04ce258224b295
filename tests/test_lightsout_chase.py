"""Issue 19: the teaching chase in O(cells), checked against the old row-by-row chase and by replay.

``reference_steps`` is the chase as it was first written: a whole board per
row, each made by pressing on the board before it.  The fast chase (row masks
with 2 states, a row vector at a time with more) must give the same presses,
residue and boards on every small board; on big boards its presses are
replayed with ``apply`` and must leave only the residue.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import InvalidParams
from tutor.puzzles import get
from tutor.puzzles.lightsout import cli
from tutor.puzzles.lightsout.engine.chase import MAX_STEP_CELLS, chase, chase_steps, residue_of
from tutor.puzzles.lightsout.rules.grid import Board, Rules, apply, cells_of
from tutor.puzzles.lightsout.rules.notation import format_board, format_presses, press_names
from tutor.puzzles.lightsout.teach.verdicts import chase_stage
from tutor.screen.text import sequence_text

PUZZLE = get("lightsout")


@dataclass(frozen=True)
class Step:
    row: int
    lights: tuple[int, ...]
    presses: tuple[tuple[int, int], ...]
    board: Board


def reference_steps(rules: Rules, board: Board) -> list[Step]:
    """The slow chase (rows x cells work): press under each light of a row, on the whole board, row by row."""
    k, n = rules.states, rules.cols
    steps = []
    cur = board
    for r in range(rules.rows - 1):
        row = cur[r * n : (r + 1) * n]
        lit = tuple(c for c in range(n) if row[c])
        counts = bytearray(rules.cells)
        for c in lit:
            counts[(r + 1) * n + c] = (-row[c]) % k
        cur = apply(rules, cur, bytes(counts))
        steps.append(Step(r, lit, tuple((c, (-row[c]) % k) for c in lit), cur))
    return steps


def reference_residue(rules: Rules, board: Board) -> Board:
    steps = reference_steps(rules, board)
    return (steps[-1].board if steps else board)[(rules.rows - 1) * rules.cols :]


@st.composite
def boards(draw: st.DrawFn) -> tuple[Rules, Board]:
    m, n = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    k = draw(st.sampled_from((2, 3, 5)))
    rules = Rules(m, n, states=k)
    return rules, bytes(draw(st.lists(st.integers(0, k - 1), min_size=m * n, max_size=m * n)))


@given(boards())
def test_the_fast_chase_is_the_slow_chase(case: tuple[Rules, Board]) -> None:
    rules, board = case
    slow = reference_steps(rules, board)
    done = chase(rules, board)
    assert done.residue == reference_residue(rules, board) == residue_of(rules, board)
    cells = [(s.row + 1, c) for s in slow for c, times in s.presses for _ in range(times)]
    assert done.cells() == cells and done.count == len(cells)
    assert [(s.row, s.lights, s.presses, s.board) for s in chase_steps(rules, board)] == \
        [(s.row, s.lights, s.presses, s.board) for s in slow]
    for s in slow:
        assert done.before(s.row + 1) == s.board
        stage = chase_stage(rules, board, s.row)
        assert stage.board == (slow[s.row - 1].board if s.row else board)
        assert stage.expected == tuple((s.row + 1, c) for c, t in s.presses for _ in range(t))


@given(boards())
def test_replaying_the_presses_leaves_only_the_residue(case: tuple[Rules, Board]) -> None:
    rules, board = case
    done = chase(rules, board)
    assert not any(done.presses[: rules.cols])  # a chase never presses the top row
    assert done.before(rules.rows - 1) == apply(rules, board, done.presses) == \
        bytes((rules.rows - 1) * rules.cols) + done.residue


@given(boards())
def test_the_presses_clear_each_row_by_the_press_rule_alone(case: tuple[Rules, Board]) -> None:
    """Independent of ``apply``: add up each press's effect (``Rules.effect``) cell by cell."""
    rules, board = case
    done = chase(rules, board)
    cells = list(board)
    for r, c in done.cells():
        for (rr, cc), times in rules.effect(r, c).items():
            cells[rr * rules.cols + cc] += times
    after = bytes(v % rules.states for v in cells)
    assert after == bytes((rules.rows - 1) * rules.cols) + done.residue


@pytest.mark.parametrize("rules", [Rules(1000, 1000), Rules(300, 200, states=3), Rules(1, 1000),
                                   Rules(1000, 1, states=5), Rules(999, 7, states=7)], ids=Rules.describe)
def test_big_boards_replay_to_their_residue(rules: Rules) -> None:
    board = np.random.default_rng(rules.cells).integers(0, rules.states, rules.cells, dtype=np.uint8).tobytes()
    done = chase(rules, board)
    assert apply(rules, board, done.presses) == bytes((rules.rows - 1) * rules.cols) + done.residue
    assert done.count == sum(done.presses) == len(done.cells())


def test_per_row_boards_only_for_boards_small_enough_to_show() -> None:
    assert cli.MAX_TEXT_CELLS <= MAX_STEP_CELLS  # solve --steps shows the rows of every board it draws
    big = Rules(MAX_STEP_CELLS // 64 + 1, 64)
    with pytest.raises(InvalidParams, match="row by row"):
        chase_steps(big, bytes(big.cells))
    assert len(chase_steps(Rules(64, 64), bytes([1]) * 4096)) == 63


def test_the_chase_refuses_rules_it_does_not_apply_to() -> None:
    for rules in (Rules(3, 3, torus=True), Rules(3, 3, neighbourhood="x")):
        with pytest.raises(InvalidParams, match="plus neighbourhood on a flat board"):
            chase(rules, bytes(9))


def test_the_lesson_quantities_on_the_million_cell_board_agree_with_replay() -> None:
    """Lesson 4's 1000 x 1000 step: the residue, the chase's presses and a board mid-chase, checked by replay."""
    game = PUZZLE.load({"size": "1000x1000"})
    rules, board = game.rules, game.lights
    done = chase(rules, board)
    after = apply(rules, board, done.presses)
    assert not any(after[: 999 * 1000])
    assert PUZZLE.compute(game, "residue") == format_board(Rules(1, 1000), after[999 * 1000 :])
    assert PUZZLE.compute(game, "chase_presses") == sum(done.presses)
    half = done.presses[: 500 * 1000] + bytes(500 * 1000)  # the rows above row 500 chased
    drawn = PUZZLE.compute(game, "chase_board", {"row": 500})
    assert format_board(rules, apply(rules, board, half), "\n") == \
        "\n".join("".join(line.split()[1:]) for line in str(drawn).splitlines()[1:])


@pytest.mark.parametrize("count", [0, 1, 11, 12, 13, 24, 25, 100])
@pytest.mark.parametrize("limit", [2, 12, 24])
def test_press_names_are_the_sequence_text_of_every_name(count: int, limit: int) -> None:
    cells = cells_of(Rules(10, 10, states=3), bytes(random.Random(count).choice((0, 0, 1, 2)) for _ in range(100)))
    cells = cells[:count]
    assert press_names(cells, limit) == sequence_text(format_presses(cells).split(), limit)

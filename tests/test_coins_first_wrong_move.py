"""Issue 20, step-level feedback inside a whole coin strategy: a failed strategy is told the first move after which
its remaining moves are too few for a sure win, with the belief there.  Checked against an independent
breadth-first search over sets of tables (plain rotations of strings, no bit sets, no engine)."""

from __future__ import annotations

import random
import re
from collections import deque
from functools import cache

import pytest

from tutor.puzzles import get
from tutor.puzzles.coins.rules import parse_strategy
from tutor.puzzles.coins.teach.whole import first_wrong_move

N = 4
MOVES = [frozenset(p for p in range(N) if mask >> p & 1) for mask in range(1, 2**N)]
SHORTEST = "0123 02 0123 01 0123 02 0123 0 0123 02 0123 01 0123 02 0123"


def turned(table: str, r: int) -> str:
    return table[-r:] + table[:-r] if r else table


def flip(table: str, move: frozenset[int]) -> str:
    return "".join(("T" if c == "H" else "H") if i in move else c for i, c in enumerate(table))


def after(belief: frozenset[str], move: frozenset[int]) -> frozenset[str]:
    """Every table the Devil can leave: any turn, then the flip; finished tables leave the game."""
    out = {flip(turned(t, r), move) for t in belief for r in range(N)}
    return frozenset(t for t in out if t != "H" * N)


@cache
def need(belief: frozenset[str]) -> int | None:
    """Fewest further moves that finish every table of the belief (BFS over beliefs)."""
    seen, queue = {belief}, deque([(belief, 0)])
    while queue:
        b, d = queue.popleft()
        if not b:
            return d
        for move in MOVES:
            nxt = after(b, move)
            if nxt not in seen:
                seen.add(nxt)
                queue.append((nxt, d + 1))
    return None


START = frozenset(f"{i:0{N}b}".replace("0", "H").replace("1", "T") for i in range(1, 2**N))


@pytest.mark.parametrize("seed", range(12))
def test_the_move_named_is_where_the_moves_left_become_too_few(seed: int) -> None:
    puzzle = get("coins")
    game = puzzle.load({"coins": N})
    words = SHORTEST.split()
    rng = random.Random(seed)
    at = rng.randrange(len(words))
    words[at] = "".join(sorted(rng.sample("0123", rng.randint(1, 3))))
    strategy = parse_strategy(" ".join(words), N, 2)
    said = first_wrong_move(game, strategy)
    beliefs = [START]
    for word in words:
        beliefs.append(after(beliefs[-1], frozenset(int(c) for c in word)))
    if not beliefs[-1]:
        assert said == ""  # the changed strategy still wins: nothing goes wrong
        return
    left = len(words)
    too_few = [need(b) is None or need(b) > left - i for i, b in enumerate(beliefs)]
    if too_few[0]:
        assert said == ""
        return
    first = too_few.index(True)
    assert f"goes wrong at move {first} " in said, (words, said)
    named = re.findall(r"[HT]{4}", said.split("after it the table", 1)[1])
    classes = {min(turned(t, r) for r in range(N)) for t in beliefs[first]}  # the tutor names one per class
    assert {min(turned(t, r) for r in range(N)) for t in named} == classes, (named, beliefs[first])

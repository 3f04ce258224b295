"""Every solution of a board (``solve lightsout --all``), each result checked a second, independent way.

The engine lists or counts the coset ``x0 + ker A`` (``engine.coset``).  Here
small boards are solved by brute force instead: every one of the 2^cells press
sets is applied through ``Rules.effect`` (the plain rules, no press matrix, no
chase), and the count, the counts by presses and the set of solutions must
agree.  Past the listing limit the counts are checked against another solution
and another basis of the quiet patterns (full elimination of the press matrix),
enumerated by plain binary counting instead of the Gray code.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from helpers import run_tutor
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import InvalidParams
from tutor.maths import gf2
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine import coset
from tutor.puzzles.lightsout.rules.grid import (
    Rules,
    apply,
    dark,
    pattern_of,
    press_rows_gf2,
    random_board,
    to_bitmask,
)

SHAPES = [Rules(m, n) for m in range(1, 5) for n in range(1, 5)] + [
    Rules(3, 5), Rules(5, 3), Rules(2, 7),
    *(Rules(m, n, torus=True) for m, n in ((1, 3), (2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (2, 5))),
    *(Rules(3, 3, neighbourhood=h) for h in ("hollow", "block", "ring", "x")),
    Rules(4, 4, torus=True, neighbourhood="hollow"),
]


def brute_force(rules: Rules, board: bytes) -> set[int]:
    """Every press set (bit i = cell i) that darkens ``board``, found by trying all 2^cells of them."""
    import numpy as np

    effects = []
    for cell in range(rules.cells):
        mask = 0
        for (r, c), times in rules.effect(*divmod(cell, rules.cols)).items():
            mask ^= (times % 2) << (r * rules.cols + c)
        effects.append(mask)
    changed = np.zeros(1 << rules.cells, dtype=np.int64)  # changed[x]: the cells press set x toggles
    for i, mask in enumerate(effects):
        changed[1 << i : 2 << i] = changed[: 1 << i] ^ mask
    return {int(x) for x in np.flatnonzero(changed == to_bitmask(board))}


def boards(rules: Rules) -> list[bytes]:
    """All on, all off, and random boards of these rules (solvable or not)."""
    rng = random.Random(rules.cells * 7 + rules.rows)
    return [bytes([1]) * rules.cells, dark(rules),
            *(random_board(rules, rng, solvable_only=False) for _ in range(4))]


def weights_of(masks: set[int] | list[int]) -> tuple[tuple[int, int], ...]:
    """``(presses, solutions)`` pairs of a set of press sets, fewest first."""
    return tuple(sorted(Counter(m.bit_count() for m in masks).items()))


@pytest.mark.parametrize("rules", SHAPES, ids=lambda r: r.describe().replace(" ", ""))
def test_every_solution_equals_brute_force(rules: Rules) -> None:
    for board in boards(rules):
        every = engine.all_solutions(rules, board)
        truth = brute_force(rules, board)
        assert every.count == len(truth)
        assert every.weights == weights_of(truth)
        assert every.listed is not None
        assert {to_bitmask(p) for p in every.listed} == truth and len(every.listed) == len(truth)


@pytest.mark.parametrize("rules", SHAPES[::3], ids=lambda r: r.describe().replace(" ", ""))
def test_counting_without_listing_equals_brute_force(rules: Rules, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Gray-code count (the path past the listing limit), with a table of 1 or 2 vectors so the Gray
    steps do the work, against brute force."""
    monkeypatch.setattr(coset, "LIST_LIMIT", 0)
    monkeypatch.setattr(engine, "KEPT_CELLS", 0)  # no solutions kept from a call under the real limits
    for low in (0, 1, 2):
        monkeypatch.setattr(coset, "LOW_BITS", low)
        for board in boards(rules):
            every = engine.all_solutions(rules, board)
            truth = brute_force(rules, board)
            assert every.count == len(truth) and every.weights == weights_of(truth)
            assert every.listed is None or not truth


def test_known_answers() -> None:
    five = engine.all_solutions(Rules(5, 5), bytes([1]) * 25)
    assert five.count == 4 and five.weights == ((15, 4),) and five.fewest == 15
    four = engine.all_solutions(Rules(4, 4), bytes([1]) * 16)
    assert four.count == 16 and four.fewest == 4 and sum(c for _, c in four.weights) == 16
    unsolvable = engine.all_solutions(Rules(5, 5), bytes([1]) + bytes(24))
    assert (unsolvable.count, unsolvable.weights, unsolvable.listed, unsolvable.fewest) == (0, (), (), None)


def by_elimination(rules: Rules, board: bytes) -> tuple[tuple[int, int], ...]:
    """The counts by presses from another solution and another basis (full elimination), by binary counting."""
    rows = press_rows_gf2(rules)
    x0 = gf2.solve(rows, rules.cells, list(board))
    assert x0 is not None
    basis = gf2.nullspace(rows, rules.cells)
    counts: Counter[int] = Counter()
    for number in range(1 << len(basis)):
        x = x0
        for i, v in enumerate(basis):
            if number >> i & 1:
                x ^= v
        counts[x.bit_count()] += 1
    return tuple(sorted(counts.items()))


@pytest.mark.parametrize("rules", [Rules(19, 19), Rules(12, 12, torus=True), Rules(10, 10, torus=True)],
                         ids=lambda r: r.describe().replace(" ", ""))
def test_counts_past_the_listing_limit_agree_with_elimination(rules: Rules) -> None:
    board = random_board(rules, random.Random(3))
    every = engine.all_solutions(rules, board)
    assert every.listed is None and every.nullity == 16 and every.count == 1 << 16
    assert every.weights == by_elimination(rules, board)
    assert every.fewest == engine.solve(rules, board).press_count  # the engine's proven minimum


def test_refusals_name_the_limit() -> None:
    with pytest.raises(InvalidParams, match="2 states only"):
        engine.all_solutions(Rules(3, 3, states=3), bytes(9))
    with pytest.raises(InvalidParams, match=r"nullity 32: .*nullity at most 24"):
        engine.all_solutions(Rules(20, 20, torus=True), bytes([1]) * 400)
    # an unsolvable board has no solutions to count, whatever its nullity
    odd = engine.all_solutions(Rules(20, 20, torus=True), bytes([1]) + bytes(399))
    assert odd.count == 0 and odd.listed == ()


@given(st.integers(1, 5), st.integers(1, 5), st.booleans(), st.integers(0, 2**32))
def test_listed_solutions_darken_the_board_fewest_first(m: int, n: int, wrap: bool, seed: int) -> None:
    rules = Rules(m, n, torus=wrap)
    board = random_board(rules, random.Random(seed), solvable_only=seed % 2 == 0)
    every = engine.all_solutions(rules, board)
    assert every.listed is not None and len(set(every.listed)) == len(every.listed) == every.count
    assert all(apply(rules, board, p) == dark(rules) for p in every.listed)
    presses = [sum(p) for p in every.listed]
    assert presses == sorted(presses) and weights_of([to_bitmask(p) for p in every.listed]) == every.weights
    assert every.count == (1 << engine.analyze(rules).nullity if engine.solvable(rules, board) else 0)


def test_solve_all_json_and_text() -> None:
    out = run_tutor("solve", "lightsout", "--all", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["solutions"] == 4 and data["press_count"] == 15  # the keys solve always had, unchanged
    every = data["all"]
    assert every["count"] == 4 and every["weights"] == [[15, 4]] and every["listed"] and every["fewest"] == 15
    rules = Rules(5, 5)
    for cells in every["solutions"]:
        pattern = pattern_of(rules, [(r - 1, c - 1) for r, c in cells])
        assert apply(rules, bytes([1]) * 25, pattern) == dark(rules)
    assert len({json.dumps(s) for s in every["solutions"]}) == 4
    text = run_tutor("solve", "lightsout", "--size", "4x4", "--all").stdout
    assert "All 16 solutions (2^4)" in text and "\n16. " in text


def test_solve_all_past_the_list_and_refused() -> None:
    data = json.loads(run_tutor("solve", "lightsout", "--size", "19x19", "--all", "--json").stdout)["all"]
    assert data["count"] == 65536 and data["solutions"] is None and data["listed"] is False
    assert sum(c for _, c in data["weights"]) == 65536
    for args in (("--size", "20x20", "--torus"), ("--size", "3x3", "--states", "3")):
        out = run_tutor("solve", "lightsout", *args, "--all")
        assert out.returncode == 2 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1
    out = run_tutor("solve", "lightsout", "--board", "X..../...../...../...../.....", "--all", "--json")
    assert json.loads(out.stdout)["all"] == {"count": 0, "weights": [], "solutions": [], "listed": True,
                                             "fewest": None, "list_limit": 4096}


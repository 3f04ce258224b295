"""Lights Out engine: every result re-checked by replay, brute force or sympy."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.errors import InvalidParams
from tutor.maths import gf2
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine.chase import chase_steps, chase_system, residue_of
from tutor.puzzles.lightsout.rules.grid import (
    NEIGHBOURHOODS,
    Rules,
    apply,
    dark,
    dot,
    press_matrix,
    press_rows_gf2,
    random_board,
)
from tutor.puzzles.lightsout.theory import poly_nullity, sympy_polys

# Nullity of the n x n classic board, n = 1..20 (OEIS A159257).
KNOWN_SQUARE_NULLITY = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0]
# Solutions of the all-on n x n classic board, n = 1..20 (OEIS A075462): 2^A159257(n), all on being solvable.
ALL_ON_SOLUTIONS = [1, 1, 1, 16, 4, 1, 1, 1, 256, 1, 64, 1, 1, 16, 1, 256, 4, 1, 65536, 1]


def sympy_rank(rules: Rules) -> int:
    """The rank of the press matrix over GF(k) from sympy's ``DomainMatrix`` (independent of the engine)."""
    from sympy import GF, Matrix
    from sympy.polys.matrices import DomainMatrix

    return int(DomainMatrix.from_Matrix(Matrix(press_matrix(rules))).convert_to(GF(rules.states)).rank())


def brute_solutions(rules: Rules, board: bytes) -> list[bytes]:
    k = rules.states
    return [bytes(x) for x in itertools.product(range(k), repeat=rules.cells)
            if apply(rules, board, bytes(x)) == dark(rules)]


@pytest.mark.parametrize("m", range(1, 9))
def test_rank_and_nullity_match_sympy_up_to_8x8(m: int) -> None:
    for n in range(1, 9):
        rules = Rules(m, n)
        a = engine.analyze(rules)
        assert a.rank == sympy_rank(rules), (m, n)
        assert a.nullity == rules.cells - a.rank == len(a.quiet)
        assert a.nullity == poly_nullity(m, n)


def test_square_nullities_known_and_polynomial() -> None:
    got = [engine.analyze(Rules(n, n)).nullity for n in range(1, 21)]
    assert got == KNOWN_SQUARE_NULLITY
    assert [poly_nullity(n, n) for n in range(1, 21)] == KNOWN_SQUARE_NULLITY
    assert [sympy_polys(n, n)["nullity"] for n in range(1, 13)] == KNOWN_SQUARE_NULLITY[:12]


def test_all_on_solution_counts_are_oeis_a075462() -> None:
    for n, expected in enumerate(ALL_ON_SOLUTIONS, 1):
        rules = Rules(n, n)
        sol = engine.solve(rules, bytes([1]) * rules.cells, minimize=False)
        assert sol.pattern is not None and apply(rules, bytes([1]) * rules.cells, sol.pattern) == dark(rules)
        assert sol.solutions == expected == 2 ** KNOWN_SQUARE_NULLITY[n - 1]


@pytest.mark.parametrize("seed", range(6))
def test_random_rectangles_chase_agrees_with_full_elimination(seed: int) -> None:
    rng = random.Random(seed)
    m, n = rng.randint(1, 30), rng.randint(1, 30)
    rules = Rules(m, n)
    full = rules.cells - gf2.rank(press_rows_gf2(rules))
    assert engine.analyze(rules).nullity == full == poly_nullity(m, n)
    assert n - gf2.rank(chase_system(m, n).rows) == full


def test_quiet_patterns_change_nothing() -> None:
    for rules in [Rules(5, 5), Rules(4, 4), Rules(9, 9), Rules(5, 17), Rules(4, 4, torus=True),
                  Rules(3, 3, neighbourhood="hollow"), Rules(2, 2, states=3), Rules(4, 5, states=5)]:
        a = engine.analyze(rules)
        assert len(a.quiet) == a.nullity
        for q in a.quiet:
            assert any(q) and apply(rules, dark(rules), q) == dark(rules)


@pytest.mark.parametrize("neighbourhood", sorted(NEIGHBOURHOODS))
@pytest.mark.parametrize("torus", [False, True])
@pytest.mark.parametrize("states", [2, 3])
def test_counts_and_minimum_agree_with_brute_force(neighbourhood: str, torus: bool, states: int) -> None:
    rng = random.Random(hash((neighbourhood, torus, states)) & 0xFFFF)
    for m, n in [(2, 3), (3, 3), (1, 4)] if states == 2 else [(2, 3), (1, 4), (2, 2)]:
        rules = Rules(m, n, torus, neighbourhood, states)
        for _ in range(2):
            board = bytes(rng.randrange(states) for _ in range(rules.cells))
            sols = brute_solutions(rules, board)
            got = engine.solve(rules, board)
            assert got.solutions == len(sols)
            if sols:
                assert got.pattern is not None and got.minimal
                assert apply(rules, board, got.pattern) == dark(rules)
                assert got.press_count == min(sum(s) for s in sols)
            else:
                q = got.obstruction
                assert q is not None and dot(q, board, states) != 0
                assert apply(rules, dark(rules), q) == dark(rules)


def test_known_answers_5x5() -> None:
    rules = Rules(5, 5)
    sol = engine.solve(rules, bytes([1]) * 25)
    assert (sol.press_count, sol.minimal, sol.solutions) == (15, True, 4)
    assert engine.solve(Rules(3, 3), bytes([1]) * 9).press_count == 5
    one_corner = bytes([1]) + bytes(24)
    assert not engine.solve(rules, one_corner).solvable
    assert engine.analyze(rules).solvable_boards == 2**23


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_boards_made_by_pressing_are_solved(m: int, n: int, data: st.DataObject) -> None:
    rules = Rules(m, n)
    presses = bytes(data.draw(st.lists(st.integers(0, 1), min_size=m * n, max_size=m * n)))
    board = apply(rules, dark(rules), presses)
    sol = engine.solve(rules, board)
    assert sol.pattern is not None
    assert apply(rules, board, sol.pattern) == dark(rules)
    assert sol.press_count <= sum(presses) or not sol.minimal


@settings(max_examples=30, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(NEIGHBOURHOODS)), st.booleans(), st.sampled_from([2, 3, 5]), st.data())
def test_variant_boards_made_by_pressing_are_solved(nb: str, torus: bool, k: int, data: st.DataObject) -> None:
    m, n = data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5))
    rules = Rules(m, n, torus, nb, k)
    presses = bytes(data.draw(st.lists(st.integers(0, k - 1), min_size=m * n, max_size=m * n)))
    board = apply(rules, dark(rules), presses)
    sol = engine.solve(rules, board)
    assert sol.pattern is not None and apply(rules, board, sol.pattern) == dark(rules)


def test_large_board_solved_and_replayed() -> None:
    rules = Rules(120, 90)
    rng = random.Random(7)
    board = random_board(rules, rng)
    sol = engine.solve(rules, board)
    assert sol.pattern is not None and apply(rules, board, sol.pattern) == dark(rules)
    wide = Rules(7, 61)
    board = random_board(wide, rng)
    sol = engine.solve(wide, board)
    assert sol.pattern is not None and apply(wide, board, sol.pattern) == dark(wide)


def test_search_budget_reports_not_minimal_but_still_solves() -> None:
    rules = Rules(19, 19)  # nullity 16
    board = random_board(rules, random.Random(3))
    sol = engine.solve(rules, board, budget=1000)
    assert not sol.minimal and sol.pattern is not None
    assert apply(rules, board, sol.pattern) == dark(rules)
    exact = engine.solve(rules, board)
    assert exact.minimal and exact.press_count <= sol.press_count


def test_random_boards_are_solvable_unless_asked() -> None:
    rules = Rules(5, 5)
    rng = random.Random(11)
    assert all(engine.solvable(rules, random_board(rules, rng)) for _ in range(30))
    anyb = [engine.solvable(rules, random_board(rules, rng, solvable_only=False)) for _ in range(60)]
    assert not all(anyb)


def test_chase_steps_clear_rows_and_residue() -> None:
    rules = Rules(5, 5)
    board = bytes([1]) * 25
    steps = chase_steps(rules, board)
    assert len(steps) == 4
    for step in steps:
        assert not any(step.board[: (step.row + 1) * 5])
    assert residue_of(rules, board) == bytes([1, 0, 0, 0, 1])
    k3 = Rules(3, 3, states=3)
    b3 = bytes([2, 1, 0, 0, 2, 1, 1, 1, 1])
    assert not any(chase_steps(k3, b3)[-1].board[:6])


def test_size_limits_and_composite_states() -> None:
    with pytest.raises(InvalidParams, match="cells"):  # the plus torus is chased now (test_lightsout_torus)
        engine.analyze(Rules(100, 100, torus=True, neighbourhood="x"))
    with pytest.raises(InvalidParams, match="prime"):
        engine.analyze(Rules(3, 3, states=4))

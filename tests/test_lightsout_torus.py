"""The torus chase and Sutner's theorem, each checked a second way.

The torus chase reduces an m x n torus to a 2 min(m, n) system; its nullity is
compared with full elimination of the mn x mn press matrix on every size that
elimination allows (squares up to 64 x 64), its solutions are replayed with
the plain rules, its obstructions shown quiet and odd on the board.  Beyond
elimination, two published relations tie it to independent code: OEIS A165738
(the n x n torus) satisfies a(2n) = 2 a(n), and a(n+1) = 2 A159257(n) + 4 when
n = 2 mod 3, else 2 A159257(n), where A159257 is the flat board's nullity from
Sutner's polynomials.  Source: the FORMULA section of https://oeis.org/A165738,
contributed by Thomas Buchholz (May 22, 2014) and checked there against the
table of a(n) for n = 1..1000 (Alekseyev and Buchholz).  The entry states the
relations without a proof, so they are used here only as a cross-check of the
engine, never by it: the engine's torus nullity rests on the chase argument in
``tutor/puzzles/lightsout/engine/torus.py``.
"""

from __future__ import annotations

import random

import pytest

from tutor.errors import InvalidParams
from tutor.maths import gf2
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine import torus
from tutor.puzzles.lightsout.rules.grid import (
    NEIGHBOURHOODS,
    Rules,
    apply,
    dark,
    dot,
    from_bitmask,
    press_matrix,
    press_rows_gf2,
    to_bitmask,
)
from tutor.puzzles.lightsout.theory import poly_nullity

# OEIS A165738: nullity of the n x n Lights Out torus, n = 1..90.
A165738 = [0, 0, 4, 0, 8, 8, 0, 0, 4, 16, 0, 16, 0, 0, 12, 0, 16, 8, 0, 32, 4, 0, 0, 32, 8, 0, 4, 0, 0, 24,
           40, 0, 44, 32, 8, 16, 0, 0, 4, 64, 0, 8, 0, 0, 12, 0, 0, 64, 0, 16, 20, 0, 0, 8, 8, 0, 4, 0, 0, 48,
           0, 80, 52, 0, 56, 88, 0, 64, 4, 16, 0, 32, 0, 0, 12, 0, 0, 8, 0, 128, 4, 0, 0, 16, 24, 0, 4, 0, 0, 24]


def eliminated(rules: Rules) -> int:
    """The nullity by full elimination of the press matrix (the engine's other method)."""
    return rules.cells - gf2.rank(press_rows_gf2(rules))


@pytest.mark.parametrize("neighbourhood", torus.CHASEABLE)
def test_torus_chase_nullity_equals_elimination_on_every_small_torus(neighbourhood: str) -> None:
    for m in range(1, 21):
        for n in range(1, 21):
            rules = Rules(m, n, True, neighbourhood)
            if torus.applies(rules):
                assert torus.nullity(rules) == eliminated(rules), (m, n)


@pytest.mark.parametrize("neighbourhood", torus.CHASEABLE)
def test_torus_chase_nullity_equals_elimination_up_to_64x64(neighbourhood: str) -> None:
    step = 1 if neighbourhood == "plus" else 4  # every square for the classic presses, every fourth for hollow
    sizes = [(n, n) for n in range(3, 65, step)] + [(64, 64), (64, 61), (37, 50)] + [(m, 64) for m in range(1, 64, 9)]
    for m, n in sizes:
        rules = Rules(m, n, True, neighbourhood)
        assert rules.cells <= engine.MAX_GF2_CELLS
        assert torus.nullity(rules) == eliminated(rules), (m, n)


def test_square_torus_nullity_is_oeis_a165738() -> None:
    got = [engine.analyze(Rules(n, n, torus=True)).nullity for n in range(1, 91)]
    assert got == A165738
    assert [eliminated(Rules(n, n, torus=True)) for n in range(1, 31)] == A165738[:30]


def test_torus_beyond_elimination_obeys_the_published_relations() -> None:
    for n in range(33, 121, 3):
        assert torus.nullity(Rules(2 * n, 2 * n, True)) == 2 * torus.nullity(Rules(n, n, True)), n
    for n in range(64, 200, 3):
        buchholz = 2 * poly_nullity(n, n) + (4 if n % 3 == 2 else 0)
        assert torus.nullity(Rules(n + 1, n + 1, True)) == buchholz, n


def test_the_numpy_elimination_agrees_with_gf2() -> None:
    for m, n, hollow in [(5, 5, False), (9, 9, False), (12, 7, True), (70, 66, False), (80, 65, True)]:
        system = torus.eliminate(m, n, hollow)
        rows = torus.torus_system(m, n, hollow)
        assert len(system.pivots) == gf2.rank(rows)
        assert system.nullspace() == gf2.nullspace(rows, 2 * n)
        rng = random.Random(m * n)
        for _ in range(5):
            rhs = rng.getrandbits(2 * n)
            mine = system.solve(rhs)
            ref = gf2.solve(rows, 2 * n, [(rhs >> i) & 1 for i in range(2 * n)])
            assert (mine is None) == (ref is None)
            if mine is not None:
                assert all((row & mine).bit_count() % 2 == (rhs >> i) & 1 for i, row in enumerate(rows))


def test_both_symbolic_chases_build_the_same_system() -> None:
    for m, n in [(3, 70), (10, 64), (65, 100), (4, 128)]:
        for hollow in (False, True):
            by_numpy = torus.torus_system.__wrapped__(m, n, hollow)
            saved = torus.NUMPY_FROM
            try:
                torus.NUMPY_FROM = 10**9
                by_ints = torus.torus_system.__wrapped__(m, n, hollow)
            finally:
                torus.NUMPY_FROM = saved
            assert by_numpy == by_ints, (m, n, hollow)


@pytest.mark.parametrize("neighbourhood", torus.CHASEABLE)
def test_torus_solutions_replay_and_obstructions_are_quiet_and_odd(neighbourhood: str) -> None:
    rng = random.Random(13)
    for m, n in [(3, 3), (5, 5), (4, 7), (9, 2), (1, 12), (2, 30), (17, 11), (30, 40)]:
        rules = Rules(m, n, True, neighbourhood)
        a = engine.analyze(rules)
        assert a.method == "torus chase" and a.nullity == eliminated(rules)
        quiet = list(a.quiet)
        assert len(quiet) == a.nullity == len(a.quiet[:]) and gf2.rank(
            int.from_bytes(q, "little") for q in quiet) == a.nullity
        assert all(any(q) and apply(rules, dark(rules), q) == dark(rules) for q in quiet)
        for _ in range(6):
            board = bytes(rng.randrange(2) for _ in range(rules.cells))
            sol = engine.solve(rules, board)
            solvable = gf2.solve(press_rows_gf2(rules), rules.cells, list(board)) is not None
            assert sol.solvable == solvable
            if sol.pattern is not None:
                assert apply(rules, board, sol.pattern) == dark(rules)
            else:
                q = sol.obstruction
                assert q is not None and dot(q, board, 2) == 1 and apply(rules, dark(rules), q) == dark(rules)


def test_a_torus_past_elimination_is_solved_and_replayed() -> None:
    rules = Rules(120, 100, torus=True)
    assert rules.cells > engine.MAX_GF2_CELLS
    rng = random.Random(5)
    presses = bytes(rng.randrange(2) for _ in range(rules.cells))
    board = apply(rules, dark(rules), presses)
    sol = engine.solve(rules, board)
    assert sol.pattern is not None and apply(rules, board, sol.pattern) == dark(rules)
    assert sol.analysis.nullity > 0  # so a board can be broken: flip a cell of a quiet pattern
    q = sol.analysis.quiet[0]
    assert apply(rules, dark(rules), q) == dark(rules)
    broken = bytearray(board)
    broken[q.index(1)] ^= 1
    bad = engine.solve(rules, bytes(broken), minimize=False)
    assert not bad.solvable and bad.obstruction is not None
    assert dot(bad.obstruction, bytes(broken), 2) == 1 and apply(rules, dark(rules), bad.obstruction) == dark(rules)


def test_torus_limits_name_the_method_and_the_bound() -> None:
    with pytest.raises(InvalidParams, match=r"torus chase, limited to 1000000 cells"):
        engine.analyze(Rules(1001, 1000, torus=True))
    with pytest.raises(InvalidParams, match=r"full elimination, limited to 4096 cells.*chased up to 1000000"):
        engine.analyze(Rules(100, 100, torus=True, neighbourhood="block"))
    with pytest.raises(InvalidParams, match=r"limited to 625 cells"):
        engine.analyze(Rules(100, 100, torus=True, states=3))


def test_sutner_diagonal_matches_the_press_matrix() -> None:
    for nb in sorted(NEIGHBOURHOODS):
        for flat in (False, True):
            for m in range(1, 5):
                for n in range(1, 5):
                    rules = Rules(m, n, not flat, nb)
                    diagonal = {press_matrix(rules)[i][i] % 2 for i in range(rules.cells)}
                    assert diagonal == {1 if engine.sutner(rules) else 0}, rules
    assert not engine.sutner(Rules(3, 3, states=3))


def test_sutner_all_on_boards_are_solvable_and_replayed() -> None:
    seen = 0
    for nb in sorted(NEIGHBOURHOODS):
        for is_torus in (False, True):
            for m in range(1, 9):
                for n in range(1, 9):
                    rules = Rules(m, n, is_torus, nb)
                    if not engine.sutner(rules):
                        continue
                    seen += 1
                    board = bytes([1]) * rules.cells
                    sol = engine.solve(rules, board, minimize=False)
                    assert sol.pattern is not None and apply(rules, board, sol.pattern) == dark(rules)
    assert seen > 300
    # the theorem needs presses that toggle their own cell: one cell that its press misses stays lit
    lonely = Rules(1, 1, neighbourhood="hollow")
    assert not engine.sutner(lonely) and not engine.solvable(lonely, b"\x01")


@pytest.mark.parametrize("neighbourhood", torus.CHASEABLE)
def test_torus_obstruction_from_all_inner_products_at_once(neighbourhood: str) -> None:
    """The transposed chase's linear form pairs with each null vector as the direct count of lit cells under
    its quiet pattern; a board odd only on the last basis pattern is unsolvable with exactly that one as the
    obstruction, and a board made by presses is solvable with none."""
    rng = random.Random(29)
    tried = 0
    for m, n in [(4, 4), (6, 6), (5, 10), (10, 5), (2, 12), (12, 2), (3, 3), (5, 5), (9, 6)]:
        rules = Rules(m, n, True, neighbourhood)
        basis = engine.analyze(rules).quiet
        assert isinstance(basis, torus.QuietBasis), (m, n)
        if not len(basis):
            continue
        tried += 1
        quiet = list(basis)
        for _ in range(4):
            board = bytes(rng.randrange(2) for _ in range(rules.cells))
            w = torus.board_functional(rules, board)
            direct = [sum(q[i] & board[i] for i in range(rules.cells)) % 2 for q in quiet]
            assert [(u & w).bit_count() % 2 for u in basis.vectors] == direct, (m, n)
        # a board odd on the last pattern only: solve for it against the quiet patterns' rows
        target = [0] * (len(quiet) - 1) + [1]
        crafted_bits = gf2.solve([to_bitmask(q) for q in quiet], rules.cells, target)
        assert crafted_bits is not None
        crafted = from_bitmask(crafted_bits, rules.cells)
        assert [sum(q[i] & crafted[i] for i in range(rules.cells)) % 2 for q in quiet] == target
        sol = engine.solve(rules, crafted)
        assert not sol.solvable and sol.pattern is None and sol.obstruction == quiet[-1], (m, n)
        assert not engine.solvable(rules, crafted)
        presses = bytes(rng.randrange(2) for _ in range(rules.cells))
        made = apply(rules, dark(rules), presses)
        assert engine.solvable(rules, made) and engine.obstruction(engine.analyze(rules), made) is None
        assert engine.solve(rules, made).solvable
    assert tried >= 4

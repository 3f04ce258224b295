"""Byte-packed GF(p) elimination and the symbolic view, each checked against sympy's DomainMatrix,
brute force and replay (a second, independent route for every figure)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.errors import InvalidParams
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine import nearest as nearest_module
from tutor.puzzles.lightsout.engine import packed
from tutor.puzzles.lightsout.rules.grid import NEIGHBOURHOODS, Rules, apply, dark, press_matrix, press_rows_packed
from tutor.puzzles.lightsout.theory import MAX_SYMBOLIC_CELLS, check_symbolic, symbolic_view, textbook

PRIMES = (2, 3, 5, 7, 11)


def sympy_rref(mat: list[list[int]], p: int) -> tuple[list[list[int]], tuple[int, ...]]:
    """The reduced row echelon form over GF(p) (zero rows dropped) and pivots, from sympy."""
    from sympy import GF, Matrix
    from sympy.polys.matrices import DomainMatrix

    dm = DomainMatrix.from_Matrix(Matrix(mat)).convert_to(GF(p))
    reduced, pivots = dm.rref()
    rows = [[int(v) % p for v in row] for row in reduced.to_Matrix().tolist()]
    return rows[: len(pivots)], tuple(int(c) for c in pivots)


def rank_mod(vectors: list[list[int]], p: int) -> int:
    return len(packed.rref([packed.pack(v) for v in vectors], len(vectors[0]), p).pivots) if vectors else 0


def times(mat: list[list[int]], x: list[int], p: int) -> list[int]:
    return [sum(a * b for a, b in zip(row, x, strict=True)) % p for row in mat]


matrices = st.integers(1, 9).flatmap(lambda n: st.tuples(
    st.sampled_from(PRIMES), st.just(n),
    st.lists(st.lists(st.integers(0, 10), min_size=n, max_size=n), min_size=1, max_size=9)))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(matrices)
def test_rref_matches_sympy(case: tuple[int, int, list[list[int]]]) -> None:
    p, n, raw = case
    mat = [[v % p for v in row] for row in raw]
    ech = packed.rref([packed.pack(r) for r in mat], n, p)
    rows, pivots = sympy_rref(mat, p)
    assert ech.pivots == pivots
    assert [packed.unpack(r, n) for r in ech.rows] == rows


@settings(max_examples=300, deadline=None, derandomize=True)
@given(matrices, st.data())
def test_nullspace_and_solve_checked_by_multiplying(case: tuple[int, int, list[list[int]]], data: Any) -> None:
    p, n, raw = case
    mat = [[v % p for v in row] for row in raw]
    rows = [packed.pack(r) for r in mat]
    null = [packed.unpack(v, n) for v in packed.nullspace(rows, n, p)]
    assert all(times(mat, v, p) == [0] * len(mat) for v in null)
    assert rank_mod(null, p) == len(null) == n - len(sympy_rref(mat, p)[1])
    rhs = data.draw(st.lists(st.integers(0, p - 1), min_size=len(mat), max_size=len(mat)))
    x = packed.solve(rows, rhs, n, p)
    consistent = len(sympy_rref([[*r, b] for r, b in zip(mat, rhs, strict=True)], p)[1]) == len(
        sympy_rref(mat, p)[1])
    assert (x is not None) == consistent
    if x is not None:
        assert times(mat, packed.unpack(x, n), p) == rhs


def test_solve_against_brute_force() -> None:
    for p, n in [(3, 3), (5, 2), (2, 4), (7, 2)]:
        mat = [[(i * 3 + j * j + 1) % p for j in range(n)] for i in range(n)]
        mat[-1] = [(a + b) % p for a, b in zip(mat[0], mat[1], strict=True)]  # singular
        for rhs in itertools.product(range(p), repeat=n):
            found = [x for x in itertools.product(range(p), repeat=n) if times(mat, list(x), p) == list(rhs)]
            x = packed.solve([packed.pack(r) for r in mat], list(rhs), n, p)
            assert (x is None) == (not found)
            if x is not None:
                assert tuple(packed.unpack(x, n)) in found


def test_field_arithmetic_is_entrywise_mod_p() -> None:
    for p in PRIMES:
        values = list(range(p)) * 3
        a, b = packed.pack(values), packed.pack(values[::-1])
        field = packed.Field.make(p, len(values))
        assert packed.unpack(field.add(a, b), len(values)) == [(x + y) % p for x, y in
                                                                zip(values, values[::-1], strict=True)]
        for m in range(p):
            assert packed.unpack(field.scale(a, m), len(values)) == [m * x % p for x in values]
    with pytest.raises(ValueError):
        packed.Field.make(13, 3)


SMALL = [Rules(m, n, torus=t, neighbourhood=nb, states=k) for m in range(1, 5) for n in range(1, 5)
         for nb in NEIGHBOURHOODS for t in (False, True) for k in (2, 3, 5, 7) if (m * n) % 3 == 0 or m == n]


@pytest.mark.parametrize("rules", SMALL, ids=lambda r: r.describe())
def test_symbolic_view_matches_sympy_and_engine(rules: Rules) -> None:
    view = symbolic_view(rules)
    rows, pivots = sympy_rref(press_matrix(rules), rules.states)
    assert view.pivots == pivots and view.rref[: len(pivots)] == rows
    assert all(not any(r) for r in view.rref[len(pivots):]) and len(view.rref) == rules.cells
    analysis = engine.analyze(rules)
    assert view.rank == analysis.rank
    for v in view.null_space:
        assert apply(rules, dark(rules), bytes(v)) == dark(rules)
    assert rank_mod(view.null_space + [list(q) for q in analysis.quiet], rules.states) == analysis.nullity


def test_engine_variants_replay_with_packed_elimination() -> None:
    for rules in [Rules(25, 25, states=7), Rules(7, 9, neighbourhood="block", torus=True, states=3),
                  Rules(6, 6, neighbourhood="ring", states=5)]:
        board = bytes((i * 7 + 3) % rules.states for i in range(rules.cells))
        sol = engine.solve(rules, board, minimize=False)
        if sol.pattern is not None:
            assert apply(rules, board, sol.pattern) == dark(rules)
        else:
            assert sol.obstruction is not None and apply(rules, dark(rules), sol.obstruction) == dark(rules)
        rows = press_rows_packed(rules)
        assert [packed.unpack(r, rules.cells) for r in rows] == press_matrix(rules)


def test_symbolic_refused_before_work_and_text_from_one_view() -> None:
    with pytest.raises(InvalidParams, match=str(MAX_SYMBOLIC_CELLS)):
        check_symbolic(Rules(21, 20, states=7))
    rules = Rules(2, 2, states=3)
    text = textbook(rules, symbolic_view(rules))
    assert "rref(A) over GF(3)" in text and "rank 3, nullity 1" in text and "(1, 1, 1, 1)^T" in text



def reference_nearest(rules: Rules, mine: bytes, pattern: bytes, quiet: list[bytes]) -> bytes:
    """Every solution in ``itertools.product`` order, the first closest to ``mine`` (the plain definition)."""
    k, d = rules.states, nearest_module.basis_size(rules.states, len(quiet))
    members = []
    for coeffs in itertools.product(range(k), repeat=d):
        p = list(pattern)
        for c, q in zip(coeffs, quiet[:d], strict=True):
            p = [(a + c * b) % k for a, b in zip(p, q, strict=True)]
        members.append(bytes(p))
    return min(members, key=lambda p: sum(1 for a, b in zip(mine, p, strict=True) if a != b))


@pytest.mark.parametrize("rules", [Rules(4, 4), Rules(5, 5), Rules(9, 9), Rules(4, 4, torus=True),
                                   Rules(5, 5, torus=True, neighbourhood="hollow"), Rules(2, 2, states=3),
                                   Rules(4, 5, states=5), Rules(6, 6, neighbourhood="ring", states=3),
                                   Rules(3, 6, neighbourhood="hollow", torus=True, states=7)],
                         ids=lambda r: r.describe())
def test_nearest_solution_is_the_first_closest_in_product_order(rules: Rules) -> None:
    rng = random.Random(rules.cells)
    quiet = list(engine.analyze(rules).quiet)
    for _ in range(5):
        board = apply(rules, dark(rules), bytes(rng.randrange(rules.states) for _ in range(rules.cells)))
        pattern = engine.one_solution(rules, board)
        assert pattern is not None
        mine = bytes(rng.randrange(rules.states) if rng.random() < 0.3 else 0 for _ in range(rules.cells))
        got = nearest_module.nearest(rules, mine, pattern, quiet)
        assert got == reference_nearest(rules, mine, pattern, quiet)
        assert apply(rules, board, got) == dark(rules)


@pytest.mark.parametrize("chunk", [1, 64, 1 << 22])
@pytest.mark.parametrize("rules", [Rules(2, 2, states=3), Rules(3, 6, neighbourhood="hollow", torus=True, states=3),
                                   Rules(4, 4, neighbourhood="block", torus=True, states=3)],
                         ids=lambda r: r.describe())
def test_gfp_coset_search_is_the_first_fewest_by_brute_force(rules: Rules, chunk: int,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine, "GFP_CHUNK_BYTES", chunk)
    k, quiet = rules.states, list(engine.analyze(rules).quiet)
    rng = random.Random(chunk)
    board = apply(rules, dark(rules), bytes(rng.randrange(k) for _ in range(rules.cells)))
    pattern = engine.one_solution(rules, board)
    assert pattern is not None and 3 <= k ** len(quiet) <= 3**7
    members = []
    for index in range(k ** len(quiet)):
        p = list(pattern)
        for j, q in enumerate(quiet):
            c = index // k**j % k
            p = [(a + c * b) % k for a, b in zip(p, q, strict=True)]
        members.append(bytes(p))
    best, proven, tried = engine.minimal_in_coset(rules, pattern, quiet)
    assert proven and tried == len(members)
    assert best == min(members, key=sum) and apply(rules, board, best) == dark(rules)

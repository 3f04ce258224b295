"""GF(2) and GF(p) linear algebra, cross-checked against sympy's DomainMatrix."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.maths import gf2, gfp
from tutor.maths.bits import members

# -- independent oracles: plain products and membership, written out naively ----------------------


def to_lists(rows: list[int], ncols: int) -> list[list[int]]:
    """Unpack bit rows into 0/1 lists of length ``ncols``."""
    return [[(r >> j) & 1 for j in range(ncols)] for r in rows]


def mat_vec(rows: list[int], x: int) -> int:
    """The product ``A x`` over GF(2), as a bit set over the rows of ``A``."""
    return sum(1 << i for i, r in enumerate(rows) if (r & x).bit_count() % 2)


def mat_vec_p(rows: list[list[int]], x: list[int], p: int) -> list[int]:
    """The product ``A x`` over GF(p)."""
    return [sum(a * b for a, b in zip(r, x, strict=True)) % p for r in rows]


def in_row_space(v: int, rows: list[int]) -> bool:
    """Whether ``v`` is a sum of some of ``rows`` (brute force over every subset)."""
    return any(v == _xor([r for i, r in enumerate(rows) if mask >> i & 1]) for mask in range(1 << len(rows)))


def _xor(rows: list[int]) -> int:
    out = 0
    for r in rows:
        out ^= r
    return out


def sympy_gf(rows: list[list[int]], p: int):  # type: ignore[no-untyped-def]
    from sympy import GF, Matrix
    from sympy.polys.matrices import DomainMatrix

    return DomainMatrix.from_Matrix(Matrix(rows)).convert_to(GF(p))


matrices = st.integers(1, 9).flatmap(
    lambda ncols: st.tuples(st.just(ncols), st.lists(st.integers(0, (1 << ncols) - 1), min_size=1, max_size=9))
)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(matrices)
def test_rank_rref_nullspace_match_sympy(case: tuple[int, list[int]]) -> None:
    ncols, rows = case
    dm = sympy_gf(to_lists(rows, ncols), 2)
    assert gf2.rank(rows) == dm.rank()
    assert gf2.rank_numpy(rows, ncols) == dm.rank()
    ech = gf2.rref(rows, ncols)
    reduced, pivots = dm.rref()
    assert list(ech.pivots) == list(pivots)
    want = [[int(v) % 2 for v in row] for row in reduced.to_Matrix().tolist()[: len(pivots)]]
    assert to_lists(ech.rows, ncols) == want
    null = gf2.nullspace(rows, ncols)
    assert len(null) == ncols - dm.rank()
    assert all(mat_vec(rows, x) == 0 for x in null)
    assert gf2.rank(null) == len(null)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(matrices, st.data())
def test_solve_is_a_solution_or_inconsistent(case: tuple[int, list[int]], data: st.DataObject) -> None:
    ncols, rows = case
    rhs = data.draw(st.lists(st.integers(0, 1), min_size=len(rows), max_size=len(rows)))
    x = gf2.solve(rows, ncols, rhs)
    aug = [r | (b << ncols) for r, b in zip(rows, rhs, strict=True)]
    consistent = gf2.rank(aug) == gf2.rank(rows)
    assert (x is not None) == consistent
    if x is not None:
        assert mat_vec(rows, x) == sum(b << i for i, b in enumerate(rhs))


def test_known_small_cases() -> None:
    assert gf2.rank([]) == 0
    assert gf2.rank([0, 0]) == 0
    assert gf2.nullspace([0b11], 2) == [0b11]
    assert gf2.solve([0b11, 0b11], 2, [0, 1]) is None
    assert members(0b10110) == [1, 2, 4]
    assert gf2.transpose([0b01, 0b11], 2) == [0b11, 0b10]
    assert in_row_space(0b101, [0b011, 0b110])
    assert not in_row_space(0b001, [0b011, 0b110])


@pytest.mark.parametrize("p", [3, 5, 7])
@settings(max_examples=40, deadline=None, derandomize=True)
@given(data=st.data())
def test_gfp_matches_sympy(p: int, data: st.DataObject) -> None:
    n = data.draw(st.integers(1, 6))
    m = data.draw(st.integers(1, 6))
    rows = data.draw(st.lists(st.lists(st.integers(0, p - 1), min_size=n, max_size=n), min_size=m, max_size=m))
    dm = sympy_gf(rows, p)
    ech = gfp.rref(rows, n, p)
    assert ech.rank == dm.rank()
    reduced, pivots = dm.rref()
    assert list(ech.pivots) == list(pivots)
    want = [[int(v) % p for v in row] for row in reduced.to_Matrix().tolist()[: len(pivots)]]
    assert [list(r) for r in ech.rows] == want
    for v in gfp.nullspace(rows, p, n):
        assert mat_vec_p(rows, v, p) == [0] * m
    rhs = data.draw(st.lists(st.integers(0, p - 1), min_size=m, max_size=m))
    x = gfp.solve(rows, rhs, p)
    consistent = gfp.rank([[*r, b] for r, b in zip(rows, rhs, strict=True)], p) == ech.rank
    assert (x is not None) == consistent
    if x is not None:
        assert mat_vec_p(rows, x, p) == rhs


def test_gfp_refuses_composite_modulus() -> None:
    with pytest.raises(ValueError, match="prime"):
        gfp.rref([[1, 2]], 2, 4)

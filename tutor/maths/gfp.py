"""Linear algebra over GF(p), p prime, on numpy integer arrays.

Vocabulary::

    Vector = list[int]        # entries in 0..p-1: [1, 0, 2] over GF(3)
    Matrix = list[Vector]     # rows, top to bottom

Used for Lights Out with k states (each press adds 1 mod k).  Dense elimination
with one vectorised numpy update per pivot; fine for the few hundred unknowns
of a teaching board.  GF(2) has its own bit-packed module, ``tutor.maths.gf2``.

>>> rank([[1, 2], [2, 1]], 3)
1
>>> solve([[1, 1], [0, 1]], [2, 1], 3)
[1, 1]
>>> nullspace([[1, 2], [2, 1]], 3)
[[1, 1]]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.maths.gf2 import PivotColumns

Vector = list[int]  # entries 0..p-1
Matrix = list[Vector]


@dataclass(frozen=True)
class Echelon(PivotColumns):
    """Reduced row echelon form over GF(p): ``rows[i]`` has a 1 at ``pivots[i]``."""

    rows: tuple[tuple[int, ...], ...]
    pivots: tuple[int, ...]
    ncols: int
    p: int


def _array(rows: Sequence[Sequence[int]], ncols: int, p: int) -> Any:
    import numpy as np

    a = np.zeros((len(rows), ncols), dtype=np.int64)
    for i, r in enumerate(rows):
        if len(r) != ncols:
            raise ValueError(f"row {i} has {len(r)} entries, expected {ncols}")
        a[i] = r
    return a % p


def rref(rows: Sequence[Sequence[int]], ncols: int, p: int) -> Echelon:
    """The reduced row echelon form of the matrix over GF(p)."""
    import numpy as np
    from sympy import isprime

    if not isprime(p):
        raise ValueError(f"GF(p) needs a prime p, not {p!r}")
    a = _array(rows, ncols, p)
    pivots: list[int] = []
    r = 0
    for c in range(ncols):
        if r == a.shape[0]:
            break
        hits = np.flatnonzero(a[r:, c])
        if hits.size == 0:
            continue
        k = r + int(hits[0])
        if k != r:
            a[[r, k]] = a[[k, r]]
        a[r] = (a[r] * pow(int(a[r, c]), -1, p)) % p
        col = a[:, c].copy()
        col[r] = 0
        nz = np.flatnonzero(col)
        if nz.size:
            a[nz] = (a[nz] - np.outer(col[nz], a[r])) % p
        pivots.append(c)
        r += 1
    out = tuple(tuple(int(v) for v in a[i]) for i in range(r))
    return Echelon(out, tuple(pivots), ncols, p)


def rank(rows: Sequence[Sequence[int]], p: int) -> int:
    """The rank over GF(p)."""
    ncols = len(rows[0]) if rows else 0
    return rref(rows, ncols, p).rank


def solve(rows: Sequence[Sequence[int]], rhs: Sequence[int], p: int) -> Vector | None:
    """One solution of ``A x = rhs`` over GF(p) (free variables 0), or None."""
    ncols = len(rows[0]) if rows else 0
    aug = [[*r, b] for r, b in zip(rows, rhs, strict=True)]
    ech = rref(aug, ncols + 1, p)
    x = [0] * ncols
    for row, c in zip(ech.rows, ech.pivots, strict=True):
        if c == ncols:
            return None
        x[c] = row[ncols]
    return x


def nullspace(rows: Sequence[Sequence[int]], p: int, ncols: int | None = None) -> Matrix:
    """A basis of the null space over GF(p): one vector per free column."""
    if ncols is None:
        ncols = len(rows[0]) if rows else 0
    ech = rref(rows, ncols, p)
    out = []
    for f in ech.free:
        x = [0] * ncols
        x[f] = 1
        for row, c in zip(ech.rows, ech.pivots, strict=True):
            x[c] = (-row[f]) % p
        out.append(x)
    return out

"""Linear algebra over GF(p) on byte-packed rows: one Python int per row, one byte per entry.

Vocabulary::

    Row = int        # byte j is column j, each in 0..p-1: int.from_bytes(bytes([1, 0, 2]), "little")
    Matrix = list[Row]  # rows, top to bottom; the column count travels separately

A row is the little-endian reading of a Lights Out pattern (``bytes``, one
press count per cell), so boards and press rows convert for free.  Every
entry stays reduced mod p, so an entry is zero exactly when its byte is, and a
row's leading column is its lowest set bit divided by 8.  Adding two rows mod p
is SWAR on the whole int: add, then subtract p from every byte that reached p
(a byte plus ``128 - p`` has its top bit set exactly then; bytes never carry
into their neighbours since entries stay below ``2p <= 128``).  Elimination is
keyed by each row's leading column, as ``tutor.maths.gf2.basis`` is, so a banded
matrix (a press matrix, cells numbered row by row) stays banded: forward
elimination costs about rows x bandwidth row operations, and the back
substitution that makes the form reduced touches only the nonzero entries
above each pivot.  For each pivot row the multiples ``m * row`` (m = 1..p-1)
are kept, so one elimination step is one addition.

Generic: nothing here knows about Lights Out (it could serve ``tutor.maths.gfp``'s callers too).

>>> ech = rref([pack([1, 2]), pack([2, 1])], 2, 3)
>>> ech.pivots, [unpack(r, 2) for r in ech.rows]
((0,), [[1, 2]])
>>> [unpack(v, 2) for v in nullspace([pack([1, 2]), pack([2, 1])], 2, 3)]
[[1, 1]]
>>> unpack(solve([pack([1, 1]), pack([0, 1])], [2, 1], 2, 3), 2)
[1, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Row = int  # byte j = the entry in column j (0..p-1)
MAX_P = 11  # m * entry < 128 for every m, entry < p: a product fits in a byte's low 7 bits


def pack(values: Sequence[int]) -> Row:
    """A row from its entries (each already in 0..p-1)."""
    return int.from_bytes(bytes(values), "little")


def unpack(row: Row, ncols: int) -> list[int]:
    """The entries of a row, column 0 first."""
    return list(row.to_bytes(ncols, "little"))


@dataclass(frozen=True)
class Field:
    """Byte-wise arithmetic mod p on rows of ``ncols`` entries."""

    p: int
    ones: int  # 1 in every byte
    top: int  # 128 in every byte

    @staticmethod
    def make(p: int, ncols: int) -> Field:
        """The arithmetic for rows of ``ncols`` entries mod prime ``p`` (2 <= p <= MAX_P)."""
        if not 2 <= p <= MAX_P:
            raise ValueError(f"packed GF(p) needs a prime p from 2 to {MAX_P}, not {p!r}")
        ones = int.from_bytes(b"\x01" * max(ncols, 1), "little")
        return Field(p, ones, ones << 7)

    def below(self, s: Row, q: int) -> Row:
        """Subtract ``q`` from every byte of ``s`` that is at least ``q`` (bytes below 128, q < 128)."""
        over = ((s + self.ones * (128 - q)) & self.top) >> 7
        return s - over * q

    def add(self, a: Row, b: Row) -> Row:
        """``a + b`` entry-wise mod p (both reduced)."""
        return self.below(a + b, self.p)

    def scale(self, a: Row, m: int) -> Row:
        """``m * a`` entry-wise mod p (``a`` reduced, 0 <= m < p)."""
        s, q = a * m, self.p
        while q * 2 < 128:
            q *= 2
        while q >= self.p:  # products are below 128: subtract p * 2^j where they reach it, j descending
            s = self.below(s, q)
            q //= 2
        return s

    def multiples(self, a: Row) -> list[Row]:
        """``[0, a, 2a, ..., (p-1) a]`` mod p."""
        out = [0, a]
        for _ in range(2, self.p):
            out.append(self.add(out[-1], a))
        return out


def lead(row: Row) -> int:
    """The leading (lowest) nonzero column of a nonzero row."""
    return ((row & -row).bit_length() - 1) >> 3


@dataclass(frozen=True)
class Echelon:
    """Reduced row echelon form over GF(p): ``rows[i]`` has a 1 at ``pivots[i]`` and 0 at every other pivot."""

    rows: tuple[Row, ...]
    pivots: tuple[int, ...]
    ncols: int
    p: int

    @property
    def rank(self) -> int:
        """The number of pivots."""
        return len(self.pivots)

    @property
    def free(self) -> list[int]:
        """The columns without a pivot, in order."""
        taken = set(self.pivots)
        return [c for c in range(self.ncols) if c not in taken]


def _forward(rows: Sequence[Row], field: Field) -> dict[int, list[Row]]:
    """Echelon basis keyed by leading column: each value is the multiples of a row with a 1 there."""
    p = field.p
    piv: dict[int, list[Row]] = {}
    for v in rows:
        while v:
            c = lead(v)
            a = (v >> (8 * c)) & 0xFF
            mults = piv.get(c)
            if mults is None:
                piv[c] = field.multiples(field.scale(v, pow(a, -1, p)))
                break
            v = field.add(v, mults[p - a])  # v - a * row: column c cleared
    return piv


def _backward(piv: dict[int, list[Row]], field: Field) -> None:
    """Clear the entries above every pivot, last pivot first (in place): the form becomes reduced."""
    p = field.p
    mask = sum(0xFF << (8 * c) for c in piv)
    for c in sorted(piv, reverse=True):
        r = piv[c][1]
        one = 1 << (8 * c)
        rest = (r & mask) - one  # entries at the other pivot columns: all to the right, already reduced
        if not rest:
            continue
        while rest:
            d = lead(rest)
            r = field.add(r, piv[d][p - ((r >> (8 * d)) & 0xFF)])
            rest = (r & mask) - one
        piv[c] = field.multiples(r)


def rref(rows: Sequence[Row], ncols: int, p: int) -> Echelon:
    """The reduced row echelon form over GF(p) of the matrix with these rows (entries in 0..p-1)."""
    field = Field.make(p, ncols)
    piv = _forward(rows, field)
    _backward(piv, field)
    order = sorted(piv)
    return Echelon(tuple(piv[c][1] for c in order), tuple(order), ncols, p)


def nullspace(rows: Sequence[Row], ncols: int, p: int) -> list[Row]:
    """A basis of ``{x : A x = 0}``: one vector per free column f, 1 at f and ``-rref[i][f]`` at pivot i."""
    ech = rref(rows, ncols, p)
    entries = [r.to_bytes(ncols, "little") for r in ech.rows]
    out = []
    for f in ech.free:
        x = bytearray(ncols)
        x[f] = 1
        for c, row in zip(ech.pivots, entries, strict=True):
            x[c] = (p - row[f]) % p
        out.append(int.from_bytes(x, "little"))
    return out


def solve(rows: Sequence[Row], rhs: Sequence[int], ncols: int, p: int) -> Row | None:
    """One solution of ``A x = rhs`` over GF(p) (free columns 0), or None when there is none."""
    aug = [r | (b % p) << (8 * ncols) for r, b in zip(rows, rhs, strict=True)]
    ech = rref(aug, ncols + 1, p)
    if ech.pivots and ech.pivots[-1] == ncols:
        return None
    x = bytearray(ncols)
    for c, row in zip(ech.pivots, ech.rows, strict=True):
        x[c] = row >> (8 * ncols)
    return int.from_bytes(x, "little")

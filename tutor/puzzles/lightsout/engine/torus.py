"""The torus chase: light chasing on a board whose edges wrap, for plus and hollow presses.

On a torus the rows are a cycle, so there is no top row to start from.  Take the
presses of rows 0 and 1 as the 2n unknowns ``u``.  Row r's lights depend only
on the presses of rows r-1, r and r+1, and the press directly below a cell is
the only one in row r+1 that reaches it (plus and hollow presses alike), so
clearing rows 1, 2, ..., m-2 in turn fixes the presses of rows 2, ..., m-1.
Two rows are left to clear - row m-1 (its row below is row 0) and row 0 (its
row above is row m-1) - which gives 2n equations ``E u = e`` over GF(2).  The
presses that clear rows 1..m-2 correspond one to one with ``u``, so the quiet
patterns of the torus are exactly the chases of the null vectors of E: the
nullity of the whole ``mn x mn`` press matrix is the nullity of the ``2n x 2n``
matrix E, and a board is solvable exactly when its chase leaves ``e`` in E's
column space.

Algebraically the press matrix is a sum of Kronecker products of circulants:
multiplication by ``p(x, y) = 1 + x + 1/x + y + 1/y`` (plus; hollow drops the 1)
in ``GF(2)[x, y] / (x^n - 1, y^m - 1)``.  The chase is the recurrence
``P_(r+1) = B_r + P_(r-1) + q(x) P_r`` with ``q = 1 + x + 1/x``, computed on
bit sets: one Python int per row holds, for each unknown j and column c,
whether u_j feeds the press at (row, c) - bit ``j * n + c`` - and the rotations
``x``, ``1/x`` are shifts inside each n-bit layer.  Rows and columns are swapped
first when that makes n the shorter side, so the system has ``2 min(m, n)``
unknowns; a 1000 x 1000 torus is 1000 steps on 2-million-bit ints and a
2000-unknown elimination.

Rotations count with multiplicity, as the rules do: on a 2-column torus the
left and right neighbours are one cell, toggled twice.

The n x n nullities this gives are OEIS A165738.  Two relations listed there
(FORMULA, Thomas Buchholz, 2014: a(2n) = 2 a(n), and a(n+1) = 2 A159257(n),
plus 4 when n = 2 mod 3, A159257 being the flat n x n nullity) are stated
without proof; the engine does not use them, the tests check it against them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import overload

from tutor.puzzles.lightsout.rules.grid import Board, Pattern, Rules, from_row_masks, row_masks

CHASEABLE = ("plus", "hollow")  # neighbourhoods whose only reach into the next row is the cell below


def applies(rules: Rules) -> bool:
    """Whether the torus chase solves these rules: a torus, plus or hollow presses, 2 states, a side >= 3."""
    return (rules.torus and rules.neighbourhood in CHASEABLE and rules.states == 2
            and max(rules.rows, rules.cols) >= 3)


@dataclass(frozen=True)
class Layers:
    """Bit masks of ``layers`` n-bit layers: for rotating every layer at once."""

    n: int
    not_first: int  # every bit but column 0 of each layer
    not_last: int  # every bit but column n-1 of each layer
    first: int  # column 0 of each layer
    last: int  # column n-1 of each layer

    @staticmethod
    def make(n: int, layers: int) -> Layers:
        """The masks for ``layers`` layers of ``n`` bits."""
        ones = sum(1 << (j * n) for j in range(layers))  # column 0 of every layer
        full = (1 << n) - 1
        return Layers(n, ones * (full & ~1), ones * (full >> 1), ones, ones << (n - 1))

    def step(self, x: int, hollow: bool) -> int:
        """``q(x) P``: each layer plus its rotations by one column both ways (the cell itself unless hollow)."""
        n = self.n
        left = ((x << 1) & self.not_first) | ((x >> (n - 1)) & self.first)  # column c -> c + 1
        right = ((x >> 1) & self.not_last) | ((x << (n - 1)) & self.last)  # column c -> c - 1
        return left ^ right if hollow else x ^ left ^ right


def _oriented(rules: Rules) -> tuple[int, int, bool]:
    """(rows, cols, swapped): the chase runs down the longer side, so cols = the shorter side."""
    if rules.cols > rules.rows:
        return rules.cols, rules.rows, True
    return rules.rows, rules.cols, False


def _chase(m: int, layers: Layers, hollow: bool, rows: Sequence[int], p0: int, p1: int,
           record: list[int] | None = None) -> tuple[int, int]:
    """Chase rows 1..m-2 from presses ``p0``, ``p1``: the lights left in rows m-1 and 0.

    Every row's presses are appended to ``record`` when it is given (the symbolic
    chase keeps only the rows it needs: its ints are 2n layers wide).
    """
    if record is not None:
        record.extend((p0, p1))
    prev, cur = p0, p1
    for r in range(1, m - 1):
        prev, cur = cur, rows[r] ^ prev ^ layers.step(cur, hollow)
        if record is not None:
            record.append(cur)
    last = rows[m - 1] ^ prev ^ layers.step(cur, hollow) ^ p0
    first = rows[0] ^ cur ^ layers.step(p0, hollow) ^ p1
    return last, first


NUMPY_FROM = 64  # columns from which the symbolic chase runs on numpy rows (Python ints below: less overhead)


def _step_array(p, hollow: bool):  # type: ignore[no-untyped-def]
    """``q(x) P`` on a numpy array with one row per column (rotating rows = rotating columns)."""
    import numpy as np

    both = np.roll(p, 1, axis=0) ^ np.roll(p, -1, axis=0)
    return both if hollow else both ^ p


def _chase_array(m: int, hollow: bool, p0, p1):  # type: ignore[no-untyped-def]
    """The symbolic chase on numpy uint64 rows: the same recurrence as ``_chase`` for a dark board."""
    prev, cur = p0, p1
    for _ in range(1, m - 1):
        prev, cur = cur, prev ^ _step_array(cur, hollow)
    return prev ^ _step_array(cur, hollow) ^ p0, cur ^ _step_array(p0, hollow) ^ p1


@lru_cache(maxsize=8)
def torus_system(m: int, n: int, hollow: bool) -> tuple[int, ...]:
    """E for an m x n torus (m >= 3 rows, n columns) as 2n bit-set rows over the 2n unknowns.

    Row c (c < n) is row m-1's light at column c; row n + c is row 0's.  Wide
    boards chase numpy rows of 2n bits (one per column, so a rotation is
    ``np.roll``); narrow ones chase Python ints of 2n layers of n bits.
    """
    import numpy as np

    width = 2 * n
    if n >= NUMPY_FROM:
        words = (width + 63) // 64
        eye = np.zeros((width, words * 64), dtype=np.uint8)
        eye[np.arange(width), np.arange(width)] = 1
        unit = np.packbits(eye, axis=1, bitorder="little").view(np.uint64)  # row j: the bit of u_j
        last, first = _chase_array(m, hollow, unit[:n].copy(), unit[n:].copy())
        return tuple(int.from_bytes(row.tobytes(), "little") for row in np.concatenate([last, first]))
    layers = Layers.make(n, width)
    p0 = sum(1 << (j * n + j) for j in range(n))  # u_j presses (0, j)
    p1 = sum(1 << ((n + j) * n + j) for j in range(n))  # u_(n+j) presses (1, j)
    out: list[int] = []
    for value in _chase(m, layers, hollow, [0] * m, p0, p1):
        raw = value.to_bytes((width * n + 7) // 8, "little")
        grid = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")[: width * n]
        by_col = np.ascontiguousarray(grid.reshape(width, n).T)  # [c][j]: u_j feeds column c
        packed = np.packbits(by_col, axis=1, bitorder="little")
        out.extend(int.from_bytes(row.tobytes(), "little") for row in packed)
    return tuple(out)


@dataclass(frozen=True)
class Elimination:
    """Gauss-Jordan on ``[E | I]``: E's reduced rows with their pivots, and the row operations.

    ``transform[i]`` is the combination of E's rows that gave ``reduced[i]``;
    ``checks`` are the combinations that gave zero rows (``y E = 0``), so
    ``E u = e`` is solvable exactly when ``y . e`` is even for every check y.
    """

    ncols: int
    pivots: tuple[int, ...]
    reduced: tuple[int, ...]
    transform: tuple[int, ...]
    checks: tuple[int, ...]

    def solve(self, rhs: int) -> int | None:
        """One solution u of ``E u = rhs`` (bit sets; free unknowns 0), or None."""
        if any((y & rhs).bit_count() & 1 for y in self.checks):
            return None
        return sum(1 << p for p, t in zip(self.pivots, self.transform, strict=True) if (t & rhs).bit_count() & 1)

    def nullspace(self) -> list[int]:
        """A basis of ``E u = 0``: one vector per free column (the textbook basis, as ``gf2.nullspace``)."""
        taken = set(self.pivots)
        out = []
        for f in range(self.ncols):
            if f in taken:
                continue
            x = 1 << f
            for p, r in zip(self.pivots, self.reduced, strict=True):
                if (r >> f) & 1:
                    x |= 1 << p
            out.append(x)
        return out


@lru_cache(maxsize=4)
def eliminate(m: int, n: int, hollow: bool) -> Elimination:
    """Gauss-Jordan elimination of the torus system E on numpy words (E is dense: no band to exploit)."""
    import numpy as np

    rows = torus_system(m, n, hollow)
    ncols = count = len(rows)
    nbytes = (ncols + count + 63) // 64 * 8
    buf = np.zeros((count, nbytes), dtype=np.uint8)
    for i, row in enumerate(rows):
        buf[i] = np.frombuffer((row | 1 << (ncols + i)).to_bytes(nbytes, "little"), dtype=np.uint8)
    words = buf.view(np.uint64)
    pivots: list[int] = []
    for c in range(ncols):
        rank = len(pivots)
        if rank == count:
            break
        w, b = divmod(c, 64)
        bit = (words[:, w] >> np.uint64(b)) & np.uint64(1)
        hits = np.flatnonzero(bit[rank:])
        if not hits.size:
            continue
        p = rank + int(hits[0])
        if p != rank:
            words[[rank, p]] = words[[p, rank]]
            bit[[rank, p]] = bit[[p, rank]]
        others = np.flatnonzero(bit)
        others = others[others != rank]
        if others.size:
            words[others] ^= words[rank]
        pivots.append(c)
    ints = [int.from_bytes(row.tobytes(), "little") for row in words]
    low = (1 << ncols) - 1
    rank = len(pivots)
    return Elimination(ncols, tuple(pivots), tuple(v & low for v in ints[:rank]),
                       tuple(v >> ncols for v in ints[:rank]), tuple(v >> ncols for v in ints[rank:]))


def _system(rules: Rules) -> Elimination:
    m, n, _ = _oriented(rules)
    return eliminate(m, n, rules.neighbourhood == "hollow")


def nullity(rules: Rules) -> int:
    """The nullity of the torus press matrix: that of the 2n x 2n chase system."""
    system = _system(rules)
    return system.ncols - len(system.pivots)


def null_vectors(rules: Rules) -> list[int]:
    """A basis of the null space of E (each a 2n-bit set: the presses of rows 0 and 1)."""
    return _system(rules).nullspace()


def _pattern(rules: Rules, masks: list[int], n: int, swapped: bool) -> Pattern:
    """Row masks of the oriented board as a pattern of ``rules`` (transposed back if swapped)."""
    flat = from_row_masks(masks, n)
    if not swapped:
        return flat
    import numpy as np

    arr = np.frombuffer(flat, dtype=np.uint8).reshape(len(masks), n)
    return np.ascontiguousarray(arr.T).tobytes()


def _board_rows(rules: Rules, board: Board, swapped: bool) -> list[int]:
    if not swapped:
        return row_masks(rules, board)
    import numpy as np

    arr = np.frombuffer(board, dtype=np.uint8).reshape(rules.rows, rules.cols)
    return row_masks(Rules(rules.cols, rules.rows, torus=True), np.ascontiguousarray(arr.T).tobytes())


def quiet_pattern(rules: Rules, u: int) -> Pattern:
    """The quiet pattern whose rows 0 and 1 are the null vector ``u`` of E."""
    m, n, swapped = _oriented(rules)
    layers = Layers.make(n, 1)
    low = (1 << n) - 1
    presses: list[int] = []
    last, first = _chase(m, layers, rules.neighbourhood == "hollow", [0] * m, u & low, u >> n, presses)
    assert not last and not first, "a null vector of E chases to a quiet pattern"
    return _pattern(rules, presses, n, swapped)


def solve_by_chase(rules: Rules, board: Board) -> Pattern | None:
    """Solve a torus board: chase it, solve E u = e for rows 0 and 1, chase again (None: unsolvable)."""
    m, n, swapped = _oriented(rules)
    hollow = rules.neighbourhood == "hollow"
    rows = _board_rows(rules, board, swapped)
    layers = Layers.make(n, 1)
    last, first = _chase(m, layers, hollow, rows, 0, 0)
    u = _system(rules).solve(last | first << n)
    if u is None:
        return None
    low = (1 << n) - 1
    presses: list[int] = []
    last, first = _chase(m, layers, hollow, rows, u & low, u >> n, presses)
    if last or first:  # pragma: no cover - would mean E is wrong
        raise AssertionError("torus chase with the solved rows 0 and 1 left lights on")
    return _pattern(rules, presses, n, swapped)


def board_functional(rules: Rules, board: Board) -> int:
    """The 2n-bit w with ``quiet_pattern(u) . board = popcount(u & w) mod 2`` for every null vector u of E.

    A quiet pattern's rows are linear in its rows 0 and 1 (``P_(r+1) = P_(r-1) + q P_r``), so
    its inner product with the board is a linear form in u.  The transposed chase runs it back
    from the last row, n bits a step (q is its own transpose: a rotation's transpose is the
    opposite rotation): ``(a, c)`` is the form on ``(P_r, P_(r+1))`` of the rows from r on.
    """
    m, n, swapped = _oriented(rules)
    rows = _board_rows(rules, board, swapped)
    layers = Layers.make(n, 1)
    hollow = rules.neighbourhood == "hollow"
    a, c = rows[m - 2], rows[m - 1]
    for r in range(m - 3, -1, -1):
        a, c = rows[r] ^ c, a ^ layers.step(c, hollow)
    return a | c << n


class QuietBasis(Sequence[Pattern]):
    """The quiet patterns of a torus, chased from E's null vectors when asked for.

    Only the 2n-bit null vectors are kept (found on first use); each pattern is
    chased again when it is read, so a basis of a million-cell torus costs one
    board of memory at a time.
    """

    def __init__(self, rules: Rules, size: int) -> None:
        self.rules = rules
        self.size = size
        self._vectors: list[int] | None = None

    @property
    def vectors(self) -> list[int]:
        """The null vectors of E (rows 0 and 1 of each quiet pattern)."""
        if self._vectors is None:
            self._vectors = null_vectors(self.rules)
            assert len(self._vectors) == self.size
        return self._vectors

    def __len__(self) -> int:
        return self.size

    def first_obstruction(self, board: Board) -> int | None:
        """The index of the first basis pattern not orthogonal to ``board`` (None: it is orthogonal to all).

        Every inner product at once: one transposed chase gives the linear form w, and
        pattern i pairs with the board as ``vectors[i] . w`` - no pattern is chased.
        """
        w = board_functional(self.rules, board)
        return next((i for i, u in enumerate(self.vectors) if (u & w).bit_count() & 1), None)

    @overload
    def __getitem__(self, index: int) -> Pattern: ...

    @overload
    def __getitem__(self, index: slice) -> list[Pattern]: ...

    def __getitem__(self, index: int | slice) -> Pattern | list[Pattern]:
        if isinstance(index, slice):
            return [quiet_pattern(self.rules, u) for u in self.vectors[index]]
        return quiet_pattern(self.rules, self.vectors[index])

    def __iter__(self) -> Iterator[Pattern]:
        return (quiet_pattern(self.rules, u) for u in self.vectors)

"""Lights Out as data: the board shape, the neighbourhoods, what a press does.

Vocabulary::

    Rules(3, 3)                  # a 3 x 3 board, plus-shaped presses, 2 states, flat
    Board = bytes                # row-major cell values 0..k-1, 0 dark: b"\\0\\1\\0" ...
    Pattern = bytes              # row-major press counts 0..k-1, same layout as a Board
    Cell = tuple[int, int]       # (row, col), 0-based inside the engine

A press adds 1 (mod k) to every cell of its neighbourhood, counted with
multiplicity: on a 2-row torus the cell above and the cell below a press are
the same cell, so it is changed twice.  Every neighbourhood here is symmetric
(if pressing a changes b then pressing b changes a), so the press matrix is
symmetric; the engine relies on that (a board is solvable exactly when it is
orthogonal to every quiet pattern).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

Board = bytes  # row-major cell values, 0 dark
Pattern = bytes  # row-major press counts
Cell = tuple[int, int]  # (row, col), 0-based

class Neighbourhood(StrEnum):
    """What a press changes around the pressed cell."""

    PLUS = "plus"
    HOLLOW = "hollow"
    BLOCK = "block"
    RING = "ring"
    X = "x"


NEIGHBOURHOODS: dict[Neighbourhood, tuple[Cell, ...]] = {
    Neighbourhood.PLUS: ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)),
    Neighbourhood.HOLLOW: ((-1, 0), (1, 0), (0, -1), (0, 1)),
    Neighbourhood.BLOCK: tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)),
    Neighbourhood.RING: tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)),
    Neighbourhood.X: ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)),
}
NEIGHBOURHOOD_HELP: dict[Neighbourhood, str] = {
    Neighbourhood.PLUS: "the cell and its 4 orthogonal neighbours (classic)",
    Neighbourhood.HOLLOW: "the 4 orthogonal neighbours, not the cell itself",
    Neighbourhood.BLOCK: "the 3 x 3 block around the cell",
    Neighbourhood.RING: "the 8 cells around the cell, not the cell itself",
    Neighbourhood.X: "the cell and its 4 diagonal neighbours",
}


@dataclass(frozen=True)
class Rules:
    """A board shape and the press rule: ``rows x cols``, wrap-around, neighbourhood, states."""

    rows: int
    cols: int
    torus: bool = False
    neighbourhood: Neighbourhood = Neighbourhood.PLUS
    states: int = 2

    def __post_init__(self) -> None:
        object.__setattr__(self, "neighbourhood", Neighbourhood(self.neighbourhood))

    @property
    def cells(self) -> int:
        """The number of cells."""
        return self.rows * self.cols

    @property
    def chaseable(self) -> bool:
        """Whether lights can be chased row by row: plus presses on a flat board (any number of states)."""
        return self.neighbourhood == "plus" and not self.torus

    @property
    def classic(self) -> bool:
        """Whether light chasing solves these rules (plus presses, flat board, 2 states)."""
        return self.chaseable and self.states == 2

    def describe(self) -> str:
        """A short human description: ``5x5 torus, hollow plus, 3 states``."""
        parts = [f"{self.rows}x{self.cols}"]
        if self.torus:
            parts.append("torus")
        if self.neighbourhood != "plus":
            parts.append(f"{self.neighbourhood} neighbourhood")
        if self.states != 2:
            parts.append(f"{self.states} states")
        return ", ".join(parts)

    def effect(self, r: int, c: int) -> dict[Cell, int]:
        """The cells a press at ``(r, c)`` changes, with how many times (before mod k)."""
        out: dict[Cell, int] = {}
        for dr, dc in NEIGHBOURHOODS[self.neighbourhood]:
            rr, cc = r + dr, c + dc
            if self.torus:
                rr %= self.rows
                cc %= self.cols
            elif not (0 <= rr < self.rows and 0 <= cc < self.cols):
                continue
            out[rr, cc] = out.get((rr, cc), 0) + 1
        return out


def dark(rules: Rules) -> Board:
    """The all-dark board."""
    return bytes(rules.cells)


def lit_cells(rules: Rules, board: Board) -> list[Cell]:
    """The cells that are not dark, row by row (found by numpy: a board may have a million cells)."""
    return cells_at(rules, board, repeat=False)


def cells_at(rules: Rules, data: bytes, repeat: bool) -> list[Cell]:
    """The cells whose value is not 0, row by row; each ``value`` times with ``repeat``.

    >>> cells_at(Rules(2, 3, states=3), bytes([0, 2, 0, 1, 0, 0]), repeat=True)
    [(0, 1), (0, 1), (1, 0)]
    """
    import numpy as np

    values = np.frombuffer(data, dtype=np.uint8)
    where = np.flatnonzero(values)
    if repeat:
        where = np.repeat(where, values[where])
    rows, cols = np.divmod(where, rules.cols)
    return list(zip(rows.tolist(), cols.tolist(), strict=True))


def as_array(rules: Rules, data: bytes) -> Any:
    """A board or pattern as an ``rows x cols`` numpy int64 array (a copy)."""
    import numpy as np

    return np.frombuffer(data, dtype=np.uint8).reshape(rules.rows, rules.cols).astype(np.int64)


def from_array(arr: Any) -> bytes:
    """A numpy array of small non-negative ints as row-major bytes."""
    import numpy as np

    return np.ascontiguousarray(arr, dtype=np.uint8).tobytes()


def apply(rules: Rules, board: Board, pattern: Pattern) -> Board:
    """The board after pressing every cell ``pattern[i]`` times (order never matters)."""
    import numpy as np

    if not any(pattern):
        return board
    press = as_array(rules, pattern)
    out = as_array(rules, board)
    m, n = rules.rows, rules.cols
    for dr, dc in NEIGHBOURHOODS[rules.neighbourhood]:
        if rules.torus:
            out += np.roll(press, (dr, dc), axis=(0, 1))
            continue
        # press at (r, c) lands on (r + dr, c + dc): shift with zero fill.
        to_rows, to_cols = slice(max(dr, 0), m + min(dr, 0)), slice(max(dc, 0), n + min(dc, 0))
        from_rows, from_cols = slice(max(-dr, 0), m + min(-dr, 0)), slice(max(-dc, 0), n + min(-dc, 0))
        out[to_rows, to_cols] += press[from_rows, from_cols]
    return from_array(out % rules.states)


def pattern_of(rules: Rules, cells: Iterable[Cell]) -> Pattern:
    """The press counts (mod k) of a list of presses; repeats add up."""
    counts = bytearray(rules.cells)
    for r, c in cells:
        i = r * rules.cols + c
        counts[i] = (counts[i] + 1) % rules.states
    return bytes(counts)


def cells_of(rules: Rules, pattern: Pattern) -> list[Cell]:
    """The press list of a pattern, row by row, a cell repeated as often as it is pressed."""
    return cells_at(rules, pattern, repeat=True)


def negate(rules: Rules, board: Board) -> Board:
    """``-board`` mod k: the press effect a solution must produce."""
    k = rules.states
    return bytes((-v) % k for v in board)


def press_matrix(rules: Rules) -> list[list[int]]:
    """The press matrix over Z/k: entry (i, j) is how often pressing cell j changes cell i.

    Cells are numbered row-major.  The matrix is symmetric for every
    neighbourhood offered.
    """
    n = rules.cells
    mat = [[0] * n for _ in range(n)]
    for j in range(n):
        for (rr, cc), times in rules.effect(*divmod(j, rules.cols)).items():
            i = rr * rules.cols + cc
            mat[i][j] = (mat[i][j] + times) % rules.states
    return mat


def press_rows_gf2(rules: Rules) -> list[int]:
    """The GF(2) press matrix as bit-packed rows (bit j of row i: pressing j toggles i)."""
    rows = [0] * rules.cells
    for j in range(rules.cells):
        for (rr, cc), times in rules.effect(*divmod(j, rules.cols)).items():
            if times & 1:
                rows[rr * rules.cols + cc] ^= 1 << j
    return rows


def press_rows_packed(rules: Rules) -> list[int]:
    """The press matrix mod k as byte-packed rows: byte j of row i is how often pressing j changes i."""
    n, k = rules.cells, rules.states
    rows = [bytearray(n) for _ in range(n)]
    for j in range(n):
        for (rr, cc), times in rules.effect(*divmod(j, rules.cols)).items():
            row = rows[rr * rules.cols + cc]
            row[j] = (row[j] + times) % k
    return [int.from_bytes(r, "little") for r in rows]


def to_bitmask(data: bytes) -> int:
    """A 0/1 board or pattern as one int: bit i = cell i (row-major)."""
    import numpy as np

    arr = np.frombuffer(data, dtype=np.uint8) & 1
    return int.from_bytes(np.packbits(arr, bitorder="little").tobytes(), "little")


def from_bitmask(mask: int, cells: int) -> bytes:
    """The inverse of ``to_bitmask`` for ``cells`` cells."""
    import numpy as np

    raw = mask.to_bytes((cells + 7) // 8 or 1, "little")
    bits = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")[:cells]
    return bits.tobytes()


def row_masks(rules: Rules, data: bytes) -> list[int]:
    """A 0/1 board as one int per row (bit c = column c)."""
    import numpy as np

    arr = (np.frombuffer(data, dtype=np.uint8) & 1).reshape(rules.rows, rules.cols)
    packed = np.packbits(arr, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in packed]


def from_row_masks(masks: Sequence[int], cols: int) -> bytes:
    """The inverse of ``row_masks``."""
    import numpy as np

    nbytes = (cols + 7) // 8 or 1
    raw = b"".join(m.to_bytes(nbytes, "little") for m in masks)
    arr = np.frombuffer(raw, dtype=np.uint8).reshape(len(masks), nbytes)
    return np.unpackbits(arr, axis=1, bitorder="little")[:, :cols].tobytes()


def transpose(rules: Rules, data: bytes) -> bytes:
    """A board or pattern of ``rules`` transposed (cols x rows)."""
    return from_array(as_array(rules, data).T)


def dot(a: bytes, b: bytes, k: int) -> int:
    """The dot product of two patterns mod k."""
    import numpy as np

    x = np.frombuffer(a, dtype=np.uint8).astype(np.int64)
    y = np.frombuffer(b, dtype=np.uint8).astype(np.int64)
    return int((x * y).sum() % k)


def random_board(rules: Rules, rng: random.Random, *, solvable_only: bool = True) -> Board:
    """A random board; if ``solvable_only``, uniform over the solvable boards.

    Solvable boards are exactly the images ``A x``, and ``x`` uniform makes
    ``A x`` uniform over the image (each image has the same number of preimages).
    """
    k = rules.states
    cells = random_cells(k, rules.cells, rng)
    return apply(rules, dark(rules), cells) if solvable_only else cells


DRAWN_CELL_BY_CELL = 4096  # boards up to this size are drawn one cell at a time (the draws lessons have always had)


def random_cells(k: int, cells: int, rng: random.Random) -> bytes:
    """``cells`` values in 0..k-1 drawn from ``rng``: one at a time on small boards, and on large ones all at once
    from a generator seeded by ``rng`` (a 1000 x 1000 board in milliseconds, not seconds)."""
    if cells <= DRAWN_CELL_BY_CELL:
        return bytes(rng.randrange(k) for _ in range(cells))
    import numpy as np

    return np.random.default_rng(rng.getrandbits(64)).integers(0, k, size=cells, dtype=np.uint8).tobytes()

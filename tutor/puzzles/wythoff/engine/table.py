"""Exhaustive tables for Wythoff games, computed from the move rules alone (no formula).

The closed formulas of ``engine`` are checked against these tables in the tests
and in the conjecture workbench, and sums of boards are played with their
Grundy values.

Method: retrograde marking.  A position is losing exactly when none of its
moves reaches a losing position.  Scanning rows ``x = 0, 1, ...`` in order, the
losing positions already found in earlier rows block cells of the current row
through column moves and (for a-Wythoff, a band of ``2a - 1``) diagonals; the
first unblocked cell of the row is losing and blocks the rest of the row.  Each
row is one vectorised numpy pass, so the (n+1) x (n+1) table costs O(a n^2)
elementary steps but only O(n) Python steps.

The row scan (``scan_p_positions``) reaches much further with the same
reasoning and no table: each row x has exactly one losing cell, the first cell
no earlier losing position blocks.  It keeps the blocked columns and the
blocked diagonals as sets (a losing cell on diagonal d' blocks the band
d' - a < d < d' + a of every later row, the cells above it from the next row
on and those below it after a few rows), and finds the first free diagonal of
a row with a union-find "next free" pointer, so a row costs O(a) steps.  By
symmetry a row whose number already appeared as the larger pile of a losing
pair has its losing cell there.

Grundy values (normal play; they make sums of boards playable; misère ones are drawn for single boards) use the mex
of the values below, left and on the diagonal band, with Python integers as bit
sets: ``mask = 0b1011`` means the values 0, 1 and 3 are reachable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.errors import InvalidParams
from tutor.puzzles.wythoff.limits import TABLE_WORK
from tutor.puzzles.wythoff.rules import GRUNDY_CELLS, Position, Rules

if TYPE_CHECKING:
    import numpy as np

TABLE_LIMIT = 20_000  # largest side of an exhaustive outcome table
SCAN_LIMIT = 1_000_000  # largest pile of the row scan (about 3 s at 10^6)


def losing_rows(rules: Rules, n: int) -> np.ndarray:
    """For each row x in 0..n, the column y <= n of the losing position (x, y), or -1."""
    import numpy as np

    if n < 0 or n > TABLE_LIMIT:
        raise InvalidParams(f"exhaustive tables go up to piles of {TABLE_LIMIT}, not {n!r}")
    TABLE_WORK.check(table_work(rules, n), f"an exhaustive table of piles up to {n} with a = {rules.a} "
                                           f"takes {table_work(rules, n):,} steps")
    big = np.int64(4 * n + 8)
    a = rules.a
    offset = n + a  # diagonal d = y - x lives at index d + offset
    diag_row = np.full(2 * n + 2 * a + 1, big, dtype=np.int64)  # row of the losing cell on each diagonal
    column_free = np.ones(n + 1, dtype=bool)
    rows = np.full(n + 1, -1, dtype=np.int64)
    for x in range(n + 1):
        free = column_free.copy()
        base = offset - x  # index of diagonal d = y - x for y = 0
        for e in range(-(a - 1), a):
            # A losing cell (x', x' + d + e) blocks (x, x + d) when x' < x - max(e, 0).
            limit = x - max(e, 0)
            free &= diag_row[base + e : base + e + n + 1] >= limit
        if rules.misere and x == 0:
            free[0] = False  # no pennies left: the player to move has already won
        hits = np.flatnonzero(free)
        if hits.size:
            y = int(hits[0])
            rows[x] = y
            column_free[y] = False
            diag_row[offset + y - x] = x
    return rows


def table_work(rules: Rules, n: int) -> int:
    """The work of the exhaustive table of piles up to ``n``: one pass per row and diagonal band."""
    return rules.a * (n + 1) ** 2


def table_p_positions(rules: Rules, n: int) -> list[Position]:
    """Every losing position ``(x, y)`` with ``x <= y <= n``, from the exhaustive table."""
    rows = losing_rows(rules, n)
    return [(x, int(y)) for x, y in enumerate(rows.tolist()) if y >= x]


def scan_p_positions(rules: Rules, n: int) -> list[Position]:
    """Every losing position ``(x, y)`` with ``x <= y <= n``, by the row scan (the move rules, no formula)."""
    if n < 0 or n > SCAN_LIMIT:
        raise InvalidParams(f"the row scan goes up to piles of {SCAN_LIMIT}, not {n!r}")
    a = rules.a
    size = (2 * a + 2) * (n + 2) + 2 * a  # beyond every diagonal a losing cell of rows 0..n can sit on
    nxt = list(range(size + 1))  # union-find: nxt[d] leads to the first diagonal >= d not blocked
    column = bytearray(size + n + 1)  # columns holding a losing cell of an earlier row
    mirror: dict[int, int] = {}  # row -> column of its losing cell, known from the pair (column, row)
    later: dict[int, list[int]] = {}  # row -> diagonals that become blocked from that row on
    pairs: list[Position] = []

    def free(d: int) -> int:
        root = d
        while nxt[root] != root:
            root = nxt[root]
        while nxt[d] != root:  # path compression
            nxt[d], d = root, nxt[d]
        return root

    def block(x: int, d: int) -> None:
        """A losing cell at row x on diagonal d blocks diagonals d - a + 1 .. d + a - 1 of later rows."""
        for e in range(-(a - 1), a):
            target = d - e  # a cell of a later row on diagonal target reaches (x, x + d) if ...
            if target < 0:
                continue
            # ... it lies above and right of it (e <= 0: from the next row on), or, with e > 0, once
            # the row is more than e below (the two-pile move takes f, s with |f - s| < a).
            later.setdefault(x + 1 + max(e, 0), []).append(target)

    for x in range(n + 1):
        for d in later.pop(x, ()):
            nxt[d] = d + 1
        if x in mirror:
            block(x, mirror.pop(x) - x)
            continue
        d = free(0)
        while column[x + d] or (rules.misere and x == 0 and d == 0):  # misère (0, 0): the mover has won
            d = free(d + 1)
        y = x + d
        column[y] = 1
        if y > x:
            mirror[y] = x
        if y <= n:
            pairs.append((x, y))
        block(x, d)
    return pairs


def grundy_table(a: int, width: int, height: int, misere: bool = False) -> list[list[int]]:
    """Grundy values ``g[x][y]`` of normal-play a-Wythoff for ``0 <= x <= width, 0 <= y <= height``.

    With ``misere``, the misère Grundy values of single boards: (0, 0), where the player to move has
    already won, counts 1 and every other cell is the mex of its options, so 0 marks exactly the misère
    losing positions (these values do not add by nim-sum; sums of boards use normal play).

    >>> grundy_table(1, 2, 2)
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    if (width + 1) * (height + 1) > GRUNDY_CELLS:
        raise InvalidParams(
            f"Grundy tables are limited to {GRUNDY_CELLS} cells; piles {width} x {height} are too many"
        )
    table = [[0] * (height + 1) for _ in range(width + 1)]
    column_mask = [0] * (height + 1)
    # prefix[d][t] = set of values on diagonal d at rows below the t-th cell of that diagonal.
    prefix: dict[int, list[int]] = {}
    for x in range(width + 1):
        row_mask = 0
        for y in range(height + 1):
            d = y - x
            mask = row_mask | column_mask[y]
            for e in range(-(a - 1), a):
                cells = prefix.get(d + e)
                if not cells:
                    continue
                start = max(0, -(d + e))  # first row on diagonal d + e
                upto = x - max(e, 0) - start  # rows x' < x - max(e, 0)
                if upto > 0:
                    mask |= cells[min(upto, len(cells) - 1)]
            g = 1 if misere and x == y == 0 else (~mask & (mask + 1)).bit_length() - 1
            table[x][y] = g
            bit = 1 << g
            row_mask |= bit
            column_mask[y] |= bit
            cells = prefix.setdefault(d, [0])
            cells.append(cells[-1] | bit)
    return table


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

Grundy values (normal play only; they make sums of boards playable) use the mex
of the values below, left and on the diagonal band, with Python integers as bit
sets: ``mask = 0b1011`` means the values 0, 1 and 3 are reachable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.errors import InvalidParams
from tutor.limits import TABLE_WORK
from tutor.puzzles.wythoff.rules import Position, Rules

if TYPE_CHECKING:
    import numpy as np

TABLE_LIMIT = 20_000  # largest side of an exhaustive outcome table
GRUNDY_CELLS = 1_200_000  # most cells of a Grundy table


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


def grundy_table(a: int, width: int, height: int) -> list[list[int]]:
    """Grundy values ``g[x][y]`` of normal-play a-Wythoff for ``0 <= x <= width, 0 <= y <= height``.

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
            g = (~mask & (mask + 1)).bit_length() - 1
            table[x][y] = g
            bit = 1 << g
            row_mask |= bit
            column_mask[y] |= bit
            cells = prefix.setdefault(d, [0])
            cells.append(cells[-1] | bit)
    return table


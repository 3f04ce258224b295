"""Light chasing: the row-by-row method, and the fast solver built on it.

Chasing: for each row from the top, press the cell under every lit cell; that
darkens the row and never touches the rows above.  Only the last row can stay
lit (the *residue*).  With the top row's presses as n unknowns, the residue is
an affine function of them, so a whole m x n board reduces to an n x n system
over GF(2): ``E u = residue of the board chased with no top-row presses``.

The fast solver tracks that affine function bit-parallel: one Python int per
row holds, for every column c and every unknown j, whether u_j feeds the press
at (row, c) - bit ``j * n + c``.  A chase step is then a handful of big-integer
shifts and XORs per row, so a 1000 x 1000 board costs about a thousand such
steps plus a 1000-unknown elimination.

Classic rules only (plus presses, flat board, 2 states); teaching steps
(``chase_steps``) work for any number of states.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor import gf2
from tutor.puzzles.lightsout.rules.grid import Board, Pattern, Rules, apply, from_row_masks, row_masks


def chase_rows(board: list[int], top: int, n: int) -> tuple[list[int], int]:
    """Chase a 2-state board given as row masks, pressing ``top`` in row 0 first.

    Returns the press row masks (one per board row) and the residue: the lights
    left in the last row.  The board is solved exactly when the residue is 0.
    """
    full = (1 << n) - 1
    presses = [top]
    prev, cur = 0, top
    residue = 0
    for r, lights in enumerate(board):
        # lights of row r after presses in rows r-1, r, r+1(=nxt) must vanish
        nxt = lights ^ prev ^ cur ^ ((cur << 1) & full) ^ (cur >> 1)
        if r + 1 == len(board):
            residue = nxt
        else:
            presses.append(nxt)
        prev, cur = cur, nxt
    return presses, residue


@dataclass(frozen=True)
class ChaseSystem:
    """The n x n system of a classic m x n board: ``E u = residue`` (rows of E by column).

    ``rows[c]`` is the bit set of top-row unknowns feeding the residue at column c.
    """

    m: int
    n: int
    rows: tuple[int, ...]


def chase_system(m: int, n: int) -> ChaseSystem:
    """Build E for an m x n board by one bit-parallel symbolic chase of the dark board."""
    import numpy as np

    width = n * n
    layer = (1 << n) - 1
    ones = sum(1 << (j * n) for j in range(n))  # bit 0 of every layer j
    not_first = ones * (layer & ~1)  # columns 1..n-1 of every layer
    not_last = ones * (layer >> 1)  # columns 0..n-2 of every layer
    prev = 0
    cur = sum(1 << (j * n + j) for j in range(n))  # row 0 presses: u_j at column j
    for _ in range(m):
        nxt = prev ^ cur ^ ((cur << 1) & not_first) ^ ((cur >> 1) & not_last)
        prev, cur = cur, nxt
    # cur: bit j*n + c says u_j feeds the residue at column c; transpose to rows by c.
    raw = cur.to_bytes((width + 7) // 8, "little")
    grid = np.unpackbits(np.frombuffer(raw, dtype=np.uint8), bitorder="little")[:width]
    by_col = np.ascontiguousarray(grid.reshape(n, n).T)
    packed = np.packbits(by_col, axis=1, bitorder="little")
    rows = tuple(int.from_bytes(row.tobytes(), "little") for row in packed)
    return ChaseSystem(m, n, rows)


def solve_by_chase(rules: Rules, board: Board) -> Pattern | None:
    """Solve a classic board: build E, chase the board, solve for the top row, chase again.

    None when the board cannot be darkened (the residue is outside E's column space).
    """
    m, n = rules.rows, rules.cols
    system = chase_system(m, n)
    masks = row_masks(rules, board)
    _, residue = chase_rows(masks, 0, n)
    top = gf2.solve(system.rows, n, [(residue >> c) & 1 for c in range(n)])
    if top is None:
        return None
    presses, left = chase_rows(masks, top, n)
    if left:  # pragma: no cover - would mean E is wrong
        raise AssertionError("chase with the solved top row left lights on")
    return from_row_masks(presses, n)


def quiet_pattern(rules: Rules, top: int) -> Pattern:
    """The full quiet pattern whose top row is ``top`` (a null vector of E)."""
    presses, _ = chase_rows([0] * rules.rows, top, rules.cols)
    return from_row_masks(presses, rules.cols)


@dataclass(frozen=True)
class ChaseStep:
    """One row of a chase: the lights of row ``row`` and the presses below them."""

    row: int  # the row being cleared (0-based)
    lights: tuple[int, ...]  # its lit columns before the presses below
    presses: tuple[tuple[int, int], ...]  # (col, times) pressed in row ``row + 1``
    board: Board  # the whole board after these presses


def chase_steps(rules: Rules, board: Board) -> list[ChaseStep]:
    """The chase of a board, one step per row but the last (plus presses, flat, any k)."""
    k, n = rules.states, rules.cols
    steps = []
    cur = board
    for r in range(rules.rows - 1):
        row = cur[r * n : (r + 1) * n]
        lit = tuple(c for c in range(n) if row[c])
        counts = bytearray(rules.cells)
        for c in lit:
            counts[(r + 1) * n + c] = (-row[c]) % k
        cur = apply(rules, cur, bytes(counts))
        steps.append(ChaseStep(r, lit, tuple((c, (-row[c]) % k) for c in lit), cur))
    return steps


def residue_of(rules: Rules, board: Board) -> Board:
    """The last row left after chasing ``board`` (as a 1 x n board)."""
    steps = chase_steps(rules, board)
    final = steps[-1].board if steps else board
    n = rules.cols
    return final[(rules.rows - 1) * n :]

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

The solver is for the classic rules only (plus presses, flat board, 2
states).  The teaching chase (``chase``: its presses and residue) works for
any number of states, in O(cells): row masks with 2 states, a row vector at a
time with more.  Its row-by-row boards (``chase_steps``) are built for boards
small enough to show.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.errors import InvalidParams
from tutor.maths import gf2
from tutor.puzzles.lightsout.rules.grid import (
    Board,
    Cell,
    Pattern,
    Rules,
    apply,
    cells_of,
    from_bitmask,
    from_row_masks,
    row_masks,
)

MAX_STEP_CELLS = 4096  # per-row boards of a chase: the most cells the command line draws (cli.MAX_TEXT_CELLS)


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
class Chase:
    """A whole chase of a board (no top-row presses): every press and the residue, in O(cells).

    Only the presses and the last row are kept; the board a learner faces at
    any row is one ``apply`` away (``before``), never a whole board per row.
    """

    rules: Rules
    board: Board
    presses: Pattern  # press counts, row-major; row 0 is never pressed
    residue: Board  # the last row left (1 x cols)

    @property
    def count(self) -> int:
        """Every press of the chase, repeats counted."""
        return sum(t * self.presses.count(t) for t in range(1, self.rules.states))

    def cells(self) -> list[Cell]:
        """Every press from row 2 down, row by row (a cell repeated as often as it is pressed)."""
        return cells_of(self.rules, self.presses)

    def row(self, r: int) -> tuple[tuple[int, int], ...]:
        """The ``(col, times)`` pressed in row ``r``: under the lights of row ``r - 1``."""
        n = self.rules.cols
        return tuple((c, t) for c, t in enumerate(self.presses[r * n : (r + 1) * n]) if t)

    def before(self, row: int) -> Board:
        """The board before clearing ``row`` (0-based): the presses of rows up to ``row`` made.

        ``before(rows - 1)`` is the board the chase ends with: dark but for the residue.
        """
        kept = (row + 1) * self.rules.cols
        return apply(self.rules, self.board, self.presses[:kept] + bytes(len(self.presses) - kept))


def chase(rules: Rules, board: Board) -> Chase:
    """Chase ``board`` from the top with no top-row presses (plus presses, flat board, any number of states).

    Two states: the bit-parallel row masks of ``chase_rows``.  More: one row
    vector at a time (``chase_rows_mod``).  Either way O(cells) in all.
    """
    if not rules.chaseable:
        raise InvalidParams(f"the chase needs the plus neighbourhood on a flat board, not {rules.describe()}")
    if rules.states == 2:
        masks, residue = chase_rows(row_masks(rules, board), 0, rules.cols)
        return Chase(rules, board, from_row_masks(masks, rules.cols), from_bitmask(residue, rules.cols))
    presses, left = chase_rows_mod(rules, board)
    return Chase(rules, board, presses, left)


def chase_rows_mod(rules: Rules, board: Board) -> tuple[Pattern, Board]:
    """The chase of a k-state board (no top-row presses), a numpy row vector at a time: (presses, residue).

    Row r, after the presses of rows r - 1 and r, holds ``v``; pressing ``-v``
    (mod k) in row r + 1 clears it.  Each row costs O(cols).
    """
    import numpy as np

    k, m, n = rules.states, rules.rows, rules.cols
    lights = np.frombuffer(board, dtype=np.uint8).reshape(m, n)
    presses = np.zeros((m, n), dtype=np.uint8)
    prev = cur = np.zeros(n, dtype=np.int16)  # the presses of rows r - 1 and r
    for r in range(m):
        v = lights[r] + prev + cur
        v[1:] += cur[:-1]
        v[:-1] += cur[1:]
        v %= k
        if r + 1 == m:
            return presses.tobytes(), v.astype(np.uint8).tobytes()
        prev, cur = cur, (-v) % k
        presses[r + 1] = cur
    raise AssertionError("a board has at least one row")  # pragma: no cover


def residue_of(rules: Rules, board: Board) -> Board:
    """The last row left after chasing ``board`` (as a 1 x n board)."""
    return chase(rules, board).residue


@dataclass(frozen=True)
class ChaseStep:
    """One row of a chase: the lights of row ``row`` and the presses below them."""

    row: int  # the row being cleared (0-based)
    lights: tuple[int, ...]  # its lit columns before the presses below
    presses: tuple[tuple[int, int], ...]  # (col, times) pressed in row ``row + 1``
    board: Board  # the whole board after these presses


def chase_steps(rules: Rules, board: Board) -> list[ChaseStep]:
    """The chase of a board shown row by row, one step per row but the last, each with its whole board.

    Only for boards of at most ``MAX_STEP_CELLS`` cells (rows x cells work); ``chase`` has the presses
    and the residue of any board.
    """
    if rules.cells > MAX_STEP_CELLS:
        raise InvalidParams(f"the chase is shown row by row up to {MAX_STEP_CELLS} cells, not {rules.cells}")
    done = chase(rules, board)
    steps = []
    for r in range(rules.rows - 1):
        below = done.row(r + 1)  # a light of value v calls for -v presses: never 0
        steps.append(ChaseStep(r, tuple(c for c, _ in below), below, done.before(r + 1)))
    return steps

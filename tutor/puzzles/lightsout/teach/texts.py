"""Texts the Lights Out lessons quote: boards mid-chase, the residue table, quiet patterns.

Each function is pure and returns the text (or number) a lesson shows with
``{{quantity}}``; the method race lives in ``race``.
"""

from __future__ import annotations

import math

from tutor.errors import InvalidParams
from tutor.maths.bits import members
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine.chase import chase_rows
from tutor.puzzles.lightsout.rules.grid import Board, Rules, from_bitmask, press_matrix
from tutor.puzzles.lightsout.rules.notation import format_board, format_cell
from tutor.puzzles.lightsout.teach.pictures import board_text
from tutor.puzzles.lightsout.teach.verdicts import chase_stage, need_chase, need_classic, unsolvable_reason

MAX_TABLE_COLS = 12  # the residue table enumerates 2^cols top rows
MAX_MATRIX_CELLS = 16  # the press matrix is printed up to this many cells


def chase_board(rules: Rules, board: Board, row: int) -> str:
    """The board a learner faces before clearing ``row`` (0-based) by chasing, drawn."""
    need_chase(rules, "chase_board")
    if not 0 <= row < rules.rows - 1:
        raise InvalidParams(f"row {row + 1} has no row below it on a {rules.rows}-row board")
    return board_text(rules, chase_stage(rules, board, row).board)


def residue_table(rules: Rules) -> str:
    """For each last row a chase can leave on a solvable board, the fewest top-row presses that fix it.

    Pressing top-row cells ``u`` on a dark board and chasing leaves the residue
    ``E u``; a board whose chase leaves ``r`` is fixed by any ``u`` with ``E u = r``.
    """
    need_classic(rules, "the residue table")
    n = rules.cols
    if n > MAX_TABLE_COLS:
        raise InvalidParams(f"the residue table lists 2^{n} top rows; at most {MAX_TABLE_COLS} columns")
    fix: dict[int, int] = {}
    for top in range(1, 1 << n):
        _, residue = chase_rows([0] * rules.rows, top, n)
        if residue and (residue not in fix or top.bit_count() < fix[residue].bit_count()):
            fix[residue] = top
    one_row = Rules(1, n)
    lines = ["| last row after the chase | press in row 1, then chase again |"]  # rows: shown as a table
    for residue in sorted(fix, key=lambda r: format_board(one_row, from_bitmask(r, n)), reverse=True):
        cells = " ".join(format_cell(0, c) for c in members(fix[residue]))
        lines.append(f"| {format_board(one_row, from_bitmask(residue, n))} | {cells} |")
    return "\n".join(lines)


def quiet_boards(rules: Rules, limit: int = 4) -> str:
    """A basis of the quiet patterns drawn side by side (X = press), or a sentence if there is none."""
    analysis = engine.analyze(rules)
    if not analysis.quiet:
        return "(no quiet patterns: only pressing nothing changes nothing)"
    shown = analysis.quiet[:limit]
    drawn = [board_text(rules, q).split("\n") for q in shown]
    width = max(len(line) for block in drawn for line in block)
    lines = ["   ".join(block[i].ljust(width) for block in drawn).rstrip() for i in range(len(drawn[0]))]
    if len(analysis.quiet) > limit:
        lines.append(f"(and {len(analysis.quiet) - limit} more in the basis)")
    return "\n".join(lines)


def obstruction(rules: Rules, board: Board) -> str:
    """Why the board cannot be darkened (a quiet pattern it breaks), or that it can."""
    sol = engine.solve(rules, board, minimize=False)
    if sol.solvable or sol.obstruction is None:
        return "this board can be darkened: it has an even number of lights on every quiet pattern"
    return unsolvable_reason(rules, board, sol.obstruction)


def press_matrix_text(rules: Rules) -> str:
    """The press matrix of a small board: row i, column j is 1 when pressing cell j changes cell i."""
    if rules.cells > MAX_MATRIX_CELLS:
        raise InvalidParams(f"the press matrix is printed up to {MAX_MATRIX_CELLS} cells, "
                            f"not {rules.cells}")
    names = [format_cell(*divmod(i, rules.cols)) for i in range(rules.cells)]
    width = max(len(n) for n in names)
    head = " " * (width + 1) + " ".join(n.rjust(width) for n in names)
    rows = [head]
    for i, row in enumerate(press_matrix(rules)):
        cells = " ".join((str(v) if v else ".").rjust(width) for v in row)
        rows.append(f"{names[i].rjust(width)} {cells}")
    return "\n".join(rows)


def count_value(base: int, exponent: int) -> int | str:
    """``base ** exponent`` as an int, or the text ``"2^1000000"`` when it is too long to print."""
    if exponent * math.log10(base) > 3000:
        return f"{base}^{exponent}"
    return base**exponent

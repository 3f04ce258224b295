"""The Lights Out hint ladder: a nudge, the concept (chase the lights, or solve the system), a press to make."""

from __future__ import annotations

from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules.grid import Board, Rules, cells_of
from tutor.puzzles.lightsout.rules.notation import format_cell, format_presses
from tutor.puzzles.lightsout.teach.verdicts import residue_text, unsolvable_reason


def hint_ladder(rules: Rules, board: Board) -> list[str]:
    """Nudge, concept, concrete move for the current board."""
    if not any(board):
        return ["The board is already dark: nothing left to press."]
    sol = engine.solve(rules, board)
    if not sol.solvable:
        assert sol.obstruction is not None
        return [
            "Is this board solvable at all? Count lights on a pattern that pressing never changes.",
            "A quiet pattern is a set of presses that changes nothing; a board must be orthogonal to "
            "every one to be solvable.",
            "It is not: " + unsolvable_reason(rules, board, sol.obstruction) + ".",
        ]
    twice = "twice" if rules.states == 2 else f"{rules.states} times"
    ladder = [f"The board as it is now can be darkened. Order never matters, and pressing a cell {twice} "
              f"does nothing, so look for a set of cells to press."]
    if rules.chaseable:
        n = rules.cols
        top = next((r for r in range(rules.rows - 1) if any(board[r * n : (r + 1) * n])), None)
        if top is not None:
            lit = [format_cell(top, c) for c in range(n) if board[top * n + c]]
            below = [format_cell(top + 1, c) for c in range(n) if board[top * n + c]]
            ladder.append(f"Chase the lights: row {top + 1} has {' '.join(lit)} lit; press the cells "
                          f"just below them ({' '.join(below)}) to clear it without touching the rows above.")
        else:
            top_fix = [cell for cell in cells_of(rules, sol.pattern or b"") if cell[0] == 0]
            ladder.append(f"Only the last row is lit: the chase has left the residue {residue_text(rules, board)}. "
                          f"Press {format_presses(top_fix)} in row 1, then chase again from the top.")
    else:
        ladder.append("Think of each press as a vector; solve the linear system A x = b.")
    sample = cells_of(rules, sol.pattern or b"")
    if sample:
        kind = "fewest-press " if sol.minimal else ""
        ladder.append(f"Press {format_cell(*sample[0])}: it is part of a {kind}solution from the board as it is now.")
    return ladder

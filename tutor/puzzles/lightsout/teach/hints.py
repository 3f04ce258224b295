"""The Lights Out hint ladder: a nudge, the concept (chase the lights, or solve the system), a press to make.

Every rung is computed from one board, the one the learner sees: the step's board for a press list (a learner's
last list is spoken of as theirs, "your last list left ..."), the board as it is now in play.  The chase presses
each cell below a light as often as it takes to bring the light to 0 (k - state times with k states), and the
press suggested is never one already made unless pressing it again is the way (then it says it undoes it).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.puzzles.answers import Level, Rung
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules.grid import Board, Cell, Pattern, Rules, cells_of, pattern_of
from tutor.puzzles.lightsout.rules.notation import format_cell, format_presses
from tutor.puzzles.lightsout.teach.verdicts import nearest_text, residue_text, unsolvable_reason

NOW = "the board as it is now"


def hint_ladder(rules: Rules, board: Board, pressed: Sequence[Cell] = (), where: str = NOW,
                sol: engine.Solution | None = None) -> list[str]:
    """Nudge, concept, concrete move for ``board`` (``where`` names it), as texts (the command line's form);
    ``sol`` is the engine's solution of ``board`` when the caller has it already."""
    return [str(r.text) for r in hint_rungs(rules, board, pressed, where, sol=sol)]


def hint_rungs(rules: Rules, board: Board, pressed: Sequence[Cell] = (), where: str = NOW,
               method: Level = Level.CONCEPT, sol: engine.Solution | None = None) -> list[Rung]:
    """Nudge, concept, concrete move for ``board``, each with how much it tells; ``pressed`` are the presses
    already made on the way to it (a hint that presses one of them again says that it undoes it).  ``method`` is
    how much the chase rung tells: in play it is the next row to clear; for a whole list a method (a nudge), said
    before an author's hints about this board."""
    if not any(board):
        return [Rung("The board is already dark: nothing left to press.", Level.NUDGE)]
    if sol is None:
        sol = engine.solve(rules, board)
    if not sol.solvable:
        assert sol.obstruction is not None
        return [
            Rung("Is this board solvable at all? Count lights on a pattern that pressing never changes.", Level.NUDGE),
            Rung("A quiet pattern is a set of presses that changes nothing; a board must be orthogonal to "
                 "every one to be solvable."),
            Rung("It is not: " + unsolvable_reason(rules, board, sol.obstruction) + ".", Level.MOVE),
        ]
    twice = "twice" if rules.states == 2 else f"{rules.states} times"
    ladder = [Rung(f"{where[0].upper()}{where[1:]} can be darkened. Order never matters, and pressing a cell "
                   f"{twice} does nothing, so look for a set of cells to press.", Level.NUDGE)]
    if rules.chaseable:
        ladder.append(Rung(chase_hint(rules, board, sol.pattern or b""), method))
    else:
        ladder.append(Rung("Think of each press as a vector; solve the linear system A x = b.", method))
    sample = cells_of(rules, sol.pattern or b"")
    if sample:
        made = set(cells_of(rules, pattern_of(rules, pressed)))  # pressed a net number of times: twice is none
        ladder.append(Rung(press_hint(sample, made, sol.minimal, where, rules.states), Level.MOVE))
    return ladder


def times(cell: Cell, n: int) -> str:
    """``b2``, ``b2 twice``, ``b2 3 times``."""
    name = format_cell(*cell)
    return name if n == 1 else f"{name} twice" if n == 2 else f"{name} {n} times"


def chase_hint(rules: Rules, board: Board, pattern: Pattern) -> str:
    """The chase's next row: each light of the first lit row cleared from below, pressed (k - state) times; or,
    when only the last row is lit, the top-row presses that fix its residue."""
    n, k = rules.cols, rules.states
    top = next((r for r in range(rules.rows - 1) if any(board[r * n : (r + 1) * n])), None)
    if top is None:
        top_fix = [cell for cell in cells_of(rules, pattern) if cell[0] == 0]
        return (f"Only the last row is lit: the chase has left the residue {residue_text(rules, board)}. "
                f"Press {format_presses(top_fix)} in row 1, then chase again from the top.")
    lit = [(c, board[top * n + c]) for c in range(n) if board[top * n + c]]
    names = " ".join(format_cell(top, c) for c, _ in lit)
    below = ", ".join(times((top + 1, c), (k - v) % k) for c, v in lit)
    if k == 2:
        return (f"Chase the lights: row {top + 1} has {names} lit; press the cells just below them ({below}) to "
                f"clear it without touching the rows above.")
    states = ", ".join(f"{format_cell(top, c)} at {v}" for c, v in lit)
    return (f"Chase the lights: row {top + 1} has {states}. A press just below a cell adds 1 to it, so press "
            f"each cell below {k} - (its state) times ({below}) to bring the row to 0 without touching the rows "
            f"above.")


def press_hint(solution: Sequence[Cell], pressed: set[Cell], minimal: bool, where: str, states: int) -> str:
    """A cell of a solution from the board now: one already pressed first, said as an undo (the likeliest
    slip), else the first."""
    kind = "fewest-press " if minimal else ""
    made = [cell for cell in solution if cell in pressed]
    if made:
        cell = format_cell(*made[0])
        undo = ("it undoes your earlier press of it (pressing a cell twice does nothing)" if states == 2 else
                f"you have pressed it before, and pressing it {states} times in all does nothing")
        return f"Press {cell}: {undo}, and a {kind}solution from {where} presses it."
    return f"Press {format_cell(*solution[0])}: it is part of a {kind}solution from {where}."


def list_rung(rules: Rules, board: Board, cells: Sequence[Cell]) -> Rung | None:
    """What a learner's last press list left, and how far it is from the nearest solution (how many presses
    extra and missing, never which: naming them would give the answer)."""
    said = nearest_text(rules, board, cells)
    if not said:
        return None
    return Rung(f"Against the nearest solution of the step's board, your last list has {said}. The hints that "
                f"follow are for the board as the step shows it, not the board your list left.")

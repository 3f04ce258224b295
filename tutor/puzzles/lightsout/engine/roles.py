"""Which cells every solution of a board presses, which some do, and which none (two states).

The solutions of a solvable board are one solution ``x`` plus every quiet pattern (the kernel of the press
matrix over GF(2)).  A cell some quiet pattern presses is pressed by exactly half of the solutions, whatever
``x`` is; a cell no quiet pattern presses is pressed by all of them (if ``x`` presses it) or by none.  A basis
of the quiet patterns is enough to tell: a cell no basis pattern presses is pressed by no combination of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.puzzles.lightsout.engine import analyze, one_solution
from tutor.puzzles.lightsout.rules.grid import Board, Cell, Rules


class Role(StrEnum):
    """How the solutions of a board treat one cell."""

    EVERY = "every"  # every solution presses it
    SOME = "some"  # half of the solutions press it (there are several)
    NONE = "none"  # no solution presses it


@dataclass(frozen=True)
class Roles:
    """The role of every cell of a solvable two-state board (row-major, one per cell)."""

    rules: Rules
    roles: tuple[Role, ...]

    def of(self, cell: Cell) -> Role:
        """The role of ``cell`` (row, column)."""
        row, col = cell
        return self.roles[row * self.rules.cols + col]


def roles(rules: Rules, board: Board) -> Roles | None:
    """Each cell's role among the solutions of ``board``; None if it cannot be darkened or has more than two
    states (a press pressed again then does not undo itself, so "pressed by a solution" is not a yes or no).

    >>> from tutor.puzzles.lightsout.rules.grid import Rules
    >>> found = roles(Rules(3, 3), bytes([1] * 9))  # all on: one solution, the corners and the centre
    >>> "".join(r.value[0] for r in found.roles)
    'enenenene'
    """
    if rules.states != 2:
        return None
    solution = one_solution(rules, board)
    if solution is None:
        return None
    quiet = analyze(rules).quiet
    free = [any(pattern[i] for pattern in quiet) for i in range(rules.cells)]
    return Roles(rules, tuple(Role.SOME if free[i] else Role.EVERY if solution[i] else Role.NONE
                              for i in range(rules.cells)))

"""Which cells every solution of a board presses, which some do, and which none, over GF(p) for p states.

The solutions of a solvable board are one solution ``x`` plus every quiet pattern (the kernel of the press
matrix over GF(p), p the number of states).  A cell some quiet pattern presses is pressed 0, 1, ..., p - 1 times by
equally many solutions, whatever ``x`` is (adding multiples of that pattern runs through every count); a cell no
quiet pattern presses is pressed ``x[i]`` times by all of them (none, when that is 0).  A basis of the quiet
patterns is enough to tell: a cell no basis pattern presses is pressed by no combination of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tutor.puzzles.lightsout.engine import analyze, one_solution
from tutor.puzzles.lightsout.rules.grid import Board, Cell, Rules


class Role(StrEnum):
    """How the solutions of a board treat one cell."""

    EVERY = "every"  # every solution presses it, the same number of times
    SOME = "some"  # the solutions press it 0, 1, ..., p - 1 times, each as often (there are several)
    NONE = "none"  # no solution presses it


@dataclass(frozen=True)
class Roles:
    """The role of every cell of a solvable board (row-major, one per cell), and how many times every solution
    presses each cell whose role is fixed (0 for a cell in none, and for a cell in only some)."""

    rules: Rules
    roles: tuple[Role, ...]
    counts: tuple[int, ...]

    def of(self, cell: Cell) -> Role:
        """The role of ``cell`` (row, column)."""
        row, col = cell
        return self.roles[row * self.rules.cols + col]

    def count(self, cell: Cell) -> int:
        """How many times every solution presses ``cell`` (0 unless its role is ``EVERY``)."""
        row, col = cell
        return self.counts[row * self.rules.cols + col]


def roles(rules: Rules, board: Board) -> Roles | None:
    """Each cell's role among the solutions of ``board``; None if it cannot be darkened.

    >>> from tutor.puzzles.lightsout.rules.grid import Rules
    >>> found = roles(Rules(3, 3), bytes([1] * 9))  # all on: one solution, the corners and the centre
    >>> "".join(r.value[0] for r in found.roles)
    'enenenene'
    >>> roles(Rules(3, 3, states=3), bytes([1] * 9)).counts  # three states: every cell's count is fixed
    (0, 1, 0, 1, 1, 1, 0, 1, 0)
    """
    solution = one_solution(rules, board)
    if solution is None:
        return None
    quiet = analyze(rules).quiet
    free = [any(pattern[i] for pattern in quiet) for i in range(rules.cells)]
    counts = tuple(0 if free[i] else solution[i] for i in range(rules.cells))
    return Roles(rules, tuple(Role.SOME if free[i] else Role.EVERY if counts[i] else Role.NONE
                              for i in range(rules.cells)), counts)

"""The answers a Lights Out lesson asks for: press lists, the fewest presses, and the chase.

Every kind reads a press list (``a1 b3 3,2``, or a grid of ``X`` and ``.``)
and writes it back canonically: row by row, a cell pressed ``k`` times
cancelled.  Hints and completions are the same for every kind: the hint ladder
for the board after the presses written so far, and every cell name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tutor.errors import InvalidParams, TutorError
from tutor.puzzles.answers import AnswerKind, Hint, Kinds, Level, Rung, Verdict
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine.chase import chase
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Cell, cells_of, pattern_of
from tutor.puzzles.lightsout.rules.notation import format_cell, format_presses
from tutor.puzzles.lightsout.rules.presses import parse_presses
from tutor.puzzles.lightsout.teach import wrong
from tutor.puzzles.lightsout.teach.conjecture import ConjectureKind
from tutor.puzzles.lightsout.teach.hints import hint_rungs, list_rung
from tutor.puzzles.lightsout.teach.verdicts import (
    chase_stage,
    judge_chase,
    judge_chase_row,
    judge_presses,
    judge_top_row,
    need_chase,
    solution_text,
)
from tutor.puzzles.options import Args, Option
from tutor.screen.shown import Drawn

KINDS = Kinds()
STEP_BOARD = "the board as the step shows it"
PRESS_RUN = re.compile(r"\b[a-z]{1,3}\d{1,4}\b(?:[ ,]+[a-z]{1,3}\d{1,4}\b)+")  # "a1 c1 a3 c3"

ROW = Option("row", int, 1, "the row (1-based) a chase step clears: for chase_row answers and chase_board",
             minimum=1)


class PressList(AnswerKind[LightsGame, list[Cell]]):
    """A press list on the game's board: read, written canonically, hinted and completed alike."""

    wrong_answers = wrong.press_lists

    def parse(self, game: LightsGame, text: str, args: Args) -> list[Cell]:
        """The cells pressed, in the order written, repeats kept."""
        return parse_presses(text, game.rules)

    def format(self, game: LightsGame, answer: list[Cell], args: Args) -> str:
        """Row by row, repeats reduced mod k: ``b2 a1 b2 3,3`` is ``a1 c3``."""
        rules = game.rules
        return format_presses(cells_of(rules, pattern_of(rules, answer)))

    def hints(self, game: LightsGame, args: Args, text: str) -> Sequence[Hint]:
        """The ladder for the step's board, the one on screen; a last list is spoken of as the learner's (how far
        it is from the nearest solution), never as the board to work from."""
        rules = game.rules
        cells = parse_presses(text, rules) if text.strip() else []
        mine = list_rung(rules, game.lights, cells)
        return [*([mine] if mine else []), *hint_rungs(rules, game.lights, (), STEP_BOARD, Level.NUDGE)]

    def gives_away(self, game: LightsGame, args: Args, text: str, learner: str = "") -> str | None:
        """A whole right answer written anywhere in ``text``: any run of two or more cell names that this kind
        judges correct (the reference's picture aside, a press list is given away in any order)."""
        for run in PRESS_RUN.finditer(text):
            try:
                if self.check(game, parse_presses(run.group(), game.rules), args).correct:
                    return f"the whole press list {run.group()!r}"
            except TutorError:
                continue
        return None

    def completions(self, game: LightsGame, args: Args, text: str) -> list[str]:
        """Every cell name of the board."""
        rules = game.rules
        return [format_cell(r, c) for r in range(rules.rows) for c in range(rules.cols)]


@KINDS.register
class Presses(PressList):
    """Any press list that darkens the board."""

    name = "presses"
    description = "a press list that darkens the board (any solution)"

    def check(self, game: LightsGame, answer: list[Cell], args: Args) -> Verdict:
        """All dark after the presses?"""
        return judge_presses(game.rules, game.lights, answer)

    def reference(self, game: LightsGame, args: Args) -> Drawn | None:
        """A fewest-press solution."""
        return solution_text(game.rules, game.lights)


@KINDS.register
class Minimal(PressList):
    """A press list that darkens the board with the fewest presses."""

    name = "minimal"
    description = "a press list that darkens the board with the fewest presses"

    def check(self, game: LightsGame, answer: list[Cell], args: Args) -> Verdict:
        """All dark, and no more presses than the fewest?"""
        return judge_presses(game.rules, game.lights, answer, need_minimal=True)

    def reference(self, game: LightsGame, args: Args) -> Drawn | None:
        """A fewest-press solution."""
        return solution_text(game.rules, game.lights)


class ChaseKind(PressList):
    """An answer about the light chase: only for plus presses on a flat board."""

    def need(self, game: LightsGame, args: Args) -> None:
        """Refuse rules the chase does not apply to (before reading the answer)."""
        need_chase(game.rules, f"answer kind {self.name!r}")

    def parse(self, game: LightsGame, text: str, args: Args) -> list[Cell]:
        """The cells pressed, once the chase is known to apply."""
        self.need(game, args)
        return parse_presses(text, game.rules)


@KINDS.register
class ChaseRow(ChaseKind):
    """The presses in row ROW + 1 that clear row ROW in the chase."""

    name = "chase_row"
    description = "the presses in row ROW+1 that clear row ROW of the chase (argument row)"
    args = (ROW,)

    def need(self, game: LightsGame, args: Args) -> None:
        """The chase applies, and row ROW has a row below it."""
        super().need(game, args)
        if args["row"] >= game.rules.rows:
            raise InvalidParams(f"row {args['row']} has no row below it on a {game.rules.rows}-row board")

    def hints(self, game: LightsGame, args: Args, text: str) -> Sequence[Hint]:
        """For the board the step shows (the chase so far), never the game's first board: the row's lights as they
        are now, and what a press below a light does; the presses themselves are the answer."""
        self.need(game, args)
        rules, row = game.rules, args["row"] - 1
        board = chase_stage(rules, game.lights, row).board
        lit = [format_cell(row, c) for c in range(rules.cols) if board[row * rules.cols + c]]
        now = (f"Row {row + 1} as the board above shows it has {' '.join(lit)} lit." if lit else
               f"Row {row + 1} as the board above shows it is already dark: no presses are needed.")
        return [Rung(now, Level.CONCEPT),
                Rung(f"A press in row {row + 2} switches exactly one cell of row {row + 1}, the one just above it, "
                     f"and nothing higher up.", Level.CONCEPT)]

    def check(self, game: LightsGame, answer: list[Cell], args: Args) -> Verdict:
        """Exactly the presses under the row's lights?"""
        return judge_chase_row(game.rules, game.lights, args["row"] - 1, answer)

    def reference(self, game: LightsGame, args: Args) -> str | None:
        """The presses under the row's lights, as the chase has left them."""
        self.need(game, args)
        return format_presses(chase_stage(game.rules, game.lights, args["row"] - 1).expected)


@KINDS.register
class Chase(ChaseKind):
    """Every press of a whole chase from row 2 down."""

    name = "chase"
    description = "every press of a chase from row 2 down (no top-row presses)"

    def check(self, game: LightsGame, answer: list[Cell], args: Args) -> Verdict:
        """The chase, row by row; the verdict names the first row that differs."""
        return judge_chase(game.rules, game.lights, answer)

    def reference(self, game: LightsGame, args: Args) -> str | None:
        """The chase's presses."""
        self.need(game, args)
        return format_presses(chase(game.rules, game.lights).cells())


@KINDS.register
class TopRow(ChaseKind):
    """Top-row presses after which a plain chase darkens the board."""

    name = "top_row"
    description = "top-row presses after which a plain chase darkens the whole board"

    def need(self, game: LightsGame, args: Args) -> None:
        """The chase applies, with two states."""
        super().need(game, args)
        if game.rules.states != 2:
            raise InvalidParams("answer kind 'top_row' is for 2-state boards")

    def check(self, game: LightsGame, answer: list[Cell], args: Args) -> Verdict:
        """Does the chase after these presses leave the last row dark?"""
        return judge_top_row(game.rules, game.lights, answer)

    def reference(self, game: LightsGame, args: Args) -> str | None:
        """The top row of a fewest-press solution."""
        self.need(game, args)
        sol = engine.solve(game.rules, game.lights)
        if sol.pattern is None:
            return None
        return format_presses([cell for cell in cells_of(game.rules, sol.pattern) if cell[0] == 0])


KINDS.register(ConjectureKind)  # a formula for the nullity of every board (``workbench``)

"""What lessons quote: the board and the board mid-chase drawn, the residue table, the quiet patterns, the
obstruction, the press matrix."""

from __future__ import annotations

from tutor.puzzles.answers import Quantities
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.teach import texts
from tutor.puzzles.lightsout.teach.kinds import ROW
from tutor.puzzles.lightsout.teach.pictures import board_text
from tutor.puzzles.lightsout.teach.quantities.words import fixed_explanation, line_by_line
from tutor.puzzles.options import Args

QUANTITIES = Quantities()


@QUANTITIES.register("board", "the board, drawn with column letters and row numbers",
                     explain=fixed_explanation("The board as the step's parameters give it (X lit, . dark)."),
                     refute=line_by_line("The board"))
def board(game: LightsGame, args: Args) -> str:
    """The drawing: ``{{board}}`` in a lesson shows this, not the parameter's text."""
    return board_text(game.rules, game.lights)


@QUANTITIES.register("chase_board", "the board a chase faces before clearing row ROW (argument row), drawn",
                     args=(ROW,),
                     explain=fixed_explanation("The board after chasing the rows above the one asked about."),
                     refute=line_by_line("The board"))
def chase_board(game: LightsGame, args: Args) -> str:
    """The board after chasing the rows above ROW."""
    return texts.chase_board(game.rules, game.lights, args["row"] - 1)


@QUANTITIES.register("residue_table",
                     "each last row a chase can leave, and the top-row presses that fix it (classic)",
                     explain=fixed_explanation("Each top row, pressed on a dark board and chased, leaves a last row; "
                                               "the table keeps the fewest top row for each."),
                     refute=line_by_line("The table"))
def residue_table(game: LightsGame, args: Args) -> str:
    """Every reachable residue with its fewest top-row fix."""
    return texts.residue_table(game.rules)


@QUANTITIES.register("quiet_boards", "a basis of the quiet patterns, drawn side by side",
                     explain=fixed_explanation("A basis of the quiet patterns from the engine's elimination."),
                     refute=line_by_line("The drawing"))
def quiet_boards(game: LightsGame, args: Args) -> str:
    """At most four of them."""
    return texts.quiet_boards(game.rules)


@QUANTITIES.register("obstruction", "why the board cannot be darkened (a quiet pattern it breaks), or that it can",
                     explain=fixed_explanation("A quiet pattern with an odd number of the board's lights on it, "
                                               "or none."),
                     refute=line_by_line("The reason"))
def obstruction(game: LightsGame, args: Args) -> str:
    """The parity argument with the quiet pattern the board breaks."""
    return texts.obstruction(game.rules, game.lights)


@QUANTITIES.register("press_matrix", "the press matrix of a board of at most 16 cells, drawn",
                     explain=fixed_explanation("Row i, column j: how often pressing cell j changes cell i."),
                     refute=line_by_line("The matrix"))
def press_matrix(game: LightsGame, args: Args) -> str:
    """Row i, column j: how often pressing j changes i."""
    return texts.press_matrix_text(game.rules)

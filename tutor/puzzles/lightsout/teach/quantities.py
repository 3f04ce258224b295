"""The values a Lights Out lesson may ask for or quote, computed by the engine.

Counts come from the engine's analysis of the rules (rank, nullity) and its
solution of the board; the texts (drawn boards, the residue table, the method
race) from ``texts`` and ``race``.
"""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Quantities
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine.chase import chase
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.teach import race, texts
from tutor.puzzles.lightsout.teach.kinds import ROW
from tutor.puzzles.lightsout.teach.verdicts import board_text, need_chase, residue_text
from tutor.puzzles.lightsout.theory import poly_nullity
from tutor.puzzles.options import Args

QUANTITIES = Quantities()


@QUANTITIES.register("rank", "rank of the press matrix")
def rank(game: LightsGame, args: Args) -> int:
    """From the engine's analysis of the rules."""
    return engine.analyze(game.rules).rank


@QUANTITIES.register("nullity", "dimension of the space of quiet patterns")
def nullity(game: LightsGame, args: Args) -> int:
    """Cells minus rank."""
    return engine.analyze(game.rules).nullity


@QUANTITIES.register("solutions", "number of press patterns that darken the board (0 if none)")
def solutions(game: LightsGame, args: Args) -> int:
    """k^nullity for a solvable board, else 0."""
    return engine.solve(game.rules, game.lights).solutions


@QUANTITIES.register("solvable_boards", "number of boards of this shape that can be darkened")
def solvable_boards(game: LightsGame, args: Args) -> int:
    """k^rank."""
    return engine.analyze(game.rules).solvable_boards


@QUANTITIES.register("quiet_patterns", "number of quiet patterns other than pressing nothing")
def quiet_patterns(game: LightsGame, args: Args) -> int:
    """k^nullity - 1."""
    return engine.analyze(game.rules).solutions_per_board - 1


@QUANTITIES.register("min_presses", "the fewest presses that darken the board")
def min_presses(game: LightsGame, args: Args) -> int:
    """The fewest found by searching the quiet patterns; refused for a board that cannot be darkened."""
    sol = engine.solve(game.rules, game.lights)
    if not sol.solvable:
        raise InvalidParams("min_presses: this board cannot be darkened")
    return sol.press_count


@QUANTITIES.register("solvable", "whether the board can be darkened: yes or no")
def solvable(game: LightsGame, args: Args) -> str:
    """Yes or no."""
    return "yes" if engine.solve(game.rules, game.lights).solvable else "no"


@QUANTITIES.register("lit", "number of lit cells on the board")
def lit(game: LightsGame, args: Args) -> int:
    """Cells that are not dark."""
    return sum(1 for v in game.lights if v)


@QUANTITIES.register("residue", "the last row left after chasing the board")
def residue(game: LightsGame, args: Args) -> str:
    """In board notation: ``X...X``."""
    need_chase(game.rules, "answer kind 'chase'")
    return residue_text(game.rules, game.lights)


@QUANTITIES.register("chase_presses", "how many presses the chase makes")
def chase_presses(game: LightsGame, args: Args) -> int:
    """Every press of the chase from row 2 down, repeats counted."""
    need_chase(game.rules, "answer kind 'chase'")
    return chase(game.rules, game.lights).count


@QUANTITIES.register("poly_nullity", "nullity from deg gcd(f_m(x), f_n(x+1)) over GF(2) (classic rules)")
def poly_nullity_quantity(game: LightsGame, args: Args) -> int:
    """Sutner's polynomials, independent of the elimination."""
    rules = game.rules
    if not rules.classic:
        raise InvalidParams("poly_nullity is defined for the classic rules only")
    return poly_nullity(rules.rows, rules.cols)


@QUANTITIES.register("board", "the board, drawn with column letters and row numbers")
def board(game: LightsGame, args: Args) -> str:
    """The drawing: ``{{board}}`` in a lesson shows this, not the parameter's text."""
    return board_text(game.rules, game.lights)


@QUANTITIES.register("chase_board", "the board a chase faces before clearing row ROW (argument row), drawn",
                     args=(ROW,))
def chase_board(game: LightsGame, args: Args) -> str:
    """The board after chasing the rows above ROW."""
    return texts.chase_board(game.rules, game.lights, args["row"] - 1)


@QUANTITIES.register("residue_table",
                     "each last row a chase can leave, and the top-row presses that fix it (classic)")
def residue_table(game: LightsGame, args: Args) -> str:
    """Every reachable residue with its fewest top-row fix."""
    return texts.residue_table(game.rules)


@QUANTITIES.register("quiet_boards", "a basis of the quiet patterns, drawn side by side")
def quiet_boards(game: LightsGame, args: Args) -> str:
    """At most four of them."""
    return texts.quiet_boards(game.rules)


@QUANTITIES.register("obstruction", "why the board cannot be darkened (a quiet pattern it breaks), or that it can")
def obstruction(game: LightsGame, args: Args) -> str:
    """The parity argument with the quiet pattern the board breaks."""
    return texts.obstruction(game.rules, game.lights)


@QUANTITIES.register("press_matrix", "the press matrix of a board of at most 16 cells, drawn")
def press_matrix(game: LightsGame, args: Args) -> str:
    """Row i, column j: how often pressing j changes i."""
    return texts.press_matrix_text(game.rules)


@QUANTITIES.register("method_race",
                     "brute force, the top-row search and the tutor's chase timed on the board (text)")
def method_race(game: LightsGame, args: Args) -> str:
    """Timed on this computer; the counts are exact."""
    return race.method_race(game.rules, game.lights)


@QUANTITIES.register("press_sets", "how many press sets brute force must try: states^cells")
def press_sets(game: LightsGame, args: Args) -> int | str:
    """states^cells, as text (``2^1000000``) when too long to print."""
    return texts.count_value(game.states, game.rules.cells)


@QUANTITIES.register("top_rows", "how many top rows the top-row search must try: 2^cols")
def top_rows(game: LightsGame, args: Args) -> int | str:
    """states^cols, as text when too long to print."""
    return texts.count_value(game.states, game.rules.cols)


@QUANTITIES.register("top_row_cells", "how many unknowns the chase leaves: the cells of the top row")
def top_row_cells(game: LightsGame, args: Args) -> int:
    """The columns."""
    return game.rules.cols

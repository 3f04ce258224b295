"""The method race: brute force, the top-row search and the tutor's chase, and the counts each must try."""

from __future__ import annotations

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.notation import column_name, format_cell
from tutor.puzzles.lightsout.teach import race, texts
from tutor.puzzles.lightsout.teach.quantities import choices, mistakes
from tutor.puzzles.lightsout.teach.quantities.words import (
    count,
    fixed_explanation,
    line_by_line,
    number,
    power_mistakes,
    shown,
)
from tutor.puzzles.options import Args
from tutor.screen.text import sequence_text

QUANTITIES = Quantities()


@QUANTITIES.register("method_race",
                     "brute force, the top-row search and the tutor's chase timed on the board (text)",
                     explain=fixed_explanation("Each method timed on this computer; the counts are exact."),
                     refute=line_by_line("The race"))
def method_race(game: LightsGame, args: Args) -> str:
    """Timed on this computer; the counts are exact."""
    return race.method_race(game.rules, game.lights)


def explain_press_sets(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    return (f"Each of the {r.cells} cells is pressed 0 to {r.states - 1} times, independently: "
            f"{shown(r.states, r.cells)} sets.")


def refute_press_sets(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    n = number(wrong)
    extra = power_mistakes(n, r.states, r.cells, "cells") if n is not None and n >= 0 else ""
    structure = (f"Each of the {r.cells} cells is pressed or not independently of the others (pressing nothing "
                 f"counts), so the choices multiply" if r.states == 2 else
                 f"Each of the {r.cells} cells is pressed 0 to {r.states - 1} times, independently, so the "
                 f"choices multiply")
    return count(wrong, value if isinstance(value, int) else r.states**min(r.cells, 4000),
                  "A number of press sets", structure, extra)


@QUANTITIES.register("press_sets", "how many press sets brute force must try: states^cells",
                     explain=explain_press_sets, refute=refute_press_sets, misconceptions=choices.PRESS_SETS)
def press_sets(game: LightsGame, args: Args) -> int | str:
    """states^cells, as text (``2^1000000``) when too long to print."""
    return texts.count_value(game.states, game.rules.cells)


def explain_top_rows(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    return f"Each of the {r.cols} top-row cells is pressed or not: {shown(r.states, r.cols)} top rows."


def refute_top_rows(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    n = number(wrong)
    extra = power_mistakes(n, r.states, r.cols, "cells") if n is not None and n >= 0 else ""
    row = sequence_text([format_cell(0, c) for c in range(r.cols)], 12)
    return count(wrong, value if isinstance(value, int) else r.states**min(r.cols, 4000), "A number of top rows",
                  f"Each cell of the top row ({row}) is pressed or not independently, pressing none counts, "
                  f"so the choices multiply", extra)


@QUANTITIES.register("top_rows", "how many top rows the top-row search must try: 2^cols",
                     explain=explain_top_rows, refute=refute_top_rows, misconceptions=choices.TOP_ROWS)
def top_rows(game: LightsGame, args: Args) -> int | str:
    """states^cols, as text when too long to print."""
    return texts.count_value(game.states, game.rules.cols)


def explain_top_row_cells(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    last = column_name(r.cols - 1)
    named = (f"a1 to {last}1" if r.cols <= 26 else
             f"a1 to {last}1: after column z come aa, ab, ..., so the last of the {r.cols:,} columns is {last}")
    return (f"The chase decides every press below row 1 from the row above it, so only the {value:,} top-row cells "
            f"({named}) are unknown.")


def refute_top_row_cells(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    n = number(wrong)
    extra = ""
    if n == r.cells and r.rows > 1:
        extra = "That is one unknown per cell, the system before the chase."
    elif n == 2 and r.states == 2 and r.cols != 2:
        extra = "2 is the number of values each unknown can take (0 or 1)."
    elif n is not None and n > 0:
        extra = "Count the cells of row 1 of this board: each is one unknown."
    return count(wrong, value, "A number of unknowns",
                  "The chase fixes the presses of every row below the top from the row above it; what is left "
                  f"unknown is one press per cell of the top row of the {r.describe()} board", extra)


@QUANTITIES.register("top_row_cells", "how many unknowns the chase leaves: the cells of the top row",
                     explain=explain_top_row_cells, refute=refute_top_row_cells,
                     misconceptions=mistakes.TOP_ROW_CELLS)
def top_row_cells(game: LightsGame, args: Args) -> int:
    """The columns."""
    return game.rules.cols

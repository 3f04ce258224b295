"""Counts from the board: its lit cells, whether it can be darkened, and the fewest presses that do it."""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import lit_cells
from tutor.puzzles.lightsout.rules.notation import press_names
from tutor.puzzles.lightsout.teach.quantities import mistakes
from tutor.puzzles.lightsout.teach.quantities.words import count, digits, negative, number, press_list
from tutor.puzzles.lightsout.teach.verdicts import solvable_reason
from tutor.puzzles.options import Args
from tutor.text import plural

QUANTITIES = Quantities()


def explain_min_presses(game: LightsGame, args: Args, value: Value) -> str:
    sol = engine.solve(game.rules, game.lights)
    how = ("the only solution" if sol.solutions == 1 else
           f"the fewest of all {digits(sol.solutions)} solutions" if sol.minimal else "the fewest the search found")
    presses = plural(int(value), "press", "presses")
    return f"{press_list(game.rules, sol.pattern or b'')} darkens the board with {presses}, {how}."


def refute_min_presses(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r, board = game.rules, game.lights
    bad = negative(wrong, "A number of presses")
    if bad:
        return bad
    n = number(wrong)
    assert n is not None and isinstance(value, int)
    sol = engine.solve(r, board)
    if n > value:
        among = "its only solution" if sol.solutions == 1 else f"one of its {digits(sol.solutions)} solutions"
        return f"A press list with fewer than {n} presses darkens the board: {among}."
    if n == 0:
        return f"The board has {plural(len(lit_cells(r, board)), 'light')} on, so it needs some presses."
    if sol.solutions == 1:
        return (f"The {r.describe()} board has no quiet patterns, so exactly one set of presses darkens it, "
                f"and that set has more than {n} presses.")
    if not sol.minimal:
        return f"The search found no press list of {n} presses that darkens the board."
    return (f"All {plural(sol.solutions, 'solution')} of the board (one solution plus each quiet pattern) were "
            f"checked, and each has more than {n} presses.")


@QUANTITIES.register("min_presses", "the fewest presses that darken the board",
                     explain=explain_min_presses, refute=refute_min_presses, misconceptions=mistakes.MIN_PRESSES)
def min_presses(game: LightsGame, args: Args) -> int:
    """The fewest found by searching the quiet patterns; refused for a board that cannot be darkened."""
    sol = engine.solve(game.rules, game.lights)
    if not sol.solvable:
        raise InvalidParams("min_presses: this board cannot be darkened")
    return sol.press_count


def explain_solvable(game: LightsGame, args: Args, value: Value) -> str:
    sol = engine.solve(game.rules, game.lights, minimize=False)
    reason = solvable_reason(game.rules, game.lights, sol)
    if sol.solvable:
        return f"Yes: {reason}; for instance {press_list(game.rules, sol.pattern or b'')} darkens it."
    return f"No: {reason}."


def refute_solvable(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    if str(wrong).strip().lower() not in ("yes", "no"):
        return f"The answer is yes or no, not {wrong!r}."
    return explain_solvable(game, args, value)


@QUANTITIES.register("solvable", "whether the board can be darkened: yes or no",
                     explain=explain_solvable, refute=refute_solvable)
def solvable(game: LightsGame, args: Args) -> str:
    """Yes or no."""
    return "yes" if engine.solve(game.rules, game.lights).solvable else "no"


def explain_lit(game: LightsGame, args: Args, value: Value) -> str:
    return f"The lit cells: {press_names(lit_cells(game.rules, game.lights), 24)} ({value})."


def refute_lit(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    lit = lit_cells(game.rules, game.lights)
    return count(wrong, value, "A number of lights",
                  f"The lit cells are {press_names(lit, 24) if lit else 'none at all'}")


@QUANTITIES.register("lit", "number of lit cells on the board", explain=explain_lit, refute=refute_lit)
def lit(game: LightsGame, args: Args) -> int:
    """Cells that are not dark."""
    return sum(1 for v in game.lights if v)

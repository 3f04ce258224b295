"""Counts from the board: its lit cells, whether it can be darkened, and the fewest presses that do it."""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import NEIGHBOURHOODS, cells_of, lit_cells
from tutor.puzzles.lightsout.rules.notation import press_names
from tutor.puzzles.lightsout.teach.quantities import fewest
from tutor.puzzles.lightsout.teach.quantities.words import count, digits, negative, number, press_list, spelled
from tutor.puzzles.lightsout.teach.verdicts import all_on_theorem, solvable_reason
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()
NO_QUIET = "no set of presses but pressing nothing leaves every light as it was"  # lesson 1 says it before the term


def explain_min_presses(game: LightsGame, args: Args, value: Value) -> str:
    sol = engine.solve(game.rules, game.lights)
    how = ("the only solution" if sol.solutions == 1 else
           f"the fewest of all {digits(sol.solutions)} solutions" if sol.minimal else "the fewest the search found")
    presses = plural(int(value), "press", "presses")
    return f"{press_list(game.rules, sol.pattern or b'')} darkens the board with {presses}, {how}."


def refute_min_presses(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    """Too many: the extra presses are a cancelling pair or a quiet pattern's worth; too few: the lights they
    could reach, or every solution checked (one solution plus each quiet pattern)."""
    r, board = game.rules, game.lights
    bad = negative(wrong, "A number of presses")
    if bad:
        return bad
    n = number(wrong)
    assert n is not None and isinstance(value, int)
    sol = engine.solve(r, board)
    lit = len(lit_cells(r, board))
    if n > value:
        if sol.solutions == 1:
            return (f"On the {r.describe()} board {NO_QUIET}, so only one set of presses darkens it. {n} presses "
                    f"are either another set, which leaves lights on, or that set with presses that cancel "
                    f"(pressing a cell {'twice' if r.states == 2 else f'{r.states} times'} does nothing).")
        return (f"{n} presses may darken the board, but the board has {digits(sol.solutions)} solutions (one "
                f"solution plus each quiet pattern), and adding the right quiet pattern cancels presses: some "
                f"solution is shorter.")
    if n == 0:
        return f"The board has {plural(lit, 'light')} on, so it needs some presses."
    reach = len(NEIGHBOURHOODS[r.neighbourhood])  # no press switches more cells than its neighbourhood has
    if n * reach < lit and r.states == 2:
        return (f"A press switches at most {spelled(reach)} cells, so {plural(n, 'press', 'presses')} "
                f"switch{'es' if n == 1 else ''} at most {n * reach} cells: fewer than the {lit} lit ones.")
    if sol.solutions == 1:
        return (f"On the {r.describe()} board {NO_QUIET}, so exactly one set of presses darkens it: find "
                f"it and count its presses, each cell once. No set of {n} presses is that set.")
    if not sol.minimal:
        return f"The search found no press list of {n} presses that darkens the board."
    return (f"Every solution is one solution plus a quiet pattern, so the board has only "
            f"{digits(sol.solutions)} of them, and the tutor checked every one: none has as few as {n} presses.")


@QUANTITIES.register("min_presses", "the fewest presses that darken the board",
                     explain=explain_min_presses, refute=refute_min_presses, misconceptions=fewest.MIN_PRESSES)
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
    """The reason, never a press list: a later step may ask for the presses themselves."""
    if str(wrong).strip().lower() not in ("yes", "no"):
        return f"The answer is yes or no, not {wrong!r}."
    sol = engine.solve(game.rules, game.lights, minimize=False)
    reason = solvable_reason(game.rules, game.lights, sol)
    if not sol.solvable:
        return f"No: {reason}."
    if sol.analysis.nullity == 0:
        return (f"Yes: on the {game.rules.describe()} board {NO_QUIET}, so every board of this size can be "
                f"darkened, this one included.")
    if all_on_theorem(game.rules, game.lights):
        return f"Yes: {reason}."
    return "Yes: " + parity_certificate(game) + "."


def parity_certificate(game: LightsGame) -> str:
    """Why a solvable board is solvable, without a press list: its lights on each quiet pattern of the basis."""
    r, quiet = game.rules, engine.analyze(game.rules).quiet
    parts = []
    for q in quiet[:3]:
        cells = cells_of(r, q)
        if r.states == 2:
            on = sum(1 for r0, c0 in cells if game.lights[r0 * r.cols + c0])
            there = f"the board has {plural(on, 'light')} there, an even number"
        else:
            there = f"the board's weighted sum there is 0 mod {r.states}"
        parts.append(f"pressing {press_names(cells, 12)} changes nothing, and {there}")
    more = f" (and the same for the other {len(quiet) - 3} basis patterns)" if len(quiet) > 3 else ""
    rule = ("every press changes the number of lights on a quiet pattern by an even amount, so an even number "
            "can reach 0" if r.states == 2 else "every press leaves a quiet pattern's weighted sum unchanged")
    return f"{rule}: " + "; ".join(parts) + more


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
    return len(game.lights) - game.lights.count(0)

"""Counts from the rules: the press matrix's rank and nullity, the quiet patterns, the boards that can be
darkened, and the solutions of this one."""

from __future__ import annotations

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.teach.quantities import mistakes
from tutor.puzzles.lightsout.teach.quantities.words import (
    basis_words,
    count,
    negative,
    number,
    plus,
    power_mistakes,
    power_reading,
    press_list,
    shown,
    uses,
)
from tutor.puzzles.lightsout.teach.verdicts import solvable_reason
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()


def explain_rank(game: LightsGame, args: Args, value: Value) -> str:
    a = engine.analyze(game.rules)
    return (f"The press matrix has {a.rank} independent columns: {game.rules.cells} cells, less "
            f"{plural(a.nullity, 'independent quiet pattern')} (presses that change nothing).")


def refute_rank(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    """A count of independent columns, too many or too few: no count of the cells or of the basis is stated, as
    the two together give the rank (a difference one step away, ``tutor.puzzles.giveaway``)."""
    return count(wrong, value, "A rank", f"The rank counts the columns of the {game.rules.describe()} press matrix "
                  "(one per cell) that no sum of the others makes: each pattern of a basis of the quiet patterns "
                  "makes one of them such a sum")


@QUANTITIES.register("rank", "rank of the press matrix", explain=explain_rank, refute=refute_rank,
                     misconceptions=mistakes.RANK)
def rank(game: LightsGame, args: Args) -> int:
    """From the engine's analysis of the rules."""
    return engine.analyze(game.rules).rank


def explain_nullity(game: LightsGame, args: Args, value: Value) -> str:
    a = engine.analyze(game.rules)
    return (f"{game.rules.cells} cells less rank {a.rank}: the quiet patterns have a basis of "
            f"{plural(a.nullity, 'pattern')}.")


def refute_nullity(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    """A count of basis patterns, too many or too few: neither the cells nor the rank is stated, as the cells less
    the rank is the nullity (a difference one step away, ``tutor.puzzles.giveaway``)."""
    return count(wrong, value, "A nullity", f"Every quiet pattern of the {game.rules.describe()} board (presses that "
                  "change nothing) is a sum of patterns of a basis, each used or not, and the nullity counts the "
                  "patterns of a basis")


@QUANTITIES.register("nullity", "dimension of the space of quiet patterns",
                     explain=explain_nullity, refute=refute_nullity, misconceptions=mistakes.NULLITY)
def nullity(game: LightsGame, args: Args) -> int:
    """Cells minus rank."""
    return engine.analyze(game.rules).nullity


def explain_solutions(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    sol = engine.solve(r, game.lights, minimize=False)
    if not sol.solvable:
        return "No press list darkens the board: " + solvable_reason(r, game.lights, sol) + "."
    if sol.analysis.nullity == 0:
        return f"The {r.describe()} board has no quiet patterns, so exactly 1 solution darkens it."
    return (f"One solution plus each of the {shown(r.states, sol.analysis.nullity)} combinations of the quiet "
            f"basis: {plural(sol.solutions, 'solution')}." if sol.analysis.nullity < 200 else
            f"One solution plus each of the {r.states}^{sol.analysis.nullity} combinations of the quiet basis.")


def refute_solutions(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    sol = engine.solve(r, game.lights, minimize=False)
    bad = negative(wrong, "A number of solutions")
    if bad:
        return bad
    n = number(wrong)
    assert n is not None and isinstance(value, int)
    if not sol.solvable:
        return "No press list darkens this board: " + solvable_reason(r, game.lights, sol) + "."
    if n == 0:
        return "The board can be darkened (" + solvable_reason(r, game.lights, sol) + "), so there is at least one."
    structure = ("Every solution is one solution plus a quiet pattern (pressing nothing included); "
                 + basis_words(r, sol.analysis.nullity))
    return count(wrong, value, "A number of solutions", structure,
                 power_reading(n, r.states, sol.analysis.nullity, "basis patterns"))


@QUANTITIES.register("solutions", "number of press patterns that darken the board (0 if none)",
                     explain=explain_solutions, refute=refute_solutions, misconceptions=mistakes.SOLUTIONS)
def solutions(game: LightsGame, args: Args) -> int:
    """k^nullity for a solvable board, else 0."""
    return engine.solve(game.rules, game.lights).solutions


def explain_solvable_boards(game: LightsGame, args: Args, value: Value) -> str:
    r, a = game.rules, engine.analyze(game.rules)
    return (f"The boards that can be darkened are the sums of the press matrix's columns; its {a.rank} independent "
            f"columns, each {uses(r)}, give {shown(r.states, a.rank)} different boards.")


def refute_solvable_boards(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r, a = game.rules, engine.analyze(game.rules)
    n = number(wrong)
    extra = ""
    if n is not None and n >= 0:
        if n == a.rank:
            extra = f"{n} is the rank, the number of independent columns; the boards are all their sums."
        elif r.cells < 4000 and n == r.states**r.cells:
            extra = (f"That is every {r.rows}x{r.cols} board; only {plural(a.rank, 'column')} of "
                     f"{r.cells} are independent.")
        else:
            extra = power_mistakes(n, r.states, a.rank, "independent columns")
    return count(wrong, value, "A number of boards",
                  f"A board can be darkened exactly when it is a sum of columns of the press matrix; "
                  f"{plural(a.rank, 'independent column')}, each {uses(r)}, give that many "
                  f"combinations and each combination a different board", extra)


@QUANTITIES.register("solvable_boards", "number of boards of this shape that can be darkened",
                     explain=explain_solvable_boards, refute=refute_solvable_boards,
                     misconceptions=mistakes.SOLVABLE_BOARDS)
def solvable_boards(game: LightsGame, args: Args) -> int:
    """k^rank."""
    return engine.analyze(game.rules).solvable_boards


def explain_quiet_patterns(game: LightsGame, args: Args, value: Value) -> str:
    r, a = game.rules, engine.analyze(game.rules)
    count = f": {value:,}" if isinstance(value, int) and a.nullity < 60 else ""
    return (f"{shown(r.states, a.nullity)} combinations of the {plural(a.nullity, 'basis pattern')}, less the one "
            f"that presses nothing{count}.")


def refute_quiet_patterns(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r, a = game.rules, engine.analyze(game.rules)
    n = number(wrong)
    extra = ""
    if n is not None and n >= 0:
        if n == a.nullity and a.nullity > 1:
            extra = (f"{n} is the size of the basis; the sum of two basis patterns "
                     f"({press_list(r, plus(r.states, a.quiet[0], a.quiet[1]))}) is quiet too, and it is not "
                     f"in the basis.")
        elif n == (2**a.nullity - 1 if r.states != 2 else -1):
            extra = f"{n} = 2^{a.nullity} - 1 counts with two states; here each basis pattern has {r.states} uses."
        elif a.nullity < 64 and n == r.states**a.nullity:
            extra = "That includes pressing nothing, which the question leaves out."
        else:
            extra = power_reading(n, r.states, a.nullity, "basis patterns", 1)
    return count(wrong, value, "A number of quiet patterns",
                  basis_words(r, a.nullity)[0].upper() + basis_words(r, a.nullity)[1:]
                  + " (pressing nothing is the one not counted)", extra)


@QUANTITIES.register("quiet_patterns", "number of quiet patterns other than pressing nothing",
                     explain=explain_quiet_patterns, refute=refute_quiet_patterns,
                     misconceptions=mistakes.QUIET_PATTERNS)
def quiet_patterns(game: LightsGame, args: Args) -> int:
    """k^nullity - 1."""
    return engine.analyze(game.rules).solutions_per_board - 1

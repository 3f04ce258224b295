"""Why each Lights Out quantity has its value, and why any other value is wrong.

Every quantity of ``quantities`` gets an explanation (``explains``) and a
refutation (``refutes``).  A refutation works for any wrong value (negative,
zero, off by one, huge) and is made from something the engine computed: the
objects counted with one missed, the structure that bounds the count, two
different solutions, the quiet pattern a board breaks, a solution with fewer
presses.  Refutations of numbers never state the right number: the learner may
try again.
"""

from __future__ import annotations

import math
from itertools import product

from tutor.puzzles.answers import Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine.chase import chase
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Pattern, Rules, cells_of, lit_cells
from tutor.puzzles.lightsout.rules.notation import column_name, format_cell, press_names
from tutor.puzzles.lightsout.teach.quantities import QUANTITIES
from tutor.puzzles.lightsout.teach.verdicts import solvable_reason
from tutor.puzzles.options import Args
from tutor.text import plural, sequence_text

SHOWN = 4  # objects named in a refutation that lists some of them


def _number(wrong: Value) -> int | None:
    """The learner's value as an int, or None when it is not a whole number."""
    if isinstance(wrong, bool):
        return None
    if isinstance(wrong, int):
        return wrong
    try:
        return int(str(wrong).strip().replace(",", ""))
    except ValueError:
        return None


def _negative(wrong: Value, what: str) -> str | None:
    """The reason for a value no count can have (negative, or not a number), or None."""
    n = _number(wrong)
    if n is None:
        return f"{what} is a whole number, and {wrong!r} is not one."
    if n < 0:
        return f"{what} is never negative: it counts things."
    return None


def _count(wrong: Value, value: Value, what: str, structure: str, extra: str = "") -> str:
    """A count refuted by its structure: too few or too many for what ``structure`` says exists."""
    bad = _negative(wrong, what)
    if bad:
        return bad
    n = _number(wrong)
    assert n is not None and isinstance(value, int)
    side = "more" if n < value else "fewer"
    return f"{structure}: there are {side} than {_digits(n)}.{(' ' + extra) if extra else ''}"


def _digits(n: int) -> str:
    """``65,536``, or ``a number of 4,301 digits`` past what Python prints."""
    if n.bit_length() > 3000:
        return f"a number of {math.floor(n.bit_length() * math.log10(2)) + 1:,} digits"
    return f"{n:,}"


def _power_mistakes(wrong: int, base: int, exponent: int, unit: str) -> str:
    """The usual slips in counting base^exponent choices: the exponent itself, a sum, pairs, one left out."""
    if wrong == exponent:
        return f"{wrong:,} is the number of {unit}; count the combinations of them instead."
    if wrong == base * exponent:
        return f"{wrong:,} adds {base} choices per {unit[:-1]}; choices for independent {unit} multiply."
    if wrong == exponent * exponent and exponent > 1:
        return f"{wrong:,} counts ordered pairs of {unit}; a set can hold any number of them."
    if exponent < 64 and wrong == base**exponent - 1:
        return "That leaves one out: choosing nothing at all is one of the combinations, and it counts."
    if exponent < 64 and wrong == base**exponent + 1:
        return "That counts one too many: every combination is already counted once, nothing included."
    return ""


def _shown(base: int, exponent: int) -> str:
    """``base^exponent``, with its digits when they are few enough to read: ``2^12 = 4,096``."""
    if exponent * math.log10(base) > 60:
        return f"{base}^{exponent}"
    return f"{base}^{exponent} = {base**exponent:,}"


def _plus(k: int, a: Pattern, b: Pattern) -> Pattern:
    """Press counts added cell by cell, mod ``k``."""
    return bytes((x + y) % k for x, y in zip(a, b, strict=True))


def _solutions(rules: Rules, sol: engine.Solution, limit: int) -> list[Pattern]:
    """Up to ``limit`` different solutions: the engine's plus combinations of the quiet basis."""
    assert sol.pattern is not None
    basis = list(sol.analysis.quiet[:8])
    out: list[Pattern] = []
    for coeffs in product(range(rules.states), repeat=len(basis)):
        p = sol.pattern
        for c, q in zip(coeffs, basis, strict=True):
            for _ in range(c):
                p = _plus(rules.states, p, q)
        out.append(p)
        if len(out) >= limit:
            break
    return out


def _presses(rules: Rules, pattern: Pattern) -> str:
    return press_names(cells_of(rules, pattern), 12)


def _uses(rules: Rules) -> str:
    return "used or not" if rules.states == 2 else f"used 0 to {rules.states - 1} times"


def _basis_words(rules: Rules, nullity: int) -> str:
    """How the quiet patterns are built from a basis of ``nullity`` patterns."""
    uses = _uses(rules)
    return (f"every quiet pattern of the {rules.describe()} board is a combination of "
            f"{plural(nullity, 'basis pattern')}, each {uses}, and different combinations are different patterns")


# -- counts from the rules --------------------------------------------------------------------------


@QUANTITIES.explains("rank")
def explain_rank(game: LightsGame, args: Args, value: Value) -> str:
    a = engine.analyze(game.rules)
    return (f"The press matrix has {a.rank} independent columns: {game.rules.cells} cells, less "
            f"{plural(a.nullity, 'independent quiet pattern')} (presses that change nothing).")


@QUANTITIES.refutes("rank")
def refute_rank(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    a = engine.analyze(game.rules)
    return _count(wrong, value, "A rank", f"The {game.rules.cells} columns of the press matrix (one per cell) "
                  f"satisfy exactly {plural(a.nullity, 'independent dependency', 'independent dependencies')} "
                  f"(the quiet patterns of the basis), and the rank is the cells less those")


@QUANTITIES.explains("nullity")
def explain_nullity(game: LightsGame, args: Args, value: Value) -> str:
    a = engine.analyze(game.rules)
    return (f"{game.rules.cells} cells less rank {a.rank}: the quiet patterns have a basis of "
            f"{plural(a.nullity, 'pattern')}.")


@QUANTITIES.refutes("nullity")
def refute_nullity(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    a = engine.analyze(game.rules)
    return _count(wrong, value, "A nullity", f"The press matrix of {game.rules.cells} cells has rank {a.rank} "
                  f"(independent columns found by {a.method}), and the nullity is the cells less the rank")


@QUANTITIES.explains("poly_nullity")
def explain_poly_nullity(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    return (f"deg gcd(f_{r.rows}(x), f_{r.cols}(x+1)) over GF(2) is {value}, the same as the elimination's "
            f"nullity {engine.analyze(r).nullity}.")


@QUANTITIES.refutes("poly_nullity")
def refute_poly_nullity(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    return _count(wrong, value, "A degree", f"The degree of gcd(f_{r.rows}(x), f_{r.cols}(x+1)) is the "
                  f"nullity, and the {r.rows}x{r.cols} press matrix has rank {engine.analyze(r).rank} of "
                  f"{r.cells}")


@QUANTITIES.explains("solvable_boards")
def explain_solvable_boards(game: LightsGame, args: Args, value: Value) -> str:
    r, a = game.rules, engine.analyze(game.rules)
    return (f"The boards that can be darkened are the sums of the press matrix's columns; its {a.rank} independent "
            f"columns, each {_uses(r)}, give {_shown(r.states, a.rank)} different boards.")


@QUANTITIES.refutes("solvable_boards")
def refute_solvable_boards(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r, a = game.rules, engine.analyze(game.rules)
    n = _number(wrong)
    extra = ""
    if n is not None and n >= 0:
        if n == a.rank:
            extra = f"{n} is the rank, the number of independent columns; the boards are all their sums."
        elif r.cells < 4000 and n == r.states**r.cells:
            extra = (f"That is every {r.rows}x{r.cols} board; only {plural(a.rank, 'column')} of "
                     f"{r.cells} are independent.")
        else:
            extra = _power_mistakes(n, r.states, a.rank, "independent columns")
    return _count(wrong, value, "A number of boards",
                  f"A board can be darkened exactly when it is a sum of columns of the press matrix; "
                  f"{plural(a.rank, 'independent column')}, each {_uses(r)}, give that many "
                  f"combinations and each combination a different board", extra)


@QUANTITIES.explains("quiet_patterns")
def explain_quiet_patterns(game: LightsGame, args: Args, value: Value) -> str:
    r, a = game.rules, engine.analyze(game.rules)
    count = f": {value:,}" if isinstance(value, int) and a.nullity < 60 else ""
    return (f"{_shown(r.states, a.nullity)} combinations of the {plural(a.nullity, 'basis pattern')}, less the one "
            f"that presses nothing{count}.")


@QUANTITIES.refutes("quiet_patterns")
def refute_quiet_patterns(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r, a = game.rules, engine.analyze(game.rules)
    n = _number(wrong)
    extra = ""
    if n is not None and n >= 0:
        if n == a.nullity and a.nullity > 1:
            extra = (f"{n} is the size of the basis; the sum of two basis patterns "
                     f"({_presses(r, _plus(r.states, a.quiet[0], a.quiet[1]))}) is quiet too, and it is not "
                     f"in the basis.")
        elif n == (2**a.nullity - 1 if r.states != 2 else -1):
            extra = f"{n} = 2^{a.nullity} - 1 counts with two states; here each basis pattern has {r.states} uses."
        elif a.nullity < 64 and n == r.states**a.nullity:
            extra = "That includes pressing nothing, which the question leaves out."
    return _count(wrong, value, "A number of quiet patterns",
                  _basis_words(r, a.nullity)[0].upper() + _basis_words(r, a.nullity)[1:]
                  + " (pressing nothing is the one not counted)", extra)


@QUANTITIES.explains("press_sets")
def explain_press_sets(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    return (f"Each of the {r.cells} cells is pressed 0 to {r.states - 1} times, independently: "
            f"{_shown(r.states, r.cells)} sets.")


@QUANTITIES.refutes("press_sets")
def refute_press_sets(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    n = _number(wrong)
    extra = _power_mistakes(n, r.states, r.cells, "cells") if n is not None and n >= 0 else ""
    structure = (f"Each of the {r.cells} cells is pressed or not independently of the others (pressing nothing "
                 f"counts), so the choices multiply" if r.states == 2 else
                 f"Each of the {r.cells} cells is pressed 0 to {r.states - 1} times, independently, so the "
                 f"choices multiply")
    return _count(wrong, value if isinstance(value, int) else r.states**min(r.cells, 4000),
                  "A number of press sets", structure, extra)


@QUANTITIES.explains("top_rows")
def explain_top_rows(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    return f"Each of the {r.cols} top-row cells is pressed or not: {_shown(r.states, r.cols)} top rows."


@QUANTITIES.refutes("top_rows")
def refute_top_rows(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    n = _number(wrong)
    extra = _power_mistakes(n, r.states, r.cols, "cells") if n is not None and n >= 0 else ""
    row = sequence_text([format_cell(0, c) for c in range(r.cols)], 12)
    return _count(wrong, value if isinstance(value, int) else r.states**min(r.cols, 4000), "A number of top rows",
                  f"Each cell of the top row ({row}) is pressed or not independently, pressing none counts, "
                  f"so the choices multiply", extra)


@QUANTITIES.explains("top_row_cells")
def explain_top_row_cells(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    return (f"The chase decides every press below row 1 from the row above it, so only the {value:,} top-row cells "
            f"(a1 to {column_name(r.cols - 1)}1) are unknown.")


@QUANTITIES.refutes("top_row_cells")
def refute_top_row_cells(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    n = _number(wrong)
    extra = ""
    if n == r.cells and r.rows > 1:
        extra = "That is one unknown per cell, the system before the chase."
    elif n == 2 and r.states == 2 and r.cols != 2:
        extra = "2 is the number of values each unknown can take (0 or 1)."
    return _count(wrong, value, "A number of unknowns",
                  "The chase fixes the presses of every row below the top from the row above it; what is left "
                  f"unknown is one press per top-row cell, from a1 to {column_name(r.cols - 1)}1", extra)


# -- counts from the board --------------------------------------------------------------------------


@QUANTITIES.explains("lit")
def explain_lit(game: LightsGame, args: Args, value: Value) -> str:
    return f"The lit cells: {press_names(lit_cells(game.rules, game.lights), 24)} ({value})."


@QUANTITIES.refutes("lit")
def refute_lit(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    lit = lit_cells(game.rules, game.lights)
    return _count(wrong, value, "A number of lights",
                  f"The lit cells are {press_names(lit, 24) if lit else 'none at all'}")


@QUANTITIES.explains("chase_presses")
def explain_chase_presses(game: LightsGame, args: Args, value: Value) -> str:
    return f"The chase presses {press_names(chase(game.rules, game.lights).cells(), 24)}: {value}."


@QUANTITIES.refutes("chase_presses")
def refute_chase_presses(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    return _count(wrong, value, "A number of presses",
                  f"Row by row, the chase presses under each light: "
                  f"{press_names(chase(game.rules, game.lights).cells(), 24)}")


@QUANTITIES.explains("solutions")
def explain_solutions(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    sol = engine.solve(r, game.lights, minimize=False)
    if not sol.solvable:
        return "No press list darkens the board: " + solvable_reason(r, game.lights, sol) + "."
    if sol.analysis.nullity == 0:
        return f"The {r.describe()} board has no quiet patterns, so exactly 1 solution darkens it."
    return (f"One solution plus each of the {_shown(r.states, sol.analysis.nullity)} combinations of the quiet "
            f"basis: {plural(sol.solutions, 'solution')}." if sol.analysis.nullity < 200 else
            f"One solution plus each of the {r.states}^{sol.analysis.nullity} combinations of the quiet basis.")


@QUANTITIES.refutes("solutions")
def refute_solutions(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    sol = engine.solve(r, game.lights, minimize=False)
    bad = _negative(wrong, "A number of solutions")
    if bad:
        return bad
    n = _number(wrong)
    assert n is not None and isinstance(value, int)
    if not sol.solvable:
        return "No press list darkens this board: " + solvable_reason(r, game.lights, sol) + "."
    if n == 0:
        return f"Pressing {_presses(r, sol.pattern or b'')} darkens the board, so there is at least one."
    if n < value and n < SHOWN:
        found = _solutions(r, sol, n + 1)
        listed = "\n".join(f"  {_presses(r, p)}" for p in found)
        return (f"These press sets are all different, and each darkens the board (one solution plus quiet "
                f"patterns), so there are more than {n}:\n{listed}")
    structure = ("Every solution is one solution plus a quiet pattern (pressing nothing included); "
                 + _basis_words(r, sol.analysis.nullity))
    return _count(wrong, value, "A number of solutions", structure)


@QUANTITIES.explains("min_presses")
def explain_min_presses(game: LightsGame, args: Args, value: Value) -> str:
    sol = engine.solve(game.rules, game.lights)
    how = ("the only solution" if sol.solutions == 1 else
           f"the fewest of all {_digits(sol.solutions)} solutions" if sol.minimal else "the fewest the search found")
    presses = plural(int(value), "press", "presses")
    return f"{_presses(game.rules, sol.pattern or b'')} darkens the board with {presses}, {how}."


@QUANTITIES.refutes("min_presses")
def refute_min_presses(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r, board = game.rules, game.lights
    bad = _negative(wrong, "A number of presses")
    if bad:
        return bad
    n = _number(wrong)
    assert n is not None and isinstance(value, int)
    sol = engine.solve(r, board)
    if n > value:
        among = "its only solution" if sol.solutions == 1 else f"one of its {_digits(sol.solutions)} solutions"
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


@QUANTITIES.explains("solvable")
def explain_solvable(game: LightsGame, args: Args, value: Value) -> str:
    sol = engine.solve(game.rules, game.lights, minimize=False)
    reason = solvable_reason(game.rules, game.lights, sol)
    if sol.solvable:
        return f"Yes: {reason}; for instance {_presses(game.rules, sol.pattern or b'')} darkens it."
    return f"No: {reason}."


@QUANTITIES.refutes("solvable")
def refute_solvable(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    if str(wrong).strip().lower() not in ("yes", "no"):
        return f"The answer is yes or no, not {wrong!r}."
    return explain_solvable(game, args, value)

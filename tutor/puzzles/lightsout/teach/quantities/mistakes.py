"""The wrong ideas learners bring to the Lights Out counts, as engine data: each ``Misconception`` computes the
number a learner holding it would answer for this game, and names the idea for this board.

The values come from the same rules the right ones do (rank, nullity, the cells, the lit cells), so they follow
the learner's own variant; an idea that gives no answer here (no quiet patterns, a flat board, a number too long
to type) gives None.  A sentence names what the learner's number counts and never states the right one.

* ``SOLVABLE_BOARDS`` - k^rank: the rank itself, every board, the quiet patterns, the nullity, all boards less the
  quiet ones;
* ``QUIET_PATTERNS``  - k^nullity - 1: the basis size, pressing nothing counted, two states, only the new sums;
* ``SOLUTIONS``       - k^nullity: just one, the nullity, the empty pattern left out, the solvable boards, the rank,
  every press set, one per basis pattern, the choices added, the power swapped;
* ``MIN_PRESSES``     - the fewest: every light pressed, the coverage bound, the flat board, a longer solution, the
  four corners;
* ``PRESS_SETS`` / ``TOP_ROWS`` - k^n: the count n, a sum of choices, pairs, pressing nothing left out, ...;
* ``TOP_ROW_CELLS``   - the columns: every cell, the cells the chase decides, the values of one unknown;
* ``RANK`` / ``NULLITY`` - each taken for the other, every column, the boards or quiet patterns they make.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tutor.puzzles.answers import Misconception, Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import NEIGHBOURHOODS, Rules, apply, lit_cells
from tutor.puzzles.lightsout.rules.notation import format_cell
from tutor.puzzles.lightsout.teach.quantities.words import one_alone
from tutor.puzzles.options import Args
from tutor.text import plural

TYPED = 60  # digits past which a number is not one a learner types: the idea gives None
FLAT_CELLS = 64  # the flat board's fewest presses is searched only this small


def typed(n: int) -> int | None:
    """``n``, or None when it is too long for anyone to type as an answer."""
    return n if n >= 0 and len(str(n)) <= TYPED else None


def power(base: int, exponent: int) -> int | None:
    """``base^exponent`` when short enough to type."""
    if exponent * math.log10(base) > TYPED:
        return None
    return base**exponent


def idea(name: str, value: Callable[[LightsGame], int | None], says: Callable[[LightsGame, int], str]) -> Misconception:
    """A misconception whose value and sentence need only the game (no question arguments)."""

    def given(game: LightsGame, args: Args) -> Value | None:
        return value(game)

    def said(game: LightsGame, args: Args, wrong: Value) -> str:
        return says(game, int(wrong))

    return Misconception(name, given, said)


def unless(value: int | None, *right: int | None) -> int | None:
    """``value``, or None when it equals one of ``right`` (the idea would be judged right, or clash)."""
    return None if value is None or value in right else value


# -- boards that can be darkened: k^rank ----------------------------------------------------------

def _rank(game: LightsGame) -> engine.Analysis:
    return engine.analyze(game.rules)


SOLVABLE_BOARDS = (
    idea("rank-for-boards",
         lambda g: _rank(g).rank,
         lambda g, n: f"{n:,} is the rank: the number of independent columns of the press matrix. The boards the "
                      f"presses reach are all the sums of those columns, each column used or not."),
    idea("every-board",
         lambda g: unless(power(g.states, g.rules.cells), power(g.states, _rank(g).rank)),
         lambda g, n: f"{n:,} counts every {g.rules.rows}x{g.rules.cols} board. Only the sums of the press "
                      f"matrix's columns can be darkened, and its columns are not independent: some presses are "
                      f"quiet."),
    idea("quiet-for-boards",
         lambda g: power(g.states, _rank(g).nullity) if _rank(g).nullity else None,
         lambda g, n: f"{n:,} = {g.states}^{_rank(g).nullity} counts the quiet patterns ({g.states}^nullity, "
                      f"pressing nothing included), not the boards. Boards come from the independent columns, "
                      f"and there are rank of those."),
    idea("nullity-for-boards",
         lambda g: unless(_rank(g).nullity or None, _rank(g).rank),
         lambda g, n: f"{n:,} is the nullity, the number of basis quiet patterns: it counts presses that change "
                      f"nothing. The boards that can be darkened come from the independent columns of the press "
                      f"matrix instead, all their sums."),
    idea("all-less-quiet",
         lambda g: (typed(g.states**g.rules.cells - g.states**_rank(g).nullity)
                    if _rank(g).nullity and g.rules.cells <= 200 else None),
         lambda g, n: f"{n:,} takes every board and subtracts the quiet patterns. But each board that can be "
                      f"darkened is reached by as many press sets as there are quiet patterns (pressing nothing "
                      f"included): the boards are the press sets divided by that, not less it."),
)


# -- quiet patterns other than pressing nothing: k^nullity - 1 --------------------------------------

def _quiet(game: LightsGame) -> int | None:
    nullity = _rank(game).nullity
    return power(game.states, nullity) if nullity else None


QUIET_PATTERNS = (
    idea("basis-size",
         lambda g: unless(_rank(g).nullity or None, (_quiet(g) or 0) - 1),
         lambda g, n: f"{n:,} is the size of the basis, the nullity. Any sum of basis patterns is quiet too, "
                      f"and different combinations are different patterns."),
    idea("nothing-counted",
         _quiet,
         lambda g, n: f"{n:,} counts every combination of the basis, pressing nothing included; the question "
                      f"leaves that one out."),
    idea("two-states",
         lambda g: unless((power(2, _rank(g).nullity) or 0) - 1, 0) if g.states != 2 and _rank(g).nullity else None,
         lambda g, n: f"{n:,} = 2^{_rank(g).nullity} - 1 counts as if each basis pattern were used or not. With "
                      f"{g.states} states a pattern can be used 0 to {g.states - 1} times, so each has "
                      f"{g.states} choices."),
    idea("only-new-sums",
         lambda g: unless((_quiet(g) or 0) - 1 - _rank(g).nullity, 0, _rank(g).nullity) if _quiet(g) else None,
         lambda g, n: f"{n:,} counts only the combinations of two or more basis patterns; the basis patterns "
                      f"themselves (and multiples of one) are quiet patterns too."),
)


# -- solutions of this board: k^nullity, or 0 -------------------------------------------------------

def _solution(game: LightsGame) -> engine.Solution:
    return engine.solve(game.rules, game.lights, minimize=False)


def _solvable_with_quiet(game: LightsGame) -> bool:
    return _solution(game).solvable and _rank(game).nullity > 0


def _solution_ideas_before(game: LightsGame) -> tuple[int | None, ...]:
    """The right count and what the first ideas give, which a later idea must differ from to be told apart."""
    a, sol = _rank(game), _solution(game)
    quiet = _quiet(game)
    return (sol.solutions, 1 if sol.solvable and a.nullity else None, a.nullity, (quiet or 0) - 1,
            power(game.states, a.rank))


def _later(value: int | None, game: LightsGame) -> int | None:
    """A later solution idea's value, where the board can be darkened and no earlier idea (or the answer) gives it."""
    if value is None or not _solvable_with_quiet(game):
        return None
    return unless(value, *_solution_ideas_before(game))


SOLUTIONS = (
    idea("just-one",
         lambda g: 1 if _solvable_with_quiet(g) else None,
         lambda g, n: "One solution would be right if the board had no quiet patterns (the classic 3x3 board has "
                      "none). Here adding a quiet pattern to a solution gives another set of presses that darkens "
                      "the board too."),
    idea("nullity-for-solutions",
         lambda g: unless(_rank(g).nullity, 1) if _solvable_with_quiet(g) else None,
         lambda g, n: f"{n:,} is the nullity, the size of the quiet basis. Every combination of the basis "
                      f"patterns, added to one solution, gives a solution: count the combinations."),
    idea("nothing-left-out",
         lambda g: unless((_quiet(g) or 0) - 1, 0, 1, _rank(g).nullity) if _solvable_with_quiet(g) else None,
         lambda g, n: f"{n:,} counts the quiet patterns other than pressing nothing. Adding nothing to a "
                      f"solution leaves that solution itself, and it counts too."),
    idea("boards-for-solutions",
         lambda g: power(g.states, _rank(g).rank) if _solution(g).solvable else None,
         lambda g, n: f"{n:,} is the number of boards of this size that can be darkened. The question counts the "
                      f"press sets that darken this one board."),
    idea("quiet-on-unsolvable",
         lambda g: _quiet(g) if not _solution(g).solvable else None,
         lambda g, n: f"{n:,} counts the quiet patterns, but there is no solution to add them to: this board "
                      f"breaks a quiet pattern's parity, so no set of presses darkens it."),
    idea("rank-for-solutions",
         lambda g: _later(_rank(g).rank, g),
         lambda g, n: f"{n:,} is the rank, the independent columns of the press matrix: it says which boards can be "
                      f"darkened. The solutions of one board differ by the presses that change nothing."),
    idea("every-press-set",
         lambda g: _later(power(g.states, g.rules.cells), g),
         lambda g, n: f"{n:,} counts every set of presses on the {g.rules.describe()} board; most of them leave "
                      f"lights on. Only one solution plus a quiet pattern darkens this board."),
    idea("choices-added",
         lambda g: _later(g.states * _rank(g).nullity, g),
         lambda g, n: f"{n:,} = {g.states} x {_rank(g).nullity} adds {g.states} choices for each basis quiet "
                      f"pattern; but the choices for different basis patterns combine, so they multiply."),
    idea("one-per-basis-pattern",
         lambda g: _later(_rank(g).nullity + 1, g),
         lambda g, n: f"{n:,} is one solution and then one more for each basis quiet pattern added to it; but sums "
                      f"of basis patterns are quiet too, and each combination added gives another solution."),
    idea("power-swapped",
         lambda g: _later(_rank(g).nullity ** g.states if _rank(g).nullity > 1 else None, g),
         lambda g, n: f"{n:,} = {_rank(g).nullity}^{g.states} swaps the base and the exponent: the number "
                      f"multiplied by itself is the choices of one basis quiet pattern, not the number of patterns."),
)


# -- the fewest presses ------------------------------------------------------------------------------

def _fewest(rules: Rules, game: LightsGame) -> int | None:
    sol = engine.solve(rules, game.lights)
    return sol.press_count if sol.solvable and sol.minimal else None


def _lit(game: LightsGame) -> int:
    return sum(game.lights)


def _reach(rules: Rules) -> int:
    return len(NEIGHBOURHOODS[rules.neighbourhood])


def _every_light(game: LightsGame) -> str:
    """What pressing every lit cell leaves: a cell still lit, and how often those presses switch it."""
    rules = game.rules
    after = apply(rules, game.lights, game.lights)
    left = lit_cells(rules, after)
    if not left:
        return "That does darken this board, but it is one solution of several, and not the shortest."
    r, c = left[0]
    times = sum(rules.effect(*cell).get((r, c), 0) for cell in lit_cells(rules, game.lights))
    return (f"A press is not a switch for one light: it also switches the neighbours. Pressing them all switches "
            f"{format_cell(r, c)} {plural(times, 'time')}, so it "
            f"{'ends lit' if game.lights[r * rules.cols + c] else 'lights up'}.")


def _corners(rules: Rules) -> list[tuple[int, int]]:
    """The four corner cells (a board of two rows and two columns at least)."""
    return [(r, c) for r in (0, rules.rows - 1) for c in (0, rules.cols - 1)]


def _left_lit(game: LightsGame, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cells still lit after pressing each of ``cells`` once."""
    rules = game.rules
    pattern = bytearray(rules.cells)
    for r, c in cells:
        pattern[r * rules.cols + c] = 1
    return lit_cells(rules, apply(rules, game.lights, bytes(pattern)))


def _shape_idea(game: LightsGame, cells: list[tuple[int, int]] | None) -> int | None:
    """How many presses a guessed shape takes, where the shape leaves lights on and no earlier idea (or the answer)
    gives that number (classic two-state boards up to FLAT_CELLS cells)."""
    if cells is None or game.states != 2 or game.rules.cells > FLAT_CELLS or not _left_lit(game, cells):
        return None
    fewest = _fewest(game.rules, game)
    if fewest is None:
        return None
    return unless(len(cells), fewest, _lit(game), -(-_lit(game) // _reach(game.rules)))


def _says_shape(game: LightsGame, cells: list[tuple[int, int]], shape: str) -> str:
    """The shape pressed and that it leaves lights on (which ones is not said: the rest may be one press away)."""
    return (f"{len(cells)} presses {shape} ({' '.join(format_cell(r, c) for r, c in cells)}), but that does not "
            "darken this board: some lights stay on. Try it on the board.")


MIN_PRESSES = (
    idea("press-every-light",
         lambda g: unless(_lit(g), _fewest(g.rules, g)) if g.states == 2 else None,
         lambda g, n: f"{n:,} presses every lit cell once. {_every_light(g)}"),
    idea("coverage-bound",
         lambda g: unless(-(-_lit(g) // _reach(g.rules)), _fewest(g.rules, g), _lit(g)) if g.states == 2 else None,
         lambda g, n: f"{n:,} is only a lower bound: {n} presses of {_reach(g.rules)} cells each could switch "
                      f"the {_lit(g)} lights only if no two presses overlapped and none fell on a dark cell or "
                      f"off the board, and here no {n} presses manage that."),
    idea("flat-board",
         lambda g: (unless(_fewest(Rules(g.rules.rows, g.rules.cols, False, g.rules.neighbourhood, g.states), g),
                           _fewest(g.rules, g)) if g.rules.torus and g.rules.cells <= FLAT_CELLS else None),
         lambda g, n: f"{n:,} is the fewest on the flat {g.rules.rows}x{g.rules.cols} board. On the torus every "
                      f"press switches {_reach(g.rules)} cells, edges and corners included, so better covers "
                      f"exist."),
    idea("a-longer-solution",
         lambda g: (unless(sum(_solution(g).pattern or b""), _fewest(g.rules, g))
                    if _solvable_with_quiet(g) and g.states == 2 else None),
         lambda g, n: f"{n:,} presses darken the board, but that is one solution of several: adding a quiet "
                      f"pattern gives another solution, and some of them are shorter."),
    idea("corners",
         lambda g: _shape_idea(g, _corners(g.rules) if g.rules.rows > 1 and g.rules.cols > 1 else None),
         lambda g, n: _says_shape(g, _corners(g.rules), "the four corners")),
)


# -- choices for independent cells: k^n press sets, k^cols top rows ----------------------------------

def choices(units: Callable[[Rules], int], unit: str, other: tuple[str, Callable[[Rules], int], str]) -> tuple[
        Misconception, ...]:
    """The slips in counting k^n sets of ``units(rules)`` cells (``unit`` names them: "cells of the board"), and
    ``other``: (name, another count of cells, what that count is) confused with this one."""

    def right(g: LightsGame) -> int | None:
        return power(g.states, units(g.rules))

    def each(g: LightsGame) -> str:
        return "pressed or not" if g.states == 2 else f"pressed 0 to {g.states - 1} times"

    name, count, what = other
    return (
        idea(f"{unit.split()[0]}-not-sets",
             lambda g: unless(units(g.rules), right(g)),
             lambda g, n: f"{n:,} is the number of {unit}. The question counts the sets of them: any combination "
                          f"can be pressed, none and all included."),
        idea("choices-added",
             lambda g: unless(g.states * units(g.rules), right(g)),
             lambda g, n: f"{n:,} adds {g.states} choices per cell. Each cell is {each(g)} whatever the others "
                          f"do, so the choices multiply: {g.states} x {g.states} x ... once per cell."),
        idea("ordered-pairs",
             lambda g: unless(units(g.rules) ** 2, right(g), g.states * units(g.rules)),
             lambda g, n: f"{n:,} = {units(g.rules)} x {units(g.rules)} counts pairs of cells. A set of presses "
                          f"can have any size, and each cell multiplies the count by {g.states}."),
        idea("nothing-not-counted",
             lambda g: unless((right(g) or 0) - 1, 0, units(g.rules)),
             lambda g, n: one_alone(g.states, "cell")),
        idea(name,
             lambda g: unless(power(g.states, count(g.rules)), right(g)),
             lambda g, n: f"{n:,} counts {what}; the question is about the {unit}."),
    )


PRESS_SETS = choices(lambda r: r.cells, "cells of the board",
                     ("top-rows-for-sets", lambda r: r.cols, "the sets of top-row presses, which the top-row "
                                                            "search tries"))
TOP_ROWS = choices(lambda r: r.cols, "cells of the top row",
                   ("sets-for-top-rows", lambda r: r.cells, "the sets of presses on the whole board, which brute "
                                                           "force tries"))


# -- unknowns after the chase: the top row's cells ----------------------------------------------------

TOP_ROW_CELLS = (
    idea("one-per-cell",
         lambda g: g.rules.cells if g.rules.rows > 1 else None,
         lambda g, n: f"{n:,} is one unknown per cell, the system before the chase. The chase fixes every row "
                      f"below the top from the row above it."),
    idea("chased-cells",
         lambda g: unless(g.rules.cells - g.rules.cols, 0, g.rules.cols),
         lambda g, n: f"{n:,} counts the presses the chase decides (every row below the top). The unknowns are "
                      f"the presses it cannot decide."),
    idea("values-not-unknowns",
         lambda g: unless(g.states, g.rules.cols),
         lambda g, n: f"{n:,} is the number of values each unknown can take (0 to {g.states - 1}); the "
                      f"question is how many unknowns there are."),
    idea("top-rows-for-unknowns",
         lambda g: unless(power(g.states, g.rules.cols), g.rules.cols),
         lambda g, n: f"{n:,} counts the top rows the top-row search would try, one per set of top-row presses. "
                      f"The tutor's system has one unknown per top-row cell instead."),
)


# -- rank and nullity of the press matrix -----------------------------------------------------------------

RANK = (
    idea("every-column-independent",
         lambda g: unless(g.rules.cells, _rank(g).rank),
         lambda g, n: f"{n:,} is the number of columns, one per cell. The rank counts only the independent ones: "
                      f"each quiet pattern is a dependency among the columns."),
    idea("nullity-for-rank",
         lambda g: unless(_rank(g).nullity, _rank(g).rank, g.rules.cells),
         lambda g, n: f"{n:,} is the nullity, the columns lost to quiet patterns; the rank is what is left."),
    idea("boards-for-rank",
         lambda g: unless(power(g.states, _rank(g).rank), _rank(g).rank, g.rules.cells, _rank(g).nullity),
         lambda g, n: f"{n:,} counts the boards the columns reach (their sums); the rank counts the independent "
                      f"columns themselves."),
)
NULLITY = (
    idea("rank-for-nullity",
         lambda g: unless(_rank(g).rank, _rank(g).nullity),
         lambda g, n: f"{n:,} is the rank, the independent columns; the nullity is the cells less that."),
    idea("quiet-count-for-nullity",
         lambda g: unless((_quiet(g) or 1) - 1, 0, _rank(g).nullity, _rank(g).rank),
         lambda g, n: f"{n:,} counts the quiet patterns themselves (pressing nothing left out); the nullity is "
                      f"the size of a basis that builds them all."),
    idea("none-quiet",
         lambda g: 0 if _rank(g).nullity else None,
         lambda g, n: f"0 would mean that only pressing nothing is quiet (so on the classic 3x3 board). On the "
                      f"{g.rules.describe()} board some presses change nothing at all."),
)

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
* ``MIN_PRESSES`` (in ``fewest``) - the fewest presses;
* ``PRESS_SETS`` / ``TOP_ROWS`` (in ``choices``) - k^n sets of n cells;
* ``TOP_ROW_CELLS``   - the columns: every cell, the cells the chase decides, the values of one unknown;
* ``RANK`` / ``NULLITY`` - each taken for the other, every column, the boards or quiet patterns they make.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tutor.puzzles.answers import Misconception, Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.options import Args

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
         lambda g, n: f"{n:,} is the nullity, the size of a basis of the quiet patterns (presses that change "
                      f"nothing). The rank counts independent columns of the press matrix instead: sums of them "
                      f"give every board that can be darkened."),
    idea("boards-for-rank",
         lambda g: unless(power(g.states, _rank(g).rank), _rank(g).rank, g.rules.cells, _rank(g).nullity),
         lambda g, n: f"{n:,} counts the boards the columns reach (their sums); the rank counts the independent "
                      f"columns themselves."),
)
NULLITY = (
    idea("rank-for-nullity",
         lambda g: unless(_rank(g).rank, _rank(g).nullity),
         lambda g, n: f"{n:,} is the rank, the independent columns of the press matrix. The nullity counts the "
                      f"patterns of a basis of the quiet patterns, the presses that change nothing."),
    idea("quiet-count-for-nullity",
         lambda g: unless((_quiet(g) or 1) - 1, 0, _rank(g).nullity, _rank(g).rank),
         lambda g, n: f"{n:,} counts the quiet patterns themselves (pressing nothing left out); the nullity is "
                      f"the size of a basis that builds them all."),
    idea("none-quiet",
         lambda g: 0 if _rank(g).nullity else None,
         lambda g, n: f"0 would mean that only pressing nothing is quiet (so on the classic 3x3 board). On the "
                      f"{g.rules.describe()} board some presses change nothing at all."),
)

"""The wrong ideas learners bring to counting k^n sets of presses: ``PRESS_SETS`` (every cell of the board, k^cells)
and ``TOP_ROWS`` (the cells of the top row, k^cols), as engine data (``mistakes.idea``).

The slips: the count n itself, the choices added (k x n), pairs (n x n), pressing nothing left out, the other count
of cells, the orders of pressing every cell (n!), pressing none or one cell (n + 1), the lit cells alone, a cell
pressed k times taken as a choice of its own ((k + 1)^n), and each of n presses any of n cells (n^n).  A later idea
gives no answer where an earlier one (or the answer) gives the same number: the learner's number could not say
which idea they hold.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tutor.puzzles.answers import Misconception
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Rules
from tutor.puzzles.lightsout.teach.quantities.mistakes import idea, power, typed, unless
from tutor.puzzles.lightsout.teach.quantities.words import one_alone
from tutor.puzzles.options import NO_ARGS

Other = tuple[str, Callable[[Rules], int], str]  # another count of cells: its idea's name, the count, what it counts


def choices(units: Callable[[Rules], int], unit: str, other: Other,
            lit: Callable[[LightsGame], int]) -> tuple[Misconception, ...]:
    """The slips in counting k^n sets of ``units(rules)`` cells (``unit`` names them: "cells of the board"),
    ``other`` confused with this one, and ``lit(game)``: how many of the cells are lit."""

    def right(g: LightsGame) -> int | None:
        return power(g.states, units(g.rules))

    def each(g: LightsGame) -> str:
        return "pressed or not" if g.states == 2 else f"pressed 0 to {g.states - 1} times"

    name, count, what = other
    first = (
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
    return (*first, *_later(units, unit, lit, first))


def _later(units: Callable[[Rules], int], unit: str, lit: Callable[[LightsGame], int],
           first: tuple[Misconception, ...]) -> tuple[Misconception, ...]:
    """The later slips, after ``first``: the orders of pressing every cell, none or one cell, the lit cells alone, a
    cell pressed k times as a choice of its own, and each of n presses any of n cells."""
    raw: tuple[Callable[[LightsGame], int | None], ...] = (
        lambda g: typed(math.factorial(units(g.rules))) if units(g.rules) <= 60 else None,
        lambda g: units(g.rules) + 1,
        lambda g: power(g.states, lit(g)) if lit(g) else None,
        lambda g: power(g.states + 1, units(g.rules)),
        lambda g: power(units(g.rules), units(g.rules)) if units(g.rules) > 1 else None,
    )

    def fresh(i: int) -> Callable[[LightsGame], int | None]:
        """The ``i``-th later idea's value, unless the answer, an earlier idea or an earlier later one gives it."""
        def value(g: LightsGame) -> int | None:
            earlier = [_number(m.value(g, NO_ARGS)) for m in first] + [f(g) for f in raw[:i]]
            return unless(raw[i](g), power(g.states, units(g.rules)), *earlier)
        return value

    return (idea("orders", fresh(0),
                 lambda g, n: f"{n:,} = {units(g.rules)}! counts the orders in which all the {unit} can be pressed; "
                              "but order does not matter, and a set of presses may leave any of them out."),
            idea("none-or-one", fresh(1),
                 lambda g, n: "That counts pressing none, and each cell pressed alone; but a set may press two "
                              "or more cells together, and each such set is another one."),
            idea("lit-only", fresh(2),
                 lambda g, n: f"{n:,} counts the sets of the lit cells alone; but a dark cell can be pressed too "
                              "(its press switches its neighbours)."),
            idea("repeats-counted", fresh(3),
                 lambda g, n: f"{n:,} = {g.states + 1}^{units(g.rules)} takes pressing a cell {g.states} times as a "
                              f"choice of its own; but {g.states} presses of one cell change nothing at all, the same "
                              "as not pressing it."),
            idea("cells-to-the-cells", fresh(4),
                 lambda g, n: f"{n:,} = {units(g.rules)}^{units(g.rules)} lets each of {units(g.rules)} presses be "
                              "any of the cells, in order: it counts sequences of presses. A set names each cell "
                              "at most once, in no order."))


def _lit(game: LightsGame) -> int:
    return sum(1 for v in game.lights if v)


def _lit_top(game: LightsGame) -> int:
    return sum(1 for v in game.lights[: game.rules.cols] if v)


PRESS_SETS = choices(lambda r: r.cells, "cells of the board",
                     ("top-rows-for-sets", lambda r: r.cols, "the sets of top-row presses, which the top-row "
                                                            "search tries"), _lit)
TOP_ROWS = choices(lambda r: r.cols, "cells of the top row",
                   ("sets-for-top-rows", lambda r: r.cells, "the sets of presses on the whole board, which brute "
                                                           "force tries"), _lit_top)


def _number(value: object) -> int | None:
    """An earlier idea's value as a count (every Lights Out idea gives a whole number or None)."""
    return value if isinstance(value, int) else None

"""The wrong ideas learners bring to a conjecture about the nullity, as engine data (``Belief``): each gives a
formula a learner holding it would type for the step's family, recognises the formulas it gives by their values
(never by their text), and says the idea before the workbench's counterexample.

* ``one-solution-each`` - 0: no board of the family has a quiet pattern;
* ``constant``          - one number for every board;
* ``odd-sides-quiet``   - 0 on every odd side (the first odd square boards have no quiet pattern, the 5x5 has);
* ``side-for-nullity``  - the side itself, the most the nullity can be;
* ``cells-for-nullity`` - the cells, one per press;
* ``wrong-repeat``      - a formula that starts over, but not with the nullity (boards with fixed rows);
* ``fits-the-table``    - right on every board the step's table shows, wrong on the next.

A formula is held to the first idea whose values it has, in this order (the most particular first).
"""

from __future__ import annotations

from fractions import Fraction
from functools import partial

from tutor.errors import TutorError
from tutor.puzzles.answers import Belief
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.formula import (
    MAX_LENGTH,
    Binary,
    Call,
    Neg,
    Node,
    Pow,
    Var,
    parse_formula,
    variables,
)
from tutor.puzzles.lightsout.teach.workbench import (
    bound,
    fixed_rows,
    nullity_at,
    side_name,
    valued,
    workbench,
)
from tutor.puzzles.lightsout.theory.periodic import quasi, row_nullities, shortest_repeat
from tutor.puzzles.options import Args
from tutor.screen.text import plural

SMALL = 3  # the sides a formula's shape is read on (the side itself, the cells)


def _wrong(game: LightsGame, args: Args, text: str | None) -> str | None:
    """``text``, when the workbench finds it wrong here; else None."""
    try:
        return text if text is not None and not workbench(game, parse_formula(text), args).holds else None
    except TutorError:
        return None


def _failed_at(game: LightsGame, args: Args, formula: Node) -> int | None:
    """The varying side of the smallest counterexample, or None when the formula holds."""
    found = workbench(game, formula, args).counterexample
    return None if found is None else int(found["cols"])


def _along(node: Node) -> Node:
    """The formula with n read as the side that varies (the square boards' n is m to ``quasi``)."""
    match node:
        case Var("n"):
            return Var("m")
        case Neg(body):
            return Neg(_along(body))
        case Pow(base, exponent):
            return Pow(_along(base), exponent)
        case Call(name, args):
            return Call(name, tuple(_along(a) for a in args))
        case Binary(op, left, right):
            return Binary(op, _along(left), _along(right))
    return node


def _constant(game: LightsGame, args: Args, formula: Node) -> Fraction | None:
    """The formula's value when it is the same on every board of the family (``m - m`` too), else None."""
    rows = fixed_rows(game, args)
    shape = quasi(formula if rows is not None else _along(formula), rows or 0)
    return None if shape is None else shape.constant()


def _repeat(game: LightsGame, args: Args) -> tuple[int, ...] | None:
    rows = fixed_rows(game, args)
    return row_nullities(rows) if rows is not None and game.rules.classic else None


def _shown(game: LightsGame, args: Args) -> int:
    """The boards the step's table shows: the rows of a square board, the columns of a board with fixed rows."""
    return game.rules.rows if fixed_rows(game, args) is None else game.rules.cols


def _pulses(side: str, terms: list[tuple[int, int]]) -> str | None:
    """``v*max(0, 1 - abs(side - k))`` summed: a formula that is v at k and 0 elsewhere; None if too long."""
    text = " + ".join(f"{'' if v == 1 else f'{v}*'}max(0, 1 - abs({side} - {k}))" for k, v in terms)
    return text if text and len(text) <= MAX_LENGTH else None


# -- what each idea answers here --------------------------------------------------------------------------------


def _example(name: str, game: LightsGame, args: Args) -> str | None:
    side, rows, most = side_name(game, args), fixed_rows(game, args), bound(game, args)
    if name == "one-solution-each":
        return _wrong(game, args, "0")
    if name == "constant":
        first = next((v for v in (nullity_at(game, args, s) for s in range(1, most + 1)) if v), 1)
        return _wrong(game, args, str(first))
    if name == "odd-sides-quiet":
        if rows is not None or not any(nullity_at(game, args, s) for s in range(1, most + 1, 2)):
            return None
        return _wrong(game, args, _pulses("n", [(k, v) for k in range(2, most + 1, 2)
                                                if (v := nullity_at(game, args, k))]))
    if name == "side-for-nullity":
        return _wrong(game, args, side)
    if name == "cells-for-nullity":
        return _wrong(game, args, "n^2" if rows is None else ("n*m" if rows > 1 else None))
    if name == "wrong-repeat":
        repeat = _repeat(game, args)
        quiet = next((r for r in range(1, len(repeat) + 1) if repeat[r % len(repeat)]), None) if repeat else None
        if repeat is None or quiet is None:
            return None
        return _wrong(game, args, _pulses(f"mod(m, {len(repeat) + 1})", [(quiet, repeat[quiet % len(repeat)])]))
    return _wrong(game, args, _fitted(game, args))


def _fitted(game: LightsGame, args: Args) -> str | None:
    """A formula right on every board the table shows and wrong on the next: pulses at the nullities (written
    ``abs(k - x)``, so that no right formula is a part of it), plus a step just past the table."""
    side, table, repeat = side_name(game, args), _shown(game, args), _repeat(game, args)
    if table >= bound(game, args):
        return None
    if repeat is not None:
        where, terms = f"mod(m, {len(repeat)})", [(r, v) for r, v in enumerate(repeat) if v]
    else:
        where, terms = side, [(k, v) for k in range(1, table + 1) if (v := nullity_at(game, args, k))]
    past = (table + 1) % len(repeat) if repeat is not None else table + 1
    step = 1 if dict(terms).get(past, 0) + 1 != nullity_at(game, args, table + 1) else 2
    pulses = [f"{'' if v == 1 else f'{v}*'}max(0, 1 - abs({k} - {where}))" for k, v in terms]
    text = " + ".join([*pulses, f"{'' if step == 1 else f'{step}*'}floor({side}/{table + 1})"])
    return text if len(text) <= MAX_LENGTH else None


def _holds(name: str, game: LightsGame, args: Args, formula: Node) -> bool:
    side, rows = side_name(game, args), fixed_rows(game, args)
    if name in ("one-solution-each", "constant"):
        c = _constant(game, args, formula)
        return c is not None and (c == 0) == (name == "one-solution-each")
    failed = _failed_at(game, args, formula)
    if failed is None:
        return False
    if name == "odd-sides-quiet":
        return rows is None and failed % 2 == 1 and all(valued(formula, game, args, s) == 0
                                                         for s in range(1, failed + 1, 2))
    if name in ("side-for-nullity", "cells-for-nullity"):
        cells = (lambda s: s) if name == "side-for-nullity" else (lambda s: (rows or s) * s)
        return variables(formula) <= {side, "n"} and all(valued(formula, game, args, s) == cells(s)
                                                         for s in range(1, SMALL + 1))
    if name == "wrong-repeat":
        repeat, shape = _repeat(game, args), quasi(formula, rows or 0)
        return (repeat is not None and shape is not None and not shape.slope
                and shortest_repeat(shape.residues) % len(repeat) != 0)
    return failed > _shown(game, args)


def _says(name: str, game: LightsGame, args: Args, formula: Node) -> str:
    side = side_name(game, args)
    if name == "one-solution-each":
        return ("0 for every board says no board of this family has a quiet pattern: each would have exactly one "
                "solution for every board it can darken. Some of them do have quiet patterns, as the board below "
                "shows.")
    if name == "constant":
        return (f"A constant says every board of this family has the same nullity, "
                f"{_constant(game, args, formula)}. The nullity changes from board to board: some have no quiet "
                "pattern at all, others several.")
    if name == "odd-sides-quiet":
        return ("Your formula is 0 on every odd side, as if odd square boards never had quiet patterns. The first "
                "ones fit that idea; the board below does not.")
    if name == "side-for-nullity":
        return (f"{side} is the most the nullity can be (a quiet pattern is fixed by its first row, or by its first "
                "column), and most boards have fewer independent quiet patterns than that.")
    if name == "cells-for-nullity":
        return ("Your formula counts the cells, one per press. The nullity counts only the independent quiet "
                "patterns, the cells less the rank, and the rank takes almost all of them.")
    if name == "wrong-repeat":
        q = shortest_repeat(quasi(formula, fixed_rows(game, args) or 0).residues)  # type: ignore[union-attr]
        return (f"Your formula starts over every {plural(q, 'column')}. The nullity of these boards starts over "
                f"too, but not every {q}: compare two boards {q} columns apart in the table.")
    return ("Your formula gives every board of the table its nullity and goes wrong on the first board past it: "
            "many formulas fit a table, and the next board decides between them.")


NAMES = ("one-solution-each", "constant", "odd-sides-quiet", "side-for-nullity", "cells-for-nullity",
         "wrong-repeat", "fits-the-table")
BELIEFS = tuple(Belief(n, partial(_example, n), partial(_holds, n), partial(_says, n)) for n in NAMES)

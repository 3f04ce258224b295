"""The conjecture workbench as a lesson step sees it: the family of boards a step asks about, the verdict on a
formula, the nullities the formula must give, and a formula that holds.

A step names the family (``boards``): the n x n boards, or the K x m boards with K the rows of the step's board
(classic rules, or the step's variant), and may set the ``bound`` the workbench checks up to.  The answer kind
(``teach.conjecture``) and the wrong ideas about formulas (``teach.guesses``) are built on these.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.formula import MAX_LENGTH, Node, Undefined, value
from tutor.puzzles.lightsout.rules.grid import Rules
from tutor.puzzles.lightsout.theory.conjecture import Domain, WorkbenchResult, check_conjecture, default_bound
from tutor.puzzles.lightsout.theory.periodic import row_nullities
from tutor.puzzles.options import Args, Option

BOARDS = Option("boards", str, "square", "the boards a conjecture is about: square (n x n) or rows (K x m, K the "
                "rows of the step's board)", choices=("square", "rows"))
BOUND = Option("bound", int, None, "the workbench checks every board with sides up to this (default: its own)",
               minimum=1, maximum=1000)


def fixed_rows(game: LightsGame, args: Args) -> int | None:
    """K, for a step about the K x m boards; None for the n x n boards."""
    return game.rules.rows if args["boards"] == "rows" else None


def side_name(game: LightsGame, args: Args) -> str:
    """The side that varies: ``n`` on the n x n boards, ``m`` on the K x m boards."""
    return "n" if fixed_rows(game, args) is None else "m"


def bound(game: LightsGame, args: Args) -> int:
    """The largest side the step's workbench checks."""
    rows = fixed_rows(game, args)
    return args["bound"] or default_bound(game.rules, Domain("square" if rows is None else "rows", rows))


def workbench(game: LightsGame, formula: Node, args: Args) -> WorkbenchResult:
    """The workbench's verdict on ``formula`` for the step's family, variant and bound (kept: the kind and every
    wrong idea about the answer ask for the same verdict)."""
    return _verdict(game.rules, formula, fixed_rows(game, args), args["bound"])


@lru_cache(maxsize=256)
def _verdict(rules: Rules, formula: Node, rows: int | None, most: int | None) -> WorkbenchResult:
    return check_conjecture(rules, formula, "nullity", most, rows)


def nullity_at(game: LightsGame, args: Args, side: int) -> int:
    """The engine's nullity of the family's board with this side: n x n, or K x side."""
    board = replace(game.rules, rows=fixed_rows(game, args) or side, cols=side)
    return engine.nullity(board)[0]


def valued(formula: Node, game: LightsGame, args: Args, side: int) -> object:
    """The formula's value on the family's board with this side (None where it has none)."""
    try:
        return value(formula, {"n": fixed_rows(game, args) or side, "m": side})
    except Undefined:
        return None


def reference_formula(game: LightsGame, args: Args) -> str | None:
    """A formula that holds: each nonzero nullity picked out by ``max(0, 1 - abs(x - k))``, of m mod the repeat for
    K x m boards of the classic rules, else of n (or m) up to the bound; None past the language's length."""
    rows = fixed_rows(game, args)
    repeat = row_nullities(rows) if rows is not None and game.rules.classic else None
    if repeat is not None:
        where = f"mod(m, {len(repeat)})"
        terms = [(r, v) for r, v in enumerate(repeat) if v]
    else:
        where = side_name(game, args)
        terms = [(k, nullity_at(game, args, k)) for k in range(1, bound(game, args) + 1)]
        terms = [(k, v) for k, v in terms if v]
    text = " + ".join(f"{'' if v == 1 else f'{v}*'}max(0, 1 - abs({where} - {k}))" for k, v in terms) or "0"
    return text if len(text) <= MAX_LENGTH else None

"""The nullity from Sutner's polynomials over GF(2), independent of the elimination."""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.teach.quantities.words import count
from tutor.puzzles.lightsout.theory import poly_nullity
from tutor.puzzles.options import Args

QUANTITIES = Quantities()


def explain_poly_nullity(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    return (f"deg gcd(f_{r.rows}(x), f_{r.cols}(x+1)) over GF(2) is {value}, the same as the elimination's "
            f"nullity {engine.analyze(r).nullity}.")


def refute_poly_nullity(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    r = game.rules
    return count(wrong, value, "A degree", f"The degree of gcd(f_{r.rows}(x), f_{r.cols}(x+1)) is the "
                  f"nullity, and the {r.rows}x{r.cols} press matrix has rank {engine.analyze(r).rank} of "
                  f"{r.cells}")


@QUANTITIES.register("poly_nullity", "nullity from deg gcd(f_m(x), f_n(x+1)) over GF(2) (classic rules)",
                     explain=explain_poly_nullity, refute=refute_poly_nullity)
def poly_nullity_quantity(game: LightsGame, args: Args) -> int:
    """Sutner's polynomials, independent of the elimination."""
    rules = game.rules
    if not rules.classic:
        raise InvalidParams("poly_nullity is defined for the classic rules only")
    return poly_nullity(rules.rows, rules.cols)

"""The nullity from Sutner's polynomials over GF(2), independent of the elimination: the polynomials as a lesson
shows them (expanded, then factored), and the wrong ideas learners bring to the degree of their gcd.

With ``f_0 = 1, f_1 = x, f_(k+1) = x f_k + f_(k-1)`` over GF(2), the chase of a dark m x n board from a top row u
presses ``f_k(T) u`` in row k + 1 (T: what a row's presses do to their own row), and the nullity is
``deg gcd(f_m(x), f_n(x + 1))``.

    row_poly(LightsGame("5x5"), {})      # 'f_5(x) = x^5 + x = x (x + 1)^4'
    shifted_poly(LightsGame("5x5"), {})  # 'f_5(x + 1) = x^5 + x^4 = x^4 (x + 1)'
"""

from __future__ import annotations

import warnings

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.teach.quantities.mistakes import idea, unless
from tutor.puzzles.lightsout.teach.quantities.words import fixed_explanation, line_by_line, negative, number
from tutor.puzzles.lightsout.theory import f_poly, poly_gcd, poly_nullity
from tutor.puzzles.options import Args

QUANTITIES = Quantities()

SHOWN_DEGREE = 64  # polynomials past this degree are not written out for a learner (and sympy factors slowly)


def _classic(game: LightsGame, what: str) -> None:
    if not game.rules.classic:
        raise InvalidParams(f"{what} is defined for the classic rules only")


def _shown(game: LightsGame, what: str) -> None:
    _classic(game, what)
    if max(game.rules.rows, game.rules.cols) > SHOWN_DEGREE:
        raise InvalidParams(f"{what} writes polynomials of degree up to {SHOWN_DEGREE} only")


def poly_text(bits: int) -> str:
    """A GF(2) polynomial (bit i = coefficient of x^i) written out: ``x^5 + x``."""
    terms = [("x" if i == 1 else f"x^{i}") if i else "1" for i in range(bits.bit_length() - 1, -1, -1)
             if bits >> i & 1]
    return " + ".join(terms) or "0"


def factored_text(bits: int) -> str:
    """Its factorization over GF(2), lowest degree first: ``x (x + 1)^4``; the polynomial itself if irreducible."""
    import sympy

    x = sympy.Symbol("x")
    poly = sympy.Poly([bits >> i & 1 for i in range(bits.bit_length() - 1, -1, -1)], x, modulus=2)
    with warnings.catch_warnings():  # sympy 1.13+ warns about its own sorting of ModularIntegers in factor_list
        warnings.simplefilter("ignore", DeprecationWarning)
        _, factors = poly.factor_list()
    parts = []
    for factor, power in sorted(factors, key=lambda fe: (fe[0].degree(), str(fe[0].as_expr()))):
        inner = poly_text(sum(int(c) % 2 << i for i, c in enumerate(reversed(factor.all_coeffs()))))
        base = inner if " " not in inner else f"({inner})"
        parts.append(base if power == 1 else f"{base}^{power}")
    return " ".join(parts) or "1"


def both(bits: int) -> str:
    """``expanded = factored``, or the expanded form alone when it is its own factorization."""
    expanded, factored = poly_text(bits), factored_text(bits)
    return expanded if factored in (expanded, f"({expanded})") else f"{expanded} = {factored}"


@QUANTITIES.register("sutner_polys", "f_0(x) to f_m(x) over GF(2), m the rows, written out and factored (classic)",
                     explain=fixed_explanation("f_0 = 1, f_1 = x and f_(k+1) = x f_k + f_(k-1), mod 2."),
                     refute=line_by_line("The list"))
def sutner_polys(game: LightsGame, args: Args) -> str:
    """One line per polynomial, ``f_k(x) = ...``."""
    _shown(game, "sutner_polys")
    return "\n".join(f"f_{k}(x) = {both(f_poly(k))}" for k in range(game.rules.rows + 1))


@QUANTITIES.register("row_poly", "f_m(x) over GF(2), m the rows, written out and factored (classic)",
                     explain=fixed_explanation("f_m(x) for m the rows of the board, mod 2."),
                     refute=line_by_line("The polynomial"))
def row_poly(game: LightsGame, args: Args) -> str:
    """``f_m(x) = ...``."""
    _shown(game, "row_poly")
    return f"f_{game.rules.rows}(x) = {both(f_poly(game.rules.rows))}"


@QUANTITIES.register("shifted_poly", "f_n(x + 1) over GF(2), n the columns, written out and factored (classic)",
                     explain=fixed_explanation("f_n(x + 1) for n the columns of the board, mod 2."),
                     refute=line_by_line("The polynomial"))
def shifted_poly(game: LightsGame, args: Args) -> str:
    """``f_n(x + 1) = ...``."""
    _shown(game, "shifted_poly")
    return f"f_{game.rules.cols}(x + 1) = {both(f_poly(game.rules.cols, shift=True))}"


@QUANTITIES.register("poly_gcd", "gcd(f_m(x), f_n(x + 1)) over GF(2), written out and factored (classic)",
                     explain=fixed_explanation("The common factors of f_m(x) and f_n(x + 1), each to the smaller "
                                               "power."),
                     refute=line_by_line("The gcd"))
def poly_gcd_text(game: LightsGame, args: Args) -> str:
    """The gcd, ``x^2 + x = x (x + 1)``."""
    _shown(game, "poly_gcd")
    return both(poly_gcd(f_poly(game.rules.rows), f_poly(game.rules.cols, shift=True)))


def explain_poly_nullity(game: LightsGame, args: Args, value: Value) -> str:
    r = game.rules
    return (f"deg gcd(f_{r.rows}(x), f_{r.cols}(x+1)) over GF(2) is {value}, the same as the elimination's "
            f"nullity {engine.analyze(r).nullity}.")


def refute_poly_nullity(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    """Too small or too large for a gcd, in the polynomials' own terms (the rank would give the answer away)."""
    r = game.rules
    bad = negative(wrong, "A degree")
    if bad:
        return bad
    n = number(wrong)
    assert n is not None and isinstance(value, int)
    gcd = f"gcd(f_{r.rows}(x), f_{r.cols}(x + 1))"
    if n > r.rows or n > r.cols:
        return (f"On the {r.describe()} board, {gcd} divides both polynomials, so its degree is at most the smaller "
                "of their degrees.")
    if n < value:
        return (f"On the {r.describe()} board, the degree of {gcd} is more than {n:,}: take every factor the two "
                "share, each to the smaller of its two powers, and add up their degrees.")
    bound = f"is less than {n:,}" if n > 1 else "is not 1"  # "less than 1" on a degree would say it is 0
    return (f"On the {r.describe()} board, the degree of {gcd} {bound}: the gcd keeps only the factors both "
            "polynomials have, each to the smaller of its two powers.")


def _right(game: LightsGame) -> int:
    return poly_nullity(game.rules.rows, game.rules.cols)


def _gcd(game: LightsGame) -> int:
    return poly_gcd(f_poly(game.rules.rows), f_poly(game.rules.cols, shift=True))


def _unshifted(game: LightsGame) -> int | None:
    """deg gcd(f_m(x), f_n(x)): the shift forgotten."""
    return unless(poly_gcd(f_poly(game.rules.rows), f_poly(game.rules.cols)).bit_length() - 1, _right(game))


def _lcm_degree(game: LightsGame) -> int | None:
    """deg lcm(f_m(x), f_n(x + 1)) = m + n - deg gcd: every factor of either, not the common ones."""
    r = game.rules
    return unless(r.rows + r.cols - _right(game), _right(game))


def _gcd_factors(game: LightsGame) -> list[tuple[int, int, int]] | None:
    """The gcd's irreducible factors as (bits, degree, power), lowest degree first; None past SHOWN_DEGREE."""
    if max(game.rules.rows, game.rules.cols) > SHOWN_DEGREE:
        return None
    import sympy

    bits = _gcd(game)
    x = sympy.Symbol("x")
    poly = sympy.Poly([bits >> i & 1 for i in range(bits.bit_length() - 1, -1, -1)], x, modulus=2)
    with warnings.catch_warnings():  # sympy 1.13+ warns about its own sorting of ModularIntegers in factor_list
        warnings.simplefilter("ignore", DeprecationWarning)
        factors = poly.factor_list()[1]
    out = [(sum(int(c) % 2 << i for i, c in enumerate(reversed(f.all_coeffs()))), f.degree(), e) for f, e in factors]
    return sorted(out, key=lambda t: (t[1], t[0]))


def _factor_count(game: LightsGame) -> int | None:
    """The gcd's irreducible factors counted (with their powers), not its degree."""
    factors = _gcd_factors(game)
    if not factors:
        return None
    return unless(sum(power for _, _, power in factors), _right(game))


def _quiet_count(game: LightsGame) -> int | None:
    """2^nullity - 1: the quiet patterns other than pressing nothing, for their dimension."""
    right = _right(game)
    return unless(2**right - 1, right) if right <= 60 else None


def _ranked(game: LightsGame) -> int | None:
    return unless(engine.analyze(game.rules).rank, _right(game))


def _fresh(game: LightsGame, value: int | None, *more: int | None) -> int | None:
    """``value``, or None where the answer or an earlier idea (the first five, and ``more``) gives it too: the
    learner's number could not say which idea they hold."""
    earlier = (_right(game), _unshifted(game), _ranked(game), _lcm_degree(game), _factor_count(game),
               _quiet_count(game))
    return unless(value, *earlier, *more)


def _power_forgotten(game: LightsGame) -> int | None:
    """Each shared factor once, its power forgotten: the degree of the gcd's square-free part."""
    factors = _gcd_factors(game)
    if not factors or all(power == 1 for _, _, power in factors):
        return None
    return _fresh(game, sum(degree for _, degree, _ in factors), 1 if _gcd(game) == 1 else None)


def _one_factor_only(game: LightsGame) -> int | None:
    """One shared factor found and the others missed: the largest degree of a factor to its power in the gcd."""
    factors = _gcd_factors(game)
    if not factors or len(factors) < 2:
        return None
    return _fresh(game, max(degree * power for _, degree, power in factors), 1 if _gcd(game) == 1 else None,
                  _power_forgotten(game))


def _quiet_with_nothing(game: LightsGame) -> int | None:
    """2^nullity: every quiet pattern, pressing nothing included, for their dimension."""
    right = _right(game)
    if right > 60:
        return None
    r = game.rules
    return _fresh(game, 2**right, 1 if _gcd(game) == 1 else None, _power_forgotten(game), _one_factor_only(game),
                  r.rows + r.cols)


def _listed(game: LightsGame, once: bool = False, largest: bool = False) -> str:
    """The gcd's factors as the idea takes them: each once (``x (x + 1)``), or the largest to its power."""
    factors = _gcd_factors(game) or []
    if largest:
        bits, _, power = max(factors, key=lambda t: t[1] * t[2])
        factors = [(bits, 0, power)]
    parts = []
    for bits, _, power in factors:
        inner = poly_text(bits)
        base = inner if " " not in inner else f"({inner})"
        parts.append(base if once or power == 1 else f"{base}^{power}")
    return " ".join(parts)


def _says_ranked(game: LightsGame, n: int) -> str:
    """The rank named, and what is true of a gcd's degree (not the cells less the rank: that is the answer)."""
    r = game.rules
    said = f"{n:,} is the rank of the {r.rows}x{r.cols} press matrix, its independent columns."
    if n <= r.rows:
        return f"{said} The degree of the gcd counts the quiet patterns' basis instead."
    return f"{said} But the gcd divides f_{r.rows}(x), of degree {r.rows}, so its degree is at most {r.rows}."


POLY_NULLITY = (
    idea("unshifted", _unshifted,
         lambda g, n: f"{n:,} is the degree of gcd(f_{g.rules.rows}(x), f_{g.rules.cols}(x))"
                      f"{' (f_' + str(g.rules.cols) + '(x) itself)' if g.rules.rows == g.rules.cols else ''}, with "
                      f"the shift forgotten. The columns enter through f_{g.rules.cols}(x + 1): a row's presses "
                      "switch their own cell too, which is the + 1."),
    idea("rank-for-degree", _ranked, _says_ranked),
    idea("lcm-degree", _lcm_degree,
         lambda g, n: f"{n:,} is the degree of the lcm, which takes every factor of either polynomial. The gcd "
                      "keeps only the factors they share, each to the smaller power."),
    idea("factor-count", _factor_count,
         lambda g, n: f"{n:,} counts the gcd's irreducible factors; its degree adds up their degrees, and a factor "
                      "with a square of x in it counts once but adds its whole degree."),
    idea("quiet-count", _quiet_count,
         lambda g, n: f"{n:,} counts the quiet patterns other than pressing nothing, not a basis of them: sums of "
                      "basis patterns are quiet too, so a basis holds fewer patterns than the patterns it builds."),
    idea("constant-gcd", lambda g: _fresh(g, 1 if _gcd(g) == 1 else None),
         lambda g, n: f"{n:,} is the gcd itself: f_{g.rules.rows}(x) and f_{g.rules.cols}(x + 1) share no factor, so "
                      "their gcd is the constant polynomial 1. The question asks for its degree, the highest power "
                      "of x in it (x^2 + x + 1 has degree 2)."),
    idea("power-forgotten", _power_forgotten,
         lambda g, n: f"{n:,} takes each shared factor once, as if the gcd were {_listed(g, once=True)}. The gcd "
                      "keeps each shared factor to the smaller of its two powers, and here a factor is shared to a "
                      "power above 1."),
    idea("one-factor-only", _one_factor_only,
         lambda g, n: f"{n:,} is the degree of {_listed(g, largest=True)} alone. f_{g.rules.rows}(x) and "
                      f"f_{g.rules.cols}(x + 1) share more than one irreducible factor, and the gcd keeps each."),
    idea("degree-sum", lambda g: _fresh(g, g.rules.rows + g.rules.cols, _power_forgotten(g), _one_factor_only(g)),
         lambda g, n: f"{n:,} = {g.rules.rows} + {g.rules.cols} adds the degrees of the two polynomials, as their "
                      f"product would. The gcd divides each of them, so its degree is at most "
                      f"{min(g.rules.rows, g.rules.cols)}."),
    idea("quiet-with-nothing", _quiet_with_nothing,
         lambda g, n: f"{n:,} counts every quiet pattern, pressing nothing included, not a basis of them: sums of "
                      "basis patterns are quiet too, so a basis holds fewer patterns than the patterns it builds."),
)


@QUANTITIES.register("poly_nullity", "nullity from deg gcd(f_m(x), f_n(x+1)) over GF(2) (classic rules)",
                     explain=explain_poly_nullity, refute=refute_poly_nullity, misconceptions=POLY_NULLITY)
def poly_nullity_quantity(game: LightsGame, args: Args) -> int:
    """Sutner's polynomials, independent of the elimination."""
    rules = game.rules
    if not rules.classic:
        raise InvalidParams("poly_nullity is defined for the classic rules only")
    return poly_nullity(rules.rows, rules.cols)


"""Why the losing positions of Wythoff's game are Beatty pairs: the argument, checked with sympy.

(The role's other modules: ``theory.evaluate`` computes a learner's formula
exactly, and ``theory.conjecture`` is the workbench that tests it against the
exhaustive table.)

Each step of the argument is a short text a tutor can show on its own, plus the
identity sympy verified for it (the identities are computed when the analysis
is built, never typed in as results).  The structure of the proof:

1. ``alpha^2 = (2 - a) alpha + a``: for a = 1, ``phi^2 = phi + 1``;
2. ``1/alpha + 1/beta = 1`` with ``beta = alpha + a``, so by Rayleigh's (Beatty's)
   theorem ``floor(k alpha)`` and ``floor(k beta)`` split the positive integers;
3. ``B_k - A_k = a k``, so the pairs sit on distinct diagonals;
4. hence no move joins two pairs, and every other position reaches one;
5. the integer formula ``(k(2-a) + isqrt(k^2 (a^2+4))) // 2`` is exact where floats fail.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from math import isqrt

from tutor.errors import InvalidParams
from tutor.puzzles.wythoff.engine import p_position
from tutor.puzzles.wythoff.rules import Rules

FLOAT_FAILURE_K = 102334155  # the first k where float(k * phi) floors wrongly
PROOF_KEYS = ("golden", "reciprocals", "beatty", "difference", "no_move", "reach", "exact", "length", "misere")


@dataclass(frozen=True)
class Step:
    """One step of the analysis: a title, the explanation, and the sympy identity behind it."""

    title: str
    text: str
    identity: str = ""  # what sympy checked, as text: "simplify(1/phi + 1/phi**2) == 1"
    verified: bool = True
    key: str = ""  # a stable name for lessons: "beatty" (quantity "proof_beatty")

    def as_json(self) -> dict[str, object]:
        """The step as a JSON object."""
        return {"title": self.title, "text": self.text, "sympy": self.identity, "verified": self.verified}


def alpha_symbol(a: int):  # type: ignore[no-untyped-def]
    """``alpha`` for a-Wythoff as an exact sympy number: (2 - a + sqrt(a^2 + 4)) / 2."""
    import sympy

    return (2 - a + sympy.sqrt(a * a + 4)) / sympy.Integer(2)


def quadratic_text(a: int, x: str = "x", zero: bool = False) -> str:
    """The equation alpha solves, written naturally: ``x^2 = x + 1``, ``x^2 = 2``, ``x^2 = -x + 3``
    (``zero``: as an expression equal to 0, ``alpha^2 - 2``).

    >>> quadratic_text(1), quadratic_text(2), quadratic_text(3), quadratic_text(2, "alpha", zero=True)
    ('x^2 = x + 1', 'x^2 = 2', 'x^2 = -x + 3', 'alpha^2 - 2')
    """
    c = 2 - a  # x^2 = c x + a
    if zero:
        linear = "" if c == 0 else f" - {x}" if c == 1 else f" + {x}" if c == -1 else \
            f" - {c} {x}" if c > 0 else f" + {-c} {x}"
        return f"{x}^2{linear} - {a}"
    linear = "" if c == 0 else f"{x} + " if c == 1 else f"-{x} + " if c == -1 else f"{c} {x} + "
    return f"{x}^2 = {linear}{a}"


def analysis(rules: Rules) -> list[Step]:
    """The step-by-step symbolic analysis of the losing positions for ``rules``: one function per step."""
    a = rules.a
    steps = [_golden(a), _reciprocals(a), _beatty(a), _difference(a), _no_move(a), _reach(a)]
    if a == 1:
        steps.append(_exact(rules))
    steps.append(_length(rules))
    if rules.misere:
        steps.append(_misere(a))
    return steps


def _name(a: int) -> str:
    """How the text calls alpha: ``phi`` for a = 1."""
    return "phi" if a == 1 else "alpha"


def _partner(a: int) -> str:
    """How the text calls beta = alpha + a: ``phi^2`` for a = 1."""
    return "phi^2" if a == 1 else "beta"


def _diff(a: int) -> str:
    """a k, written naturally for a = 1."""
    return "k" if a == 1 else f"{a}k"


def _golden(a: int) -> Step:
    """alpha, the positive root of x^2 = (2 - a) x + a."""
    import sympy

    alpha = alpha_symbol(a)
    quadratic = sympy.expand(alpha**2 - (2 - a) * alpha - a)
    if a == 1:
        return Step(
            "The golden ratio",
            "Let phi = (1 + sqrt(5))/2 = 1.618..., the positive root of x^2 = x + 1, so "
            "phi^2 = phi + 1 = 2.618... and 1/phi = phi - 1.",
            "expand(phi^2 - phi - 1) == 0",
            quadratic == 0,
            key="golden",
        )
    return Step(
        "The number alpha",
        f"For a = {a} let alpha = (2 - a + sqrt(a^2 + 4))/2 = {sympy.nsimplify(alpha)} "
        f"= {sympy.N(alpha, 12)}. It is the positive root of {quadratic_text(a)}; "
        f"its partner is beta = alpha + {a} = {sympy.N(alpha + a, 12)}.",
        f"expand({quadratic_text(a, 'alpha', zero=True)}) == 0",
        quadratic == 0 and bool(alpha.is_positive),
        key="golden",
    )


@cache
def _reciprocal(a: int) -> object:
    """1/alpha + 1/beta - 1, simplified by sympy (0)."""
    import sympy

    alpha = alpha_symbol(a)
    return sympy.simplify(1 / alpha + 1 / (alpha + a) - 1)


def _reciprocals(a: int) -> Step:
    """1/alpha + 1/beta = 1, both irrational."""
    import sympy

    name, partner = _name(a), _partner(a)
    return Step(
        "Reciprocals add to one",
        f"1/{name} + 1/{partner} = 1"
        + (" (divide phi^2 = phi + 1 by phi^2)." if a == 1 else ".")
        + f" Both numbers are irrational (sqrt({a * a + 4}) is not a whole number).",
        f"simplify(1/{name} + 1/{partner} - 1) == 0",
        _reciprocal(a) == 0 and not sympy.sqrt(a * a + 4).is_rational,
        key="reciprocals",
    )


def _beatty(a: int) -> Step:
    """Beatty's theorem: floor(k alpha) and floor(k beta) split the positive whole numbers."""
    name, partner = _name(a), _partner(a)
    return Step(
        "Beatty's theorem: the two sequences split the whole numbers",
        f"A_k = floor(k {name}) and B_k = floor(k {partner}) for k = 1, 2, ... "
        "together contain every positive whole number exactly once. Count the terms up to n: "
        f"there are floor((n+1)/{name}) + floor((n+1)/{partner}) of them; the two "
        "fractions are irrational and add to n + 1, so their floors add to exactly n. "
        "One new term per new number: no number is missed and none is repeated.",
        f"(n+1)/{name} + (n+1)/{partner} == n + 1",
        _reciprocal(a) == 0,
        key="beatty",
    )


def _difference(a: int) -> Step:
    """B_k - A_k = a k: each pair on a diagonal of its own."""
    import sympy

    alpha = alpha_symbol(a)
    n = sympy.Symbol("k", integer=True, positive=True)
    shift = sympy.simplify(n * (alpha + a) - (n * alpha + a * n))
    name, partner, diff = _name(a), _partner(a), _diff(a)
    return Step(
        "Each pair has its own difference",
        f"k {partner} = k {name} + {diff} and {diff} is a whole number, so "
        f"B_k = A_k + {diff}: the k-th pair is the only one whose piles differ by {diff}.",
        f"simplify(k {partner} - (k {name} + {diff})) == 0",
        shift == 0,
        key="difference",
    )


def _no_move(a: int) -> Step:
    """No move joins two losing pairs."""
    if a == 1:
        both = ("Taking the same number from both piles keeps the difference of the piles, and each difference "
                "belongs to only one pair - the pair we started from. ")
    else:
        both = (f"Taking f from one pile and s from the other changes the difference of the piles by |f - s| < {a}, "
                f"while the differences of two pairs (numbers of the form {_diff(a)}) are at least {a} apart; so the "
                "difference would stay the same, and only one pair has it - the pair we started from. ")
    return Step(
        "No move joins two losing pairs",
        "A move from one pair to another would keep one pile (impossible: each number lies in only one "
        "pair) or take from both piles. " + both
        + "So from a losing pair every move leaves a position that is not a losing pair.",
        key="no_move",
    )


def _reach(a: int) -> Step:
    """Every other position reaches a losing pair."""
    first = p_position(Rules(a), 1)
    return Step(
        "Every other position reaches a losing pair",
        "Take (x, y) with x <= y, not a pair; x lies in exactly one pair. If x = B_k, shrink y to "
        "A_k < x. If x = A_k and y > B_k, shrink y to B_k. If x = A_k and y < B_k, the difference "
        f"d = y - x is below {_diff(a)}; "
        + ("let j = d < k and take x - A_j from both piles (the same number, since B_j - A_j = d) "
           if a == 1 else
           f"let j = floor(d/{a}) < k and take x - A_j and y - B_j (they differ by d - {a}j < {a}) ")
        + "to reach (A_j, B_j). So every position outside the pairs wins "
        f"for the player to move, and the pairs (0, 0), {first}, ... are exactly the losing positions.",
        key="reach",
    )


def _exact(rules: Rules) -> Step:
    """For the golden ratio: whole numbers, never floats (where floats first fail)."""
    import sympy

    exact = p_position(rules if not rules.misere else Rules(), FLOAT_FAILURE_K)[0]
    floated = int(FLOAT_FAILURE_K * (1 + 5**0.5) / 2)
    symbolic = int(sympy.floor(FLOAT_FAILURE_K * sympy.GoldenRatio))
    return Step(
        "Exact arithmetic, never floats",
        "floor(k phi) = floor((k + sqrt(5k^2))/2) = (k + isqrt(5k^2)) // 2 uses whole numbers only "
        "(a floor of (N + sqrt(M))/2 only depends on floor(sqrt(M)) when N is whole). "
        f"At k = {FLOAT_FAILURE_K} floating point gives {floated}, "
        f"but the exact value is {exact} (sympy agrees: {symbolic}).",
        f"floor({FLOAT_FAILURE_K}*GoldenRatio) == {symbolic}",
        exact == symbolic and floated != exact,
        key="exact",
    )


def _length(rules: Rules) -> Step:
    """How long best play lasts from the k-th losing pair."""
    return Step(
        "How long the game lasts",
        "With best play (the winner hurries, the loser delays) the k-th losing pair lasts exactly "
        + ("2k + 1 moves" if rules.misere else "2k moves")
        + ": the loser can always force the winner down to the previous pair, and no further.",
        key="length",
    )


def _misere(a: int) -> Step:
    """What changes in misère play."""
    import sympy

    if a == 1:
        text = ("In misère play (taking the last penny loses) only the start changes: (0, 0) now wins "
                "for the player to move, (0, 1) and (2, 2) lose, and from (3, 5) on the losing pairs "
                "are Wythoff's pairs again.")
        return Step("Misère play", text, key="misere")
    alpha = alpha_symbol(a)
    inverse = sympy.simplify(1 / alpha - (alpha + a - 2) / sympy.Integer(a))
    text = (f"In misère play with a = {a} the pairs start at (0, 1) and then A_k is the least unused "
            f"number and B_k = A_k + {a}k + 1: every difference is shifted by one. Fraenkel's closed form "
            "(Wythoff games, continued fractions, cedar trees and Fibonacci searches, 1984) is "
            "A_k = floor(k alpha + 1/alpha) for every k from 0, with the same alpha. Since "
            f"1/alpha = (alpha + {a - 2})/{a}, that is ((ak - 1)(2 - a) + isqrt({a * a + 4}(ak + 1)^2)) "
            f"// {2 * a} in whole numbers, exact for any k. The tests check it against exhaustive searches "
            "of the positions that use only the rules (for a = 2 to 6, piles up to 100000).")
    return Step("Misère play", text, f"simplify(1/alpha - (alpha + {a - 2})/{a}) == 0", inverse == 0, key="misere")


# -- the analysis as lesson paragraphs, and the limit alpha as text -------------------------


@lru_cache(maxsize=8)
def _paragraphs(rules: Rules) -> dict[str, str]:
    """Each step of the analysis as a paragraph, by key."""
    out = {}
    for step in analysis(rules):
        check = ""
        if step.identity:
            check = f" (checked by sympy: {step.identity} is {'true' if step.verified else 'FALSE'})"
        out[step.key] = f"{step.title}. {step.text}{check}"
    return out


def proof_text(rules: Rules, key: str) -> str:
    """One step of the analysis as a paragraph (``"all"``: every step, numbered).

    ``InvalidParams`` when this variant has no such step (only a = 1 has "exact",
    only misère play has "misere").
    """
    steps = _paragraphs(rules)
    if key == "all":
        return "\n\n".join(f"{i}. {text}" for i, text in enumerate(steps.values(), 1))
    if key not in steps:
        raise InvalidParams(f"the analysis of {rules.describe()} has no step {key!r} "
                            f"(it has: {', '.join(steps)})")
    return steps[key]


def alpha_text(a: int) -> str:
    """The limit of A_k / k exactly, (2 - a + sqrt(a^2 + 4))/2 simplified.

    >>> [alpha_text(a) for a in (1, 2, 3, 4)]
    ['(1 + sqrt(5))/2', 'sqrt(2)', '(sqrt(13) - 1)/2', 'sqrt(5) - 1']
    """
    d = a * a + 4
    s = max(f for f in range(1, isqrt(d) + 1) if d % (f * f) == 0)  # d = s^2 * r, r square-free
    r = d // (s * s)
    c, den = 2 - a, 2
    if c % 2 == 0 and s % 2 == 0:
        c, s, den = c // 2, s // 2, 1
    root = f"sqrt({r})" if s == 1 else f"{s}*sqrt({r})"
    body = root if c == 0 else f"{c} + {root}" if c > 0 else f"{root} - {-c}"
    return body if den == 1 else (f"{body}/2" if c == 0 else f"({body})/2")


def alpha_decimal(a: int, digits: int = 10) -> str:
    """A_k / k's limit to ``digits`` decimals, computed with whole numbers (truncated).

    >>> alpha_decimal(1)
    '1.6180339887'
    """
    scale = 10**digits
    value = (scale * (2 - a) + isqrt(scale * scale * (a * a + 4))) // 2
    return f"{value // scale}.{value % scale:0{digits}d}"

"""Why the coin table can or cannot be won: the theorem first, then the evidence, and the algebra.

Read a table of N counters with K faces as a polynomial t(x) = sum d_p x**p with
coefficients mod K.  Turning the table by r multiplies by x**r modulo x**N - 1, and
a move adds a polynomial.  The theorem (``theorem.py``) decides every table from N and
K alone; ``decide`` then attaches the evidence the engine can exhibit:

* ``search`` - on tables with at most 30 arrangements, the exhaustive belief search
  (its answer must agree with the theorem's, or it is a bug);
* ``construction`` - the layered strategy, K**N - 1 moves, the lower bound;
* ``trap`` - the largest set of arrangements the Devil can keep the table in, computed
  (up to 200 arrangements);
* ``theorem`` - beyond that, the invariant the Devil keeps (``Fold`` or ``Moment``).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from functools import cache, cached_property

from tutor.errors import SearchLimit
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import Model, Move, fits
from tutor.puzzles.coins.theory.theorem import (
    Decision,
    Fold,
    Invariant,
    Moment,
    Power,
    burnside,
    necklace_count,
    prime_factors,
    short,
    strip,
)
from tutor.puzzles.coins.theory.theorem import decide as theorem
from tutor.screen.text import plural

__all__ = ["Analysis", "Decision", "Fold", "Invariant", "Moment", "Power", "Solution", "analyze", "decide",
           "factor_x_n_minus_1", "is_power_of", "necklaces", "prime_factors", "theorem"]

SEARCH_CLASSES = 30  # decide runs the exhaustive search up to this many arrangements (each well under 0.1 s)
TRAP_CLASSES = 200  # and computes the Devil's largest trap up to this many
HELD_MOVES = 1 << 17  # a strategy up to this long is held as a list; longer ones are streamed
COUNTED_TABLES = 1 << 16  # analyze counts classes by enumeration up to this many tables, else by Burnside
FACTORED_N = 64  # sympy factors x**N - 1 into irreducibles up to this N; beyond, its shape is given


@dataclass(frozen=True)
class Analysis:
    """The theory for one table: counts, factorization, winnability and the explanation."""

    classes: int | str | None  # an exact count (a decimal string past 4,000 digits), None when too long
    classes_formula: int | str | None  # Burnside's count, computed independently of the enumeration
    factorization: str
    factors: tuple[str, ...]
    power_of_k: bool
    explanation: tuple[str, ...]


def necklaces(n: int, k: int, dihedral: bool = False) -> int:
    """Burnside: the number of tables up to turns (necklaces, or bracelets if dihedral).

    >>> [necklaces(n, 2) for n in range(1, 9)]
    [2, 3, 4, 6, 8, 14, 20, 36]
    """
    return int(burnside(n, k, dihedral))


@cache
def factor_x_n_minus_1(n: int, k: int) -> tuple[str, tuple[str, ...]]:
    """The factorization of x**N - 1 over GF(K) for prime K, as text and as factors."""
    from sympy import Poly, factor_list, symbols

    x = symbols("x")
    with warnings.catch_warnings():  # sympy 1.13+ warns about its own sorting of ModularIntegers in factor_list
        warnings.simplefilter("ignore", DeprecationWarning)
        _, factors = factor_list(x**n - 1, modulus=k)
    parts = []
    texts = []
    for poly, mult in factors:
        text = str(Poly(poly, x, modulus=k).as_expr()) if k > 2 else str(poly.as_expr())
        texts.append(text)
        base = f"({text})" if "+" in text or "-" in text else text
        parts.append(base if mult == 1 else f"{base}**{mult}")
    return " * ".join(parts), tuple(texts)


def factor_shape(n: int, p: int) -> str:
    """x**N - 1 over GF(p) for large N, as (x - 1)**(p**a) (1 + x + ... + x**(m-1))**(p**a), N = p**a m.

    >>> factor_shape(10**6, 2)
    '(x + 1)**64 * (x**15624 + ... + x + 1)**64'
    """
    m, a = strip(n, p)
    one = "x + 1" if p == 2 else "x - 1"
    power = "" if a == 0 else f"**{p**a}"
    rest = "" if m == 1 else f" * (x**{m - 1} + ... + x + 1){power}"
    return f"({one}){power if m > 1 else f'**{n}'}{rest}" if n > 1 else one


def is_power_of(n: int, k: int) -> bool:
    """Whether n is a power of k (k**0 = 1 included)."""
    while n % k == 0:
        n //= k
    return n == 1


def _factorization(n: int, k: int) -> tuple[str, tuple[str, ...]]:
    """x**N - 1 over GF(K) for prime K; for other K, a note (and the factorization mod p for K = p**b)."""
    primes = prime_factors(k)
    p = primes[0]
    text, factors = factor_x_n_minus_1(n, p) if n <= FACTORED_N else (factor_shape(n, p), ())
    if primes == [k]:
        return text, factors
    if len(primes) == 1:
        return f"{text} (mod {p}: Z/{k} is not a field)", ()
    return f"not factored (Z/{k} is not a field)", ()


def analyze(model: Model) -> Analysis:
    """Counts, algebra and the theorem's argument for ``model`` (no enumeration beyond 65,536 tables)."""
    n, k = model.n, model.k
    decision = theorem(n, k, model.dihedral, model.goal)
    formula = necklace_count(n, k, model.dihedral)
    counted = model.class_count if fits(n, k, COUNTED_TABLES) else formula
    text, factors = _factorization(n, k)
    field = f"GF({k})" if prime_factors(k) == [k] else f"Z/{k}"
    over = (f"Over {field}, x**{n} - 1 = {text}." if field.startswith("GF") else
            f"x**{n} - 1 = {text}." if len(prime_factors(k)) == 1 else f"x**{n} - 1 is {text}.")
    lines = [
        f"Read a table as a polynomial: the coin at position p contributes d_p * x**p, "
        f"with coefficients in {field}.",
        f"Turning the table by one step multiplies by x, and x**{n} = 1 after a full turn: "
        f"the game lives in {field}[x] / (x**{n} - 1).",
        over + (" (Over GF(2), x - 1 = x + 1.)" if k == 2 else ""),
        "The theorem (Bar-Yehuda, Etzion and Moran 1993; Korsky, arXiv:2112.04965; the reflection case "
        "is proved in docs/coins.md): a sure win exists exactly when N = 1, or N and K are powers of the "
        "same prime p, and p = 2 if the Devil may reflect; the shortest then has K**N - 1 moves "
        "(K**(N-1) - 1 for all alike).",
    ]
    lines += _winning_lines(decision) if decision.winnable else _losing_lines(decision)
    # powers are written ^ in what a learner reads (sympy writes **)
    return Analysis(counted, formula, text, factors, is_power_of(n, k), tuple(ln.replace("**", "^") for ln in lines))


def _winning_lines(d: Decision) -> list[str]:
    """The construction and the lower bound, for a learner."""
    n, k, bound = d.n, d.k, d.lower_bound
    starts = ("classes of starts that are not all alike (two starts are in one class when they differ by "
              "the same amount at every position)" if d.goal == "same" else "starts that are not all heads")
    lower = (f"No strategy is shorter: if the Devil never turns, the table after i moves is the start plus the "
             f"sum of the first i moves, so each of the {short(bound)} {starts} must be finished by a "
             f"different prefix of the moves.")
    if n == 1:
        if d.goal == "same":
            return ["One counter is always all alike: the game is over before it starts (0 moves)."]
        return [f"One counter: add 1, {k - 1} times. Whatever its face, one of the {k} values it passes is 0.",
                lower]
    p = d.prime
    assert p is not None
    b = strip(k, p)[1]
    steps = n - 1 if d.goal == "same" else n
    mirror = (" A reflection sends x - 1 to -(x - 1)/x, so it acts on level j by (-1)**j: the identity, "
              "because p = 2." if d.dihedral else "")
    same = (f" For all alike the levels j = {n - 1} are not needed: {p}**i (x - 1)**{n - 1} is {p}**i times "
            f"the all-ones table, up to the next level." if d.goal == "same" else "")
    return [
        f"Because N = {n} and K = {k} are powers of {p}, x**{n} - 1 = (x - 1)**{n} mod {p}.",
        f"Levels: for i < {b} and j < {steps}, the tables {p}**i (x - 1)**j * (anything) + {p}**(i+1) * "
        f"(anything) form {b * steps} nested sets, each 1/{p} of the one before. A turn multiplies by "
        f"x = 1 + (x - 1), which keeps every set and never moves a table to another class within its "
        f"level.{mirror}{same}",
        f"The layered strategy clears one level at a time: the strategy for the levels below, {p} times, "
        f"with the level's move {p}**i (x - 1)**j between the copies. Its length is "
        f"{'' if b == 1 else f'{p}**{b * steps} - 1 = '}{bound.text()} moves.",
        lower,
    ]


def _losing_lines(d: Decision) -> list[str]:
    """The Devil's invariant, for a learner."""
    assert d.invariant is not None
    return d.invariant.lines(d.n, d.k)


# -- the decision: theorem first, then the evidence ----------------------------------------------


@dataclass(frozen=True)
class Solution:
    """What is known about the shortest strategy, and how it was established."""

    solvable: bool | None
    decision: Decision
    method: str  # "search", "construction", "trap" or "theorem"
    reason: str
    trap: tuple[str, ...] = ()
    explored: int = 0
    found: tuple[Move, ...] | None = None  # the strategy the search found

    @property
    def length(self) -> Power | None:
        """The shortest length, exactly (None when no sure win exists)."""
        return self.decision.length

    @property
    def shortest(self) -> int | None:
        """The shortest length as an int (None when there is none, or it has more than 4,000 digits)."""
        length = self.length
        return int(length) if length is not None and length.digits() <= 4000 else None

    @cached_property
    def strategy(self) -> list[Move] | None:
        """A shortest strategy as a list, when it has at most HELD_MOVES moves (else see ``levels``)."""
        if self.found is not None:
            return list(self.found)
        if self.length is None or self.length.digits() > 7 or int(self.length) > HELD_MOVES:
            return None
        d = self.decision
        return engine.layered(engine.levels(d.n, d.k, d.dihedral, d.goal))

    def levels(self) -> list[engine.Level]:
        """The layered strategy's levels (for streaming it; only when it is short enough to write out)."""
        d = self.decision
        return engine.levels(d.n, d.k, d.dihedral, d.goal)


@cache
def decide(m: Model) -> Solution:
    """Whether a sure win exists, how long the shortest is, and the evidence (instant at any size)."""
    d = theorem(m.n, m.k, m.dihedral, m.goal)
    enumerable = m.enumerable
    classes = necklaces(m.n, m.k, m.dihedral) if enumerable else None
    if classes is not None and classes <= SEARCH_CLASSES:
        try:
            outcome = engine.solve(m)
        except SearchLimit:
            outcome = None
        if outcome is not None:
            return _searched(m, d, outcome)
    if d.winnable:
        assert d.length is not None
        how = ("one counter, stepped round by adding 1" if m.n == 1 else
               f"N and K are powers of {d.prime}")
        return Solution(True, d, "construction",
                        f"the layered strategy ({how}) has {d.length.expression()} moves, the lower bound, "
                        f"so it is shortest")
    if classes is not None and classes <= TRAP_CLASSES:
        names = trap_names(m)
        assert names, f"the theorem says {m} is lost, but the Devil's largest trap is empty"
        return Solution(False, d, "trap", trap_reason(names), tuple(names))
    return Solution(False, d, "theorem", d.reason())


def _searched(m: Model, d: Decision, outcome: engine.SearchOutcome) -> Solution:
    """The search's answer, which must agree with the theorem's."""
    found = outcome.strategy
    if (found is not None) != d.winnable or (found is not None and d.length is not None
                                             and len(found) != int(d.length)):
        raise AssertionError(f"the exhaustive search and the theorem disagree on {m}")
    if found is not None:
        return Solution(True, d, "search",
                        f"exhaustive belief search over {plural(m.class_count, 'class', 'classes')} "
                        f"({plural(outcome.explored, 'belief')}) found no shorter win",
                        explored=outcome.explored, found=tuple(found))
    names = trap_names(m)
    return Solution(False, d, "search",
                    f"{_reachable(outcome.explored)} searched and none is a sure win; "
                    + trap_reason(names), tuple(names), outcome.explored)


def _reachable(explored: int) -> str:
    return "the one reachable belief was" if explored == 1 else f"all {explored:,} reachable beliefs were"


def trap_names(m: Model) -> list[str]:
    """The arrangements in the Devil's trap, by name."""
    return m.names_in(engine.trap(m))


def trap_reason(names: list[str]) -> str:
    """Why a trap means no sure win, in words."""
    shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return (f"the Devil can keep the table among {plural(len(names), 'arrangement')} ({shown}) forever: "
            "whatever you flip, one of his turns lands on one of them again")

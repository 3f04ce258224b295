"""Why the coin table can or cannot be won: the algebra, with sympy.

Read a table of N counters with K faces as a polynomial t(x) = sum d_p x**p
with coefficients mod K.  Turning the table by r multiplies by x**r modulo
x**N - 1, and a move adds a polynomial.  So the game lives in the ring
GF(K)[x] / (x**N - 1), and the factorization of x**N - 1 decides it:

* x**N - 1 = (x - 1)**N exactly when N is a power of the prime K.  Then the
  multiples of (x - 1)**j form a chain of N nested levels, each one step
  smaller, that every turn preserves and that turns move only "sideways"
  within a level.  The player clears one level at a time: K**N - 1 moves.
* Otherwise x**N - 1 has another irreducible factor, and the Devil can hide
  the table's component along it (the engine exhibits his trap explicitly).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tutor.errors import SearchLimit
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import Model, Move


@dataclass(frozen=True)
class Analysis:
    """The theory for one table: counts, factorization, winnability and the explanation."""

    classes: int
    classes_formula: int  # Burnside's count, computed independently of the enumeration
    factorization: str
    factors: tuple[str, ...]
    power_of_k: bool
    explanation: tuple[str, ...]


def necklaces(n: int, k: int, dihedral: bool = False) -> int:
    """Burnside: the number of tables up to turns (necklaces, or bracelets if dihedral).

    >>> [necklaces(n, 2) for n in range(1, 9)]
    [2, 3, 4, 6, 8, 14, 20, 36]
    """
    from sympy import divisors, totient

    rotations = sum(int(totient(d)) * k ** (n // d) for d in divisors(n))
    if not dihedral:
        return rotations // n
    odd = n * k ** ((n + 1) // 2)
    even = (n // 2) * (k ** (n // 2 + 1) + k ** (n // 2))
    reflections = odd if n % 2 else even
    return (rotations + reflections) // (2 * n)


@cache
def factor_x_n_minus_1(n: int, k: int) -> tuple[str, tuple[str, ...]]:
    """The factorization of x**N - 1 over GF(K) for prime K, as text and as factors."""
    from sympy import Poly, factor_list, symbols

    x = symbols("x")
    _, factors = factor_list(x**n - 1, modulus=k)
    parts = []
    texts = []
    for poly, mult in factors:
        text = str(Poly(poly, x, modulus=k).as_expr()) if k > 2 else str(poly.as_expr())
        texts.append(text)
        base = f"({text})" if "+" in text or "-" in text else text
        parts.append(base if mult == 1 else f"{base}**{mult}")
    return " * ".join(parts), tuple(texts)


def is_power_of(n: int, k: int) -> bool:
    """Whether n is a power of k (k**0 = 1 included)."""
    while n % k == 0:
        n //= k
    return n == 1


def analyze(model: Model) -> Analysis:
    """Counts and algebra for ``model`` (factorization only for prime K)."""
    from sympy import isprime

    n, k = model.n, model.k
    if isprime(k):
        text, factors = factor_x_n_minus_1(n, k)
        field = f"GF({k})"
    else:
        text, factors = f"(K = {k} is not prime: no field GF({k}))", ()
        field = f"Z/{k}"
    power = is_power_of(n, k) if isprime(k) else False
    lines = [
        f"Read a table as a polynomial: the coin at position p contributes d_p * x**p, "
        f"with coefficients in {field}.",
        f"Turning the table by one step multiplies by x, and x**{n} = 1 after a full turn: "
        f"the game lives in {field}[x] / (x**{n} - 1).",
        f"Over {field}, x**{n} - 1 = {text}." + (" (Over GF(2), x - 1 = x + 1.)" if k == 2 else ""),
    ]
    if power:
        lines += [
            f"Because {n} is a power of {k}, x**{n} - 1 = (x - 1)**{n}: a single factor. "
            f"The tables divisible by (x - 1)**j form {n} nested levels; every turn keeps each level "
            f"and moves a table only within its level.",
            f"So the player can clear one level at a time, each level needing the strategy for the "
            f"level below {k} times, plus {k - 1} move(s) to step across: {k}**{n} - 1 = "
            f"{k**n - 1} moves.",
            f"No strategy is shorter: if the Devil never turns, every one of the {k**n - 1} "
            f"non-goal tables must be cancelled by a different prefix of the moves.",
        ]
        if model.dihedral and k != 2:
            lines.append("With reflections and more than two faces a reflection can undo a level's "
                         "progress, so the search decides this case.")
    elif isprime(k):
        other = [f for f in factors if f not in ("x - 1", "x + 1", f"x + {k - 1}")]
        example = other[0] if other else "?"
        lines += [
            f"Because {n} is not a power of {k}, x**{n} - 1 has a factor other than x - 1, "
            f"for example {example}.",
            "The part of the table along that factor is something the Devil's turns can keep "
            "hidden: there is a set of arrangements he can always return the table to, whatever "
            "you flip, so no fixed sequence of moves is sure to win.",
        ]
    return Analysis(
        classes=model.class_count,
        classes_formula=necklaces(n, k, model.dihedral),
        factorization=text,
        factors=factors,
        power_of_k=power,
        explanation=tuple(lines),
    )


# -- the decision: search, construction, trap -------------------------------------------


@dataclass(frozen=True)
class Solution:
    """What is known about the shortest strategy, and how it was established."""

    solvable: bool | None
    strategy: list[Move] | None
    shortest: int | None  # proven shortest length, when known
    method: str  # "search", "construction", "trap", "unknown"
    reason: str
    trap: tuple[str, ...] = ()
    explored: int = 0


@cache
def decide(m: Model) -> Solution:
    """Whether a sure win exists, the shortest strategy when known, and how that was established."""
    outcome = None
    if engine.searchable(m):
        try:
            outcome = engine.solve(m)
        except SearchLimit:
            outcome = None  # too many beliefs: fall back on the construction, the trap, or "unknown"
    if outcome is not None:
        if outcome.strategy is not None:
            return Solution(True, outcome.strategy, len(outcome.strategy), "search",
                            f"exhaustive belief search over {m.class_count} classes "
                            f"({outcome.explored} beliefs) found no shorter win", explored=outcome.explored)
        names = trap_names(m)
        return Solution(False, None, None, "search",
                        f"all {outcome.explored} reachable beliefs were searched and none is a sure win; "
                        + trap_reason(names), tuple(names), outcome.explored)
    if engine.construction_applies(m):
        strategy = engine.construct(m)
        return Solution(True, strategy, len(strategy), "construction",
                        f"closed-form strategy of {m.k}**{m.n} - 1 moves, equal to the lower bound "
                        f"{engine.lower_bound(m)}, so it is shortest")
    if m.class_count <= engine.TRAP_CLASS_LIMIT:
        names = trap_names(m)
        if names:
            return Solution(False, None, None, "trap", trap_reason(names), tuple(names))
    why = ("the exact belief search ran out of its budget" if engine.searchable(m)
           else f"{m.class_count} classes is beyond the exact belief search")
    return Solution(None, None, None, "unknown", f"{why}, and no theorem here decides it")


def trap_names(m: Model) -> list[str]:
    """The arrangements in the Devil's trap, by name."""
    return m.names_in(engine.trap(m))


def trap_reason(names: list[str]) -> str:
    """Why a trap means no sure win, in words."""
    shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return (f"the Devil can keep the table among {len(names)} arrangement(s) ({shown}) forever: "
            "whatever you flip, one of his turns lands on one of them again")

"""The theorem that decides every coin table before any search, with its certificates.

Theorem.  N positions, K faces, the Devil turning the table (rotations, or rotations and
reflections) before each move, the goal all heads or all alike.  A sure win exists exactly
when N = 1, or N and K are powers of the same prime p - and, if the Devil may reflect,
p = 2.  Then the shortest sure win has K**N - 1 moves (K**(N-1) - 1 for all alike).

For rotations and all heads this is the theorem of Bar-Yehuda, Etzion and Moran
("Rotating-table games and derivatives of words", TCS 108, 1993), simplified by Korsky
("Permutations of counters on a table", arXiv:2112.04965).  The engine proves every case
itself, and this module carries the proof's two halves as certificates:

* winnable: the layered strategy (``engine.levels``), whose length is the prefix-sum
  lower bound, so it is shortest;
* not winnable: an invariant the Devil keeps, whatever is flipped (``Fold``, ``Moment``):
  a quantity computed from the table, zero on every goal table, that he can always keep
  non-zero by choosing between two turns.

Everything here is arithmetic on N and K (trial division up to sqrt), instant for any
N and K up to 10**6; nothing enumerates tables.
"""

from __future__ import annotations

import decimal
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tutor.limits import INT_DIGITS
from tutor.puzzles.coins.engine import prime_power, smallest_prime_factor, winnable

SHOWN_DIGITS = 30  # a number with at most this many digits is also written out in text
MAX_COUNT_DIGITS = 1_000_000  # Burnside's count is computed exactly up to this many digits


# -- exact big numbers -----------------------------------------------------------------------


@dataclass(frozen=True)
class Power:
    """The exact whole number base**exponent + offset (offset 0 or -1), kept as that expression.

    >>> Power(2, 64, -1).text()
    '2^64 - 1 = 18,446,744,073,709,551,615'
    >>> Power(2, 10**6, -1).text()
    '2^1000000 - 1 (301,030 digits)'
    """

    base: int
    exponent: int
    offset: int = 0

    def expression(self) -> str:
        """``2^64 - 1``."""
        return f"{self.base}^{self.exponent}" + (" - 1" if self.offset else "")

    def digits(self) -> int:
        """How many decimal digits the number has (exactly, without computing it when huge)."""
        if self.exponent * math.log10(self.base) < INT_DIGITS.value:
            return len(str(int(self)))
        ctx = decimal.Context(prec=60)
        size = int(ctx.multiply(ctx.log10(decimal.Decimal(self.base)), decimal.Decimal(self.exponent))) + 1
        ten = str(self.base).rstrip("0") == "1"  # base**exponent is a power of ten: minus one loses a digit
        return size - 1 if ten and self.offset else size

    def __int__(self) -> int:
        return self.base**self.exponent + self.offset

    def json(self) -> int | str:
        """An int, or the exact decimal string when it has more than 4,000 digits (Python's int limit)."""
        return _exact(self)

    def text(self) -> str:
        """The expression, with its value when short, else with its number of digits."""
        digits = self.digits()
        if digits <= SHOWN_DIGITS:
            return f"{self.expression()} = {int(self):,}"
        return f"{self.expression()} ({digits:,} digits)"


@lru_cache(maxsize=4)  # analyze asks for the same 6,000,000-digit number twice (length and lower bound)
def _exact(power: Power) -> int | str:
    digits = power.digits()
    if digits <= INT_DIGITS.value:
        return int(power)
    ctx = decimal.Context(prec=digits + 2, Emax=decimal.MAX_EMAX,
                          traps=[decimal.Inexact, decimal.Overflow, decimal.InvalidOperation])
    return str(ctx.add(ctx.power(decimal.Decimal(power.base), power.exponent), decimal.Decimal(power.offset)))


def short(value: Power) -> str:
    """A length for a sentence: ``15`` when short, ``2^64 - 1`` otherwise."""
    return f"{int(value):,}" if value.digits() <= 9 else value.expression()


# -- number theory (trial division; N and K are at most 10**6) ---------------------------------


def prime_factors(n: int) -> list[int]:
    """The distinct primes dividing n, ascending.

    >>> prime_factors(360), prime_factors(1)
    ([2, 3, 5], [])
    """
    out = []
    while n > 1:
        p = smallest_prime_factor(n)
        out.append(p)
        while n % p == 0:
            n //= p
    return out


def strip(n: int, p: int) -> tuple[int, int]:
    """(m, a) with n = p**a * m and p not dividing m."""
    a = 0
    while n % p == 0:
        n //= p
        a += 1
    return n, a


def totient(n: int) -> int:
    """Euler's phi."""
    out = n
    for p in prime_factors(n):
        out -= out // p
    return out


def divisors(n: int) -> list[int]:
    """Every divisor of n, ascending."""
    out = [1]
    for p in prime_factors(n):
        _, a = strip(n, p)
        out = [d * p**e for d in out for e in range(a + 1)]
    return sorted(out)


def necklace_count(n: int, k: int, dihedral: bool = False) -> int | str | None:
    """Burnside's count of tables up to turns: an int, the exact decimal string beyond 4,000 digits,
    or None beyond MAX_COUNT_DIGITS (the count is then only described by its size).

    >>> necklace_count(8, 2), necklace_count(6, 2, True), len(str(necklace_count(10**5, 2)))
    (36, 13, 30098)
    """
    if n * math.log10(max(k, 2)) < KEPT_DIGITS:
        return _small_necklace_count(n, k, dihedral, INT_DIGITS.value)
    return _necklace_count(n, k, dihedral, INT_DIGITS.value)


KEPT_DIGITS = 200  # counts up to about this many digits are kept per arguments (their memory stays small)


@lru_cache(maxsize=4096)
def _small_necklace_count(n: int, k: int, dihedral: bool, int_digits: int) -> int | str | None:
    """``necklace_count`` of a small table, kept per arguments: a misconception's diagnosis asks for the same few
    counts thousands of times."""
    return _necklace_count(n, k, dihedral, int_digits)


def _necklace_count(n: int, k: int, dihedral: bool, int_digits: int) -> int | str | None:
    """``necklace_count`` under the int-digit limit ``int_digits``."""
    digits = Power(k, n).digits()
    if digits > MAX_COUNT_DIGITS:
        return None
    if digits <= int_digits:
        return burnside(n, k, dihedral)
    ctx = decimal.Context(prec=digits + 10, Emax=decimal.MAX_EMAX,
                          traps=[decimal.Inexact, decimal.Overflow, decimal.InvalidOperation])
    with decimal.localcontext(ctx):  # exact: every intermediate fits in the precision
        return str(burnside(n, decimal.Decimal(k), dihedral))


def burnside(n: int, k: Any, dihedral: bool) -> Any:
    """Burnside's lemma with k an int or an exact Decimal: a turn by r fixes k**gcd(r, N) tables."""
    total = sum(totient(d) * k ** (n // d) for d in divisors(n))
    if dihedral:
        total += n * k ** ((n + 1) // 2) if n % 2 else (n // 2) * (k ** (n // 2 + 1) + k ** (n // 2))
        return total // (2 * n)
    return total // n


# -- the Devil's certificates -------------------------------------------------------------------


@dataclass(frozen=True)
class Fold:
    """The Devil's invariant when N is not a power of a prime q dividing K.

    Write N = q**a * m with m > 1 not divisible by q.  The *folded sums* of a table are the
    m totals, mod q, of the faces at positions i, i + m, i + 2m, ... (i = 0 .. m - 1).  The
    Devil keeps them from being all equal.
    """

    q: int
    m: int
    kind = "fold"

    def json(self) -> dict[str, Any]:
        """The certificate for JSON."""
        return {"kind": self.kind, "prime": self.q, "groups": self.m,
                "statement": "the folded sums are not all equal"}

    def summary(self, n: int, k: int) -> str:
        """The invariant and how the Devil keeps it, in one sentence."""
        faces = "coins" if k == 2 else "faces" if k == self.q else f"faces, reduced mod {self.q},"
        if n == self.m:
            kept = f"the Devil keeps the {faces} from being all alike"
        else:
            places = (f"i and i + {self.m}" if n == 2 * self.m else f"i, i + {self.m}, ..., i + {n - self.m}")
            kept = (f"fold the table into {self.m} groups (positions {places}, for each i < {self.m}) and add "
                    f"up each group's faces mod {self.q}: the Devil keeps the {self.m} sums from being all equal")
        return (f"{kept}, as they are on every goal table, choosing before each move between no turn and a "
                f"turn by one step, so no strategy is sure to win")

    def lines(self, n: int, k: int) -> list[str]:
        """The argument, for a learner."""
        per = n // self.m
        group = ("each position on its own" if per == 1 else
                 f"the {per} positions i, i + {self.m}, ... in each group")
        return [
            f"Why the Devil wins: {self.q} divides K = {k}, but N = {n} is not a power of {self.q}: "
            f"N = {per} x {self.m} with {self.m} > 1 not divisible by {self.q}.",
            f"Fold the table: for i = 0 .. {self.m - 1} add the faces at {group} "
            f"and reduce mod {self.q}. Every all-heads or all-alike table has all {self.m} folded sums equal.",
            "Turning the table one step shifts the folded sums round by one place; a move adds the same "
            "amounts to the sums whatever the Devil did.",
            f"Suppose the sums are not all equal. Whatever you flip, the Devil either leaves the table or turns "
            f"it one step first. If both results had equal sums, the sums minus their shifted copy would be one "
            f"constant c; adding up its {self.m} entries gives {self.m} x c = 0 mod {self.q}, so c = 0, and sums "
            f"equal to their own shift are all equal - a contradiction.",
            f"So one of his two choices keeps the sums unequal, move after move: from a table with one "
            f"{'tail' if k == 2 else 'face 1'} at position 0 the game never ends, and no strategy is sure to win.",
        ]


@dataclass(frozen=True)
class Moment:
    """The Devil's invariant with reflections when N = p**a >= 3 and K = p**b, p an odd prime.

    The table's *weight* A is the total of its faces and its *moment* B the total of
    position x face, both mod p.  The Devil keeps (A, B) != (0, 0).
    """

    p: int
    kind = "moment"

    def json(self) -> dict[str, Any]:
        """The certificate for JSON."""
        return {"kind": self.kind, "prime": self.p, "groups": None,
                "statement": "the weight and the moment are not both 0"}

    def summary(self, n: int, k: int) -> str:
        """The invariant and how the Devil keeps it, in one sentence."""
        return (f"the Devil keeps the weight (the total of the faces) and the moment (the total of position x "
                f"face), both mod {self.p}, from being both 0, as they are on every goal table, choosing "
                f"before each move between no turn, a turn by one step and the mirror, so no strategy is "
                f"sure to win")

    def lines(self, n: int, k: int) -> list[str]:
        """The argument, for a learner."""
        p = self.p
        return [
            f"Why the Devil wins with reflections: N = {n} and K = {k} are powers of the odd prime {p}.",
            f"Let A = the total of the faces and B = the total of position x face, both mod {p} "
            f"(positions are counted mod N, and {p} divides N, so B is well defined). All heads gives A = B = 0; "
            f"all alike (face c) gives A = N c = 0 and B = c N (N - 1) / 2 = 0 mod {p}.",
            "Turning the table by r steps keeps A and changes B to B + r A; the mirror turn r changes B to "
            "r A - B; a move adds the same amounts to A and B whatever the Devil did.",
            "Suppose (A, B) is not (0, 0). If A is not 0, leaving the table and turning it one step give two "
            "results whose B differ by A, so at most one of them is (0, 0). If A = 0, then B is not 0, and "
            f"leaving the table and the mirror 0 give B and -B, which differ because {p} is odd.",
            "So the Devil keeps (A, B) away from (0, 0) forever: from a table with one face 1 at position 0 the "
            "game never ends, and no strategy is sure to win. (With rotations alone the same tables are "
            "winnable: the mirror is what the Devil needs.)",
        ]


Invariant = Fold | Moment


def invariant(n: int, k: int, dihedral: bool) -> Invariant | None:
    """The Devil's certificate, or None when a sure win exists."""
    if winnable(n, k, dihedral):
        return None
    power = prime_power(n)
    for q in prime_factors(k):
        if power is None or power[0] != q:
            return Fold(q, strip(n, q)[0])
    assert dihedral and power is not None
    return Moment(power[0])


# -- the decision ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """What the theorem says about one table, with the certificate of its proof."""

    n: int
    k: int
    dihedral: bool
    goal: str
    winnable: bool
    prime: int | None  # p when N and K are powers of the one prime p (N = 1 counts as p**0)
    length: Power | None  # the shortest sure win, when one exists
    lower_bound: Power  # no winning strategy is shorter
    invariant: Invariant | None  # the Devil's certificate when no sure win exists

    def reason(self) -> str:
        """Why, in one sentence."""
        if self.length is not None:
            return (f"the layered strategy wins in {self.length.expression()} moves, the lower bound, "
                    f"so it is shortest")
        assert self.invariant is not None
        return self.invariant.summary(self.n, self.k)


def decide(n: int, k: int, dihedral: bool = False, goal: str = "heads") -> Decision:
    """The theorem, applied (instant for any N and K).

    >>> d = decide(4, 4)
    >>> d.winnable, d.length.text(), d.prime
    (True, '4^4 - 1 = 255', 2)
    >>> decide(5, 6, dihedral=True).invariant
    Fold(q=2, m=5)
    >>> decide(9, 3, dihedral=True).invariant
    Moment(p=3)
    """
    bound = Power(k, n - 1 if goal == "same" else n, -1)
    win = winnable(n, k, dihedral)
    pk = prime_power(k)
    pn = prime_power(n)
    prime = pk[0] if pk is not None and (n == 1 or (pn is not None and pn[0] == pk[0])) else None
    return Decision(n, k, dihedral, goal, win, prime, bound if win else None, bound, invariant(n, k, dihedral))

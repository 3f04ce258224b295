"""Exact values of conjecture formulas: fractions while rational, integer intervals once irrational.

A formula tree (``rules.formula``) is evaluated at one whole number k exactly:
with fractions while the value is rational, and with fixed-point integer
intervals once ``sqrt``, ``phi`` or ``pi`` make it irrational.  A floor or
ceiling is decided when its interval does not straddle a whole number;
otherwise (rarely) sympy decides it exactly.  ``to_sympy`` builds the sympy
expression of a tree from whitelisted constructors only.

Vocabulary:

* ``Interval = tuple[int, int]`` - ``(lo, hi)`` with lo/2^BITS <= value <= hi/2^BITS.
* a value - a ``Fraction``, or a text saying why there is none
  (``"undefined: a division by zero"``, ``"not a whole number, about 1.618"``).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import isqrt

from tutor.puzzles.wythoff.limits import SYMPY_DECISIONS
from tutor.puzzles.wythoff.rules.formula import (
    MAX_BITS,
    VARIABLE,
    FormulaError,
    Node,
    Undefined,
    fraction_sqrt,
    small,
)

BITS = 320  # fixed-point precision of the intervals
ONE = 1 << BITS
Interval = tuple[int, int]  # lo/2^BITS <= value <= hi/2^BITS


@cache
def _pi() -> Interval:
    """pi as an interval, by Machin's formula in integer arithmetic."""
    guard = BITS + 20

    def arctan_inverse(x: int) -> int:
        total, term, n, sign = 0, (1 << guard) // x, 1, 1
        x2 = x * x
        while term:
            total += sign * (term // n)
            term //= x2
            n += 2
            sign = -sign
        return total

    value = 4 * (4 * arctan_inverse(5) - arctan_inverse(239))
    scaled = value >> 20
    return (scaled - 4, scaled + 4)


def _interval(value: Fraction | Interval) -> Interval:
    if isinstance(value, Fraction):
        scaled = value * ONE
        return (scaled.numerator // scaled.denominator, -((-scaled.numerator) // scaled.denominator))
    return value


def _mul(x: Interval, y: Interval) -> Interval:
    products = [x[0] * y[0], x[0] * y[1], x[1] * y[0], x[1] * y[1]]
    lo, hi = min(products) >> BITS, -((-max(products)) >> BITS)
    if max(abs(lo), abs(hi)).bit_length() > MAX_BITS + BITS:
        raise Undefined("numbers too large to evaluate")
    return (lo, hi)


def _reciprocal(x: Interval) -> Interval:
    if x[0] <= 0 <= x[1]:
        raise _Undecided
    return ((ONE * ONE) // x[1], -((-ONE * ONE) // x[0]))


def _sqrt(x: Interval) -> Interval:
    if x[1] < 0:
        raise Undefined("the square root of a negative number")
    if x[0] < 0:
        raise _Undecided
    return (isqrt(x[0] << BITS), isqrt(x[1] << BITS) + 1)


class _Undecided(Exception):
    """The interval is too wide to decide a floor, sign or zero; sympy must decide."""


def _value(node: Node, k: int) -> Fraction | Interval:
    """The value at ``k``: a Fraction while exact, else an interval."""
    kind = node[0]
    if kind == "num":
        return Fraction(node[1])
    if kind == "var":
        return Fraction(k)
    if kind == "const":
        if node[1] == "pi":
            return _pi()
        root = _sqrt(_interval(Fraction(5)))
        return ((ONE + root[0]) // 2, (ONE + root[1] + 1) // 2)
    if kind == "neg":
        inner = _value(node[1], k)
        if isinstance(inner, Fraction):
            return -inner
        return (-inner[1], -inner[0])
    if kind == "pow":
        base = _value(node[1], k)
        if isinstance(base, Fraction):
            if base == 0 and node[2] < 0:
                raise Undefined("a division by zero")
            return small(base ** node[2])
        result = _interval(Fraction(1))
        for _ in range(abs(node[2])):
            result = _mul(result, base)
        return _reciprocal(result) if node[2] < 0 else result
    if kind == "call":
        inner = _value(node[2], k)
        if node[1] == "sqrt":
            if isinstance(inner, Fraction):
                exact_root = fraction_sqrt(inner)
                if exact_root is not None:
                    return exact_root
            return _sqrt(_interval(inner))
        if isinstance(inner, Fraction):
            low = high = inner.numerator // inner.denominator
            if node[1] == "ceiling":
                low = high = -((-inner.numerator) // inner.denominator)
        else:
            lo, hi = inner
            if node[1] == "floor":
                low, high = lo >> BITS, hi >> BITS
            else:
                low, high = -((-lo) >> BITS), -((-hi) >> BITS)
        if low != high:
            raise _Undecided
        return Fraction(low)
    left, right = _value(node[1], k), _value(node[2], k)
    if isinstance(left, Fraction) and isinstance(right, Fraction):
        if kind == "add":
            return left + right
        if kind == "sub":
            return left - right
        if kind == "mul":
            return small(left * right)
        if right == 0:
            raise Undefined("a division by zero")
        return small(left / right)
    x, y = _interval(left), _interval(right)
    if kind == "add":
        return (x[0] + y[0], x[1] + y[1])
    if kind == "sub":
        return (x[0] - y[1], x[1] - y[0])
    if kind == "mul":
        return _mul(x, y)
    if isinstance(right, Fraction) and right == 0:
        raise Undefined("a division by zero")
    return _mul(x, _reciprocal(y))


class SympyBudget:
    """How many more values may be decided by sympy (slow) in one run of the workbench (``sympy_decisions``)."""

    def __init__(self) -> None:
        self.left = SYMPY_DECISIONS.value

    def spend(self, k: int) -> None:
        """One more sympy decision, at ``k``; ``TooLarge`` when none is left."""
        if self.left <= 0:
            raise SYMPY_DECISIONS.error(f"the formula needs sympy to decide its value at k = {k} and at "
                                        f"{SYMPY_DECISIONS.value} values before; lower --bound or simplify it")
        self.left -= 1


def evaluate(node: Node, k: int, budget: SympyBudget | None = None) -> Fraction | str:
    """The exact value at ``k`` as a Fraction, or a text saying why it is not a rational number.

    The rare values that interval arithmetic cannot decide go to sympy, each one spending ``budget``.

    >>> from tutor.puzzles.wythoff.rules.formula import parse_formula
    >>> evaluate(parse_formula("floor(k*(1 + sqrt(5))/2)"), 102334155)
    Fraction(165580140, 1)
    >>> evaluate(parse_formula("1/(k - 2)"), 2)
    'undefined: a division by zero'
    """
    try:
        value = _value(node, k)
    except Undefined as err:
        return f"undefined: {err}"
    except _Undecided:
        value = None
    if isinstance(value, Fraction):
        return value
    if value is not None:
        lo, hi = value
        if (lo >> BITS) == (hi >> BITS) and lo & (ONE - 1):
            return f"not a whole number, about {_approx(lo)}"  # no whole number in the interval
    if budget is not None:
        budget.spend(k)
    return _sympy_value(node, k)


def _approx(scaled: int) -> str:
    """A short decimal for a fixed-point value."""
    return f"{Fraction(scaled, ONE).__float__():.6g}"


def _sympy_value(node: Node, k: int) -> Fraction | str:
    """Decide the value at ``k`` with sympy's exact arithmetic (the slow, rare path)."""
    import sympy
    from sympy.core.evalf import PrecisionExhausted

    try:
        value = sympy.simplify(to_sympy(node).subs(sympy.Symbol(VARIABLE, integer=True, nonnegative=True), k))
    except PrecisionExhausted:  # a floor or ceiling of a huge value too close to a whole number
        raise FormulaError(f"the value at k = {k} is too large to decide exactly (a floor or ceiling of "
                           "it lies too close to a whole number); try a simpler formula") from None
    if value.has(sympy.zoo, sympy.nan, sympy.oo, sympy.I):
        return "undefined at this k"
    if value.is_Rational:
        return Fraction(int(value.p), int(value.q))
    return f"not a whole number, about {float(value):.6g}"


def to_sympy(node: Node):  # type: ignore[no-untyped-def]
    """The formula as a sympy expression, built only from whitelisted constructors."""
    import sympy

    kind = node[0]
    if kind == "num":
        return sympy.Rational(node[1].numerator, node[1].denominator)
    if kind == "var":
        return sympy.Symbol(VARIABLE, integer=True, nonnegative=True)
    if kind == "const":
        return sympy.GoldenRatio if node[1] == "phi" else sympy.pi
    if kind == "neg":
        return -to_sympy(node[1])
    if kind == "pow":
        return to_sympy(node[1]) ** node[2]
    if kind == "call":
        inner = to_sympy(node[2])
        return {"floor": sympy.floor, "ceiling": sympy.ceiling, "sqrt": sympy.sqrt}[node[1]](inner)
    left, right = to_sympy(node[1]), to_sympy(node[2])
    if kind == "add":
        return left + right
    if kind == "sub":
        return left - right
    if kind == "mul":
        return left * right
    return left / right

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

from collections.abc import Mapping
from contextlib import suppress
from fractions import Fraction
from functools import cache
from math import isqrt

from tutor.grammar.formula import MAX_BITS, Binary, Call, FormulaError, Neg, Num, Pow, Undefined, Var, arithmetic, small
from tutor.puzzles.wythoff.limits import SYMPY_DECISIONS
from tutor.puzzles.wythoff.rules.formula import VARIABLE, Const, Node, fraction_sqrt

BITS = 320  # fixed-point precision of the intervals
ONE = 1 << BITS
Interval = tuple[int, int]  # lo/2^BITS <= value <= hi/2^BITS
Known = Mapping[int, "Fraction | Interval"]  # id of a subtree without k -> its value, worked out once (``known``)


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


def known(node: Node) -> dict[int, Fraction | Interval]:
    """The values of the largest subtrees of ``node`` without k, by the id of each subtree: a formula evaluated
    at many k works out ``sqrt(2)`` or ``phi`` once, not at every k (a subtree that is undefined or needs sympy
    is left to each evaluation).  Valid while ``node`` is alive.

    >>> from tutor.puzzles.wythoff.rules.formula import parse_formula
    >>> len(known(parse_formula("floor(k*sqrt(2)*phi) + 1/sqrt(3)")))
    3
    """
    values: dict[int, Fraction | Interval] = {}
    todo = [node]
    while todo:
        sub = todo.pop()
        if not uses_k(sub):
            if not isinstance(sub, Num):
                with suppress(Undefined, _Undecided):
                    values[id(sub)] = _value(sub, 0)
            continue
        match sub:
            case Neg(body) | Pow(body, _) | Call(_, (body,)):
                todo.append(body)
            case Binary(_, left, right):
                todo += [left, right]
    return values


def uses_k(node: Node) -> bool:
    """Whether the variable appears in ``node``."""
    todo = [node]
    while todo:
        match todo.pop():
            case Var():
                return True
            case Neg(body) | Pow(body, _) | Call(_, (body,)):
                todo.append(body)
            case Binary(_, left, right):
                todo += [left, right]
    return False


def _value(node: Node, k: int, given: Known | None = None) -> Fraction | Interval:
    """The value at ``k``: a Fraction while exact, else an interval (``given``: values worked out before)."""
    if given and id(node) in given:
        return given[id(node)]
    match node:
        case Num(value):
            return Fraction(value)
        case Var():
            return Fraction(k)
        case Const("pi"):
            return _pi()
        case Const():  # phi = (1 + sqrt(5)) / 2
            root = _sqrt(_interval(Fraction(5)))
            return ((ONE + root[0]) // 2, (ONE + root[1] + 1) // 2)
        case Neg(body):
            inner = _value(body, k, given)
            return -inner if isinstance(inner, Fraction) else (-inner[1], -inner[0])
        case Pow(base, exponent):
            return _power(_value(base, k, given), exponent)
        case Call(name, (arg,)):
            return _call(name, _value(arg, k, given))
        case Binary(op, left, right):
            return _binary(op, _value(left, k, given), _value(right, k, given))
    raise TypeError(f"not a formula node: {node!r}")


def _power(base: Fraction | Interval, exponent: int) -> Fraction | Interval:
    if isinstance(base, Fraction):
        if base == 0 and exponent < 0:
            raise Undefined("a division by zero")
        return small(base**exponent)
    result = _interval(Fraction(1))
    for _ in range(abs(exponent)):
        result = _mul(result, base)
    return _reciprocal(result) if exponent < 0 else result


def _call(name: str, inner: Fraction | Interval) -> Fraction | Interval:
    """sqrt, floor or ceiling of a value; ``_Undecided`` when an interval straddles a whole number."""
    if name == "sqrt":
        if isinstance(inner, Fraction):
            exact_root = fraction_sqrt(inner)
            if exact_root is not None:
                return exact_root
        return _sqrt(_interval(inner))
    if isinstance(inner, Fraction):
        low = high = inner.numerator // inner.denominator
        if name == "ceiling":
            low = high = -((-inner.numerator) // inner.denominator)
    else:
        lo, hi = inner
        if name == "floor":
            low, high = lo >> BITS, hi >> BITS
        else:
            low, high = -((-lo) >> BITS), -((-hi) >> BITS)
    if low != high:
        raise _Undecided
    return Fraction(low)


def _binary(op: str, left: Fraction | Interval, right: Fraction | Interval) -> Fraction | Interval:
    if isinstance(left, Fraction) and isinstance(right, Fraction):
        return arithmetic(op, left, right)
    x, y = _interval(left), _interval(right)
    if op == "+":
        return (x[0] + y[0], x[1] + y[1])
    if op == "-":
        return (x[0] - y[1], x[1] - y[0])
    if op == "*":
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


def evaluate(node: Node, k: int, budget: SympyBudget | None = None, given: Known | None = None) -> Fraction | str:
    """The exact value at ``k`` as a Fraction, or a text saying why it is not a rational number.

    The rare values that interval arithmetic cannot decide go to sympy, each one spending ``budget``;
    ``given``: the values of its subtrees without k (``known(node)``), worked out once for many k.

    >>> from tutor.puzzles.wythoff.rules.formula import parse_formula
    >>> evaluate(parse_formula("floor(k*(1 + sqrt(5))/2)"), 102334155)
    Fraction(165580140, 1)
    >>> evaluate(parse_formula("1/(k - 2)"), 2)
    'undefined: a division by zero'
    """
    try:
        value = _value(node, k, given)
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

    match node:
        case Num(value):
            return sympy.Rational(value.numerator, value.denominator)
        case Var():
            return sympy.Symbol(VARIABLE, integer=True, nonnegative=True)
        case Const(name):
            return sympy.GoldenRatio if name == "phi" else sympy.pi
        case Neg(body):
            return -to_sympy(body)
        case Pow(base, exponent):
            return to_sympy(base) ** exponent
        case Call(name, (arg,)):
            return {"floor": sympy.floor, "ceiling": sympy.ceiling, "sqrt": sympy.sqrt}[name](to_sympy(arg))
        case Binary("+", left, right):
            return to_sympy(left) + to_sympy(right)
        case Binary("-", left, right):
            return to_sympy(left) - to_sympy(right)
        case Binary("*", left, right):
            return to_sympy(left) * to_sympy(right)
        case Binary(_, left, right):
            return to_sympy(left) / to_sympy(right)
    raise TypeError(f"not a formula node: {node!r}")

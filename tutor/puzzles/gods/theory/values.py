"""Exact values of conjectures about sets of gods (``rules.formula``): fractions, never floats.

``log2`` is exact inside ``floor``/``ceiling`` (the whole number is found by comparing with powers of 2)
and elsewhere only when its argument is a power of 2; every size is bounded before the work it would
cause (the bits of a product or a power, the argument of a factorial).

Vocabulary:

* ``Counts`` - the variables' values: ``{"n": 3, "t": 1, "f": 1, "r": 1}``;
* ``Undefined`` (the kernel's) - why a formula has no value for some counts (a division by zero, an irrational log2).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import factorial

from tutor.grammar.formula import Binary, Call, Neg, Num, Undefined, Var, arithmetic, small
from tutor.puzzles.gods.rules.formula import Compare, Cond, Expr, Fact, Logic, NotCond

MAX_BITS = 4096  # numerator or denominator bits of any value on the way
MAX_FACTORIAL = 200  # n! for n up to this

Counts = Mapping[str, int]  # {"n": 3, "t": 1, "f": 1, "r": 1}


def value(node: Expr, counts: Counts) -> Fraction:
    """The exact value for the given counts; ``Undefined`` saying why there is none.

    >>> from tutor.puzzles.gods.rules.formula import parse_conjecture
    >>> value(parse_conjecture("ceiling(log2(n!/(t!*f!*r!)))").amount, {"n": 5, "t": 1, "f": 2, "r": 2})
    Fraction(5, 1)
    """
    match node:
        case Num(v):
            return Fraction(v)
        case Var(name):
            return Fraction(counts[name])
        case Neg(body):
            return -value(body, counts)
        case Fact(body):
            return _factorial(value(body, counts))
        case Call(name, (arg,)) if name in ("floor", "ceiling"):
            if isinstance(arg, Call) and arg.name == "log2":
                return Fraction(_log2_rounded(value(arg.args[0], counts), name))
            return Fraction(_rounded(value(arg, counts), name))
        case Call("log2", (arg,)):
            x = value(arg, counts)
            whole = _log2_rounded(x, "floor")
            if Fraction(2) ** whole != x:
                raise Undefined(f"log2({x}) is not a rational number: round it, as in ceiling(log2(...))")
            return Fraction(whole)
        case Call(name, (left, right)):
            a, b = value(left, counts), value(right, counts)
            return min(a, b) if name == "min" else max(a, b)
        case Binary(op, left, right):
            return _binary(op, value(left, counts), value(right, counts))
    raise TypeError(f"not a formula node: {node!r}")


def holds(node: Cond, counts: Counts) -> bool:
    """Whether a condition holds for the given counts; ``Undefined`` when a side has no value."""
    match node:
        case Compare(op, left, right):
            a, b = value(left, counts), value(right, counts)
            return {"<": a < b, "<=": a <= b, "=": a == b, "!=": a != b, ">=": a >= b, ">": a > b}[op]
        case NotCond(body):
            return not holds(body, counts)
        case Logic("and", left, right):
            return holds(left, counts) and holds(right, counts)
        case Logic(_, left, right):
            return holds(left, counts) or holds(right, counts)
    raise TypeError(f"not a condition node: {node!r}")


def _binary(op: str, a: Fraction, b: Fraction) -> Fraction:
    if op != "^":
        return arithmetic(op, a, b, MAX_BITS)
    if b.denominator != 1:
        raise Undefined(f"the power {b} is not whole")
    if a == 0 and b < 0:
        raise Undefined("a division by zero")
    if abs(b) > 1 and max(abs(a.numerator), a.denominator).bit_length() * abs(b) > MAX_BITS:
        raise Undefined("a power too large")
    return small(a ** int(b), MAX_BITS)


def _factorial(x: Fraction) -> Fraction:
    if x.denominator != 1 or x < 0:
        raise Undefined(f"{x}! is not defined (n! is for n = 0, 1, 2, ...)")
    if x > MAX_FACTORIAL:
        raise Undefined(f"{x}! is too large (at most {MAX_FACTORIAL}!)")
    return Fraction(factorial(int(x)))


def _rounded(x: Fraction, name: str) -> int:
    return x.numerator // x.denominator if name == "floor" else -((-x.numerator) // x.denominator)


def _log2_rounded(x: Fraction, name: str) -> int:
    """``floor(log2(x))`` or ``ceiling(log2(x))`` exactly, for ``x > 0``."""
    if x <= 0:
        raise Undefined(f"log2({x}) is not defined (it needs a positive number)")
    low = x.numerator.bit_length() - x.denominator.bit_length()  # 2^(low-1) < x < 2^(low+1)
    while Fraction(2) ** low > x:
        low -= 1
    while Fraction(2) ** (low + 1) <= x:
        low += 1
    if name == "floor" or Fraction(2) ** low == x:
        return low
    return low + 1

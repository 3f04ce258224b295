"""A conjecture about the K x m boards proved for every m: the nullity repeats in m, and so may the formula.

For the classic rules the nullity of the K x m board is ``deg gcd(f_m(x), g)`` with ``g = f_K(x + 1)``
(Sutner's theorem, docs/lightsout.md).  Modulo ``g`` the pair ``(f_m, f_(m+1))`` moves by the map
``(a, b) -> (b, x b + a)``, which is invertible on the finite ring ``GF(2)[x]/(g)``: the pair comes back to
``(1, x)`` after some P steps, and ``gcd(f_m, g) = gcd(f_m mod g, g)`` repeats with it.  So the nullity of
K x m depends only on m mod P (``row_nullities`` finds the shortest repeat d, a divisor of P).

A formula repeats too when it is, for every whole m, ``slope*m + r(m mod q)`` (a ``Quasi``): numbers, the
sides, sums and differences, products and quotients by constants, ``floor``, ``ceiling`` and ``mod`` by a
constant keep that shape, and every function of parts that repeat (slope 0) repeats.  A formula for the
nullity with slope 0 (for the rank, slope K: the rank is K m less the nullity) and the nullity then both depend
only on m mod lcm(q, d), and agreement on m = 1 .. lcm(q, d) is agreement on every m: a proof, not evidence.

Vocabulary::

    Quasi(Fraction(0), (0, 0, 1))  # floor(mod(m, 3)/2): 0, 0, 1, 0, 0, 1, ... for m = 0, 1, 2, ...
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tutor.puzzles.lightsout.rules.formula import Binary, Call, Neg, Node, Num, Pow, Undefined, Var, value
from tutor.puzzles.lightsout.theory.polynomials import f_poly, poly_gcd, poly_mod, poly_mul

MAX_ROWS = 64  # K past this is not proved (the polynomials grow, and so may the repeat)
MAX_PERIOD = 20_000  # a repeat (of the nullity, of the formula, or both together) longer than this is not proved
X = 0b10  # the polynomial x


@dataclass(frozen=True)
class Quasi:
    """``slope*m + residues[m mod len(residues)]``, for every whole m."""

    slope: Fraction
    residues: tuple[Fraction, ...]

    @property
    def period(self) -> int:
        """The length of the residues (a repeat, not always the shortest)."""
        return len(self.residues)

    def at(self, m: int) -> Fraction:
        """The value at ``m``."""
        return self.slope * m + self.residues[m % self.period]

    def constant(self) -> Fraction | None:
        """The value, when it is the same for every m."""
        return self.residues[0] if not self.slope and self.period == 1 else None


@dataclass(frozen=True)
class Proof:
    """Agreement on one whole repeat: the formula's repeat, the nullity's, and the widths compared."""

    formula_period: int
    nullity_period: int
    checked: int  # m = 1 .. checked, lcm of the two


def _const(c: Fraction) -> Quasi:
    return Quasi(Fraction(0), (c,))


def _spread(a: Quasi, q: int) -> tuple[Fraction, ...]:
    """The residues of ``a`` over a multiple ``q`` of its period."""
    return tuple(a.residues[i % a.period] for i in range(q))


def _number(a: Fraction) -> Node:
    """A value as a formula tree (``-7/2`` is ``Neg(Binary("/", Num(7), Num(2)))``)."""
    node: Node = Num(abs(a.numerator)) if a.denominator == 1 else Binary("/", Num(abs(a.numerator)),
                                                                          Num(a.denominator))
    return Neg(node) if a < 0 else node


def _pointwise(parts: list[Quasi], build: Callable[[tuple[Node, ...]], Node]) -> Quasi | None:
    """A function of parts that repeat (slope 0), residue by residue, valued by the language's own evaluator;
    None when a part grows, the repeat passes ``MAX_PERIOD``, or a value is undefined (no proof is attempted)."""
    if any(p.slope for p in parts):
        return None
    q = math.lcm(*(p.period for p in parts))
    if q > MAX_PERIOD:
        return None
    try:
        return Quasi(Fraction(0), tuple(value(build(tuple(_number(p.residues[i % p.period]) for p in parts)), {})
                                        for i in range(q)))
    except Undefined:
        return None


def _floor(a: Quasi, up: bool = False) -> Quasi | None:
    """``floor`` (or ``ceiling``) of ``slope*m + r``: with slope u/v, ``m -> m + q v`` adds the whole number u q,
    so ``floor(x) - slope*m`` repeats every q v."""
    q = a.period * a.slope.denominator
    if q > MAX_PERIOD:
        return None
    rounded = math.ceil if up else math.floor
    return Quasi(a.slope, tuple(Fraction(rounded(a.at(i))) - a.slope * i for i in range(q)))


def _sum(a: Quasi, b: Quasi, sign: int) -> Quasi | None:
    q = math.lcm(a.period, b.period)
    if q > MAX_PERIOD:
        return None
    pairs = zip(_spread(a, q), _spread(b, q), strict=True)
    return Quasi(a.slope + sign * b.slope, tuple(x + sign * y for x, y in pairs))


def _scaled(a: Quasi, k: Fraction) -> Quasi:
    return Quasi(a.slope * k, tuple(r * k for r in a.residues))


def _binary(op: str, a: Quasi, b: Quasi) -> Quasi | None:
    """``a + b`` and ``a - b``; products and quotients by a constant; anything else of parts that repeat."""
    if op in "+-":
        return _sum(a, b, 1 if op == "+" else -1)
    if op == "*" and a.constant() is not None:
        a, b = b, a
    c = b.constant()
    if c is not None and (op == "*" or c):
        return _scaled(a, c if op == "*" else 1 / c)
    return _pointwise([a, b], lambda xs: Binary(op, *xs))


def _call(name: str, parts: list[Quasi]) -> Quasi | None:
    """``floor``, ``ceiling`` and ``mod`` by a constant keep the shape; any function of parts that repeat repeats."""
    if name in ("floor", "ceiling"):
        return _floor(parts[0], up=name == "ceiling")
    divisor = parts[1].constant() if name == "mod" else None
    if divisor:  # mod(a, c) = a - c*floor(a/c)
        steps = _floor(_scaled(parts[0], 1 / divisor))
        return None if steps is None else _sum(parts[0], _scaled(steps, divisor), -1)
    return _pointwise(parts, lambda xs: Call(name, xs))


def quasi(node: Node, rows: int) -> Quasi | None:
    """The formula as ``slope*m + r(m mod q)``, with ``n = rows``; None when it has not that shape (a product of two
    sides, a power of m, a function of parts that grow) or its repeat passes ``MAX_PERIOD``.

    >>> from tutor.puzzles.lightsout.rules.formula import parse_formula
    >>> quasi(parse_formula("floor(mod(m, 3)/2)"), 1)
    Quasi(slope=Fraction(0, 1), residues=(Fraction(0, 1), Fraction(0, 1), Fraction(1, 1)))
    >>> quasi(parse_formula("n*m - floor(m/2)"), 3).slope, quasi(parse_formula("m*m"), 1)
    (Fraction(5, 2), None)
    """
    match node:
        case Num(number):
            return _const(Fraction(number))
        case Var(name):
            return _const(Fraction(rows)) if name == "n" else Quasi(Fraction(1), (Fraction(0),))
        case Neg(body):
            inner = quasi(body, rows)
            return None if inner is None else _scaled(inner, Fraction(-1))
        case Pow(base, exponent):
            inner = quasi(base, rows)
            if inner is None or exponent == 1:
                return inner
            return _pointwise([inner], lambda xs: Pow(xs[0], exponent))
        case Binary(op, left, right):
            a, b = quasi(left, rows), quasi(right, rows)
            return None if a is None or b is None else _binary(op, a, b)
        case Call(name, args):
            parts = [quasi(a, rows) for a in args]
            found = [p for p in parts if p is not None]
            return _call(name, found) if len(found) == len(parts) else None
    return None


def shortest_repeat(values: Sequence[object]) -> int:
    """The least d dividing ``len(values)`` with ``values[i] == values[i + d]`` all round (a cyclic sequence).

    >>> shortest_repeat([0, 1, 0, 0, 1, 0]), shortest_repeat([1, 0, 2, 0])
    (3, 4)
    """
    n = len(values)
    return next(d for d in range(1, n + 1) if n % d == 0 and all(values[i] == values[(i + d) % n] for i in range(n)))


def row_nullities(rows: int) -> tuple[int, ...] | None:
    """The nullity of ``rows`` x m for m = 0, 1, ..., d - 1, d the shortest repeat in m (classic rules), from
    Sutner's polynomials mod ``f_rows(x + 1)``; None when the pair's repeat passes ``MAX_PERIOD`` or ``rows``
    passes ``MAX_ROWS``.

    >>> row_nullities(1), row_nullities(2), row_nullities(4)
    ((0, 0, 1), (0, 1, 0, 2), (0, 0, 0, 0, 4))
    """
    if not 1 <= rows <= MAX_ROWS:
        return None
    g = f_poly(rows, shift=True)
    first = (1, poly_mod(X, g))
    pair, found = first, list[int]()
    while len(found) <= MAX_PERIOD:
        found.append(poly_gcd(g, pair[0]).bit_length() - 1)
        pair = (pair[1], poly_mod(poly_mul(pair[1], X), g) ^ pair[0])
        if pair == first:
            return tuple(found[:shortest_repeat(found)])
    return None


def prove_rows(formula: Node, rows: int, of: str) -> Proof | None:
    """A proof that ``formula`` gives the ``of`` (nullity or rank) of every ``rows`` x m board (classic rules), or
    None: the formula does not repeat, the repeats are too long, or it differs somewhere in one whole repeat (the
    workbench's sweep finds where, as far as its bound goes).
    """
    nullities = row_nullities(rows)
    shape = quasi(formula, rows)
    if nullities is None or shape is None or shape.slope != (rows if of == "rank" else 0):
        return None
    q = shortest_repeat(shape.residues)
    d = len(nullities)
    span = math.lcm(q, d)
    if span > MAX_PERIOD:
        return None
    for m in range(1, span + 1):
        expected = nullities[m % d] if of == "nullity" else rows * m - nullities[m % d]
        try:
            if value(formula, {"n": rows, "m": m}) != expected:
                return None
        except Undefined:
            return None
    return Proof(q, d, span)

"""A restricted formula language in k for the conjecture workbench: parse, format, evaluate exactly.

Learner text is never given to ``eval``, ``exec`` or ``sympify``.  A hand-written
tokenizer accepts only whitelisted names and operators, a recursive-descent
parser builds a small tree with bounded size and depth, and two evaluators walk
that tree: :func:`to_sympy` builds a sympy expression from whitelisted
constructors, and :func:`evaluate` computes the value at one integer k exactly -
with fractions while the value is rational, with fixed-point integer intervals
once ``sqrt``, ``phi`` or ``pi`` make it irrational (a floor is decided when the
interval does not straddle a whole number; otherwise sympy decides it exactly).

Vocabulary:

* ``Node`` - a tuple tree: ``("call", "floor", ("mul", ("var",), ("const", "phi")))``
  for ``floor(k*phi)``.
* names: ``k``; constants ``phi``, ``pi``; functions ``floor``, ``ceiling``
  (also ``ceil``), ``sqrt``; numbers like ``2`` or ``1.618``; ``+ - * / ** ^``,
  parentheses, and implicit multiplication (``2k``, ``k(1 + sqrt(5))``).
"""

from __future__ import annotations

import re
from fractions import Fraction
from functools import cache
from math import isqrt
from typing import Any

from tutor.errors import InvalidNotation

Node = tuple[Any, ...]  # ("add", left, right), ("num", Fraction(3, 2)), ("var",), ...

MAX_LENGTH = 200  # characters in one formula
MAX_DEPTH = 16  # nesting of the tree
MAX_DIGITS = 30  # digits in one number
MAX_EXPONENT = 8  # |n| in x ** n
FUNCTIONS = {"floor": "floor", "ceiling": "ceiling", "ceil": "ceiling", "sqrt": "sqrt"}
CONSTANTS = ("phi", "pi")
VARIABLE = "k"

_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_]+)|(\*\*|[-+*/^(),]))")


class FormulaError(InvalidNotation):
    """A conjecture formula outside the restricted language."""


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """Split ``text`` into (kind, value, column) tokens; kinds: num, name, op."""
    if len(text) > MAX_LENGTH:
        raise FormulaError(f"formula {text[:30]!r}... is longer than {MAX_LENGTH} characters")
    tokens = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        match = _TOKEN.match(text, pos)
        if not match:
            column = pos + len(text[pos:]) - len(text[pos:].lstrip())
            raise FormulaError(
                f"formula {text!r}: unexpected {text[column]!r} at column {column + 1} "
                "(allowed: k, numbers, phi, pi, floor, ceiling, sqrt, + - * / ** ^ and parentheses)"
            )
        number, name, op = match.groups()
        column = match.start(match.lastindex or 0)
        if number is not None:
            if len(number) > MAX_DIGITS:
                raise FormulaError(f"formula {text!r}: the number at column {column + 1} has too many digits")
            tokens.append(("num", number, column))
        elif name is not None:
            lowered = name.lower()
            if lowered != VARIABLE and lowered not in CONSTANTS and lowered not in FUNCTIONS:
                raise FormulaError(
                    f"formula {text!r}: unknown name {name!r} at column {column + 1} "
                    "(allowed: k, phi, pi, floor, ceiling, sqrt)"
                )
            tokens.append(("name", lowered, column))
        else:
            tokens.append(("op", "**" if op == "^" else op, column))
        pos = match.end()
    return tokens


class _Parser:
    """Recursive descent over the token list; every node records nothing but its structure."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.pos = 0
        self.depth = 0

    def fail(self, message: str) -> FormulaError:
        column = self.tokens[self.pos][2] + 1 if self.pos < len(self.tokens) else len(self.text) + 1
        return FormulaError(f"formula {self.text!r}: {message} at column {column}")

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, value: str) -> bool:
        token = self.peek()
        if token is not None and token[0] == "op" and token[1] == value:
            self.pos += 1
            return True
        return False

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"the formula nests deeper than {MAX_DEPTH} levels")

    def expression(self) -> Node:
        self.nest()
        node = self.term()
        while True:
            if self.take("+"):
                node = ("add", node, self.term())
            elif self.take("-"):
                node = ("sub", node, self.term())
            else:
                break
        self.depth -= 1
        return node

    def term(self) -> Node:
        node = self.unary()
        while True:
            token = self.peek()
            if self.take("*"):
                node = ("mul", node, self.unary())
            elif self.take("/"):
                node = ("div", node, self.unary())
            elif token is not None and (token[0] == "name" or token[1] == "("):
                node = ("mul", node, self.unary())  # implicit: 2k, k(1 + sqrt(5))
            else:
                return node

    def unary(self) -> Node:
        if self.take("-"):
            self.nest()
            node: Node = ("neg", self.unary())
            self.depth -= 1
            return node
        if self.take("+"):
            return self.unary()
        return self.power()

    def power(self) -> Node:
        base = self.atom()
        if not self.take("**"):
            return base
        self.nest()
        exponent_node = self.unary()
        self.depth -= 1
        exponent = _constant(exponent_node)
        if exponent is None:
            raise self.fail("an exponent must be a constant (no k, phi, pi or sqrt in it)")
        if exponent == Fraction(1, 2):
            return ("call", "sqrt", base)
        if exponent.denominator != 1 or abs(exponent) > MAX_EXPONENT:
            raise self.fail(f"an exponent must be a whole number from -{MAX_EXPONENT} to {MAX_EXPONENT} or 1/2")
        return ("pow", base, int(exponent))

    def atom(self) -> Node:
        token = self.peek()
        if token is None:
            raise self.fail("the formula ends too early")
        kind, value, _ = token
        if kind == "num":
            self.pos += 1
            return ("num", Fraction(value))
        if kind == "name":
            self.pos += 1
            if value == VARIABLE:
                return ("var",)
            if value in CONSTANTS:
                return ("const", value)
            if not self.take("("):
                raise self.fail(f"{value} needs parentheses, as in {value}(...)")
            self.nest()
            inner = self.expression()
            self.depth -= 1
            if not self.take(")"):
                raise self.fail(f"expected ')' to close {value}(")
            return ("call", FUNCTIONS[value], inner)
        if self.take("("):
            self.nest()
            inner = self.expression()
            self.depth -= 1
            if not self.take(")"):
                raise self.fail("expected ')'")
            return inner
        raise self.fail(f"unexpected {value!r}")


def parse_formula(text: str) -> Node:
    """Parse one formula in k; ``FormulaError`` (an ``InvalidNotation``) quotes the bad part.

    >>> parse_formula("floor(2k)")
    ('call', 'floor', ('mul', ('num', Fraction(2, 1)), ('var',)))
    """
    parser = _Parser(text)
    if not parser.tokens:
        raise FormulaError(f"formula {text!r} is empty; type a formula in k such as floor(3*k/2)")
    node = parser.expression()
    if parser.pos != len(parser.tokens):
        raise parser.fail(f"unexpected {parser.tokens[parser.pos][1]!r}")
    return node


_PRECEDENCE = {"add": 1, "sub": 1, "mul": 2, "div": 2, "neg": 3, "pow": 4}


def format_formula(node: Node, parent: int = 0) -> str:
    """The canonical text of a formula tree; parsing it gives the same tree back."""
    kind = node[0]
    if kind == "num":
        return _decimal(node[1])
    if kind == "var":
        return VARIABLE
    if kind == "const":
        return str(node[1])
    if kind == "call":
        return f"{node[1]}({format_formula(node[2])})"
    level = _PRECEDENCE[kind]
    if kind == "neg":
        text = "-" + format_formula(node[1], level)
    elif kind == "pow":
        text = f"{format_formula(node[1], level + 1)}**{node[2]}" if node[2] >= 0 else (
            f"{format_formula(node[1], level + 1)}**({node[2]})"
        )
    else:
        symbol = {"add": " + ", "sub": " - ", "mul": "*", "div": "/"}[kind]
        right_level = level + 1 if kind in ("sub", "div", "add", "mul") else level
        text = format_formula(node[1], level) + symbol + format_formula(node[2], right_level)
    return f"({text})" if level < parent or (kind == "neg" and parent > 1) else text


def _decimal(value: Fraction) -> str:
    """A literal's exact decimal text (literals are decimals, so the expansion ends)."""
    if value.denominator == 1:
        return str(value.numerator)
    places = 0
    while (value * 10**places).denominator != 1:
        places += 1
    digits = str((value * 10**places).numerator).rjust(places + 1, "0")
    return f"{digits[:-places]}.{digits[-places:]}"


def _constant(node: Node) -> Fraction | None:
    """The exact rational value of a subtree without k or irrational parts, else None."""
    try:
        value = _exact(node, None)
    except (ZeroDivisionError, _Irrational, _Undefined):
        return None
    return value


class _Irrational(Exception):
    """Raised inside exact evaluation when a value stops being rational."""


def _exact(node: Node, k: int | None) -> Fraction:
    """Evaluate with fractions only; ``_Irrational`` as soon as that is impossible."""
    kind = node[0]
    if kind == "num":
        return Fraction(node[1])
    if kind == "var":
        if k is None:
            raise _Irrational
        return Fraction(k)
    if kind == "const":
        raise _Irrational
    if kind == "neg":
        return -_exact(node[1], k)
    if kind == "pow":
        return _small(Fraction(_exact(node[1], k)) ** node[2])
    if kind == "call":
        inner = _exact(node[2], k)
        if node[1] == "floor":
            return Fraction(inner.numerator // inner.denominator)
        if node[1] == "ceiling":
            return Fraction(-((-inner.numerator) // inner.denominator))
        root = _fraction_sqrt(inner)
        if root is None:
            raise _Irrational
        return root
    left, right = _exact(node[1], k), _exact(node[2], k)
    if kind == "add":
        return left + right
    if kind == "sub":
        return left - right
    if kind == "mul":
        return _small(left * right)
    return _small(left / right)


MAX_BITS = 8192  # numbers larger than this stop the evaluation


def _small(value: Fraction) -> Fraction:
    """``value`` unless its numerator or denominator is unreasonably large."""
    if value.numerator.bit_length() > MAX_BITS or value.denominator.bit_length() > MAX_BITS:
        raise _Undefined("numbers too large to evaluate")
    return value


def _fraction_sqrt(value: Fraction) -> Fraction | None:
    """The exact square root of a non-negative fraction when it is rational."""
    if value < 0:
        raise _Undefined("the square root of a negative number")
    num, den = isqrt(value.numerator), isqrt(value.denominator)
    if num * num == value.numerator and den * den == value.denominator:
        return Fraction(num, den)
    return None


class _Undefined(Exception):
    """The formula has no real value at this k (division by zero, square root of a negative)."""


# -- exact evaluation with integer intervals ---------------------------------------

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
        raise _Undefined("numbers too large to evaluate")
    return (lo, hi)


def _reciprocal(x: Interval) -> Interval:
    if x[0] <= 0 <= x[1]:
        raise _Undecided
    return ((ONE * ONE) // x[1], -((-ONE * ONE) // x[0]))


def _sqrt(x: Interval) -> Interval:
    if x[1] < 0:
        raise _Undefined("the square root of a negative number")
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
                raise _Undefined("a division by zero")
            return _small(base ** node[2])
        result = _interval(Fraction(1))
        for _ in range(abs(node[2])):
            result = _mul(result, base)
        return _reciprocal(result) if node[2] < 0 else result
    if kind == "call":
        inner = _value(node[2], k)
        if node[1] == "sqrt":
            if isinstance(inner, Fraction):
                exact_root = _fraction_sqrt(inner)
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
            return _small(left * right)
        if right == 0:
            raise _Undefined("a division by zero")
        return _small(left / right)
    x, y = _interval(left), _interval(right)
    if kind == "add":
        return (x[0] + y[0], x[1] + y[1])
    if kind == "sub":
        return (x[0] - y[1], x[1] - y[0])
    if kind == "mul":
        return _mul(x, y)
    if isinstance(right, Fraction) and right == 0:
        raise _Undefined("a division by zero")
    return _mul(x, _reciprocal(y))


def evaluate(node: Node, k: int) -> Fraction | str:
    """The exact value at ``k`` as a Fraction, or a text saying why it is not a rational number.

    >>> evaluate(parse_formula("floor(k*(1 + sqrt(5))/2)"), 102334155)
    Fraction(165580140, 1)
    >>> evaluate(parse_formula("1/(k - 2)"), 2)
    'undefined: a division by zero'
    """
    try:
        value = _value(node, k)
    except _Undefined as err:
        return f"undefined: {err}"
    except _Undecided:
        return _sympy_value(node, k)
    if isinstance(value, Fraction):
        return value
    lo, hi = value
    if (lo >> BITS) == (hi >> BITS) and lo & (ONE - 1):
        return f"not a whole number, about {_approx(lo)}"  # no whole number in the interval
    return _sympy_value(node, k)


def _approx(scaled: int) -> str:
    """A short decimal for a fixed-point value."""
    return f"{Fraction(scaled, ONE).__float__():.6g}"


def _sympy_value(node: Node, k: int) -> Fraction | str:
    """Decide the value at ``k`` with sympy's exact arithmetic (the slow, rare path)."""
    import sympy

    value = sympy.simplify(to_sympy(node).subs(sympy.Symbol(VARIABLE, integer=True, nonnegative=True), k))
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

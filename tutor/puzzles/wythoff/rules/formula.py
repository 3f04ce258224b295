"""The conjecture language: formulas in k for the losing positions, parsed and formatted (a round-tripping pair).

Learner text is never given to ``eval``, ``exec`` or ``sympify``.  A hand-written
tokenizer accepts only whitelisted names and operators, and a recursive-descent
parser builds a small tree with bounded size and depth.  ``format_formula``
writes the tree back in canonical text that parses to the same tree.  The
values of a tree are computed in ``theory.evaluate``; this module only folds
constant exponents, with fractions (``k**(1/2)`` is ``sqrt(k)``).

A *conjecture* is a formula for the smaller pile ``A_k`` (``floor(k*phi)``),
``B_k = formula`` for the larger pile, or two formulas ``f, g`` for the pair.

Vocabulary:

* ``Node`` - a tuple tree: ``("call", "floor", ("mul", ("var",), ("const", "phi")))``
  for ``floor(k*phi)``.
* names: ``k``; constants ``phi``, ``pi``; functions ``floor``, ``ceiling``
  (also ``ceil``), ``sqrt``; numbers like ``2`` or ``1.618``; ``+ - * / ** ^``,
  parentheses, and implicit multiplication (``2k``, ``k(1 + sqrt(5))``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
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

_TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_]+)|(\*\*|[-+*/^(),]))", re.ASCII)


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
        text = f"{format_formula(node[1], level + 1)}^{node[2]}" if node[2] >= 0 else (
            f"{format_formula(node[1], level + 1)}^({node[2]})"
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


# -- exact rational arithmetic (constant exponents here; shared with theory.evaluate) --------------

MAX_BITS = 8192  # numbers larger than this stop the evaluation


class Undefined(Exception):
    """The formula has no real value (division by zero, square root of a negative, numbers too large)."""


def small(value: Fraction) -> Fraction:
    """``value`` unless its numerator or denominator is unreasonably large."""
    if value.numerator.bit_length() > MAX_BITS or value.denominator.bit_length() > MAX_BITS:
        raise Undefined("numbers too large to evaluate")
    return value


def fraction_sqrt(value: Fraction) -> Fraction | None:
    """The exact square root of a non-negative fraction when it is rational."""
    if value < 0:
        raise Undefined("the square root of a negative number")
    num, den = isqrt(value.numerator), isqrt(value.denominator)
    if num * num == value.numerator and den * den == value.denominator:
        return Fraction(num, den)
    return None


class _Irrational(Exception):
    """Raised inside constant folding when a value is not a rational constant."""


def _constant(node: Node) -> Fraction | None:
    """The exact rational value of a subtree without k or irrational parts, else None."""
    try:
        return _rational(node)
    except (ZeroDivisionError, _Irrational, Undefined):
        return None


def _rational(node: Node) -> Fraction:
    """Evaluate a constant subtree with fractions only; ``_Irrational`` as soon as that is impossible."""
    kind = node[0]
    if kind == "num":
        return Fraction(node[1])
    if kind in ("var", "const"):
        raise _Irrational
    if kind == "neg":
        return -_rational(node[1])
    if kind == "pow":
        return small(Fraction(_rational(node[1])) ** node[2])
    if kind == "call":
        inner = _rational(node[2])
        if node[1] == "floor":
            return Fraction(inner.numerator // inner.denominator)
        if node[1] == "ceiling":
            return Fraction(-((-inner.numerator) // inner.denominator))
        root = fraction_sqrt(inner)
        if root is None:
            raise _Irrational
        return root
    left, right = _rational(node[1]), _rational(node[2])
    if kind == "add":
        return left + right
    if kind == "sub":
        return left - right
    if kind == "mul":
        return small(left * right)
    return small(left / right)


# -- conjectures: a formula for A_k, for B_k, or both ----------------------------------------

_TARGET = re.compile(r"^\s*([AaBb])(?:_?k)?\s*=\s*(.*)$", re.DOTALL)


@dataclass(frozen=True)
class Conjecture:
    """A parsed conjecture: which piles it predicts and the formula tree for each."""

    first: Node | None  # formula for A_k, the smaller pile
    second: Node | None  # formula for B_k, the larger pile

    def text(self) -> str:
        """Canonical text: ``A_k = floor(k*phi)``, ``B_k = ...`` or ``A_k = ..., B_k = ...``."""
        parts = []
        if self.first is not None:
            parts.append("A_k = " + format_formula(self.first))
        if self.second is not None:
            parts.append("B_k = " + format_formula(self.second))
        return ", ".join(parts)


def parse_conjecture(text: str) -> Conjecture:
    """Parse ``EXPR``, ``A_k = EXPR``, ``B_k = EXPR`` or ``EXPR, EXPR`` (A_k then B_k).

    >>> parse_conjecture("B_k = 2k").text()
    'B_k = 2*k'
    """
    pieces = text.split(",")
    if len(pieces) > 2:
        raise InvalidNotation(f"conjecture {text!r}: give one formula, or two separated by one comma")
    first: Node | None = None
    second: Node | None = None
    for number, piece in enumerate(pieces):
        match = _TARGET.match(piece)
        target = "a" if len(pieces) == 1 or number == 0 else "b"
        body = piece
        if match:
            target, body = match.group(1).lower(), match.group(2)
        node = parse_formula(body)
        if target == "a":
            if first is not None:
                raise InvalidNotation(f"conjecture {text!r} gives A_k twice")
            first = node
        else:
            if second is not None:
                raise InvalidNotation(f"conjecture {text!r} gives B_k twice")
            second = node
    return Conjecture(first, second)

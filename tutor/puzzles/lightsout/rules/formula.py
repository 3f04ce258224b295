"""The conjecture language of Lights Out: formulas in the board's sides n and m, parsed, formatted and valued.

Learner text is never given to ``eval``, ``exec`` or ``sympify``.  ``formula.lark``
is read by the shared LALR parser of ``tutor.grammar`` (the toolkit Wythoff's
formulas and the number answers use, with the same operators and the same
one-line errors); only whitelisted names and operators are tokens, and the
tree of frozen dataclasses below is built as the parser reduces, its size and
nesting checked on the token stream first.  ``format_formula`` writes a tree
back in canonical text that parses to the same tree; ``value`` computes it
exactly, with fractions.

Vocabulary:

* ``Node`` - a tree: ``Binary("-", Var("n"), Call("floor", (Binary("/", Var("n"), Num(3)),)))`` for
  ``n - floor(n/3)``;
* names: ``n`` (rows, or the side of a square board), ``m`` (columns); whole numbers; ``+ - * / ^ **``,
  parentheses, implicit multiplication (``2n``, ``n(n + 1)``); functions ``floor``, ``ceiling`` (also
  ``ceil``), ``abs`` of one argument, ``mod(a, b)`` and ``gcd(a, b)``, ``min`` and ``max`` of two or more.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from tutor.grammar import Fault, Language, Nesting, NotationError, Reading

if TYPE_CHECKING:
    from lark import Token

MAX_LENGTH = 200  # characters in one formula
MAX_DEPTH = 16  # nesting of the tree
MAX_DIGITS = 30  # digits in one number
MAX_EXPONENT = 8  # n in x ^ n
MAX_BITS = 8192  # a value with a larger numerator or denominator stops the evaluation
ARITY = {"floor": (1, 1), "ceiling": (1, 1), "abs": (1, 1), "mod": (2, 2), "gcd": (2, 2), "min": (2, 8),
         "max": (2, 8)}  # fewest and most arguments
FUNCTIONS = {"floor": "floor", "ceiling": "ceiling", "ceil": "ceiling", "abs": "abs", "mod": "mod", "gcd": "gcd",
             "min": "min", "max": "max"}
ALLOWED = "allowed: n, m, floor, ceiling, abs, mod, gcd, min, max"


class FormulaError(NotationError):
    """A conjecture formula outside the restricted language."""


class Undefined(Exception):
    """A formula with no value at these sides: a division by zero, a gcd of fractions, a value too large."""


# -- the tree ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Num:
    """A whole number: ``12`` is ``Num(12)``."""

    value: int


@dataclass(frozen=True)
class Var:
    """A side of the board: ``n`` or ``m``."""

    name: str


@dataclass(frozen=True)
class Neg:
    """``-x``."""

    body: Node


@dataclass(frozen=True)
class Pow:
    """``x^e`` with a whole constant exponent, ``0 <= e <= MAX_EXPONENT``."""

    base: Node
    exponent: int


@dataclass(frozen=True)
class Call:
    """``floor(x)``, ``mod(x, y)``, ``max(x, y, z)``, ...: a function of ``ARITY`` and its arguments."""

    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Binary:
    """``x + y``, ``x - y``, ``x * y`` (also written ``2n``) or ``x / y``."""

    op: str
    left: Node
    right: Node


Node = Num | Var | Neg | Pow | Call | Binary


# -- reading: formula.lark, with the checks and messages of this language -----------------------

_FUNCTIONS = frozenset(name.upper() for name in FUNCTIONS)


class _Actions:
    """The tree node of each rule, built as the parser reduces it; exponents and arities checked here."""

    def number(self, token: Token) -> Node:
        return Num(int(token))  # digits counted in _check, before this

    def variable(self, token: Token) -> Node:
        return Var(token.type.lower())

    def arguments(self, *children: Node | Token) -> tuple[Node, ...]:
        return tuple(c for c in children if not isinstance(c, str))  # the commas are tokens (str)

    def call(self, function: Token, _open: Token, args: tuple[Node, ...], _close: Token) -> Node:
        name = FUNCTIONS[function.type.lower()]
        low, high = ARITY[name]
        if not low <= len(args) <= high:
            wanted = f"{low}" if low == high else f"{low} to {high}"
            raise Fault(f"{name} of {len(args)} argument{'' if len(args) == 1 else 's'}", function,
                        f"{name} takes {wanted}")
        return Call(name, args)

    def negate(self, _sign: Token, node: Node) -> Node:
        return Neg(node)

    def binary(self, left: Node, op: Token, right: Node) -> Node:
        return Binary(str(op), left, right)

    def implicit(self, left: Node, right: Node) -> Node:
        return Binary("*", left, right)

    def power(self, base: Node, op: Token, exponent_node: Node) -> Node:
        try:
            exponent = value(exponent_node, {})
        except (Undefined, KeyError):
            raise Fault("an exponent that is not a constant", op, "an exponent is a number, like n^2") from None
        if exponent.denominator != 1 or not 0 <= exponent <= MAX_EXPONENT:
            raise Fault(f"the exponent {exponent}", op, f"an exponent is a whole number from 0 to {MAX_EXPONENT}")
        return Pow(base, int(exponent))


FORMULAS = Language(
    noun="formula",
    example="a formula in n such as n - 2*floor(n/3)",
    package=__package__,
    grammar="formula.lark",
    start=["formula"],
    spoken=[
        ("NUMBER N M FLOOR CEILING CEIL MOD GCD MIN MAX ABS LPAR MINUS PLUS",
         "a number | n | m | a function such as floor(...) | '('"),
        ("N M FLOOR CEILING CEIL MOD GCD MIN MAX ABS LPAR", "a name | '('"),
        ("PLUS MINUS STAR SLASH POW", "'+' | '-' | '*' | '/' | '^'"),
        ("NUMBER", "a number"), ("N", "n"), ("M", "m"), ("NAME", "a name"), ("POW", "'^'"),
        ("FLOOR", "floor(...)"), ("CEILING", "ceiling(...)"), ("CEIL", "ceil(...)"), ("MOD", "mod(...)"),
        ("GCD", "gcd(...)"), ("MIN", "min(...)"), ("MAX", "max(...)"), ("ABS", "abs(...)"),
    ],
    actions=_Actions(),
    error=FormulaError,
    keep=["NAME"],
)

_NESTING = Nesting(base=1, bracket=2, prefixes={"MINUS": 1}, chains=frozenset({"POW"}),
                   operands=frozenset({"NUMBER", "N", "M"}), functions=_FUNCTIONS)


def _check(tokens: list[Token]) -> None:
    """Each number's digits and the nesting, before anything is parsed."""
    for token in tokens:
        if token.type == "NUMBER" and len(token) > MAX_DIGITS:
            raise Fault(f"a number of {len(token)} digits", token, f"at most {MAX_DIGITS} are read")
    deep = _NESTING.too_deep(tokens, MAX_DEPTH)
    if deep is not None:
        raise Fault(f"the formula nests deeper than {MAX_DEPTH} levels", deep)


def _explain(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """Unknown names and a function without parentheses have their own messages."""
    found = tokens[index] if index < len(tokens) else None
    before = tokens[index - 1] if index > 0 else None
    if before is not None and before.type in _FUNCTIONS and (found is None or found.type != "LPAR"):
        name = before.lower()
        return Fault(f"{name} needs parentheses", before, f"as in {name}(...)")
    if found is not None and found.type == "NAME":
        return Fault(f"unknown name {found.value!r}", found, ALLOWED)
    return None


def parse_formula(text: str) -> Node:
    """Parse one formula in n and m; ``FormulaError`` (an ``InvalidNotation``) quotes it and points at the fault.

    >>> parse_formula("2floor(n)")
    Binary(op='*', left=Num(value=2), right=Call(name='floor', args=(Var(name='n'),)))
    """
    reading = Reading(FORMULAS, text, check=_check)
    if len(text) > MAX_LENGTH:
        raise reading.refuse(f"longer than {MAX_LENGTH} characters")
    node: Node = reading.parse("formula", _explain)
    return node


# -- the canonical text -------------------------------------------------------------------------

_LEVEL = {"+": 1, "-": 1, "*": 2, "/": 2}  # a negation is level 3, a power 4
_SYMBOL = {"+": " + ", "-": " - ", "*": "*", "/": "/"}


def format_formula(node: Node, parent: int = 0) -> str:
    """The canonical text of a formula tree; parsing it gives the same tree back.

    >>> format_formula(parse_formula("2n^2 - -(m)+ MOD(n,3)"))
    '2*n^2 - (-m) + mod(n, 3)'
    """
    match node:
        case Num(number):
            return str(number)
        case Var(name):
            return name
        case Call(name, args):
            return f"{name}({', '.join(format_formula(a) for a in args)})"
        case Neg(body):
            text = "-" + format_formula(body, 3)
            return f"({text})" if parent > 1 else text
        case Pow(base, exponent):
            text = f"{format_formula(base, 5)}^{exponent}"
            return f"({text})" if parent > 4 else text
        case Binary(op, left, right):
            level = _LEVEL[op]
            text = format_formula(left, level) + _SYMBOL[op] + format_formula(right, level + 1)
            return f"({text})" if level < parent else text
    raise TypeError(f"not a formula node: {node!r}")


def variables(node: Node) -> frozenset[str]:
    """The sides a formula names: ``{"n"}`` or ``{"n", "m"}`` (or none, for a constant)."""
    match node:
        case Var(name):
            return frozenset({name})
        case Neg(body) | Pow(body, _):
            return variables(body)
        case Call(_, args):
            return frozenset().union(*(variables(a) for a in args))
        case Binary(_, left, right):
            return variables(left) | variables(right)
    return frozenset()


# -- exact values -----------------------------------------------------------------------------------


def _small(number: Fraction) -> Fraction:
    if number.numerator.bit_length() > MAX_BITS or number.denominator.bit_length() > MAX_BITS:
        raise Undefined("a value too large to compute")
    return number


def _whole(number: Fraction, name: str) -> int:
    if number.denominator != 1:
        raise Undefined(f"{name} of {number}, which is not a whole number")
    return number.numerator


def _call(name: str, args: list[Fraction]) -> Fraction:
    """A function's value on exact arguments."""
    if name == "floor":
        return Fraction(math.floor(args[0]))
    if name == "ceiling":
        return Fraction(math.ceil(args[0]))
    if name == "abs":
        return abs(args[0])
    if name == "min":
        return min(args)
    if name == "max":
        return max(args)
    if name == "gcd":
        return Fraction(math.gcd(_whole(args[0], "gcd"), _whole(args[1], "gcd")))
    if args[1] == 0:
        raise Undefined("mod(x, 0)")
    return args[0] - args[1] * math.floor(args[0] / args[1])  # mod: the sign of the divisor, as Python's %


def value(node: Node, sides: Mapping[str, int]) -> Fraction:
    """The exact value of a formula at the given sides (``{"n": 5}``); ``Undefined`` where it has none.

    >>> value(parse_formula("mod(n, 3) + m/2"), {"n": 5, "m": 3})
    Fraction(7, 2)
    """
    match node:
        case Num(number):
            return Fraction(number)
        case Var(name):
            return Fraction(sides[name])
        case Neg(body):
            return -value(body, sides)
        case Pow(base, exponent):
            return _small(value(base, sides) ** exponent)
        case Call(name, args):
            return _call(name, [value(a, sides) for a in args])
        case Binary(op, left, right):
            a, b = value(left, sides), value(right, sides)
            if op == "+":
                return _small(a + b)
            if op == "-":
                return _small(a - b)
            if op == "*":
                return _small(a * b)
            if b == 0:
                raise Undefined("a division by zero")
            return _small(a / b)
    raise TypeError(f"not a formula node: {node!r}")

"""The coin conjecture language: formulas in N (positions) and K (faces), parsed, formatted and valued.

Learner text is never given to ``eval``, ``exec`` or ``sympify``.  ``formula.lark`` is read by
the shared LALR parser of ``tutor.grammar`` (the toolkit of the Lights Out and Wythoff formulas,
with the same one-line errors); only whitelisted names and operators are tokens, and the tree of
frozen dataclasses below is built as the parser reduces, its nesting checked on the token stream
first.  ``format_formula`` writes a tree back in canonical text that parses to the same tree;
``value`` computes it exactly, with fractions (true is 1, false is 0).

Vocabulary:

* ``Node`` - a tree: ``Binary("-", Pow(Var("k"), Var("n")), Num(1))`` for ``K^N - 1``;
* names: ``N``, ``K``, ``true``, ``false``; whole numbers; ``+ - * / ^``, implicit multiplication;
  comparisons ``= != < <= > >=``; ``and``, ``or``, ``not``; functions ``floor``, ``ceiling``
  (``ceil``), ``abs``, ``mod(a, b)``, ``gcd(a, b)``, ``min``/``max`` of two or more, and on whole
  numbers from 1: ``rad`` (the product of the distinct primes dividing it), ``isprime``, ``lpf`` and
  ``gpf`` (the least and greatest prime factor, 1 for 1).
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

MAX_LENGTH = 300  # characters in one formula
MAX_DEPTH = 24  # nesting of the tree
MAX_DIGITS = 30  # digits in one number
MAX_BITS = 8192  # a value with a larger numerator or denominator has no value here
MAX_FACTORED = 10**12  # rad, isprime, lpf and gpf factor numbers up to this (trial division)
ARITY = {"floor": (1, 1), "ceiling": (1, 1), "abs": (1, 1), "mod": (2, 2), "gcd": (2, 2), "min": (2, 8),
         "max": (2, 8), "rad": (1, 1), "isprime": (1, 1), "lpf": (1, 1), "gpf": (1, 1)}
FUNCTIONS = {name: name for name in ARITY} | {"ceil": "ceiling"}
ALLOWED = "allowed: N, K, true, false, and, or, not, " + ", ".join(ARITY)


class FormulaError(NotationError):
    """A conjecture formula outside the restricted language."""


class Undefined(Exception):
    """A formula with no value here: a division by zero, a fractional exponent, a value too large."""


@dataclass(frozen=True)
class Num:
    """A whole number: ``12``."""

    value: int


@dataclass(frozen=True)
class Var:
    """``n`` (positions) or ``k`` (faces)."""

    name: str


@dataclass(frozen=True)
class Neg:
    """``-x``."""

    body: Node


@dataclass(frozen=True)
class Not:
    """``not x``: 1 where x is 0, else 0."""

    body: Node


@dataclass(frozen=True)
class Pow:
    """``x^y``; y must come to a whole number from 0 (checked when valued)."""

    base: Node
    exponent: Node


@dataclass(frozen=True)
class Call:
    """``rad(N)``, ``mod(N, 2)``, ...: a function of ``ARITY`` and its arguments."""

    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True)
class Binary:
    """``x + y``, ``x * y``, ``x = y``, ``x and y``, ...: an operator and its two sides."""

    op: str
    left: Node
    right: Node


Node = Num | Var | Neg | Not | Pow | Call | Binary


class _Actions:
    """The tree node of each rule, built as the parser reduces it; arities checked here."""

    def number(self, token: Token) -> Node:
        return Num(int(token))

    def variable(self, token: Token) -> Node:
        return Var(token.type.lower())

    def boolean(self, token: Token) -> Node:
        return Num(1 if token.type == "TRUE" else 0)

    def arguments(self, *children: Node | Token) -> tuple[Node, ...]:
        return tuple(c for c in children if not isinstance(c, str))

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

    def negation(self, _not: Token, node: Node) -> Node:
        return Not(node)

    def binary(self, left: Node, op: Token, right: Node) -> Node:
        return Binary(str(op), left, right)

    def logic(self, left: Node, op: Token, right: Node) -> Node:
        return Binary(str(op).lower(), left, right)

    def compare(self, left: Node, op: Token, right: Node) -> Node:
        return Binary("=" if op == "==" else str(op), left, right)

    def implicit(self, left: Node, right: Node) -> Node:
        return Binary("*", left, right)

    def power(self, base: Node, _op: Token, exponent: Node) -> Node:
        return Pow(base, exponent)


_NAMES = frozenset(name.upper() for name in FUNCTIONS)
FORMULAS = Language(
    noun="formula",
    example="a formula in N and K such as K^N - 1",
    package=__package__,
    grammar="formula.lark",
    start=["formula"],
    spoken=[
        ("NUMBER N K TRUE FALSE NOT FLOOR CEILING CEIL MOD GCD MIN MAX ABS RAD ISPRIME LPF GPF LPAR MINUS PLUS",
         "a number | N | K | a function such as rad(...) | '('"),
        ("PLUS MINUS STAR SLASH POW", "'+' | '-' | '*' | '/' | '^'"),
        ("AND OR", "'and' | 'or'"), ("COMPARE", "a comparison such as '='"),
        ("NUMBER", "a number"), ("N", "the positions N"), ("K", "the faces K"), ("NAME", "a name"), ("POW", "'^'"),
        ("TRUE", "true"), ("FALSE", "false"), ("NOT", "not"),
        *((name, f"{name.lower()}(...)") for name in sorted(_NAMES)),
    ],
    actions=_Actions(),
    error=FormulaError,
    keep=["NAME"],
)

_NESTING = Nesting(base=1, bracket=2, prefixes={"MINUS": 1, "NOT": 1}, chains=frozenset({"POW"}),
                   operands=frozenset({"NUMBER", "N", "K", "TRUE", "FALSE"}), functions=_NAMES)


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
    if before is not None and before.type in _NAMES and (found is None or found.type != "LPAR"):
        name = before.lower()
        return Fault(f"{name} needs parentheses", before, f"as in {name}(...)")
    if found is not None and found.type == "NAME":
        return Fault(f"unknown name {found.value!r}", found, ALLOWED)
    return None


def parse_formula(text: str) -> Node:
    """Parse one formula in N and K; ``FormulaError`` (an ``InvalidNotation``) quotes it and points at the fault.

    >>> parse_formula("K^N - 1")
    Binary(op='-', left=Pow(base=Var(name='k'), exponent=Var(name='n')), right=Num(value=1))
    """
    reading = Reading(FORMULAS, text, check=_check)
    if len(text) > MAX_LENGTH:
        raise reading.refuse(f"longer than {MAX_LENGTH} characters")
    node: Node = reading.parse("formula", _explain)
    return node


_LEVEL = {"or": 1, "and": 2, "=": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6}
_SYMBOL = {"*": "*", "/": "/"}  # written without spaces; every other operator has a space each side


def format_formula(node: Node, parent: int = 0) -> str:
    """The canonical text of a formula tree; parsing it gives the same tree back.

    >>> format_formula(parse_formula("n=1 OR rad(N)==rad(k) and not isprime(2K)"))
    'N = 1 or rad(N) = rad(K) and not isprime(2*K)'
    """
    match node:
        case Num(number):
            return str(number)
        case Var(name):
            return name.upper()
        case Call(name, args):
            return f"{name}({', '.join(format_formula(a) for a in args)})"
        case Not(body):
            text = "not " + format_formula(body, 3)
            return f"({text})" if parent > 3 else text
        case Neg(body):
            text = "-" + format_formula(body, 7)
            return f"({text})" if parent > 5 else text
        case Pow(base, exponent):
            text = f"{format_formula(base, 9)}^{format_formula(exponent, 7)}"
            return f"({text})" if parent > 8 else text
        case Binary(op, left, right):
            level = _LEVEL[op]
            right_level = level + 1 if level != 4 else 5  # comparisons do not chain
            text = format_formula(left, level + (level == 4)) + _SYMBOL.get(op, f" {op} ") + \
                format_formula(right, right_level)
            return f"({text})" if level < parent else text
    raise TypeError(f"not a formula node: {node!r}")


def _small(number: Fraction) -> Fraction:
    if number.numerator.bit_length() > MAX_BITS or number.denominator.bit_length() > MAX_BITS:
        raise Undefined("a value too large to compute")
    return number


def _whole(number: Fraction, name: str, low: int | None = None) -> int:
    if number.denominator != 1 or (low is not None and number < low):
        raise Undefined(f"{name} of {number}, which is not a whole number" + (f" from {low}" if low else ""))
    return number.numerator


def prime_factors(number: int) -> list[int]:
    """The distinct primes dividing a whole number from 1, smallest first (trial division).

    >>> prime_factors(360), prime_factors(1)
    ([2, 3, 5], [])
    """
    out, d = [], 2
    while d * d <= number:
        if number % d == 0:
            out.append(d)
            while number % d == 0:
                number //= d
        d += 1
    return out + ([number] if number > 1 else [])


def _factored(name: str, argument: Fraction) -> Fraction:
    """rad, isprime, lpf or gpf of a whole number from 1."""
    number = _whole(argument, name, 1)
    if number > MAX_FACTORED:
        raise Undefined(f"{name} of {number}, larger than {MAX_FACTORED:,}")
    primes = prime_factors(number)
    if name == "isprime":
        return Fraction(int(primes == [number]))
    if name == "rad":
        return Fraction(math.prod(primes))
    return Fraction((primes[0] if name == "lpf" else primes[-1]) if primes else 1)


def _call(name: str, args: list[Fraction]) -> Fraction:
    """A function's value on exact arguments."""
    if name in ("rad", "isprime", "lpf", "gpf"):
        return _factored(name, args[0])
    simple = {"floor": lambda: Fraction(math.floor(args[0])), "ceiling": lambda: Fraction(math.ceil(args[0])),
              "abs": lambda: abs(args[0]), "min": lambda: min(args), "max": lambda: max(args),
              "gcd": lambda: Fraction(math.gcd(_whole(args[0], "gcd"), _whole(args[1], "gcd")))}
    if name in simple:
        return simple[name]()
    if args[1] == 0:
        raise Undefined("mod(x, 0)")
    return args[0] - args[1] * math.floor(args[0] / args[1])


def _power(base: Fraction, exponent: Fraction) -> Fraction:
    """base^exponent for a whole exponent from 0, refused before a value too large is computed."""
    e = _whole(exponent, "an exponent", 0) if exponent else 0
    if e * max(abs(base.numerator).bit_length(), base.denominator.bit_length()) > MAX_BITS:
        raise Undefined("a value too large to compute")
    return base**e


_COMPARE = {"=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
            "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def value(node: Node, sides: Mapping[str, int]) -> Fraction:
    """The exact value of a formula at ``{"n": N, "k": K}``; ``Undefined`` where it has none.

    >>> value(parse_formula("rad(N) = rad(K) and isprime(rad(K))"), {"n": 8, "k": 4})
    Fraction(1, 1)
    """
    match node:
        case Num(number):
            return Fraction(number)
        case Var(name):
            return Fraction(sides[name])
        case Neg(body):
            return -value(body, sides)
        case Not(body):
            return Fraction(int(value(body, sides) == 0))
        case Pow(base, exponent):
            return _power(value(base, sides), value(exponent, sides))
        case Call(name, args):
            return _call(name, [value(a, sides) for a in args])
        case Binary("and", left, right):
            return Fraction(int(value(left, sides) != 0 and value(right, sides) != 0))
        case Binary("or", left, right):
            return Fraction(int(value(left, sides) != 0 or value(right, sides) != 0))
        case Binary(op, left, right) if op in _COMPARE:
            return Fraction(int(_COMPARE[op](value(left, sides), value(right, sides))))
        case Binary(op, left, right):
            a, b = value(left, sides), value(right, sides)
            if op == "/" and b == 0:
                raise Undefined("a division by zero")
            return _small({"+": a + b, "-": a - b, "*": a * b}[op] if op != "/" else a / b)
    raise TypeError(f"not a formula node: {node!r}")

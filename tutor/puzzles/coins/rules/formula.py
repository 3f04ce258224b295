"""The coin conjecture language: formulas in N (positions) and K (faces), parsed, formatted and valued.

Learner text is never given to ``eval``, ``exec`` or ``sympify``.  ``formula.lark`` is read by
the shared LALR parser of ``tutor.grammar`` (the toolkit of the Lights Out and Wythoff formulas,
with the same one-line errors); only whitelisted names and operators are tokens, and the tree of
frozen dataclasses below is built as the parser reduces, its nesting checked on the token stream
first.  ``format_formula`` writes a tree back in canonical text that parses to the same tree;
``value`` computes it exactly, with fractions (true is 1, false is 0).

Vocabulary:

* ``Node`` - a tree: ``Binary("-", Power(Var("k"), Var("n")), Num(1))`` for ``K^N - 1``;
* names: ``N``, ``K``, ``true``, ``false``; whole numbers; ``+ - * / ^``, implicit multiplication;
  comparisons ``= != < <= > >=``; ``and``, ``or``, ``not``; functions ``floor``, ``ceiling``
  (``ceil``), ``abs``, ``mod(a, b)``, ``gcd(a, b)``, ``min``/``max`` of two or more, and on whole
  numbers from 1: ``rad`` (the product of the distinct primes dividing it), ``isprime``, ``lpf`` and
  ``gpf`` (the least and greatest prime factor, 1 for 1).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from tutor.grammar import Language, Nesting
from tutor.grammar.formula import (
    MAX_BITS,
    Binary,
    Call,
    FormulaActions,
    FormulaError,
    Formulas,
    Neg,
    Num,
    Printer,
    Term,
    Undefined,
    Var,
    arithmetic,
    bracket,
    function,
    whole,
)

if TYPE_CHECKING:
    from lark import Token

MAX_LENGTH = 300  # characters in one formula
MAX_DEPTH = 24  # nesting of the tree
MAX_DIGITS = 30  # digits in one number
MAX_FACTORED = 10**12  # rad, isprime, lpf and gpf factor numbers up to this (trial division)
ARITY = {"floor": (1, 1), "ceiling": (1, 1), "abs": (1, 1), "mod": (2, 2), "gcd": (2, 2), "min": (2, 8),
         "max": (2, 8), "rad": (1, 1), "isprime": (1, 1), "lpf": (1, 1), "gpf": (1, 1)}
FUNCTIONS = {name: name for name in ARITY} | {"ceil": "ceiling"}
ALLOWED = "allowed: N, K, true, false, and, or, not, " + ", ".join(ARITY)


@dataclass(frozen=True)
class Not(Term):
    """``not x``: 1 where x is 0, else 0."""

    body: Term


@dataclass(frozen=True)
class Power(Term):
    """``x^y``; y must come to a whole number from 0 (checked when valued)."""

    base: Term
    exponent: Term


Node = Term  # Num | Var | Neg | Not | Power | Call | Binary


class _Actions(FormulaActions):
    """The tree node of each rule, built as the parser reduces it; arities checked here."""

    def boolean(self, token: Token) -> Node:
        return Num(1 if token.type == "TRUE" else 0)

    def negation(self, _not: Token, node: Node) -> Node:
        return Not(node)

    def logic(self, left: Node, op: Token, right: Node) -> Node:
        return Binary(str(op).lower(), left, right)

    def compare(self, left: Node, op: Token, right: Node) -> Node:
        return Binary("=" if op == "==" else str(op), left, right)

    def power(self, base: Node, _op: Token, exponent: Node) -> Node:
        return Power(base, exponent)


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
    actions=_Actions(FUNCTIONS, ARITY),
    error=FormulaError,
    keep=["NAME"],
)
READER = Formulas(FORMULAS, Nesting(base=1, bracket=2, prefixes={"MINUS": 1, "NOT": 1}, chains=frozenset({"POW"}),
                                    operands=frozenset({"NUMBER", "N", "K", "TRUE", "FALSE"}), functions=_NAMES),
                  functions=_NAMES, allowed=ALLOWED, max_length=MAX_LENGTH, max_depth=MAX_DEPTH, max_digits=MAX_DIGITS)


def parse_formula(text: str) -> Node:
    """Parse one formula in N and K; ``FormulaError`` (an ``InvalidNotation``) quotes it and points at the fault.

    >>> parse_formula("K^N - 1")
    Binary(op='-', left=Power(base=Var(name='k'), exponent=Var(name='n')), right=Num(value=1))
    """
    node: Node = READER.read(text, "formula")
    return node


class _Printer(Printer):
    """The coin formulas' text: N and K in capitals; comparisons do not chain, so each side is bracketed."""

    def variable(self, name: str) -> str:
        return name.upper()

    def binary(self, op: str, left: Term, right: Term, parent: int) -> str:
        if self.levels[op] != _COMPARES:
            return super().binary(op, left, right, parent)
        return bracket(f"{self.text(left, _COMPARES + 1)} {op} {self.text(right, _COMPARES + 1)}", parent > _COMPARES)

    def other(self, node: Term, parent: int) -> str:
        match node:
            case Not(body):
                return bracket("not " + self.text(body, 3), parent > 3)
            case Power(base, exponent):
                return bracket(f"{self.text(base, 9)}^{self.text(exponent, 7)}", parent > 8)
        return super().other(node, parent)


_COMPARES = 4  # the level of the comparisons, between 'not' (3) and '+' (5)
PRINTER = _Printer({"or": 1, "and": 2, **dict.fromkeys(("=", "!=", "<", "<=", ">", ">="), _COMPARES),
                    "+": 5, "-": 5, "*": 6, "/": 6}, {"*": "*", "/": "/"}, sign_body=7, sign_bracket=5)


def format_formula(node: Node) -> str:
    """The canonical text of a formula tree; parsing it gives the same tree back.

    >>> format_formula(parse_formula("n=1 OR rad(N)==rad(k) and not isprime(2K)"))
    'N = 1 or rad(N) = rad(K) and not isprime(2*K)'
    """
    return PRINTER.text(node)


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
    number = whole(argument, name, 1)
    if number > MAX_FACTORED:
        raise Undefined(f"{name} of {number}, larger than {MAX_FACTORED:,}")
    primes = prime_factors(number)
    if name == "isprime":
        return Fraction(int(primes == [number]))
    if name == "rad":
        return Fraction(math.prod(primes))
    return Fraction((primes[0] if name == "lpf" else primes[-1]) if primes else 1)


def _power(base: Fraction, exponent: Fraction) -> Fraction:
    """base^exponent for a whole exponent from 0, refused before a value too large is computed."""
    e = whole(exponent, "an exponent", 0) if exponent else 0
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
        case Power(base, exponent):
            return _power(value(base, sides), value(exponent, sides))
        case Call(name, args) if name in ("rad", "isprime", "lpf", "gpf"):
            return _factored(name, value(args[0], sides))
        case Call(name, args):
            return function(name, [value(a, sides) for a in args])
        case Binary("and", left, right):
            return Fraction(int(value(left, sides) != 0 and value(right, sides) != 0))
        case Binary("or", left, right):
            return Fraction(int(value(left, sides) != 0 or value(right, sides) != 0))
        case Binary(op, left, right) if op in _COMPARE:
            return Fraction(int(_COMPARE[op](value(left, sides), value(right, sides))))
        case Binary(op, left, right):
            return arithmetic(op, value(left, sides), value(right, sides))
    raise TypeError(f"not a formula node: {node!r}")

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

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from tutor.grammar import Fault, Language, Nesting
from tutor.grammar.formula import (
    Binary,
    Call,
    FormulaActions,
    FormulaError,
    Formulas,
    Neg,
    Num,
    Pow,
    Printer,
    Term,
    Undefined,
    Var,
    arithmetic,
    function,
    small,
)

if TYPE_CHECKING:
    from lark import Token

MAX_LENGTH = 200  # characters in one formula
MAX_DEPTH = 16  # nesting of the tree
MAX_DIGITS = 30  # digits in one number
MAX_EXPONENT = 8  # n in x ^ n
ARITY = {"floor": (1, 1), "ceiling": (1, 1), "abs": (1, 1), "mod": (2, 2), "gcd": (2, 2), "min": (2, 8),
         "max": (2, 8)}  # fewest and most arguments
FUNCTIONS = {"floor": "floor", "ceiling": "ceiling", "ceil": "ceiling", "abs": "abs", "mod": "mod", "gcd": "gcd",
             "min": "min", "max": "max"}
ALLOWED = "allowed: n, m, floor, ceiling, abs, mod, gcd, min, max"


Node = Term  # Num | Var | Neg | Pow | Call | Binary, of ``tutor.grammar.formula``
_FUNCTIONS = frozenset(name.upper() for name in FUNCTIONS)


class _Actions(FormulaActions):
    """The tree node of each rule, built as the parser reduces it; exponents folded to constants here."""

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
    actions=_Actions(FUNCTIONS, ARITY),
    error=FormulaError,
    keep=["NAME"],
)
READER = Formulas(FORMULAS, Nesting(base=1, bracket=2, prefixes={"MINUS": 1}, chains=frozenset({"POW"}),
                                    operands=frozenset({"NUMBER", "N", "M"}), functions=_FUNCTIONS),
                  functions=_FUNCTIONS, allowed=ALLOWED, max_length=MAX_LENGTH, max_depth=MAX_DEPTH,
                  max_digits=MAX_DIGITS)


def parse_formula(text: str) -> Node:
    """Parse one formula in n and m; ``FormulaError`` (an ``InvalidNotation``) quotes it and points at the fault.

    >>> parse_formula("2floor(n)")
    Binary(op='*', left=Num(value=2), right=Call(name='floor', args=(Var(name='n'),)))
    """
    node: Node = READER.read(text, "formula")
    return node


# -- the canonical text -------------------------------------------------------------------------

PRINTER = Printer({"+": 1, "-": 1, "*": 2, "/": 2}, {"+": " + ", "-": " - ", "*": "*", "/": "/"})


def format_formula(node: Node) -> str:
    """The canonical text of a formula tree; parsing it gives the same tree back.

    >>> format_formula(parse_formula("2n^2 - -(m)+ MOD(n,3)"))
    '2*n^2 - (-m) + mod(n, 3)'
    """
    return PRINTER.text(node)


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
            return small(value(base, sides) ** exponent)
        case Call(name, args):
            return function(name, [value(a, sides) for a in args])
        case Binary(op, left, right):
            return arithmetic(op, value(left, sides), value(right, sides))
    raise TypeError(f"not a formula node: {node!r}")

"""The conjecture language: formulas in k for the losing positions, parsed and formatted (a round-tripping pair).

Learner text is never given to ``eval``, ``exec`` or ``sympify``.  ``formula.lark`` is
read by the LALR parser of ``tutor.grammar``: only whitelisted names and
operators are tokens, and the tree of frozen dataclasses below is built as the
parser reduces, its size and nesting checked on the token stream first.
``format_formula`` writes a tree back in canonical text that parses to the same
tree.  The values of a tree are computed in ``theory.evaluate``; this module
only folds constant exponents, with fractions (``k**(1/2)`` is ``sqrt(k)``).

A *conjecture* is a formula for the smaller pile ``A_k`` (``floor(k*phi)``),
``B_k = formula`` for the larger pile, or two formulas ``f, g`` for the pair.

Vocabulary:

* ``Node`` - a tree of the shared nodes (``tutor.grammar.formula``) and ``Const``:
  ``Call("floor", (Binary("*", Var("k"), Const("phi")),))`` for ``floor(k*phi)``.
* names: ``k``; constants ``phi``, ``pi``; functions ``floor``, ``ceiling``
  (also ``ceil``), ``sqrt``; numbers like ``2`` or ``1.618``; ``+ - * / ** ^``,
  parentheses, and implicit multiplication (``2k``, ``k(1 + sqrt(5))``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import isqrt
from typing import TYPE_CHECKING, Any, NamedTuple

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
    arithmetic,
    function,
    small,
)

if TYPE_CHECKING:
    from lark import Token

MAX_LENGTH = 200  # characters in one formula
MAX_DEPTH = 16  # nesting of the tree
MAX_DIGITS = 30  # digits in one number
MAX_EXPONENT = 8  # |n| in x ** n
FUNCTIONS = {"floor": "floor", "ceiling": "ceiling", "ceil": "ceiling", "sqrt": "sqrt"}
CONSTANTS = ("phi", "pi")
VARIABLE = "k"
ALLOWED = f"allowed: {VARIABLE}, {', '.join(CONSTANTS)}, floor, ceiling, sqrt"
# what a lesson tells a learner they may write: the constants are left out, since a lesson asks for the number
# the formula needs before it names it (wythoff-3 reveals phi only after the first guess)
SAID_ALLOWED = "a formula uses k, numbers, + - * / ^, parentheses, floor(...), ceiling(...), sqrt(...)"


# -- the tree ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Const(Term):
    """``phi`` or ``pi``."""

    name: str


Node = Term  # Num (a decimal, exactly) | Var("k") | Const | Neg | Pow | Call | Binary, of ``tutor.grammar.formula``


# -- reading: formula.lark, with the checks and messages of this language -----------------------

_TARGETS = {"A": "a", "AK": "a", "A_K": "a", "B": "b", "BK": "b", "B_K": "b"}


class _Claim(NamedTuple):
    """One formula of a conjecture: the pile it names (None: given by its place), and where it names it."""

    pile: str | None
    node: Node
    at: Token | None


_FUNCTIONS = frozenset({"FLOOR", "CEILING", "CEIL", "SQRT"})


class _Actions(FormulaActions):
    """The tree node of each rule, built as the parser reduces it; exponents folded to constants here."""

    def number(self, token: Token) -> Node:
        return Num(Fraction(str(token)))  # a decimal, exactly; its digits were counted before this

    def constant(self, token: Token) -> Node:
        return Const(token.type.lower())

    def power(self, base: Node, op: Token, exponent_node: Node) -> Node:
        exponent = _constant(exponent_node)
        if exponent is None:
            raise Fault("an exponent that is not a constant", op, "an exponent is a number, like k^2")
        if exponent == Fraction(1, 2):
            return Call("sqrt", (base,))
        if exponent.denominator != 1 or abs(exponent) > MAX_EXPONENT:
            raise Fault(f"the exponent {exponent}", op,
                        f"an exponent is a whole number from -{MAX_EXPONENT} to {MAX_EXPONENT}, or 1/2")
        return Pow(base, int(exponent))

    def claim(self, *children: Any) -> _Claim:
        """``f`` (its pile given by its place) or ``B_k = f``."""
        if len(children) == 1:
            return _Claim(None, children[0], None)
        target, _equals, node = children
        return _Claim(_TARGETS[target.type], node, target)

    def conjecture(self, first: _Claim, comma: Token | None = None, second: _Claim | None = None) -> Conjecture:
        found: dict[str, Node] = {}
        for number, claim in enumerate(c for c in (first, second) if c is not None):
            pile = claim.pile or ("a" if number == 0 else "b")
            if pile in found:
                raise Fault(f"{pile.upper()}_k given twice", claim.at if claim.at is not None else comma or 0)
            found[pile] = claim.node
        return Conjecture(found.get("a"), found.get("b"))


FORMULAS = Language(
    noun="formula",
    example="a formula in k such as floor(3*k/2)",
    package=__package__,
    grammar="formula.lark",
    start=["formula", "conjecture"],
    spoken=[
        ("A AK A_K B BK B_K", "'A_k =' | 'B_k ='"), ("A AK A_K", "'A_k ='"), ("B BK B_K", "'B_k ='"),
        ("NUMBER K PHI PI FLOOR CEILING CEIL SQRT LPAR MINUS PLUS",
         "a number | k | floor(...) | ceiling(...) | sqrt(...) | '('"),
        ("NUMBER K PHI PI", "a number | k"),  # the constants unnamed: a lesson may not have revealed them yet
        ("PLUS MINUS STAR SLASH POW", "'+' | '-' | '*' | '/' | '^'"),
        ("K PHI PI FLOOR CEILING CEIL SQRT LPAR", "a name | '('"),
        ("NUMBER", "a number"), ("K", "k"), ("PHI", "phi"), ("PI", "pi"), ("NAME", "a name"), ("POW", "'^'"),
        ("FLOOR", "floor(...)"), ("CEILING", "ceiling(...)"), ("CEIL", "ceil(...)"), ("SQRT", "sqrt(...)"),
    ],
    actions=_Actions(FUNCTIONS),
    error=FormulaError,
    keep=["NAME"],
)


class _Formulas(Formulas):
    """Each formula of a conjecture is limited on its own: its length, without its ``B_k =``."""

    def check(self, tokens: Sequence[Token]) -> None:
        super().check(tokens)
        formulas: list[list[Token]] = [[]]  # the tokens of each formula, without its 'B_k ='
        for token in tokens:
            if token.type == "COMMA":
                formulas.append([])
            elif token.type not in _TARGETS and token.type != "EQUALS":
                formulas[-1].append(token)
        for formula in formulas:
            if formula and (formula[-1].end_pos or 0) - (formula[0].start_pos or 0) > MAX_LENGTH:
                raise Fault(f"a formula longer than {MAX_LENGTH} characters", formula[0])


READER = _Formulas(FORMULAS, Nesting(base=1, bracket=2, prefixes={"MINUS": 1}, chains=frozenset({"POW"}),
                                     operands=frozenset({"NUMBER", "K", "PHI", "PI"}), functions=_FUNCTIONS),
                   functions=_FUNCTIONS, allowed=ALLOWED, max_length=MAX_LENGTH, max_depth=MAX_DEPTH,
                   max_digits=MAX_DIGITS, unknown=frozenset({"NAME", *_TARGETS}))


def _third(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """A third formula of a conjecture has its own message (after the shared ones)."""
    found = tokens[index] if index < len(tokens) else None
    if found is not None and found.type == "COMMA":
        return Fault("a third formula", found, "give one formula, or two separated by one comma")
    return None


def parse_formula(text: str) -> Node:
    """Parse one formula in k; ``FormulaError`` (an ``InvalidNotation``) quotes the text and points at the fault.

    >>> parse_formula("floor(2k)")
    Call(name='floor', args=(Binary(op='*', left=Num(value=Fraction(2, 1)), right=Var(name='k')),))
    """
    node: Node = READER.read(text, "formula")
    return node


# -- the canonical text -------------------------------------------------------------------------

class _Printer(Printer):
    """The index is ``k``; the constants are written by name."""

    def other(self, node: Term, parent: int) -> str:
        if isinstance(node, Const):
            return node.name
        return super().other(node, parent)


PRINTER = _Printer({"+": 1, "-": 1, "*": 2, "/": 2}, {"+": " + ", "-": " - ", "*": "*", "/": "/"})


def format_formula(node: Node) -> str:
    """The canonical text of a formula tree; parsing it gives the same tree back.

    >>> format_formula(parse_formula("2k^2 - -(k)"))
    '2*k^2 - (-k)'
    """
    return PRINTER.text(node)


# -- exact rational arithmetic (constant exponents here; shared with theory.evaluate) --------------


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
    match node:
        case Num(value):
            return Fraction(value)
        case Neg(body):
            return -_rational(body)
        case Pow(base, exponent):
            return small(_rational(base) ** exponent)
        case Call("sqrt", (arg,)):
            root = fraction_sqrt(_rational(arg))
            if root is None:
                raise _Irrational
            return root
        case Call(name, (arg,)):
            return function(name, [_rational(arg)])
        case Binary(op, left, right):
            return arithmetic(op, _rational(left), _rational(right))
    raise _Irrational  # k, phi, pi


# -- conjectures: a formula for A_k, for B_k, or both ----------------------------------------


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
    conjecture: Conjecture = READER.read(text, "conjecture", _third, 2 * MAX_LENGTH + 20)
    return conjecture

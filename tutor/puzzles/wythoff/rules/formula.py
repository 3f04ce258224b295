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

* ``Node`` - a tree: ``Call("floor", Binary("*", Var(), Const("phi")))`` for ``floor(k*phi)``.
* names: ``k``; constants ``phi``, ``pi``; functions ``floor``, ``ceiling``
  (also ``ceil``), ``sqrt``; numbers like ``2`` or ``1.618``; ``+ - * / ** ^``,
  parentheses, and implicit multiplication (``2k``, ``k(1 + sqrt(5))``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from math import isqrt
from typing import TYPE_CHECKING, Any, NamedTuple

from tutor.grammar import Fault, Language, Nesting, NotationError, Reading

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


class FormulaError(NotationError):
    """A conjecture formula outside the restricted language."""


# -- the tree ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Num:
    """A decimal literal, exactly: ``1.5`` is ``Num(Fraction(3, 2))``."""

    value: Fraction


@dataclass(frozen=True)
class Var:
    """The index ``k``."""


@dataclass(frozen=True)
class Const:
    """``phi`` or ``pi``."""

    name: str


@dataclass(frozen=True)
class Neg:
    """``-x``."""

    body: Node


@dataclass(frozen=True)
class Pow:
    """``x^n`` with a whole constant exponent, ``|n| <= MAX_EXPONENT``."""

    base: Node
    exponent: int


@dataclass(frozen=True)
class Call:
    """``floor(x)``, ``ceiling(x)`` or ``sqrt(x)``."""

    name: str
    arg: Node


@dataclass(frozen=True)
class Binary:
    """``x + y``, ``x - y``, ``x * y`` (also written ``2k``) or ``x / y``."""

    op: str
    left: Node
    right: Node


Node = Num | Var | Const | Neg | Pow | Call | Binary


# -- reading: formula.lark, with the checks and messages of this language -----------------------

_TARGETS = {"A": "a", "AK": "a", "A_K": "a", "B": "b", "BK": "b", "B_K": "b"}


class _Claim(NamedTuple):
    """One formula of a conjecture: the pile it names (None: given by its place), and where it names it."""

    pile: str | None
    node: Node
    at: Token | None
_FUNCTIONS = frozenset({"FLOOR", "CEILING", "CEIL", "SQRT"})


class _Actions:
    """The tree node of each rule, built as the parser reduces it; exponents folded to constants here."""

    def number(self, token: Token) -> Node:
        return Num(Fraction(str(token)))  # digits counted in _check, before this

    def variable(self, _k: Token) -> Node:
        return Var()

    def constant(self, token: Token) -> Node:
        return Const(token.type.lower())

    def call(self, function: Token, _open: Token, arg: Node, _close: Token) -> Node:
        return Call(FUNCTIONS[function.type.lower()], arg)

    def negate(self, _sign: Token, node: Node) -> Node:
        return Neg(node)

    def binary(self, left: Node, op: Token, right: Node) -> Node:
        return Binary(str(op), left, right)

    def implicit(self, left: Node, right: Node) -> Node:
        return Binary("*", left, right)

    def power(self, base: Node, op: Token, exponent_node: Node) -> Node:
        exponent = _constant(exponent_node)
        if exponent is None:
            raise Fault("an exponent that is not a constant", op, "an exponent is a number, like k^2")
        if exponent == Fraction(1, 2):
            return Call("sqrt", base)
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
    actions=_Actions(),
    error=FormulaError,
    keep=["NAME"],
)

_NESTING = Nesting(base=1, bracket=2, prefixes={"MINUS": 1}, chains=frozenset({"POW"}),
                   operands=frozenset({"NUMBER", "K", "PHI", "PI"}), functions=_FUNCTIONS)


def _check(tokens: list[Token]) -> None:
    """Each formula's length, each number's digits, and the nesting, before anything is parsed."""
    formulas: list[list[Token]] = [[]]  # the tokens of each formula, without its 'B_k ='
    for token in tokens:
        if token.type == "COMMA":
            formulas.append([])
        elif token.type not in _TARGETS and token.type != "EQUALS":
            formulas[-1].append(token)
        digits = len(token) - token.count(".")
        if token.type == "NUMBER" and digits > MAX_DIGITS:
            raise Fault(f"a number of {digits} digits", token, f"at most {MAX_DIGITS} are read")
    for formula in formulas:
        if formula and (formula[-1].end_pos or 0) - (formula[0].start_pos or 0) > MAX_LENGTH:
            raise Fault(f"a formula longer than {MAX_LENGTH} characters", formula[0])
    deep = _NESTING.too_deep(tokens, MAX_DEPTH)
    if deep is not None:
        raise Fault(f"the formula nests deeper than {MAX_DEPTH} levels", deep)


def _explain(tokens: Sequence[Token], index: int, expected: frozenset[str], pair: bool = False) -> Fault | None:
    """Unknown names, a function without parentheses and a third formula have their own messages."""
    found = tokens[index] if index < len(tokens) else None
    before = tokens[index - 1] if index > 0 else None
    if before is not None and before.type in _FUNCTIONS and (found is None or found.type != "LPAR"):
        name = before.lower()
        return Fault(f"{name} needs parentheses", before, f"as in {name}(...)")
    if found is not None and (found.type == "NAME" or found.type in _TARGETS):
        return Fault(f"unknown name {found.value!r}", found, ALLOWED)
    if pair and found is not None and found.type == "COMMA":
        return Fault("a third formula", found, "give one formula, or two separated by one comma")
    return None


def _read(text: str, start: str, longest: int) -> Node | Conjecture:
    reading = Reading(FORMULAS, text, check=_check)
    if len(text) > longest:
        raise reading.refuse(f"longer than {longest} characters")
    return reading.parse(start, partial(_explain, pair=start == "conjecture"))


def parse_formula(text: str) -> Node:
    """Parse one formula in k; ``FormulaError`` (an ``InvalidNotation``) quotes the text and points at the fault.

    >>> parse_formula("floor(2k)")
    Call(name='floor', arg=Binary(op='*', left=Num(value=Fraction(2, 1)), right=Var()))
    """
    return _read(text, "formula", MAX_LENGTH)  # type: ignore[return-value]


# -- the canonical text -------------------------------------------------------------------------

_LEVEL = {"+": 1, "-": 1, "*": 2, "/": 2}  # a negation is level 3, a power 4
_SYMBOL = {"+": " + ", "-": " - ", "*": "*", "/": "/"}


def format_formula(node: Node, parent: int = 0) -> str:
    """The canonical text of a formula tree; parsing it gives the same tree back.

    >>> format_formula(parse_formula("2k^2 - -(k)"))
    '2*k^2 - (-k)'
    """
    match node:
        case Num(value):
            return _decimal(value)
        case Var():
            return VARIABLE
        case Const(name):
            return name
        case Call(name, arg):
            return f"{name}({format_formula(arg)})"
        case Neg(body):
            text = "-" + format_formula(body, 3)
            return f"({text})" if parent > 1 else text
        case Pow(base, exponent):
            text = f"{format_formula(base, 5)}^" + (f"{exponent}" if exponent >= 0 else f"({exponent})")
            return f"({text})" if parent > 4 else text
        case Binary(op, left, right):
            level = _LEVEL[op]
            text = format_formula(left, level) + _SYMBOL[op] + format_formula(right, level + 1)
            return f"({text})" if level < parent else text
    raise TypeError(f"not a formula node: {node!r}")


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


def fraction_op(op: str, left: Fraction, right: Fraction) -> Fraction:
    """``left op right`` exactly; ``Undefined`` for a division by zero or numbers too large."""
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return small(left * right)
    if right == 0:
        raise Undefined("a division by zero")
    return small(left / right)


def fraction_round(name: str, value: Fraction) -> Fraction:
    """``floor`` or ``ceiling`` of a fraction."""
    if name == "floor":
        return Fraction(value.numerator // value.denominator)
    return Fraction(-((-value.numerator) // value.denominator))


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
            return value
        case Neg(body):
            return -_rational(body)
        case Pow(base, exponent):
            return small(_rational(base) ** exponent)
        case Call("sqrt", arg):
            root = fraction_sqrt(_rational(arg))
            if root is None:
                raise _Irrational
            return root
        case Call(name, arg):
            return fraction_round(name, _rational(arg))
        case Binary(op, left, right):
            return fraction_op(op, _rational(left), _rational(right))
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
    return _read(text, "conjecture", 2 * MAX_LENGTH + 20)  # type: ignore[return-value]

"""Conjectures about sets of gods: a number in n, t, f, r, or a condition on them; a parse/format pair.

A learner conjectures, for every set of gods, either the fewest questions (a *number*, ``ceiling(log2(n!/(t!*f!*r!)))``)
or when the set can be identified at all (a *condition*, ``r < n - r``), in the variables ``n`` (gods), ``t``,
``f``, ``r`` (how many are True, False, Random).  ``formula.lark`` is read by the shared LALR toolkit
(``tutor.grammar``): only whitelisted names and operators are tokens, and the tree of frozen dataclasses below
is built as the parser reduces; nothing is given to ``eval``.  Their exact values are ``theory.values``.

Vocabulary:

* ``Expr`` - a number's tree: ``Call("ceiling", (Call("log2", (Var("n"),)),))`` for ``ceiling(log2(n))``;
* ``Cond`` - a condition's tree: ``Compare("<", Var("r"), Binary("-", Var("n"), Var("r")))`` for ``r < n - r``;
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from tutor.grammar import Fault, Language, Nesting
from tutor.grammar.formula import (
    Binary,
    FormulaActions,
    FormulaError,
    Formulas,
    Num,
    Printer,
    Term,
    bracket,
)

if TYPE_CHECKING:
    from collections.abc import Sequence

    from lark import Token

MAX_LENGTH = 300  # characters in one conjecture
MAX_DEPTH = 24  # nesting of the tree
MAX_DIGITS = 12  # digits in one number
ALLOWED = ("allowed: n (gods), t, f, r (how many are True, False, Random), numbers, + - * / ^, n!, floor(...), "
           "ceiling(...), log2(...), min(a, b), max(a, b); a condition compares two of these (< <= = != >= >) "
           "and joins comparisons with and, or, not")



# -- the trees --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fact(Term):
    """``x!``."""

    body: Term


Expr = Term  # Num | Var | Neg | Fact | Binary | Call (of ``tutor.grammar.formula``)


@dataclass(frozen=True)
class Compare:
    """``x < y`` (also ``<=``, ``=``, ``!=``, ``>=``, ``>``)."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Logic:
    """``p and q``, ``p or q``."""

    op: str
    left: Cond
    right: Cond


@dataclass(frozen=True)
class NotCond:
    """``not p``."""

    body: Cond


Cond = Compare | Logic | NotCond


@dataclass(frozen=True)
class Conjecture:
    """What a learner claims: a number (``amount``) or a condition (``condition``), exactly one of them."""

    amount: Expr | None = None
    condition: Cond | None = None


# -- reading ----------------------------------------------------------------------------------

_FUNCTIONS = {"floor": "floor", "ceiling": "ceiling", "ceil": "ceiling", "log2": "log2", "min": "min", "max": "max"}
_COMPARE = {"==": "="}


class _Actions(FormulaActions):
    """The tree node of each rule, built as the parser reduces it."""

    def amount(self, node: Expr) -> Conjecture:
        return Conjecture(amount=node)

    def condition(self, node: Cond) -> Conjecture:
        return Conjecture(condition=node)

    def logic(self, left: Cond, op: Token, right: Cond) -> Cond:
        return Logic(op.lower(), left, right)

    def negation(self, _not: Token, body: Cond) -> Cond:
        return NotCond(body)

    def comparison(self, left: Expr, op: Token, right: Expr) -> Cond:
        return Compare(_COMPARE.get(str(op), str(op)), left, right)

    def same(self, _sign: Token, body: Expr) -> Expr:
        return body

    def average(self, node: Expr, *_said: Token) -> Conjecture:
        return Conjecture(amount=node)

    def mixed(self, whole: Token, numerator: Token, slash: Token, denominator: Token) -> Expr:
        fraction = Binary("/", self.number(numerator), self.number(denominator))  # 2 3/8 is 2 + 3/8
        return Binary("+", self.number(whole), fraction)

    def decimal(self, whole: Token, _dot: Token, places: Token) -> Expr:
        return Num(int(whole) + Fraction(int(places), 10 ** len(places)))  # 2.375, exactly

    def factorial(self, body: Expr, _bang: Token) -> Expr:
        return Fact(body)

    def group(self, _open: Token, node: Expr, _close: Token) -> Expr:
        return node


FORMULAS = Language(
    noun="conjecture",
    example="a formula in n, t, f, r such as ceiling(log2(n!)) or a condition such as r < n - r",
    package=__package__,
    grammar="formula.lark",
    start=["conjecture", "average"],
    spoken=[
        ("NUMBER VARIABLE FUNCTION PAIRED LPAR MINUS PLUS NOT", "a number | n, t, f or r | floor(...) | "
         "ceiling(...) | log2(...) | min(...) | '(' | 'not'"),
        ("NUMBER VARIABLE FUNCTION PAIRED LPAR MINUS PLUS", "a number | n, t, f or r | floor(...) | ceiling(...) | "
         "log2(...) | min(...) | '('"),
        ("PLUS MINUS STAR SLASH POW BANG", "'+' | '-' | '*' | '/' | '^' | '!'"),
        ("NUMBER", "a number"), ("VARIABLE", "n, t, f or r"), ("FUNCTION", "floor(...)"), ("PAIRED", "min(...)"),
        ("NAME", "a name"), ("COMPARE", "a comparison (<, <=, =, !=, >=, >)"), ("AND", "'and'"), ("OR", "'or'"),
        ("NOT", "'not'"), ("POW", "'^'"), ("STAR", "'*'"), ("SAID", "'questions' | 'on average'"),
    ],
    actions=_Actions(_FUNCTIONS, {"min": (2, 2), "max": (2, 2)}),
    error=FormulaError,
    keep=["NAME"],
)
_CALLED = frozenset({"FUNCTION", "PAIRED"})
READER = Formulas(FORMULAS, Nesting(base=1, bracket=2, prefixes={"MINUS": 1, "PLUS": 1, "NOT": 1},
                                    chains=frozenset({"POW"}), operands=frozenset({"NUMBER", "VARIABLE"}),
                                    functions=_CALLED),
                  functions=_CALLED, allowed=ALLOWED, max_length=MAX_LENGTH, max_depth=MAX_DEPTH, max_digits=MAX_DIGITS)


def _explain(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """A number before a name has its own message (after the shared ones)."""
    found = tokens[index] if index < len(tokens) else None
    before = tokens[index - 1] if index > 0 else None
    if found is not None and before is not None and before.type in ("NUMBER", "RPAR", "VARIABLE", "BANG") \
            and found.type in ("VARIABLE", "FUNCTION", "PAIRED", "LPAR", "NUMBER"):
        return Fault(f"{found.value!r} right after {before.value!r}", found, "write the product with '*', as 2*n")
    return None


def parse_average(text: str) -> Expr:
    """An average as a learner writes it: a number of this grammar, a mixed number or a decimal, words after it
    ('questions', 'on average', 'in all'); ``FormulaError`` quotes the text and points at the fault.

    >>> format_expr(parse_average("2 3/8 questions on average")), format_expr(parse_average("2.375"))
    ('2 + 3/8', '2.375')
    """
    result: Conjecture = READER.read(text, "average", _explain)
    assert result.amount is not None
    return result.amount


def parse_conjecture(text: str, brief: bool = False) -> Conjecture:
    """Parse a number or a condition; ``FormulaError`` (an ``InvalidNotation``) quotes the text and points at the fault
    (``brief``: without saying what was expected there, for a caller that only asks whether the text reads).

    >>> parse_conjecture("r < n - r").condition
    Compare(op='<', left=Var(name='r'), right=Binary(op='-', left=Var(name='n'), right=Var(name='r')))
    """
    result: Conjecture = READER.read(text, "conjecture", _explain, brief=brief)
    return result


# -- the canonical text ---------------------------------------------------------------------------

class _Printer(Printer):
    """A number's text: a power is right-associative (``2^3^2`` is ``2^(3^2)``), a factorial binds tightest."""

    def binary(self, op: str, left: Term, right: Term, parent: int) -> str:
        if op != "^":
            return super().binary(op, left, right, parent)
        return bracket(f"{self.text(left, 5)}^{self.text(right, 3)}", parent > 4)

    def other(self, node: Term, parent: int) -> str:
        if isinstance(node, Fact):
            return self.text(node.body, 6) + "!"
        return super().other(node, parent)


PRINTER = _Printer({"+": 1, "-": 1, "*": 2, "/": 2}, {"+": " + ", "-": " - ", "*": "*", "/": "/"}, sign_bracket=3)
_LOGIC = {"or": 1, "and": 2}


def format_expr(node: Expr) -> str:
    """The canonical text of a number's tree; parsing it gives the same tree back.

    >>> format_expr(parse_conjecture("ceil(log2( n ! / (t!*f!)))").amount)
    'ceiling(log2(n!/(t!*f!)))'
    """
    return PRINTER.text(node)


def format_cond(node: Cond, parent: int = 0) -> str:
    """The canonical text of a condition's tree (``not`` binds tighter than ``and``, ``and`` than ``or``).

    >>> format_cond(parse_conjecture("not r>=n-r or n==1").condition)
    'not r >= n - r or n = 1'
    """
    match node:
        case Compare(op, left, right):
            return f"{format_expr(left)} {op} {format_expr(right)}"
        case NotCond(body):
            return "not " + format_cond(body, 3)
        case Logic(op, left, right):
            if parent > _LOGIC[op]:
                raise ValueError("a condition has no parentheses: this tree has no text")  # the parser never makes one
            return f"{format_cond(left, _LOGIC[op])} {op} {format_cond(right, _LOGIC[op] + 1)}"
    raise TypeError(f"not a condition node: {node!r}")


def format_conjecture(c: Conjecture) -> str:
    """The canonical text of a conjecture."""
    return format_expr(c.amount) if c.amount is not None else format_cond(c.condition)  # type: ignore[arg-type]

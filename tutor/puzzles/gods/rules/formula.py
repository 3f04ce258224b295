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
from typing import TYPE_CHECKING

from tutor.grammar import Fault, Language, Nesting, NotationError, Reading

if TYPE_CHECKING:
    from collections.abc import Sequence

    from lark import Token

MAX_LENGTH = 300  # characters in one conjecture
MAX_DEPTH = 24  # nesting of the tree
MAX_DIGITS = 12  # digits in one number
ALLOWED = ("allowed: n (gods), t, f, r (how many are True, False, Random), numbers, + - * / ^, n!, floor(...), "
           "ceiling(...), log2(...), min(a, b), max(a, b); a condition compares two of these (< <= = != >= >) "
           "and joins comparisons with and, or, not")



class FormulaError(NotationError):
    """A conjecture outside the restricted language."""


# -- the trees --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Num:
    """A whole number."""

    value: int


@dataclass(frozen=True)
class Var:
    """``n``, ``t``, ``f`` or ``r``."""

    name: str


@dataclass(frozen=True)
class Neg:
    """``-x``."""

    body: Expr


@dataclass(frozen=True)
class Fact:
    """``x!``."""

    body: Expr


@dataclass(frozen=True)
class Binary:
    """``x + y``, ``x - y``, ``x * y``, ``x / y`` or ``x ^ y``."""

    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Call:
    """``floor(x)``, ``ceiling(x)``, ``log2(x)``, ``min(x, y)`` or ``max(x, y)``."""

    name: str
    args: tuple[Expr, ...]


Expr = Num | Var | Neg | Fact | Binary | Call


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


class _Actions:
    """The tree node of each rule, built as the parser reduces it."""

    def amount(self, node: Expr) -> Conjecture:
        return Conjecture(amount=node)

    def condition(self, node: Cond) -> Conjecture:
        return Conjecture(condition=node)

    def logic(self, left: Cond, op: Token, right: Cond) -> Cond:
        return Logic(op.lower(), left, right)

    def negate(self, _not: Token, body: Cond) -> Cond:
        return NotCond(body)

    def comparison(self, left: Expr, op: Token, right: Expr) -> Cond:
        return Compare(_COMPARE.get(str(op), str(op)), left, right)

    def binary(self, left: Expr, op: Token, right: Expr) -> Expr:
        return Binary({"**": "^", "×": "*"}.get(str(op), str(op)), left, right)

    def minus(self, _sign: Token, body: Expr) -> Expr:
        return Neg(body)

    def same(self, _sign: Token, body: Expr) -> Expr:
        return body

    def factorial(self, body: Expr, _bang: Token) -> Expr:
        return Fact(body)

    def number(self, token: Token) -> Expr:
        return Num(int(token))  # digits counted in _check, before this

    def variable(self, token: Token) -> Expr:
        return Var(token.lower())

    def call(self, name: Token, _open: Token, *rest: Expr | Token) -> Expr:
        return Call(_FUNCTIONS[name.lower()], tuple(x for x in rest if not hasattr(x, "type")))

    def group(self, _open: Token, node: Expr, _close: Token) -> Expr:
        return node


FORMULAS = Language(
    noun="conjecture",
    example="a formula in n, t, f, r such as ceiling(log2(n!)) or a condition such as r < n - r",
    package=__package__,
    grammar="formula.lark",
    start=["conjecture"],
    spoken=[
        ("NUMBER VARIABLE FUNCTION PAIRED LPAR MINUS PLUS NOT", "a number | n, t, f or r | floor(...) | "
         "ceiling(...) | log2(...) | min(...) | '(' | 'not'"),
        ("NUMBER VARIABLE FUNCTION PAIRED LPAR MINUS PLUS", "a number | n, t, f or r | floor(...) | ceiling(...) | "
         "log2(...) | min(...) | '('"),
        ("PLUS MINUS STAR SLASH POW BANG", "'+' | '-' | '*' | '/' | '^' | '!'"),
        ("NUMBER", "a number"), ("VARIABLE", "n, t, f or r"), ("FUNCTION", "floor(...)"), ("PAIRED", "min(...)"),
        ("NAME", "a name"), ("COMPARE", "a comparison (<, <=, =, !=, >=, >)"), ("AND", "'and'"), ("OR", "'or'"),
        ("NOT", "'not'"), ("POW", "'^'"), ("STAR", "'*'"),
    ],
    actions=_Actions(),
    error=FormulaError,
    keep=["NAME"],
)

_NESTING = Nesting(base=1, bracket=2, prefixes={"MINUS": 1, "PLUS": 1, "NOT": 1}, chains=frozenset({"POW"}),
                   operands=frozenset({"NUMBER", "VARIABLE"}), functions=frozenset({"FUNCTION", "PAIRED"}))


def _check(tokens: list[Token]) -> None:
    """Each number's digits and the nesting, before anything is parsed."""
    for token in tokens:
        if token.type == "NUMBER" and len(token) > MAX_DIGITS:
            raise Fault(f"a number of {len(token)} digits", token, f"at most {MAX_DIGITS} are read")
    deep = _NESTING.too_deep(tokens, MAX_DEPTH)
    if deep is not None:
        raise Fault(f"the conjecture nests deeper than {MAX_DEPTH} levels", deep)


def _explain(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """Unknown names, a function without parentheses and a number before a name have their own messages."""
    found = tokens[index] if index < len(tokens) else None
    before = tokens[index - 1] if index > 0 else None
    if before is not None and before.type in ("FUNCTION", "PAIRED") and (found is None or found.type != "LPAR"):
        return Fault(f"{before.lower()} needs parentheses", before, f"as in {before.lower()}(...)")
    if found is not None and found.type == "NAME":
        return Fault(f"unknown name {found.value!r}", found, ALLOWED)
    if found is not None and before is not None and before.type in ("NUMBER", "RPAR", "VARIABLE", "BANG") \
            and found.type in ("VARIABLE", "FUNCTION", "PAIRED", "LPAR", "NUMBER"):
        return Fault(f"{found.value!r} right after {before.value!r}", found, "write the product with '*', as 2*n")
    return None


def parse_conjecture(text: str) -> Conjecture:
    """Parse a number or a condition; ``FormulaError`` (an ``InvalidNotation``) quotes the text and points at the fault.

    >>> parse_conjecture("r < n - r").condition
    Compare(op='<', left=Var(name='r'), right=Binary(op='-', left=Var(name='n'), right=Var(name='r')))
    """
    reading = Reading(FORMULAS, text, check=_check)
    if len(text) > MAX_LENGTH:
        raise reading.refuse(f"longer than {MAX_LENGTH} characters")
    result: Conjecture = reading.parse("conjecture", _explain)
    return result


# -- the canonical text ---------------------------------------------------------------------------

_LEVEL = {"+": 1, "-": 1, "*": 2, "/": 2}  # a sign is level 3, a power 4, a factorial 5
_LOGIC = {"or": 1, "and": 2}


def format_expr(node: Expr, parent: int = 0) -> str:
    """The canonical text of a number's tree; parsing it gives the same tree back.

    >>> format_expr(parse_conjecture("ceil(log2( n ! / (t!*f!)))").amount)
    'ceiling(log2(n!/(t!*f!)))'
    """
    match node:
        case Num(value):
            return str(value)
        case Var(name):
            return name
        case Call(name, args):
            return f"{name}({', '.join(format_expr(a) for a in args)})"
        case Neg(body):
            return _wrap("-" + format_expr(body, 3), parent > 3)
        case Fact(body):
            return format_expr(body, 6) + "!"
        case Binary("^", left, right):
            return _wrap(f"{format_expr(left, 5)}^{format_expr(right, 3)}", parent > 4)
        case Binary(op, left, right):
            level = _LEVEL[op]
            gap = " " if level == 1 else ""
            return _wrap(f"{format_expr(left, level)}{gap}{op}{gap}{format_expr(right, level + 1)}", level < parent)
    raise TypeError(f"not a formula node: {node!r}")


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


def _wrap(text: str, bracket: bool) -> str:
    return f"({text})" if bracket else text

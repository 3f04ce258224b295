"""The formula kernel of the conjecture languages: tree nodes, reading, errors, canonical text and exact values.

Four families let a learner conjecture a formula (coins in N and K, Lights Out in n and m, the gods in n, t, f, r,
Wythoff in k).  Their grammars differ (each family's ``formula.lark``), but the trees share their nodes - numbers,
variables, signs, function calls, binary operators and constant powers - and their reading shares its checks
(each number's digits and the nesting, on the token stream before the parse), its messages (a function without
parentheses, an unknown name) and its refusal of a text too long.  A family adds its own nodes (``Not``, ``Fact``,
``Const``) beside these, subclassing ``Term``, and its own rules by subclassing ``FormulaActions`` and ``Printer``.

Vocabulary:

* ``Term`` - any node: ``Binary("-", Var("n"), Call("floor", (Binary("/", Var("n"), Num(3)),)))`` for
  ``n - floor(n/3)``;
* ``Formulas`` - one family's language with its limits, functions and the words of its unknown-name message;
* ``Printer`` - the canonical text of a tree, bracketing only where the grammar needs it;
* ``Undefined`` - why a formula has no exact value somewhere (a division by zero, a value too large).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from tutor.grammar import Explain, Fault, Language, Nesting, NotationError, Reading

if TYPE_CHECKING:
    from lark import Token

MAX_BITS = 8192  # a value with a larger numerator or denominator has no value here


class FormulaError(NotationError):
    """A conjecture formula outside its restricted language."""


class Undefined(Exception):
    """A formula with no exact value here: a division by zero, a value too large, an argument out of range."""


# -- the nodes every family's tree is made of ----------------------------------------------------------


class Term:
    """A node of a formula tree (the frozen dataclasses below, and a family's own)."""

    __slots__ = ()


@dataclass(frozen=True)
class Num(Term):
    """A number: ``12`` is ``Num(12)``; a decimal literal is exact, ``1.5`` is ``Num(Fraction(3, 2))``."""

    value: int | Fraction


@dataclass(frozen=True)
class Var(Term):
    """A variable, by its lower-case name: ``n``, ``k``."""

    name: str


@dataclass(frozen=True)
class Neg(Term):
    """``-x``."""

    body: Term


@dataclass(frozen=True)
class Call(Term):
    """``floor(x)``, ``mod(x, y)``, ``max(x, y, z)``: a function and its arguments."""

    name: str
    args: tuple[Term, ...]


@dataclass(frozen=True)
class Binary(Term):
    """``x + y``, ``x * y`` (also written ``2n``), ``x = y``, ``x and y``: an operator and its two sides."""

    op: str
    left: Term
    right: Term


@dataclass(frozen=True)
class Pow(Term):
    """``x^e`` with a whole constant exponent (folded as the parser reduces)."""

    base: Term
    exponent: int


# -- reading -----------------------------------------------------------------------------------------------


class FormulaActions:
    """The nodes of the rules every formula grammar has, built as the parser reduces them.

    ``functions`` maps a function's name as written (lower case) to its own (``ceil`` is ``ceiling``); ``arity``
    gives each function's fewest and most arguments, checked as its call is reduced.
    """

    def __init__(self, functions: Mapping[str, str], arity: Mapping[str, tuple[int, int]] | None = None) -> None:
        self.functions = dict(functions)
        self.arity = dict(arity or {})

    def number(self, token: Token) -> Term:
        return Num(int(token))  # its digits were counted by ``Formulas.check``, before this

    def variable(self, token: Token) -> Term:
        return Var(str(token).lower())

    def arguments(self, *children: Term | Token) -> tuple[Term, ...]:
        return tuple(c for c in children if isinstance(c, Term))  # the commas are tokens

    def call(self, function: Token, _open: Token, args: tuple[Term, ...] | Term, _close: Token) -> Term:
        name = self.functions[str(function).lower()]
        args = args if isinstance(args, tuple) else (args,)
        low, high = self.arity.get(name, (1, 1))
        if not low <= len(args) <= high:
            wanted = f"{low}" if low == high else f"{low} to {high}"
            raise Fault(f"{name} of {len(args)} argument{'' if len(args) == 1 else 's'}", function,
                        f"{name} takes {wanted}")
        return Call(name, args)

    def negate(self, _sign: Token, node: Term) -> Term:
        return Neg(node)

    def binary(self, left: Term, op: Token, right: Term) -> Term:
        return Binary({"**": "^", "×": "*"}.get(str(op), str(op)), left, right)

    def implicit(self, left: Term, right: Term) -> Term:
        return Binary("*", left, right)


@dataclass(frozen=True)
class Formulas:
    """One family's formula language: its grammar (``language``), limits, function terminals and allowed names.

    ``read`` refuses a text longer than ``max_length``, checks every number's digits and the nesting on the
    token stream before the parse, and explains a function without parentheses and an unknown name (a ``NAME``
    token) in the family's words, before ``explain`` (the family's own) and the toolkit's generic message.
    """

    language: Language
    nesting: Nesting
    functions: frozenset[str]  # the terminals that name a function: FLOOR, CEILING, ...
    allowed: str  # "allowed: n, m, floor, ..." - what an unknown name is answered with
    max_length: int
    max_depth: int
    max_digits: int
    unknown: frozenset[str] = field(default=frozenset({"NAME"}))  # the terminals refused as unknown names

    def check(self, tokens: Sequence[Token]) -> None:
        """Each number's digits and the nesting, before anything is parsed."""
        for token in tokens:
            digits = len(token) - token.count(".")
            if token.type == "NUMBER" and digits > self.max_digits:
                raise Fault(f"a number of {digits} digits", token, f"at most {self.max_digits} are read")
        deep = self.nesting.too_deep(tokens, self.max_depth)
        if deep is not None:
            raise Fault(f"the {self.language.noun} nests deeper than {self.max_depth} levels", deep)

    def explain(self, tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
        """A function without parentheses, and an unknown name, have their own messages."""
        found = tokens[index] if index < len(tokens) else None
        before = tokens[index - 1] if index > 0 else None
        if before is not None and before.type in self.functions and (found is None or found.type != "LPAR"):
            name = before.lower()
            return Fault(f"{name} needs parentheses", before, f"as in {name}(...)")
        if found is not None and found.type in self.unknown:
            return Fault(f"unknown name {found.value!r}", found, self.allowed)
        return None

    def read(self, text: str, start: str, explain: Explain | None = None, longest: int | None = None,
             brief: bool = False) -> Any:
        """The tree (or what the ``start`` rule builds) of ``text``; ``FormulaError`` quoting it if it does not read.

        ``explain`` is asked after the shared messages; ``longest`` replaces ``max_length`` for the whole text;
        ``brief`` refuses without saying what was expected (``Reading.parse``).
        """
        reading = Reading(self.language, text, check=self.check)
        limit = self.max_length if longest is None else longest
        if len(text) > limit:
            raise reading.refuse(f"longer than {limit} characters")
        return reading.parse(start, lambda tokens, index, expected: self.explain(tokens, index, expected) or (
            explain(tokens, index, expected) if explain is not None else None), brief)


# -- the canonical text ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Printer:
    """The canonical text of a tree, which parses back to the same tree.

    ``levels`` ranks the binary operators (a higher level binds tighter), ``symbols`` writes them (``" + "``,
    ``"*"``); a sign's body is written at level ``sign_body`` and the sign is bracketed inside an operator above
    ``sign_bracket``; a power's base at ``power_base``, bracketed above ``power_bracket``.  A family's own nodes
    are written by ``other``, which a subclass provides.
    """

    levels: Mapping[str, int]
    symbols: Mapping[str, str]
    sign_body: int = 3
    sign_bracket: int = 1
    power_base: int = 5
    power_bracket: int = 4

    def text(self, node: Term, parent: int = 0) -> str:
        """``node`` written inside an operator of level ``parent`` (0: at the top)."""
        match node:
            case Num(number):
                return self.number(number)
            case Var(name):
                return self.variable(name)
            case Call(name, args):
                return f"{name}({', '.join(self.text(a) for a in args)})"
            case Neg(body):
                return bracket("-" + self.text(body, self.sign_body), parent > self.sign_bracket)
            case Pow(base, exponent):
                written = f"{exponent}" if exponent >= 0 else f"({exponent})"
                return bracket(f"{self.text(base, self.power_base)}^{written}", parent > self.power_bracket)
            case Binary(op, left, right):
                return self.binary(op, left, right, parent)
        return self.other(node, parent)

    def binary(self, op: str, left: Term, right: Term, parent: int) -> str:
        """``left op right``: left-associative, so the right side is bracketed at the same level."""
        level = self.levels[op]
        text = self.text(left, level) + self.symbols.get(op, f" {op} ") + self.text(right, level + 1)
        return bracket(text, level < parent)

    def number(self, number: int | Fraction) -> str:
        """A number's exact text: ``12``, or a decimal's digits (``1.618``: literals are decimals, so it ends)."""
        if isinstance(number, int) or number.denominator == 1:
            return str(number)
        places = 0
        while (number * 10**places).denominator != 1:
            places += 1
        digits = str((number * 10**places).numerator).rjust(places + 1, "0")
        return f"{digits[:-places]}.{digits[-places:]}"

    def variable(self, name: str) -> str:
        """A variable as the family writes it."""
        return name

    def other(self, node: Term, parent: int) -> str:
        """A family's own node (none here)."""
        raise TypeError(f"not a formula node: {node!r}")


def bracket(text: str, needed: bool) -> str:
    """``(text)`` when ``needed``."""
    return f"({text})" if needed else text


# -- exact values --------------------------------------------------------------------------------------------


def small(number: Fraction, max_bits: int = MAX_BITS) -> Fraction:
    """``number`` unless its numerator or denominator has more than ``max_bits`` bits (then ``Undefined``)."""
    if number.numerator.bit_length() > max_bits or number.denominator.bit_length() > max_bits:
        raise Undefined("a value too large to compute")
    return number


def whole(number: Fraction, name: str, low: int | None = None) -> int:
    """``number`` as an int, for the argument of ``name``; ``Undefined`` unless it is whole (and at least ``low``)."""
    if number.denominator != 1 or (low is not None and number < low):
        raise Undefined(f"{name} of {number}, which is not a whole number" + (f" from {low}" if low else ""))
    return number.numerator


def arithmetic(op: str, a: Fraction, b: Fraction, max_bits: int = MAX_BITS) -> Fraction:
    """``a op b`` for ``+ - * /``, exactly; ``Undefined`` for a division by zero or a value too large."""
    if op == "/" and b == 0:
        raise Undefined("a division by zero")
    return small(a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a / b, max_bits)


def function(name: str, args: Sequence[Fraction]) -> Fraction:
    """The exact value of a whole-number function the families share: ``floor``, ``ceiling``, ``abs``, ``min``,
    ``max``, ``gcd`` (of whole numbers) and ``mod`` (the sign of the divisor, as Python's ``%``).

    >>> function("mod", [Fraction(-7), Fraction(3)]), function("ceiling", [Fraction(7, 2)])
    (Fraction(2, 1), Fraction(4, 1))
    """
    if name in ("floor", "ceiling"):
        return Fraction(math.floor(args[0]) if name == "floor" else math.ceil(args[0]))
    if name in ("abs", "min", "max"):
        return abs(args[0]) if name == "abs" else min(args) if name == "min" else max(args)
    if name == "gcd":
        return Fraction(math.gcd(whole(args[0], "gcd"), whole(args[1], "gcd")))
    if name != "mod":
        raise TypeError(f"not a shared function: {name!r}")
    if args[1] == 0:
        raise Undefined("mod(x, 0)")
    return args[0] - args[1] * math.floor(args[0] / args[1])

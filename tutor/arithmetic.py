"""Whole-number answers as the tutor writes them: ``255``, ``65,535``, ``2^16 - 1``, ``2**16 - 1``.

A learner may answer a number step with an integer expression: digits (grouped
by ``,`` in threes or by ``_``), ``+ - * /``, powers ``^`` or ``**``,
parentheses, and a leading sign.  The text is tokenized against that short
list and evaluated by a recursive-descent parser over exact integers; nothing
is ever handed to ``eval``.  Division must come out whole, and every size is
bounded (text length, nesting, digits of any intermediate value), so no
answer can make the tutor work hard.

>>> evaluate("2^16 - 1"), evaluate("65,535"), evaluate("-(3 + 4) * 2"), evaluate("2**3**2")
(65535, 65535, -14, 512)
"""

from __future__ import annotations

import re

from tutor.errors import InvalidNotation
from tutor.limits import INT_DIGITS

MAX_TEXT = 6000  # characters in one answer (a 4000-digit number grouped by commas fits)
MAX_DEPTH = 32  # nesting of parentheses and signs
MAX_DIGITS = INT_DIGITS.value  # digits of any value met on the way (int_digits, docs/limits.md)
LIMIT = 10**MAX_DIGITS  # the smallest value with too many digits
LIMIT_BITS = LIMIT.bit_length()  # any value with more bits than this is past the limit

_NUMBER = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+(?:_[0-9]+)*")
_OPERATOR = re.compile(r"\*\*|[-+*/^()]")


class ExpressionError(InvalidNotation):
    """An answer that is not a whole-number expression the tutor reads."""


def _tokens(text: str) -> list[tuple[str, int]]:
    """(token, column) pairs: numbers with their grouping removed, and operators (``^`` read as ``**``)."""
    out: list[tuple[str, int]] = []
    pos = 0
    while pos < len(text):
        if text[pos].isspace():
            pos += 1
            continue
        number = _NUMBER.match(text, pos)
        if number:
            digits = number.group().replace(",", "").replace("_", "")
            if len(digits) > MAX_DIGITS:
                raise ExpressionError(f"{_quote(text)}: the number at character {pos + 1} has {len(digits)} "
                                      f"digits; at most {MAX_DIGITS} are read")
            out.append((digits, pos))
            pos = number.end()
            continue
        operator = _OPERATOR.match(text, pos)
        if operator:
            out.append(("**" if operator.group() in ("^", "**") else operator.group(), pos))
            pos = operator.end()
            continue
        if text[pos] == ",":
            raise ExpressionError(f"{_quote(text)}: the comma at character {pos + 1} does not group digits in "
                                  "threes (write 65,535 or 65535)")
        raise ExpressionError(f"{_quote(text)}: {text[pos]!r} at character {pos + 1} is not part of a whole "
                              "number (use digits, + - * / ^ and parentheses)")
    return out


def _quote(text: str) -> str:
    return repr(text) if len(text) <= 60 else repr(text[:57] + "...")


class _Parser:
    """sum := product (('+'|'-') product)*; product := unary (('*'|'/') unary)*;
    unary := ('+'|'-') unary | power; power := atom ('**' unary)?; atom := NUMBER | '(' sum ')'."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _tokens(text)
        self.pos = 0
        self.depth = 0

    def fail(self, message: str) -> ExpressionError:
        where = (f"character {self.tokens[self.pos][1] + 1}" if self.pos < len(self.tokens)
                 else "the end")
        return ExpressionError(f"{_quote(self.text)}: {message} at {where}")

    def peek(self) -> str | None:
        return self.tokens[self.pos][0] if self.pos < len(self.tokens) else None

    def take(self, token: str) -> bool:
        if self.peek() == token:
            self.pos += 1
            return True
        return False

    def nest(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.fail(f"the expression nests deeper than {MAX_DEPTH} levels")

    def sum(self) -> int:
        value = self.product()
        while True:
            if self.take("+"):
                value = _sized(value + self.product(), self)
            elif self.take("-"):
                value = _sized(value - self.product(), self)
            else:
                return value

    def product(self) -> int:
        value = self.unary()
        while True:
            if self.take("*"):
                value = _sized(value * self.unary(), self)
            elif self.peek() == "/":
                self.pos += 1
                divisor = self.unary()
                if divisor == 0:
                    raise self.fail("division by zero")
                if value % divisor:
                    raise self.fail(f"{value} / {divisor} is not a whole number")
                value //= divisor
            else:
                return value

    def unary(self) -> int:
        self.nest()
        try:
            if self.take("-"):
                return -self.unary()
            if self.take("+"):
                return self.unary()
            return self.power()
        finally:
            self.depth -= 1

    def power(self) -> int:
        base = self.atom()
        if not self.take("**"):
            return base
        exponent = self.unary()  # right-associative: 2**3**2 = 2**9
        if exponent < 0:
            raise self.fail("a negative power is not a whole number")
        if abs(base) > 1 and exponent * (abs(base).bit_length() - 1) > LIMIT_BITS:  # surely too big: skip it
            raise self.fail(f"the power {base}^{exponent} has more than {MAX_DIGITS} digits")
        return _sized(base**exponent, self)

    def atom(self) -> int:
        token = self.peek()
        if token is None:
            raise self.fail("a number is missing")
        if token == "(":
            self.pos += 1
            self.nest()
            value = self.sum()
            self.depth -= 1
            if not self.take(")"):
                raise self.fail("')' is missing")
            return value
        if token[0] in "0123456789":
            self.pos += 1
            return int(token)
        raise self.fail(f"{token!r} where a number should be")


def _sized(value: int, parser: _Parser) -> int:
    if value.bit_length() >= LIMIT_BITS and abs(value) >= LIMIT:
        raise parser.fail(f"a value on the way has more than {MAX_DIGITS} digits")
    return value


def evaluate(text: str) -> int:
    """The whole number an answer names; ``ExpressionError`` (quoting the answer) if it names none."""
    if len(text) > MAX_TEXT:
        raise ExpressionError(f"{_quote(text)} is longer than {MAX_TEXT} characters")
    if not text.strip():
        raise ExpressionError("an empty answer is not a whole number")
    parser = _Parser(text)
    value = parser.sum()
    if parser.pos < len(parser.tokens):
        raise parser.fail(f"unexpected {parser.tokens[parser.pos][0]!r}")
    return value


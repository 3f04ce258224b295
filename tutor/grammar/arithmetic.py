"""Whole-number answers as the tutor writes them: ``255``, ``65,535``, ``2^16 - 1``, ``2**16 - 1``.

A learner may answer a number step with an integer expression: digits (grouped
by ``,`` in threes or by ``_``), ``+ - * /``, powers ``^`` or ``**``,
parentheses, a leading sign, factorials ``n!``, ``log2(x)`` where it is whole,
and numbers in words (``two``, ``a hundred and five``).  The grammar, ``arithmetic.lark``, is read by the LALR parser of
``tutor.grammar`` and valued as it reduces, over exact integers; nothing is
ever handed to ``eval``.  Division must come out whole, and every size is
bounded before the work it would cause (text length, nesting, digits of each
number before it is converted, digits of every value on the way, a power's
size before it is computed), so no answer can make the tutor work hard.

>>> evaluate("2^16 - 1"), evaluate("65,535"), evaluate("-(3 + 4) * 2"), evaluate("2**3**2")
(65535, 65535, -14, 512)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from tutor.grammar import CHARACTER, Fault, Language, Nesting, NotationError, Reading
from tutor.grammar.remember import remembered
from tutor.grammar.wording import Wording
from tutor.limits import INT_DIGITS

if TYPE_CHECKING:
    from lark import Token

MAX_TEXT = 6000  # characters in one answer (a 4000-digit number grouped by commas fits)
MAX_DEPTH = 32  # nesting of parentheses, signs and powers
MAX_DIGITS = INT_DIGITS.value  # digits of any value met on the way (int_digits, docs/limits.md)
LIMIT = 10**MAX_DIGITS  # the smallest value with too many digits
LIMIT_BITS = LIMIT.bit_length()  # any value with more bits than this is past the limit



class ExpressionError(NotationError):
    """An answer that is not a whole-number expression the tutor reads."""


class Said(NamedTuple):
    """A learner's number answer as read (``read_answer``): its value, and the words after it (``4 worlds``)."""

    value: int
    unit: Token | None


def _sized(value: int, at: Token) -> int:
    if value.bit_length() >= LIMIT_BITS and abs(value) >= LIMIT:
        raise Fault(f"a value on the way has more than {MAX_DIGITS} digits", at)
    return value


def _brief(value: int) -> str:
    """A value as a message shows it: whole when short, else its size."""
    text = str(value)
    return text if len(text) <= 24 else f"a {len(text.lstrip('-')):,}-digit number"


class _Actions:
    """The value of each rule, computed as the parser reduces it; every size checked first."""

    def number(self, token: Token) -> int:
        return int(token.replace(",", "").replace("_", ""))  # digits counted in _check, before this

    def minus(self, _sign: Token, value: int) -> int:
        return -value

    def add(self, left: int, op: Token, right: int) -> int:
        return _sized(left + right, op)

    def subtract(self, left: int, op: Token, right: int) -> int:
        return _sized(left - right, op)

    def multiply(self, left: int, op: Token, right: int) -> int:
        return _sized(left * right, op)

    def divide(self, left: int, op: Token, right: int) -> int:
        if right == 0:
            raise Fault("division by zero", op)
        if left % right:
            raise Fault(f"{_brief(left)} / {_brief(right)} is not a whole number", op,
                        "the answer counts something, so it is whole: how many, not a share or a probability")
        return left // right

    def spoken(self, words: Token) -> int:
        return number_words(str(words), words)

    def said(self, *parts: Token | int) -> Said:
        value = next(p for p in parts if isinstance(p, int) and not isinstance(p, str))
        unit = next((p for p in parts if isinstance(p, str) and p.type == "WORDS"), None)
        return Said(value, unit)

    def factorial(self, value: int, bang: Token) -> int:
        if value < 0:
            raise Fault(f"{_brief(value)}! is not defined", bang, "n! is for n = 0, 1, 2, ...")
        if value > 1 and math.lgamma(value + 1) / math.log(10) > MAX_DIGITS:
            raise Fault(f"{_brief(value)}! has more than {MAX_DIGITS} digits", bang)
        return math.factorial(value)

    def log2(self, log: Token, value: int) -> int:
        if value <= 0 or value & (value - 1):
            raise Fault(f"log2({_brief(value)}) is not a whole number", log,
                        f"{_brief(value)} is not a power of 2" if value > 0 else "a logarithm needs a positive number")
        return value.bit_length() - 1

    def raise_to(self, base: int, op: Token, exponent: int) -> int:
        if exponent < 0:
            raise Fault("a negative power", op, "it is not a whole number")
        if abs(base) > 1 and exponent * (abs(base).bit_length() - 1) > LIMIT_BITS:  # surely too big: skip it
            raise Fault(f"a power with more than {MAX_DIGITS} digits", op,
                        f"{_brief(base)} to the power {_brief(exponent)}")
        return _sized(base**exponent, op)


UNITS = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]
TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
WORD_VALUES = {**{w: i for i, w in enumerate(UNITS)}, **{w: 10 * i for i, w in enumerate(TENS, 2)}, "none": 0,
               "nothing": 0, "no": 0, "a": 1, "an": 1}
SCALES = {"thousand": 10**3, "million": 10**6, "billion": 10**9}


def number_words(text: str, at: Token | int = 0) -> int:
    """A whole number written in English words.

    >>> number_words("two"), number_words("twenty-one"), number_words("a hundred and five")
    (2, 21, 105)
    >>> number_words("sixty-five thousand five hundred thirty-five")
    65535
    """
    total = current = 0
    for word in text.lower().replace("-", " ").split():
        if word in WORD_VALUES:
            current += WORD_VALUES[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word in SCALES:
            total, current = total + max(current, 1) * SCALES[word], 0
        elif word != "and":
            raise Fault(f"{word!r} is not a number", at, "answer with a whole number, such as 12, 2^4 - 1 or "
                        "twelve (0 if there are none)")
    return total + current


NUMBERS = Language(
    noun="answer",
    example="a whole number such as 255 or 2^16 - 1",
    package=__package__,
    grammar="arithmetic.lark",
    start=["sum", "answer"],
    spoken=[
        ("NUMBER NUMWORDS WORDS LOG LPAR MINUS PLUS", "a number | '(' | '-'"),
        ("PLUS MINUS STAR SLASH POW BANG", "'+' | '-' | '*' | '/' | '^'"),
        ("NUMBER", "a number"), ("NUMWORDS", "a number"), ("WORDS", "a number"), ("LOG", "log2"), ("POW", "'^'"),
        ("STAR", "'*'"), ("BANG", "'!'"), ("LEAD", "'it is'"), ("STOP", "'.'"),
    ],
    actions=_Actions(),
    error=ExpressionError,
)

_NESTING = Nesting(base=1, bracket=2, prefixes={"PLUS": 1, "MINUS": 1}, chains=frozenset({"POW"}),
                   operands=frozenset({"NUMBER"}))


def _check(tokens: list[Token]) -> None:
    """Digits of every number before it is converted, and the nesting, before anything is parsed."""
    for token in tokens:
        if token.type == "NUMBER":
            digits = len(token) - token.count(",") - token.count("_")
            if digits > MAX_DIGITS:
                raise Fault(f"a number of {digits} digits", token, f"at most {MAX_DIGITS} are read")
    deep = _NESTING.too_deep(tokens, MAX_DEPTH)
    if deep is not None:
        raise Fault(f"the expression nests deeper than {MAX_DEPTH} levels", deep)


def _explain(tokens: Sequence[Token], index: int, expected: frozenset[str], how: str = "the whole number, like 12"
             ) -> Fault | None:
    """What a learner probably meant, in the tutor's terms: a comma that does not group digits in threes, a
    decimal point, a formula (``floor(k*phi)``) or a name where the whole number is asked; ``how`` says what to
    type instead, in the step's words where there is a step."""
    token = tokens[index] if index < len(tokens) else None
    before = tokens[index - 1] if index else None
    if token is None:
        return None
    if token.type == CHARACTER and token == ",":
        return Fault("unexpected ','", token, "this comma does not group digits in threes: write 65,535 or 65535")
    if token.type == CHARACTER and token == "." and before is not None and before.type == "NUMBER":
        return Fault("a decimal point", token, f"the answer is a whole number: type {how}")
    if token.type == "LPAR" and before is not None and before.type == "WORDS":
        return Fault(repr(f"{before}(...)"), before, f"a number answer is not a formula: work it out and type {how} "
                     "(digits, + - * / ^, n! and log2(x) are read)")
    if token.type == "NUMBER" and before is not None and before.type == "WORDS":
        return Fault(f"{str(before)!r} and then {str(token)!r}", token, "write a power as 2^16, and a number in "
                     "digits or in words, not both")
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    if token.type == "WORDS" and after is not None and after.type == "NUMBER":  # "two to the 16"
        return Fault(f"{str(token)!r} and then {str(after)!r}", after, "write a power as 2^16, and a number in "
                     "digits or in words, not both")
    if token.type == "WORDS":
        return Fault(f"unexpected {str(token)!r}", token, f"a name is not read in a number answer: work it out and "
                     f"type {how}")
    return None


PLAIN = re.compile(r"\s*([0-9]{1,30})\s*")  # digits alone: read as the grammar reads them, without its parser


def evaluate(text: str) -> int:
    """The whole number an answer names; ``ExpressionError`` (quoting the answer) if it names none."""
    if plain := PLAIN.fullmatch(text):
        return int(plain.group(1))
    return _evaluate(text)


@remembered
def _evaluate(text: str) -> int:
    reading = Reading(NUMBERS, text, check=_check)
    if len(text) > MAX_TEXT:
        raise reading.refuse(f"longer than {MAX_TEXT} characters")
    value: int = reading.parse("sum", explain=_explain)
    return value


def read_answer(text: str, wording: Wording, example: Callable[[], int]) -> int:
    """The whole number a learner's answer names, with the words a learner puts around it: a lead-in (``there
    are 4``, ``it's 4``, ``k = 4``), number words (``four``, ``none``), and after the number words of the question
    (``4 worlds``, for "How many worlds ...?").  What does not read is refused in the question's terms, with
    ``example()`` (a number that is not the answer) as the example.

    >>> read_answer("there are four worlds.", Wording.of("How many worlds are there?"), lambda: 7)
    4
    """
    if plain := PLAIN.fullmatch(text):
        return int(plain.group(1))
    how = lambda: wording.how_many(example())  # noqa: E731 - said only when something is refused

    def check(tokens: list[Token]) -> None:
        _check(tokens)
        words = [t for t in tokens if t.type == "WORDS"]
        for token in words:
            last = token is tokens[-1] or (token is tokens[-2] and tokens[-1].type == "STOP")
            after_number = tokens.index(token) > 0 and tokens[tokens.index(token) - 1].type in AFTER_NUMBER
            if last and after_number and wording.echoes(token):
                continue
            if last and after_number:
                foreign = wording.foreign(token)
                raise Fault(f"{', '.join(map(repr, foreign))} after the number", token,
                            f"{'that is' if len(foreign) == 1 else 'those are'} not in the question: type {how()}")
            raise Fault(f"{str(token)!r} is not a number", token, f"type {how()}")

    reading = Reading(NUMBERS, text, check=check)
    if len(text) > MAX_TEXT:
        raise reading.refuse(f"longer than {MAX_TEXT} characters")
    said: Said = reading.parse("answer", explain=lambda tokens, index, expected: _explain(tokens, index, expected,
                                                                                        how()))
    return said.value


AFTER_NUMBER = frozenset({"NUMBER", "NUMWORDS", "RPAR", "BANG"})  # tokens a number ends with

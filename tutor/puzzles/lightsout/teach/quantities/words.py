"""How the Lights Out quantities' reasons are written: counts refuted by the structure that bounds them, numbers
too long to print, press lists, and texts compared line by line."""

from __future__ import annotations

import math

from tutor.puzzles.answers import Explain, Refute, Value
from tutor.puzzles.lightsout.rules.grid import Pattern, Rules, cells_of
from tutor.puzzles.lightsout.rules.notation import press_names
from tutor.puzzles.options import Args
from tutor.screen.text import LONG_DIGITS, number_text, plural

WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")


def spelled(n: int) -> str:
    """A small number in words (``five``), so that a reason's sizes are not read as its answer; else digits."""
    return WORDS[n] if 0 <= n < len(WORDS) else f"{n:,}"


def number(wrong: Value) -> int | None:
    """The learner's value as an int, or None when it is not a whole number."""
    if isinstance(wrong, bool):
        return None
    if isinstance(wrong, int):
        return wrong
    try:
        return int(str(wrong).strip().replace(",", ""))
    except ValueError:
        return None


def negative(wrong: Value, what: str) -> str | None:
    """The reason for a value no count can have (negative, or not a number), or None."""
    n = number(wrong)
    if n is None:
        return f"{what} is a whole number, and {wrong!r} is not one."
    if n < 0:
        return f"{what} is never negative: it counts things."
    return None


def count(wrong: Value, value: Value, what: str, structure: str, extra: str = "") -> str:
    """A count refuted by its structure: too few or too many for what ``structure`` says exists."""
    bad = negative(wrong, what)
    if bad:
        return bad
    n = number(wrong)
    assert n is not None and isinstance(value, int)
    side = "more" if n < value else "fewer"
    return f"{structure}: there are {side} than {digits(n)}.{(' ' + extra) if extra else ''}"


def digits(n: int) -> str:
    """``65,536``; past 60 digits, what it is (``2^1000, a 302-digit number``: ``tutor.screen.text.number_text``)."""
    return number_text(n) if n.bit_length() > 13_000 or len(str(abs(n))) > LONG_DIGITS else f"{n:,}"


def power_mistakes(wrong: int, base: int, exponent: int, unit: str) -> str:
    """The usual slips in counting base^exponent choices: the exponent itself, a sum, pairs, one left out."""
    if wrong == exponent:
        return f"{wrong:,} is the number of {unit}; count the combinations of them instead."
    if wrong == base * exponent:
        return f"{wrong:,} adds {base} choices per {unit[:-1]}; choices for independent {unit} multiply."
    if wrong == exponent * exponent and exponent > 1:
        return f"{wrong:,} counts ordered pairs of {unit}; a set can hold any number of them."
    if exponent < 64 and wrong in (base**exponent - 1, base**exponent + 1):
        return one_alone(base, unit[:-1])
    return power_reading(wrong, base, exponent, unit)


def one_alone(base: int, unit: str, less: int = 0) -> str:
    """A smaller case to try a count of combinations on, in place of naming an off-by-one slip: "that leaves one
    out" against 31 is the answer 32 said one step away (``tutor.puzzles.giveaway``)."""
    ways = "nothing, or once" if base == 2 else f"nothing, or once, ..., or {base - 1} times"
    left = f", pressing nothing left out: {base - less}" if less else f": {base}"
    return (f"Try your way of counting on one {unit} alone. It is used {ways}, so its combinations number{left}. "
            "Does your way give that?")


def power_reading(wrong: int, base: int, exponent: int, unit: str, less: int = 0) -> str:
    """What is true of ``wrong`` as a count of combinations (less ``less`` left out): at least one, and a power of
    ``base`` (less ``less``) when it is one.  No cause is guessed: a power that counts the combinations of another
    number of ``unit`` may be any slip, so it gets no sentence.  The right count (``base^exponent - less``) is
    never written."""
    n = wrong + less
    each = "used or not" if base == 2 else f"used 0 to {base - 1} times"
    if n <= 0:
        return "Pressing nothing is itself one combination, so a count of combinations is at least 1."
    if n == 1 or base ** round(math.log(n, base)) == n:
        return ""
    if less:  # "one less than a power of 3" after "more than 25" pins 26: a smaller case to try instead
        return one_alone(base, unit[:-1], less)
    return f"Combinations of {unit}, each {each}, number a power of {base}, and {digits(wrong)} is not one."


def shown(base: int, exponent: int) -> str:
    """``base^exponent``, with its digits when they are few enough to read: ``2^12 = 4,096``."""
    if exponent * math.log10(base) > 60:
        return f"{base}^{exponent}"
    return f"{base}^{exponent} = {base**exponent:,}"


def plus(k: int, a: Pattern, b: Pattern) -> Pattern:
    """Press counts added cell by cell, mod ``k``."""
    return bytes((x + y) % k for x, y in zip(a, b, strict=True))


def press_list(rules: Rules, pattern: Pattern) -> str:
    """The cells a press pattern presses, named (the first dozen)."""
    return press_names(cells_of(rules, pattern), 12)


def uses(rules: Rules) -> str:
    """How often a basis pattern may be used: "used or not", or "used 0 to k - 1 times"."""
    return "used or not" if rules.states == 2 else f"used 0 to {rules.states - 1} times"


def basis_words(rules: Rules, nullity: int) -> str:
    """How the quiet patterns are built from a basis of ``nullity`` patterns."""
    each = uses(rules)
    return (f"every quiet pattern of the {rules.describe()} board is a combination of "
            f"{plural(nullity, 'basis pattern')}, each {each}, and different combinations are different patterns")


def refute_text(wrong: Value, value: Value, what: str) -> str:
    """A text quantity refuted line by line: the first line that differs."""
    got, want = str(wrong).splitlines() or [""], str(value).splitlines() or [""]
    for i, (a, b) in enumerate(zip(got, want, strict=False), 1):
        if a.rstrip() != b.rstrip():
            return f"{what} differs at line {i}: the engine has {b.strip()!r} there, not {a.strip()!r}."
    return f"{what} has {plural(len(want), 'line')}, not {len(got)}."


def fixed_explanation(why: str) -> Explain:
    """The explanation of a text quantity (a drawing, a table, the race): where the text comes from."""

    def explain(game: object, args: Args, value: Value) -> str:
        return why

    return explain


def line_by_line(what: str) -> Refute:
    """The refutation of a text quantity: the first line that differs from the engine's."""

    def refute(game: object, args: Args, value: Value, wrong: Value) -> str:
        return refute_text(wrong, value, what)

    return refute

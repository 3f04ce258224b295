"""An average as a learner writes it, and as a text might give it away: read exactly, never as a float.

A learner writes an average as a fraction (``19/8``), a mixed number (``2 3/8``), a decimal that is exact
(``2.375``), or a sum to be worked out (``(3 + 2 + 2)/3``), words such as "questions" after it: the ``average``
rule of the conjecture grammar (``rules/formula.lark``: numbers, ``+ - * / ^``, parentheses; no names) reads them,
and ``theory.values`` values them exactly.  A text
gives an average away when it writes it (``19/8``, ``38/16``, ``2 3/8``) or rounds it to two places
(``about 2.38``).
"""

from __future__ import annotations

import re
from fractions import Fraction

from tutor.errors import InvalidNotation
from tutor.puzzles import giveaway
from tutor.puzzles.answers import Hint, Level, Rung
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.formula import FormulaError, parse_average
from tutor.puzzles.gods.teach.quantities.averaged import Averaged, as_code, fraction_text, leaf_sum
from tutor.puzzles.gods.theory.values import Undefined, value

EXAMPLES = ("7/2", "9/4", "11/6")  # a refusal shows one that is not the answer
_FRACTION_IN_TEXT = re.compile(r"(?<![\d/.])(?:(\d+)\s+)?(\d+)\s*/\s*(\d+)(?![\d/]|\.\d)")
_DECIMAL_IN_TEXT = re.compile(r"(?<![\d.])\d+\.\d+(?![\d.])")


def read_average(text: str, right: Fraction | None = None) -> Fraction:
    """The exact number ``text`` writes (the ``average`` rule of ``rules/formula.lark``); ``InvalidNotation`` quoting
    it, with an example that is not ``right``.

    >>> read_average("19/8"), read_average("2 3/8"), read_average("2.375 questions"), read_average("(3+2+2)/3")
    (Fraction(19, 8), Fraction(19, 8), Fraction(19, 8), Fraction(7, 3))
    """
    said = text.strip().rstrip(".")
    example = next(e for e in EXAMPLES if right is None or Fraction(e) != right)
    how = f"write the average exactly, as a fraction such as {example} or a sum such as (1 + 2 + 2)/3"
    try:
        amount = parse_average(said)
    except FormulaError as err:
        raise InvalidNotation(f"{err}; {how}") from None
    try:
        return value(amount, {})
    except KeyError:
        raise InvalidNotation(f"{text!r} names n, t, f or r, which have no value here; {how}") from None
    except Undefined as err:
        raise InvalidNotation(f"{text!r}: {err}; {how}") from None


def stated_average(text: str, right: Fraction, learner: str = "") -> str | None:
    """What ``text`` gives away of the average ``right``: written as a fraction in any terms, as a mixed number, or
    rounded to two places; a whole number by the rule for numbers (``tutor.puzzles.giveaway``)."""
    if right.denominator == 1:
        return giveaway.gives_away(text, str(right.numerator), learner)
    for m in _FRACTION_IN_TEXT.finditer(text):
        whole, num, den = m.group(1), int(m.group(2)), int(m.group(3))
        if den and (int(whole or 0) + Fraction(num, den) == right or Fraction(num, den) == right):
            return f"the average {m.group().strip()}"
    for m in _DECIMAL_IN_TEXT.finditer(text):
        if abs(Fraction(m.group()) - right) <= Fraction(1, 200):
            return f"the average, rounded: {m.group()}"
    return None


def plan_ladder(game: GodsGame, a: Averaged) -> list[Hint]:
    """Towards a plan's average: the sum leaf by leaf, the probabilities, one leaf worked out."""
    shares = set(a.shares.values())
    one, many = ("a possibility", "possibilities") if game.universe.identify_language else ("an assignment",
                                                                                           "assignments")
    start = (f"At the start each of the {len(a.shares)} {many} has probability "
             f"{fraction_text(next(iter(shares)))}" if len(shares) == 1 else
             f"At the start each {one.split()[1]} has its share of the start worlds")
    halved = any(a.halvings(r) for r in a.leaves)
    coin = (f"; a question to a god who is Random in {one} sends half of its probability down each answer."
            if halved else f"; no question here goes to a god who is Random, so each {one.split()[1]} follows one "
            "path and its leaf gets its whole share.")
    return [Rung("Go leaf by leaf: each leaf adds the probability of ending there times the questions on its path.",
                 Level.NUDGE),
            Rung(start + coin, Level.CONCEPT),
            Rung(f"For example, {leaf_sum(game, a, a.example)}.", Level.MOVE)]


def least_ladder(game: GodsGame, a: Averaged) -> list[Hint]:
    """Towards the least average: end as much probability as early as possible, and what Random costs."""
    random = "Random" in game.universe.roles and as_code(game) != a.least
    concept = ("Whoever is asked may be Random: the possibilities where he is go down both answers, with half "
               "their probability each, so they cannot all end early." if random else
               "A plan's leaves are like a code: d questions give at most 2^d answer sequences, and a leaf that "
               "ends early takes up the room of every sequence that would continue it.")
    ladder: list[Hint] = [Rung("The average is lowest when as much probability as possible reaches its leaf early.",
                               Level.NUDGE), Rung(concept, Level.CONCEPT)]
    if a.shallowest < a.deepest:
        ladder.append(Rung(f"A plan with the least average ends its shortest paths after {a.shallowest} "
                           f"{'question' if a.shallowest == 1 else 'questions'} and its longest after {a.deepest}.",
                           Level.MOVE))
    return ladder

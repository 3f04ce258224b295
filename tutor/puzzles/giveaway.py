"""The no-give-away rule: does a reply or a hint let the answer follow, directly or one obvious step away?

Every reply to a wrong answer, every parser refusal and every hint rung but the last passes this rule (the
step's reply builder, ``tutor.course.steps.question``), and lint and the test sweep ask it of every bundled step.
The answer is given as text in its kind's notation (``1618``, ``8,13``, ``(0, 0), (1, 2)``, ``0123 02``) and the
rule reads its shape from it:

* a **whole number** is given away when the text writes it (``65,535``, ``2^16 - 1``; a value under 10 only as
  "is 4."), when the bounds it states pin it ("less than 1" on a count: 0), or when it is one obvious step from
  the learner's answer ("one more than yours", "leaves one out" against an off-by-one, "counts each twice"
  against a doubled answer), or when it is a difference of two quantities whose values the text states ("9 is the
  rank of the 3x3 press matrix; the nullity is the cells less the rank": 9 - 9);
* a **pair** (a position) when the text names it, in either order ("reach the losing (8, 13)");
* a **list** (of pairs, or of numbers) when the text names every item the learner's list misses (or, with no
  learner's list, every item);
* anything else (a strategy, a plan) when the text writes it out whole.

A reply that repeats the learner's own answer is not a give-away; callers take the echo out first.  The rule is
pure: text in, the reason out (None: nothing is given away).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from tutor.errors import InvalidNotation
from tutor.grammar.arithmetic import evaluate
from tutor.screen.text import number_text

SMALL = {"no": 0, "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
         "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "a single": 1}
COUNT = rf"(?:\d[\d,]*|{'|'.join(sorted(SMALL, key=len, reverse=True))})"  # 12, 1,024 or twelve

NUMBER_IN_TEXT = re.compile(r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+|\d+)(?![\w])")
TUPLE = re.compile(r"\(\s*\d+(?:\s*,\s*\d+)+\s*\)")
PAIR = re.compile(r"(?<![\d,])(?!\d{1,3},\d{3}(?!\d|,\d))\d+,\d+(?!\d|,\d)")  # a move 10,10 (not 65,535)
EXPRESSION_IN_TEXT = re.compile(r"[\d(][\d\s^*+\-/()]*[\d)]")
PAIR_IN_TEXT = re.compile(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)|(?<![\d,])(?!\d{1,3},\d{3}(?!\d|,\d))(\d+),\s?(\d+)(?!\d|,\d)")

# bounds a text states on the answer: (pattern, what the number means for the answer)
BOUNDS = (
    (re.compile(rf"\b(?:less|fewer|smaller|lower) than ({COUNT})\b|\bbelow ({COUNT})\b"), "below"),
    (re.compile(rf"\b(?:at most|no more than|not more than|no larger than) ({COUNT})\b"), "at most"),
    (re.compile(rf"\b(?:more|greater|larger|higher) than ({COUNT})\b|\b(?:exceeds?|above) ({COUNT})\b"), "above"),
    (re.compile(rf"\b(?:at least|no fewer than|no less than|not less than) ({COUNT})\b"), "at least"),
)
YOURS = r"(?:yours|your answer|your count|your number|you said|you gave)"
BELOW_YOURS = re.compile(rf"\b(?:less|fewer|smaller|lower) than {YOURS}")
ABOVE_YOURS = re.compile(rf"\b(?:more|greater|larger|higher) than {YOURS}")
# "one more", "one too many", "leaves one out", "misses one", "off by one": the learner is that far away
STEPS = (
    re.compile(rf"\b({COUNT})\s+(?:more|less|fewer|too many|too few|too much|extra|short|missing|left out)\b"),
    re.compile(rf"\b(?:leaves?|leaving|left|misses|missing|miss|drops?|forgets?|skips?)(?:\s+out)?\s+"
               rf"(?:the\s+|its\s+|their\s+|all\s+)?({COUNT})\b"),
    re.compile(rf"\b(?:off by|out by|plus|minus)\s+({COUNT})\b"),
)
# "multiplies the count by 3": the learner's answer is that factor away
FACTORS = re.compile(rf"\bmultipl(?:y|ies|ied)\b(?:\s+\w+){{0,3}}\s+by\s+({COUNT})\b"
                     rf"|\b({COUNT}) times (?:as many|more)\b")
# "counts each table twice" against a doubled answer, "only half of them" against a halved one ("some twice": no)
# a list to count: the items after a colon to the end of the line, alike in shape ("after 'ja': A=True B=False, ...")
LISTED = re.compile(r":[ \t]*([^:\n]+?)[ \t]*$", re.M)
# a unit of the answer and how many of them: "each working split is made by 2^4 = 16 questions", "a multiple of 16",
# "96 would mean 6 working splits", "6 counts the different splits", "the solver finds more than 3"
UNIT_SIZE = re.compile(rf"\beach (?:\w+ )?(\w+?)e?s? is made by (?:[^=,;.]*= )?({COUNT})\b")
MULTIPLE = re.compile(rf"\ba multiple of ({COUNT})\b")
WOULD_MEAN = re.compile(rf"({COUNT}) would mean ({COUNT}) (?:\w+ )?(\w+?)e?s?\b(?:[^.]*?\bfinds (more|fewer) than "
                        rf"({COUNT}))?")
UNIT_COUNT = re.compile(rf"(?<![\w,.])({COUNT}) counts the (?:different |distinct |working )*(\w+?)e?s?\b")
DOUBLED = re.compile(r"\b(?:each|every|all)\b[^.;:]{0,40}\b(?:twice|two times)\b|\bdoubled\b|\bdouble count")
HALVED = re.compile(r"\bonly half\b|\bhalved\b|\bhalf as many\b")
# "the cells less the rank", "cells minus rank", "the cells less that": the answer as a difference of named quantities
DIFFERENCE = re.compile(r"\b([a-z]+)\s+(?:less|minus)\s+(?:the\s+|its\s+|their\s+)?([a-z]+)\b")
POINTING = {"that", "those", "it", "this", "these", "yours"}  # a quantity named by the text just before
SIZE = re.compile(r"\b(\d+)\s*x\s*(\d+)\b")  # "the 3x3 board": 9 cells


@dataclass(frozen=True)
class Shape:
    """An answer as the rule reads it: a whole number, a pair, a set of items (pairs or numbers), or words."""

    number: int | None = None
    pair: tuple[int, int] | None = None
    items: frozenset[tuple[int, ...]] | None = None
    words: str = ""

    @classmethod
    def of(cls, answer: str) -> Shape:
        """The shape of an answer written in its kind's notation.

        >>> Shape.of("1,618").number, Shape.of("8,13").pair, sorted(Shape.of("(0, 0), (1, 2)").items)
        (1618, (8, 13), [(0, 0), (1, 2)])
        >>> sorted(Shape.of("21, 24, 29").items), Shape.of("0123 02").words
        ([(21,), (24,), (29,)], '0123 02')
        """
        folded = " ".join(answer.split())
        bare = folded.replace(",", "")
        if bare.lstrip("-").isdecimal() and re.fullmatch(r"-?\d{1,3}(,\d{3})*|-?\d+", folded):
            return cls(number=int(bare))
        pairs = [(int(a or c), int(b or d)) for a, b, c, d in PAIR_IN_TEXT.findall(folded)]
        if re.fullmatch(r"\(?\s*\d+\s*,\s*\d+\s*\)?", folded):
            return cls(pair=pairs[0])
        if pairs and not PAIR_IN_TEXT.sub("", folded).strip(" ,;"):
            return cls(items=frozenset(pairs))
        if re.fullmatch(r"\d+(\s*,\s*\d+)+", folded):
            return cls(items=frozenset((int(n),) for n in re.findall(r"\d+", folded)))
        return cls(words=folded)


def gives_away(text: str, answer: str, learner: str = "", least: int | None = 0) -> str | None:
    """What ``text`` (a reply, a hint, a refusal) gives away of ``answer``, directly or one obvious step from what it
    states and from the learner's own answer ``learner``; None when nothing is.  ``least`` is the smallest value a
    number answer can take (0 for a count; None when there is none).

    >>> gives_away("reach the losing (165580140, 267914295)", "165580140,267914295")
    'the pair (165580140, 267914295)'
    >>> gives_away("The degree is less than 1.", "0")
    'the answer 0, pinned by the bounds the text states'
    >>> gives_away("That leaves one out: the empty choice counts.", "8", learner="7")
    'the answer 8, one step from the answer given (7)'
    >>> gives_away("type its digits only, like 1618", "1618")
    'the answer 1618'
    >>> gives_away("- (3, 5) is missing: no move reaches a losing position.", "(0, 0), (1, 2), (3, 5)",
    ...            learner="(0, 0), (1, 2)")
    'every missing item: (3, 5)'
    >>> gives_away("12 = 4 x 3 leaves out the 3 half moves between them.", "15", learner="12")
    'the answer 15, one step from the answer given (12)'
    >>> gives_away("Count the tables that differ after a turn.", "6", learner="12") is None
    True
    """
    shape = Shape.of(answer)
    if shape.number is not None:
        return number_given(text, shape.number, learner, least)
    if shape.pair is not None:
        return pair_given(text, shape.pair)
    if shape.items is not None:
        return items_given(text, shape.items, learner)
    if len(shape.words.split()) >= 2 and shape.words in " ".join(text.split()):
        return f"the whole answer {shape.words!r}"
    return None


# -- numbers ---------------------------------------------------------------------------------------------


def count_value(word: str) -> int:
    """A count as the text writes it: digits (``1,024``) or a small number word (``twelve``)."""
    word = word.lower()
    return SMALL[word] if word in SMALL else int(word.replace(",", ""))


def states_number(text: str, value: int) -> bool:
    """Whether ``text`` states ``value``: written out, or as an integer expression (``2^16 - 1``), outside the
    pairs a position is written as; a value under 10 only as "is 4." at the end of a clause, or as what to answer
    ("type 4", "the answer is 4, ...") (small numbers stand for many things in prose).

    >>> states_number("a strategy of 2^8 - 1 moves", 255), states_number("(8, 13) loses", 13)
    (True, False)
    """
    if 0 <= value < 10:  # "is 4." ends a clause; "type 4" and "answer is 4, not 14" tell what to answer
        text = without_places(text)
        told = rf"\b(?:type|enter|answer(?:\s+is)?:?)\s+{value}(?![\d,.]\d)\b"
        return (re.search(rf"\b(?:is|are|equals)\s+{value}(?=\s*(?:[.;:!?)]\s|[.;:!?)]?$))", text.strip()) is not None
                or re.search(told, text, re.I) is not None)
    return any(said == value for said in stated_values(text))


def without_places(text: str) -> str:
    """``text`` without the positions and moves it writes, (8, 13) and 10,10: places, not counts."""
    return PAIR.sub(" ", TUPLE.sub(" ", text))


@lru_cache(maxsize=4096)
def stated_values(text: str) -> tuple[object, ...]:
    """Every value ``text`` writes out, as a number or an integer expression (``2^16 - 1``), outside the places it
    names: read once per text, however many answers it is checked against (a reply against every later question)."""
    text = without_places(text)
    out: list[object] = [int(m.group().replace(",", "")) for m in NUMBER_IN_TEXT.finditer(text)]
    for match in EXPRESSION_IN_TEXT.finditer(text):
        expression = match.group().strip()
        if any(op in expression for op in "^*+-/") and len(expression) <= 40:
            try:
                out.append(evaluate(expression))
            except InvalidNotation:
                continue
    return tuple(out)


def learner_number(learner: str) -> int | None:
    """The learner's answer as a whole number, when it is one (written plainly)."""
    bare = learner.strip().replace(",", "")
    return int(bare) if bare.lstrip("-").isdecimal() and len(bare) <= 40 else None


@lru_cache(maxsize=4096)
def pinned(text: str, least: int | None, mine: int | None) -> tuple[int | None, int | None]:
    """The range the bounds in ``text`` leave for the answer (None: open on that side)."""
    low, high = least, None
    lowered = text.lower()
    for pattern, sense in BOUNDS:
        for match in pattern.finditer(lowered):
            said = next(g for g in match.groups() if g is not None)
            bound = count_value(said)
            if sense == "below":
                high = bound - 1 if high is None else min(high, bound - 1)
            elif sense == "at most":
                high = bound if high is None else min(high, bound)
            elif sense == "above":
                low = bound + 1 if low is None else max(low, bound + 1)
            else:
                low = bound if low is None else max(low, bound)
    if mine is not None and BELOW_YOURS.search(lowered):
        high = mine - 1 if high is None else min(high, mine - 1)
    if mine is not None and ABOVE_YOURS.search(lowered):
        low = mine + 1 if low is None else max(low, mine + 1)
    return low, high


def number_given(text: str, value: int, learner: str, least: int | None) -> str | None:
    """How ``text`` gives the number ``value`` away: stated, pinned by bounds, or one step from the learner's."""
    if states_number(text, value):
        return f"the answer {number_text(value)}"
    if value >= 2 and value in list_lengths(text):
        return f"the answer {number_text(value)}, counted from a list of that many the text writes out"
    mine = learner_number(learner)
    low, high = pinned(text, least, mine)
    unit = multiple_of(text)
    if low == high == value or (unit and low is not None and high is not None
                                and [n for n in range(low, high + 1) if n % unit == 0] == [value]):
        return f"the answer {number_text(value)}, pinned by the bounds the text states"
    if value in differences(text, mine):
        return f"the answer {number_text(value)}, a difference of two values the text states"
    if value in counted_units(text):
        return f"the answer {number_text(value)}, so many units of it as the text states"
    if mine is None or mine == value:
        return None
    lowered = text.lower()
    steps = {count_value(m.group(1)) for pattern in STEPS for m in pattern.finditer(lowered)}
    factors = {count_value(next(g for g in m.groups() if g)) for m in FACTORS.finditer(lowered)}
    if any(f > 1 and value in (mine * f, mine // f if mine % f == 0 else None) for f in factors):
        return f"the answer {number_text(value)}, one step from the answer given ({number_text(mine)})"
    doubled = bool((mine == 2 * value and DOUBLED.search(lowered)) or (2 * mine == value and HALVED.search(lowered)))
    if abs(mine - value) in steps or doubled:
        return f"the answer {number_text(value)}, one step from the answer given ({number_text(mine)})"
    return None


@lru_cache(maxsize=4096)
def differences(text: str, mine: int | None) -> frozenset[int]:
    """Every value ``text`` states as a difference of two quantities it gives the values of ("the cells less the
    rank" after "9 is the rank of the 3x3 press matrix": 0); "that" or "those" is the last number said before.

    >>> sorted(differences("The press matrix of 16 cells has rank 12, and the nullity is the cells less the rank.",
    ...                    None))
    [4]
    """
    lowered = text.lower()
    out = set()
    for match in DIFFERENCE.finditer(lowered):
        first = named_value(lowered, match.group(1), match.start(), mine)
        second = named_value(lowered, match.group(2), match.start(), mine)
        if first is not None and second is not None:
            out.add(first - second)
    return frozenset(out)


def named_value(text: str, word: str, before: int, mine: int | None) -> int | None:
    """The value ``text`` gives the quantity ``word`` ("9 is the rank", "rank 9", "16 cells", "the 3x3 board" for
    its cells), or for "that" and "those" the last number before position ``before``; None when it gives none."""
    number = r"(\d[\d,]*)"
    if word in POINTING:
        if word == "yours":
            return mine
        said = [m for m in NUMBER_IN_TEXT.finditer(SIZE.sub(" ", text[:before]))]
        return count_value(said[-1].group()) if said else None
    stem = re.escape(word[:-1] if word.endswith("s") and len(word) > 3 else word)
    for pattern in (rf"{number} (?:is|are) (?:the |its )?(?:number of )?{stem}s?\b", rf"\b{stem}s? (?:is )?{number}\b",
                    rf"{number} (?:[a-z]+ ){{0,2}}{stem}s?\b"):
        found = re.search(pattern, SIZE.sub(" ", text))
        if found:
            return count_value(found.group(1))
    size = SIZE.search(text)
    return int(size.group(1)) * int(size.group(2)) if stem == "cell" and size else None


@lru_cache(maxsize=4096)
def list_lengths(text: str) -> frozenset[int]:
    """How many items each list ``text`` writes out to count has: after a colon to the end of its line, items
    separated by commas, all of one shape (words and signs alike: ``after 'ja': A=True B=Random, A=Random B=True``),
    at least two of them, or three when they are plain words (two clauses of a sentence are no list).

    >>> sorted(list_lengths("after 'ja': A=True B=Random, A=Random B=True\\nNot 0: with none at all, 3 are open."))
    [2]
    """
    out = set()
    for match in LISTED.finditer(text):
        items = [item.strip() for item in match.group(1).rstrip(" .;").split(", ")]
        shapes = {re.sub(r"\w+", "w", item) for item in items}
        if len(shapes) == 1 and all(items) and len(items) >= (3 if shapes <= {" ".join(["w"] * n) for n in range(9)}
                                                              else 2):
            out.add(len(items))
    return frozenset(out)


@lru_cache(maxsize=4096)
def multiple_of(text: str) -> int | None:
    """The number the text says the answer is a multiple of, if it says one ("a multiple of 16")."""
    found = [count_value(m.group(1)) for m in MULTIPLE.finditer(text.lower())]
    return found[0] if len(found) == 1 and found[0] > 1 else None


@lru_cache(maxsize=4096)
def counted_units(text: str) -> frozenset[int]:
    """The values the answer takes by what ``text`` says of a unit of it: how many of the answer each unit is ("each
    working split is made by 16 questions", "96 would mean 6 working splits") times how many units it says there
    are ("6 counts the different splits"; "the solver finds more than 3" and "fewer than 5" after "would mean" pin
    4), across everything the text says (several replies read together).

    >>> sorted(counted_units("6 counts the different splits. Each working split is made by 2^4 = 16 questions."))
    [96]
    """
    lowered = text.lower()
    size: dict[str, int] = {}
    bounds: dict[str, tuple[int | None, int | None]] = {}
    exact: dict[str, set[int]] = {}
    for m in UNIT_SIZE.finditer(lowered):
        size[m.group(1)] = count_value(m.group(2))
    for m in WOULD_MEAN.finditer(lowered):
        whole, many, unit = count_value(m.group(1)), count_value(m.group(2)), m.group(3)
        if many and whole % many == 0:
            size.setdefault(unit, whole // many)
        if m.group(4):
            low, high = bounds.get(unit, (None, None))
            said = count_value(m.group(5))
            if m.group(4) == "more":
                low = said + 1 if low is None else max(low, said + 1)
            else:
                high = said - 1 if high is None else min(high, said - 1)
            bounds[unit] = (low, high)
    for m in UNIT_COUNT.finditer(lowered):
        exact.setdefault(m.group(2), set()).add(count_value(m.group(1)))
    out = set()
    for unit, each in size.items():
        low, high = bounds.get(unit, (None, None))
        counts = set(exact.get(unit, set())) | ({low} if low is not None and low == high else set())
        out |= {each * n for n in counts}
    return frozenset(out)


# -- positions and lists ------------------------------------------------------------------------------------


def pairs_in(text: str) -> set[tuple[int, int]]:
    """Every pair ``text`` names, ``(8, 13)`` or ``8,13``, as written."""
    return {(int(a or c), int(b or d)) for a, b, c, d in PAIR_IN_TEXT.findall(text)}


def pair_given(text: str, pair: tuple[int, int]) -> str | None:
    """Whether ``text`` names the position ``pair`` (in either order)."""
    named = pairs_in(text)
    if pair in named or pair[::-1] in named:
        return f"the pair ({pair[0]}, {pair[1]})"
    return None


PAIR_RUN = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)(?:\s*(?:,|;|and|or)?\s*\(\s*\d+\s*,\s*\d+\s*\))*")
NUMBER_RUN = re.compile(r"(?<![\w.(,])\d+(?:\s*(?:,|and)\s*\d+)+(?![\w.)])")


def items_given(text: str, items: frozenset[tuple[int, ...]], learner: str) -> str | None:
    """Whether ``text`` names every item of the list ``items`` that the learner's list lacks (at least one); with no
    learner's list, whether it writes the whole list out together (positions named one by one in a reason about
    something else are no list)."""
    named: set[tuple[int, ...]]
    if not learner.strip():
        single = all(len(item) == 1 for item in items)
        for run in (NUMBER_RUN if single else PAIR_RUN).finditer(text):
            named = ({(int(n),) for n in re.findall(r"\d+", run.group())} if single else
                     {p for p in pairs_in(run.group()) for p in (p, p[::-1])})
            if items <= named:
                return f"the whole list {run.group()!r}"
        return None
    had: set[tuple[int, ...]]
    if all(len(item) == 1 for item in items):
        named = {(int(m.group().replace(",", "")),) for m in NUMBER_IN_TEXT.finditer(PAIR.sub(" ", text))}
        had = {(int(n),) for n in re.findall(r"\d+", learner)}
    else:
        named = {p for p in pairs_in(text) for p in (p, p[::-1])}
        had = {p for p in pairs_in(learner) for p in (p, p[::-1])}
    missing = items - had
    if missing and missing <= named:
        listed = ", ".join(f"({', '.join(map(str, item))})" if len(item) > 1 else str(item[0])
                           for item in sorted(missing))
        return f"every missing item: {listed}"
    return None

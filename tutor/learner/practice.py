"""Practice until mastered: the space of items a practice step draws from, the record of what the learner was
served, and where the learner stands.

A practice step varies some of its puzzle parameters and question arguments (``coins = {min = 2, max = 6}``,
``args = { index = [1, 2, 3] }``, a family's random table): each item is one *variant*, the values drawn for
those slots.  ``candidates`` lists the variants worth considering for the next item (every one, when the
space is small; else a seeded sample), ``Served`` records each item served and how the learner's first try
at it went (kept in the progress store, so an item is never served twice), and ``standing`` says where the
learner stands after each item.  Pure: the engine comes in through the callables it is given.
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutor.learner.targets import Variant
from tutor.screen.text import percent, plural

POOL = 64  # variants considered for one item: the whole space when it is no larger, else a seeded sample
BAR = 20  # characters of a mastery bar

DrawRandom = Callable[[str, Mapping[str, Any], random.Random, Mapping[str, Any]], Any]  # Puzzle.random_param


def choices(spec: Any) -> list[Any] | None:
    """Every value a list or ``{min, max}`` spec allows (None for a family's random table).

    >>> choices([4, 8]), choices({"min": 2, "max": 4}), choices({"random": "win"})
    ([4, 8], [2, 3, 4], None)
    """
    if isinstance(spec, list):
        return list(spec)
    if isinstance(spec, dict) and "random" not in spec:
        return list(range(spec["min"], spec["max"] + 1))
    return None


def key(variant: Variant) -> str:
    """A variant as one line of text, the same for equal variants (what the record keeps).

    >>> key({"sides": 2, "coins": 4})
    '{"coins": 4, "sides": 2}'
    """
    return json.dumps(dict(variant), sort_keys=True, default=str)


def candidates(specs: Mapping[str, Any], fixed: Mapping[str, Any], draw_random: DrawRandom, rng: random.Random,
               seen: Iterable[str] = (), limit: int = POOL) -> list[dict[str, Any]]:
    """Variants not in ``seen`` (keys), in a seeded order: the whole space of lists and ranges when it has at most
    ``limit`` variants, else up to ``limit`` distinct seeded draws (a random table's slot is always drawn, by the
    family, around the ``fixed`` parameters)."""
    names = sorted(specs)
    finite = {name: choices(specs[name]) for name in names}
    skip = set(seen)
    whole = 1
    for values in finite.values():
        whole = whole * len(values) if values is not None else limit + 1
        if whole > limit:
            break
    found: dict[str, dict[str, Any]] = {}
    if whole <= limit:
        spaces = [finite[name] or [] for name in names]
        for picked in itertools.product(*spaces):
            variant = dict(zip(names, picked, strict=True))
            found.setdefault(key(variant), variant)
        ordered = list(found.values())
        rng.shuffle(ordered)
        return [v for v in ordered if key(v) not in skip]
    drawn_last = sorted(names, key=lambda name: finite[name] is None)  # a random board sees the drawn size
    for _ in range(limit * 2):
        variant = {}
        for name in drawn_last:
            values = finite[name]
            params = {k: v for k, v in variant.items() if not k.startswith("args.")}
            variant[name] = rng.choice(values) if values is not None else draw_random(
                name.removeprefix("args."), specs[name], rng, {**fixed, **params})
        if key(variant) not in skip:
            found.setdefault(key(variant), variant)
        if len(found) >= limit:
            break
    return list(found.values())


@dataclass(frozen=True)
class Served:
    """One practice item served: its variant, how the first try went (None: not tried yet), the misconception
    the engine named on a wrong first try, whether it is solved (answered right, at any try), and whether its first
    try was right with no help (``unaided``: evidence of the skill, ``tutor.progress.evidence``)."""

    variant: Mapping[str, Any]
    first: bool | None = None
    idea: str | None = None
    solved: bool = False
    unaided: bool = False

    @property
    def evidence(self) -> bool | None:
        """The item's evidence for the mastery rule: ``unaided`` once tried (None before)."""
        return None if self.first is None else self.unaided

    @property
    def where(self) -> str:
        """The instance served (every item of a practice step is a distinct one)."""
        return key(self.variant)

    def tried(self, correct: bool, idea: str | None, aids: Sequence[str]) -> Served:
        """The item after a try with ``aids`` had on it: its first try (right or not, unaided or not, the misconception
        named when wrong) as the first try left it; solved when right."""
        if self.first is not None:
            return replace(self, solved=self.solved or correct)
        return replace(self, first=correct, solved=correct, idea=None if correct else idea,
                       unaided=correct and not aids)

    def line(self) -> str:
        """The record as one line of text (what the progress store keeps)."""
        return json.dumps({"v": dict(self.variant), "first": self.first, "idea": self.idea, "solved": self.solved,
                           "unaided": self.unaided}, sort_keys=True, default=str)

    @classmethod
    def read(cls, line: str) -> Served | None:
        """A record from its line (None for a line that is not one: it is skipped)."""
        try:
            raw = json.loads(line)
        except ValueError:
            return None
        if not isinstance(raw, dict) or not isinstance(raw.get("v"), dict):
            return None
        first, idea = raw.get("first"), raw.get("idea")
        return cls(raw["v"], first if isinstance(first, bool) else None, idea if isinstance(idea, str) else None,
                   raw.get("solved") is True, raw.get("unaided") is True)  # a record from before: no evidence


BOUNDS: dict[str, tuple[str, ...]] = {}  # a practice step's bounded number answers, by the step and its fixed slots


def bounded(where: str, values: Callable[[], Iterable[Any]]) -> tuple[str, ...]:
    """The whole numbers from the smallest to the largest of ``values`` (the answers of the items a practice step
    serves, computed once per ``where``), as text: what a guesser who knows the answers' range picks among; none when
    no value is a whole number.

    >>> bounded("doctest", lambda: [4, 2, "x", 6])
    ('2', '3', '4', '5', '6')
    """
    if where not in BOUNDS:
        found = [v for v in values() if type(v) is int]
        BOUNDS[where] = tuple(str(n) for n in range(min(found), max(found) + 1)) if found else ()
    return BOUNDS[where]


def read_record(lines: Sequence[str]) -> list[Served]:
    """The items served at a practice step, in order, from the lines the store keeps."""
    return [served for line in lines if (served := Served.read(line)) is not None]


def streak(record: Sequence[Served]) -> int:
    """How many items in a row, up to the last tried, were right at the first try without help."""
    count = 0
    for served in reversed([s for s in record if s.first is not None]):
        if not served.unaided:
            break
        count += 1
    return count


def bar(p: float, width: int = BAR) -> str:
    """A mastery bar: ``[#######.............]``.

    >>> bar(0.5, 10)
    '[#####.....]'
    """
    filled = max(0, min(width, round(p * width)))
    return "[" + "#" * filled + "." * (width - filled) + "]"


def standing(sentence: str, p: float, threshold: float, in_a_row: int, record: Sequence[Served], why: str = "") -> str:
    """Where the learner stands on a skill after an item: its mastery against the target, the run of items right at
    the first try without help against the ``in_a_row`` the mastery rule asks for, the items practised, and ``why``
    the answer moved mastery as it did (or did not)."""
    target = f"target {threshold:.0%}"
    run = f"; {plural(streak(record), 'item')} right at the first try in a row (of {in_a_row})"
    tried = sum(1 for s in record if s.first is not None)
    return f"Mastery of '{sentence}': {bar(p)} {percent(p)}, {target}{run}; {plural(tried, 'item')} practised." + \
        (f" {why}" if why else "")


HELP_WORDS = {"hint": "a hint", "solution": "a revealed answer", "undo": "an undo", "reset": "a reset"}


def why(correct: bool, first: bool, aids: Sequence[str]) -> str:
    """Why an answer moved mastery as it did: a right first try after help counts as a miss, a later try not at all.

    >>> why(True, True, ["hint", "undo"])
    'A right answer after a hint and an undo is no evidence of mastery yet: it counts as a miss.'
    """
    if not first:
        return "Only an item's first try counts: this answer does not change your mastery."
    if correct and aids:
        helps = [HELP_WORDS.get(a, a) for a in aids]
        said = helps[0] if len(helps) == 1 else ", ".join(helps[:-1]) + " and " + helps[-1]
        return f"A right answer after {said} is no evidence of mastery yet: it counts as a miss."
    return "" if correct else "A wrong first try counts as a miss: mastery goes down."

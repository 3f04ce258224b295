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
from dataclasses import dataclass
from typing import Any

from tutor.learner.targets import Variant
from tutor.text import percent, plural

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
    for _ in range(limit * 2):
        variant = {}
        for name in names:
            values = finite[name]
            variant[name] = rng.choice(values) if values is not None else draw_random(
                name.removeprefix("args."), specs[name], rng, {**fixed, **variant})
        if key(variant) not in skip:
            found.setdefault(key(variant), variant)
        if len(found) >= limit:
            break
    return list(found.values())


@dataclass(frozen=True)
class Served:
    """One practice item served: its variant, how the first try went (None: not tried yet), the misconception
    the engine named on a wrong first try, and whether it is solved (answered right, at any try)."""

    variant: Mapping[str, Any]
    first: bool | None = None
    idea: str | None = None
    solved: bool = False

    def line(self) -> str:
        """The record as one line of text (what the progress store keeps)."""
        return json.dumps({"v": dict(self.variant), "first": self.first, "idea": self.idea, "solved": self.solved},
                          sort_keys=True, default=str)

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
                   raw.get("solved") is True)


def read_record(lines: Sequence[str]) -> list[Served]:
    """The items served at a practice step, in order, from the lines the store keeps."""
    return [served for line in lines if (served := Served.read(line)) is not None]


def streak(record: Sequence[Served]) -> int:
    """How many items in a row, up to the last tried, were right at the first try."""
    count = 0
    for served in reversed([s for s in record if s.first is not None]):
        if not served.first:
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


def standing(sentence: str, p: float, threshold: float, in_a_row: int | None, row: int, tried: int,
             helped: str | None = None) -> str:
    """Where the learner stands on a skill after an item: its mastery against the target, the run of items right
    at the first try when the step counts one, and why mastery fell after a right answer that came after
    ``helped`` ("a hint", "a revealed answer")."""
    target = f"target {threshold:.0%}"
    run = f"; {plural(row, 'item')} right in a row (of {in_a_row})" if in_a_row else ""
    why = f" A right answer after {helped} is no evidence of mastery yet: it counts as a miss." if helped else ""
    return f"Mastery of '{sentence}': {bar(p)} {percent(p)}, {target}{run}; {plural(tried, 'item')} practised.{why}"

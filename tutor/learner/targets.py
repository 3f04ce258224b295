"""Practice items aimed at the learner's mistake: which variant comes next after a wrong answer.

A *variant* is the values drawn for a practice step's varied slots, keyed as lesson files key them
(``{"coins": 4, "sides": 2}``, ``{"args.index": 7}``).  After a wrong answer the engine named a
misconception for, the next item is one where that misconception's value differs from the right one
(a learner who still holds it will be told so again), the smallest such variant first, where the
difference is plainest.  After a wrong answer with no diagnosis, the next item is the variant closest to
the one just missed.  Everything here is pure: the engine is reached through the ``Quantity`` it is given.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tutor.errors import TutorError
from tutor.puzzles.answers import Quantity

Variant = Mapping[str, Any]  # the drawn slot values of one practice item: {"coins": 4, "args.index": 7}
Concrete = Callable[[Variant], tuple[Any, Mapping[str, Any]]]  # a variant's game and question arguments

_NUMBER = re.compile(r"\d+")


def size(value: Any) -> int:
    """How big a drawn value is: a number's magnitude, a text's numbers summed plus its other marks (a position
    ``"3,5"`` is 8, a board ``"#.#"`` is 3), a list's items summed.

    >>> size(4), size("3,5"), size("#.#"), size(True), size([2, "1,1"])
    (4, 8, 3, 1, 4)
    """
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return abs(value)
    if isinstance(value, str):
        numbers = sum(int(n) for n in _NUMBER.findall(value) if len(n) <= 12)
        marks = len(re.sub(r"[\d\s,+;/]", "", value))
        return numbers + marks
    if isinstance(value, list | tuple):
        return sum(size(v) for v in value)
    if isinstance(value, dict):
        return sum(size(v) for v in value.values())
    return 0


def variant_size(variant: Variant) -> int:
    """The size of a whole variant: its values' sizes summed."""
    return sum(size(v) for v in variant.values())


def distance(a: Variant, b: Variant) -> int:
    """How far apart two variants are: for each slot, how much its size differs, plus one where the values
    differ at all (so two variants of the same size are still told apart).

    >>> distance({"coins": 4, "sides": 2}, {"coins": 5, "sides": 2}), distance({"x": "1,2"}, {"x": "2,1"})
    (2, 1)
    """
    keys = sorted(set(a) | set(b))
    return sum(abs(size(a.get(k)) - size(b.get(k))) + (a.get(k) != b.get(k)) for k in keys)


def order_key(variant: Variant) -> str:
    """A total order between variants of equal rank, so every choice here is deterministic."""
    return repr(sorted(variant.items()))


def separates(quantity: Quantity[Any], idea: str, game: Any, args: Mapping[str, Any]) -> bool:
    """Whether misconception ``idea`` of ``quantity`` gives a value here, and one other than the right value
    (both computed by the engine); False where either does not compute."""
    found = next((m for m in quantity.misconceptions if m.name == idea), None)
    if found is None:
        return False
    own = quantity.arguments(args)
    try:
        right = quantity.compute(game, own)
        given = found.value(game, own)
    except TutorError:
        return False
    return given is not None and given != right


def separating(candidates: Sequence[Variant], quantity: Quantity[Any], idea: str,
               concrete: Concrete) -> list[Variant]:
    """The candidates where misconception ``idea`` gives a wrong value, smallest first."""
    found = []
    for variant in candidates:
        try:
            game, args = concrete(variant)
        except TutorError:
            continue
        if separates(quantity, idea, game, args):
            found.append(variant)
    return sorted(found, key=lambda v: (variant_size(v), order_key(v)))


def closest(candidates: Sequence[Variant], missed: Variant) -> list[Variant]:
    """The candidates, the closest to ``missed`` first."""
    return sorted(candidates, key=lambda v: (distance(v, missed), variant_size(v), order_key(v)))


def ranked(candidates: Sequence[Variant], missed: Variant, idea: str | None, quantity: Quantity[Any] | None,
           concrete: Concrete) -> list[Variant]:
    """The candidates in the order to try them after a wrong answer on ``missed``: with a diagnosed misconception
    ``idea`` (of ``quantity``), those that separate it from the right value, smallest first; then the rest, the
    closest to ``missed`` first.  A caller that cannot serve the first tries the next (an item the engine cannot
    answer is skipped, not traded for a random one)."""
    aimed_at = separating(candidates, quantity, idea, concrete) if idea is not None and quantity is not None else []
    rest = [v for v in candidates if v not in aimed_at]
    return [*aimed_at, *closest(rest, missed)]


def spread(candidates: Sequence[Variant], count: int, usable: Callable[[Variant], bool]) -> list[Variant]:
    """Up to ``count`` usable candidates spread over them from the smallest to the largest (each the usable one
    nearest its even share of the way, larger first): a sample of the items a practice step serves.

    >>> spread([{"k": n} for n in range(10)], 3, lambda v: v["k"] != 9)
    [{'k': 0}, {'k': 4}, {'k': 8}]
    """
    ordered = sorted(candidates, key=lambda v: (variant_size(v), order_key(v)))
    picked: list[Variant] = []
    tried: set[int] = set()
    for i in range(count):
        start = round(i * (len(ordered) - 1) / max(1, count - 1))
        for at in (*range(start, len(ordered)), *range(start - 1, -1, -1)):
            if at not in tried:
                tried.add(at)
                if usable(ordered[at]):
                    picked.append(ordered[at])
                    break
    return picked

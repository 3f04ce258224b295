"""Evidence per item: what one question on screen says about a learner's skill, scored by its first attempt.

The vocabulary (what the learner model, class statistics and benchmarks read):

* an **instance** is what was asked: the parameters drawn for it (``{"coins":4,"sides":2}``, canonical JSON; ``{}``
  for a question that never varies), at one lesson step.  Two items are on *distinct instances* when their
  (lesson, step, instance) differ;
* an **item** is one time the learner is asked an instance: from when it is put on screen until it is answered
  right.  Items of one instance are numbered 1, 2, ... (``Stamp.item``): the next item of an instance begins after
  its previous item was solved, so leaving and coming back, or restarting a game, continue the same item;
* a **try** is one judged attempt at an item, numbered from 1 (``Stamp.nth``); a move of a game in progress is
  not a try (``nth`` 0): the game's end is;
* **aids** are the help the learner had on the item before the attempt, each kind once: ``hint`` (any rung of
  the ladder, at any position of a game), ``solution`` (revealed), ``undo`` (a move or answer taken back),
  ``reset`` (the step, or a game, started again).  Help is charged to the item on screen whatever is typed next.

An item is **evidence of the skill** (``Scored.unaided``) only when its first try was right and came with no aid;
a wrong first try, or a right one after any aid, is evidence against, whatever follows.  An item whose instance
the learner had already solved or seen revealed is a **repeat**: a remembered answer, no evidence either way
(``Scored.evidence`` is None).

How to use it: every stored attempt carries its ``Stamp`` (the session stamps it: ``stamp`` gives the item and try
numbers for a new attempt from the ones before it at the step); ``items(attempts)`` groups attempts (records or
events, anything ``Tried``) into items and scores each, oldest first.  A record with no item (``item`` 0: made
outside a session) is an item of its own.  Old stores are stamped by the same rule when migrated (``backfill``).
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

HINT, SOLUTION, UNDO, RESET = "hint", "solution", "undo", "reset"
AIDS = (HINT, SOLUTION, UNDO, RESET)  # every kind of help, in the order they are listed
Row = dict[str, Any]  # a stored attempt's columns by name, as an export reads them
Key = tuple[str, int, str]  # (lesson, step 0-based or 1-based as the caller counts, instance): one instance asked


def instance_of(variant: str) -> str:
    """The instance an attempt's variant text names: a lesson variant's drawn ``params`` (its seed left out), or a
    practice item's own variant, as canonical JSON (keys sorted, no spaces); text that is not JSON as it is.

    >>> instance_of('{"params": {"sides": 2, "coins": 4}, "seed": 7}'), instance_of('{"coins": 3}'), instance_of('')
    ('{"coins":4,"sides":2}', '{"coins":3}', '{}')
    """
    if not variant:
        return "{}"
    try:
        raw = json.loads(variant)
    except ValueError:
        return variant
    if isinstance(raw, dict) and isinstance(raw.get("params"), dict) and set(raw) <= {"params", "seed"}:
        raw = raw["params"]
    return json.dumps(raw, sort_keys=True, separators=(",", ":"), default=str)


def aids_of(kinds: Iterable[str]) -> tuple[str, ...]:
    """Kinds of help as stored: each known kind once, in ``AIDS`` order.

    >>> aids_of(["undo", "hint", "undo"])
    ('hint', 'undo')
    """
    given = set(kinds)
    return tuple(kind for kind in AIDS if kind in given)


def read_aids(text: str) -> tuple[str, ...]:
    """The aids column (a JSON list of kinds) as a tuple; ``ValueError`` for anything else."""
    raw = json.loads(text or "[]")
    if not isinstance(raw, list) or not all(isinstance(k, str) and k in AIDS for k in raw):
        raise ValueError(f"aids {text!r} is not a list of {', '.join(AIDS)}")
    return aids_of(raw)


@dataclass(frozen=True)
class Stamp:
    """An attempt's evidence fields: its instance, its item's number at that instance (1, 2, ...), its try number
    in the item (0: a move, not a try), and the help had on the item before it."""

    instance: str
    item: int
    nth: int
    aids: tuple[str, ...] = ()


class Numbered(Protocol):
    """What ``stamp`` reads of the attempts before a new one: its instance, item, try and whether it was right."""

    @property
    def instance(self) -> str: ...
    @property
    def item(self) -> int: ...
    @property
    def nth(self) -> int: ...
    @property
    def correct(self) -> bool: ...


class Tried(Numbered, Protocol):
    """What scoring reads of an attempt (``progress.records.AttemptRecord``, ``progress.events.Attempt``...):
    what ``stamp`` reads, and where it was made and the help had."""

    @property
    def lesson(self) -> str: ...
    @property
    def step(self) -> int: ...
    @property
    def aids(self) -> tuple[str, ...]: ...
    @property
    def hint(self) -> int: ...
    @property
    def revealed(self) -> bool: ...
    @property
    def skills(self) -> tuple[str, ...]: ...
    @property
    def at(self) -> float: ...


def stamp(before: Sequence[Numbered], instance: str, judged: bool, aids: Iterable[str] = ()) -> Stamp:
    """The stamp of a new attempt at ``instance`` of a step, given the attempts ``before`` it at that step (any
    order of time is kept as given: oldest first): the latest item of the instance if it is not solved yet, else
    the next one; the next try in it (0 when not ``judged``: a move)."""
    mine = [a for a in before if a.instance == instance and a.item > 0]
    latest = max((a.item for a in mine), default=0)
    solved = any(a.correct and a.nth > 0 for a in mine if a.item == latest)
    item = latest + 1 if solved or not latest else latest
    tries = sum(1 for a in mine if a.item == item and a.nth > 0)
    return Stamp(instance, item, tries + 1 if judged else 0, aids_of(aids))


@dataclass(frozen=True)
class Legacy:
    """An attempt stored before evidence fields existed, as ``backfill`` reads it."""

    lesson: str
    step: int
    variant: str
    correct: bool
    judged: bool  # a judged answer (a game's move is not)
    hint: int
    revealed: bool


@dataclass
class _Latest:
    """Where one instance of a step stands, as ``stamp`` would read it from the attempts before: its latest item,
    whether that item was solved, and the tries made in it."""

    item: int = 0
    solved: bool = False
    tries: int = 0


def stamps(rows: Iterable[Legacy]) -> Iterator[Stamp]:
    """Stamps for attempts stored before evidence fields existed, oldest first, one at a time, by the rule ``stamp``
    applies (kept per instance as it goes, so a long history is stamped in linear time); their aids are what they
    recorded (a hint rung reached, a revealed solution): an older tutor recorded no undo or reset."""
    latest: dict[tuple[str, int, str], _Latest] = {}
    for row in rows:
        instance = instance_of(row.variant)
        at = latest.setdefault((row.lesson, row.step, instance), _Latest())
        item = at.item + 1 if at.solved or not at.item else at.item
        if item != at.item:
            at.item, at.solved, at.tries = item, False, 0
        nth = at.tries + 1 if row.judged else 0
        if nth:
            at.tries, at.solved = nth, at.solved or row.correct
        yield Stamp(instance, item, nth, aids_of(([HINT] if row.hint > 0 else []) +
                                                 ([SOLUTION] if row.revealed else [])))


def backfill(rows: Iterable[Legacy]) -> list[Stamp]:
    """``stamps`` as a list."""
    return list(stamps(rows))


class Scored(NamedTuple):
    """One item scored by its first try: where it was asked, the skills that try exercised and when, whether it was
    ``right``, the ``aids`` had before it, how many tries the item took, whether it was solved, and whether it is a
    ``repeat`` (an instance whose answer the learner already had).  A named tuple: a store of 10,000 items builds
    10,000 of them for each ``/progress``."""

    lesson: str
    step: int
    instance: str
    item: int
    skills: tuple[str, ...]
    at: float
    right: bool
    aids: tuple[str, ...]
    tries: int
    solved: bool
    repeat: bool = False

    @property
    def unaided(self) -> bool:
        """Right at the first try without help: evidence of the skill."""
        return self.right and not self.aids

    @property
    def evidence(self) -> bool | None:
        """The observation knowledge tracing makes of the item: ``unaided``; None for a repeat (no evidence)."""
        return None if self.repeat else self.unaided

    @property
    def where(self) -> Key:
        """The instance asked: (lesson, step, instance)."""
        return self.lesson, self.step, self.instance


def score(tries: Sequence[Tried], repeat: bool = False) -> Scored:
    """One item from its attempts, oldest first (moves included or not: only tries count); ``ValueError`` when
    none of them is a try."""
    judged = [a for a in tries if a.nth > 0 or a.item == 0]
    if not judged:
        raise ValueError("an item is scored by its first try, and these attempts hold none")
    first = judged[0]
    return Scored(first.lesson, first.step, first.instance, first.item, first.skills, first.at, first.correct,
                  _first_aids(first), len(judged), first.correct or any(a.correct for a in judged), repeat)


def _first_aids(first: Tried) -> tuple[str, ...]:
    """The help had before a first try: its aids, a hint rung reached, a revealed solution."""
    hint, revealed, aids = first.hint, first.revealed, first.aids
    if not (aids or hint > 0 or revealed):
        return ()  # (most first tries had no help)
    return aids_of([*aids, *([HINT] if hint > 0 else []), *([SOLUTION] if revealed else [])])


def items(attempts: Iterable[Tried], known: Iterable[Key] = ()) -> list[Scored]:
    """Every item the attempts hold (oldest first attempt first), each scored by its first try; an item is a repeat
    when its instance was solved, or its solution revealed, in an earlier item (or is in ``known``)."""
    groups: dict[tuple[str, int, str, int], list[Tried]] = {}
    alone: list[list[Tried]] = []
    order: list[list[Tried]] = []
    for a in attempts:
        if a.item == 0:  # made outside a session: an item of its own
            alone.append([a])
            order.append(alone[-1])
            continue
        group = groups.get((a.lesson, a.step, a.instance, a.item))
        if group is None:
            group = groups[(a.lesson, a.step, a.instance, a.item)] = []
            order.append(group)
        group.append(a)
    had = set(known)
    out = []
    for group in order:
        if group[0].item > 0 and not any(a.nth > 0 for a in group):
            continue  # moves only: a game under way, not yet a try
        head = group[0]
        stamped = head.item > 0  # an unstamped attempt is never a repeat: its instance is not known
        repeat = stamped and (head.lesson, head.step, head.instance) in had
        if len(group) == 1 and (head.nth > 0 or not stamped):  # one try (most items): scored without the lists
            right = head.correct
            scored = Scored(head.lesson, head.step, head.instance, head.item, head.skills, head.at, right,
                            _first_aids(head), 1, right, repeat)
        else:
            scored = score(group, repeat=repeat)
        if stamped and (scored.solved or SOLUTION in group[-1].aids):
            had.add(scored.where)
        out.append(scored)
    return out


def stamped_rows(rows: Iterable[Row]) -> Iterator[Row]:
    """Attempt rows of a file from before evidence fields, oldest first, with the fields added as the migration adds
    them (``evidence.stamps``), one row at a time."""
    def legacy(r: Row) -> Legacy:
        judged = not (r["verdict"] == "move" and not r["correct"] and r.get("skills") in ("[]", "", None))
        return Legacy(str(r["lesson"]), int(r["step"]), str(r.get("variant") or ""), bool(r["correct"]), judged,
                      int(r.get("hint") or 0), bool(r.get("revealed")))

    rows, again = itertools.tee(rows)
    for row, made in zip(rows, stamps(map(legacy, again)), strict=True):
        yield {**row, "instance": made.instance, "item": made.item, "nth": made.nth,
               "aids": json.dumps(list(made.aids))}

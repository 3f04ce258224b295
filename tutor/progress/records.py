"""Attempt records: every judged answer as the learner model and exports read it.

One ``AttemptRecord`` per attempt, in the order they happened: the lesson, the step as the author counts it
(1-based), the skills it exercised, whether it was right, the misconception diagnosed (a name, or None), the
hint rung reached before it, whether the solution had been revealed, the seconds taken, the variant (the
seed and parameters drawn), the time (ISO 8601, UTC) and the learner's profile id.  Attempts the store has
kept but not written yet are included.  A file from before issue 21 (read-only, so not migrated) reads with
the defaults of the columns it lacks (``schema.ADDED``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

from tutor.progress.events import Attempt
from tutor.progress.evidence import Legacy, backfill, read_aids
from tutor.progress.schema import ADDED
from tutor.storage.clock import iso

if TYPE_CHECKING:
    from tutor.progress import Progress

FIELDS = ("lesson", "step", "answer", "correct", "verdict", "seconds", "at", *ADDED["attempts"])


@dataclass(frozen=True)
class AttemptRecord:
    """One judged answer (see the module docstring); ``step`` is 1-based, ``at`` epoch seconds."""

    lesson: str
    step: int
    skills: tuple[str, ...]
    correct: bool
    misconception: str | None
    hint: int
    revealed: bool
    seconds: float
    variant: str
    at: float
    profile: str
    answer: str = ""
    verdict: str = ""
    instance: str = ""
    item: int = 0
    nth: int = 0
    aids: tuple[str, ...] = ()

    @property
    def helped(self) -> bool:
        """Whether a hint or the revealed solution came before this answer (the learner model counts a right
        answer given with help as evidence the skill is not yet known: ``tutor.learner.mastery``)."""
        return self.hint > 0 or self.revealed

    @property
    def time(self) -> str:
        """When, in ISO 8601 (UTC)."""
        return iso(self.at)

    def as_json(self) -> dict[str, Any]:
        """The record as ``tutor progress --export`` writes it (skills and aids lists, the time in ISO 8601 too)."""
        return {**asdict(self), "skills": list(self.skills), "aids": list(self.aids), "time": self.time}


def from_event(event: Attempt, profile: str) -> AttemptRecord:
    """The record of an attempt the store holds as an event (kept, not yet written)."""
    return AttemptRecord(event.lesson, event.step + 1, event.skills, event.correct, event.misconception, event.hint,
                         event.revealed, event.seconds, event.variant, event.when, profile, event.answer, event.verdict,
                         event.instance, event.item, event.nth, event.aids)


def from_row(row: tuple[Any, ...], profile: str) -> AttemptRecord:
    """The record of a stored row (columns in ``FIELDS`` order); damaged skills read as none."""
    (lesson, step, answer, correct, verdict, seconds, at, skills, misconception, hint, revealed, variant,
     instance, item, nth, aids) = row
    try:
        names = json.loads(skills)
    except (TypeError, ValueError):
        names = []
    named = tuple(str(n) for n in names) if isinstance(names, list) else ()
    try:
        helped = read_aids(aids)
    except (TypeError, ValueError):
        helped = ()  # damaged: read as none
    return AttemptRecord(str(lesson), int(step) + 1, named, bool(correct), None if misconception is None
                         else str(misconception), int(hint or 0), bool(revealed), float(seconds), str(variant or ""),
                         float(at), profile, str(answer), str(verdict), str(instance or ""), int(item or 0),
                         int(nth or 0), helped)


def columns(progress: Progress, names: Iterable[str] = FIELDS) -> str:
    """The select list for ``names`` (default ``FIELDS``): a column the file lacks is read as its default."""
    have = {str(r[1]) for r in progress._run("PRAGMA table_info(attempts)")}
    return ", ".join(name if name in have or name not in ADDED["attempts"] else f"{ADDED['attempts'][name]}"
                     for name in names)


def attempts(progress: Progress, lesson: str | None = None) -> Iterator[AttemptRecord]:
    """Every attempt recorded (of one ``lesson``), oldest first, kept ones last."""
    profile = progress.profile_id()
    where, args = ("WHERE lesson = ?", (lesson,)) if lesson is not None else ("", ())
    stored = [from_row(row, profile)
              for row in progress._run(f"SELECT {columns(progress)} FROM attempts {where} ORDER BY at, id", args)]
    yield from stamped(progress, stored)
    for event in progress.pending:
        if isinstance(event, Attempt) and (lesson is None or event.lesson == lesson):
            yield from_event(event, profile)


def has_evidence(progress: Progress) -> bool:
    """Whether the store's attempts carry evidence fields (every file does once migrated)."""
    return any(str(r[1]) == "item" for r in progress._run("PRAGMA table_info(attempts)"))


def stamped(progress: Progress, stored: list[AttemptRecord]) -> list[AttemptRecord]:
    """``stored`` as read, or stamped by ``evidence.backfill`` when the file predates evidence fields (a read-only
    file an older tutor wrote, which was never migrated)."""
    if has_evidence(progress) or not stored:
        return stored
    legacy = [Legacy(r.lesson, r.step, r.variant, r.correct, bool(r.skills) or r.verdict != "move" or r.correct,
                     r.hint, r.revealed) for r in stored]
    return [replace(r, instance=s.instance, item=s.item, nth=s.nth, aids=s.aids)
            for r, s in zip(stored, backfill(legacy), strict=True)]


def variant_json(seed: int, drawn: Mapping[str, Any]) -> str:
    """A lesson variant as an attempt record keeps it: JSON of its seed and the values drawn.

    >>> variant_json(7, {"coins": 4})
    '{"params": {"coins": 4}, "seed": 7}'
    """
    return json.dumps({"seed": seed, "params": dict(drawn)}, sort_keys=True, default=str)

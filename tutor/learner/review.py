"""Spaced review: when each solved skill comes back, scheduled by FSRS (the ``fsrs`` package).

Each skill is one FSRS card.  Its reviews are the learner's attempts at it, grouped into *sessions*: the
attempts at one step on one UTC day are one review, rated by its first attempt (``Again`` when wrong or
after the solution was revealed, ``Hard`` when right after a hint, ``Good`` when right on its own), so
a wrong try followed by a right one on the same day is one lapse, not two reviews.  A skill is scheduled
once it has been solved (some attempt right); until then it is practice, not review.  Fuzzing is off and
there are no intra-day learning steps, so the schedule is a pure function of the record (``TUTOR_NOW``
moves the clock in tests and demonstrations).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime

from fsrs import Card, Rating, Scheduler

from tutor.clock import iso, now
from tutor.progress import Progress
from tutor.progress.records import AttemptRecord, attempts

SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


@dataclass(frozen=True)
class Due:
    """A skill to review: the lesson it was last practised in (a review draws a fresh variant there), and when
    it is due (a moment in UTC)."""

    skill: str
    lesson: str
    when: datetime

    def as_json(self) -> dict[str, str]:
        """The row ``tutor review --json`` prints."""
        return {"skill": self.skill, "lesson": self.lesson, "when": iso(self.when)}


def rating(record: AttemptRecord) -> Rating:
    """How well a review went, from its first attempt."""
    if not record.correct or record.revealed:
        return Rating.Again
    return Rating.Hard if record.hint else Rating.Good


def reviews(records: Iterable[AttemptRecord]) -> dict[str, list[AttemptRecord]]:
    """Each skill's reviews, in order: the first attempt of each (lesson, step, day) it was exercised in."""
    out: dict[str, list[AttemptRecord]] = {}
    seen: set[tuple[str, str, int, str]] = set()
    for record in sorted(records, key=lambda r: r.at):
        day = iso(record.at)[:10]
        for skill in record.skills:
            key = (skill, record.lesson, record.step, day)
            if key not in seen:
                seen.add(key)
                out.setdefault(skill, []).append(record)
    return out


@dataclass(frozen=True)
class Scheduled:
    """A skill's card after its reviews, and the lesson of its last one."""

    skill: str
    card: Card
    lesson: str


def schedule(records: Iterable[AttemptRecord]) -> dict[str, Scheduled]:
    """Every solved skill's FSRS card after replaying its reviews, by skill name."""
    found = list(records)
    solved = {skill for r in found if r.correct for skill in r.skills}
    out = {}
    for skill, done in reviews(found).items():
        if skill not in solved:
            continue
        card = Card(card_id=1)
        for record in done:
            card, _ = SCHEDULER.review_card(card, rating(record), datetime.fromtimestamp(record.at, UTC))
        out[skill] = Scheduled(skill, card, done[-1].lesson)
    return out


def upcoming(source: Progress | Iterable[AttemptRecord]) -> list[Due]:
    """Every solved skill with when it is next due, soonest first."""
    records = attempts(source) if isinstance(source, Progress) else source
    rows = [Due(s.skill, s.lesson, s.card.due.astimezone(UTC)) for s in schedule(records).values()]
    return sorted(rows, key=lambda d: (d.when, d.skill))


def due(source: Progress | Iterable[AttemptRecord], at: datetime | None = None) -> list[Due]:
    """The skills due for review at ``at`` (default: ``clock.now()``), most overdue first."""
    moment = now() if at is None else at
    return [d for d in upcoming(source) if d.when <= moment]

"""Spaced review: when each solved skill comes back, scheduled by FSRS (the ``fsrs`` package).

Each skill is one FSRS card.  Its reviews are the learner's attempts at it, grouped into *sessions*: the
attempts at one step on one UTC day are one review, rated by its first attempt (``Again`` when wrong or
after the solution was revealed, ``Hard`` when right after a hint, ``Good`` when right on its own), so
a wrong try followed by a right one on the same day is one lapse, not two reviews.  A skill is scheduled
once it has been solved (some attempt right); until then it is practice, not review.  Help counts as the mastery
rule counts it (``rating``): an undo or a reset is help, like a hint.  Fuzzing is off and
there are no intra-day learning steps, so the schedule is a pure function of the record; what is due depends on
the moment asked about, which callers take from the store's clock (``Progress.clock``: ``TUTOR_NOW`` stops it in
tests and demonstrations).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from operator import itemgetter

from fsrs import Card, Rating, Scheduler

from tutor.learner.mastery import Source, brief
from tutor.progress.brief import Briefs, Kind
from tutor.progress.evidence import SOLUTION
from tutor.progress.records import AttemptRecord
from tutor.storage.clock import iso

SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
DAY = 86400  # seconds in a UTC day (POSIX time counts no leap seconds)
EPOCH = date(1970, 1, 1)


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


def rating(attempt: AttemptRecord | Kind) -> Rating:
    """How well a review went, from its first attempt (a record, or its kind), as the mastery rule scores an item
    (``tutor.progress.evidence``): ``Good`` only when right with no help, ``Hard`` when right after a hint, an undo or
    a reset, ``Again`` when wrong or after the solution was revealed."""
    if not attempt.correct or attempt.revealed or SOLUTION in attempt.aids:
        return Rating.Again
    return Rating.Hard if attempt.hint or attempt.aids else Rating.Good


def day_of(at: float) -> float:
    """The UTC day of a moment, as days since the epoch: the date ``clock.iso`` gives it.  ``iso`` rounds to the
    microsecond first, so within a hundredth of a second of midnight it is asked.

    >>> day_of(86399.5), day_of(86400.0), day_of(86399.9999999)
    (0.0, 1.0, 1)
    """
    day, rest = divmod(at, DAY)
    if rest < DAY - 0.01:
        return day
    return (datetime.fromtimestamp(at, UTC).date() - EPOCH).days


def firsts(found: Briefs) -> dict[tuple[int, int, float], float]:
    """The first attempt of each kind at each step on each day, by (kind, step, day), in time order (the time).

    A later attempt of the same kind, step and day is never a review: it shares every (skill, lesson, step,
    day) with that first one.  In time order the day changes seldom, so it is worked out again (``day_of``) only
    when a time leaves the stretch of the day before midnight where ``day_of`` needs no asking."""
    out: dict[tuple[int, int, float], float] = {}
    start = end = day = 0.0
    for index, at, step in sorted(found.rows, key=itemgetter(1)):
        if not start <= at < end:
            day = day_of(at)
            start = day * DAY
            end = start + DAY - 0.01 if start <= at < start + DAY - 0.01 else start
        out.setdefault((index, step, day), at)
    return out


def reviews(source: Source) -> dict[str, list[tuple[Kind, float]]]:
    """Each skill's reviews, in order: the first attempt (its kind and time) of each (lesson, step, day) it was
    exercised in."""
    found = brief(source)
    out: dict[str, list[tuple[Kind, float]]] = {}
    seen: set[tuple[str, str, int, float]] = set()
    for (index, step, day), at in firsts(found).items():
        kind = found.kinds[index]
        for skill in kind.skills:
            key = (skill, kind.lesson, step, day)
            if key not in seen:
                seen.add(key)
                out.setdefault(skill, []).append((kind, at))
    return out


@dataclass(frozen=True)
class Scheduled:
    """A skill's card after its reviews, and the lesson of its last one."""

    skill: str
    card: Card
    lesson: str


def schedule(source: Source) -> dict[str, Scheduled]:
    """Every solved skill's FSRS card after replaying its reviews, by skill name."""
    found = brief(source)
    solved = {skill for kind in found.kinds if kind.correct for skill in kind.skills}
    out = {}
    for skill, done in reviews(found).items():
        if skill not in solved:
            continue
        card = Card(card_id=1)
        for kind, at in done:
            card, _ = SCHEDULER.review_card(card, rating(kind), datetime.fromtimestamp(at, UTC))
        out[skill] = Scheduled(skill, card, done[-1][0].lesson)
    return out


def upcoming(source: Source) -> list[Due]:
    """Every solved skill with when it is next due, soonest first."""
    rows = [Due(s.skill, s.lesson, s.card.due.astimezone(UTC)) for s in schedule(source).values()]
    return sorted(rows, key=lambda d: (d.when, d.skill))


def due(source: Source, at: datetime) -> list[Due]:
    """The skills due for review at ``at``, most overdue first."""
    return [d for d in upcoming(source) if d.when <= at]

"""A learner's records as a DataShop transaction table (tab-delimited import format, LearnSphere DataShop).

One row per transaction, in time order: an attempt is ``ATTEMPT``/``RESULT`` with outcome ``CORRECT`` or
``INCORRECT``; a hint rung shown is ``HINT_REQUEST``/``HINT_MSG`` with outcome ``HINT`` and its ``Help Level``.
The columns are DataShop's (its "Tab-delimited format" help page): the required ``Anon Student Id`` (the
profile id), ``Session Id`` (the learner's day, UTC), ``Time`` (``yyyy-MM-dd HH:mm:ss``, UTC, with
``Time Zone``), ``Level(Lesson)`` and ``Problem Name`` (the lesson step), then ``Step Name`` (the variant
answered, or ``answer``), ``Attempt At Step``, ``Outcome``, ``Selection``/``Action``/``Input``,
``Feedback Text`` (the verdict), ``Feedback Classification`` (the misconception), ``Help Level``, one
``KC(Skills)`` column per skill (repeated, as DataShop reads several knowledge components), and custom
fields ``CF(Seconds)`` and ``CF(Revealed)``.  A tab or line break inside a value becomes a space.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime
from operator import attrgetter

from tutor.learner.export import AttemptRecord, HintRecord, Source

HEAD = ("Anon Student Id", "Session Id", "Time", "Time Zone", "Student Response Type", "Tutor Response Type",
        "Level(Lesson)", "Problem Name", "Step Name", "Attempt At Step", "Outcome", "Selection", "Action",
        "Input", "Feedback Text", "Feedback Classification", "Help Level")
TAIL = ("CF(Seconds)", "CF(Revealed)")
KC = "KC(Skills)"


def clean(value: object) -> str:
    r"""A value as one cell: tabs and line breaks become spaces (a printable text has neither: as it is).

    >>> clean("a\tb\nc"), clean(3), clean(None), clean("plain")
    ('a b c', '3', '', 'plain')
    """
    if value is None:
        return ""
    shown = value if isinstance(value, str) else str(value)
    return shown if shown.isprintable() else " ".join(shown.replace("\t", " ").splitlines())


def problem(lesson: str, step: int) -> str:
    """The DataShop problem of a lesson step: ``coins-1 step 3``."""
    return f"{lesson} step {step}"


def datashop_chunks(records: Source) -> Iterator[str]:
    """``to_datashop`` a line at a time: the header, then one row per transaction in time order."""
    kcs = records.most_skills or 1
    yield "\t".join((*HEAD, *([KC] * kcs), *TAIL)) + "\n"
    events: Iterable[AttemptRecord | HintRecord] = heapq.merge(records.attempts, records.hints, key=attrgetter("at"))
    tries: Counter[tuple[str, int, str]] = Counter()
    for event in events:
        when = datetime.fromtimestamp(event.at, UTC)
        first = (records.profile, f"{records.profile}-{when:%Y-%m-%d}", f"{when:%Y-%m-%d %H:%M:%S}", "UTC")
        place = (event.lesson, problem(event.lesson, event.step))
        if isinstance(event, AttemptRecord):
            step_name = event.variant or "answer"
            tries[(event.lesson, event.step, step_name)] += 1
            row = (*first, "ATTEMPT", "RESULT", *place, step_name, tries[(event.lesson, event.step, step_name)],
                   "CORRECT" if event.correct else "INCORRECT", "answer", "submit", event.answer, event.verdict,
                   event.misconception or "", "",
                   *(list(event.skills) + [""] * (kcs - len(event.skills))),
                   f"{event.seconds:g}", "yes" if event.revealed else "no")
        else:
            row = (*first, "HINT_REQUEST", "HINT_MSG", *place, "answer", "", "HINT", "answer", "hint", "", "", "",
                   event.level, *([""] * kcs), "", "")
        yield "\t".join([clean(v) for v in row]) + "\n"


def to_datashop(records: Source) -> str:
    """The DataShop transaction table (see the module docstring), with a header row."""
    return "".join(datashop_chunks(records))

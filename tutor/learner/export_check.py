"""Records checked against their meaning before an import stores them: nothing is stored that a later command
could not show.

``read_records`` already refuses a record whose fields have the wrong type.  What is checked here is what the
values mean: a time within the tutor's calendar (``clock.in_calendar``: later commands show it as a date), a
step, hint rung and seconds taken within their ranges (a step SQLite can store, seconds no longer than the
calendar), a lesson id within ``id_chars``, an answer (and every other text) within ``input_bytes``, and, given
what this machine knows (``Known``: its lessons with their step counts, the skills its puzzles declare), a
lesson it has, a step that lesson has, skills a puzzle declares.  The first record that fails is named in one
line (its kind, lesson, step and time) with what is wrong, and nothing of the file is stored.

Vocabulary:

* ``Known({"coins-1": 6}, frozenset({"coins/count-tables"}))`` - what this machine knows;
* ``check(records, known, where)`` - ``ExportError`` naming the first bad record, else nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from tutor.learner.export import (
    AttemptRecord,
    CompletedRecord,
    ExportError,
    HintRecord,
    PositionRecord,
    Records,
    SolutionRecord,
)
from tutor.limits import ID_CHARS, INPUT_BYTES
from tutor.screen.text import shorten
from tutor.storage.clock import CALENDAR, EARLIEST, LATEST, in_calendar, iso

SQLITE_INT = 2**63 - 1  # the largest whole number a SQLite INTEGER holds
SPAN = (LATEST - EARLIEST).total_seconds()  # the longest an answer can have taken: the whole calendar
AnyRecord = AttemptRecord | HintRecord | SolutionRecord | CompletedRecord | PositionRecord


@dataclass(frozen=True)
class Known:
    """What this machine knows: its lessons with how many steps each has, and every skill its puzzles declare."""

    steps: Mapping[str, int]
    skills: frozenset[str]


def each(records: Records) -> Iterator[tuple[str, AnyRecord]]:
    """Every record with the name of its kind."""
    kinds: tuple[tuple[str, tuple[AnyRecord, ...]], ...] = (
        ("attempt", records.attempts), ("hint", records.hints), ("revealed solution", records.solutions),
        ("completed step", records.completed), ("position", records.positions))
    for kind, rows in kinds:
        for row in rows:
            yield kind, row


def texts(record: AnyRecord) -> Iterator[tuple[str, str]]:
    """The free texts of a record besides its lesson id, by field name."""
    if isinstance(record, AttemptRecord):
        yield "answer", record.answer
        yield "verdict", record.verdict
        yield "misconception", record.misconception or ""
        yield "variant", record.variant
        for skill in record.skills:
            yield "skill", skill
    elif isinstance(record, CompletedRecord):
        yield "how", record.how


def ranges(record: AnyRecord) -> str:
    """Which number of ``record`` is outside its meaning, or ``""``."""
    if not in_calendar(record.at):
        return f"its time {record.at!r} is not in the tutor's calendar ({CALENDAR}, as Unix seconds)"
    if not 1 <= record.step <= SQLITE_INT:
        return f"its step {digits(record.step)} is not a step of a lesson"
    level = record.level if isinstance(record, HintRecord) else record.hint if isinstance(record, AttemptRecord) \
        else 0
    if not 0 <= level <= SQLITE_INT:
        return f"its hint rung {digits(level)} is not a rung of a hint ladder"
    if isinstance(record, AttemptRecord) and not 0 <= record.seconds <= SPAN:
        return f"its seconds taken {record.seconds!r} is not a time an answer can take"
    return ""


def sizes(record: AnyRecord) -> str:
    """What is too long in ``record`` (the limit named), or ``""``."""
    if len(record.lesson) > ID_CHARS.value:
        return str(ID_CHARS.error(f"its lesson id has {len(record.lesson):,} characters"))
    for field, value in texts(record):
        if len(value) > INPUT_BYTES.value or len(value.encode("utf-8", "surrogatepass")) > INPUT_BYTES.value:
            return str(INPUT_BYTES.error(f"its {field} has more than {INPUT_BYTES.value:,} bytes"))
    return ""


def meaning(record: AnyRecord, known: Known) -> str:
    """What ``record`` says that this machine does not know (a lesson, a step, a skill), or ``""``."""
    steps = known.steps.get(record.lesson)
    if steps is None:
        return "no lesson here has that id (name the folder it comes from with --lessons DIR)"
    if record.step > steps:
        return f"lesson {record.lesson!r} has {steps} steps, not {record.step}"
    unknown = [s for s in record.skills if s not in known.skills] if isinstance(record, AttemptRecord) else []
    if unknown:
        return f"no puzzle declares the skill {shorten(unknown[0], 60)}"
    return ""


def digits(value: int) -> str:
    """A whole number for a message, a long one cut short: ``10000000000000000000... (31 digits)``.

    >>> digits(12), digits(10**30)
    ('12', '10000000000000000000... (31 digits)')
    """
    shown = str(value)
    return shown if len(shown) <= 20 else f"{shown[:20]}... ({len(shown.lstrip('-'))} digits)"


def name(kind: str, record: AnyRecord) -> str:
    """A record in a few words: ``the attempt at lesson 'coins-1' step 2 (2026-03-01T09:30:00Z)``."""
    when = iso(record.at) if in_calendar(record.at) else repr(record.at)
    return f"the {kind} at lesson {shorten(record.lesson, 40)} step {digits(record.step)} ({when})"


def check(records: Records, known: Known | None, where: str) -> None:
    """``ExportError`` naming ``where`` and the first record with a number outside its meaning, a text too long
    or, given what this machine ``known``s, a lesson, step or skill it does not have; nothing otherwise."""
    if len(records.profile) > ID_CHARS.value:
        raise ExportError(f"{where}: {ID_CHARS.error(f'its profile id has {len(records.profile):,} characters')}")
    for kind, record in each(records):
        problem = ranges(record) or sizes(record) or (meaning(record, known) if known is not None else "")
        if problem:
            raise ExportError(f"{where}: {name(kind, record)}: {problem}")

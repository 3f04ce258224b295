"""A learner's records as they leave the machine: read from any export, written as JSON, xAPI or DataShop.

The vocabulary (one learner's records, whatever format they came in):

* ``AttemptRecord`` - one judged answer: lesson, step (as authors count, from 1), answer, verdict, the
  seconds it took, when (Unix time), the skills it exercised, the misconception it showed, the hint rung
  reached before it, whether the solution had been revealed, the variant (JSON text);
* ``HintRecord``, ``SolutionRecord``, ``CompletedRecord`` - a hint rung shown, a solution revealed, a step
  completed; ``PositionRecord`` - where the learner stood in a lesson;
* ``Records`` - all of one learner's records and their profile id.

Every record has a stable ``key`` made of what it is (lesson, step, time, answer...), never of the
machine it was recorded on: an import compares keys, so importing an export twice adds nothing, and the
xAPI statement id is the attempt's key as a UUID (a learning record store drops a statement sent twice).

The formats: ``to_json`` here, ``export_xapi`` and ``export_datashop``; ``export_formats`` picks one by
name (``tutor progress --export FILE --format NAME``) and reads JSON or xAPI back (``--import``, ``tutor class``).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import math
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import msgspec

from tutor.errors import TutorError
from tutor.progress.evidence import read_aids

Json = Any  # parsed JSON: dict, list, str, number, bool or None
NAMESPACE = uuid.UUID("6f0c3d52-1b7e-4f0e-9a43-2d1c8b7e5a10")  # the tutor's own namespace for record ids
FORMAT_VERSION = 3  # the "format" of a JSON export: 2 adds the learner-model fields and 1-based steps, 3 evidence


def name_id(name: str) -> str:
    """``str(uuid.uuid5(NAMESPACE, name))`` computed directly (an export names every record: the ``uuid`` module's
    checks and conversions cost more than the SHA-1 itself).

    >>> name_id("attempt") == str(uuid.uuid5(NAMESPACE, "attempt"))
    True
    """
    digest = bytearray(hashlib.sha1(NAMESPACE.bytes + name.encode("utf-8")).digest()[:16])
    digest[6] = (digest[6] & 0x0F) | 0x50  # version 5
    digest[8] = (digest[8] & 0x3F) | 0x80  # the RFC 4122 variant
    x = digest.hex()
    return f"{x[:8]}-{x[8:12]}-{x[12:16]}-{x[16:20]}-{x[20:]}"


class ExportError(TutorError):
    """An export file that cannot be read: the message says which file and what is wrong where."""


@dataclass(frozen=True)
class AttemptRecord:
    """One judged answer (``step`` from 1, as authors count; ``at`` in Unix seconds)."""

    lesson: str
    step: int
    answer: str
    correct: bool
    verdict: str
    seconds: float
    at: float
    skills: tuple[str, ...] = ()
    misconception: str | None = None
    hint: int = 0
    revealed: bool = False
    variant: str = ""
    instance: str = ""  # the evidence fields (``tutor.progress.evidence``): what was asked, the item, the try, the help
    item: int = 0
    nth: int = 0
    aids: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """The attempt's identity, the same on every machine and in every format: a UUID.  Its time, seconds
        taken, verdict and variant are part of it, so two answers alike given at one moment (a frozen
        ``TUTOR_NOW``, a coarse clock) are still two attempts: a game's move and the same move winning it, or one
        number given to two practice items."""
        what = f"{self.at!r}\x1f{self.seconds!r}\x1f{self.verdict}\x1f{self.variant}\x1f{self.answer}"
        return name_id(f"attempt\x1f{self.lesson}\x1f{self.step}\x1f{what}")


@dataclass(frozen=True)
class HintRecord:
    """Rung ``level`` of a step's hint ladder was shown."""

    lesson: str
    step: int
    level: int
    at: float

    @property
    def key(self) -> str:
        """The hint's identity: a UUID."""
        return name_id(f"hint\x1f{self.lesson}\x1f{self.step}\x1f{self.level}\x1f{self.at!r}")


@dataclass(frozen=True)
class SolutionRecord:
    """A step's solution was revealed."""

    lesson: str
    step: int
    at: float

    @property
    def key(self) -> str:
        """The revealed solution's identity: a UUID."""
        return name_id(f"solution\x1f{self.lesson}\x1f{self.step}\x1f{self.at!r}")


@dataclass(frozen=True)
class CompletedRecord:
    """A step was completed (``how``: answered, ...); a step is completed once."""

    lesson: str
    step: int
    how: str
    at: float

    @property
    def key(self) -> str:
        """A completed step's identity: the step itself (completing it again adds nothing)."""
        return name_id(f"completed\x1f{self.lesson}\x1f{self.step}")


@dataclass(frozen=True)
class PositionRecord:
    """The learner stood at ``step`` of ``lesson`` at time ``at``."""

    lesson: str
    step: int
    at: float


@dataclass(frozen=True)
class Records:
    """Everything one learner recorded, in time order within each kind."""

    profile: str
    attempts: tuple[AttemptRecord, ...] = ()
    hints: tuple[HintRecord, ...] = ()
    solutions: tuple[SolutionRecord, ...] = ()
    completed: tuple[CompletedRecord, ...] = ()
    positions: tuple[PositionRecord, ...] = field(default=())

    @property
    def most_skills(self) -> int:
        """The most skills one attempt names (the DataShop table's skill columns)."""
        return max((len(a.skills) for a in self.attempts), default=0)


# -- reading a store's export -----------------------------------------------------------------------------


def records_of(data: Mapping[str, Json], where: str = "the export") -> Records:
    """The records of ``Progress.export()`` data, or of a JSON export file read back (``format`` 2 counts steps
    from 1; the store and older files from 0); ``ExportError`` naming ``where`` and the bad row if malformed."""
    if not isinstance(data, Mapping):
        raise ExportError(f"{where} is not a tutor progress export (expected a JSON object with 'attempts')")
    shift = 0 if data.get("format") in (2, FORMAT_VERSION) else 1
    profile = data.get("profile", "")
    if not isinstance(profile, str):
        raise ExportError(f"{where}: 'profile' is {profile!r}, not text")

    def rows(table: str) -> list[Mapping[str, Json]]:
        found = data.get(table, [])
        if not isinstance(found, list) or not all(isinstance(r, Mapping) for r in found):
            raise ExportError(f"{where}: {table!r} is not a list of records")
        return found

    def each(table: str, build: Callable[[Mapping[str, Json]], Any]) -> tuple[Any, ...]:
        out = []
        for number, row in enumerate(rows(table), 1):
            try:
                out.append(build(row))
            except (KeyError, TypeError, ValueError) as err:
                raise ExportError(f"{where}: {table} record {number} is malformed ({describe(err)})") from None
        return tuple(sorted(out, key=lambda r: r.at))

    return Records(
        profile,
        each("attempts", lambda r: attempt_of(r, shift)),
        each("hints", lambda r: HintRecord(text(r, "lesson"), place(r, shift), whole(r, "level"),
                                           moment(r))),
        each("solutions", lambda r: SolutionRecord(text(r, "lesson"), place(r, shift), moment(r))),
        each("completed", lambda r: CompletedRecord(text(r, "lesson"), place(r, shift),
                                                    str(r.get("how", "answered")), moment(r))),
        each("position", lambda r: PositionRecord(text(r, "lesson"), place(r, shift), moment(r))),
    )


def attempt_of(row: Mapping[str, Json], shift: int = 0) -> AttemptRecord:
    """One attempt row (a store's, or a JSON export's) as a record; ``KeyError``/``ValueError`` if malformed."""
    skills = row.get("skills", [])
    skills = stored_names(skills or "[]") if isinstance(skills, str) else names(skills)  # the store: JSON text
    misconception = row.get("misconception")
    if misconception is not None and not isinstance(misconception, str):
        raise ValueError(f"misconception {misconception!r} is not a name")
    variant = row.get("variant", "")
    item, nth, aids = evidence_of(row)
    return AttemptRecord(text(row, "lesson"), place(row, shift), text(row, "answer"),
                         bool(row["correct"]), str(row.get("verdict", "")), number(row, "seconds"), moment(row),
                         skills, misconception, int(row.get("hint") or 0), bool(row.get("revealed")),
                         variant if isinstance(variant, str) else json.dumps(variant, sort_keys=True),
                         text(row, "instance"), item, nth, aids)


def names(skills: Json) -> tuple[str, ...]:
    """A list of skill names as a tuple; ``ValueError`` for anything else."""
    if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
        raise ValueError(f"skills {skills!r} is not a list of names")
    return tuple(skills)


@functools.lru_cache(maxsize=1024)
def stored_names(text: str) -> tuple[str, ...]:
    """``names`` of the JSON text a store keeps (a store repeats a few lists: each read once)."""
    return names(json.loads(text))


stored_aids = functools.lru_cache(maxsize=1024)(read_aids)  # the aids column, each text read once


def evidence_of(row: Mapping[str, Json]) -> tuple[int, int, tuple[str, ...]]:
    """An attempt's item, try and aids (``tutor.progress.evidence``), which every attempt must carry: nothing is
    guessed, so a row without them is refused (``KeyError``/``ValueError``, the record named by the caller)."""
    item, nth, aids = whole(row, "item"), whole(row, "nth"), row["aids"]
    if item < 0 or nth < 0:
        raise ValueError(f"item {item!r} or try {nth!r} is below 0")
    return item, nth, stored_aids(aids) if isinstance(aids, str) else read_aids(json.dumps(aids))


def text(row: Mapping[str, Json], key: str) -> str:
    """A text field; ``ValueError`` if it is something else."""
    value = row[key]
    if not isinstance(value, str):
        raise ValueError(f"{key} {value!r} is not text")
    return value


def whole(row: Mapping[str, Json], key: str) -> int:
    """A whole-number field (not a bool); ``ValueError`` if it is something else."""
    value = row[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{key} {value!r} is not a whole number")
    return value


def place(row: Mapping[str, Json], shift: int) -> int:
    """The step of a row, from 1 (``shift`` 1 for a row that counts from 0); ``ValueError`` if below 1."""
    step = whole(row, "step") + shift
    if step < 1:
        raise ValueError(f"step {row['step']!r} is not a step of a lesson")
    return step


def number(row: Mapping[str, Json], key: str) -> float:
    """A finite number field; ``ValueError`` if it is something else."""
    value = row[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{key} {value!r} is not a number")
    return float(value)


def moment(row: Mapping[str, Json]) -> float:
    """The ``at`` field: Unix seconds."""
    return number(row, "at")


def describe(err: BaseException) -> str:
    """A reading error in a few words: a missing field is named as such."""
    return f"no {err.args[0]!r}" if isinstance(err, KeyError) else str(err)


# -- the formats --------------------------------------------------------------------------------------------


class Source(Protocol):
    """One learner's records as the writers read them: ``Records`` (held), or a store read as it is written
    (``export_file.Stored``); each table is iterated in time order, and may be asked for more than once."""

    @property
    def profile(self) -> str:
        """The learner's profile id."""

    @property
    def attempts(self) -> Iterable[AttemptRecord]:
        """The attempts, in time order."""

    @property
    def hints(self) -> Iterable[HintRecord]:
        """The hint rungs shown, in time order."""

    @property
    def solutions(self) -> Iterable[SolutionRecord]:
        """The solutions revealed, in time order."""

    @property
    def completed(self) -> Iterable[CompletedRecord]:
        """The steps completed, in time order."""

    @property
    def positions(self) -> Iterable[PositionRecord]:
        """Where the learner stood in each lesson, in time order."""

    @property
    def most_skills(self) -> int:
        """The most skills one attempt names (asked before the attempts are read: a store answers it without
        reading them)."""


def fields(record: object) -> dict[str, Json]:
    """A record's fields by name, in order (``dataclasses.asdict`` without its deep copy: every field of a record
    is a plain value or a tuple of them)."""
    return dict(vars(record))


def attempt_row(a: AttemptRecord) -> dict[str, Json]:
    """An attempt as the JSON export writes it: its fields, skills and aids lists, and its key as ``id``."""
    return {**vars(a), "skills": list(a.skills), "aids": list(a.aids), "id": a.key}


BATCH = 512  # rows encoded at once: few enough to hold, many enough that Python's work per row is small


def json_array(rows: Iterable[Json], indent: str) -> Iterator[str]:
    r"""``rows`` as a JSON list laid out as ``json.dumps(list(rows), indent=2, ensure_ascii=False)`` lays it out
    nested at ``indent`` (numbers in their shortest form), ``BATCH`` rows at a time.

    >>> rows = [{"a": [1, "x\ny"]}, {}, 2.5]
    >>> "".join(json_array(rows, "  ")) == json.dumps(rows, indent=2).replace("\n", "\n  ")
    True
    """
    each, first = iter(rows), True
    while batch := list(itertools.islice(each, BATCH)):  # msgspec lays out in C (json.dumps with an indent: Python)
        shown = msgspec.json.format(msgspec.json.encode(batch), indent=2).decode("utf-8")
        yield ("[" if first else ",") + "\n" + indent + shown[2:-2].replace("\n", "\n" + indent)
        first = False  # a line break inside a string is escaped: each one here starts a line of the layout
    yield "[]" if first else f"\n{indent}]"


def json_chunks(records: Source) -> Iterator[str]:
    """``to_json`` in pieces, a record at a time (the text is the same)."""
    yield f'{{\n  "format": {FORMAT_VERSION},\n  "profile": {json.dumps(records.profile)},\n'
    tables: tuple[tuple[str, Iterable[Json]], ...] = (
        ("attempts", map(attempt_row, records.attempts)), ("hints", map(fields, records.hints)),
        ("completed", map(fields, records.completed)), ("solutions", map(fields, records.solutions)),
        ("position", map(fields, records.positions)))
    for number, (table, rows) in enumerate(tables, 1):
        yield f"  {json.dumps(table)}: "
        yield from json_array(rows, "  ")
        yield ",\n" if number < len(tables) else "\n}"


def to_json(records: Source) -> str:
    """The JSON export: today's export of the store (every table) with 1-based steps and each attempt's
    learner-model fields as JSON values (``format`` says so)."""
    return "".join(json_chunks(records))

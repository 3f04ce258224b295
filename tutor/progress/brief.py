"""Attempts in brief: what the learner model reads of every attempt, read in one query and decoded once per kind.

The learner model (mastery by knowledge tracing, the review schedule) needs of an attempt only its lesson, its
skills, how it went (right, the hint rung reached, whether the solution was revealed), its step and its time.
Most attempts share the first five with many others (a learner answers the same steps again and again), so
``briefs`` reads those columns only and makes one ``Kind`` per distinct combination (the skills' JSON decoded
once per kind, not once per row); each attempt is then a short tuple ``(kind index, at, step)``.  Everything is
read exactly as ``records.attempts`` reads it (``records.from_row``), in the same order, kept attempts last, so
whatever is computed from the briefs equals what the full records give (tests/test_learner_fast.py checks it).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple
from weakref import WeakKeyDictionary

from tutor.progress.events import Attempt
from tutor.progress.records import AttemptRecord, attempts, columns, from_event, from_row, has_evidence
from tutor.progress.schema import text_column

if TYPE_CHECKING:
    from tutor.progress import Progress

Row = tuple[int, float, int]  # one attempt: (index of its kind in Briefs.kinds, at in epoch seconds, step 1-based)
KIND_FIELDS = ("lesson", "skills", "correct", "hint", "revealed", "instance", "item", "nth", "aids")


@dataclass(frozen=True)
class Kind:
    """What attempts of one kind share: the lesson, the skills exercised, and how the answer went."""

    lesson: str
    skills: tuple[str, ...]
    correct: bool
    hint: int
    revealed: bool
    instance: str = ""  # the evidence fields (``progress.evidence``): what was asked, which item, which try, the help
    item: int = 0
    nth: int = 0
    aids: tuple[str, ...] = ()


@dataclass(frozen=True)
class Briefs:
    """Every attempt in brief, in the order ``records.attempts`` gives them: the kinds, and a row per attempt."""

    kinds: tuple[Kind, ...]
    rows: tuple[Row, ...]


def kind_of(record: AttemptRecord) -> Kind:
    """An attempt record's kind."""
    return Kind(record.lesson, record.skills, record.correct, record.hint, record.revealed, record.instance,
                record.item, record.nth, record.aids)


class Kinds:
    """Kinds met so far, each numbered once, by the key it was read from (raw columns, or a record's fields)."""

    def __init__(self) -> None:
        self.index: dict[Any, int] = {}
        self.found: list[Kind] = []

    def number(self, kind: Kind) -> int:
        """The index of ``kind``, added if new."""
        return self.key(kind, kind)

    def key(self, key: Any, kind: Kind) -> int:
        """The index of the kind read from ``key`` (``kind`` is added under it if the key is new)."""
        found = self.index.get(key)
        if found is None:
            found = self.index[key] = len(self.found)
            self.found.append(kind)
        return found


def from_records(records: Iterable[AttemptRecord]) -> Briefs:
    """Attempt records in brief, in their order."""
    kinds = Kinds()
    rows = tuple((kinds.number(kind_of(r)), r.at, r.step) for r in records)
    return Briefs(tuple(kinds.found), rows)


def briefs(progress: Progress) -> Briefs:
    """Every attempt recorded, in brief, oldest first (by time, then as stored), kept attempts last: one query for
    the columns the learner model reads, and each distinct kind decoded once, as ``from_row`` decodes it.

    What was read is kept with the store (``Read``): the next call reads only the attempts stored since, unless
    another connection wrote to the file, a lesson was reset or the file was opened again (then all of it)."""
    if not has_evidence(progress):  # a read-only file of an older tutor: stamped as the records are
        return from_records(attempts(progress))
    read = _READ.get(progress)
    if read is None or not read.fresh(progress):
        read = _READ[progress] = Read(progress.db, _version(progress), progress.resets)
    read.more(progress)
    kinds = Kinds()
    kinds.index, kinds.found = dict(read.kinds.index), list(read.kinds.found)
    rows = sorted(read.rows, key=itemgetter(1))  # stable: by time, then by id as read (``ORDER BY at, id``)
    for event in progress.pending:
        if isinstance(event, Attempt):
            record = from_event(event, "")
            rows.append((kinds.number(kind_of(record)), record.at, record.step))
    return Briefs(tuple(kinds.found), tuple(rows))


class Read:
    """The stored attempts of one store read so far, in brief and in id order: the connection and the file's
    version they were read at, the store's resets then, and the last id read."""

    def __init__(self, db: sqlite3.Connection | None, version: int, resets: int) -> None:
        self.db, self.version, self.resets = db, version, resets
        self.last = 0
        self.kinds = Kinds()
        self.rows: list[Row] = []

    def fresh(self, progress: Progress) -> bool:
        """Whether the attempts read still stand: the same connection, no lesson reset through it, and no other
        connection's commit since (SQLite's ``data_version``); then only the attempts added since are missing."""
        return progress.db is self.db and progress.resets == self.resets and _version(progress) == self.version

    def more(self, progress: Progress) -> None:
        """Read the attempts stored after the last one read."""
        kinds, append = self.kinds, self.rows.append
        known = kinds.index
        for row in stored(progress, self.last):
            key = row[:9]  # (lesson, skills, correct, hint, revealed, instance, item, nth, aids)
            index = known.get(key)
            if index is None:
                lesson, skills, correct, hint, revealed, instance, item, nth, aids, at, step, _ = row
                record = from_row((lesson, step, "", correct, "", 0.0, at, skills, None, hint, revealed, "",
                                   instance, item, nth, aids), "")
                index = kinds.key(key, kind_of(record))
            append((index, float(row[9]), int(row[10]) + 1))
            self.last = max(self.last, int(row[11]))


_READ: WeakKeyDictionary[Progress, Read] = WeakKeyDictionary()


def _version(progress: Progress) -> int:
    """The file's ``PRAGMA data_version`` as the store's connection sees it (it changes when another connection
    commits); -1 without a file."""
    found = progress._run("PRAGMA data_version")
    return int(found[0][0]) if found else -1


def stored(progress: Progress, after: int = 0) -> list[tuple[Any, ...]]:
    """The stored attempts' columns that make a brief, then their id, in the order they were stored (those with an
    id above ``after``).

    Text is first read by sqlite3's own ``str`` (in C) rather than the store's ``text_column`` (a Python call per
    text cell, a third of the read); only if some text is not UTF-8 is it read again the store's way."""
    sql = f"SELECT {columns(progress, KIND_FIELDS)}, at, step, id FROM attempts WHERE id > ? ORDER BY id"
    db = progress.db
    if db is not None and db.text_factory is text_column:
        db.text_factory = str
        try:
            return db.execute(sql, (after,)).fetchall()
        except sqlite3.Error:
            pass  # read again below, where damaged text reads as text and other errors are the store's to report
        finally:
            db.text_factory = text_column
    return progress._run(sql, (after,))


class Brief(NamedTuple):
    """One attempt in brief as ``evidence.items`` reads it (``evidence.Tried``): its kind, time and step (a named
    tuple: one is made per stored attempt at each ``/progress``)."""

    kind: Kind
    at: float
    step: int

    @property
    def lesson(self) -> str:
        return self.kind.lesson

    @property
    def instance(self) -> str:
        return self.kind.instance

    @property
    def item(self) -> int:
        return self.kind.item

    @property
    def nth(self) -> int:
        return self.kind.nth

    @property
    def correct(self) -> bool:
        return self.kind.correct

    @property
    def aids(self) -> tuple[str, ...]:
        return self.kind.aids

    @property
    def skills(self) -> tuple[str, ...]:
        return self.kind.skills

    @property
    def hint(self) -> int:
        return self.kind.hint

    @property
    def revealed(self) -> bool:
        return self.kind.revealed


def tried(found: Briefs) -> list[Brief]:
    """Every attempt of ``found`` in its order, as scoring reads it (``evidence.items``)."""
    kinds = found.kinds
    make = Brief._make
    return [make((kinds[index], at, step)) for index, at, step in found.rows]

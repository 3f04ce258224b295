"""``tutor progress --export FILE``: an export that cannot hurt what it is written over.

The file named is refused, before anything is read or written, if it is the live progress database or one of
its journals (by name, through a link, or as a hard link: the same file by device and inode), or if something
other than a regular file is there (a FIFO would block, a device would swallow the export).  The export is
written to a temporary file in the same folder and renamed over the name only once complete, so an export
that fails half-way (a full disk) leaves what was there before.  The format's writer yields the text in
pieces (``export_formats.chunks``), so the whole export is never held as one string.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import tempfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tutor.learner.export import (
    AttemptRecord,
    CompletedRecord,
    ExportError,
    HintRecord,
    PositionRecord,
    SolutionRecord,
    attempt_of,
    describe,
    moment,
    place,
    stored_names,
    text,
    whole,
)
from tutor.learner.export_formats import chunks
from tutor.progress import Progress
from tutor.storage.files import escape, file_kind

R = TypeVar("R")
JOURNALS = ("", "-wal", "-shm", "-journal")  # the database and the files SQLite keeps beside it


def same_file(target: str, other: Path) -> bool:
    """Whether ``target`` names ``other``: the same path once links are resolved, or the same device and inode."""
    if os.path.realpath(target) == os.path.realpath(other):
        return True
    try:
        return os.path.samefile(target, other)
    except OSError:  # either is missing: not the same file
        return False


def guard(target: str, store: Path | None) -> None:
    """``ExportError`` (one line) if ``target`` is the live store or a journal of it, or is there and is not a
    regular file; nothing otherwise."""
    shown = repr(escape(target))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as err:
        raise ExportError(f"cannot export to {shown}: {err.strerror}") from None
    if mode is not None and not stat.S_ISREG(mode):
        raise ExportError(f"cannot export to {shown}: it is {file_kind(mode)}, not a regular file")
    for suffix in JOURNALS if store is not None else ():
        if same_file(target, Path(f"{store}{suffix}")):
            what = "the progress database itself" if not suffix else f"the progress database's journal ({suffix[1:]})"
            raise ExportError(f"cannot export to {shown}: it is {what}, which the export would destroy; name "
                              "another file")


@dataclass(frozen=True)
class Stored:
    """A store's records read as they are written (an ``export.Source``): each table a fresh pass over its rows
    in time order, so memory stays flat however many there are."""

    store: Progress
    profile: str

    def each(self, table: str, build: Callable[[Mapping[str, Any]], R]) -> Iterator[R]:
        """The records of ``table``, built one row at a time (the store counts steps from 0)."""
        for number, row in enumerate(self.store.rows(table), 1):
            try:
                yield build(row)
            except (KeyError, TypeError, ValueError) as err:
                raise ExportError(f"this machine's progress: {table} record {number} is malformed "
                                  f"({describe(err)})") from None

    @property
    def attempts(self) -> Iterator[AttemptRecord]:
        """The attempts, in time order."""
        return self.each("attempts", lambda r: attempt_of(r, 1))

    @property
    def hints(self) -> Iterator[HintRecord]:
        """The hint rungs shown, in time order."""
        return self.each("hints", lambda r: HintRecord(text(r, "lesson"), place(r, 1), whole(r, "level"), moment(r)))

    @property
    def solutions(self) -> Iterator[SolutionRecord]:
        """The solutions revealed, in time order."""
        return self.each("solutions", lambda r: SolutionRecord(text(r, "lesson"), place(r, 1), moment(r)))

    @property
    def completed(self) -> Iterator[CompletedRecord]:
        """The steps completed, in time order."""
        return self.each("completed", lambda r: CompletedRecord(text(r, "lesson"), place(r, 1),
                                                                str(r.get("how", "answered")), moment(r)))

    @property
    def positions(self) -> Iterator[PositionRecord]:
        """Where the learner stood in each lesson, in time order."""
        return self.each("position", lambda r: PositionRecord(text(r, "lesson"), place(r, 1), moment(r)))

    @property
    def most_skills(self) -> int:
        """The most skills one attempt names, from the few distinct skill lists the store holds (a list that is
        not one counts none here: reading its attempt says what is wrong with it)."""
        most = 0
        for listed in self.store.distinct("attempts", "skills"):
            with suppress(ValueError):
                most = max(most, len(stored_names(listed or "[]")))
        return most


def write_export(progress: Progress, target: str, form: str) -> None:
    """Write everything ``progress`` holds to ``target`` in the format ``form``, through a temporary file renamed
    over it; ``ExportError`` (one line) if the target is refused (``guard``) or cannot be written."""
    guard(target, progress.path)
    records = Stored(progress, progress.profile_id())
    folder = os.path.dirname(os.path.abspath(target))
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{os.path.basename(target)[:40]}.", suffix=".tmp", dir=folder)
    except OSError as err:
        raise ExportError(f"cannot write {escape(target)!r}: {err.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            for piece in chunks(records, form):
                handle.write(piece)
        os.chmod(temporary, 0o644)  # an export is to be shared, unlike mkstemp's private file
        os.replace(temporary, target)
    except BaseException as err:  # a failed export (a full disk, an interrupt) leaves only what was there before
        Path(temporary).unlink(missing_ok=True)
        if isinstance(err, OSError | sqlite3.Error):
            why = err.strerror if isinstance(err, OSError) else f"cannot read progress: {err}"
            raise ExportError(f"cannot write {escape(target)!r}: {why}") from None
        raise

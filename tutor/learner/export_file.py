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
from pathlib import Path

from tutor.files import escape, file_kind
from tutor.learner.export import ExportError, records_of
from tutor.learner.export_formats import chunks
from tutor.progress import Progress

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


def write_export(progress: Progress, target: str, form: str) -> None:
    """Write everything ``progress`` holds to ``target`` in the format ``form``, through a temporary file renamed
    over it; ``ExportError`` (one line) if the target is refused (``guard``) or cannot be written."""
    guard(target, progress.path)
    try:
        records = records_of(progress.export(), "this machine's progress")
    except sqlite3.Error as err:
        raise ExportError(f"cannot read progress: {err}") from None
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
    except OSError as err:
        Path(temporary).unlink(missing_ok=True)
        raise ExportError(f"cannot write {escape(target)!r}: {err.strerror}") from None

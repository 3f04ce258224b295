"""The progress database's file: its schema and migrations, opening it safely, and moving a damaged one aside.

* ``MIGRATIONS`` - ``MIGRATIONS[v]`` takes a file from ``PRAGMA user_version`` v to v + 1; a file
  from before versions (issue 11) has version 0 and the tables already (``IF NOT EXISTS``);
* ``connect`` - open, ``PRAGMA quick_check``, check the columns, migrate, WAL; ``Damaged`` if unusable;
* ``move_aside`` - rename a damaged file and its journals to ``<name>.damaged-<time>``.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TypeVar

from tutor.progress.events import Event
from tutor.progress.evidence import Legacy, backfill

T = TypeVar("T")

SCHEMA_V1 = """
CREATE TABLE IF NOT EXISTS profile (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step INTEGER NOT NULL, answer TEXT NOT NULL,
    correct INTEGER NOT NULL, verdict TEXT NOT NULL, seconds REAL NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS hints (
    id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step INTEGER NOT NULL, level INTEGER NOT NULL,
    at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS completed (
    lesson TEXT NOT NULL, step INTEGER NOT NULL, how TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (lesson, step));
CREATE TABLE IF NOT EXISTS solutions (
    id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step INTEGER NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS position (
    lesson TEXT PRIMARY KEY, step INTEGER NOT NULL, at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    lesson TEXT NOT NULL, step INTEGER NOT NULL, moves TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (lesson, step))
"""
INDEXES_V2 = """
CREATE INDEX IF NOT EXISTS attempts_by_lesson ON attempts (lesson);
CREATE INDEX IF NOT EXISTS hints_by_lesson ON hints (lesson);
CREATE INDEX IF NOT EXISTS solutions_by_lesson ON solutions (lesson)
"""
LEARNER_V3 = """
ALTER TABLE attempts ADD COLUMN skills TEXT NOT NULL DEFAULT '[]';
ALTER TABLE attempts ADD COLUMN misconception TEXT;
ALTER TABLE attempts ADD COLUMN hint INTEGER NOT NULL DEFAULT 0;
ALTER TABLE attempts ADD COLUMN revealed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE attempts ADD COLUMN variant TEXT NOT NULL DEFAULT ''
"""  # what the learner model reads (issue 21): an older attempt has no skills, misconception or hint recorded
EVIDENCE_V4 = """
ALTER TABLE attempts ADD COLUMN instance TEXT NOT NULL DEFAULT '';
ALTER TABLE attempts ADD COLUMN item INTEGER NOT NULL DEFAULT 0;
ALTER TABLE attempts ADD COLUMN nth INTEGER NOT NULL DEFAULT 0;
ALTER TABLE attempts ADD COLUMN aids TEXT NOT NULL DEFAULT '[]'
"""  # evidence per item (issue 28, ``progress.evidence``): older attempts are stamped by ``stamp_legacy`` after it


def stamp_legacy(db: sqlite3.Connection) -> None:
    """Give every attempt stored before evidence fields its stamp (``evidence.backfill``), oldest first."""
    rows = db.execute("SELECT id, lesson, step, variant, correct, verdict, skills, hint, revealed FROM attempts "
                      "ORDER BY at, id").fetchall()
    legacy = [Legacy(str(lesson), int(step), str(variant or ""), bool(correct),
                     not (verdict == "move" and not correct and skills in ("[]", "")), int(hint or 0), bool(revealed))
              for _, lesson, step, variant, correct, verdict, skills, hint, revealed in rows]
    db.executemany("UPDATE attempts SET instance = ?, item = ?, nth = ?, aids = ? WHERE id = ?",
                   [(s.instance, s.item, s.nth, json.dumps(list(s.aids)), row[0])
                    for row, s in zip(rows, backfill(legacy), strict=True)])


Migration = str | Callable[[sqlite3.Connection], None]  # SQL statements, or a function run in the transaction
MIGRATIONS: tuple[Migration | tuple[Migration, ...], ...] = (
    SCHEMA_V1, INDEXES_V2, LEARNER_V3, (EVIDENCE_V4, stamp_legacy))  # MIGRATIONS[v]: user_version v to v + 1
# What a file must have to be a tutor progress database (the first version's columns; later versions may add
# columns, never remove these).  Columns added by migrations are read with their defaults where a file that
# cannot be migrated (read-only) lacks them: ``ADDED``.
COLUMNS = {
    "profile": {"key", "value"},
    "attempts": {"lesson", "step", "answer", "correct", "verdict", "seconds", "at"},
    "hints": {"lesson", "step", "level", "at"},
    "completed": {"lesson", "step", "how", "at"},
    "solutions": {"lesson", "step", "at"},
    "position": {"lesson", "step", "at"},
    "games": {"lesson", "step", "moves", "at"},
}
ADDED = {"attempts": {"skills": "'[]'", "misconception": "NULL", "hint": "0", "revealed": "0", "variant": "''",
                      "instance": "''", "item": "0", "nth": "0", "aids": "'[]'"}}
LESSON_TABLES = ("attempts", "hints", "completed", "solutions", "position", "games")
NOT_A_DATABASE = 26  # SQLITE_NOTADB: the file's header is not a database's
DAMAGE_CODES = {11, NOT_A_DATABASE}  # SQLITE_CORRUPT, SQLITE_NOTADB


class Damaged(Exception):
    """The file is not a usable progress database; the message says why."""


def describe(err: BaseException) -> str:
    """An error in a few words: ``database is locked``."""
    return str(err) or type(err).__name__


def is_busy(err: sqlite3.Error) -> bool:
    """Whether another connection holds the lock (worth retrying)."""
    return getattr(err, "sqlite_errorcode", None) in (5, 6) or "locked" in str(err) or "busy" in str(err)


def identity(path: Path) -> tuple[int, int] | None:
    """The (device, inode) of the file at ``path`` (None when there is none): which file a connection holds."""
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino


def connect_readonly(path: Path) -> sqlite3.Connection:
    """Open the database at ``path`` for reading only (read-only storage, another user's file): checked, never
    migrated or written; an empty database in memory when there is no file yet, or only an empty one (a new
    file, as SQLite itself reads it)."""
    if not path.exists() or (stat.S_ISREG(path.stat().st_mode) and path.stat().st_size == 0):
        db = sqlite3.connect(":memory:", isolation_level=None)
        migrate(db)
        return db
    if not stat.S_ISREG(path.stat().st_mode):
        raise OSError(f"{str(path)!r} is not a regular file")
    try:
        return _read_only(path, "mode=ro")
    except sqlite3.OperationalError:  # a WAL file where the journal cannot be made (read-only storage)
        return _read_only(path, "mode=ro&immutable=1")


def _read_only(path: Path, how: str) -> sqlite3.Connection:
    """The file opened with the URI parameters ``how``, checked."""
    db = sqlite3.connect(f"{path.resolve().as_uri()}?{how}", uri=True, isolation_level=None)
    db.text_factory = text_column
    try:
        check(db, path)
        return db
    except (sqlite3.DatabaseError, Damaged, UnicodeDecodeError) as err:
        db.close()
        raise damage(err) from None


def damage(err: BaseException) -> BaseException:
    """A database error as ``Damaged`` when it says the file is damaged; other errors as they are."""
    if isinstance(err, Damaged):
        return err
    if isinstance(err, UnicodeDecodeError):
        return Damaged("the file's own check reports damage in words that are not text")
    if getattr(err, "sqlite_errorcode", None) in DAMAGE_CODES or "malformed" in str(err):
        return Damaged(describe(err))
    return err


def check(db: sqlite3.Connection, path: Path) -> None:
    """``Damaged`` unless the file passes ``PRAGMA quick_check``, holds only what this tutor makes (no triggers,
    views or tables of its own that could drop or alter records), and has the columns this tutor reads."""
    if path.stat().st_size:
        rows = db.execute("PRAGMA quick_check").fetchall()
        if rows != [("ok",)]:
            raise Damaged(f"quick_check: {'; '.join(str(r[0]) for r in rows[:3])}")
    foreign = db.execute("SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'view') OR (type = 'table' "
                         f"AND name NOT IN ({', '.join('?' * len(COLUMNS))}))", tuple(COLUMNS)).fetchall()
    if foreign:
        kind, name = foreign[0]
        raise Damaged(f"it holds a {kind} {str(name)!r} that this tutor did not create")
    check_columns(db)  # tables this tutor did not make: before migrating touches them


def connect(path: Path, busy: float) -> sqlite3.Connection:
    """Open, check and migrate the database at ``path``; ``Damaged`` if it is not a usable one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_symlink() and not path.exists():  # SQLite would create the store at the link's target
        raise OSError(f"{str(path)!r} is a symbolic link to {os.readlink(path)!r}, which does not exist (the tutor "
                      "does not create its database there): remove the link, or create the file it names")
    if path.exists() and not stat.S_ISREG(path.stat().st_mode):
        raise OSError(f"{str(path)!r} is not a regular file")
    db = sqlite3.connect(path, timeout=busy, isolation_level=None)
    db.text_factory = text_column  # damaged text never stops a read
    try:
        check(db, path)
        try:
            migrate(db)
        except sqlite3.OperationalError as err:
            if "readonly" not in str(err):
                raise
            # a read-only file from an older tutor: read it as it is; writes are kept and reported
        with suppress(sqlite3.Error):
            db.execute("PRAGMA journal_mode = WAL")
        check_columns(db)
        return db
    except (sqlite3.DatabaseError, UnicodeDecodeError, Damaged) as err:
        db.close()
        raise damage(err) from None


def commit(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T], tries: int) -> T:
    """``work(db)`` in one ``BEGIN IMMEDIATE`` transaction, tried ``tries`` times while another writer holds the
    lock (each try waits the connection's busy timeout); what it returns, or the last error (nothing done)."""
    for attempt in range(tries):
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                done = work(db)
                db.execute("COMMIT")
            except BaseException:
                with suppress(sqlite3.Error):
                    db.execute("ROLLBACK")
                raise
            return done
        except sqlite3.OperationalError as err:
            if not is_busy(err) or attempt + 1 == tries:
                raise
            time.sleep(0.05 * (attempt + 1))
    raise AssertionError("unreachable: the last try returns or raises")  # pragma: no cover


def store_events(events: list[Event], db: sqlite3.Connection) -> None:
    """Insert ``events`` (inside ``commit``)."""
    for event in events:
        db.execute(*event.statement())


def forget(lesson: str, db: sqlite3.Connection) -> int:
    """Delete a lesson's rows from every table (inside ``commit``); how many."""
    return sum(db.execute(f"DELETE FROM {table} WHERE lesson = ?", (lesson,)).rowcount for table in LESSON_TABLES)


def in_place_damage(path: Path, seen: int) -> tuple[str, int]:
    """Whether the file at ``path``, still the file a connection holds, was emptied, cut short or overwritten in
    place (what a moved-or-deleted check cannot see), given the largest size ``seen`` of it so far: (why, or
    ``""``; the size now).  A database file only grows (no vacuum is run), so a smaller one was truncated under
    the tutor; one of the same size or larger must still start as a database (``overwritten``)."""
    try:
        size = os.stat(path).st_size
    except OSError:
        return "", seen  # no file there: the moved-or-deleted check's business
    if size == 0 and seen:
        return "it was emptied", size
    if size < seen:
        return f"it was cut from {seen:,} to {size:,} bytes", size
    return overwritten(path), size


def overwritten(path: Path) -> str:
    """Why the file at ``path`` no longer starts as a database (overwritten in place by other bytes), or ``""``.

    The header is read by SQLite, not by this process: a connection of its own, ``immutable`` (no locks, no
    journal: the bytes on disk), which reads page 1 and checks what never changes in a database's header (the
    magic text, page size, format numbers), and fails with SQLITE_NOTADB if they are not there.  SQLite keeps the
    file open when it closes that connection while another of this process holds locks on it; opening and
    closing it here would drop those POSIX locks, and another tutor would then take the live journal for its own
    and delete it.  What is read is only what no other tutor's checkpoint changes, so a whole file under another
    tutor's writes is never taken for an overwritten one."""
    try:
        probe = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
    except (sqlite3.Error, OSError):
        return ""  # not there to look at: the moved-or-deleted check's business
    try:
        probe.execute("PRAGMA schema_version").fetchone()
    except sqlite3.DatabaseError as err:
        if getattr(err, "sqlite_errorcode", None) == NOT_A_DATABASE:
            return "it was overwritten in place: it no longer starts as a database"
    finally:
        probe.close()
    return ""


def move_aside(path: Path, inode: int | None) -> Path:
    """Move a damaged database (and its journal files) out of the way; where it went."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    if path.exists() and path.stat().st_ino != inode:
        return target  # another tutor replaced it already: keep theirs
    for suffix in ("", "-wal", "-shm", "-journal"):
        source = Path(str(path) + suffix)
        if source.exists():
            os.replace(source, Path(str(target) + suffix))
    return target


def text_column(raw: bytes) -> str:
    """A text column as str, bytes that are not UTF-8 replaced (a damaged row is still read)."""
    return raw.decode("utf-8", "replace")


def migrate(db: sqlite3.Connection) -> None:
    """Bring the schema to the latest version (``MIGRATIONS``), in one transaction; ``Damaged`` if newer."""
    version = int(db.execute("PRAGMA user_version").fetchone()[0])
    if version > len(MIGRATIONS):
        raise sqlite3.DatabaseError(f"it was written by a newer tutor (schema version {version}; this tutor "
                                    f"knows up to {len(MIGRATIONS)}): update the tutor")
    if version == len(MIGRATIONS):
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        version = int(db.execute("PRAGMA user_version").fetchone()[0])  # another tutor may have migrated it
        for migration in MIGRATIONS[version:]:
            for script in migration if isinstance(migration, tuple) else (migration,):
                if callable(script):
                    script(db)
                    continue
                for statement in script.split(";"):
                    if statement.strip():
                        db.execute(statement)
        db.execute(f"PRAGMA user_version = {max(version, len(MIGRATIONS))}")
        db.execute("COMMIT")
    except BaseException:
        with suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise


def check_columns(db: sqlite3.Connection) -> None:
    """``Damaged`` if a table lacks a column this tutor uses (a file that is not a tutor progress database);
    missing tables are the migrations' to create."""
    for table, needed in COLUMNS.items():
        have = {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}
        missing = needed - have
        if missing and have:
            raise Damaged(f"it is not a tutor progress database: table {table!r} has no column "
                          f"{sorted(missing)[0]!r}")

"""Learner progress in SQLite: every attempt, hint and completed step, committed as it happens.

The database lives in the user's data directory (``platformdirs``), or in
``TUTOR_HOME`` when set.  Nothing is ever lost silently:

* **Concurrency.**  The journal is WAL, so readers (``tutor progress``) never
  wait for writers; every write is one short ``BEGIN IMMEDIATE`` transaction
  with a busy timeout and retries, so several sessions on one data folder
  store every record.
* **A write that still fails** (a lock held for long, a read-only file) is
  kept, in order, and retried before the next write; reads include kept
  writes, so the session stays consistent.  ``notice()`` tells the learner in
  the next reply; ``finish()`` flushes on leaving, or says plainly what could
  not be saved.
* **Damage.**  A file that is not a database, fails ``PRAGMA quick_check`` or
  lacks the tables is moved aside (``progress.sqlite3.damaged-<time>``) with a
  clear message, and a fresh database is started.  Text that is not UTF-8 is
  read with replacement characters instead of failing.
* **Schema versions.**  ``PRAGMA user_version`` and ``MIGRATIONS``: a file
  from an older tutor is brought up to date at open; columns added later never
  break an existing file.  A file from a newer tutor is left alone.

``Progress(None)`` keeps everything in memory (tests, previews).  With
``strict=True`` (the ``tutor progress`` command) any failure is a
``ProgressError``: one line, exit 2.
"""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import time
import uuid
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.errors import TutorError
from tutor.paths import home

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
MIGRATIONS = (SCHEMA_V1, INDEXES_V2)  # MIGRATIONS[v] takes a file from user_version v to v + 1
COLUMNS = {  # what this tutor reads and writes; later versions may add columns, never remove these
    "profile": {"key", "value"},
    "attempts": {"lesson", "step", "answer", "correct", "verdict", "seconds", "at"},
    "hints": {"lesson", "step", "level", "at"},
    "completed": {"lesson", "step", "how", "at"},
    "solutions": {"lesson", "step", "at"},
    "position": {"lesson", "step", "at"},
    "games": {"lesson", "step", "moves", "at"},
}
LESSON_TABLES = ("attempts", "hints", "completed", "solutions", "position", "games")

BUSY_SECONDS = 1.0  # each try waits this long for another writer's lock
TRIES = 3  # tries per write before it is kept for later
RETRY_AFTER = 5.0  # seconds before kept writes are tried again (a long lock must not slow every reply)
FINISH_WAIT = 10.0  # how long leaving waits for a lock before saying what could not be saved
DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB


class ProgressError(TutorError):
    """The progress database could not be read or written (the ``tutor progress`` command)."""


class Damaged(Exception):
    """The file is not a usable progress database; the message says why."""


@dataclass(frozen=True)
class LessonProgress:
    """A lesson's progress summary."""

    lesson: str
    completed: frozenset[int]
    attempts: int
    correct: int
    hints: int
    solutions: int
    position: int | None
    seconds: float


@dataclass(frozen=True)
class Write:
    """One record to store: its SQL, and what it means (so reads can include it while it is kept)."""

    kind: str  # attempt, hint, solution, complete, position, game, profile
    lesson: str
    step: int
    sql: str
    args: tuple[Any, ...]


def describe(err: BaseException) -> str:
    """An error in a few words: ``database is locked``."""
    return str(err) or type(err).__name__


def is_busy(err: sqlite3.Error) -> bool:
    """Whether another connection holds the lock (worth retrying)."""
    return getattr(err, "sqlite_errorcode", None) in (5, 6) or "locked" in str(err) or "busy" in str(err)


class Progress:
    """The progress store (see the module docstring); ``Progress(None)`` keeps everything in memory."""

    def __init__(self, path: Path | None, *, strict: bool = False, busy: float | None = None,
                 finish_wait: float | None = None) -> None:
        self.path = path
        self.strict = strict
        self.busy = BUSY_SECONDS if busy is None else busy
        self.finish_wait = FINISH_WAIT if finish_wait is None else finish_wait
        self.warning = ""  # what went wrong when opening, said at the start
        self.pending: list[Write] = []  # writes kept because they could not be stored yet, in order
        self.problem = ""  # why they are kept
        self.retry_at = 0.0
        self.told = False  # whether the learner has heard about the kept writes
        self.saved_again = 0  # kept writes stored since the last notice
        self._inode: int | None = None  # the file opened, so a damaged one is moved aside only if still there
        self.db: sqlite3.Connection | None = self._open(path)

    @classmethod
    def default(cls, *, strict: bool = False) -> Progress:
        """The store in the tutor's home folder."""
        return cls(home() / "progress.sqlite3", strict=strict)

    # -- opening ----------------------------------------------------------------------------------

    def _open(self, path: Path | None) -> sqlite3.Connection | None:
        if path is None:
            db = sqlite3.connect(":memory:", isolation_level=None)
            _migrate(db)
            return db
        try:
            return self._connect(path)
        except Damaged as err:
            moved = self._move_aside(path)
            self.warning = (f"progress database {str(path)!r} cannot be used ({err}): it was moved to "
                            f"{str(moved)!r} and a fresh one is started")
        except (sqlite3.Error, OSError) as err:
            self.warning = (f"progress database {str(path)!r} cannot be used ({describe(err)}); this session's "
                            "progress is kept in memory and saved if the database becomes usable")
            self.problem = describe(err)
            return None
        try:
            return self._connect(path)
        except (Damaged, sqlite3.Error, OSError) as err:
            self.warning += f"; the fresh one cannot be used either ({err})"
            return None

    def _connect(self, path: Path) -> sqlite3.Connection:
        """Open, check and migrate the database at ``path``; ``Damaged`` if it is not a usable one."""
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and not stat.S_ISREG(path.stat().st_mode):
            raise OSError(f"{str(path)!r} is not a regular file")
        self._inode = path.stat().st_ino if path.exists() else None
        db = sqlite3.connect(path, timeout=self.busy, isolation_level=None)
        db.text_factory = _text  # damaged text never stops a read
        try:
            if path.stat().st_size:
                rows = db.execute("PRAGMA quick_check").fetchall()
                if rows != [("ok",)]:
                    raise Damaged(f"quick_check: {'; '.join(str(r[0]) for r in rows[:3])}")
            _check_columns(db)  # tables this tutor did not make: before migrating touches them
            try:
                _migrate(db)
            except sqlite3.OperationalError as err:
                if "readonly" not in str(err):
                    raise
                # a read-only file from an older tutor: read it as it is; writes are kept and reported
            with suppress(sqlite3.Error):
                db.execute("PRAGMA journal_mode = WAL")
            _check_columns(db)
            return db
        except sqlite3.DatabaseError as err:
            db.close()
            if getattr(err, "sqlite_errorcode", None) in DAMAGE_CODES or "malformed" in str(err):
                raise Damaged(describe(err)) from None
            raise
        except Damaged:
            db.close()
            raise

    def _move_aside(self, path: Path) -> Path:
        """Move a damaged database (and its journal files) out of the way; where it went."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = path.with_name(f"{path.name}.damaged-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
        if path.exists() and path.stat().st_ino != self._inode:
            return target  # another tutor replaced it already: keep theirs
        for suffix in ("", "-wal", "-shm", "-journal"):
            source = Path(str(path) + suffix)
            if source.exists():
                os.replace(source, Path(str(target) + suffix))
        return target

    # -- writing ----------------------------------------------------------------------------------

    def _write(self, write: Write) -> None:
        """Store one record now, with the ones kept before it; keep it if that cannot be done."""
        self.pending.append(write)
        stored = self.flush()
        if not stored and self.strict:
            raise ProgressError(f"could not save progress ({self.problem})")

    def flush(self, wait: float = 0.0) -> bool:
        """Store every kept write, in order, in one transaction; True when nothing is left to store.

        After a failure, writes are only kept (no waiting) until ``RETRY_AFTER`` has passed, unless
        ``wait`` asks to keep trying for that many seconds (leaving the tutor).
        """
        if not self.pending:
            return True
        deadline = time.monotonic() + wait
        if time.monotonic() < self.retry_at and not wait:
            return False
        while True:
            try:
                self._store(self.pending)
                break
            except (sqlite3.Error, OSError, Damaged) as err:
                self.problem = describe(err)
                busy = isinstance(err, sqlite3.OperationalError) and is_busy(err)
                if not busy or time.monotonic() >= deadline:  # only a lock is worth waiting for
                    self.retry_at = time.monotonic() + RETRY_AFTER
                    return False
                time.sleep(0.2)
        if self.told:
            self.saved_again += len(self.pending)
        self.pending = []
        self.problem = ""
        return True

    def _store(self, writes: list[Write]) -> None:
        """One transaction for ``writes``, retried ``TRIES`` times while the database is busy."""
        if self.db is None:
            assert self.path is not None
            self.db = self._connect(self.path)
        db = self.db
        for attempt in range(TRIES):
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    for w in writes:
                        db.execute(w.sql, w.args)
                    db.execute("COMMIT")
                except BaseException:
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                    raise
                return
            except sqlite3.OperationalError as err:
                if not is_busy(err) or attempt + 1 == TRIES:
                    raise
                time.sleep(0.05 * (attempt + 1))

    def notice(self) -> str:
        """What the learner should hear about saving since the last call ("" if nothing new)."""
        if self.pending and not self.told:
            self.told = True
            return (f"Your progress could not be saved just now ({self.problem}): {self.kept_text()} kept and "
                    "will be saved as soon as the database allows. Nothing is lost while the tutor runs.")
        if not self.pending and self.told:
            self.told = False
            count, self.saved_again = self.saved_again, 0
            return f"Progress saved again: {count} record(s), the ones that were waiting included, are stored now."
        return ""

    def kept_text(self) -> str:
        """The kept writes in words: ``2 attempts and 1 completed step``."""
        words = {"attempt": "attempt", "hint": "hint", "solution": "revealed solution", "complete": "completed step",
                 "position": "place in a lesson", "game": "game in progress", "profile": "profile"}
        counts: dict[str, int] = {}
        for w in self.pending:
            counts[w.kind] = counts.get(w.kind, 0) + 1
        parts = [f"{n} {words[k]}{'s' if n > 1 and k != 'position' else ''}" for k, n in counts.items()]
        return ", ".join(parts) if parts else "nothing"

    def finish(self) -> str:
        """Before leaving: store what is kept (waiting up to ``finish_wait`` s for a lock); "" if all is saved,
        else what is not."""
        if self.flush(wait=self.finish_wait):
            return ""
        return (f"Could not save {len(self.pending)} record(s) of your progress ({self.problem}): "
                f"{self.kept_text()} will be lost. The database is {str(self.path)!r}.")

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """A read; on failure the rows are missing (and kept writes still count), or ``ProgressError`` if strict."""
        if self.db is None:
            if self.strict:
                raise ProgressError(f"cannot read progress: {self.warning or self.problem}")
            return []
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as err:
            if self.strict:
                raise ProgressError(f"cannot read progress database {str(self.path)!r}: {describe(err)}") from None
            self.problem = self.problem or describe(err)
            return []

    # -- writes ------------------------------------------------------------------------------

    def profile_id(self) -> str:
        """A stable random id for this learner (seeds their lesson variants)."""
        kept = [w.args[0] for w in self.pending if w.kind == "profile"]
        if kept:
            return str(kept[0])
        rows = self._run("SELECT value FROM profile WHERE key = 'id'")
        if rows:
            return str(rows[0][0])
        new = uuid.uuid4().hex
        self._write(Write("profile", "", 0, "INSERT OR IGNORE INTO profile VALUES ('id', ?)", (new,)))
        rows = self._run("SELECT value FROM profile WHERE key = 'id'")  # another tutor may have won the race
        return str(rows[0][0]) if rows else new

    def record_attempt(self, lesson: str, step: int, answer: str, correct: bool, verdict: str,
                       seconds: float) -> None:
        """Record one answer and its verdict."""
        self._write(Write("attempt", lesson, step,
                          "INSERT INTO attempts (lesson, step, answer, correct, verdict, seconds, at) "
                          "VALUES (?, ?, ?, ?, ?, ?, ?)",
                          (lesson, step, answer, int(correct), verdict, seconds, time.time())))

    def record_hint(self, lesson: str, step: int, level: int) -> None:
        """Record that hint ``level`` was shown."""
        self._write(Write("hint", lesson, step, "INSERT INTO hints (lesson, step, level, at) VALUES (?, ?, ?, ?)",
                          (lesson, step, level, time.time())))

    def record_solution(self, lesson: str, step: int) -> None:
        """Record that the solution was revealed."""
        self._write(Write("solution", lesson, step, "INSERT INTO solutions (lesson, step, at) VALUES (?, ?, ?)",
                          (lesson, step, time.time())))

    def complete(self, lesson: str, step: int, how: str = "answered") -> None:
        """Mark a step completed (never undone by later attempts)."""
        self._write(Write("complete", lesson, step,
                          "INSERT OR IGNORE INTO completed (lesson, step, how, at) VALUES (?, ?, ?, ?)",
                          (lesson, step, how, time.time())))

    def set_position(self, lesson: str, step: int) -> None:
        """Remember where the learner is in a lesson, and that it is the current lesson."""
        self._write(Write("position", lesson, step,
                          "INSERT OR REPLACE INTO position (lesson, step, at) VALUES (?, ?, ?)",
                          (lesson, step, time.time())))

    def save_game(self, lesson: str, step: int, moves: list[str]) -> None:
        """Remember the moves of the game in progress at a step (empty list: no game)."""
        if moves:
            self._write(Write("game", lesson, step,
                              "INSERT OR REPLACE INTO games (lesson, step, moves, at) VALUES (?, ?, ?, ?)",
                              (lesson, step, json.dumps(moves), time.time())))
        else:
            self._write(Write("game", lesson, step, "DELETE FROM games WHERE lesson = ? AND step = ?",
                              (lesson, step)))

    def reset(self, lesson: str) -> int:
        """Forget a lesson's progress in one transaction; how many rows were removed (``ProgressError`` if not)."""
        if self.db is None:
            raise ProgressError(f"cannot reset progress: {self.warning or self.problem}")
        removed = 0
        for attempt in range(TRIES):
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    removed = sum(self.db.execute(f"DELETE FROM {table} WHERE lesson = ?", (lesson,)).rowcount
                                  for table in LESSON_TABLES)
                    self.db.execute("COMMIT")
                except BaseException:
                    with suppress(sqlite3.Error):
                        self.db.execute("ROLLBACK")
                    raise
                return removed
            except sqlite3.Error as err:
                if not (isinstance(err, sqlite3.OperationalError) and is_busy(err)) or attempt + 1 == TRIES:
                    raise ProgressError(f"could not reset lesson {lesson!r}: {describe(err)}; "
                                        "nothing was removed") from None
        return removed  # pragma: no cover - the loop returns or raises

    # -- reads (kept writes included) ------------------------------------------------------------

    def _kept(self, kind: str, lesson: str | None = None) -> list[Write]:
        return [w for w in self.pending if w.kind == kind and (lesson is None or w.lesson == lesson)]

    def game(self, lesson: str, step: int) -> list[str]:
        """The moves of the game in progress at a step, to replay on resume."""
        kept = [w for w in self._kept("game", lesson) if w.step == step]
        if kept:
            return [str(m) for m in json.loads(kept[-1].args[2])] if kept[-1].sql.startswith("INSERT") else []
        rows = self._run("SELECT moves FROM games WHERE lesson = ? AND step = ?", (lesson, step))
        if not rows:
            return []
        try:
            moves = json.loads(rows[0][0])
        except ValueError:
            return []  # a damaged row: the game starts again
        return [str(m) for m in moves] if isinstance(moves, list) else []

    def completed(self, lesson: str) -> frozenset[int]:
        """The completed step indices of a lesson."""
        rows = self._run("SELECT step FROM completed WHERE lesson = ?", (lesson,))
        return frozenset(int(r[0]) for r in rows) | {w.step for w in self._kept("complete", lesson)}

    def position(self, lesson: str) -> int | None:
        """The step the learner was last at in a lesson."""
        kept = self._kept("position", lesson)
        if kept:
            return kept[-1].step
        rows = self._run("SELECT step FROM position WHERE lesson = ?", (lesson,))
        return None if not rows else int(rows[0][0])

    def last_lesson(self) -> str | None:
        """The lesson the learner was in most recently."""
        kept = self._kept("position")
        if kept:
            return kept[-1].lesson
        rows = self._run("SELECT lesson FROM position ORDER BY at DESC LIMIT 1")
        return None if not rows else str(rows[0][0])

    def summary(self, lesson: str) -> LessonProgress:
        """Counts for one lesson."""
        rows = self._run("SELECT count(*), coalesce(sum(correct), 0), coalesce(sum(seconds), 0) FROM attempts "
                         "WHERE lesson = ?", (lesson,))
        attempts, correct, seconds = rows[0] if rows else (0, 0, 0.0)
        hints = self._count("hints", lesson)
        solutions = self._count("solutions", lesson)
        kept = self._kept("attempt", lesson)
        return LessonProgress(lesson, self.completed(lesson), int(attempts) + len(kept),
                              int(correct) + sum(w.args[3] for w in kept), hints + len(self._kept("hint", lesson)),
                              solutions + len(self._kept("solution", lesson)), self.position(lesson),
                              float(seconds) + sum(w.args[5] for w in kept))

    def _count(self, table: str, lesson: str) -> int:
        rows = self._run(f"SELECT count(*) FROM {table} WHERE lesson = ?", (lesson,))
        return int(rows[0][0]) if rows else 0

    def lessons(self) -> list[str]:
        """Every lesson with any recorded activity."""
        rows = self._run(
            "SELECT lesson FROM position UNION SELECT lesson FROM attempts UNION SELECT lesson FROM completed")
        kept = {w.lesson for w in self.pending if w.kind in ("position", "attempt", "complete")}
        return sorted({str(r[0]) for r in rows} | kept)

    def export(self) -> dict[str, Any]:
        """Everything recorded, as JSON-ready data."""
        out: dict[str, Any] = {"profile": self.profile_id()}
        for table in ("attempts", "hints", "completed", "solutions", "position"):
            cur = self.db.execute(f"SELECT * FROM {table}") if self.db is not None else None
            if cur is None:
                out[table] = []
                continue
            cols = [d[0] for d in cur.description]
            out[table] = [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]
        return out

    def export_json(self) -> str:
        """``export()`` as indented JSON text."""
        try:
            return json.dumps(self.export(), indent=2)
        except sqlite3.Error as err:
            raise ProgressError(f"cannot read progress database {str(self.path)!r}: {describe(err)}") from None


def _text(raw: bytes) -> str:
    """A text column as str, bytes that are not UTF-8 replaced (a damaged row is still read)."""
    return raw.decode("utf-8", "replace")


def _migrate(db: sqlite3.Connection) -> None:
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
        for script in MIGRATIONS[version:]:
            for statement in script.split(";"):
                if statement.strip():
                    db.execute(statement)
        db.execute(f"PRAGMA user_version = {max(version, len(MIGRATIONS))}")
        db.execute("COMMIT")
    except BaseException:
        with suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise


def _check_columns(db: sqlite3.Connection) -> None:
    """``Damaged`` if a table lacks a column this tutor uses (a file that is not a tutor progress database);
    missing tables are the migrations' to create."""
    for table, needed in COLUMNS.items():
        have = {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}
        missing = needed - have
        if missing and have:
            raise Damaged(f"it is not a tutor progress database: table {table!r} has no column "
                          f"{sorted(missing)[0]!r}")

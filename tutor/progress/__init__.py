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
``ProgressError``: one line, exit 2.  The file itself (schema, migrations,
opening and checking it, moving a damaged one aside) is ``progress.schema``.
"""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.errors import TutorError
from tutor.paths import home
from tutor.progress.schema import (
    LESSON_TABLES,
    MIGRATIONS,
    Damaged,
    connect,
    describe,
    is_busy,
    migrate,
    move_aside,
)
from tutor.text import plural

__all__ = ["MIGRATIONS", "LessonProgress", "Progress", "ProgressError", "Write"]

BUSY_SECONDS = 1.0  # each try waits this long for another writer's lock
TRIES = 3  # tries per write before it is kept for later
RETRY_AFTER = 5.0  # seconds before kept writes are tried again (a long lock must not slow every reply)
FINISH_WAIT = 10.0  # how long leaving waits for a lock before saying what could not be saved


class ProgressError(TutorError):
    """The progress database could not be read or written (the ``tutor progress`` command)."""


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

    def _connect(self, path: Path) -> sqlite3.Connection:
        """``schema.connect``, remembering which file was opened (so a damaged one is moved only if still there)."""
        self._inode = path.stat().st_ino if path.exists() else None
        return connect(path, self.busy)


    def _open(self, path: Path | None) -> sqlite3.Connection | None:
        if path is None:
            db = sqlite3.connect(":memory:", isolation_level=None)
            migrate(db)
            return db
        try:
            return self._connect(path)
        except Damaged as err:
            moved = move_aside(path, self._inode)
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
            return (f"Progress saved again: {plural(count, 'record')}, the ones that were waiting included, "
                    "are stored now.")
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
        return (f"Could not save {plural(len(self.pending), 'record')} of your progress ({self.problem}): "
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

    def hint_level(self, lesson: str, step: int) -> int:
        """The highest rung of a step's hint ladder shown so far (0 if none), so the ladder goes on from there."""
        rows = self._run("SELECT max(level) FROM hints WHERE lesson = ? AND step = ?", (lesson, step))
        stored = int(rows[0][0]) if rows and rows[0][0] is not None else 0
        return max([stored, *(int(w.args[2]) for w in self._kept("hint", lesson) if w.step == step)])

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

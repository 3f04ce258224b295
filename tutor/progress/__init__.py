"""Learner progress in SQLite: every attempt, hint and completed step, committed as it happens.

The database lives in the tutor's data folder (``Settings.folder``).  What is recorded are typed events
(``progress.events``): ``record(event)`` stores one, stamped by the store's ``clock`` (``tutor.storage.clock``,
passed in).  Nothing is ever lost silently:

* **Concurrency.**  The journal is WAL, so readers (``tutor progress``) never wait for writers; every write is
  one short ``BEGIN IMMEDIATE`` transaction with a busy timeout and retries, so several sessions on one data
  folder store every record.
* **A write that still fails** (a lock held for long, a read-only file) is
  kept, in order, and retried before the next write; reads include kept
  events, so the session stays consistent.  ``status()`` says what is kept and
  why; the session tells the learner (``tutor.session.saving`` has the words),
  and ``flush(wait)`` on leaving stores what it can.
* **Damage.**  A file that is not a database, fails ``PRAGMA quick_check`` or
  lacks the tables is moved aside (``progress.sqlite3.damaged-<time>``) and a
  fresh database is started; ``opening`` says so.  Text that is not UTF-8 is
  read with replacement characters instead of failing.
* **Schema versions.**  ``PRAGMA user_version`` and ``MIGRATIONS``: a file
  from an older tutor is brought up to date at open; columns added later never
  break an existing file.  A file from a newer tutor is left alone.

``Progress(None)`` keeps everything in memory (tests, previews).  With ``strict=True`` (the ``tutor progress``
command) any failure is a ``ProgressError``: one line, exit 2.  The file itself (schema, migrations, opening and
checking it, moving a damaged one aside) is ``progress.schema``.
"""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from contextlib import suppress
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from tutor.progress.events import (
    Attempt,
    Completed,
    Event,
    GameMoves,
    HintShown,
    Position,
    Profiled,
    ProfileId,
    Revealed,
)
from tutor.progress.repair import outside, set_aside, told
from tutor.progress.schema import (
    MIGRATIONS,
    Damaged,
    commit,
    connect,
    connect_readonly,
    damage,
    describe,
    forget,
    identity,
    in_place_damage,
    is_busy,
    migrate,
    move_aside,
    store_events,
)
from tutor.progress.status import LessonProgress, OpenProblem, SaveStatus
from tutor.progress.tables import ProgressError, WholeTables
from tutor.settings import Settings
from tutor.storage.clock import Clock, system

__all__ = ["MIGRATIONS", "LessonProgress", "OpenProblem", "Progress", "ProgressError", "SaveStatus"]

BUSY_SECONDS = 1.0  # each try waits this long for another writer's lock
TRIES = 3  # tries per write before it is kept for later
RETRY_AFTER = 5.0  # seconds before kept writes are tried again (a long lock must not slow every reply)
FINISH_WAIT = 10.0  # how long leaving waits for a lock before saying what could not be saved
E = TypeVar("E", bound=Event)


class Progress(WholeTables):
    """The progress store (see the module docstring); ``Progress(None)`` keeps everything in memory."""

    def __init__(self, path: Path | None, *, strict: bool = False, busy: float | None = None,
                 finish_wait: float | None = None, readonly: bool = False, clock: Clock = system) -> None:
        self.path = path
        self.clock = clock  # stamps each event recorded without its own time (``tutor.storage.clock``)
        self.strict = strict
        self.readonly = readonly  # reading only (tutor progress, --export): opened read-only, nothing written
        self.busy = BUSY_SECONDS if busy is None else busy
        self.finish_wait = FINISH_WAIT if finish_wait is None else finish_wait
        self.opening: OpenProblem | None = None  # what went wrong when opening, said at the start
        self.pending: list[Event] = []  # events kept because they could not be stored yet, in order
        self.problem = ""  # why they are kept
        self.retry_at = 0.0
        self.stored_again = 0  # kept events stored since the status was last seen
        self.replaced = ""  # set when the file was found moved or deleted and a new one started
        self.damaged = ""  # set when the file was found truncated or overwritten in place: why, and where it went
        self._size = 0  # the largest size of the file seen: a database file only grows
        self._inode: int | None = None  # the file opened, so a damaged one is moved aside only if still there
        self._identity: tuple[int, int] | None = None  # (device, inode) of the file the connection holds
        self.outside = 0  # records dated outside the tutor's calendar, not set aside (progress.repair)
        self.repaired = ""  # what was set aside when the file was opened, said once
        self.resets = 0  # lessons forgotten through this store: a cached read of its attempts is stale (brief.py)
        self.db: sqlite3.Connection | None = self._open(path)

    @classmethod
    def default(cls, settings: Settings, *, strict: bool = False, readonly: bool = False) -> Progress:
        """The store in the tutor's data folder, with the tutor's clock."""
        return cls(settings.folder() / "progress.sqlite3", strict=strict, readonly=readonly, clock=settings.clock())

    # -- opening ----------------------------------------------------------------------------------

    def _connect(self, path: Path) -> sqlite3.Connection:
        """``schema.connect``, remembering which file was opened (so a damaged one is moved only if still there),
        and records dated outside the calendar set aside (``progress.repair``) or, if reading only, counted."""
        self._inode = path.stat().st_ino if path.exists() else None
        db = connect_readonly(path) if self.readonly else connect(path, self.busy)
        self._identity = identity(path)
        self._size = path.stat().st_size if path.exists() else 0
        self.outside = outside(db)
        if self.outside and not self.readonly:
            with suppress(sqlite3.Error, OSError):  # kept as they are if they cannot be moved: still counted
                count, where = set_aside(db, path)
                self.repaired, self.outside = told(count, where) if where else "", 0
        return db

    def _still_there(self) -> None:
        """Before a write: if the file at the path is no longer the one open (moved aside, deleted, replaced),
        open what is there now (a fresh file if nothing is), so no record goes to a file the learner cannot see."""
        if self.path is None or self.db is None or identity(self.path) == self._identity:
            return
        with suppress(sqlite3.Error):
            self.db.close()
        self.db = None
        self.replaced = str(self.path)

    def _whole(self) -> None:
        """Before a write: if the file open was emptied, cut short or overwritten in place
        (``schema.in_place_damage``: the same file, so ``_still_there`` cannot see it), move it aside and start a
        fresh one for what follows."""
        if self.path is not None and self.db is not None:
            problem, self._size = in_place_damage(self.path, self._size)
            if problem:
                self._afresh(problem)

    def _afresh(self, problem: str) -> None:
        """The file open is damaged (``problem``): close it, move it aside, and let the next write start anew."""
        assert self.path is not None and self.db is not None
        with suppress(sqlite3.Error):
            self.db.close()
        self.db, self._size = None, 0
        held = self._identity[1] if self._identity else None  # the inode open: moved only if still that file
        self.damaged = f"{problem}; it was moved to {str(move_aside(self.path, held))!r}"

    def _open(self, path: Path | None) -> sqlite3.Connection | None:
        if path is None:
            db = sqlite3.connect(":memory:", isolation_level=None)
            migrate(db)
            return db
        try:
            return self._connect(path)
        except Damaged as err:
            moved = move_aside(path, self._inode)
            self.opening = OpenProblem(str(path), str(err), str(moved))
        except (sqlite3.Error, OSError) as err:
            self.opening = OpenProblem(str(path), describe(err))
            self.problem = describe(err)
            return None
        try:
            return self._connect(path)
        except (Damaged, sqlite3.Error, OSError) as err:
            self.opening = OpenProblem(str(path), self.opening.reason, self.opening.moved_to, describe(err))
            return None

    def close(self) -> None:
        """Close the file (a command or session that ends closes it: its journal is folded in, its locks let go)."""
        if self.db is not None:
            with suppress(sqlite3.Error):
                self.db.close()
            self.db = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # -- writing ----------------------------------------------------------------------------------

    def record(self, event: Event) -> None:
        """Store one event now (stamped with the clock's time unless it has its own), with the ones kept before
        it; keep it if that cannot be done."""
        self.pending.append(event if event.at is not None else replace(event, at=self.clock().timestamp()))
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
        self.stored_again += len(self.pending) if self.retry_at else 0
        self.retry_at = 0.0
        self.pending = []
        self.problem = ""
        return True

    def _store(self, events: list[Event]) -> None:
        """One transaction for ``events``, retried ``TRIES`` times while the database is busy."""
        if self.readonly:
            raise sqlite3.OperationalError("progress is open for reading only")
        self._still_there()
        self._whole()
        if self.db is None:
            assert self.path is not None
            self.db = self._connect(self.path)
        work = partial(store_events, events)
        try:
            commit(self.db, work, TRIES)
        except sqlite3.DatabaseError as err:  # overwritten in place: SQLite's own reading finds it is no database
            if not isinstance(damage(err), Damaged) or self.path is None:
                raise
            self._afresh(f"SQLite reports it damaged: {describe(err)}")
            self.db = self._connect(self.path)
            commit(self.db, work, TRIES)

    def status(self, seen: bool = True) -> SaveStatus:
        """What is kept and why, how many kept events were stored since the status was last ``seen``, and whether
        the file was found replaced under the tutor (said once)."""
        status = SaveStatus(tuple(self.pending), self.problem, self.stored_again, self.replaced, self.damaged)
        if seen:
            self.stored_again = 0
            self.replaced = self.damaged = ""
        return status

    def _run(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """A read; on failure the rows are missing (and kept writes still count), or ``ProgressError`` if strict."""
        if self.db is None:
            if self.strict:
                raise ProgressError(f"cannot read progress: {self.problem}")
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
        found = self.profile_value("id")
        if found or self.readonly:
            return found  # reading only: a learner who never ran the tutor has no profile yet
        new = uuid.uuid4().hex
        self.record(ProfileId("", 0, value=new))
        return self.profile_value("id") or new  # another tutor may have won the race

    def profile_value(self, key: str) -> str:
        """A value of the profile (``id``, ``learner``, ``seed``): the last kept, else the stored one ("": none)."""
        kept = [e.value for e in self.pending if isinstance(e, ProfileId | Profiled) and getattr(e, "key", "id") == key]
        rows = [] if kept else self._run("SELECT value FROM profile WHERE key = ?", (key,))
        return kept[-1] if kept else str(rows[0][0]) if rows else ""

    def reset(self, lesson: str) -> int:
        """Forget a lesson's progress in one transaction; how many rows were removed (``ProgressError`` if not)."""
        if self.db is None:
            raise ProgressError(f"cannot reset progress: {self.problem}")
        try:
            removed: int = commit(self.db, partial(forget, lesson), TRIES)
        except sqlite3.Error as err:
            raise ProgressError(f"could not reset lesson {lesson!r}: {describe(err)}; nothing was removed") from None
        finally:
            self.resets += 1
        return removed

    # -- reads (kept writes included) ------------------------------------------------------------

    def _kept(self, kind: type[E], lesson: str | None = None, step: int | None = None) -> list[E]:
        """The kept events of one type (of a lesson, of a step), in order."""
        return [e for e in self.pending if isinstance(e, kind) and (lesson is None or e.lesson == lesson)
                and (step is None or e.step == step)]

    def game(self, lesson: str, step: int) -> list[str]:
        """The moves of the game in progress at a step, to replay on resume."""
        kept = self._kept(GameMoves, lesson, step)
        if kept:
            return list(kept[-1].moves)
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
        return frozenset(int(r[0]) for r in rows) | {e.step for e in self._kept(Completed, lesson)}

    def position(self, lesson: str) -> int | None:
        """The step the learner was last at in a lesson."""
        kept = self._kept(Position, lesson)
        if kept:
            return kept[-1].step
        rows = self._run("SELECT step FROM position WHERE lesson = ?", (lesson,))
        return None if not rows else int(rows[0][0])

    def last_lesson(self) -> str | None:
        """The lesson the learner was in most recently."""
        kept = self._kept(Position)
        if kept:
            return kept[-1].lesson
        rows = self._run("SELECT lesson FROM position ORDER BY at DESC, rowid DESC LIMIT 1")  # ties: TUTOR_NOW
        return None if not rows else str(rows[0][0])

    def summary(self, lesson: str) -> LessonProgress:
        """Counts for one lesson."""
        rows = self._run("SELECT count(*), coalesce(sum(correct), 0), coalesce(sum(seconds), 0) FROM attempts "
                         "WHERE lesson = ?", (lesson,))
        attempts, correct, seconds = rows[0] if rows else (0, 0, 0.0)
        hints = self._count("hints", lesson)
        solutions = self._count("solutions", lesson)
        kept = self._kept(Attempt, lesson)
        return LessonProgress(lesson, self.completed(lesson), int(attempts) + len(kept),
                              int(correct) + sum(e.correct for e in kept), hints + len(self._kept(HintShown, lesson)),
                              solutions + len(self._kept(Revealed, lesson)), self.position(lesson),
                              float(seconds) + sum(e.seconds for e in kept))

    def _count(self, table: str, lesson: str) -> int:
        rows = self._run(f"SELECT count(*) FROM {table} WHERE lesson = ?", (lesson,))
        return int(rows[0][0]) if rows else 0

    def lessons(self) -> list[str]:
        """Every lesson with any recorded activity."""
        rows = self._run(
            "SELECT lesson FROM position UNION SELECT lesson FROM attempts UNION SELECT lesson FROM completed")
        kept = {e.lesson for e in self.pending if isinstance(e, Position | Attempt | Completed)}
        return sorted({str(r[0]) for r in rows} | kept)

    def record_all(self, events: list[Event]) -> None:
        """Store ``events`` (an import) in one transaction, after any kept; ``ProgressError`` if strict and not."""
        self.pending.extend(events)
        if not self.flush(self.finish_wait) and self.strict:
            raise ProgressError(f"could not save progress ({self.problem})")

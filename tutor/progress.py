"""Learner progress in SQLite: every attempt, hint and completed step, committed as it happens.

The database lives in the user's data directory (``platformdirs``), or in
``TUTOR_HOME`` when set.  Each write is its own transaction, so killing the
tutor loses nothing.  A damaged or locked database never stops the tutor: the
store falls back to memory and says why in ``Progress.warning``.
"""

from __future__ import annotations

import json
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor.paths import home

SCHEMA = """
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
    PRIMARY KEY (lesson, step));
"""


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


class Progress:
    """The progress store; ``Progress(None)`` keeps everything in memory (tests, fallback)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.warning = ""
        self.db = self._open(path)

    def _open(self, path: Path | None) -> sqlite3.Connection:
        if path is not None:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                db = sqlite3.connect(path, timeout=2.0, isolation_level=None)
                db.executescript(SCHEMA)
                db.execute("SELECT count(*) FROM attempts").fetchone()
                return db
            except (sqlite3.Error, OSError) as err:
                self.warning = (f"progress database {str(path)!r} cannot be used ({err}); "
                                "this session's progress is kept in memory only")
        db = sqlite3.connect(":memory:", isolation_level=None)
        db.executescript(SCHEMA)
        return db

    @classmethod
    def default(cls) -> Progress:
        """The store in the tutor's home folder."""
        return cls(home() / "progress.sqlite3")

    def _write(self, sql: str, args: tuple[Any, ...]) -> None:
        """One committed write; a failure degrades to a warning, never an exception."""
        try:
            self.db.execute(sql, args)
        except sqlite3.Error as err:
            self.warning = f"could not save progress ({err}); it is kept in memory from now on"
            self.db = self._open(None)
            self.db.execute(sql, args)

    # -- writes ------------------------------------------------------------------------------

    def profile_id(self) -> str:
        """A stable random id for this learner (seeds their lesson variants)."""
        row = self.db.execute("SELECT value FROM profile WHERE key = 'id'").fetchone()
        if row:
            return str(row[0])
        new = uuid.uuid4().hex
        self._write("INSERT OR REPLACE INTO profile VALUES ('id', ?)", (new,))
        return new

    def record_attempt(self, lesson: str, step: int, answer: str, correct: bool, verdict: str,
                       seconds: float) -> None:
        """Record one answer and its verdict."""
        self._write("INSERT INTO attempts (lesson, step, answer, correct, verdict, seconds, at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (lesson, step, answer, int(correct), verdict, seconds, time.time()))

    def record_hint(self, lesson: str, step: int, level: int) -> None:
        """Record that hint ``level`` was shown."""
        self._write("INSERT INTO hints (lesson, step, level, at) VALUES (?, ?, ?, ?)",
                    (lesson, step, level, time.time()))

    def record_solution(self, lesson: str, step: int) -> None:
        """Record that the solution was revealed."""
        self._write("INSERT INTO solutions (lesson, step, at) VALUES (?, ?, ?)", (lesson, step, time.time()))

    def complete(self, lesson: str, step: int, how: str = "answered") -> None:
        """Mark a step completed (never undone by later attempts)."""
        self._write("INSERT OR IGNORE INTO completed (lesson, step, how, at) VALUES (?, ?, ?, ?)",
                    (lesson, step, how, time.time()))

    def set_position(self, lesson: str, step: int) -> None:
        """Remember where the learner is in a lesson, and that it is the current lesson."""
        self._write("INSERT OR REPLACE INTO position (lesson, step, at) VALUES (?, ?, ?)",
                    (lesson, step, time.time()))

    def save_game(self, lesson: str, step: int, moves: list[str]) -> None:
        """Remember the moves of the game in progress at a step (empty list: no game)."""
        if moves:
            self._write("INSERT OR REPLACE INTO games (lesson, step, moves, at) VALUES (?, ?, ?, ?)",
                        (lesson, step, json.dumps(moves), time.time()))
        else:
            self._write("DELETE FROM games WHERE lesson = ? AND step = ?", (lesson, step))

    def game(self, lesson: str, step: int) -> list[str]:
        """The moves of the game in progress at a step, to replay on resume."""
        row = self.db.execute("SELECT moves FROM games WHERE lesson = ? AND step = ?", (lesson, step)).fetchone()
        return [] if row is None else [str(m) for m in json.loads(row[0])]

    def reset(self, lesson: str) -> int:
        """Forget a lesson's progress; returns how many rows were removed."""
        removed = 0
        for table in ("attempts", "hints", "completed", "solutions", "position", "games"):
            try:
                removed += self.db.execute(f"DELETE FROM {table} WHERE lesson = ?", (lesson,)).rowcount
            except sqlite3.Error as err:
                self.warning = f"could not reset progress ({err})"
        return removed

    # -- reads --------------------------------------------------------------------------------

    def completed(self, lesson: str) -> frozenset[int]:
        """The completed step indices of a lesson."""
        rows = self.db.execute("SELECT step FROM completed WHERE lesson = ?", (lesson,)).fetchall()
        return frozenset(int(r[0]) for r in rows)

    def position(self, lesson: str) -> int | None:
        """The step the learner was last at in a lesson."""
        row = self.db.execute("SELECT step FROM position WHERE lesson = ?", (lesson,)).fetchone()
        return None if row is None else int(row[0])

    def last_lesson(self) -> str | None:
        """The lesson the learner was in most recently."""
        row = self.db.execute("SELECT lesson FROM position ORDER BY at DESC LIMIT 1").fetchone()
        return None if row is None else str(row[0])

    def summary(self, lesson: str) -> LessonProgress:
        """Counts for one lesson."""
        q = self.db.execute
        attempts, correct = q("SELECT count(*), coalesce(sum(correct), 0) FROM attempts WHERE lesson = ?",
                              (lesson,)).fetchone()
        hints = q("SELECT count(*) FROM hints WHERE lesson = ?", (lesson,)).fetchone()[0]
        solutions = q("SELECT count(*) FROM solutions WHERE lesson = ?", (lesson,)).fetchone()[0]
        seconds = q("SELECT coalesce(sum(seconds), 0) FROM attempts WHERE lesson = ?", (lesson,)).fetchone()[0]
        return LessonProgress(lesson, self.completed(lesson), int(attempts), int(correct), int(hints),
                              int(solutions), self.position(lesson), float(seconds))

    def lessons(self) -> list[str]:
        """Every lesson with any recorded activity."""
        rows = self.db.execute(
            "SELECT lesson FROM position UNION SELECT lesson FROM attempts UNION SELECT lesson FROM completed"
        ).fetchall()
        return sorted(str(r[0]) for r in rows)

    def export(self) -> dict[str, Any]:
        """Everything recorded, as JSON-ready data."""
        out: dict[str, Any] = {"profile": self.profile_id()}
        for table in ("attempts", "hints", "completed", "solutions", "position"):
            cur = self.db.execute(f"SELECT * FROM {table}")
            cols = [d[0] for d in cur.description]
            out[table] = [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]
        return out

    def export_json(self) -> str:
        """``export()`` as indented JSON text."""
        return json.dumps(self.export(), indent=2)

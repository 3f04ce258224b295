"""What the progress store records, as typed events: each knows the one SQL statement that stores it.

A session (or a test) makes events; ``Progress.record`` stores each the moment it happens, or keeps it
in order when the database cannot take it yet, and the store's reads include kept events by reading
their fields, never their SQL.

* ``Attempt``     - one answer, its verdict and the seconds it took;
* ``HintShown``   - a rung of a step's hint ladder was shown;
* ``Revealed``    - a step's solution was revealed;
* ``Completed``   - a step was completed (never undone by later attempts);
* ``Position``    - where the learner is in a lesson (and that it is the current lesson);
* ``GameMoves``   - the moves of the game in progress at a step (none: no game);
* ``ProfileId``   - this learner's random id (seeds their lesson variants).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, ClassVar

Statement = tuple[str, tuple[Any, ...]]  # SQL and its parameters


@dataclass(frozen=True)
class Event:
    """One record about a step of a lesson (``lesson`` and ``step``, 0-based)."""

    lesson: str
    step: int
    at: float = field(default_factory=time.time, kw_only=True)
    noun: ClassVar[tuple[str, str]] = ("record", "records")  # what one and several are called

    def statement(self) -> Statement:
        """The SQL that stores this event."""
        raise NotImplementedError


@dataclass(frozen=True)
class Attempt(Event):
    """One answer and its verdict."""

    answer: str
    correct: bool
    verdict: str
    seconds: float
    noun = ("attempt", "attempts")

    def statement(self) -> Statement:
        return ("INSERT INTO attempts (lesson, step, answer, correct, verdict, seconds, at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (self.lesson, self.step, self.answer, int(self.correct), self.verdict, self.seconds, self.at))


@dataclass(frozen=True)
class HintShown(Event):
    """Rung ``level`` (1-based) of a step's hint ladder was shown."""

    level: int
    noun = ("hint", "hints")

    def statement(self) -> Statement:
        return ("INSERT INTO hints (lesson, step, level, at) VALUES (?, ?, ?, ?)",
                (self.lesson, self.step, self.level, self.at))


@dataclass(frozen=True)
class Revealed(Event):
    """A step's solution was revealed."""

    noun = ("revealed solution", "revealed solutions")

    def statement(self) -> Statement:
        return "INSERT INTO solutions (lesson, step, at) VALUES (?, ?, ?)", (self.lesson, self.step, self.at)


@dataclass(frozen=True)
class Completed(Event):
    """A step was completed; ``how`` it was (``answered``)."""

    how: str = "answered"
    noun = ("completed step", "completed steps")

    def statement(self) -> Statement:
        return ("INSERT OR IGNORE INTO completed (lesson, step, how, at) VALUES (?, ?, ?, ?)",
                (self.lesson, self.step, self.how, self.at))


@dataclass(frozen=True)
class Position(Event):
    """The learner is at ``step`` of ``lesson``, the current lesson."""

    noun = ("place in a lesson", "places in lessons")

    def statement(self) -> Statement:
        return ("INSERT OR REPLACE INTO position (lesson, step, at) VALUES (?, ?, ?)",
                (self.lesson, self.step, self.at))


@dataclass(frozen=True)
class GameMoves(Event):
    """The moves of the game in progress at a step, each as typed; empty when there is no game."""

    moves: tuple[str, ...] = ()
    noun = ("game in progress", "games in progress")

    def statement(self) -> Statement:
        if not self.moves:
            return "DELETE FROM games WHERE lesson = ? AND step = ?", (self.lesson, self.step)
        return ("INSERT OR REPLACE INTO games (lesson, step, moves, at) VALUES (?, ?, ?, ?)",
                (self.lesson, self.step, json.dumps(list(self.moves)), self.at))


@dataclass(frozen=True)
class ProfileId(Event):
    """This learner's random id, kept unless one is stored already."""

    value: str = ""
    noun = ("profile", "profiles")

    def statement(self) -> Statement:
        return "INSERT OR IGNORE INTO profile VALUES ('id', ?)", (self.value,)

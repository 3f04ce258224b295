"""What the progress store records, as typed events: each knows the one SQL statement that stores it.

A session (or a test) makes events; ``Progress.record`` stores each the moment it happens, or keeps it
in order when the database cannot take it yet, and the store's reads include kept events by reading
their fields, never their SQL.

* ``Attempt``     - one answer, its verdict and the seconds it took, the skills it exercised, the misconception
  it showed, the hint rung reached before it (and whether the solution was revealed), the variant, and its
  evidence fields: the instance, item and try it was, and the help had on the item (``progress.evidence``);
* ``HintShown``   - a rung of a step's hint ladder was shown;
* ``Revealed``    - a step's solution was revealed;
* ``Completed``   - a step was completed (never undone by later attempts);
* ``Position``    - where the learner is in a lesson (and that it is the current lesson);
* ``GameMoves``   - the moves of the game in progress at a step (none: no game);
* ``ProfileId``   - this learner's random id (seeds their lesson variants);
* ``Profiled``    - a value kept in the profile: the learner id ``tutor --learner ID`` was given (``learner``) and the
  course seed given with it (``seed``), which draw their variants in later runs too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, ClassVar

Statement = tuple[str, tuple[Any, ...]]  # SQL and its parameters


@dataclass(frozen=True)
class Event:
    """One record about a step of a lesson (``lesson`` and ``step``, 0-based)."""

    lesson: str
    step: int
    at: float | None = field(default=None, kw_only=True)  # None: stamped by the store's clock when it is recorded
    noun: ClassVar[tuple[str, str]] = ("record", "records")  # what one and several are called

    @property
    def when(self) -> float:
        """Its time, in seconds since the epoch: a recorded event has one (the store stamps it)."""
        assert self.at is not None, "an event gets its time when it is recorded"
        return self.at

    def statement(self) -> Statement:
        """The SQL that stores this event."""
        raise NotImplementedError


@dataclass(frozen=True)
class Attempt(Event):
    """One answer and its verdict: the skills it exercised (global names), the misconception the verdict
    diagnosed (its name, or None), the highest hint rung shown before it (0: none), whether the solution had
    been revealed, and the variant the learner answered (JSON text: the seed and parameters drawn)."""

    answer: str
    correct: bool
    verdict: str
    seconds: float
    skills: tuple[str, ...] = field(default=(), kw_only=True)
    misconception: str | None = field(default=None, kw_only=True)
    hint: int = field(default=0, kw_only=True)
    revealed: bool = field(default=False, kw_only=True)
    variant: str = field(default="", kw_only=True)
    instance: str = field(default="", kw_only=True)  # evidence fields (``progress.evidence``): stamped by the session
    item: int = field(default=0, kw_only=True)
    nth: int = field(default=0, kw_only=True)
    aids: tuple[str, ...] = field(default=(), kw_only=True)
    judged: bool = field(default=True, kw_only=True, compare=False)  # a try at the item (a game's move is not)
    noun = ("attempt", "attempts")

    def statement(self) -> Statement:
        return ("INSERT INTO attempts (lesson, step, answer, correct, verdict, seconds, at, skills, misconception, "
                "hint, revealed, variant, instance, item, nth, aids) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                "?, ?)",
                (self.lesson, self.step, self.answer, int(self.correct), self.verdict, self.seconds, self.at,
                 json.dumps(list(self.skills)), self.misconception, self.hint, int(self.revealed), self.variant,
                 self.instance, self.item, self.nth, json.dumps(list(self.aids))))


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


@dataclass(frozen=True)
class Profiled(Event):
    """A value kept in the profile under ``key`` (``learner``, ``seed``), for later runs (a new one replaces it)."""

    key: str = ""
    value: str = ""
    noun = ("learner id", "learner ids")

    def statement(self) -> Statement:
        return "INSERT OR REPLACE INTO profile VALUES (?, ?)", (self.key, self.value)

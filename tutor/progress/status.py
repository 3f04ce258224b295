"""What the progress store reports: a lesson's summary, why the file could not be used when opened, and what
is kept unsaved (``tutor.progress.Progress`` returns these)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.progress.events import Event


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
class OpenProblem:
    """Why the database at ``path`` could not be used when it was opened: ``reason``; if it was damaged,
    where it was ``moved_to`` (a fresh one was started; ``fresh`` says why that failed too, if it did)."""

    path: str
    reason: str
    moved_to: str | None = None
    fresh: str | None = None


@dataclass(frozen=True)
class SaveStatus:
    """What the store could not save yet: the events ``kept`` (in order) and why (``problem``); ``stored_again``
    counts kept events stored since the last time the status was taken with ``seen=True``."""

    kept: tuple[Event, ...]
    problem: str
    stored_again: int
    replaced: str = ""  # the file was moved or deleted under the tutor, which started this one (its path)
    damaged: str = ""  # the file was truncated or overwritten in place: why, and where it was moved

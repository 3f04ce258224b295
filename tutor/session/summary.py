"""One summary of a learner's progress, per lesson: what ``/progress``, ``/lessons``, the status bar and
``tutor progress`` (text and JSON) all show, computed in one place."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from tutor.course import Catalog, Lesson
from tutor.progress import Progress
from tutor.screen.text import plural


@dataclass(frozen=True)
class LessonStatus:
    """One lesson's progress: steps answered of those to answer (None when the lesson is not loaded), whether it
    is complete (None when not loaded: unknown, not false), the attempts (right ones), hints and solutions seen,
    the step the learner is at, the seconds."""

    lesson: str
    title: str | None
    answered: int
    questions: int | None
    complete: bool | None
    attempts: int
    correct: int
    hints: int
    solutions: int
    step: int | None
    seconds: float

    @property
    def started(self) -> bool:
        """Whether anything is recorded for the lesson."""
        return bool(self.attempts or self.answered or self.step is not None)

    @property
    def fraction(self) -> str:
        """``3/5`` steps answered (``3/?`` for a lesson that is not loaded: its steps are not known)."""
        return f"{self.answered}/{'?' if self.questions is None else self.questions}"

    @property
    def mark(self) -> str:
        """``done``, or ``3/5`` steps answered (``3/?`` for a lesson that is not loaded)."""
        return "done" if self.complete else self.fraction

    def as_json(self) -> dict[str, Any]:
        """The row ``tutor progress --json`` prints (seconds to a tenth)."""
        return {**asdict(self), "seconds": round(self.seconds, 1)}

    def line(self) -> str:
        """One line for /progress."""
        return (f"{self.lesson}: {self.fraction} answered, "
                f"{plural(self.attempts, 'attempt')}, {plural(self.hints, 'hint')}, "
                f"{plural(self.solutions, 'solution')} shown, {self.seconds:.0f} s")


def status(progress: Progress, lesson_id: str, lesson: Lesson | None) -> LessonStatus:
    """The progress of one lesson (``lesson`` None: recorded, but not loaded now)."""
    p = progress.summary(lesson_id)
    if lesson is None:
        return LessonStatus(lesson_id, None, len(p.completed), None, None, p.attempts, p.correct, p.hints,
                            p.solutions, p.position, p.seconds)
    required = lesson.required  # read from the file: listing never builds a lesson
    answered = len(required & p.completed)
    complete = bool(required) and answered == len(required)
    return LessonStatus(lesson_id, lesson.title, answered, len(required), complete, p.attempts, p.correct, p.hints,
                        p.solutions, p.position, p.seconds)


@dataclass(frozen=True)
class Summary:
    """Every lesson's progress: the catalog's in course order, then lessons recorded but not loaded."""

    lessons: tuple[LessonStatus, ...]

    @classmethod
    def of(cls, catalog: Catalog, progress: Progress, recorded: bool = False) -> Summary:
        """The catalog's lessons (``recorded``: and the ones in progress that are not loaded now)."""
        rows = [status(progress, lesson.id, lesson) for lesson in catalog.ordered()]
        if recorded:
            rows += [status(progress, lid, None) for lid in progress.lessons() if lid not in catalog.lessons]
        return cls(tuple(rows))

    @staticmethod
    def lesson(progress: Progress, lesson: Lesson) -> LessonStatus:
        """One loaded lesson's progress."""
        return status(progress, lesson.id, lesson)

    def started(self) -> Iterable[LessonStatus]:
        """The lessons with anything recorded."""
        return (row for row in self.lessons if row.started)

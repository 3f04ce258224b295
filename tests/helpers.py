"""Test helpers: a Session over the bundled lessons, and answers computed by the engines."""

from __future__ import annotations

from pathlib import Path

from tutor.authoring import explore_move
from tutor.course import Lesson, Step, load_catalog
from tutor.progress import Progress
from tutor.session import Reply, Session
from tutor.shown import text_of


def new_session(db: Path | None = None, lessons: list[str] | None = None) -> Session:
    """A Session over the bundled lessons with a fresh progress store (in memory by default)."""
    return Session(load_catalog(lessons or []), Progress(db))


def correct_answer(lesson: Lesson, step: Step) -> str:
    """The engine's correct answer for an ask step (never typed into a test)."""
    answer = Session.solution_text(lesson, step)
    assert answer is not None, f"{lesson.id} {step.key} has no computed answer"
    return text_of(answer)


def text(replies: list[Reply]) -> str:
    """All replies as one string."""
    return "\n".join(r.text for r in replies)


def play_through(session: Session, lesson: Lesson) -> list[Reply]:
    """Answer every step of ``lesson`` correctly through ``handle``; returns every reply."""
    out = session.handle(f"/open {lesson.id}")
    for _ in range(len(lesson.steps) * 3):
        step = session.step
        if step is None or session.place.lesson != lesson.id:
            break
        if not step.is_question:
            out += session.handle("")
            if step.index == len(lesson.steps) - 1:
                break
            continue
        if step.answer == "play":
            if step.goal == "explore":
                for _ in range(step.explore):
                    if step.index in session.progress.completed(lesson.id):
                        break
                    out += explore_move(session)
            else:
                out += session.handle(correct_answer(lesson, step))
            continue
        before = step.index
        out += session.handle(correct_answer(lesson, step))
        assert session.place.step != before or session.step is None or step.index == len(lesson.steps) - 1, \
            f"{lesson.id} {step.key}: correct answer not accepted: {text(out[-4:])}"
        if step.index == len(lesson.steps) - 1:
            break
    return out

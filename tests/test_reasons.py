"""Every wrong answer is explained by the engine: all number and choice steps of every bundled lesson.

A session is driven through ``handle`` to each step (answering the earlier ones
correctly, with the engine's own answers), then several wrong values are
typed: every one must be refused with a reason beyond the bare refusal, and the
reason must not name the right number (the learner may try again).
"""

from __future__ import annotations

import re

import pytest
from helpers import correct_answer, new_session, text

from tests.helpers import bundled
from tutor.course import Lesson, Step
from tutor.course.steps import Computed

CATALOG = bundled()
COMPUTED = [lesson.id for lesson in CATALOG.ordered() if any(isinstance(s, Computed) for s in lesson.steps)]


def at_step(lesson: Lesson, step: Step):
    """A fresh session on ``step`` of ``lesson``, reached by answering the earlier steps correctly."""
    session = new_session()
    session.handle(f"/open {lesson.id}")
    for _ in range(len(lesson.steps) * 3):
        current = session.step
        if current is None or current.index == step.index:
            break
        if not current.required:
            session.handle("")
        else:
            session.handle("/next")  # earlier questions are not this test's subject
    assert session.step is not None and session.step.index == step.index
    return session


def stated(number: str) -> str:
    """A pattern for ``number`` stated as the answer: "is 15", "= 15", "15 moves" (not "(6, 15)")."""
    n = re.escape(number)
    units = "moves|presses|questions|tables|classes|arrangements|positions|pairs|ways|solutions|worlds|totals"
    return rf"(?:\b(?:is|are|be|equals)|=)\s+{n}(?![\d,]|\.\d|\s*[-+*/^])|(?<![\d,(]){n}\s+(?:{units})\b"


@pytest.mark.parametrize("lesson_id", COMPUTED)
def test_every_wrong_number_or_choice_gets_a_reason(lesson_id: str) -> None:
    lesson = CATALOG.lessons[lesson_id]
    tried = explained = 0
    for step in lesson.steps:
        if not isinstance(step, Computed):
            continue
        session = at_step(lesson, step)
        right = correct_answer(lesson, step)
        for wrong in step.wrong_values(step.value()):
            replies = session.handle(str(wrong))
            assert any(r.kind == "wrong" for r in replies), f"{step.key} {wrong!r}: {text(replies)}"
            why = [r.text for r in replies if r.kind == "board" and r.text.strip()]  # the engine's own reason
            tried += 1
            explained += bool(why)
            assert why, f"{lesson.id} {step.key}: {wrong!r} refused with no reason: {text(replies)}"
            if not step.options:  # a number's reason must not state the number (it may appear in a position)
                assert not re.search(stated(right), " ".join(why)), \
                    f"{lesson.id} {step.key}: the reason for {wrong!r} states the answer {right}: {why}"
    assert tried and tried == explained


def test_solution_gives_the_reason_with_the_answer() -> None:
    lesson = next(les for les in CATALOG.ordered() if any(isinstance(s, Computed) and s.options for s in les.steps))
    step = next(s for s in lesson.steps if isinstance(s, Computed) and s.options)
    session = at_step(lesson, step)
    session.handle("/solution")
    replies = session.handle("y")
    assert replies[0].text == f"A correct answer: {correct_answer(lesson, step)}"
    assert any(r.kind == "board" and r.text.strip() for r in replies), text(replies)

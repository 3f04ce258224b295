"""How much misconception data each bundled lesson has (issue 29.2 asks for at least 10 entries per lesson): the
wrong ideas registered for the quantities its questions compute, and the beliefs about whole answers (a move, an
outcome, a list, a plan: ``tutor.puzzles.answers.Belief``) of the answer kinds its other questions are written in,
each a function of the game with its sentence and recomputed a second way in the family's misconception tests.

A quantity's idea counts once registered (its value may be None on one variant); a belief counts only where it
gives an answer on one of the lesson's questions that the step judges wrong and diagnoses as that very belief, so
a belief registered for a kind does not count for a lesson it says nothing about.  Lessons that reach 10 must keep
it; the others are listed with the count they have now, so the data only grows.
"""

from __future__ import annotations

import pytest

from tests.helpers import bundled
from tutor.course.steps import Computed, Written

TARGET = 10
# lessons below the target, with the entries they have (raise these as ideas are added, never lower them): every
# bundled lesson has reached it, so a new lesson short of it is listed here with its count until it does
SHORT: dict[str, int] = {}
LESSONS = bundled().ordered()


def registered(lesson) -> set[tuple[str, str]]:
    """(quantity, idea) for every idea of every quantity the lesson's questions (and practice items) compute, and
    (answer kind, belief) for every belief that diagnoses its own answer to one of the lesson's whole questions."""
    items = [item for step in lesson.steps for item in step.items()]
    ideas = {(item.computes.name, name) for item in items if isinstance(item, Computed)
             for name, _ in item.misconceptions()}
    return ideas | {(item.answer_kind.name, name) for item in items if isinstance(item, Written)
                    for name, example in item.beliefs() if example is not None and diagnosed(item, example, name)}


def diagnosed(item: Written, example: str, name: str) -> bool:
    """Whether the step judges ``example`` wrong and names belief ``name`` for it."""
    verdict = item.judge(example)
    return not verdict.correct and verdict.misconception == name


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_each_lesson_has_its_misconception_data(lesson) -> None:
    have = len(registered(lesson))
    assert have >= SHORT.get(lesson.id, TARGET), (lesson.id, have)
    if lesson.id in SHORT:
        assert have < TARGET, f"{lesson.id} now has {have}: take it off SHORT"


def test_the_short_list_names_only_bundled_lessons() -> None:
    assert set(SHORT) <= {lesson.id for lesson in LESSONS}

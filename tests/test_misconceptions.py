"""Misconceptions as engine data, over every number step of every bundled lesson: each quantity a lesson asks
for as a number names at least three wrong ideas learners really hold, and a learner who answers what one of
them gives is told that idea, for their own variant, before anything else.

The values are the engine's (``Misconception.value``), and each diagnosis is checked against the verdict the
step itself gives (``Verdict.misconception``), so the table and the feedback cannot drift apart.
"""

from __future__ import annotations

import pytest

from tests.helpers import bundled
from tutor.course.steps import Computed, Context
from tutor.screen.shown import ReplyKind

CATALOG = bundled()
NUMBER_STEPS = [(lesson, step) for lesson in CATALOG.ordered() for step in lesson.steps
                if isinstance(step, Computed) and not step.options]
IDS = [f"{lesson.id}-{step.key}-{step.computes.name}" for lesson, step in NUMBER_STEPS]


@pytest.mark.parametrize(("lesson", "step"), NUMBER_STEPS, ids=IDS)
def test_every_number_quantity_a_lesson_asks_for_names_three_misconceptions(lesson, step) -> None:
    names = [m.name for m in step.computes.misconceptions]
    assert len(names) >= 3 and len(set(names)) == len(names), (lesson.id, step.key, names)


@pytest.mark.parametrize(("lesson", "step"), NUMBER_STEPS, ids=IDS)
def test_each_misconception_is_diagnosed_by_name(lesson, step) -> None:
    right = step.value()
    quantity = step.computes
    args = quantity.arguments(step.args)
    diagnosed = 0
    for idea in quantity.misconceptions:
        given = idea.value(step.game, args)
        if given is None or given == right:
            continue  # this idea gives no answer here, or the right one (lint refuses the latter)
        verdict = step.judge(str(given))
        assert not verdict.correct and verdict.misconception == idea.name, (idea.name, given, verdict)
        said = idea.says(step.game, args, given)
        outcome = step.respond(step.enter(Context(lesson.id)).state, str(given), Context(lesson.id))
        assert outcome.replies[0].kind is ReplyKind.WRONG
        assert any(said in r.text for r in outcome.replies), (idea.name, [r.text for r in outcome.replies])
        diagnosed += 1
    assert diagnosed, f"{lesson.id} {step.key}: no misconception gives a wrong answer on this variant"

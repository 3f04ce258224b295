"""Ladders that only climb (issue 29.4): every step's hint ladder, before an answer, after each typical wrong answer
and with a move on the board, orders its rungs by what each tells (where to look, the idea, the next move, the
answer) and never says a rung twice; the lesson's hints keep their place; /reset starts the counter again."""

from __future__ import annotations

import pytest

from tests.helpers import bundled, new_session
from tutor.course.steps import Context, Game
from tutor.course.steps.question import Question
from tutor.puzzles.answers import Level
from tutor.screen.shown import text_of

CATALOG = bundled()
STEPS = [(lesson, item) for lesson in CATALOG.ordered() for step in lesson.steps for item in step.items(2)
         if isinstance(item, Question)]


def states(lesson, step) -> list:
    """Where a learner may stand on ``step``: fresh, after each typical wrong answer, or after a first move."""
    context = Context(lesson.id)
    if isinstance(step, Game):
        start = step.enter(context).state
        moves = step.rules.legal_moves(start.position)[:3]
        after = [step.respond(start, step.rules.format_move(start.position, m), context).state for m in moves]
        return [start, *(s for s in after if s is not None and not s.over)]
    wrong = [step.reply_to(step.blank(), w, context) for w in step.wrong_answers()[:6]]
    return [step.blank(), *(o.state for o in wrong if o.state is not None and not o.done)]


@pytest.mark.parametrize(("lesson", "step"), STEPS, ids=[f"{lesson.id}-{step.key}-{i}" for i, (lesson, step)
                                                          in enumerate(STEPS)])
def test_every_ladder_climbs(lesson, step) -> None:
    for state in states(lesson, step):
        ladder = step.ladder(state)
        levels = [r.level for r in ladder]
        texts = [" ".join(text_of(r.text).split()) for r in ladder]
        assert levels == sorted(levels), [(r.level.name, t[:60]) for r, t in zip(ladder, texts, strict=True)]
        assert len(set(texts)) == len(texts), texts  # each rung tells something the ones before did not
        assert Level.REVEAL not in levels[:-1], texts  # only the last rung tells the answer
        last = getattr(state, "last", "")
        authored = [" ".join(text_of(h).split()) for h in step.authored_hints()
                    if not step.gives_away(text_of(h), last)]  # a hint that would give the answer away waits for none
        assert [t for t in texts if t in authored] == authored  # the lesson's hints, all there, in their order


def test_the_ladder_sweep_sees_every_lesson() -> None:
    assert {lesson.id for lesson, _ in STEPS} >= {lesson.id for lesson in CATALOG.ordered() if lesson.questions}


def hint(session) -> str:
    return " ".join(r.text for r in session.handle("/hint"))


def test_reset_starts_the_counter_again_and_the_torus_hints_are_shown() -> None:
    session = new_session()
    session.handle("/open lightsout-4")
    while session.step.title != "Play on the torus":
        session.handle("/next")
    authored = [text_of(h) for h in session.step.authored_hints()]
    assert authored, "the torus step has hints of its own"
    for _ in range(4):
        hint(session)
    session.handle("/reset")
    first = hint(session)
    assert "hint 1 of" in first, first  # not "hint 5 of 6": the step starts again, and so does its ladder
    said = [first, *(hint(session) for _ in range(len(session.step.ladder(session.state)) - 1))]
    assert all(any(h in s for s in said) for h in authored), said


def test_the_lessons_hints_survive_a_move_in_play() -> None:
    session = new_session()
    session.handle("/open coins-2")
    while session.step.title != "Play, watching the belief":
        session.handle("/next")
    authored = [text_of(h) for h in session.step.authored_hints()]
    session.handle("0123")
    said = [hint(session) for _ in range(len(session.step.ladder(session.state)))]
    assert "hint 1 of" in said[0] and all(any(h in s for s in said) for h in authored), said

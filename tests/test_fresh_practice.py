"""Practice items are fresh (issue 28.2): after the lessons whose questions a practice step's items could repeat
(lightsout-3's 5x5 rank question, gods-6's four gods), no item served has an answer the learner gave or was shown,
and none accepts one of them: the step's own draws item after item, and the items the real Session serves, each
checked against what the progress store holds at that moment."""

from __future__ import annotations

import random

import pytest

from tests.helpers import new_session, play_through, text
from tutor.authoring import rehearse
from tutor.course.steps import Practice, Practising
from tutor.learner.fresh import Seen, plain
from tutor.learner.practice import Served
from tutor.screen.shown import text_of
from tutor.session.fresh import seen

ITEMS = 8  # items drawn, or answered (each wrong at the first try and then right)
CASES = [(("lightsout-3", "lightsout-4"), "lightsout-6"), (("gods-2", "gods-6"), "gods-7")]


def fresh_to(met: Seen, item) -> bool:
    """Whether ``item`` is fresh to a learner who met ``met``: its answer is none of theirs, and none passes it."""
    answer = plain(text_of(item.reference()))
    return answer not in met.shown | {plain(g) for g in met.given} and not any(
        item.accepts(old) for old in (*met.given, *met.shown))


@pytest.fixture(scope="module", params=CASES, ids=[practice for _, practice in CASES])
def learner(request):
    """A session after the lessons before a practice lesson, and that lesson's practice step."""
    lessons, practice = request.param
    session = new_session()
    for lesson in lessons:
        play_through(session, session.catalog.find(lesson))
    step = next(s for s in session.variant_of(session.catalog.find(practice)).steps if isinstance(s, Practice))
    return session, practice, step


def test_the_steps_draws_pass_over_every_answer_met(learner) -> None:
    session, _, step = learner
    met, record = seen(session, step.skill), []
    assert met.shown, "the lessons before showed answers on the skill"
    for n in range(ITEMS):
        drawn = step.pool.draw(record, random.Random(n), met)
        if drawn is None:
            break
        item, variant = drawn
        assert fresh_to(met, item), variant
        met, record = met.plus(text_of(item.reference())), [*record, Served(variant, True, solved=True)]
    assert len(record) >= 3, record


def test_the_session_serves_only_fresh_items(learner) -> None:
    session, practice, _ = learner
    session.handle(f"/open {practice}")
    while not isinstance(session.state, Practising):
        rehearse(session)
    served = []
    for _ in range(ITEMS):
        state = session.state
        if dict(state.variant) in served:
            break  # mastered: the step is complete, its last item stays on screen
        assert fresh_to(seen(session, session.step.skill), state.item), state.variant
        served.append(dict(state.variant))
        session.handle("0")  # wrong first (no count here is 0), so that mastery waits for more items
        assert "Right" in text(session.handle(text_of(state.item.reference())))
    assert served

"""Help on one item is no help on the next: a practice step serves many items at one lesson step, and a review
returns to a step weeks later, so a hint or a revealed solution on one item must not make the later items (or
the review) count as helped in the learner model.  Played through ``Session.handle``; the mastery checked
against a trace of the observations counted here from what the learner did (``bkt.trace``)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.helpers import new_session, text
from tutor.course.steps import Practising
from tutor.learner import bkt
from tutor.learner.mastery import traced
from tutor.progress.records import attempts
from tutor.screen.shown import text_of
from tutor.session import Session
from tutor.storage.clock import Stopped

LESSON = "coins-6"
SKILL = "coins/count-tables"
START = datetime(2026, 3, 1, 9, tzinfo=UTC)


class Clock(Stopped):
    """The store's clock moved on a minute per action, so that every stored event has its own time."""

    def __init__(self, start: datetime = START) -> None:
        super().__init__(start)

    def tick(self, minutes: float = 1) -> None:
        self.moment += timedelta(minutes=minutes)


def at_practice(session: Session) -> None:
    """Open the practice lesson at its practice step."""
    session.handle(f"/open {LESSON}")
    for _ in range(10):
        if isinstance(session.state, Practising):
            return
        session.handle("/next")
    raise AssertionError(f"{LESSON} has no practice step")


def right(session: Session) -> str:
    """The engine's answer to the item on screen."""
    state = session.state
    assert isinstance(state, Practising)
    return text_of(state.item.reference())


def answer(session: Session, clock: Clock, help_first: str = "") -> bool:
    """Answer the item on screen right (after ``/hint`` or ``/solution`` when asked); whether a new item came."""
    before = session.state
    assert isinstance(before, Practising)
    if help_first == "hint":
        clock.tick()
        assert "hint 1 of" in text(session.handle("/hint"))
    elif help_first == "solution":
        clock.tick()
        session.handle("/solution")
        session.handle("yes")
    clock.tick()
    session.handle(right(session))
    return isinstance(session.state, Practising) and session.state.variant != before.variant


def check_model(session: Session, helped: list[bool]) -> None:
    """The attempts recorded say ``helped`` in order, and the mastery is the trace of right-and-unaided."""
    records = [a for a in attempts(session.progress) if a.lesson == LESSON]
    assert [a.helped for a in records] == helped
    assert all(a.correct for a in records)
    found = traced(session.progress)[SKILL]
    assert found.opportunities == len(helped) and found.correct == helped.count(False)
    assert found.p == pytest.approx(bkt.trace([not h for h in helped], bkt.DEFAULT))


@pytest.mark.parametrize("help_first", ["hint", "solution"])
def test_help_on_the_first_item_is_not_help_on_the_next_two(help_first: str) -> None:
    clock = Clock()
    clock.tick()
    session = new_session(clock=clock)
    at_practice(session)
    assert answer(session, clock, help_first)
    assert session.place.hint_level == 0 and not session.place.revealed
    assert answer(session, clock) and answer(session, clock)
    check_model(session, [True, False, False])


def test_a_learner_who_comes_back_is_unaided_on_the_next_item_but_keeps_the_help_on_an_item(tmp_path) -> None:
    clock = Clock()
    clock.tick()
    db = tmp_path / "progress.db"
    first = new_session(db, clock=clock)
    at_practice(first)
    assert answer(first, clock, "hint")
    clock.tick(60 * 24)
    second = new_session(db, clock=clock)  # the next day, item 2 on screen: the hint was on item 1
    at_practice(second)
    assert second.place.hint_level == 0 and not second.place.revealed
    clock.tick()
    second.handle("/hint")  # a hint on item 2, left unanswered
    clock.tick(60 * 24)
    third = new_session(db, clock=clock)
    at_practice(third)
    assert third.place.hint_level == 1, "the hint on the item still on screen counts"
    assert answer(third, clock) and answer(third, clock)
    check_model(third, [True, True, False])


def test_a_review_weeks_later_is_unaided_whatever_help_came_before() -> None:
    clock = Clock()
    clock.tick()
    session = new_session(clock=clock)
    at_practice(session)
    assert answer(session, clock, "solution") and answer(session, clock, "hint")
    for _ in range(40):
        if not answer(session, clock):
            break
    assert session.progress.completed(LESSON), "the practice was not completed"
    before = len([a for a in attempts(session.progress) if a.lesson == LESSON])
    clock.tick(60 * 24 * 42)
    assert "Review 1 of" in text(session.handle("/review"))
    reviewed = 0
    while session.reviewing is not None and reviewed < 20:
        if not isinstance(session.state, Practising):
            break  # another lesson's review: not this test's
        answer(session, clock)
        reviewed += 1
    assert reviewed
    assert before >= 3
    check_model(session, [True, True] + [False] * (before - 2 + reviewed))

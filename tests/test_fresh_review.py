"""A remembered answer never passes a review (issue 28.2), through the real Session over simulated days (a clock
set by hand): a learner solves lessons on 1 March; on each later day with reviews due, a recall-only learner retypes
every answer it gave on the skill under review (its latest first, as it last saw them) and none is judged right;
only then is the review answered from the engine's own answer, so the next round has that answer to remember
too."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tests.helpers import play_through, text
from tutor.authoring import rehearse
from tutor.course import load_catalog
from tutor.course.steps import Game
from tutor.progress import Progress
from tutor.progress.records import attempts
from tutor.session import Session
from tutor.storage.clock import Stopped

START = datetime(2026, 3, 1, 9, tzinfo=UTC)
LESSONS = ("coins-1", "coins-5", "wythoff-1", "wythoff-3", "lightsout-1", "gods-2", "gods-5")
DAYS = (4, 21, 90)  # the days after 1 March the learner comes back on
RETYPED = 6  # remembered answers retyped per review


LEARNER = "recall-only"  # a fixed learner id: the variants and review instances drawn are the same on every run


def new_session(clock: Stopped) -> Session:
    """A session over the bundled lessons for the learner ``LEARNER``, with a fresh progress store in memory on
    ``clock``."""
    return Session(load_catalog([]), Progress(None, clock=clock), learner=LEARNER)


def at(day: int) -> datetime:
    """The moment ``day`` days after the lessons were solved."""
    return START + timedelta(days=day)


def remembered(session, skill: str) -> list[str]:
    """The answers the learner gave on ``skill``, latest first, once each."""
    latest = sorted((r for r in attempts(session.progress) if skill in r.skills), key=lambda r: -r.at)
    return list(dict.fromkeys(r.answer.strip() for r in latest if r.answer.strip()))


def retype(session, answer: str) -> None:
    """Type ``answer`` at the step on screen, line by line where the step takes several (a game is set back to its
    start after it)."""
    if session.multiline:
        for line in [*answer.splitlines(), ""]:
            session.handle(line)
    else:
        session.handle(" ".join(answer.split()))
    if isinstance(session.step, Game):
        session.handle("/reset")


@pytest.fixture(scope="module")
def rounds():
    """Every review of the simulated days: (day, skill, the question asked, the answers retyped, whether any passed)."""
    clock = Stopped(at(0))
    session = new_session(clock)
    for lesson in LESSONS:
        assert "Lesson complete" in text(play_through(session, session.catalog.find(lesson)))
    out = []
    for day in DAYS:
        clock.moment = at(day)
        said = text(session.handle("/review"))
        while session.reviewing is not None:
            planned = session.reviewing.current
            asked = text(session.step.show(session.state))
            tried = remembered(session, planned.skill)[:RETYPED]
            passed = []
            for answer in tried:
                retype(session, answer)
                if session.reviewing is None or session.reviewing.current is not planned:
                    passed.append(answer)
                    break
            out.append((day, planned.skill, asked, tried, passed, said))
            if not passed:
                rehearsal = rehearse(session)
                assert not rehearsal.problem, rehearsal.problem
    return out


def test_reviews_were_asked_on_every_day_and_for_every_skill(rounds) -> None:
    assert {day for day, *_ in rounds} == set(DAYS)
    skills = {skill for _, skill, *_ in rounds}
    assert len(skills) >= 8, skills
    assert all(tried for _, _, _, tried, _, _ in rounds), "each review had remembered answers to retype"


def test_no_remembered_answer_passes_a_review(rounds) -> None:
    passed = [(day, skill, p) for day, skill, _, _, p, _ in rounds if p]
    assert rounds and passed == []  # reviews were asked (on the days the clock was set to), and none passed


def test_no_review_repeats_a_question_asked_before(rounds) -> None:
    asked = [(skill, question) for _, skill, question, *_ in rounds]
    assert len(asked) == len(set(asked))


def test_the_nine_position_question_is_not_asked_again() -> None:
    """Issue 28: coins-5 "Nine positions, three faces" (19682) four days later: retyping 19682 does not pass."""
    clock = Stopped(at(0))
    session = new_session(clock)
    play_through(session, session.catalog.find("coins-5"))
    clock.moment = at(4)
    replies = text(session.handle("/review"))
    seen = []
    while session.reviewing is not None:
        planned = session.reviewing.current
        seen.append(planned.skill)
        assert "the same question" not in replies
        retype(session, "19682")
        assert session.reviewing is not None and session.reviewing.current is planned, "19682 passed a review"
        replies = text(rehearse(session).exchanges[-1][1])
    assert "coins/bound-strategies" in seen


"""Running the reviews that are due (/review, tutor review), with the clock set by hand (TUTOR_NOW on the command
line): lessons solved on 1 March come back weeks later, each review at its lesson's step on something fresh (a
practice item never served, or a variant never answered), and once reviewed a skill is scheduled again in the
future."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta

import pytest

from tests.helpers import new_session, play_through, text
from tutor.authoring import rehearse
from tutor.course.steps import Practice, Practising
from tutor.learner.practice import key, read_record
from tutor.learner.review import due
from tutor.progress import Progress
from tutor.progress.events import Attempt
from tutor.progress.records import attempts
from tutor.storage.clock import Stopped, parse

START = "2026-03-01T09:00:00"
LESSONS = ("coins-6", "lightsout-1")


@pytest.fixture(scope="module")
def solved():
    """A session that solved the two lessons on 1 March (the clock then moved on by the tests)."""
    clock = Stopped(parse(START))
    session = new_session(clock=clock)
    for lesson in LESSONS:
        assert "Lesson complete" in text(play_through(session, session.catalog.find(lesson)))
    return session, clock


def test_nothing_is_due_on_the_day_it_was_solved(solved) -> None:
    session, clock = solved
    clock.moment = parse(START)
    assert due(session.progress, parse(START)) == []
    assert "No review is due now" in text(session.handle("/review"))


def test_weeks_later_the_due_reviews_run_on_fresh_items(solved) -> None:
    session, clock = solved
    later = clock.moment = parse(START) + timedelta(weeks=6)
    items = due(session.progress, later)
    assert {d.lesson for d in items} == set(LESSONS)
    practice = next(s for s in session.catalog.find("coins-6").steps if isinstance(s, Practice))
    served = {key(s.variant) for s in read_record(session.progress.game("coins-6", practice.index))}
    own = session.variant_of(session.catalog.find("lightsout-1"))
    replies = text(session.handle("/review"))
    assert f"{len(items)} reviews due" in replies and f"Review 1 of {len(items)}" in replies
    reviewed = []
    for _ in range(10 * len(items)):
        if session.reviewing is None:
            break
        planned = session.reviewing.current
        reviewed.append(planned.skill)
        if isinstance(session.state, Practising):
            assert key(session.state.variant) not in served
        else:
            asked = session.lesson.steps[planned.step]
            assert session.lesson.variant, "a review asks an instance of its own, recorded as the variant"
            mine = {r.answer for r in attempts(session.progress) if planned.skill in r.skills and r.answer.strip()}
            assert not any(asked.accepts(answer) for answer in mine), "an answer the learner gave passes"
        rehearsal = rehearse(session)
        assert not rehearsal.problem, rehearsal.problem
    assert session.reviewing is None, "the reviews did not end"
    assert "Reviews done" in text(rehearsal.exchanges[-1][1])
    assert sorted(set(reviewed)) == sorted(d.skill for d in items)
    assert session.navigator.instances["lightsout-1"] is own, "the learner's own variant is put back"
    assert due(session.progress, later) == []  # each skill reviewed is scheduled again, later


def test_tutor_review_runs_them_from_the_command_line(tmp_path) -> None:
    env = {**os.environ, "TUTOR_HOME": str(tmp_path), "TUTOR_NOW": START, "NO_COLOR": "1"}
    run = [sys.executable, "-m", "tutor"]
    store = Progress(tmp_path / "progress.sqlite3")
    store.record(Attempt("coins-6", 1, "3", True, "Right: 3.", 1.0, skills=("coins/count-tables",),
                         at=parse(START).timestamp()))
    store.db.commit()
    env["TUTOR_NOW"] = "2026-04-15T09:00:00"
    listed = json.loads(subprocess.run([*run, "review", "--json"], env=env, capture_output=True, text=True).stdout)
    assert [d["skill"] for d in listed["due"]] == ["coins/count-tables"]
    done = subprocess.run([*run, "review"], env=env, input="/quit\n", capture_output=True, text=True)
    assert done.returncode == 0 and "Review 1 of 1" in " ".join(done.stdout.split()), done.stdout + done.stderr

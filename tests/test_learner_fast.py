"""The learner model read in brief (``tutor.progress.brief``) gives exactly what the records give.

A store of a few hundred varied attempts (several lessons and skills, hints, revealed solutions, attempts out of
time order, some at a hair before midnight, some kept unwritten) is traced and scheduled by the fast path, and
checked against a straightforward computation written here: BKT updated record by record (and
``bkt.trace`` per skill), and the ``fsrs`` scheduler driven directly over each skill's reviews.
"""

from __future__ import annotations

import random
import sqlite3
from datetime import UTC, datetime

import pytest
from fsrs import Card, Rating, Scheduler

from tutor.course import load_catalog
from tutor.learner.bkt import DEFAULT, BktParams, trace, update
from tutor.learner.mastery import traced
from tutor.learner.review import upcoming
from tutor.progress import Progress
from tutor.progress.brief import briefs, from_records
from tutor.progress.events import Attempt
from tutor.progress.records import AttemptRecord, attempts
from tutor.session.skills import Standing
from tutor.storage.clock import iso

SKILLS = ("coins/count-tables", "coins/bound-strategies", "coins/decide-winnable", "wythoff/cold-positions")
LESSONS = ("coins-1", "coins-2", "course/one", "other/two")
START = datetime(2026, 1, 5, 8, tzinfo=UTC).timestamp()


def varied(count: int, seed: int) -> list[Attempt]:
    """``count`` attempts: times mostly rising over a few weeks, some earlier than the one before, some just
    before midnight UTC (where ``clock.iso`` rounds to the next day)."""
    rng = random.Random(seed)
    out, moment = [], START
    for _ in range(count):
        moment += rng.choice((0.0, 20.0, 600.0, 5000.0, 86400.0 * rng.random() * 4))
        at = moment - rng.random() * 86400 * 2 if rng.random() < 0.1 else moment
        if rng.random() < 0.05:
            at = (at // 86400 + 1) * 86400 - rng.choice((1e-7, 4e-7, 0.004, 0.5))
        out.append(Attempt(rng.choice(LESSONS), rng.randint(0, 3), "x", rng.random() < 0.6, "", 1.0, at=at,
                           skills=tuple(rng.sample(SKILLS, rng.choice((0, 1, 1, 2)))), hint=rng.choice((0, 0, 1, 2)),
                           revealed=rng.random() < 0.08))
    return out


@pytest.fixture(scope="module", params=[1, 2])
def store(request, tmp_path_factory):
    """A store with 300 attempts written and 20 kept (not yet written)."""
    events = varied(320, request.param)
    progress = Progress(tmp_path_factory.mktemp("fast") / "progress.sqlite3")
    progress.record_all(events[:300])
    progress.pending.extend(events[300:])
    return progress


def pack_params(lesson: str, skill: str) -> BktParams:
    """Parameters that differ by pack and skill, so each update must use its own attempt's."""
    if lesson.startswith("course/"):
        return BktParams(prior=0.4, learn=0.05, slip=0.2, guess=0.3)
    return BktParams(prior=0.1, learn=0.3) if skill == SKILLS[0] else DEFAULT


def slow_trace(records: list[AttemptRecord], params) -> dict[str, tuple[float, int, int]]:
    """BKT record by record: (estimate, opportunities, unaided right answers) per skill."""
    out: dict[str, tuple[float, int, int]] = {}
    for r in records:
        ok = r.correct and r.hint == 0 and not r.revealed
        for skill in r.skills:
            chosen = params(r.lesson, skill)
            p, seen, right = out.get(skill, (chosen.prior, 0, 0))
            out[skill] = (update(p, ok, chosen), seen + 1, right + ok)
    return out


def slow_schedule(records: list[AttemptRecord]) -> dict[str, tuple[str, datetime]]:
    """FSRS driven directly: each solved skill's first attempt per lesson, step and UTC day, in time order."""
    scheduler = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
    solved = {skill for r in records if r.correct for skill in r.skills}
    ordered = sorted(records, key=lambda r: r.at)
    out = {}
    for skill in solved:
        days = {}
        for r in ordered:
            if skill in r.skills:
                days.setdefault((r.lesson, r.step, iso(r.at)[:10]), r)
        card = Card()
        for r in days.values():
            grade = Rating.Again if not r.correct or r.revealed else Rating.Hard if r.hint else Rating.Good
            card, _ = scheduler.review_card(card, grade, datetime.fromtimestamp(r.at, UTC))
        out[skill] = (list(days.values())[-1].lesson, card.due)
    return out


def test_the_briefs_read_what_the_records_read(store):
    records = list(attempts(store))
    fast, slow = briefs(store), from_records(records)
    assert [(fast.kinds[k], at, step) for k, at, step in fast.rows] == [
        (slow.kinds[k], at, step) for k, at, step in slow.rows]
    assert len(fast.rows) == 320 and len(fast.kinds) < 200  # attempts share kinds
    assert len({iso(r.at)[:10] for r in records}) > 10


def test_mastery_equals_bkt_record_by_record(store):
    records = list(attempts(store))
    expected = slow_trace(records, pack_params)
    found = traced(store, pack_params)
    assert {s: (t.p, t.opportunities, t.correct) for s, t in found.items()} == expected
    assert set(expected) == set(SKILLS)
    for skill, t in traced(store).items():  # the default parameters: bkt.trace over the skill's observations
        observations = [r.correct and not r.helped for r in records for s in r.skills if s == skill]
        assert t.p == trace(observations, DEFAULT) and t.opportunities == len(observations)


def test_schedule_equals_fsrs_driven_directly(store):
    expected = slow_schedule(list(attempts(store)))
    assert {d.skill: (d.lesson, d.when) for d in upcoming(store)} == expected
    assert len(expected) >= 3


def test_standing_shows_the_same(store):
    moment = datetime(2026, 2, 20, tzinfo=UTC)
    standing = Standing.of(load_catalog([]), store, moment)
    records = list(attempts(store))
    mastery, schedule = slow_trace(records, lambda lesson, skill: DEFAULT), slow_schedule(records)
    assert [(s.skill, s.mastery, s.opportunities, s.correct, s.due) for s in standing.skills] == [
        (skill, *mastery[skill], schedule[skill][1] if skill in schedule else None) for skill in sorted(mastery)]
    assert {d.skill for d in standing.due} == {skill for skill, (_, when) in schedule.items() if when <= moment}


def test_text_that_is_not_utf8_reads_as_the_records_read_it(tmp_path):
    path = tmp_path / "progress.sqlite3"
    Progress(path).record_all(varied(40, 3))
    db = sqlite3.connect(path)
    db.execute("UPDATE attempts SET lesson = CAST(x'ff636f696e73' AS TEXT) WHERE id = 7")
    db.commit()
    db.close()
    progress = Progress(path)
    records = list(attempts(progress))
    assert "\ufffdcoins" in {r.lesson for r in records}
    found = briefs(progress)
    assert [(found.kinds[k].lesson, at) for k, at, _ in found.rows] == [(r.lesson, r.at) for r in records]
    assert {s: (t.p, t.opportunities) for s, t in traced(progress, pack_params).items()} == {
        s: v[:2] for s, v in slow_trace(records, pack_params).items()}


def test_an_attempt_a_hair_before_midnight_is_dated_as_clock_iso_dates_it():
    midnight = datetime(2026, 1, 6, tzinfo=UTC).timestamp()
    late = Attempt("coins-1", 0, "x", False, "", 1.0, skills=(SKILLS[0],), at=midnight - 4e-7)
    assert iso(late.at).startswith("2026-01-06")  # rounded to the microsecond: already the next day
    progress = Progress(None)
    progress.record_all([late, Attempt("coins-1", 0, "x", True, "", 1.0, skills=(SKILLS[0],), at=midnight + 9 * 3600)])
    expected = slow_schedule(list(attempts(progress)))  # one review that day, rated by the wrong answer
    assert {d.skill: (d.lesson, d.when) for d in upcoming(progress)} == expected


def same_as_records(progress: Progress) -> bool:
    """Whether the briefs (read again after what was read before) equal the records read afresh."""
    fast, slow = briefs(progress), from_records(list(attempts(progress)))
    return [(fast.kinds[k], at, step) for k, at, step in fast.rows] == [
        (slow.kinds[k], at, step) for k, at, step in slow.rows]


def test_a_second_read_adds_what_was_stored_since_and_rereads_after_a_reset_or_another_writer(tmp_path):
    path = tmp_path / "progress.sqlite3"
    events = varied(200, 4)
    progress = Progress(path)
    progress.record_all(events[:100])
    assert same_as_records(progress) and len(briefs(progress).rows) == 100
    progress.record_all(events[100:120])  # this store's own writes: read as an addition
    assert same_as_records(progress) and len(briefs(progress).rows) == 120
    removed = progress.reset("coins-1")  # a lesson forgotten: read again from the start
    assert removed > 0 and same_as_records(progress)
    assert all(brief.lesson != "coins-1" for brief in briefs(progress).kinds)
    other = Progress(path)  # another connection (another tutor): its commits change the file's data_version
    other.record_all(events[120:140])
    assert same_as_records(progress) and len(briefs(progress).rows) == 120 - removed + 20
    db = sqlite3.connect(path)  # the newest rows replaced by as many others, reusing their ids
    last = db.execute("SELECT max(id) FROM attempts").fetchone()[0]
    db.execute("DELETE FROM attempts WHERE id > ?", (last - 5,))
    db.execute("UPDATE attempts SET correct = 1 - correct WHERE id <= 5")
    db.commit()
    db.close()
    progress.record_all(events[140:145])
    assert same_as_records(progress)

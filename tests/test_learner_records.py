"""Learning records, mastery and review scheduling (issue 21): attempts carry their skills, the misconception
matched, the hint rung, the variant; an old database is migrated; reviews come back on FSRS's schedule as
TUTOR_NOW moves across weeks; a pack overrides the knowledge-tracing parameters."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime, timedelta

import pytest

from tests.helpers import correct_answer, new_session
from tests.test_progress import OLD_SCHEMA
from tutor.cli import main
from tutor.course import load_catalog
from tutor.learner.bkt import DEFAULT, BktParams, trace
from tutor.learner.mastery import mastery, traced
from tutor.learner.review import due, upcoming
from tutor.progress import Progress
from tutor.progress.events import Attempt
from tutor.progress.records import AttemptRecord, attempts
from tutor.session.skills import Standing, bkt_params, chances
from tutor.settings import Settings

SKILL = "coins/count-tables"


def at_step(session, lesson_id, label="number"):
    session.handle(f"/open {lesson_id}")
    while session.step.label != label:
        session.handle("/next")
    return session.step


def test_a_session_records_skills_hints_misconceptions_and_the_variant():
    session = new_session()
    step = at_step(session, "coins-2")
    ideas = dict(step.misconceptions())
    wrong = next(v for v in ideas.values() if v is not None and v != step.value())
    session.handle(str(wrong))
    session.handle("/hint")
    session.handle(correct_answer(session.lesson, step))
    first, second = attempts(session.progress)
    named = next(n for n, v in ideas.items() if v == wrong)
    assert first.skills == second.skills == step.skills() and first.skills
    assert (first.correct, first.misconception, first.hint) == (False, named, 0)
    assert (second.correct, second.misconception, second.hint) == (True, None, 1)
    assert first.step == step.index + 1 and first.profile == session.profile
    assert json.loads(first.variant)["seed"] == session.lesson.seed
    # one item, scored by its first try (wrong): the right answer after the hint adds no observation
    assert (first.item, first.nth, first.aids, second.item, second.nth, second.aids) == (1, 1, (), 1, 2, ("hint",))
    assert mastery(session.progress)[first.skills[0]] == pytest.approx(trace([False], DEFAULT))


def test_records_round_trip_through_the_store(tmp_path):
    progress = Progress(tmp_path / "p.sqlite3")
    events = [Attempt("coins-1", 2, "3", True, "Right", 1.5, skills=(SKILL, "coins/play-blindfolded"),
                      hint=2, variant='{"seed": 1}', at=1000.0),
              Attempt("coins-1", 2, "4", False, "Wrong", 0.5, misconception="turned_apart", revealed=True, at=2000.0)]
    for event in events:
        progress.record(event)
    again = list(attempts(Progress(tmp_path / "p.sqlite3")))
    assert [(r.lesson, r.step, r.skills, r.correct, r.misconception, r.hint, r.revealed, r.seconds, r.variant, r.at)
            for r in again] == [(e.lesson, e.step + 1, e.skills, e.correct, e.misconception, e.hint, e.revealed,
                                 e.seconds, e.variant, e.at) for e in events]
    assert again[0].as_json()["time"] == "1970-01-01T00:16:40Z" and again[1].helped and again[0].helped


V2_SCHEMA = OLD_SCHEMA + """
INSERT INTO attempts (lesson, step, answer, correct, verdict, seconds, at) VALUES ('coins-1', 3, '3', 1, 'Right', 2, 5);
PRAGMA user_version = 2;
"""  # version 2 kept the tables of the schema before versions


def old_database(path):
    db = sqlite3.connect(path)
    db.executescript(V2_SCHEMA)
    db.commit()
    db.close()


def test_an_old_database_is_migrated_and_keeps_its_attempts(tmp_path):
    path = tmp_path / "p.sqlite3"
    old_database(path)
    readonly = list(attempts(Progress(path, readonly=True)))  # read as it is: the new columns by their defaults
    assert [(r.step, r.skills, r.hint, r.misconception) for r in readonly] == [(4, (), 0, None)]
    progress = Progress(path)
    progress.record(Attempt("coins-1", 3, "3", True, "Right", 1.0, skills=(SKILL,), hint=1))
    rows = list(attempts(progress))
    assert [(r.step, r.skills, r.hint, r.correct) for r in rows] == [(4, (), 0, True), (4, (SKILL,), 1, True)]
    check = sqlite3.connect(path)
    assert check.execute("PRAGMA user_version").fetchone()[0] == 4


def record(skill, correct, day, hint=0, step=1, lesson="coins-1"):
    moment = datetime(2026, 1, 1, 9, tzinfo=UTC) + timedelta(days=day)
    return AttemptRecord(lesson, step, (skill,), correct, None, hint, False, 1.0, "", moment.timestamp(), "p")


def test_reviews_space_out_after_success_and_come_back_sooner_after_a_failure():
    history = [record(SKILL, True, 0)]
    intervals = []
    day = 0.0
    for _ in range(4):  # review each time it falls due, right each time: the intervals grow
        (row,) = upcoming(history)
        gap = (row.when - datetime.fromtimestamp(history[-1].at, UTC)).total_seconds() / 86400
        intervals.append(gap)
        day += gap
        moment = datetime(2026, 1, 1, 9, tzinfo=UTC) + timedelta(days=day)
        assert [d.skill for d in due(history, moment)] == [SKILL]  # due exactly then, not a minute before
        assert due(history, row.when - timedelta(minutes=1)) == []
        history.append(record(SKILL, True, day))
    assert intervals == sorted(intervals) and intervals[-1] > 3 * intervals[0] >= 3
    (before,) = upcoming(history)
    lapse = [*history, record(SKILL, False, day + intervals[-1])]  # forgotten at the next review
    (after,) = upcoming(lapse)
    assert after.when - datetime.fromtimestamp(lapse[-1].at, UTC) < before.when - datetime.fromtimestamp(
        history[-1].at, UTC)
    assert upcoming([record(SKILL, False, 0)]) == []  # never solved: practice, not review


def test_attempts_on_one_day_are_one_review():
    right = [record(SKILL, True, 0)]
    again = [record(SKILL, False, 0), record(SKILL, True, 0.01)]
    assert upcoming(again)[0].when < upcoming(right)[0].when  # a lapse first: the day counts as one failed review
    assert upcoming([*right, record(SKILL, True, 0.02)]) == upcoming(right)


def test_help_counts_as_evidence_against_knowing():
    alone = traced([record(SKILL, True, 0)])[SKILL]
    hinted = traced([record(SKILL, True, 0, hint=1)])[SKILL]
    wrong = traced([record(SKILL, False, 0)])[SKILL]
    assert hinted.p == wrong.p < alone.p and (alone.correct, hinted.correct) == (1, 0)


def test_a_pack_overrides_the_parameters(tmp_path):
    pack = tmp_path / "course"
    pack.mkdir()
    (pack / "pack.toml").write_text('title = "A course"\nid = "course"\n[mastery.default]\nprior = 0.5\n'
                                    f'[mastery."{SKILL}"]\nprior = 0.9\nslip = 0.05\n')
    catalog = load_catalog([str(pack)])
    params = bkt_params(catalog)
    assert params("course/one", SKILL) == BktParams(prior=0.9, learn=DEFAULT.learn, slip=0.05, guess=DEFAULT.guess)
    assert params("course/one", "coins/play-blindfolded").prior == 0.5
    assert params("coins-1", SKILL) == DEFAULT
    (pack / "pack.toml").write_text('title = "A course"\n[mastery."coins/nothing"]\nprior = 0.9\n')
    assert any("unknown skill 'coins/nothing'" in e for e in load_catalog([str(pack)]).errors)
    (pack / "pack.toml").write_text('title = "A course"\n[mastery.default]\nslip = 0.7\nguess = 0.6\n')
    assert any("slip + guess" in e for e in load_catalog([str(pack)]).errors)


def test_standing_shows_bars_and_what_is_due():
    history = [record(SKILL, True, 0), record("coins/play-blindfolded", False, 0)]
    standing = Standing.of(load_catalog([]), Progress(None), datetime(2026, 3, 1, tzinfo=UTC))
    assert standing.skills == () and standing.lines() == []
    progress = Progress(None)
    for r in history:
        progress.record(Attempt(r.lesson, r.step - 1, "x", r.correct, "", 1.0, skills=r.skills, at=r.at))
    standing = Standing.of(load_catalog([]), progress, datetime(2026, 3, 1, tzinfo=UTC))
    rows = {s.skill: s for s in standing.skills}
    chance = chances(load_catalog([]))(history[0].lesson, history[0].step)  # the step's own chance of a lucky guess
    assert rows[SKILL].mastery == pytest.approx(trace([True], DEFAULT, chance)) and rows[SKILL].due is not None
    assert rows["coins/play-blindfolded"].due is None
    assert [d.skill for d in standing.due] == [SKILL]
    text = "\n".join(standing.lines())
    assert f"[{rows[SKILL].bar()}] {round(100 * rows[SKILL].mastery):>3}%" in text and "1 review due" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    assert standing.as_json()["skills"][0]["mastery"] == round(trace([True], DEFAULT, chance), 4)


def test_tutor_review_json_lists_due_items_and_a_bad_clock_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    progress = Progress.default(Settings(home=tmp_path))
    progress.record(Attempt("coins-1", 3, "3", True, "Right", 1.0, skills=(SKILL,),
                            at=datetime(2026, 1, 1, tzinfo=UTC).timestamp()))
    monkeypatch.setenv("TUTOR_NOW", "2026-01-01T12:00")
    assert main(["review", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["due"] == []
    monkeypatch.setenv("TUTOR_NOW", "2026-02-01")
    assert main(["review", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["now"] == "2026-02-01T00:00:00Z"
    assert [(d["skill"], d["lesson"]) for d in listed["due"]] == [(SKILL, "coins-1")]
    assert main(["progress", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["skills"][0]["skill"] == SKILL and shown["due"][0]["skill"] == SKILL
    monkeypatch.setenv("TUTOR_NOW", "next tuesday")
    assert main(["review", "--json"]) == 2
    err = capsys.readouterr().err
    assert "TUTOR_NOW='next tuesday' is not an ISO date and time" in err and len(err.splitlines()) == 1

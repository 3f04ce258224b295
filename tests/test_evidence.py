"""Evidence per item (``tutor.progress.evidence``) and the mastery rule (``tutor.learner.mastery``).

The update rules are checked on small cases worked out here with fractions (Corbett and Anderson's formulas written
out, not ``bkt.update``), the item rule on hand-made attempts, the migration on a database of the version before, and
the session's stamps on scripted learners who take hints, undo and reset in play: none of them is credited with an
unaided item, and none is told a skill is mastered.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import new_session, text
from tutor.course import load_catalog
from tutor.learner.bkt import BktParams, trace
from tutor.learner.mastery import mastered, traced
from tutor.progress import Progress
from tutor.progress.events import Attempt
from tutor.progress.evidence import Legacy, Scored, backfill, instance_of, items, stamp
from tutor.progress.records import AttemptRecord, attempts
from tutor.screen.shown import text_of

SKILL = "coins/count-tables"
HALF = BktParams(Fraction(1, 2), Fraction(1, 10), Fraction(1, 5), Fraction(1, 5))  # type: ignore[arg-type]


def bayes(p: Fraction, right: bool, prm: BktParams) -> Fraction:
    """One step of knowledge tracing written out: Bayes' rule on the observation, then the chance to learn."""
    seen = (1 - prm.slip) if right else prm.slip
    unseen = prm.guess if right else 1 - prm.guess
    posterior = p * seen / (p * seen + (1 - p) * unseen)
    return posterior + (1 - posterior) * prm.learn


def record(step: int, correct: bool, *, item: int = 1, nth: int = 1, aids: tuple[str, ...] = (),
           instance: str = "{}", at: float = 0.0, lesson: str = "coins-1") -> AttemptRecord:
    """An attempt record with its evidence fields, at ``step`` of ``lesson``, exercising ``SKILL``."""
    return AttemptRecord(lesson, step, (SKILL,), correct, None, 0, False, 1.0, "", at, "p", instance=instance,
                         item=item, nth=nth, aids=aids)


# -- the update, by hand ------------------------------------------------------------------------------------


def test_a_wrong_first_try_lowers_the_estimate_below_the_prior_and_the_right_retry_adds_nothing() -> None:
    wrong_then_right = [record(1, False, nth=1, at=1), record(1, True, nth=2, at=2)]
    (found,) = traced(wrong_then_right, lambda lesson, skill: HALF).values()
    assert found.p == bayes(HALF.prior, False, HALF) == Fraction(1, 2) * Fraction(1, 5) / (
        Fraction(1, 10) + Fraction(1, 2) * Fraction(4, 5)) * Fraction(9, 10) + Fraction(1, 10)
    assert found.p == Fraction(7, 25) < HALF.prior  # 0.28: below the prior of 1/2
    assert (found.unaided, found.wrong, found.opportunities, found.mastered) == (0, 1, 1, False)


def test_help_before_a_right_first_try_is_a_miss_and_each_item_is_one_observation() -> None:
    rows = [record(1, True, aids=("hint",), at=1), record(2, True, at=2, instance='{"coins":3}'),
            record(3, True, aids=("undo", "reset"), at=3), record(3, True, item=2, at=4)]
    (found,) = traced(rows, lambda lesson, skill: HALF).values()
    expected = HALF.prior
    for right in (False, True, False):  # the fourth is a repeat of an instance already solved: no evidence
        expected = bayes(expected, right, HALF)
    assert found.p == expected
    assert (found.unaided, found.helped, found.wrong, found.wrong_helped, found.repeats) == (1, 2, 0, 0, 1)


@pytest.mark.parametrize(("firsts", "p", "expected"), [
    ([True, True, True], 0.95, True),
    ([True, True, True], 0.9499, False),  # the estimate short of the target
    ([False, True, True], 0.99, False),  # the last three were not all right
    ([True, True], 0.99, False),  # fewer than three items
])
def test_the_mastery_rule_needs_the_estimate_and_the_last_three_unaided(firsts: list[bool], p: float,
                                                                        expected: bool) -> None:
    done = [Scored("l", i, "{}", 1, (SKILL,), 0.0, right, (), 1, True) for i, right in enumerate(firsts)]
    assert mastered(p, done, 3) is expected


def test_the_mastery_rule_wants_distinct_instances_and_not_help() -> None:
    same = [Scored("l", 1, "{}", n, (SKILL,), 0.0, True, (), 1, True) for n in (1, 2, 3)]
    assert not mastered(0.99, same, 3)  # one instance three times
    helped = [Scored("l", i, "{}", 1, (SKILL,), 0.0, True, ("hint",) * (i == 2), 1, True) for i in range(3)]
    assert not mastered(0.99, helped, 3) and not mastered(0.99, helped, 1) and mastered(0.99, helped[:2], 2)


# -- the item rule -------------------------------------------------------------------------------------------


def test_items_continue_until_solved_and_moves_are_not_tries() -> None:
    before: list[AttemptRecord] = []
    made = []
    for correct, judged in [(False, False), (False, True), (False, False), (True, True), (True, True)]:
        stamped = stamp(before, "{}", judged, ("hint",) if not before else ())
        made.append((stamped.item, stamped.nth))
        before.append(record(1, correct, item=stamped.item, nth=stamped.nth))
    assert made == [(1, 0), (1, 1), (1, 0), (1, 2), (2, 1)]  # a move, a lost game, a move, the win; a new item
    scored = items(before)
    assert [(s.item, s.right, s.tries, s.solved, s.repeat) for s in scored] == [
        (1, False, 2, True, False), (2, True, 1, True, True)]


def test_instances_are_the_drawn_parameters_without_the_seed() -> None:
    assert instance_of('{"params": {"faces": 3, "coins": 9}, "seed": 12}') == instance_of('{"coins": 9, "faces": 3}')
    assert instance_of('{"params": {}, "seed": 1}') == instance_of("") == "{}"


# -- an old database -----------------------------------------------------------------------------------------


V3 = """
CREATE TABLE profile (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE attempts (id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step INTEGER NOT NULL, answer TEXT NOT NULL,
    correct INTEGER NOT NULL, verdict TEXT NOT NULL, seconds REAL NOT NULL, at REAL NOT NULL,
    skills TEXT NOT NULL DEFAULT '[]', misconception TEXT, hint INTEGER NOT NULL DEFAULT 0,
    revealed INTEGER NOT NULL DEFAULT 0, variant TEXT NOT NULL DEFAULT '');
CREATE TABLE hints (id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step INTEGER NOT NULL, level INTEGER NOT NULL,
    at REAL NOT NULL);
CREATE TABLE completed (lesson TEXT NOT NULL, step INTEGER NOT NULL, how TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (lesson, step));
CREATE TABLE solutions (id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step INTEGER NOT NULL, at REAL NOT NULL);
CREATE TABLE position (lesson TEXT PRIMARY KEY, step INTEGER NOT NULL, at REAL NOT NULL);
CREATE TABLE games (lesson TEXT NOT NULL, step INTEGER NOT NULL, moves TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (lesson, step));
PRAGMA user_version = 3;
"""
V3_ROWS = [  # lesson, step, answer, correct, verdict, at, skills, hint, revealed, variant
    ("coins-6", 3, "5", 0, "wrong", 1.0, f'["{SKILL}"]', 0, 0, '{"coins": 4}'),
    ("coins-6", 3, "6", 1, "right", 2.0, f'["{SKILL}"]', 1, 0, '{"coins": 4}'),
    ("coins-6", 3, "4", 1, "right", 3.0, f'["{SKILL}"]', 0, 0, '{"coins": 3}'),
    ("coins-2", 5, "0123", 0, "move", 4.0, "[]", 2, 0, '{"params": {}, "seed": 9}'),
    ("coins-2", 5, "02", 1, "game won", 5.0, '["coins/play"]', 0, 0, '{"params": {}, "seed": 9}'),
    ("coins-2", 5, "0123 02", 1, "game won", 6.0, '["coins/play"]', 0, 0, '{"params": {}, "seed": 4}'),
]


def old_store(path) -> None:
    db = sqlite3.connect(path)
    db.executescript(V3)
    db.executemany("INSERT INTO attempts (lesson, step, answer, correct, verdict, seconds, at, skills, hint, revealed, "
                   "variant) VALUES (?, ?, ?, ?, ?, 1.0, ?, ?, ?, ?, ?)", V3_ROWS)
    db.commit()
    db.close()


EXPECTED = [('{"coins":4}', 1, 1, ()), ('{"coins":4}', 1, 2, ("hint",)), ('{"coins":3}', 1, 1, ()),
            ("{}", 1, 0, ("hint",)), ("{}", 1, 1, ()), ("{}", 2, 1, ())]  # the game at seed 4: the same instance


def test_an_old_database_is_stamped_when_migrated_and_when_read_only(tmp_path) -> None:
    path = tmp_path / "p.sqlite3"
    old_store(path)
    readonly = list(attempts(Progress(path, readonly=True)))  # never migrated: stamped as it is read
    assert [(r.instance, r.item, r.nth, r.aids) for r in readonly] == EXPECTED
    exported = Progress(path, readonly=True).export()["attempts"]
    assert [(r["instance"], r["item"], r["nth"], json.loads(r["aids"])) for r in exported] == [
        (i, n, t, list(a)) for i, n, t, a in EXPECTED]
    migrated = list(attempts(Progress(path)))
    assert [(r.instance, r.item, r.nth, r.aids) for r in migrated] == EXPECTED
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 4
    found = traced(migrated)
    assert (found[SKILL].wrong, found[SKILL].unaided) == (1, 1)  # the wrong first try, the fresh item
    assert (found["coins/play"].unaided, found["coins/play"].repeats) == (1, 1)  # the game won again: a repeat


def test_backfill_is_the_rule_the_session_stamps_by() -> None:
    rows = [Legacy("l", 1, "", False, True, 0, False), Legacy("l", 1, "", True, True, 0, True),
            Legacy("l", 1, "", True, True, 0, False)]
    assert [(s.item, s.nth, s.aids) for s in backfill(rows)] == [(1, 1, ()), (1, 2, ("solution",)), (2, 1, ())]


@dataclass(frozen=True)
class _Before:
    instance: str
    item: int
    nth: int
    correct: bool


@given(st.lists(st.builds(Legacy, st.sampled_from(["l", "m"]), st.integers(0, 2),
                          st.sampled_from(["", '{"coins": 3}', '{"params": {"coins": 3}, "seed": 1}', "x"]),
                          st.booleans(), st.booleans(), st.integers(0, 2), st.booleans()), max_size=60))
def test_backfill_stamps_each_row_as_stamp_would_from_every_row_before_it(rows: list[Legacy]) -> None:
    """``backfill`` keeps where each instance stands as it goes (linear in the rows); ``stamp`` reads the rows
    before it again each time: they agree on every row."""
    before: dict[tuple[str, int], list[_Before]] = {}
    expected = []
    for row in rows:
        seen = before.setdefault((row.lesson, row.step), [])
        made = stamp(seen, instance_of(row.variant), row.judged,
                     ["hint"] * (row.hint > 0) + ["solution"] * row.revealed)
        seen.append(_Before(made.instance, made.item, made.nth, row.correct))
        expected.append(made)
    assert backfill(rows) == expected


# -- scripted learners through the session ------------------------------------------------------------------


def goto(session, lesson: str, title: str):
    session.handle(f"/open {lesson}")
    step = next(s for s in session.lesson.steps if s.title == title)
    while session.place.step < step.index:
        session.handle("/next")
    return session.step


def judged(session, lesson: str) -> list[AttemptRecord]:
    return [r for r in attempts(session.progress, lesson) if r.nth > 0]


def test_hints_then_an_answer_typed_over_several_moves_is_charged_to_the_game() -> None:
    session = new_session()
    step = goto(session, "lightsout-1", "Two shapes")
    for _ in range(6):
        session.handle("/hint")
    moves = text_of(step.reference()).split()
    assert len(moves) == 2
    for move in moves:
        out = text(session.handle(move))
    assert step.index in session.progress.completed("lightsout-1"), out
    (won,) = judged(session, "lightsout-1")
    assert won.correct and "hint" in won.aids and won.nth == 1
    for skill in step.skills():
        found = traced(session.progress)[skill]
        assert (found.unaided, found.helped) == (0, 1) and found.p < BktParams().prior  # a miss: below the prior


@pytest.mark.parametrize("fix", ["/undo", "/reset"])
def test_a_blunder_fixed_by_undo_or_reset_is_not_a_win_on_its_own(fix: str) -> None:
    session = new_session()
    step = goto(session, "wythoff-4", "Beat the computer")
    rules = step.rules
    start = session.state.position
    best = text_of(rules.solution(start)).split()[0]
    blunder = next(m for m in (rules.format_move(start, m) for m in rules.legal_moves(start)) if m != best)
    session.handle(blunder)
    session.handle(fix)
    line = text_of(rules.solution(session.state.position))
    session.handle(line)
    assert step.index in session.progress.completed("wythoff-4")
    won = [r for r in judged(session, "wythoff-4") if r.correct]
    assert len(won) == 1 and fix[1:] in won[0].aids
    for skill in step.skills():
        assert traced(session.progress)[skill].unaided == 0


def test_help_survives_leaving_and_coming_back_to_the_item(tmp_path) -> None:
    db = tmp_path / "p.sqlite3"
    session = new_session(db)
    step = goto(session, "wythoff-4", "Beat the computer")
    start = session.state.position
    best = text_of(step.rules.solution(start)).split()[0]
    blunder = next(m for m in (step.rules.format_move(start, m) for m in step.rules.legal_moves(start)) if m != best)
    session.handle(blunder)
    session.handle("/undo")
    again = new_session(db)  # the learner quits and comes back: the game resumes, the undo still charged
    again.handle("/open wythoff-4")
    assert again.place.step == step.index and "undo" in again.place.aids
    again.handle(text_of(step.rules.solution(again.state.position)))
    assert step.index in again.progress.completed("wythoff-4")
    assert all("undo" in r.aids for r in judged(again, "wythoff-4"))


def practise(session, lesson: str, answer) -> list[str]:
    """Answer the practice step of ``lesson`` with ``answer(session, item)`` (the learner's script) until it ends."""
    session.handle(f"/open {lesson}")
    session.handle("")
    told = []
    for _ in range(60):
        state = session.state
        if not hasattr(state, "item"):
            break
        told.append(answer(session, state.item))
        if "Lesson complete" in told[-1] or "nothing fresh left" in told[-1]:
            break
    return told


def wrong_first(session, item) -> str:
    right = text_of(item.reference())
    session.handle(str(int(right) + 1) if right.isdigit() else "0")
    return text(session.handle(right))


def hint_first(session, item) -> str:
    session.handle("/hint")
    return text(session.handle(text_of(item.reference())))


def knows(session, item) -> str:
    return text(session.handle(text_of(item.reference())))


@pytest.mark.parametrize("learner", [wrong_first, hint_first])
@pytest.mark.parametrize("lesson", ["coins-6", "wythoff-7"])
def test_a_learner_who_never_answers_first_unaided_is_never_told_mastered(learner, lesson: str) -> None:
    session = new_session()
    told = practise(session, lesson, learner)
    assert len(told) >= 5 and not any("Mastered" in t for t in told)
    skill = session.step.skill
    found = traced(session.progress)[skill]
    assert found.unaided == 0 and not found.mastered and found.p < 0.5
    shown = "\n".join(r.text for r in session.handle("/progress")).splitlines()
    assert next(row for row in shown if row.startswith(skill)).endswith("not mastered")


def test_the_estimate_falls_at_once_after_a_wrong_answer() -> None:
    session = new_session()
    session.handle("/open coins-6")
    session.handle("")
    before = session.state.mastery
    right = text_of(session.state.item.reference())
    said = text(session.handle(str(int(right) + 1)))
    assert session.state.mastery < before and "A wrong first try counts as a miss" in said
    held = session.state.mastery
    said = text(session.handle(right))
    assert session.state.mastery == held and "Only an item's first try counts" in said


@pytest.mark.parametrize("lesson", ["coins-6", "wythoff-7", "gods-7", "lightsout-6"])
def test_a_learner_who_knows_the_skill_masters_it_in_a_few_items(lesson: str) -> None:
    session = new_session()
    told = practise(session, lesson, knows)
    assert "Mastered" in told[-1] and len(told) == 3  # from the default prior, three unaided items: 0.98 and a run
    found = traced(session.progress)[session.step.skill]
    assert found.mastered and found.unaided == 3 and found.p == pytest.approx(trace([True] * 3, BktParams()))


def test_an_attempt_made_outside_a_session_is_an_item_of_its_own() -> None:
    progress = Progress(None)
    progress.record(Attempt("coins-1", 0, "3", False, "", 1.0, skills=(SKILL,)))
    progress.record(Attempt("coins-1", 0, "4", True, "", 1.0, skills=(SKILL,)))
    assert traced(progress)[SKILL].p == pytest.approx(trace([False, True], BktParams()))
    assert load_catalog([]).lessons  # the bundled course is there for the scripted learners above

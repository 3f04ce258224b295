"""Practice steps: fresh items until mastered.  Over seeded learners (hypothesis), a practice step never serves an
item twice, serves only items the engine answers, and completes exactly when the mastery traced here again from
the learner's answers (``bkt.trace``, an independent count) first reaches the threshold; ``in_a_row`` stops a run
of right first tries; a practice lesson played through ``Session.handle`` records its attempts with the skill and
the variant, and a learner who comes back is never served an item again."""

from __future__ import annotations

import ast
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import bundled, new_session, text
from tutor.course.parse import parse_lesson
from tutor.course.steps import Context, Practice, Practising
from tutor.errors import LessonError
from tutor.learner import bkt
from tutor.learner.practice import key, read_record
from tutor.progress.events import Attempt, GameMoves
from tutor.screen.shown import text_of

CATALOG = bundled()
PRACTICE = {lesson.id: (lesson, next(s for s in lesson.steps if isinstance(s, Practice)))
            for lesson in CATALOG.ordered() if any(isinstance(s, Practice) for s in lesson.steps)}


def wrong_answer(state: Practising, rng: random.Random) -> str:
    """A wrong answer: a misconception's value where one gives a wrong one, else the right value plus one (a written
    answer that is no whole number, such as an average 19/8: the first wrong answer its kind proposes)."""
    item = state.item
    right = text_of(item.reference())
    ideas = [str(v) for _, v in item.misconceptions() if v is not None and str(v) != right]
    if ideas and rng.random() < 0.7:
        return rng.choice(ideas)
    return str(int(right) + 1) if right.lstrip("-").isdecimal() else item.wrong_answers()[0]


def run(step: Practice, seed: int, p_right: float, steps: int = 40) -> tuple[list[bool], list[str], bool, list[float]]:
    """A learner answering right with probability ``p_right``: each item's first try (right or not), the variants
    served, whether the step completed, and the mastery the step said after each answer."""
    rng = random.Random(seed)
    context = Context("practice-test", rng=random.Random(seed))
    state = step.enter(context).state
    observed: list[bool] = []
    served: list[str] = []
    said: list[float] = []
    for _ in range(steps):
        assert isinstance(state, Practising)
        new = not served or served[-1] != key(state.variant)
        if new:
            served.append(key(state.variant))
            assert step.pool.answerable(state.item), state.variant
        right = rng.random() < p_right
        answer = text_of(state.item.reference()) if right else wrong_answer(state, rng)
        outcome = step.respond(state, answer, context)
        attempts = [e for e in outcome.events if isinstance(e, Attempt)]
        assert len(attempts) == 1 and attempts[0].correct == right
        assert attempts[0].skills == (step.skill,) and attempts[0].variant == key(state.variant)
        observed += [right] if new else []  # only an item's first try is evidence
        said.append(outcome.state.mastery if isinstance(outcome.state, Practising) else state.mastery)
        if outcome.done:
            return observed, served, True, said
        state = outcome.state
        if not isinstance(state, Practising):
            break
    return observed, served, False, said


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), p_right=st.sampled_from([0.5, 0.8, 1.0]),
       lesson=st.sampled_from(sorted(PRACTICE)))
def test_practice_stops_at_the_threshold_and_never_repeats_an_item(seed: int, p_right: float, lesson: str) -> None:
    _, step = PRACTICE[lesson]
    observed, served, done, said = run(step, seed, p_right)
    assert len(served) == len(set(served)) == len(observed), "an item was served twice"
    traced = [bkt.trace(observed[: i + 1], bkt.DEFAULT, step.chance()) for i in range(len(observed))]
    assert sorted(set(said)) == pytest.approx(sorted(set(traced)))  # said after each item's first try, then held

    def rule(i: int) -> bool:  # the mastery rule after item i, written out: the estimate, and the last 3 right
        return traced[i] >= step.threshold and i >= 2 and all(observed[i - 2: i + 1])

    if done:
        last = text_of(step.pool.item(json.loads(served[-1])).reference())  # the answer just given
        fresh = [v for v in step.pool.space() if key(v) not in served and step.pool.answerable(step.pool.item(v))
                 and text_of(step.pool.item(v).reference()) != last]  # a fresh item never takes the answer just given
        assert rule(len(observed) - 1) or not fresh, "the step stopped short of mastery with items left"
        assert not any(rule(i) for i in range(len(observed) - 1)), "the step went on after mastery was reached"
    else:
        assert not any(rule(i) for i in range(len(observed)))


def test_a_learner_always_right_masters_in_three_items() -> None:
    _, step = PRACTICE["coins-6"]
    observed, served, done, _ = run(step, 1, 1.0)
    assert done and observed == [True, True, True] and len(served) == 3
    # a right number out of thousands is strong evidence: the estimate passes the target at the first item, and the
    # mastery rule's run of three right first tries is what holds mastery back to the third
    assert bkt.DEFAULT.in_a_row == 3 and bkt.trace([True], bkt.DEFAULT, step.chance()) >= 0.95


def lesson_text(extra: str) -> dict:
    """A coins practice lesson with ``extra`` keys on its practice step (as TOML would give them)."""
    step = {"practice": "coins/count-tables", "ask": "How many tables up to turning, {{coins}} coins?",
            "answer": "number", "compute": "classes", "params": {"coins": {"min": 2, "max": 9}}}
    step.update(ast.literal_eval(extra))
    return {"id": "p", "title": "P", "summary": "S", "puzzle": "coins", "allow_unsolvable": True, "steps": [step]}


def test_in_a_row_is_the_run_the_mastery_rule_asks_for() -> None:
    lesson = parse_lesson(lesson_text("{'in_a_row': 5, 'threshold': 0.5}"), "p.toml")
    step = lesson.steps[0]
    assert isinstance(step, Practice)
    observed, served, done, said = run(step, 3, 1.0)
    assert said[0] >= 0.5 and done and observed == [True] * 5 and len(served) == 5  # the estimate early, the run late
    never = parse_lesson(lesson_text("{'in_a_row': 2, 'threshold': 1}"), "p.toml").steps[0]
    assert isinstance(never, Practice)
    observed, served, done, said = run(never, 3, 1.0)  # a run of right answers alone is not mastery: the estimate
    answerable = [v for v in never.pool.space() if never.pool.serves(v)]
    assert max(said) < 1 and observed == [True] * len(served) and len(served) == len(answerable) >= 5  # every item


@pytest.mark.parametrize(("extra", "words"), [
    ("{'answer': 'play', 'compute': None}", "not a game"),
    ("{'params': {'coins': 3}}", "varies none"),
    ("{'threshold': 1.5}", "threshold"),
    ("{'goal': 'win'}", "only play steps take 'goal'"),
])
def test_bad_practice_steps_are_refused_with_their_key(extra: str, words: str) -> None:
    data = lesson_text(extra)
    data["steps"][0] = {k: v for k, v in data["steps"][0].items() if v is not None}
    with pytest.raises(LessonError, match=words):
        parse_lesson(data, "p.toml")


def test_lint_refuses_an_unknown_skill_and_a_space_too_small() -> None:
    lesson = parse_lesson(lesson_text("{'practice': 'coins/no-such', 'params': {'coins': [2, 4]}}"), "p.toml")
    problems = lesson.steps[0].lint()
    assert any(".practice: unknown skill 'coins/no-such'" in p for p in problems), problems
    assert any("a practice step needs at least 5" in p for p in problems), problems


def test_a_practice_lesson_played_through_the_session() -> None:
    session = new_session()
    session.handle("/open wythoff-7")
    session.handle("")
    _, step = PRACTICE["wythoff-7"]
    seen: list[str] = []
    out: list[str] = []
    for turn in range(12):
        state = session.state
        assert isinstance(state, Practising)
        seen.append(key(state.variant))
        right = text_of(state.item.reference())
        if turn == 0:  # a wrong first try: told why, mastery said, the same item stays
            replies = text(session.handle(str(int(right) + 1)))
            assert "Mastery of" in replies and "Try again" in replies
            assert key(session.state.variant) == seen[-1]
        out.append(text(session.handle(right)))
        if "Lesson complete" in out[-1]:
            break
    assert "Mastered" in out[-1] and "Lesson complete" in out[-1]
    assert len(seen) == len(set(seen))
    rows = session.progress.db.execute(
        "SELECT correct, skills, variant FROM attempts WHERE lesson = 'wythoff-7'").fetchall()
    assert len(rows) == len(seen) + 1
    assert all("wythoff/golden-formula" in skills for _, skills, _ in rows)
    assert {variant for _, _, variant in rows} == set(seen)
    record = read_record(session.progress.game("wythoff-7", step.index))
    assert [key(s.variant) for s in record] == seen and record[0].first is False and all(s.solved for s in record)
    again = session.handle("/open wythoff-7")  # back at the completed step: a fresh item, never one seen
    assert "You have answered this before" in text(again)
    assert key(session.state.variant) not in seen


def test_the_record_survives_a_bad_line_and_progress_keeps_it_as_moves() -> None:
    record = read_record(["not json", '{"v": {"coins": 3}, "first": false, "idea": "x", "solved": true}', "[]"])
    assert len(record) == 1 and record[0].idea == "x" and record[0].first is False
    event = PRACTICE["coins-6"][1].saving(record, Context("l"))
    assert isinstance(event, GameMoves) and read_record(event.moves) == record

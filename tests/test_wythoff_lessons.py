"""The wythoff lessons: lint clean, finishable through Session.handle, mistakes judged wrong and explained.

The teaching layer the lessons rely on (lines of play, proof paragraphs, the
riddle's totals, alpha as text) is tested in test_wythoff_teach.py.
"""

from __future__ import annotations

import random
import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from tests.helpers import new_session, play_through, quantity_name, text
from tutor import puzzles
from tutor.course import load_file
from tutor.puzzles.play import LEARNER
from tutor.puzzles.wythoff.engine import p_position
from tutor.puzzles.wythoff.rules import Rules

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "wythoff"
LESSONS = [load_file(p) for p in sorted(FOLDER.glob("*.toml"))]
W = puzzles.get("wythoff")
PLAY = W.play
assert PLAY is not None

# A learner's answer for every `pattern` mistake, keyed by (lesson id, step title).
PATTERN_EXAMPLES = {
    ("wythoff-2", "The traps up to 20 pennies"): "(0,0) (1,2) (2,2) (3,5) (4,7) (6,10)",
    ("wythoff-2", "Splits of 20 to 30 pennies"): "(8,13) (9,15) (10,16)",
    ("wythoff-3", "A first guess"): "floor(3*k/2)",
    ("wythoff-3", "Up to a thousand"): "floor(k*1.618)",
    ("wythoff-5", "The formula for a = 2"): "floor(k*(1+sqrt(5))/2)",
}
MORE_PATTERN_EXAMPLES = {  # patterns that share a step, by the start of their text
    "1.6 = 8/5": "floor(1.6*k)",
    "1.62 is": "floor(k*1.62)",
}


@cache
def brute_losing(x: int, y: int) -> bool:
    """The plain rules, by memoised recursion over every move (no formula, no table from the engine)."""
    moves = [(x - i, y) for i in range(1, x + 1)] + [(x, y - i) for i in range(1, y + 1)]
    moves += [(x - i, y - i) for i in range(1, min(x, y) + 1)]
    return not any(brute_losing(*m) for m in moves)


def step_titled(lesson, title):
    return next(s for s in lesson.steps if s.title == title)


def open_at(session, lesson, step):
    session.handle(f"/open {lesson.id}")
    while session.place.step < step.index:
        session.handle("/next")
    here = session.step  # the same step, loaded by the session's own catalog (its `expects` is its own object)
    assert here is not None and (here.index, here.title, here.text, here.label, here.params, here.args) == \
        (step.index, step.title, step.text, step.label, step.params, step.args)


# -- the lessons ---------------------------------------------------------------------


def test_there_are_at_least_four_lessons_in_course_order():
    assert len(LESSONS) >= 4
    assert [les.id for les in LESSONS] == [f"wythoff-{i}" for i in range(1, len(LESSONS) + 1)]
    assert [les.order for les in LESSONS] == list(range(1, len(LESSONS) + 1))
    assert all(les.puzzle == "wythoff" for les in LESSONS)


def test_every_answer_is_computed_by_the_engine():
    for lesson in LESSONS:
        for step in (item for st in lesson.questions for item in st.items()):  # a practice step's items too
            assert step.given is None, f"{lesson.id} {step.key}: answers come from the engine"
            if step.label in ("number", "choice"):
                assert quantity_name(step) in W.quantities


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda les: les.id)
def test_lesson_can_be_finished_through_handle(lesson):
    session = new_session()
    replies = play_through(session, lesson)
    assert "Lesson complete" in text(replies), text(replies[-6:])
    assert {s.index for s in lesson.questions} <= session.progress.completed(lesson.id)
    assert not [r for r in replies if r.kind == "error"], [r.text for r in replies if r.kind == "error"]


def all_mistakes():
    for lesson in LESSONS:
        for step in lesson.questions:
            for mistake in step.mistakes:
                label = (mistake.match or mistake.say)[:20]
                yield pytest.param(lesson, step, mistake, id=f"{lesson.id}-{step.index + 1}-{label}")


def example_of(lesson, step, mistake):
    if mistake.match is not None:
        return mistake.match
    for start, example in MORE_PATTERN_EXAMPLES.items():
        if mistake.say.strip().startswith(start):
            return example
    return PATTERN_EXAMPLES[(lesson.id, step.title)]


@pytest.mark.parametrize(("lesson", "step", "mistake"), list(all_mistakes()))
def test_declared_mistake_is_judged_wrong_and_explained(lesson, step, mistake):
    answer = example_of(lesson, step, mistake)
    if mistake.pattern is not None:
        assert re.fullmatch(mistake.pattern, answer, re.IGNORECASE), (mistake.pattern, answer)
    session = new_session()
    open_at(session, lesson, step)
    replies = session.handle(answer)
    kinds = [r.kind for r in replies]
    assert "wrong" in kinds and "error" not in kinds, text(replies)
    assert any(r.kind == "hint" and r.text == mistake.say for r in replies), text(replies)
    assert session.place.step == step.index  # still on the same question


def test_pattern_examples_cover_every_pattern_mistake():
    patterns = [(les, s, m) for les in LESSONS for s in les.questions for m in s.mistakes if m.pattern]
    assert patterns
    for lesson, step, mistake in patterns:
        example_of(lesson, step, mistake)  # KeyError when a new pattern has no example


def test_lesson_one_starts_in_a_losing_position_and_the_computer_never_lets_go():
    lesson = LESSONS[0]
    step = next(s for s in lesson.questions if s.label == "play")
    assert step.goal == "explore" and W.compute(step.game, "outcome", step.args) == "lose"
    rng = random.Random(3)
    for _ in range(5):  # random learners lose every time against the perfect computer
        state = PLAY.start(step.game, PLAY.arguments(step.args), random.Random(0))
        while True:
            x, y = state.boards[0]
            moves = [f"{i},0" for i in range(1, x + 1)] + [f"0,{i}" for i in range(1, y + 1)]
            moves += [f"{i},{i}" for i in range(1, min(x, y) + 1)]
            turn = PLAY.play_text(state, rng.choice(moves))
            if PLAY.terminal(turn.state):
                assert PLAY.winner(turn.state) != LEARNER
                break
            state = turn.state


def test_play_to_win_steps_start_from_winning_positions_against_perfect_play():
    wins = [(les, s) for les in LESSONS for s in les.questions if s.label == "play" and s.goal == "win"]
    assert len(wins) >= 3
    for _lesson, step in wins:
        settings = PLAY.arguments(step.args)
        assert settings["blunder"] == 0
        with_pass = step.params["pass"]  # the pass game (wythoff-9): its own outcome; the computer may open
        outcome = W.compute(step.game, "pass_outcome" if with_pass else "outcome", step.args)
        assert outcome == ("lose" if settings["first"] == "computer" else "win")
        boards = [tuple(map(int, b.split(","))) for b in step.params["position"].split("+")]
        if len(boards) == 1 and not step.params["misere"] and step.params["a"] == 1 and not with_pass:
            assert not brute_losing(*boards[0])


def test_the_seed_question_is_answered_by_the_engine():
    lesson = LESSONS[1]
    splits = step_titled(lesson, "Splits of 20 to 30 pennies")
    kind = W.kind(splits.label)
    assert kind.reference(splits.game, kind.arguments(splits.args)) == "(8, 13), (9, 15), (11, 18)"
    brute = [(x, t - x) for t in range(20, 31) for x in range(t // 2 + 1) if brute_losing(x, t - x)]
    assert brute == [(8, 13), (9, 15), (11, 18)]
    totals = step_titled(lesson, "Which totals are safe for you?")
    expected = [t for t in range(20, 31) if not any(brute_losing(x, t - x) for x in range(t // 2 + 1))]
    assert W.compute(totals.game, "winning_totals", totals.args) == ", ".join(map(str, expected))
    assert W.compute(totals.game, "winning_total_count", totals.args) == len(expected) == 8


def test_lesson_three_claim_about_ten_decimals_of_phi():
    """The text says floor(k*1.6180339887) first fails at k = 196418: check it by exact integers."""
    lesson = LESSONS[2]
    assert any("196418" in s.text for s in lesson.steps)
    first_fail = next(k for k in range(1, 300_000) if k * 16180339887 // 10**10 != p_position(Rules(), k)[0])
    assert first_fail == 196418


def test_lesson_four_float_mistake_is_what_floats_give():
    step = step_titled(LESSONS[3], "Exact, for any k")
    k = step.args["index"]
    a_float = int(k * (1 + 5**0.5) / 2)
    assert step.mistakes[0].match == f"{a_float},{a_float + k}"
    assert W.compute(step.game, "kth_first", step.args) == a_float - 1


def test_question_arguments_are_args_and_parameters_are_the_game():
    """Lessons pass question arguments as ``args``; ``params`` hold only the game variant and position."""
    names = {o.name for o in W.params}
    for path in sorted(FOLDER.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        tables = [data.get("params", {})] + [step.get("params", {}) for step in data["steps"]]
        assert all(set(table) <= names for table in tables), path.name
        args = [step["args"] for step in data["steps"] if "args" in step]
        assert all(set(table).isdisjoint(names) for table in args), path.name

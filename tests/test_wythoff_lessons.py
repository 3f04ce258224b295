"""The wythoff lessons: lint clean, finishable through Session.handle, mistakes judged wrong and explained.

Also the engine support the lessons rely on (lines of play, proof paragraphs,
the riddle's totals, alpha as text), each checked a second, independent way.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import new_session, play_through, text
from tutor import puzzles
from tutor.course import load_file
from tutor.errors import IllegalMove, InvalidParams, TutorError
from tutor.lint import lint_paths
from tutor.puzzles.wythoff_lesson import alpha_decimal, alpha_text, split_moves, winning_totals
from tutor.puzzles.wythoff_rules import Rules, p_position

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "wythoff"
LESSONS = [load_file(p) for p in sorted(FOLDER.glob("*.toml"))]
W = puzzles.get("wythoff")

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
    assert session.step == step


# -- the lessons ---------------------------------------------------------------------


def test_there_are_at_least_four_lessons_in_course_order():
    assert len(LESSONS) >= 4
    assert [les.id for les in LESSONS] == [f"wythoff-{i}" for i in range(1, len(LESSONS) + 1)]
    assert [les.order for les in LESSONS] == list(range(1, len(LESSONS) + 1))
    assert all(les.puzzle == "wythoff" for les in LESSONS)


def test_lint_is_clean():
    count, errors = lint_paths([str(FOLDER)], include_env=False)
    assert count == len(LESSONS)
    assert errors == []


def test_every_answer_is_computed_by_the_engine():
    for lesson in LESSONS:
        for step in lesson.questions:
            assert step.reference is None, f"{lesson.id} {step.key}: answers come from the engine"
            if step.answer in ("number", "choice"):
                assert step.compute in W.quantities


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
    step = next(s for s in lesson.questions if s.answer == "play")
    assert step.goal == "explore" and W.quantity(step.params, "outcome") == "lose"
    rng = random.Random(3)
    for _ in range(5):  # random learners lose every time against the perfect computer
        state = W.new_game(step.params, random.Random(0))
        while True:
            x, y = state.boards[0]
            moves = [f"{i},0" for i in range(1, x + 1)] + [f"0,{i}" for i in range(1, y + 1)]
            moves += [f"{i},{i}" for i in range(1, min(x, y) + 1)]
            turn = W.play(step.params, state, rng.choice(moves))
            if turn.finished:
                assert not turn.won
                break
            state = turn.state


def test_play_to_win_steps_start_from_winning_positions_against_perfect_play():
    wins = [(les, s) for les in LESSONS for s in les.questions if s.answer == "play" and s.goal == "win"]
    assert len(wins) >= 3
    for _lesson, step in wins:
        assert step.params["blunder"] == 0
        assert W.quantity(step.params, "outcome") == "win"
        boards = [tuple(map(int, b.split(","))) for b in step.params["position"].split("+")]
        if len(boards) == 1 and not step.params["misere"] and step.params["a"] == 1:
            assert not brute_losing(*boards[0])


def test_the_seed_question_is_answered_by_the_engine():
    lesson = LESSONS[1]
    splits = step_titled(lesson, "Splits of 20 to 30 pennies")
    assert W.reference_answer(splits.params, splits.answer) == "(8, 13), (9, 15), (11, 18)"
    brute = [(x, t - x) for t in range(20, 31) for x in range(t // 2 + 1) if brute_losing(x, t - x)]
    assert brute == [(8, 13), (9, 15), (11, 18)]
    totals = step_titled(lesson, "Which totals are safe for you?")
    expected = [t for t in range(20, 31) if not any(brute_losing(x, t - x) for x in range(t // 2 + 1))]
    assert W.quantity(totals.params, "winning_totals") == ", ".join(map(str, expected))
    assert W.quantity(totals.params, "winning_total_count") == len(expected) == 8


def test_lesson_three_claim_about_ten_decimals_of_phi():
    """The text says floor(k*1.6180339887) first fails at k = 196418: check it by exact integers."""
    lesson = LESSONS[2]
    assert any("196418" in s.text for s in lesson.steps)
    first_fail = next(k for k in range(1, 300_000) if k * 16180339887 // 10**10 != p_position(Rules(), k)[0])
    assert first_fail == 196418


def test_lesson_four_float_mistake_is_what_floats_give():
    step = step_titled(LESSONS[3], "Exact, for any k")
    k = step.params["index"]
    a_float = int(k * (1 + 5**0.5) / 2)
    assert step.mistakes[0].match == f"{a_float},{a_float + k}"
    assert W.quantity(step.params, "kth_first") == a_float - 1


# -- the engine support -------------------------------------------------------------


def test_split_moves():
    assert split_moves("0,2 1,1  2:0,3") == ["0,2", "1,1", "2:0,3"]
    assert split_moves("to 3, 5") == ["to 3, 5"]
    assert split_moves("2: 0,1") == ["2: 0,1"]
    assert split_moves("0 2") == ["0 2"]  # one move, written with a space
    assert split_moves("0,2 nonsense") == ["0,2 nonsense"]  # left whole, so the parser names the problem


def test_a_line_of_play_is_played_whole_or_not_at_all():
    params = W.make_params({"position": "10,15"})
    line = W.reference_answer(params, "play")
    state = W.new_game(params, random.Random(1))
    whole = W.play(params, state, line)
    assert whole.finished and whole.won
    one_by_one = state
    for move in line.split():
        turn = W.play(params, one_by_one, move)
        one_by_one = turn.state
    assert turn.finished and turn.won and turn.state == whole.state
    with pytest.raises(IllegalMove, match="move 2 of the line"):
        W.play(params, state, line.split()[0] + " 99,0")


def test_play_answers_are_judged_by_replay():
    params = W.make_params({"position": "10,15"})
    assert W.check_answer(params, "play", W.reference_answer(params, "play")).correct
    lost = W.check_answer(params, "play", "0,1 0,1 0,1 0,1 0,1 0,1 0,1 0,1")
    assert not lost.correct
    with pytest.raises(TutorError):
        W.check_answer(params, "play", "   ")
    assert W.reference_answer(W.make_params({"position": "8,13"}), "play") is None  # losing start
    assert W.reference_answer(W.make_params({"position": "10,15", "blunder": 10}), "play") is None
    assert W.reference_answer(W.make_params({}), "play") is None  # random start


@given(st.integers(0, 12), st.integers(0, 12), st.booleans(), st.sampled_from(["learner", "computer"]))
def test_winning_line_exists_exactly_when_the_learner_can_win(x, y, misere, first):
    params = W.make_params({"position": f"{x},{y}", "misere": misere, "first": first})
    line = W.reference_answer(params, "play")
    if (x, y) == (0, 0):
        return
    if first == "computer":
        state = W.new_game(params, random.Random(0))
        if state.finished:
            assert line is None
            return
        after = W.make_params({"position": f"{state.boards[0][0]},{state.boards[0][1]}", "misere": misere})
        can_win = W.quantity(after, "outcome") == "win"
    else:
        can_win = W.quantity(params, "outcome") == "win"
    assert (line is not None) == can_win
    if line is not None:
        assert W.check_answer(params, "play", line).correct


@pytest.mark.parametrize("a", range(1, 9))
def test_alpha_text_is_the_exact_limit(a):
    import sympy

    from tutor.puzzles.wythoff_theory import alpha_symbol

    value = sympy.sympify(alpha_text(a), rational=True)  # the engine's own text, not a learner's
    assert sympy.simplify(value - alpha_symbol(a)) == 0
    assert alpha_decimal(a) == str(sympy.N(alpha_symbol(a), 30))[:12]
    assert p_position(Rules(a), 1000)[0] == int(sympy.floor(1000 * alpha_symbol(a)))


def test_proof_quantities():
    params = W.make_params({})
    for key in ("golden", "reciprocals", "beatty", "difference", "exact"):
        paragraph = W.quantity(params, f"proof_{key}")
        assert "checked by sympy" in paragraph and "- true]" in paragraph
    assert "FAILED" not in W.quantity(params, "proof")
    assert "2k moves" in W.quantity(params, "proof_length")
    assert "alpha" in W.quantity(W.make_params({"a": 2}), "proof_golden")
    with pytest.raises(InvalidParams, match="no step 'exact'"):
        W.quantity(W.make_params({"a": 2}), "proof_exact")
    with pytest.raises(InvalidParams, match="no step 'misere'"):
        W.quantity(params, "proof_misere")
    assert "(0, 1)" in W.quantity(W.make_params({"misere": True}), "proof_misere")


@given(st.integers(0, 60), st.integers(0, 30))
def test_winning_totals_against_brute_force(low, width):
    high = low + width
    params = W.make_params({"min_total": low, "max_total": high})
    expected = [t for t in range(low, high + 1) if not any(brute_losing(x, t - x) for x in range(t // 2 + 1))]
    assert W.quantity(params, "winning_total_count") == len(expected)
    shown = W.quantity(params, "winning_totals")
    assert shown == ", ".join(map(str, expected))
    assert winning_totals(Rules(), low, high, []) == list(range(low, high + 1))


def test_wrong_kth_and_move_answers_do_not_give_the_answer_away():
    kth = W.check_answer(W.make_params({"index": 9}), "kth", "13,22")
    assert not kth.correct and "14, 23" not in kth.detail and "(8, 13)" in kth.detail
    other = W.check_answer(W.make_params({"index": 9}), "kth", "12,20")
    assert "number 8" in other.detail and "later" in other.detail
    move = W.check_answer(W.make_params({"position": "3,4"}), "move", "0,1")
    assert not move.correct and "2,2" not in move.detail and "(3, 3)" in move.detail


def test_command_line_check_still_names_the_winning_moves():
    run = subprocess.run([sys.executable, "-m", "tutor", "check", "wythoff", "--position", "3,4", "0,1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "The winning moves were: 2,2." in run.stdout

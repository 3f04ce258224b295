"""What a new Wythoff learner met in the playthrough (issue 20's report): refusals in the learner's own words,
hint ladders that never state the answer before the last rung, and true sentences at the end of a game."""

from __future__ import annotations

import re

import pytest

from tests.helpers import new_session, text
from tutor.errors import IllegalMove
from tutor.puzzles.wythoff.rules import Rules, read_sum_move


def at_step(lesson: str, title: str):
    """A session on the step of ``lesson`` titled ``title``."""
    session = new_session()
    session.handle(f"/open {lesson}")
    for _ in range(40):
        if session.step is not None and session.step.title == title:
            return session
        session.handle("/next")
    raise AssertionError(f"{lesson} has no step {title!r}")


def hints(session, count: int) -> list[str]:
    """The first ``count`` rungs of the step's ladder, as the learner reads them."""
    return [text(session.handle("/hint")) for _ in range(count)]


def test_a_to_move_that_breaks_the_rules_is_explained_in_the_learners_words():
    with pytest.raises(IllegalMove) as refused:
        read_sum_move(Rules(), ((5, 3),), "to 1,1")
    said = str(refused.value)
    assert said.startswith("'to 1,1' would take 4 from the first pile and 2 from the second")
    assert "the same number" in said and "'4,2'" not in said


@pytest.mark.parametrize(("lesson", "title", "answer"), [
    ("wythoff-1", "The smallest trap", "lose"), ("wythoff-1", "Equal piles", "win"),
    ("wythoff-1", "The next trap", "lose"), ("wythoff-5", "The new smallest trap", "lose"),
])
def test_win_or_lose_hints_never_state_the_outcome_before_the_last_rung(lesson, title, answer):
    session = at_step(lesson, title)
    ladder = len(session.step.ladder(session.state))
    rungs = hints(session, ladder)
    assert "The answer: " + answer in rungs[-1]
    for said in rungs[:-1]:
        assert not re.search(r"\(\d+, \d+\) (is (itself )?(a )?(losing|winning)|loses|wins)", said), said
        assert "each of your" not in said or "leaves a position from which" not in said, said


def test_misere_play_at_one_penny_is_not_told_to_make_the_game_last():
    session = at_step("wythoff-5", "Win a misère game")
    for move in ("0,1", "1,1"):  # (4, 6) -> (4, 5), computer to (0, 1); then the only move left
        session.handle(move)
    said = "\n".join(hints(session, 4))
    assert "Make the game last" not in said and "each of your 1 move" not in said
    assert "your only move takes the last penny" in said


def test_a_lost_game_names_the_move_in_brackets_and_hints_after_it_say_what_decided_it():
    session = at_step("wythoff-4", "Beat the computer")
    said = text(session.handle("1,1"))
    for _ in range(30):
        if "you lose" in said:
            break
        board = session.state.position.boards[0]
        said = text(session.handle("1,0" if board[0] else "0,1"))
    assert "Your move 1 (1,1) from (10, 15) gave the win away." in said
    after = hints(session, len(session.step.ladder(session.state)))
    assert "The game is over: you lost" in after[0]
    told = [i for i, h in enumerate(after) if "Your move 1 (1,1) from (10, 15) gave the win away" in h]
    authored = [i for i, h in enumerate(after) if "The losing positions you need" in h]
    assert told and authored and authored[0] < told[0], after  # the lesson's general hint, then this game's blunder


def test_a_blunder_that_empties_the_boards_is_not_said_to_leave_moves_with_answers():
    session = at_step("wythoff-5", "Win on two boards")
    said = text(session.handle("1: 1,1"))
    assert "leave you (0, 0) + (0, 0): no pennies are left, and you lose." in said
    assert "every move you make has an answer" not in said


def test_a_right_list_with_mirror_images_says_how_they_were_read():
    session = at_step("wythoff-2", "The traps up to 20 pennies")
    said = text(session.handle("(0,0) (1,2) (2,1) (3,5) (5,3) (4,7) (6,10)"))
    assert "all 5 losing positions" in said
    assert "like (2, 1), is read smaller pile first" in said


def test_the_right_smaller_pile_with_a_wrong_larger_one_is_not_told_the_difference_to_add():
    session = at_step("wythoff-2", "Further out")
    said = text(session.handle("14,22"))
    assert "differ by 8" in said and "(12, 20)" in said
    assert "differ by 9" not in said and "23" not in said


def test_a_passing_decimal_is_not_called_the_golden_ratio_nor_contradicted_later():
    session = at_step("wythoff-3", "Up to a thousand")
    said = text(session.handle("floor(k*1.6180339887)"))
    assert "holds for every k up to 1000" in said and "That is the golden ratio" not in said
    assert "The exact number behind it is the golden ratio" in said
    later = text(session.handle("/next")) + text(session.handle("1618")) + text(session.handle("/next"))
    assert "So would" not in later and "if your formula had decimals, it passed and is still wrong" in later


def test_the_far_pair_hint_names_the_number_it_multiplies():
    session = at_step("wythoff-4", "Exact, for any k")
    said = "\n".join(hints(session, 4))
    assert "floor(k*alpha)" not in said
    assert "floor(k*phi) with the golden ratio phi = (1 + sqrt(5))/2" in said


def test_one_move_short_of_the_game_length_is_not_told_where_the_line_stands():
    session = at_step("wythoff-4", "How long does a game last?")
    said = text(session.handle("9"))
    assert "past move 9" in said and "(1, 1)" not in said and "(1, 2)" not in said


def test_the_formula_for_a_2_is_only_in_the_last_two_rungs_and_the_ladder_narrows():
    session = at_step("wythoff-5", "The formula for a = 2")
    ladder = len(session.step.ladder(session.state))
    rungs = hints(session, ladder)
    assert "The answer: floor(k*sqrt(2))" in rungs[-1]
    assert "Its positive root is sqrt(2)" in rungs[-2]
    for said in rungs[:-2]:
        assert "sqrt(2)" not in said and "c^2 = 2" not in said, said
    assert all("floor(k*sqrt(2))" not in said for said in rungs[:-1])


def test_the_xor_hint_gives_the_rule_not_the_digits_of_the_answer():
    session = at_step("wythoff-5", "Add two boards")
    second = hints(session, 2)[1]
    assert "two equal digits give 0" in second
    assert "1 XOR 1 = 0" not in second and "0 XOR 1 = 1" not in second


@pytest.mark.parametrize(("lesson", "title", "answer"), [
    ("wythoff-1", "The smallest trap", "win"), ("wythoff-1", "Hand over the trap", "0,1"),
    ("wythoff-1", "Hand over the trap", "3,3"), ("wythoff-1", "Hand over the trap", "1,0"),
    ("wythoff-5", "The new smallest trap", "win"),
])
def test_the_lessons_note_on_a_mistake_adds_to_the_engines_reason_instead_of_repeating_it(lesson, title, answer):
    session = at_step(lesson, title)
    lines = [line for line in text(session.handle(answer)).splitlines() if line.strip()]
    moves = [set(re.findall(r"\d+,\d+|\(\d+, \d+\)", line)) for line in lines[1:-1]]
    engine, note = moves[0], set().union(*moves[1:])
    assert not (len(note) > 1 and note <= engine), lines  # the note does not list the same moves again


def test_misere_one_penny_win_is_refuted_without_calling_the_last_move_answered():
    session = at_step("wythoff-5", "The new smallest trap")
    said = text(session.handle("win"))
    assert "your only move takes the last penny" in said and "every move from (0, 1) has one" not in said


def test_the_number_step_after_the_formula_says_it_reads_digits_not_a_formula():
    session = at_step("wythoff-3", "A formula is a fast algorithm")
    shown = " ".join(text(session.handle("/show")).split())
    assert "type the whole number itself: the answer is read as digits, not as a formula" in shown

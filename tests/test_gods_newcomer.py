"""The gods items of the playthrough report, in the order a learner meets them: hints that stop short of the
answer, a question in spoken word order refused by what a question looks like, and a question put to the god
the step asks about."""

from __future__ import annotations

import re

import pytest

from tests.helpers import said, session_at
from tutor.puzzles.gods.rules.lang import QuestionError, parse_asked
from tutor.puzzles.gods.rules.worlds import universe
from tutor.puzzles.gods.teach.questions import statement_form
from tutor.screen.shown import text_of


def rungs_before_the_last(step) -> list[str]:  # type: ignore[no-untyped-def]
    return [text_of(r.text) for r in step.ladder(step.blank())][:-1]


def test_a_question_that_works_hints_do_not_name_the_statement_to_ask() -> None:
    """'you know for sure that A is either True or False' was the working question at hint 3 of 5."""
    _, step = session_at("gods-1", "A question that works")
    for rung in rungs_before_the_last(step):
        assert not re.search(r"\b[AB] is (either )?(True|False) or ([AB] is )?(True|False)\b", rung), rung


@pytest.mark.parametrize(("typed", "written"), [
    ("ask A: are you True?", "ask A: you are True"),
    ("ask B: Are you False", "ask B: you are False"),
    ("is B False?", "B is False"),
])
def test_a_question_in_spoken_word_order_is_shown_as_a_statement(typed: str, written: str) -> None:
    session, _ = session_at("gods-1", "A question that works")
    out = said(session, typed)
    assert f"write {written!r}" in out and "yes or no" in out, out
    assert "column" not in out and "unexpected" not in out, out
    parse_asked(written, universe(("True", "False"), known_language=True))  # the example given reads


def test_a_spoken_question_that_does_not_reword_gets_an_example_for_the_variant() -> None:
    u = universe(("True", "False"), known_language=True)
    with pytest.raises(QuestionError) as err:
        parse_asked("are you True or False?", u)
    text = str(err.value)
    assert "for example 'ask A: B is False'" in text and "Random" not in text, text
    assert statement_form("you are True", u) is None  # not spoken word order: the parser's own message stands


def test_a_plan_line_in_spoken_word_order_is_shown_as_a_statement() -> None:
    session, _ = session_at("gods-1", "Writing down a whole plan")
    out = said(session, "ask A: are you True?")
    assert "line 1" in out and "write 'ask A: you are True'" in out and "unexpected" not in out, out


def test_aim_the_trick_wants_the_question_put_to_a() -> None:
    """'ask B: would you say ja to (B is False)' was accepted although the step asks for a question to A."""
    session, step = session_at("gods-2", "Aim the trick")
    out = said(session, "ask B: would you say ja to (B is False)")
    assert "the step asks for a question to A" in out and "✓" not in out, out
    assert "would you say ja to (B is False)" not in out.replace("ask B: would you say ja to (B is False)", "")
    session, _ = session_at("gods-2", "Aim the trick")
    assert "correct" in said(session, text_of(step.reference()))


def test_prove_it_with_a_plan_hints_do_not_spell_out_the_second_questions() -> None:
    """'if A is True, is B Random? If A is False, is B True?' was the whole plan at hint 3 of 5."""
    _, step = session_at("gods-5", "Prove it with a plan")
    for rung in rungs_before_the_last(step):
        assert not re.search(r"\bis B (Random|True)\?|\bB is (Random|True)\b", rung), rung

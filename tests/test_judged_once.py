"""A step judges a short answer text once, and reads a reply for its answer once (``remembered_by``): judging is
pure and a step never changes, so the second verdict is the first; an error is raised again each time, a long text
is never kept, and a step keeps only its last ``OWN`` texts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.helpers import bundled
from tutor.course import instantiate
from tutor.course.steps.question import Question
from tutor.errors import TutorError
from tutor.grammar.remember import LONGEST, OWN


def fresh_question() -> Question:
    """A question of a lesson built anew (not the shared variant: its memory starts empty)."""
    lesson = instantiate(bundled().find("wythoff-2"), 0)
    step = next(s for s in lesson.steps if isinstance(s, Question) and s.reference() is not None)
    return replace(step)


@pytest.fixture
def counted(monkeypatch):
    """The question, and the texts its answer kind was asked to judge."""
    step = fresh_question()
    kind, asked = step.answer_kind, []
    real = kind.judge

    def judge(game, text, args):
        asked.append(text)
        return real(game, text, args)

    monkeypatch.setattr(kind, "judge", judge)
    return step, asked


def test_the_same_text_is_judged_once_and_the_verdict_is_the_same(counted) -> None:
    step, asked = counted
    answer = str(step.reference())
    wrong = step.wrong_answers()[0]
    first = [step.judge(answer), step.judge(wrong)]
    again = [step.judge(answer), step.judge(wrong)]
    assert first == again and first[0].correct and not first[1].correct
    assert asked == [answer, wrong]  # judged once each


def test_an_error_is_raised_each_time_and_a_long_text_is_never_kept(counted) -> None:
    step, asked = counted
    for _ in range(2):
        with pytest.raises(TutorError):
            step.judge("no such notation")
    long = " " * (LONGEST + 1) + str(step.reference())
    assert step.judge(long).correct and step.judge(long).correct
    assert asked == ["no such notation", "no such notation", long, long]


def test_a_step_keeps_its_last_texts_only(counted) -> None:
    step, asked = counted
    texts = [f"(0, 0), ({n}, {2 * n})" for n in range(1, OWN + 2)]
    for text in texts:
        step.judge(text)  # each reads (right or wrong), so each is kept
    assert asked == texts
    step.judge(texts[-1])
    step.judge(texts[0])  # the oldest was let go: judged again
    assert asked == [*texts, texts[0]]
    assert len(step.__dict__["_judged"]) == OWN


def test_what_gives_the_answer_away_is_read_once_per_text_and_learner(monkeypatch) -> None:
    step = fresh_question()
    kind, read = step.answer_kind, []
    real = kind.gives_away

    def gives_away(game, args, text, learner):
        read.append((text, learner))
        return real(game, args, text, learner)

    monkeypatch.setattr(kind, "gives_away", gives_away)
    answer = str(step.reference())
    said = f"The answer is {answer}."
    assert step.gives_away(said) is not None and step.gives_away(said) == step.gives_away(said, "")
    assert step.gives_away("Try a smaller pile.", answer) is None
    assert read == [(said, ""), ("Try a smaller pile.", answer)]


def test_what_is_read_once_a_work_budget_ran_out_is_not_kept() -> None:
    """A read that swallowed the budget's refusal may have cut its search short: it is not remembered."""
    from tutor.grammar.remember import remembered_by
    from tutor.limits import Limit, budget_spent, lesson_budget

    class Owner:
        pass

    owner, calls = Owner(), []

    def read() -> int:
        calls.append(1)
        while not budget_spent():  # a search that runs its budget out and still returns
            pass
        return 7

    with lesson_budget(Limit("test", 0.01, "s", "a test budget"), "a lesson"):
        assert remembered_by(owner, "slot", ("text",), read) == 7
    assert remembered_by(owner, "slot", ("text",), lambda: calls.append(2) or 8) == 8  # read again: nothing kept
    assert calls == [1, 2] and owner.__dict__["slot"] == {("text",): 8}

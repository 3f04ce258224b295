"""The walk of issue 29 (``python -m tutor.bench replies``): how it classifies a reply, checked on replies whose class
is known, and the bundled course walked once against the issue's targets for causes (specific replies and
misdiagnoses; the share of refused words is the words work's target, printed by the benchmark)."""

from __future__ import annotations

import pytest

from tests.helpers import bundled
from tutor.bench import replies as walk
from tutor.course.steps import Computed

CATALOG = bundled()


def step(lesson_id: str, quantity: str) -> Computed:
    """The first number step of ``lesson_id`` asking ``quantity``."""
    lesson = next(lesson for lesson in CATALOG.ordered() if lesson.id == lesson_id)
    return next(s for s in lesson.steps if isinstance(s, Computed) and s.computes.name == quantity)


@pytest.mark.parametrize(("text", "answer"), [
    ("4 = 2^2 would count the combinations of 2 independent columns", "4"),
    ("31 = 2 x 15 + 1 puts two copies of the 4-coin strategy round one half move", "31"),
    ("3 questions would do if a question had three answers", "3"),
    ("One solution would be right if the board had no quiet patterns, as on 3x3.", "1"),
    ("21 counts some tables twice: 100 and 010 are one table", "21"),
    ("4,095 = 2^12 - 1 counts the tables of 12 coins", "4095"),
])
def test_a_derivation_of_the_learners_number_is_a_cause(text: str, answer: str) -> None:
    assert walk.names_a_cause(text, answer)


@pytest.mark.parametrize(("text", "answer"), [
    ("There are more than 4: 0001, 0002 and 0003 are all different.", "4"),
    ("1617 is the larger pile of losing position number 618; number 1000 comes later.", "1617"),
    ("Not 3: with 3 questions there are at most 2^3 = 8 answer sequences, fewer than the 12 possibilities.", "3"),
    ("No strategy of 127 moves wins: 127 prefixes are too few.", "127"),
    ("Some table you counted is not in the trap: from TTT, flipping 012 leaves the trap.", "8"),
])
def test_a_fact_about_the_answer_names_no_cause(text: str, answer: str) -> None:
    assert not walk.names_a_cause(text, answer)


def test_the_replies_of_one_question_are_classified_by_what_they_do() -> None:
    """gods-6's counting bound: a table idea (checked to give the number) is specific, a count no idea gives gets a
    counterexample (specific), and nothing is misdiagnosed."""
    lower = step("gods-6", "lower_bound")
    walked = {w.answer: w for w in walk.walk_question("gods-6", lower)}
    assert walked["5"].verdict == "specific" and "gives each of the 24 worlds a leaf" in walked["5"].reply
    assert walked["3"].verdict == "specific" and "three answers" not in walked["3"].reply
    assert walked["2"].verdict == "specific" and "fewer than the 12 possibilities" in walked["2"].reply
    assert {w.verdict for w in walked.values()} <= {"specific", "generic", "refusal"}


def test_the_same_text_on_both_sides_of_the_answer_is_generic() -> None:
    """A reply that says nothing about this answer (the same words, the answer taken out, for one below and one
    above the right value) is generic; one that reasons about the answer itself is not."""
    same = "Not ...: each position doubles the count."
    out = walk._mark_generic([walk.Walked("l", "s", "near", "4", "specific", "x"),
                              walk.Walked("l", "s", "near", "6", "specific", "x")], {"4": (-1, same), "6": (1, same)})
    assert [w.verdict for w in out] == ["generic", "generic"]
    assert walk.reasons_about("Not 95: the count is a multiple of 16, and 95 is not.", "95")
    assert not walk.reasons_about("Not 95: each position doubles the count.", "95")


def test_the_bundled_course_meets_the_targets_for_causes() -> None:
    """Issue 29's targets on a fresh walk: at least 90% of the answered wrong answers specific, at most 2%
    misdiagnosed."""
    questions = [w for is_play, w in walk.walk() if not is_play]
    counts = walk.shares(questions)
    assert len(questions) > 500, len(questions)
    misdiagnosed = [w for w in questions if w.verdict == "misdiagnosed"]
    assert len(misdiagnosed) <= 0.02 * len(questions), [(w.lesson, w.step, w.answer) for w in misdiagnosed]
    assert counts["specific"] >= 0.9 * len(questions), counts

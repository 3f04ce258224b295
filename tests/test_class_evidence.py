"""Issue 28.5 / 31.5: ``tutor class`` counts from the same evidence as ``/progress``.  Three scripted learners whose
records carry the evidence fields the session writes (instance, item, try, help): an ``/undo`` or a ``/reset`` is
help charged to the item, never an attempt or a wrong answer; a step's first try is its first item right at the
first try without help; an answer after the step was completed is a review.  Every figure is worked out by hand
below, and the mastery once more by knowledge tracing written out."""

from __future__ import annotations

import pytest

from tutor.learner import classroom
from tutor.learner.bkt import DEFAULT, OPEN
from tutor.learner.export import AttemptRecord, CompletedRecord, Records

L = "week2"


def tried(step: int, answer: str, right: bool, at: float, item: int = 1, nth: int = 1,
          aids: tuple[str, ...] = ()) -> AttemptRecord:
    return AttemptRecord(L, step, answer, right, "correct" if right else "wrong", 5.0, at, ("s/a",),
                         instance="{}", item=item, nth=nth, aids=aids)


def helped(step: int, kind: str, at: float) -> AttemptRecord:
    """An ``/undo`` or ``/reset``, as the session stores it: an attempt that is not a try, charged to item 1."""
    return AttemptRecord(L, step, f"/{kind}", False, kind, 0.0, at, (), instance="{}", item=1, nth=0, aids=(kind,))


def done(step: int, at: float) -> CompletedRecord:
    return CompletedRecord(L, step, "answered", at)


# eve: step 1 undone, then right (helped: 0); step 2 right at once (1).
# fay: step 1 right at once (1); step 2 reset, then wrong "5", then right (0).
# gus: steps 1 and 2 right at once (1, 1); then back at step 1 after completing it, wrong "9": a review.
CLASS = {
    "eve": ([helped(1, "undo", 10), tried(1, "6", True, 11, aids=("undo",)), tried(2, "3", True, 20)],
            [done(1, 11), done(2, 20)]),
    "fay": ([tried(1, "6", True, 10), helped(2, "reset", 19), tried(2, "5", False, 20, aids=("reset",)),
             tried(2, "3", True, 21, nth=2, aids=("reset",))], [done(1, 10), done(2, 21)]),
    "gus": ([tried(1, "6", True, 10), tried(2, "3", True, 20), tried(1, "9", False, 90, item=2)],
            [done(1, 10), done(2, 20)]),
}


@pytest.fixture(scope="module")
def report() -> classroom.ClassReport:
    return classroom.report([Records(name, tuple(a), (), (), tuple(c)) for name, (a, c) in CLASS.items()])


def test_help_is_charged_and_never_counted_as_an_answer(report) -> None:
    one, two = report.steps
    # step 1: one answer each (eve's undo is help, gus's wrong answer a review); first tries fay and gus (eve helped)
    assert (one.learners, one.attempts, one.first_try, one.helped, one.reviews) == (3, 3, 2, 1, 1)
    assert one.difficulty == pytest.approx(2 / 3) and one.wrong_answers == ()  # no "/undo", no review's "9"
    # step 2: eve 1, fay 2 (the reset not counted), gus 1; first tries eve and gus; fay helped by her reset
    assert (two.learners, two.attempts, two.first_try, two.helped, two.reviews) == (3, 4, 2, 1, 0)
    assert [(w.answer, w.attempts) for w in two.wrong_answers] == [("5", 1)]
    data = report.as_json()["steps"]
    assert [(s["helped_learners"], s["first_try"]) for s in data] == [(1, 2), (1, 2)]


def test_each_learner_s_answers_reviews_and_curves(report) -> None:
    people = {p.profile: p for p in report.people}
    assert [(people[n].attempts, people[n].reviews) for n in ("eve", "fay", "gus")] == [(2, 0), (3, 0), (3, 1)]
    # s/a: opportunity 1 is each learner's step 1 (eve's helped: an error), opportunity 2 their step 2 (fay's)
    assert [(c.opportunity, c.learners, c.errors) for c in report.curves["s/a"]] == [(1, 3, 1), (2, 3, 1)]


def by_hand(p: float, right: bool) -> float:
    """One item by Bayes' rule with the default parameters and an open answer's chance, then the chance to learn."""
    s, g, t = DEFAULT.slip, OPEN, DEFAULT.learn
    known, unknown = (p * (1 - s), (1 - p) * g) if right else (p * s, (1 - p) * (1 - g))
    post = known / (known + unknown)
    return post + (1 - post) * t


def test_mastery_is_traced_over_first_tries_with_help_counted_and_repeats_left_out(report) -> None:
    people = {p.profile: p for p in report.people}
    expected = {"eve": (False, True), "fay": (True, False), "gus": (True, True)}  # gus's review: a repeat
    for name, (first, second) in expected.items():
        assert people[name].mastery["s/a"] == pytest.approx(by_hand(by_hand(DEFAULT.prior, first), second))

"""The simulated learners of ``python -m tutor.bench mastery`` checked against their definitions (issue 28.6):
what each types into a real session, read back from the progress it recorded, and the rates of the random
ones over many draws (seeded: the same every run).  No timings: speed is the benchmark's business."""

from __future__ import annotations

import random
from collections.abc import Callable
from math import sqrt

import pytest

from tutor.bench import _learners
from tutor.bench._learners import Bkt, Guesser, HintThenAnswer, Item, Learner, RecallOnly, WrongFirst
from tutor.bench.mastery import START, Run, answer_items, figures, item_on_screen, simulate
from tutor.course import load_catalog
from tutor.progress import Progress
from tutor.progress.records import AttemptRecord, attempts
from tutor.session import Session
from tutor.storage.clock import Stopped

LESSON = "lightsout-6"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([])


def drive(catalog, learner: Learner, items: int = 3) -> tuple[Session, list[Item], list[list[AttemptRecord]]]:
    """``learner`` at the practice of LESSON for ``items`` items in a real session: the items as shown, and the
    attempts the session recorded at each (grouped by item, in order)."""
    session = Session(catalog, Progress(None, clock=Stopped(START)), learner="bench-test")
    shown = []
    session.handle(f"/open {LESSON}")
    while session.step is not None and not session.step.fresh:
        session.handle("/next")
    for _ in range(items):
        item = item_on_screen(session)
        assert item is not None
        shown.append(item)
        learner.answer(session, item)
        learner.learn()
    grouped: dict[str, list[AttemptRecord]] = {}
    for record in attempts(session.progress):
        grouped.setdefault(record.variant, []).append(record)
    return session, shown, list(grouped.values())


def test_wrong_first_is_wrong_at_every_first_try_then_right(catalog) -> None:
    learner = WrongFirst(random.Random(1))
    _, shown, tried = drive(catalog, learner)
    assert len(tried) == 3 and learner.firsts == [False] * 3
    for item, records in zip(shown, tried, strict=True):
        assert [r.correct for r in records] == [False, True] and not any(r.helped for r in records)
        assert [r.answer for r in records] == [item.wrong, item.right]


def test_hint_then_answer_takes_every_hint_before_its_one_answer(catalog) -> None:
    learner = HintThenAnswer(random.Random(1))
    session, _, tried = drive(catalog, learner)
    ladder = len(session.step.ladder(session.state))
    assert ladder > 0 and learner.firsts == [False] * 3  # right, but with help: no first-try evidence
    for records in tried:
        assert [r.correct for r in records] == [True] and records[0].hint == ladder


def test_recall_only_types_the_last_answer_it_saw(catalog) -> None:
    learner = RecallOnly(random.Random(1))
    _, shown, tried = drive(catalog, learner, items=4)
    seen = "0"
    for item, records in zip(shown, tried, strict=True):
        assert records[0].answer == seen  # its first try: the last answer it saw
        if records[0].correct:
            continue
        assert records[-1].correct and records[-1].revealed and records[-1].answer == item.right
        seen = item.right  # shown by /solution, typed, remembered


class Typed:
    """A stand-in session for counting what a learner types at one item (the engine is not needed for rates)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.step = None
        self.state = None

    def handle(self, line: str) -> list:
        self.lines.append(line)
        return []


def first_rate(make: Callable[[random.Random], Learner], items: int, item: Item, monkeypatch) -> tuple[float, list]:
    """The share of ``items`` fresh items each answered right at the first try by a learner ``make`` builds
    (one learner per item), and the learners."""
    monkeypatch.setattr(_learners, "reference", lambda session: item.right)
    made = []
    for n in range(items):
        learner = make(random.Random(n))
        learner.answer(Typed(), item)  # type: ignore[arg-type]
        made.append(learner)
    return sum(m.firsts[0] for m in made) / items, made


def within(rate: float, p: float, n: int) -> bool:
    """Whether a rate over ``n`` draws is within four standard deviations of ``p``."""
    return abs(rate - p) <= 4 * sqrt(p * (1 - p) / n) + 1e-9


@pytest.mark.parametrize("guess", [0.01, 0.05])
def test_the_random_guesser_is_lucky_at_an_open_items_own_rate(guess: float, monkeypatch) -> None:
    item = Item("7", "8", guess)
    rate, _ = first_rate(Guesser, 4000, item, monkeypatch)
    assert within(rate, guess, 4000), rate


@pytest.mark.parametrize("options", [("yes", "no"), ("A", "B", "C", "D", "E"), tuple(str(n) for n in range(3, 13))])
def test_the_random_guesser_picks_uniformly_among_the_items_options(options: tuple[str, ...], monkeypatch) -> None:
    item = Item(options[1], "none of them", 1 / len(options), options)
    rate, made = first_rate(Guesser, 4000, item, monkeypatch)
    assert within(rate, 1 / len(options), 4000), rate  # right one time in len(options): the item's chance
    picked = [m.pick(item) for m in made]
    assert set(picked) <= set(options) and all(within(picked.count(o) / 4000, 1 / len(options), 4000)
                                               for o in options)


def test_the_item_on_screen_carries_its_steps_chance_and_guesses(catalog) -> None:
    session, shown, _ = drive(catalog, WrongFirst(random.Random(1)), items=1)
    step = session.step
    assert shown[0].guess == step.chance() == 1 / len(shown[0].guesses) and shown[0].guesses == step.guesses()
    assert shown[0].right in shown[0].guesses  # the right answer is among what a guesser picks from


def test_a_bkt_learner_follows_its_parameters(monkeypatch) -> None:
    """Known at the start with probability prior; first tries right at 1 - slip when known, guess when not; the
    skill learnt after an item with probability learn (and never forgotten)."""
    item = Item("7", "8", 0.2)
    params = {"prior": 0.3, "learn_rate": 0.25, "guess": 0.15, "slip": 0.1}
    rate, made = first_rate(lambda rng: Bkt(rng, **params), 6000, item, monkeypatch)
    known = [m for m in made if m.known]
    assert within(len(known) / 6000, 0.3, 6000)
    assert within(sum(m.firsts[0] for m in known) / len(known), 0.9, len(known))
    unknown = [m for m in made if not m.known]
    assert within(sum(m.firsts[0] for m in unknown) / len(unknown), 0.15, len(unknown))
    for m in unknown:
        m.learn()
    assert within(sum(m.known for m in unknown) / len(unknown), 0.25, len(unknown))
    for m in known:
        m.learn()
    assert all(m.known for m in known)
    assert within(rate, 0.3 * 0.9 + 0.7 * 0.15, 6000)


def test_the_ground_truth_is_what_the_learner_knew_when_mastery_was_declared(catalog) -> None:
    """A learner who never knows the skill but always guesses right: if the tutor declares mastery, the run
    marks it false mastery; one who knows it never is."""
    learner = Bkt(random.Random(3), known=False, prior=0.0, learn_rate=0.0, guess=1.0, slip=0.0)
    run = Run("bkt", LESSON)
    session = Session(catalog, Progress(None, clock=Stopped(START)), learner="lucky")
    session.handle(f"/open {LESSON}")
    while session.step is not None and not session.step.fresh:
        session.handle("/next")
    declared = answer_items(session, learner, run, 12, review=False)
    assert all(learner.firsts) and declared  # every first try right, by luck: the tutor cannot tell
    assert run.false and learner.known is False  # declared while not knowing: counted as false mastery
    knowing = simulate(catalog, "knowing", LESSON, 0)
    assert not knowing.false


def test_the_figures_count_what_the_runs_say() -> None:
    done = {"bkt": [Run("bkt", LESSON, 4, False), Run("bkt", LESSON, 5, True), Run("bkt", LESSON)],
            "knowing": [Run("knowing", LESSON, 3), Run("knowing", LESSON, 5), Run("knowing", LESSON, 4)],
            "wrong-first": [Run("wrong-first", LESSON), Run("wrong-first", LESSON, 9)],
            "hint-then-answer": [Run("hint-then-answer", LESSON, reviews=2, passed=0)],
            "recall-only": [Run("recall-only", LESSON, reviews=4, passed=1)],
            "random-guesser": [Run("random-guesser", LESSON)]}
    found = {f.name: f for f in figures(done)}
    assert found["false mastery: declared, skill not known (of declared)"].value == 50.0
    assert found["false mastery: declared, skill not known (of all)"].value == pytest.approx(100 / 3)
    assert found["knowing learner (slip 0.1): median items to mastery"].value == 4
    assert found["wrong-first: reaches mastery"].value == 50.0 and found["wrong-first: reaches mastery"].meets is False
    assert found["recall-only: reviews passed at the first try"].value == 25.0
    assert found["random-guesser: reaches mastery"].meets is True


def test_the_benchmark_runs_every_bundled_lesson_with_a_practice_step(catalog) -> None:
    """The lessons simulated are found in the course, not listed by hand: each bundled lesson file with a
    ``practice = ...`` step (read from the TOML itself), in course order."""
    import tomllib

    from tutor.bench.mastery import practice_lessons
    from tutor.course.catalog import bundled_root

    found = practice_lessons(catalog)
    files = sorted(bundled_root().glob("*/*.toml"))
    declared = {data["id"] for data in (tomllib.loads(f.read_text(encoding="utf-8")) for f in files)
                if any("practice" in step for step in data.get("steps", []))}
    assert set(found) == declared and len(found) == len(declared)
    assert {lesson.split("-")[0] for lesson in found} == {"coins", "wythoff", "gods", "lightsout"}
    assert found == [lesson.id for lesson in catalog.ordered() if lesson.id in declared]

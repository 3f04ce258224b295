"""The simulated-learner benchmark (issue 28.6): do the tutor's claims of mastery stand on evidence?

Synthetic learners (``tutor.bench._learners``) drive the real session (``Session.handle``, in-memory progress)
through every bundled practice lesson, then through ``/review`` on later days (the store's clock, a
``clock.Stopped``, is moved to them: the session, its progress and the review schedule read it).  A learner is given
at most ``MAX_ITEMS`` items at the practice and ``REVIEW_ITEMS`` at each review; *mastery is declared* when the
tutor says the skill is mastered (the practice step completes with "Mastered").  For a BKT learner the ground truth
is whether it knows the skill after the item the tutor declared mastery on (its learning transition included, as
the estimate is).

Figures, each over ``LEARNERS`` learners per profile (1,000 with ``--learners 1000``), spread evenly over
the practice lessons:

* false mastery: of the BKT learners (parameters drawn per learner) declared to have mastered the skill, the
  share that did not know it, and the share of all BKT learners declared so (target 5% each);
* the median items to mastery of a learner who knows the skill with slip 0.1 (target 6);
* how often a learner who is always wrong first, one who takes every hint then answers and one who only
  repeats the last answer it saw reach mastery (target 0), and a random guesser (target 1%);
* the share of reviews each profile passes at the first try without help (no target: what a remembered
  answer or a guess earns at review).

``python -m tutor.bench mastery`` runs the default number of learners; ``python -m tutor.bench.mastery
--learners 1000`` the full count.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from tutor.bench import Figure
from tutor.bench._learners import (
    Bkt,
    Guesser,
    HintThenAnswer,
    Item,
    Learner,
    RecallOnly,
    WrongFirst,
    reference,
    said,
)

if TYPE_CHECKING:
    from tutor.session import Session

LEARNERS = 40  # learners per profile by default (the figures: 1,000, with --learners 1000)
MAX_ITEMS = 30  # items one learner is given at a practice before the run gives up on mastery
REVIEW_DAYS = (3, 10, 30)  # days after the practice when the learner runs /review
REVIEW_ITEMS = 3  # items one review goes on for at most
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DECLARED = "Mastered"  # how the practice step says the skill is mastered

Maker = Callable[[random.Random], Learner]


def random_bkt(rng: random.Random) -> Learner:
    """A BKT learner with parameters drawn for it: prior in [0, 0.5], learn in [0.05, 0.3], guess in [0, 0.3],
    slip in [0, 0.2]."""
    return Bkt(rng, prior=rng.uniform(0, 0.5), learn_rate=rng.uniform(0.05, 0.3), guess=rng.uniform(0, 0.3),
               slip=rng.uniform(0, 0.2))


def knowing(rng: random.Random) -> Learner:
    """A learner who knows the skill from the start, slipping one time in ten."""
    return Bkt(rng, known=True, prior=1.0, learn_rate=0.0, guess=0.0, slip=0.1)


PROFILES: dict[str, Maker] = {"bkt": random_bkt, "knowing": knowing, "wrong-first": WrongFirst,
                              "hint-then-answer": HintThenAnswer, "recall-only": RecallOnly,
                              "random-guesser": Guesser}


@dataclass
class Run:
    """One learner at one practice lesson: whether (and after how many items) mastery was declared, whether it
    then did not know the skill (BKT learners), and its reviews: how many, how many passed at the first try."""

    profile: str
    lesson: str
    items: int | None = None  # items served when mastery was declared (None: never)
    false: bool = False
    reviews: int = 0
    passed: int = 0


def item_on_screen(session: Session) -> Item | None:
    """The practice item on screen (None: none is), with a wrong answer, its chance of a lucky guess and the answers
    a guesser picks among (``Step.chance``, ``Step.guesses``)."""
    step = session.step
    try:
        right = reference(session)
    except LookupError:
        return None
    if step is None:
        return None
    wrong = str(int(right) + 1) if right.lstrip("-").isdigit() else right + "0"
    return Item(right, wrong, step.chance(), step.guesses())


def answer_items(session: Session, learner: Learner, run: Run, most: int, review: bool) -> bool:
    """The learner answers up to ``most`` items on screen; whether mastery was declared (``run`` updated)."""
    for number in range(1, most + 1):
        item = item_on_screen(session)
        if item is None:
            return False
        replies = learner.answer(session, item)
        learner.learn()
        if review and number == 1:
            run.reviews += 1
            run.passed += learner.firsts[-1]
        if DECLARED in said(replies):
            run.false = learner.known is False
            return True
    return False


def simulate(catalog: Any, profile: str, lesson: str, number: int) -> Run:
    """One learner of ``profile`` (the ``number``-th: its id and random draws) at ``lesson`` and its reviews."""
    from tutor.progress import Progress
    from tutor.session import Session
    from tutor.storage.clock import Stopped

    rng = random.Random(f"{profile}:{lesson}:{number}")
    learner = PROFILES[profile](rng)
    clock = Stopped(START)
    session = Session(catalog, Progress(None, clock=clock), learner=f"sim-{profile}-{number}")
    run = Run(profile, lesson)
    session.handle(f"/open {lesson}")
    while session.step is not None and not session.step.fresh:
        session.handle("/next")
    if answer_items(session, learner, run, MAX_ITEMS, review=False):
        run.items = len(learner.firsts)
    for day in REVIEW_DAYS:
        clock.moment = START + timedelta(days=day)
        session.handle("/review")
        if session.reviewing is not None and answer_items(session, learner, run, REVIEW_ITEMS, review=True) \
                and run.items is None:
            run.items = len(learner.firsts)
    return run


CATALOG: list[Any] = []  # the bundled lessons, loaded once in each process that simulates


def open_catalog() -> None:
    """Load the bundled lessons in this process (a worker's start)."""
    from tutor.course import load_catalog

    CATALOG[:] = [load_catalog([])]


def one(job: tuple[str, str, int]) -> Run:
    """One learner's run (in this process or a worker): ``(profile, lesson, number)``."""
    return simulate(CATALOG[0], *job)


def practice_lessons(catalog: Any) -> list[str]:
    """The lessons of ``catalog`` with a practice step (one serving fresh items), in course order."""
    return [lesson.id for lesson in catalog.ordered() if any(step.fresh for step in lesson.steps)]


def runs(count: int, jobs: int | None = None) -> dict[str, list[Run]]:
    """``count`` learners of every profile, spread evenly over every bundled lesson with a practice step, in
    ``jobs`` processes (default: one per core)."""
    from tutor.course import load_catalog

    lessons = practice_lessons(load_catalog([]))
    work = [(profile, lessons[n % len(lessons)], n) for profile in PROFILES for n in range(count)]
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1:
        open_catalog()
        done = list(map(one, work))
    else:
        with ProcessPoolExecutor(max_workers=jobs, initializer=open_catalog) as pool:
            done = list(pool.map(one, work, chunksize=max(1, len(work) // (jobs * 8))))
    out: dict[str, list[Run]] = {profile: [] for profile in PROFILES}
    for made in done:
        out[made.profile].append(made)
    return out


def share(part: int, whole: int) -> float:
    """``part`` of ``whole`` as a percentage (0 when there is no whole)."""
    return 100 * part / whole if whole else 0.0


def figures(done: dict[str, list[Run]]) -> list[Figure]:
    """The benchmark's figures from every profile's runs."""
    out = []
    bkt = done["bkt"]
    declared = [r for r in bkt if r.items is not None]
    wrong = sum(r.false for r in declared)
    out.append(Figure("false mastery: declared, skill not known (of declared)", share(wrong, len(declared)), "%",
                      5, f"{wrong} of {len(declared)} declared, {len(bkt)} BKT learners"))
    out.append(Figure("false mastery: declared, skill not known (of all)", share(wrong, len(bkt)), "%", 5))
    items = [r.items for r in done["knowing"] if r.items is not None]
    median = statistics.median(items) if items else float(MAX_ITEMS + 1)
    out.append(Figure("knowing learner (slip 0.1): median items to mastery", median, "it", 6,
                      f"{len(items)} of {len(done['knowing'])} reached it"))
    for profile, target in (("wrong-first", 0.0), ("hint-then-answer", 0.0), ("recall-only", 0.0),
                            ("random-guesser", 1.0)):
        reached = [r.lesson for r in done[profile] if r.items is not None]
        where = ", ".join(f"{lesson} {n}" for lesson, n in Counter(reached).most_common())
        out.append(Figure(f"{profile}: reaches mastery", share(len(reached), len(done[profile])), "%", target,
                          f"{len(reached)} of {len(done[profile])}" + (f": {where}" if where else "")))
    for profile, made in done.items():
        reviews, passed = sum(r.reviews for r in made), sum(r.passed for r in made)
        out.append(Figure(f"{profile}: reviews passed at the first try", share(passed, reviews), "%",
                          note=f"{passed} of {reviews} reviews"))
    return out


def run(count: int = LEARNERS, jobs: int | None = None) -> list[Figure]:
    """Every profile's learners, then the figures."""
    return figures(runs(count, jobs))


def main(argv: list[str]) -> int:
    """``python -m tutor.bench.mastery [--learners N] [--jobs N]``: the figures; exit 1 if a target is missed."""
    options = {"--learners": LEARNERS, "--jobs": 0}
    for name in options:
        if name in argv:
            options[name] = int(argv[argv.index(name) + 1])
    found = run(options["--learners"], options["--jobs"] or None)
    for figure in found:
        print("  " + figure.line(), flush=True)
    return 1 if any(f.meets is False for f in found) else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

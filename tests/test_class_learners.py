"""Synthetic learners for the export and class tests: seeded sessions on coins-5 answering right, wrong then
right, or after a hint, each learner's plan kept so that what the class report counts can be counted again."""

from __future__ import annotations

import random
from dataclasses import dataclass

from tutor.course import Catalog, load_catalog
from tutor.course.steps import Computed
from tutor.learner.export import Records, records_of
from tutor.learner.skills import skills_of
from tutor.progress import Progress
from tutor.screen.shown import text_of
from tutor.session import Session

LESSON = "coins-5"
PLANS = ("right", "wrong", "hint")  # right at once; wrong, then right; a hint, then right


@dataclass(frozen=True)
class Learner:
    """One synthetic learner: their export's records and, per answered step in order, (lesson, step, skills,
    plan)."""

    records: Records
    plan: tuple[tuple[str, int, tuple[str, ...], str], ...]


def wrong(answer: str) -> str:
    """A wrong answer of the same kind as ``answer``."""
    if answer in ("yes", "no"):
        return "no" if answer == "yes" else "yes"
    return str(int(answer) + 1)


def learner(catalog: Catalog, seed: int, lessons: tuple[str, ...] = (LESSON,),
            weights: tuple[tuple[int, int, int], ...] = ((1, 1, 1),)) -> Learner:
    """A learner who goes through ``lessons``, answering each computed step as a seeded plan says (the plan's
    kinds drawn with each lesson's ``weights`` for right, wrong and hint)."""
    rng = random.Random(seed)
    session = Session(catalog, Progress(None))
    plan = []
    for lesson, weight in zip(lessons, weights * len(lessons), strict=False):
        session.handle(f"/open {lesson}")
        last = len(catalog.find(lesson).steps) - 1
        for _ in range(last + 1):
            step = session.step
            assert step is not None
            if isinstance(step, Computed):
                right = text_of(step.reference())
                how = rng.choices(PLANS, weight)[0]
                if how == "wrong":
                    session.handle(wrong(right))
                elif how == "hint":
                    session.handle("/hint")
                session.handle(right)
                plan.append((lesson, step.index + 1, skills_of(step), how))
            if step.index == last:
                break
            session.handle("/next")
    return Learner(records_of(session.progress.export()), tuple(plan))


def learners(count: int, seed: int = 21, lessons: tuple[str, ...] = (LESSON,),
             weights: tuple[tuple[int, int, int], ...] = ((1, 1, 1),)) -> list[Learner]:
    """``count`` learners, each from its own seed."""
    catalog = load_catalog([])
    return [learner(catalog, seed * 1000 + i, lessons, weights) for i in range(count)]

"""Lint of fresh reviews (docs/authoring.md, section 7b): a ``[steps.review]`` table reviews skills its step
exercises and yields instances with answers other than the step's own, and every skill a course asks about can be
reviewed on something fresh (a step of it with a review table, or a practice step).

A course is what a learner would have loaded with the linted lessons: the bundled lessons count too, unless a pack
among them says ``bundled = false``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from tutor.course import Catalog, Lesson, bundled_root, load_roots
from tutor.course.catalog import bundled_wanted, packs_want_bundled
from tutor.course.instances import Space, review_of
from tutor.errors import TutorError
from tutor.learner.fresh import plain
from tutor.limits import checkpoint
from tutor.shown import text_of

MIN_FRESH = 3  # the fewest instances, with answers other than the step's own and each other's, a space must yield
LOOKED_AT = 24  # instances built per space


def answer(step: object) -> str | None:
    """A step's answer as compared text (None: none, or it does not compute)."""
    try:
        found = step.reference()  # type: ignore[attr-defined]
    except TutorError:
        return None
    return None if found is None else plain(text_of(found))


def fresh_answers(lesson: Lesson, index: int) -> set[str]:
    """The answers, other than the step's own, of the instances the engine serves (up to ``MIN_FRESH``)."""
    space = Space(lesson, index)
    own = answer(lesson.steps[index])
    found: set[str] = set()
    for instance in space.instances(random.Random(0))[:LOOKED_AT]:
        checkpoint()
        try:
            item = space.item(instance)
        except TutorError:
            continue
        given = answer(item)
        if given is not None and given != own and space.usable(item):
            found.add(given)
            if len(found) >= MIN_FRESH:
                break
    return found


def review_problems(lesson: Lesson, replaced: Iterable[int] = ()) -> list[str]:
    """Each review table of a built lesson: the skills it names are its step's, and its space is fresh enough."""
    problems = []
    skip = set(replaced)
    for index, file in enumerate(lesson.template.steps):
        review = review_of(file)
        if review is None or index in skip:
            continue
        step = lesson.steps[index]
        where = f"{lesson.path}: {step.key}.review"
        own = step.skills()
        problems += [f"{where}.skills: {name!r} is not a skill this step exercises, so a review of it here would not "
                     f"test it (the step exercises: {', '.join(own) or 'no skill'})"
                     for name in review.skills or () if name not in own]
        if not review.params and not review.args:
            problems.append(f"{where}: varies nothing: give the params or args an instance draws")
            continue
        found = fresh_answers(lesson, index)
        if len(found) < MIN_FRESH:
            problems.append(f"{where}: the instances yield {len(found)} answer(s) other than the step's own; a review "
                            f"needs at least {MIN_FRESH}, so that a remembered answer never passes")
    return problems


def reviewable(catalog: Catalog) -> set[str]:
    """The skills of ``catalog`` a review can ask something fresh about: those of a step with a review table (its
    own skills, or those the table names), and those of a practice step."""
    out: set[str] = set()
    for lesson in catalog.ordered():
        try:
            steps = lesson.steps
        except TutorError:
            continue  # a lesson that does not build is reported with its own problems
        for step in steps:
            review = review_of(lesson.template.steps[step.index])
            if step.fresh or review is not None:
                out |= set(review.skills or step.skills()) if review is not None else set(step.skills())
    return out


@cache
def bundled_reviewable() -> frozenset[str]:
    """The skills the bundled course can review on something fresh."""
    return frozenset(reviewable(load_roots([bundled_root()])))


def unreviewable(catalog: Catalog, roots: Iterable[Path]) -> list[str]:
    """A step of a skill no review can ask freshly about, once per skill (at the first such step)."""
    known = reviewable(catalog)
    if bundled_wanted() and packs_want_bundled(roots):
        known |= bundled_reviewable()
    problems: dict[str, str] = {}
    for lesson in catalog.ordered():
        try:
            steps = lesson.steps
        except TutorError:
            continue
        for step in steps:
            for skill in step.skills() if step.required else ():
                if skill not in known and skill not in problems:
                    problems[skill] = (f"{lesson.path}: {step.key}: skill {skill!r} cannot be reviewed on a fresh "
                                       "instance: no step of it in the course has a [steps.review] table, and no "
                                       "practice step practises it (a review would re-ask a question answered before)")
    return list(problems.values())

"""Lint of fresh reviews (docs/authoring.md, section 7b).

Two claims are checked.  *Every skill a course asks about can be reviewed freshly*: some step of it has a
``[steps.review]`` space, or a practice step practises it; a step whose own question cannot vary may route its
review with ``via`` to a step that has a space.  *A review item exercises the skill it reviews*: a review table
names only skills its step exercises (its instances are the step's question, so they exercise what it does), a
``via`` names a step exercising all the routed step's skills, and a practice step's items exercise the skill it
practises.  Spaces must also yield
instances with answers other than the step's own, which the step's own answer does not pass.

A course is what a learner would have loaded with the linted lessons: the bundled lessons count too, unless a pack
among them says ``bundled = false``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from tutor.course import Catalog, Lesson, bundled_root, load_roots
from tutor.course.catalog import packs_want_bundled
from tutor.course.instances import Space, review_of, route_of, routed
from tutor.course.schema import ReviewFile
from tutor.errors import TutorError
from tutor.learner.fresh import plain
from tutor.limits import checkpoint
from tutor.lint.kept import kept
from tutor.screen.shown import text_of

MIN_FRESH = 3  # the fewest instances, with answers other than the step's own and each other's, a space must yield
LOOKED_AT = 24  # instances built per space
PRACTICE_ITEMS = 3  # items of a practice step looked at
SPACE_KEYS = ("params", "args", "ask", "hints", "success", "allow_unsolvable", "skills")  # what `via` replaces


def answer(step: object) -> str | None:
    """A step's answer as compared text (None: none, or it does not compute)."""
    try:
        found = step.reference()  # type: ignore[attr-defined]
    except TutorError:
        return None
    return None if found is None else plain(text_of(found))


def stands_for(step: Any, review: ReviewFile) -> tuple[str, ...]:
    """The skills a review of a step's instances stands for: its table's ``skills``, else the step's own."""
    return tuple(review.skills) if review.skills else step.skills()


def fresh_answers(lesson: Lesson, index: int) -> set[str]:
    """The answers, other than the step's own, of the instances the engine serves (up to ``MIN_FRESH``) that the
    step's own answer does not pass."""
    space = Space(lesson, index)
    own_step = lesson.steps[index]
    own = answer(own_step)
    shown = None if own is None else own_step.reference()
    own_text = None if shown is None else text_of(shown)
    found: set[str] = set()
    for instance in space.instances(random.Random(0))[:LOOKED_AT]:
        checkpoint()
        try:
            item = space.item(instance)
        except TutorError:
            continue
        given = answer(item)
        if given is None or given == own or given in found or not space.usable(item):
            continue
        if own_text is None or not item.accepts(own_text):  # the lesson's own answer, remembered, must not pass
            found.add(given)
            if len(found) >= MIN_FRESH:
                break
    return found


def review_problems(lesson: Lesson, replaced: Iterable[int] = ()) -> list[str]:
    """Each review table of a built lesson: the skills it names are its step's, and its space is fresh enough; a
    table with ``via`` has nothing else (the route itself is checked with the course); and each practice step's
    items exercise its skill."""
    problems = []
    skip = set(replaced)
    for index, file in enumerate(lesson.template.steps):
        table = getattr(file, "review", None)
        if not isinstance(table, ReviewFile) or index in skip:
            continue
        step = lesson.steps[index]
        where = f"{lesson.path}: {step.key}.review"
        if table.via is not None:
            extra = [name for name in SPACE_KEYS if getattr(table, name) not in (None, False)]
            problems += [f"{where}: via routes the review to {table.via}, so the table takes nothing else "
                         f"(remove {', '.join(extra)})"] if extra else []
            continue
        own = step.skills()
        problems += [f"{where}.skills: {name!r} is not a skill this step exercises, so a review of it here would not "
                     f"test it (the step exercises: {', '.join(own) or 'no skill'})"
                     for name in table.skills or () if name not in own]
        if not table.params and not table.args:
            problems.append(f"{where}: varies nothing: give the params or args an instance draws")
            continue
        found = fresh_answers(lesson, index)
        if len(found) < MIN_FRESH:
            problems.append(f"{where}: the instances yield {len(found)} answer(s) other than the step's own that "
                            f"the step's own answer does not pass; a review needs at least {MIN_FRESH}, so that a "
                            "remembered answer never passes")
    return problems + practice_problems(lesson, skip)


def practice_problems(lesson: Lesson, skip: set[int]) -> list[str]:
    """Each practice step's items (a few, spread over its space) exercise the skill it practises (its reviews are
    served there)."""
    problems: list[str] = []
    for step in lesson.steps:
        if not step.fresh or step.index in skip:
            continue
        try:
            items = step.items(PRACTICE_ITEMS)
        except TutorError:
            continue  # the step's own lint reports it
        exercised = {name for item in items for name in item.skills()}
        problems += [f"{lesson.path}: {step.key}.practice: its items do not exercise {name!r} (they exercise: "
                     f"{', '.join(sorted(exercised)) or 'no skill'}), so practice and reviews there would not test it"
                     for name in step.skills() if any(name not in item.skills() for item in items)]
    return problems


def reviewable(catalog: Catalog) -> set[str]:
    """The skills of ``catalog`` a review can ask something fresh about: those a step's review space stands for,
    and those of a practice step."""
    out: set[str] = set()
    for lesson in catalog.ordered():
        try:
            steps = lesson.steps
        except TutorError:
            continue  # a lesson that does not build is reported with its own problems
        for step in steps:
            review = review_of(lesson.template.steps[step.index])
            if review is not None:
                out |= set(stands_for(step, review))
            elif step.fresh:
                out |= set(step.skills())
    return out


@cache
def bundled() -> Catalog:
    """The bundled course, loaded once."""
    return load_roots([bundled_root()])


@cache
def bundled_reviewable(kept_in: Path | None = None) -> frozenset[str]:
    """The skills the bundled course can review on something fresh: worked out once per process, and kept in the
    data folder ``kept_in`` between runs (``tutor.lint.kept``)."""
    return kept(kept_in, bundled_root(), lambda: frozenset(reviewable(bundled())))


def route_problems(catalog: Catalog, beside: Catalog | None) -> list[str]:
    """Each ``via``: the step it names (in ``catalog``, else in ``beside``, the bundled course when it is loaded
    too) exists, has a review space (or is a practice step), and exercises every skill of the step it routes."""
    problems = []
    for lesson in catalog.ordered():
        try:
            steps = lesson.steps
        except TutorError:
            continue
        for step in steps:
            via = route_of(lesson.template.steps[step.index])
            if via is None:
                continue
            where = f"{lesson.path}: {step.key}.review.via"
            found = routed(catalog, lesson, via) or (routed(beside, lesson, via) if beside is not None else None)
            if found is None:
                problems.append(f"{where}: no step {via!r} in the course (write LESSON:STEP, the step counted from 1)")
                continue
            try:
                target = found[0].steps[found[1]]
            except TutorError:
                continue  # that lesson's own problems are reported
            space = review_of(found[0].template.steps[found[1]])
            if space is None and not target.fresh:
                problems.append(f"{where}: step {via} has no review space of its own (a [steps.review] table with "
                                "params or args) and is no practice step, so nothing fresh is asked there")
                continue
            covered = stands_for(target, space) if space is not None else target.skills()
            problems += [f"{where}: step {via} does not exercise {name!r}, a skill of this step, so a review there "
                         f"would not test it (it reviews: {', '.join(covered) or 'no skill'})"
                         for name in step.skills() if name not in covered]
    return problems


def unreviewable(catalog: Catalog, roots: Iterable[Path], with_bundled: bool = True, kept_in: Path | None = None
                 ) -> list[str]:
    """A step of a skill no review can ask freshly about, once per skill (at the first such step), and each
    ``via`` that does not lead to a fresh review of the step's skills; the bundled course counts beside ``roots``
    unless ``with_bundled`` is False (``--no-bundled``) or a pack of theirs says ``bundled = false``; what the
    bundled course can review is kept in the data folder ``kept_in`` between runs."""
    known = reviewable(catalog)
    beside = bundled() if with_bundled and packs_want_bundled(roots) else None
    if beside is not None:
        known |= bundled_reviewable(kept_in)
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
                                       "instance: no step of it in the course has a review space (a [steps.review] "
                                       "table with params or args), and no practice step practises it (a review "
                                       "would re-ask a question answered before)")
    return list(problems.values()) + route_problems(catalog, beside)

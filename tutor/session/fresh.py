"""Fresh items for one learner: what they have met of a skill, and a review question they have not.

``seen`` gathers, for a skill, the answers the learner typed on it and the answers of the lesson questions on it
they met (their own variant's, as the engine gives them): ``tutor.learner.fresh.Seen``.  ``fresh_review`` finds
an instance of a step of the skill from a step's ``[steps.review]`` space (``tutor.course.instances``): the
steps of the lesson the skill was last practised in first (the latest first), then those of the other lessons
of the catalog, in course order (a step whose own question cannot vary is reviewed through the step its
``via`` names); each space's instances in a seeded order (the learner, the skill and how
often it was answered), the first the engine can serve that the learner has not answered and whose answer is
fresh (``Seen.admits``: a remembered answer never passes).  No such instance: None, and the review is not
served at all rather than served stale.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tutor.course import Lesson
from tutor.course.instances import Space, answered, review_of, route_of, routed
from tutor.errors import TutorError
from tutor.learner.fresh import Seen, given_answers, plain
from tutor.progress.records import AttemptRecord, attempts
from tutor.screen.shown import text_of

TRIES = 24  # instances built per space before the next space is tried


def own_variant(session: Any, lesson: Lesson) -> Lesson:
    """The learner's own variant of ``lesson`` (not a review's, while one is on screen)."""
    reviewing = session.reviewing
    if reviewing is not None and lesson.id in reviewing.own:
        return reviewing.own[lesson.id]
    return session.variant_of(lesson)


def answer_of(step: Any) -> str | None:
    """A step's reference answer as compared text (None: none, or it does not compute)."""
    try:
        found = step.reference()
    except TutorError:
        return None
    return None if found is None else plain(text_of(found))


def seen(session: Any, skill: str, records: list[AttemptRecord] | None = None) -> Seen:
    """What the learner has met of ``skill``: their answers, and the answers of the lesson questions on it."""
    records = list(attempts(session.progress)) if records is None else records
    shown: set[str] = set()
    for lesson_id in dict.fromkeys(r.lesson for r in records if skill in r.skills):
        lesson = session.catalog.lessons.get(lesson_id)
        try:
            steps = () if lesson is None else own_variant(session, lesson).steps
        except TutorError:
            continue
        for step in steps:
            if step.required and not step.fresh and skill in step.skills():
                answer = answer_of(step)
                shown |= {answer} if answer is not None else set()
    return Seen(given_answers(records, skill), frozenset(shown))


def reviewed_by(step: Any, file: Any) -> tuple[str, ...]:
    """The skills a review of a step's instances stands for: its review table's, else the step's own (only those
    the step exercises: lint reports the others); none when the step has no space of its own."""
    review = review_of(file)
    if review is None:
        return ()
    own = step.skills()
    return tuple(s for s in review.skills if s in own) if review.skills else own


def targets(session: Any, lesson: Lesson, step: Any, skill: str) -> Iterator[Space]:
    """The space a step of ``skill`` is reviewed in: its own, else the one its ``via`` names (when that step's
    space stands for the skill)."""
    file = lesson.template.steps[step.index]
    if skill in reviewed_by(step, file):
        yield Space(lesson, step.index)
        return
    via = route_of(file)
    found = routed(session.catalog, lesson, via) if via is not None and skill in step.skills() else None
    if found is None:
        return
    try:
        own = own_variant(session, found[0])
        target = own.steps[found[1]]
    except TutorError:
        return
    if skill in reviewed_by(target, own.template.steps[found[1]]):
        yield Space(own, found[1])


def spaces(session: Any, skill: str, last: str) -> Iterator[Space]:
    """The review spaces of steps exercising ``skill``: the lesson ``last`` first (its latest step first, a step
    routed elsewhere by ``via`` through the step it names), then the catalog's other lessons of the skill's family,
    in course order; each space once."""
    family = skill.partition("/")[0]
    lessons = [session.catalog.lessons[last]] if last in session.catalog.lessons else []
    lessons += [lesson for lesson in session.catalog.ordered() if lesson.puzzle == family and lesson.id != last]
    given: set[tuple[str, int]] = set()
    for lesson in lessons:
        try:
            own = own_variant(session, lesson)
            steps = own.steps
        except TutorError:
            continue
        for step in reversed(steps):
            for space in targets(session, own, step, skill):
                if (space.own.id, space.index) not in given:
                    given.add((space.own.id, space.index))
                    yield space


def fresh_review(session: Any, skill: str, last: str) -> tuple[Lesson, int] | None:
    """A lesson variant asking a fresh instance of a step of ``skill`` at that step (its index), or None."""
    records = list(attempts(session.progress))
    met = seen(session, skill, records)
    times = sum(1 for r in records if skill in r.skills)
    for space in spaces(session, skill, last):
        lesson_id = space.own.id
        done = {answered(r.variant, space.index) for r in records if r.lesson == lesson_id
                and r.step == space.index + 1}
        rng = random.Random(f"{session.owner}:{skill}:{times}")
        for instance in space.instances(rng, (k for k in done if k is not None))[:TRIES]:
            try:
                item = space.item(instance)
            except TutorError:
                continue
            if space.usable(item) and met.admits(item.reference(), item.accepts):
                return space.lesson(instance), space.index
    return None

"""The learner's mastery of each skill: Bayesian knowledge tracing over their recorded attempts.

Every judged attempt is one opportunity for each skill it exercised, in the order they happened.  What
counts as evidence (the choice, and why):

* a right answer with no hint shown and the solution not revealed is a **correct** observation;
* a right answer after a hint, or after the solution was revealed, is an **incorrect** observation: the
  learner did not show the skill on their own (the convention of the ASSISTments data that BKT is
  usually fitted on, where a hint request scores the opportunity as wrong).  The tracing still applies
  the learning transition, so help given is a chance to learn;
* a wrong answer is an incorrect observation, whatever was shown before it.

Parameters are the skill's defaults (``bkt.DEFAULT``), or what ``params(lesson, skill)`` returns (a pack's
``[mastery]`` overrides, see ``tutor.course``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tutor.learner.bkt import DEFAULT, BktParams, update
from tutor.progress import Progress
from tutor.progress.records import AttemptRecord, attempts

ParamsFor = Callable[[str, str], BktParams]  # (lesson id, skill name) -> the parameters that apply there


def defaults(lesson: str, skill: str) -> BktParams:
    """The default parameters, for every lesson and skill."""
    return DEFAULT


def observed(record: AttemptRecord) -> bool:
    """The observation an attempt gives: right, and with no hint or revealed solution before it."""
    return record.correct and not record.helped


@dataclass(frozen=True)
class Traced:
    """One skill's tracing: the estimate, the opportunities seen, and how many of them were observed correct."""

    skill: str
    p: float
    opportunities: int
    correct: int


def traced(source: Progress | Iterable[AttemptRecord], params: ParamsFor = defaults) -> dict[str, Traced]:
    """Every skill with at least one attempt, traced over the attempts in order (see the module docstring)."""
    records = attempts(source) if isinstance(source, Progress) else source
    p: dict[str, float] = {}
    seen: dict[str, int] = {}
    right: dict[str, int] = {}
    for record in records:
        ok = observed(record)
        for skill in record.skills:
            chosen = params(record.lesson, skill)
            p[skill] = update(p.get(skill, chosen.prior), ok, chosen)
            seen[skill] = seen.get(skill, 0) + 1
            right[skill] = right.get(skill, 0) + ok
    return {skill: Traced(skill, p[skill], seen[skill], right[skill]) for skill in p}


def mastery(source: Progress | Iterable[AttemptRecord], params: ParamsFor = defaults) -> dict[str, float]:
    """The probability that the learner knows each skill they have attempted (BKT), by skill name."""
    return {skill: t.p for skill, t in traced(source, params).items()}

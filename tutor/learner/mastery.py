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

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tutor.learner.bkt import DEFAULT, BktParams, update
from tutor.progress import Progress
from tutor.progress.brief import Briefs, briefs, from_records
from tutor.progress.records import AttemptRecord

ParamsFor = Callable[[str, str], BktParams]  # (lesson id, skill name) -> the parameters that apply there
Source = Progress | Iterable[AttemptRecord] | Briefs  # a store, its records, or its attempts in brief


def defaults(lesson: str, skill: str) -> BktParams:
    """The default parameters, for every lesson and skill."""
    return DEFAULT


def brief(source: Source) -> Briefs:
    """The attempts of a source in brief: a store's read in one query, records' taken as they come."""
    if isinstance(source, Briefs):
        return source
    return briefs(source) if isinstance(source, Progress) else from_records(source)


@dataclass(frozen=True)
class Traced:
    """One skill's tracing: the estimate, the opportunities seen, and how many of them were observed correct."""

    skill: str
    p: float
    opportunities: int
    correct: int


def traced(source: Source, params: ParamsFor = defaults) -> dict[str, Traced]:
    """Every skill with at least one attempt, traced over the attempts in order (see the module docstring).

    The attempts are read in brief (``tutor.progress.brief``): each kind's skills, their parameters and its
    observation are found once, and only the update runs per attempt and skill."""
    found = brief(source)
    plans = [tuple((skill, params(kind.lesson, skill)) for skill in kind.skills) for kind in found.kinds]
    oks = [kind.observed for kind in found.kinds]
    p: dict[str, float] = {}
    for index, _, _ in found.rows:
        ok = oks[index]
        for skill, chosen in plans[index]:
            p[skill] = update(p.get(skill, chosen.prior), ok, chosen)
    seen: dict[str, int] = dict.fromkeys(p, 0)
    right: dict[str, int] = dict.fromkeys(p, 0)
    for index, count in Counter(index for index, _, _ in found.rows).items():
        for skill, _ in plans[index]:
            seen[skill] += count
            right[skill] += count * oks[index]
    return {skill: Traced(skill, p[skill], seen[skill], right[skill]) for skill in p}


def mastery(source: Source, params: ParamsFor = defaults) -> dict[str, float]:
    """The probability that the learner knows each skill they have attempted (BKT), by skill name."""
    return {skill: t.p for skill, t in traced(source, params).items()}

"""The learner's mastery of each skill: Bayesian knowledge tracing over their items, and the mastery rule.

Evidence is counted per item, by its first try (``tutor.progress.evidence``): an item right at the first try with no
help (no hint, revealed solution, undo or reset on it) is a **correct** observation of each skill it exercised; a
wrong first try, or a right one after help, is an **incorrect** observation, whatever follows on that item (the
convention of the ASSISTments data BKT is usually fitted on, where a hint request scores the opportunity wrong).  A
later right answer on the same item adds nothing, so a wrong answer lowers the estimate at once and the estimate can
fall below its prior.  An item on an instance whose answer the learner already had is a repeat: no evidence.

A skill is **mastered** (``mastered``) only when its estimate is at or above the target (``TARGET``, or a practice
step's ``threshold``) **and** its last N items (``BktParams.in_a_row``, default 3: a pack's ``[mastery]``) were right
at the first try without help, on distinct instances.  Practice completion, ``/progress``, ``tutor progress`` and the
welcome all apply this one rule.

Parameters are the skill's defaults (``bkt.DEFAULT``), or what ``params(lesson, skill)`` returns (a pack's
``[mastery]`` overrides, see ``tutor.course``); the guess is each item's own chance of a lucky guess, what
``chance(lesson, step)`` returns for the step it was asked at (``Step.chance``; ``bkt.OPEN`` when not known).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from tutor.learner.bkt import DEFAULT, OPEN, BktParams, update
from tutor.progress import Progress
from tutor.progress.brief import Briefs, briefs, from_records, tried
from tutor.progress.evidence import Scored, items
from tutor.progress.records import AttemptRecord

ParamsFor = Callable[[str, str], BktParams]  # (lesson id, skill name) -> the parameters that apply there
ChanceFor = Callable[[str, int], float]  # (lesson id, step from 1) -> the chance of a lucky guess at its items
Source = Progress | Iterable[AttemptRecord] | Briefs  # a store, its records, or its attempts in brief
TARGET = 0.95  # the estimate mastery needs (a practice step may set its own ``threshold``)


def defaults(lesson: str, skill: str) -> BktParams:
    """The default parameters, for every lesson and skill."""
    return DEFAULT


def open_chance(lesson: str, step: int) -> float:
    """The chance of a lucky guess of an open answer (``bkt.OPEN``), for every step."""
    return OPEN


def brief(source: Source) -> Briefs:
    """The attempts of a source in brief: a store's read in one query, records' taken as they come."""
    if isinstance(source, Briefs):
        return source
    return briefs(source) if isinstance(source, Progress) else from_records(source)


def scored(source: Source) -> list[Scored]:
    """Every item of a source, scored by its first try (``progress.evidence.items``), oldest first."""
    return items(tried(brief(source)))


class Evidence(Protocol):
    """An item as the mastery rule reads it (``progress.evidence.Scored``, a practice step's ``Served``)."""

    @property
    def evidence(self) -> bool | None: ...
    @property
    def unaided(self) -> bool: ...
    @property
    def where(self) -> Hashable: ...


def mastered(p: float, recent: Sequence[Evidence], last: int, target: float = TARGET) -> bool:
    """The mastery rule: the estimate ``p`` is at least ``target`` and the last ``last`` of the skill's items that are
    evidence (``recent``, oldest first; repeats left out) were right at the first try without help, on distinct
    instances.

    >>> from tutor.progress.evidence import Scored
    >>> def item(step: int, right: bool) -> Scored:
    ...     return Scored("coins-6", step, "{}", 1, ("coins/count-tables",), 0.0, right, (), 1, True)
    >>> mastered(0.97, [item(1, True), item(2, True), item(3, True)], 3)
    True
    >>> mastered(0.97, [item(1, True), item(2, False), item(3, True)], 3), mastered(0.9, [item(1, True)] * 3, 1)
    (False, False)
    """
    tail = [s for s in recent if s.evidence is not None][-last:] if last > 0 else []
    return (p >= target and len(tail) == last and all(s.unaided for s in tail)
            and len({s.where for s in tail}) == len(tail))


@dataclass(frozen=True)
class Traced:
    """One skill's tracing: the estimate ``p``; its items by the first try: right without help (``unaided``), right
    after help (``helped``), wrong with no help before (``wrong``) or after help (``wrong_helped``), and repeats (no
    evidence); the items that are evidence, oldest first (``recent``, the last few), the time of its last item, the N
    its mastery rule asks for, and whether it is mastered."""

    skill: str
    p: float
    unaided: int
    helped: int
    wrong: int
    wrong_helped: int
    repeats: int
    recent: tuple[Scored, ...]
    last: float
    in_a_row: int
    mastered: bool

    @property
    def opportunities(self) -> int:
        """The items that are evidence (each one observation)."""
        return self.unaided + self.helped + self.wrong + self.wrong_helped

    @property
    def correct(self) -> int:
        """The items observed correct: right at the first try without help."""
        return self.unaided

    @property
    def row(self) -> int:
        """How many of the last items in a row, up to the last, were right at the first try without help."""
        count = 0
        for s in reversed(self.recent):
            if not s.unaided:
                break
            count += 1
        return count


KEEP = 16  # evidence items kept per skill in ``Traced.recent`` (the rule looks at the last few)


def traced(source: Source, params: ParamsFor = defaults, target: float = TARGET,
           chance: ChanceFor = open_chance) -> dict[str, Traced]:
    """Every skill with at least one item, traced over its items in order, each with its step's ``chance`` of a lucky
    guess (see the module docstring)."""
    return trace_items(scored(source), params, target, chance)


def trace_items(found: Iterable[Scored], params: ParamsFor = defaults, target: float = TARGET,
                chance: ChanceFor = open_chance) -> dict[str, Traced]:
    """``traced`` over items already scored (``progress.evidence.items``), oldest first."""
    p: dict[str, float] = {}
    tallies: dict[str, list[int]] = {}  # unaided, helped, wrong, wrong after help, repeats
    recent: dict[str, list[Scored]] = {}
    last: dict[str, float] = {}
    rows: dict[str, int] = {}
    chosen_for: dict[tuple[str, str], BktParams] = {}  # params and chance looked up once per lesson and skill or step
    chance_at: dict[tuple[str, int], float] = {}
    for item in found:
        clean, at = item.unaided, item.at
        for skill in item.skills:
            chosen = chosen_for.get((item.lesson, skill))
            if chosen is None:
                chosen = chosen_for[(item.lesson, skill)] = params(item.lesson, skill)
            tally = tallies.setdefault(skill, [0, 0, 0, 0, 0])
            last[skill] = max(last.get(skill, at), at)
            rows[skill] = chosen.in_a_row
            p.setdefault(skill, chosen.prior)
            if item.repeat:  # no evidence (``Scored.evidence`` is None)
                tally[4] += 1
                continue
            guess = chance_at.get((item.lesson, item.step))
            if guess is None:
                guess = chance_at[(item.lesson, item.step)] = chance(item.lesson, item.step)
            p[skill] = update(p[skill], clean, chosen, guess)
            tally[(0 if clean else 1) if item.right else (3 if item.aids else 2)] += 1
            kept = recent.setdefault(skill, [])
            kept.append(item)
            del kept[:-KEEP]
    out = {}
    for skill, (unaided, helped, wrong, wrong_helped, repeats) in tallies.items():
        ones = tuple(recent.get(skill, ()))
        out[skill] = Traced(skill, p[skill], unaided, helped, wrong, wrong_helped, repeats, ones, last[skill],
                            rows[skill], mastered(p[skill], ones, rows[skill], target))
    return out


def mastery(source: Source, params: ParamsFor = defaults, chance: ChanceFor = open_chance) -> dict[str, float]:
    """The probability that the learner knows each skill they have attempted (BKT), by skill name."""
    return {skill: t.p for skill, t in traced(source, params, chance=chance).items()}

"""What a class learned: many learners' exports read together (``tutor class EXPORT...``).

The counts, and what each means:

* **per step** (a lesson step): the learners who answered it, their attempts, how many were right on their
  first try (first attempt correct, with no hint shown and no solution revealed before it), how many saw a
  hint there, and each misconception met: in how many attempts, by how many learners;
* **per skill, the learning curve**: a learner's opportunities on a skill are the items they answered that
  exercise it (an item is a lesson step in one variant), in the order they first answered each; the
  opportunity is an error when that first answer was wrong or came after a hint or a revealed solution, as in
  DataShop's learning curves.  Point n is the error rate over the learners who had an n-th opportunity;
* **per skill, the normalised gain** between a pretest and a posttest (two lessons on the same skills in other
  variants, named by a pack's ``pretest`` and ``posttest``): over the learners who answered both, the share
  of first answers right in each (pre, post) and ``(post - pre) / (1 - pre)`` (Hake's class-average gain;
  none when pre is already 1).

Learners are their exports' profile ids; a roster (CSV: profile id, name) adds names and nothing else does.
The same learner in several files (two exports) is one learner, each record counted once (record keys).
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tutor.learner.export import AttemptRecord, ExportError, HintRecord, Json, Records

PROFILE_HEADS = ("profile", "profile id", "profile_id", "id")  # a roster's first row naming the id column
Step = tuple[str, int]  # a lesson step: ("coins-1", 3), counted from 1
Item = tuple[str, int, str]  # a step in one variant: ("coins-1", 3, '{"seed": 7}')


@dataclass(frozen=True)
class Learner:
    """One learner's records, merged over their files: attempts and hints in time order."""

    profile: str
    attempts: tuple[AttemptRecord, ...]
    hints: tuple[HintRecord, ...]


@dataclass(frozen=True)
class StepReport:
    """A lesson step across the class (see the module docstring)."""

    lesson: str
    step: int
    learners: int
    attempts: int
    first_try: int  # learners right on their first try
    hinted: int  # learners who saw a hint here
    hints: int  # hint rungs shown here, over the class
    misconceptions: dict[str, tuple[int, int]]  # name -> (attempts, learners), most met first

    def as_json(self) -> dict[str, Json]:
        """The step as JSON-ready data."""
        return {"lesson": self.lesson, "step": self.step, "learners": self.learners, "attempts": self.attempts,
                "first_try": self.first_try, "first_try_rate": rate(self.first_try, self.learners),
                "hinted_learners": self.hinted, "hints": self.hints,
                "misconceptions": [{"name": name, "attempts": n, "learners": m}
                                   for name, (n, m) in self.misconceptions.items()]}


@dataclass(frozen=True)
class CurvePoint:
    """The n-th opportunity on a skill: how many learners had one, and how many of those were errors."""

    opportunity: int
    learners: int
    errors: int

    @property
    def error_rate(self) -> float:
        """The share of errors (0 to 1)."""
        return self.errors / self.learners


@dataclass(frozen=True)
class Gain:
    """A skill's pretest-to-posttest gain over the learners who took both (``gain`` None when pre is 1)."""

    skill: str
    learners: int
    pre: float
    post: float
    gain: float | None


@dataclass(frozen=True)
class ClassReport:
    """Everything ``tutor class`` reports."""

    learners: tuple[Learner, ...]
    steps: tuple[StepReport, ...]
    curves: dict[str, tuple[CurvePoint, ...]]
    gains: tuple[Gain, ...] = ()
    tests: tuple[str, str] | None = None  # the pretest and posttest lessons, when declared
    names: dict[str, str] = field(default_factory=dict)  # profile id -> name, from a roster

    def as_json(self) -> dict[str, Json]:
        """The report as JSON-ready data (learners by profile id, and by name only with a roster)."""
        out: dict[str, Json] = {
            "learners": [{"profile": p.profile, **({"name": self.names[p.profile]} if p.profile in self.names
                                                   else {}), "attempts": len(p.attempts)} for p in self.learners],
            "steps": [s.as_json() for s in self.steps],
            "skills": {skill: [{"opportunity": c.opportunity, "learners": c.learners, "errors": c.errors,
                                "error_rate": c.error_rate} for c in points] for skill, points in self.curves.items()},
        }
        if self.tests is not None:
            out["gain"] = {"pretest": self.tests[0], "posttest": self.tests[1],
                           "skills": [{"skill": g.skill, "learners": g.learners, "pre": g.pre, "post": g.post,
                                       "gain": g.gain} for g in self.gains]}
        return out


def rate(part: int, whole: int) -> float | None:
    """``part / whole``, or None when there is no whole."""
    return part / whole if whole else None


def learners_of(exports: Iterable[Records]) -> tuple[Learner, ...]:
    """One learner per profile id, each record once (two exports of one learner overlap), by profile id."""
    attempts: dict[str, dict[str, AttemptRecord]] = defaultdict(dict)
    hints: dict[str, dict[str, HintRecord]] = defaultdict(dict)
    for records in exports:
        attempts[records.profile].update((a.key, a) for a in records.attempts)
        hints[records.profile].update((h.key, h) for h in records.hints)
    return tuple(Learner(p, tuple(sorted(attempts[p].values(), key=lambda a: a.at)),
                         tuple(sorted(hints[p].values(), key=lambda h: h.at))) for p in sorted(attempts))


def clean_first(a: AttemptRecord) -> bool:
    """Whether a first answer counts as right: correct, with no hint shown and no solution revealed before it."""
    return a.correct and not a.hint and not a.revealed


def firsts(learner: Learner) -> dict[Item, AttemptRecord]:
    """Each item's first attempt, in the order the learner first answered each item."""
    out: dict[Item, AttemptRecord] = {}
    for a in learner.attempts:
        out.setdefault((a.lesson, a.step, a.variant), a)
    return out


def step_reports(learners: Iterable[Learner]) -> tuple[StepReport, ...]:
    """Every step anyone answered, by lesson and step (see the module docstring)."""
    who: dict[Step, set[str]] = defaultdict(set)
    tries: Counter[Step] = Counter()
    first_right: Counter[Step] = Counter()
    hinted: dict[Step, set[str]] = defaultdict(set)
    rungs: Counter[Step] = Counter()
    met: dict[Step, Counter[str]] = defaultdict(Counter)
    met_by: dict[Step, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for learner in learners:
        first: dict[Step, AttemptRecord] = {}
        for a in learner.attempts:
            step = (a.lesson, a.step)
            who[step].add(learner.profile)
            tries[step] += 1
            first.setdefault(step, a)
            if a.hint:
                hinted[step].add(learner.profile)
            if a.misconception:
                met[step][a.misconception] += 1
                met_by[step][a.misconception].add(learner.profile)
        for step, a in first.items():
            first_right[step] += clean_first(a)
        for h in learner.hints:
            hinted[(h.lesson, h.step)].add(learner.profile)
            rungs[(h.lesson, h.step)] += 1
    return tuple(StepReport(lesson, step, len(who[(lesson, step)]), tries[(lesson, step)],
                            first_right[(lesson, step)], len(hinted[(lesson, step)] & who[(lesson, step)]),
                            rungs[(lesson, step)],
                            {name: (n, len(met_by[(lesson, step)][name]))
                             for name, n in sorted(met[(lesson, step)].items(), key=lambda kv: (-kv[1], kv[0]))})
                 for lesson, step in sorted(who))


def curves(learners: Iterable[Learner]) -> dict[str, tuple[CurvePoint, ...]]:
    """Each skill's learning curve: error rate by opportunity number (see the module docstring)."""
    had: dict[str, Counter[int]] = defaultdict(Counter)
    wrong: dict[str, Counter[int]] = defaultdict(Counter)
    for learner in learners:
        seen: Counter[str] = Counter()
        for a in firsts(learner).values():
            for skill in dict.fromkeys(a.skills):
                seen[skill] += 1
                had[skill][seen[skill]] += 1
                wrong[skill][seen[skill]] += not clean_first(a)
    return {skill: tuple(CurvePoint(n, had[skill][n], wrong[skill][n]) for n in sorted(had[skill]))
            for skill in sorted(had)}


def gains(learners: Iterable[Learner], pretest: str, posttest: str) -> tuple[Gain, ...]:
    """Each skill's normalised gain from ``pretest`` to ``posttest`` (lesson ids; see the module docstring)."""
    right: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)  # (skill, which) -> profile -> right
    asked: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for learner in learners:
        for a in firsts(learner).values():
            if a.lesson not in (pretest, posttest):
                continue
            which = "pre" if a.lesson == pretest else "post"
            for skill in dict.fromkeys(a.skills):
                asked[(skill, which)][learner.profile] += 1
                right[(skill, which)][learner.profile] += clean_first(a)
    out = []
    for skill in sorted({skill for skill, _ in asked}):
        both = set(asked[(skill, "pre")]) & set(asked[(skill, "post")])
        if not both:
            continue
        pre = sum(right[(skill, "pre")][p] for p in both) / sum(asked[(skill, "pre")][p] for p in both)
        post = sum(right[(skill, "post")][p] for p in both) / sum(asked[(skill, "post")][p] for p in both)
        out.append(Gain(skill, len(both), pre, post, None if pre == 1 else (post - pre) / (1 - pre)))
    return tuple(out)


def read_roster(text: str, where: str) -> dict[str, str]:
    r"""A roster: CSV rows of profile id and name (a first row naming the columns is skipped, and read for their
    order: ``name,profile`` swaps them; a spreadsheet's byte-order mark is ignored); ``ExportError`` naming the
    row if one has not two fields.

    >>> read_roster("\ufeffname,profile id\nAda Lovelace,3f9a\n", "roster")
    {'3f9a': 'Ada Lovelace'}
    """
    names: dict[str, str] = {}
    swapped = False
    for number, row in enumerate(csv.reader(io.StringIO(text.lstrip("\ufeff"))), 1):
        if not row or not "".join(row).strip():
            continue
        if len(row) != 2:
            raise ExportError(f"{where}, row {number}: expected a profile id and a name, found "
                              f"{len(row)} field{'' if len(row) == 1 else 's'}")
        profile, name = (cell.strip() for cell in row)
        if number == 1 and name.lower() in PROFILE_HEADS and profile.lower() not in PROFILE_HEADS:
            swapped = True
            continue
        if number == 1 and profile.lower() in PROFILE_HEADS:
            continue
        names[name if swapped else profile] = profile if swapped else name
    return names


def report(exports: Iterable[Records], tests: tuple[str, str] | None = None,
           names: Mapping[str, str] | None = None) -> ClassReport:
    """The class report over ``exports`` (one per file), with gains when ``tests`` names (pretest, posttest)."""
    learners = learners_of(exports)
    return ClassReport(learners, step_reports(learners), curves(learners),
                       gains(learners, *tests) if tests else (), tests, dict(names or {}))

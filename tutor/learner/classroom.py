"""What a class learned: many learners' exports read together (``tutor class EXPORT...``).

The counts, and what each means:

* **evidence**, as the tutor counts it (``tutor.progress.evidence``): an *item* is one time a learner is asked one
  instance of a step, until answered right, scored by its first try: right with no help on the item before it (no
  hint, revealed solution, ``/undo`` or ``/reset``) or not; an instance whose answer the learner already had is a
  repeat, no evidence.  ``/undo`` and ``/reset`` are records of help, not attempts;
* **per step** (a lesson step, with its title): the learners who answered it, their attempts, how many were
  right on their first try (their first item at the step right at its first try without help), how many saw
  a hint there, how many had any help there, each misconception met (in how many attempts, by how many
  learners), and the item statistics of ``tutor.learner.classroom_stats``: difficulty, discrimination, median
  time on task and the most frequent wrong answers, each with its diagnosis; an attempt at a step the learner had
  already completed is a review, counted apart and left out of all of these;
* **per learner**: attempts, reviews, steps completed, and each skill's mastery, traced as ``/progress`` traces it
  (``tutor.learner.mastery``: each item's first try, each step's own chance of a lucky guess);
* **per skill, the learning curve**: a learner's opportunities on a skill are the items they answered that
  exercise it (reviews and repeats left out), in the order they first answered each; the opportunity is an error
  when the item's first try was wrong or came after help, as in DataShop's learning curves.  Point n is the error
  rate over the learners who had an n-th opportunity;
* **per skill, the normalised gain** between a pretest and a posttest (two lessons on the same skills in other
  variants, named by a pack's ``pretest`` and ``posttest``): over the learners who answered both, the share
  of first answers right in each (pre, post) and ``(post - pre) / (1 - pre)`` (Hake's class-average gain;
  none when pre is already 1, and flagged when below -1: neither is a number to read bare).

Learners are their exports' profile ids; a roster (CSV: profile id, name) adds names and nothing else does.
The same learner in several files (two exports) is one learner, each record counted once (record keys).
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from tutor.learner.classroom_stats import (
    WrongAnswer,
    discrimination,
    is_help,
    median,
    reviews,
    stamped,
    time_on_task,
    wrong_answers,
)
from tutor.learner.export import AttemptRecord, CompletedRecord, ExportError, HintRecord, Json, Records
from tutor.learner.mastery import ChanceFor, ParamsFor, defaults, open_chance, trace_items
from tutor.progress.evidence import Scored, items

# a roster's first row naming the id column
PROFILE_HEADS = ("profile", "profile id", "profile_id", "id", "learner", "learner id", "learner_id")
Step = tuple[str, int]  # a lesson step: ("coins-1", 3), counted from 1


@dataclass(frozen=True)
class Learner:
    """One learner's records, merged over their files: attempts and hints in time order."""

    profile: str
    attempts: tuple[AttemptRecord, ...]
    hints: tuple[HintRecord, ...]
    completed: tuple[CompletedRecord, ...] = ()

    def learning(self) -> list[AttemptRecord]:
        """The attempts that are not reviews (made before the learner completed their step), help records included."""
        again = reviews(self.attempts, self.completed)
        return [a for a in self.attempts if a.key not in again]

    def answers(self) -> list[AttemptRecord]:
        """Every attempt that is an answer (help records left out), reviews included."""
        return [a for a in self.attempts if not is_help(a)]

    def scored(self) -> list[Scored]:
        """The items answered before each step was completed, scored by their first try, repeats left out."""
        return [s for s in items(self.learning()) if s.evidence is not None]


@dataclass(frozen=True)
class StepReport:
    """A lesson step across the class (see the module docstring and ``tutor.learner.classroom_stats``)."""

    lesson: str
    step: int
    learners: int
    attempts: int  # not counting reviews
    first_try: int  # learners right on their first try, with no help before it
    hinted: int  # learners who saw a hint here
    hints: int  # hint rungs shown here, over the class
    misconceptions: dict[str, tuple[int, int]]  # name -> (attempts, learners), most met first
    title: str = ""
    reviews: int = 0  # attempts made after the learner had completed the step
    helped: int = 0  # learners who had help here: a hint, a revealed solution, an undo or a reset
    discrimination: float | None = None
    median_seconds: float | None = None
    wrong_answers: tuple[WrongAnswer, ...] = ()

    @property
    def difficulty(self) -> float | None:
        """The share of the step's learners right at their first try (1: easy)."""
        return rate(self.first_try, self.learners)

    def as_json(self) -> dict[str, Json]:
        """The step as JSON-ready data."""
        return {"lesson": self.lesson, "step": self.step, "title": self.title, "learners": self.learners,
                "attempts": self.attempts, "reviews": self.reviews, "first_try": self.first_try,
                "first_try_rate": rate(self.first_try, self.learners), "difficulty": self.difficulty,
                "discrimination": self.discrimination, "median_seconds": self.median_seconds,
                "hinted_learners": self.hinted, "helped_learners": self.helped, "hints": self.hints,
                "wrong_answers": [w.as_json() for w in self.wrong_answers],
                "misconceptions": [{"name": name, "attempts": n, "learners": m}
                                   for name, (n, m) in self.misconceptions.items()]}


@dataclass(frozen=True)
class LearnerReport:
    """One learner: attempts (and reviews among them), steps completed, and each skill's mastery traced over the
    first attempt at each item (``mastery_of``)."""

    profile: str
    attempts: int
    reviews: int
    steps_done: int
    mastery: dict[str, float]

    def as_json(self, name: str | None) -> dict[str, Json]:
        """The learner as JSON-ready data (a name only from a roster)."""
        return {"profile": self.profile, **({"name": name} if name is not None else {}), "attempts": self.attempts,
                "reviews": self.reviews, "steps_done": self.steps_done, "mastery": self.mastery}


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

    @property
    def flag(self) -> str | None:
        """Why the gain should not be read bare: a pretest at its ceiling leaves nothing to gain (none is
        computed), and a gain below -1 means the posttest fell further than the pretest could rise."""
        if self.gain is None:
            return "pretest at ceiling: every first answer was right, so there was nothing to gain"
        if self.gain < -1:
            return ("below -1: the posttest went down by more than the pretest could go up; few learners or a "
                    "harder posttest, not a loss of that size")
        return None


@dataclass(frozen=True)
class ClassReport:
    """Everything ``tutor class`` reports."""

    learners: tuple[Learner, ...]
    steps: tuple[StepReport, ...]
    curves: dict[str, tuple[CurvePoint, ...]]
    gains: tuple[Gain, ...] = ()
    tests: tuple[str, str] | None = None  # the pretest and posttest lessons, when declared
    names: dict[str, str] = field(default_factory=dict)  # profile id -> name, from a roster
    people: tuple[LearnerReport, ...] = ()

    def as_json(self) -> dict[str, Json]:
        """The report as JSON-ready data (learners by profile id, and by name only with a roster)."""
        out: dict[str, Json] = {
            "learners": [p.as_json(self.names.get(p.profile)) for p in self.people],
            "steps": [s.as_json() for s in self.steps],
            "skills": {skill: [{"opportunity": c.opportunity, "learners": c.learners, "errors": c.errors,
                                "error_rate": c.error_rate} for c in points] for skill, points in self.curves.items()},
        }
        if self.tests is not None:
            out["gain"] = {"pretest": self.tests[0], "posttest": self.tests[1],
                           "skills": [{"skill": g.skill, "learners": g.learners, "pre": g.pre, "post": g.post,
                                       "gain": g.gain, "flag": g.flag} for g in self.gains]}
        return out


def rate(part: int, whole: int) -> float | None:
    """``part / whole``, or None when there is no whole."""
    return part / whole if whole else None


def learners_of(exports: Iterable[Records]) -> tuple[Learner, ...]:
    """One learner per profile id, each record once (two exports of one learner overlap), by profile id."""
    attempts: dict[str, dict[str, AttemptRecord]] = defaultdict(dict)
    hints: dict[str, dict[str, HintRecord]] = defaultdict(dict)
    completed: dict[str, dict[str, CompletedRecord]] = defaultdict(dict)
    for records in exports:
        attempts[records.profile].update((a.key, a) for a in records.attempts)
        hints[records.profile].update((h.key, h) for h in records.hints)
        completed[records.profile].update((c.key, c) for c in records.completed)
    return tuple(Learner(p, stamped(sorted(attempts[p].values(), key=lambda a: a.at)),
                         tuple(sorted(hints[p].values(), key=lambda h: h.at)),
                         tuple(sorted(completed[p].values(), key=lambda c: c.at))) for p in sorted(attempts))


def step_reports(learners: Iterable[Learner], titles: Mapping[Step, str] | None = None) -> tuple[StepReport, ...]:
    """Every step anyone answered, by lesson and step, reviews left out (see ``tutor.learner.classroom_stats``)."""
    titles = titles or {}
    answered: dict[Step, list[tuple[str, AttemptRecord]]] = defaultdict(list)
    again: Counter[Step] = Counter()
    first: dict[str, dict[Step, int]] = {}  # learner -> step -> first-try score
    hinted: dict[Step, set[str]] = defaultdict(set)
    helped: dict[Step, set[str]] = defaultdict(set)
    rungs: Counter[Step] = Counter()
    for learner in learners:
        kept = learner.learning()
        taken = {a.key for a in kept}
        again.update((a.lesson, a.step) for a in learner.answers() if a.key not in taken)
        for a in kept:
            if not is_help(a):
                answered[(a.lesson, a.step)].append((learner.profile, a))
            if a.hint:
                hinted[(a.lesson, a.step)].add(learner.profile)
            if a.hint or a.revealed or a.aids:
                helped[(a.lesson, a.step)].add(learner.profile)
        first[learner.profile] = {}
        for s in learner.scored():
            first[learner.profile].setdefault((s.lesson, s.step), int(s.unaided))
        for h in learner.hints:
            hinted[(h.lesson, h.step)].add(learner.profile)
            rungs[(h.lesson, h.step)] += 1
    out = []
    for step in sorted(answered):
        who = {p for p, _ in answered[step]}
        made = one_step(step, answered[step], first, len(hinted[step] & who), rungs[step], again[step],
                        titles.get(step, ""))
        out.append(replace(made, helped=len((hinted[step] | helped[step]) & who)))
    return tuple(out)


def one_step(step: Step, answered: list[tuple[str, AttemptRecord]], first: Mapping[str, Mapping[Step, int]],
             hinted: int, rungs: int, again: int, title: str) -> StepReport:
    """One step's report from its (learner, attempt) pairs in time order, reviews left out."""
    met: Counter[str] = Counter(a.misconception for _, a in answered if a.misconception)
    met_by: dict[str, set[str]] = defaultdict(set)
    per_learner: dict[str, list[AttemptRecord]] = defaultdict(list)
    for profile, a in answered:
        per_learner[profile].append(a)
        if a.misconception:
            met_by[a.misconception].add(profile)
    return StepReport(step[0], step[1], len(per_learner), len(answered),
                      sum(first[p].get(step, 0) for p in per_learner), hinted, rungs,
                      {name: (n, len(met_by[name])) for name, n in sorted(met.items(), key=lambda kv: (-kv[1], kv[0]))},
                      title, again, 0, discrimination(step, first),
                      median([time_on_task(tries) for tries in per_learner.values()]), wrong_answers(answered))


def learner_reports(learners: Iterable[Learner], params: ParamsFor = defaults,
                    chance: ChanceFor = open_chance) -> tuple[LearnerReport, ...]:
    """Each learner's answers, reviews, steps completed and mastery per skill."""
    return tuple(LearnerReport(p.profile, len(p.answers()), len(p.answers()) - len(p.learning()) +
                               sum(is_help(a) for a in p.learning()), len({(c.lesson, c.step) for c in p.completed}),
                               mastery_of(p, params, chance)) for p in learners)


def mastery_of(learner: Learner, params: ParamsFor = defaults, chance: ChanceFor = open_chance) -> dict[str, float]:
    """Each skill's mastery as ``/progress`` traces it (``tutor.learner.mastery``): knowledge tracing over every item
    the learner answered, reviews included, by its first try, each with its step's ``chance`` of a lucky guess."""
    traced = trace_items(items(learner.attempts), params, chance=chance)
    return {skill: traced[skill].p for skill in sorted(traced)}


def curves(learners: Iterable[Learner]) -> dict[str, tuple[CurvePoint, ...]]:
    """Each skill's learning curve: error rate by opportunity number (see the module docstring)."""
    had: dict[str, Counter[int]] = defaultdict(Counter)
    wrong: dict[str, Counter[int]] = defaultdict(Counter)
    for learner in learners:
        seen: Counter[str] = Counter()
        for s in learner.scored():
            for skill in dict.fromkeys(s.skills):
                seen[skill] += 1
                had[skill][seen[skill]] += 1
                wrong[skill][seen[skill]] += not s.unaided
    return {skill: tuple(CurvePoint(n, had[skill][n], wrong[skill][n]) for n in sorted(had[skill]))
            for skill in sorted(had)}


def gains(learners: Iterable[Learner], pretest: str, posttest: str) -> tuple[Gain, ...]:
    """Each skill's normalised gain from ``pretest`` to ``posttest`` (lesson ids; see the module docstring)."""
    right: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)  # (skill, which) -> profile -> right
    asked: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for learner in learners:
        for s in learner.scored():
            if s.lesson not in (pretest, posttest):
                continue
            which = "pre" if s.lesson == pretest else "post"
            for skill in dict.fromkeys(s.skills):
                asked[(skill, which)][learner.profile] += 1
                right[(skill, which)][learner.profile] += s.unaided
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
           names: Mapping[str, str] | None = None, titles: Mapping[Step, str] | None = None,
           params: ParamsFor = defaults, chance: ChanceFor = open_chance) -> ClassReport:
    """The class report over ``exports`` (one per file), with gains when ``tests`` names (pretest, posttest), each
    step's title from ``titles`` ((lesson, step) -> title), and mastery traced with ``params`` and each step's
    ``chance`` of a lucky guess (``tutor.session.skills``: a pack's ``[mastery]``, ``Step.chance``)."""
    learners = learners_of(exports)
    return ClassReport(learners, step_reports(learners, titles), curves(learners), gains(learners, *tests) if tests
                       else (), tests, dict(names or {}), learner_reports(learners, params, chance))

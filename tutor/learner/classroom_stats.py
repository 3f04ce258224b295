"""The item statistics of a class report, as PrairieLearn's question statistics and classical test theory give them.

What counts, and why:

* **evidence**: an item (one time a learner is asked one instance of a step, until it is answered right:
  ``tutor.progress.evidence``) is scored by its first try: right with no help on the item before it (no hint, no
  revealed solution, no ``/undo``, no ``/reset``) is 1, anything else 0 (issue 28's rule, as DataShop scores a first
  attempt); an ``/undo`` or ``/reset`` is stored as a record of help (``is_help``), never counted as an attempt or
  a wrong answer; records from before the evidence fields are stamped by the rule the tutor's migration applies
  (``stamped``);
* **review**: an attempt at a step the learner had already completed is a review, not a first attempt: it is
  left out of the step's statistics (and counted apart), so answers typed after a lesson is finished do not
  make a step look easier;
* **difficulty**: the share of the step's learners right at their first try (classical test theory's p-value:
  1 is easy, 0 is hard);
* **discrimination**: the point-biserial correlation between the step's first-try score and the learner's total
  first-try score on the other steps (the corrected item-total correlation: how well the step separates the
  learners who do well elsewhere from those who do not), None with fewer than 3 learners or when either score
  does not vary;
* **time on task**: a learner's seconds from when the step was shown to their first right answer (to their last
  answer, when none was right); the median over the learners;
* **wrong answers**: each wrong answer as typed (spaces folded, letter case kept), with how many attempts gave
  it, and the misconception the tutor diagnosed for it, or None ("undiagnosed").
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from tutor.learner.export import AttemptRecord, CompletedRecord, Json
from tutor.progress.evidence import RESET, UNDO, Legacy, stamps

Step = tuple[str, int]  # ("coins-1", 3), counted from 1
WRONG_SHOWN = 5  # the most frequent wrong answers kept per step


@dataclass(frozen=True)
class WrongAnswer:
    """One wrong answer, how many attempts gave it and how many learners, and what the tutor diagnosed it as."""

    answer: str
    attempts: int
    learners: int
    misconception: str | None

    def as_json(self) -> dict[str, Json]:
        """The answer as JSON-ready data."""
        return {"answer": self.answer, "attempts": self.attempts, "learners": self.learners,
                "misconception": self.misconception}


def is_help(a: AttemptRecord) -> bool:
    """Whether a record is help charged to its item (an ``/undo`` or a ``/reset``), not an answer."""
    return a.nth == 0 and a.item > 0 and a.verdict in (UNDO, RESET)


def stamped(attempts: Sequence[AttemptRecord]) -> tuple[AttemptRecord, ...]:
    """A learner's attempts (in time order) with their evidence fields; those without (an export from before them,
    or records made by hand) stamped as the tutor's migration stamps them (``progress.evidence.stamps``)."""
    if all(a.item > 0 for a in attempts):
        return tuple(attempts)
    legacy = (Legacy(a.lesson, a.step, a.variant, a.correct, not (a.verdict == "move" and not a.correct and
                                                                   not a.skills), a.hint, a.revealed) for a in attempts)
    return tuple(a if a.item > 0 else replace(a, instance=s.instance, item=s.item, nth=s.nth, aids=s.aids)
                 for a, s in zip(attempts, stamps(legacy), strict=True))


def reviews(attempts: Iterable[AttemptRecord], completed: Iterable[CompletedRecord]) -> set[str]:
    """The keys of the attempts made at a step after the learner had completed it."""
    done = {(c.lesson, c.step): c.at for c in completed}
    return {a.key for a in attempts if (a.lesson, a.step) in done and a.at > done[(a.lesson, a.step)]}


def folded(answer: str) -> str:
    """A wrong answer as it is counted: surrounding space dropped, runs of space folded (lines kept apart)."""
    return "\n".join(" ".join(line.split()) for line in answer.strip().splitlines() if line.strip())


def wrong_answers(attempts: Sequence[tuple[str, AttemptRecord]]) -> tuple[WrongAnswer, ...]:
    """The most frequent wrong answers among (learner, attempt) pairs, most given first (then as typed)."""
    given: Counter[str] = Counter()
    who: dict[str, set[str]] = defaultdict(set)
    named: dict[str, Counter[str]] = defaultdict(Counter)
    for learner, a in attempts:
        if a.correct or is_help(a):
            continue
        text = folded(a.answer)
        given[text] += 1
        who[text].add(learner)
        if a.misconception:
            named[text][a.misconception] += 1
    ranked = sorted(given.items(), key=lambda kv: (-kv[1], kv[0]))[:WRONG_SHOWN]
    return tuple(WrongAnswer(text, n, len(who[text]), named[text].most_common(1)[0][0] if named[text] else None)
                 for text, n in ranked)


def time_on_task(attempts: Sequence[AttemptRecord]) -> float:
    """One learner's seconds on a step: to their first right answer, else to their last answer (help records, which
    take no time, left out)."""
    answers = [a for a in attempts if not is_help(a)] or list(attempts)
    right = next((a for a in answers if a.correct), None)
    return (right or answers[-1]).seconds


def median(values: Sequence[float]) -> float | None:
    """The median, or None of nothing."""
    return statistics.median(values) if values else None


def point_biserial(scores: Sequence[int], totals: Sequence[float]) -> float | None:
    """Pearson's correlation of 0/1 ``scores`` with ``totals`` (the point-biserial correlation); None with fewer
    than 3 pairs or when either does not vary.

    >>> round(point_biserial([1, 1, 0, 0], [3, 2, 1, 0]), 4)
    0.8944
    """
    n = len(scores)
    if n < 3:
        return None
    mean_s, mean_t = sum(scores) / n, sum(totals) / n
    var_s = sum((s - mean_s) ** 2 for s in scores)
    var_t = sum((t - mean_t) ** 2 for t in totals)
    if var_s == 0 or var_t == 0:
        return None
    cov = sum((s - mean_s) * (t - mean_t) for s, t in zip(scores, totals, strict=True))
    return cov / math.sqrt(var_s * var_t)


def discrimination(step: Step, first: Mapping[str, Mapping[Step, int]]) -> float | None:
    """The step's corrected item-total correlation: each learner who answered it, their first-try score on it
    against their total first-try score on every other step (``first``: learner -> step -> 0 or 1)."""
    pairs = [(scores[step], sum(v for s, v in scores.items() if s != step)) for scores in first.values()
             if step in scores]
    return point_biserial([p[0] for p in pairs], [p[1] for p in pairs])

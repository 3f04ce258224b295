"""Declared mistakes that can fire: each is said for some wrong answer the engine reads.

A mistake is said only after the engine has read the learner's answer and judged it wrong, and only by the first
declared mistake that matches it.  A mistake that can only match right answers, or only text that does not parse,
or whose every wrong answer an earlier mistake catches first, is never said.  For a ``pattern`` lint looks for a
witness among answers a learner might give (``Step.answer_candidates``: the reference, the typical wrong answers,
the misconceptions' values), the same with a number one up or down, strings drawn from the pattern and pieces of
it spliced into those answers (``tutor.lint.samples``); an author's ``example`` is the witness itself, checked
exactly.  A ``match`` is its own witness: the step's checks read and judge it; here only what is declared before
it is checked.  Every search is bounded (``TRIED``, ``JUDGED``) and seeded, so lint says the same each run.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.course import Step
from tutor.course.model import Mistake
from tutor.errors import TooLarge, TutorError
from tutor.limits import checkpoint
from tutor.lint.samples import Drawer, spliced, swapped
from tutor.screen.text import one_line, shorten

DRAWN = 24  # strings drawn from each pattern
TRIED = 5000  # candidate answers matched against one pattern at most
JUDGED = 24  # matching candidates the engine judges at most, per mistake
NUMBER = re.compile(r"(?<![\w.])\d{1,9}(?![\w.])")


def mistake_problems(step: Step) -> list[str]:
    """Every declared mistake of ``step`` that can never be said, each ``.mistakes[i].KEY: message``."""
    candidates = step.answer_candidates() if step.mistakes else None
    if candidates is None:
        return []
    problems: list[str] = []
    for i, mistake in enumerate(step.mistakes, 1):
        checkpoint()
        earlier = step.mistakes[:i - 1]
        if mistake.example is not None:
            problems += [f".mistakes[{i}].example: {p}" for p in example_problems(step, mistake, earlier)]
        elif mistake.pattern is not None:
            found = Search(step, mistake, earlier).run(tried(mistake.pattern, candidates))
            problems += [] if found is None else [f".mistakes[{i}].pattern: {found}"]
        elif mistake.match is not None:
            first = next((j for j, m in enumerate(earlier, 1) if m.matches(mistake.match, mistake.match)), None)
            if first is not None:
                problems.append(f".mistakes[{i}].match: mistakes[{first}] matches this answer too and is said "
                                "first, so this one is never said")
    return problems


def tried(pattern: str, candidates: Sequence[str]) -> list[list[str]]:
    """The answers to try a pattern on, in groups: ``candidates``, each with a number one up or down, the
    pattern's core spliced into them, one word swapped, and strings drawn from the pattern; at most ``TRIED`` in a
    group past the first, kept in order."""
    rng = random.Random(0)
    nearby = [f"{c[:m.start()]}{int(m.group()) + d}{c[m.end():]}"
              for c in candidates for m in list(NUMBER.finditer(c))[:20] for d in (-1, 1) if int(m.group()) + d >= 0]
    groups = [nearby, spliced(pattern, candidates, rng), swapped(candidates, rng),
              Drawer(rng, candidates).samples(pattern, DRAWN)]
    return [list(candidates), *([g[i] for i in sorted(rng.sample(range(len(g)), min(len(g), TRIED)))]
                                for g in groups)]


def interleaved(groups: Sequence[Sequence[str]]) -> list[str]:
    """The answers of ``groups`` taken in turn, one from each, each answer once: every way of finding an answer
    gets its share of the answers judged."""
    return list(dict.fromkeys(a for row in itertools.zip_longest(*groups) for a in row if a is not None))


def folded(err: Exception) -> str:
    """An error's message on one line."""
    return one_line(" ".join(str(err).split()), 200)


@dataclass
class Search:
    """A search for a wrong answer the mistake is said for; what it met on the way, for the report."""

    step: Step
    mistake: Mistake
    earlier: Sequence[Mistake]
    right: list[str] = field(default_factory=list)
    unread: list[tuple[str, str]] = field(default_factory=list)  # (answer, the parse error)
    caught: list[tuple[str, int]] = field(default_factory=list)  # (answer, the earlier mistake said instead)

    def run(self, groups: Sequence[Sequence[str]]) -> str | None:
        """None if some answer is matched, read, judged wrong and not caught first; else what went wrong.  The
        matching answers of each group are judged in turn (``interleaved``), at most ``JUDGED`` in all."""
        matched = interleaved([[a for a in group if self.mistake.matches(a, a)] for group in groups])
        for answer in matched[:JUDGED]:
            checkpoint()
            try:
                verdict = self.step.judge(answer)
            except TooLarge:
                raise
            except TutorError as err:
                self.unread.append((answer, folded(err)))
                continue
            if verdict.correct:
                self.right.append(answer)
                continue
            first = next((j for j, m in enumerate(self.earlier, 1) if m.matches(verdict.canonical, answer)), None)
            if first is None:
                return None
            self.caught.append((answer, first))
        return self.report(len({a for group in groups for a in group}), len(matched))

    def report(self, count: int, matched: int) -> str:
        """What the search met: nothing matched, or only right answers, unreadable ones, or ones caught first."""
        advice = "; give an 'example' wrong answer it is for, or change the pattern"
        if not matched:
            return (f"matches none of the {count:,} answers lint tried (such as {shorten(self.step_answer())}), "
                    f"so lint cannot tell that it is ever said{advice}")
        if self.caught:  # it matches wrong answers, but an earlier mistake is said for each
            answer, first = self.caught[0]
            return (f"mistakes[{first}] is said first for every wrong answer lint tried that this one matches "
                    f"(such as {shorten(answer)}), so this one is never said; narrow mistakes[{first}], or put "
                    "this one before it")
        met = []
        if self.right:
            met.append(f"right answers (such as {shorten(self.right[0])})")
        if self.unread:
            answer, err = self.unread[0]
            met.append(f"answers that do not parse (such as {shorten(answer)}: {err})")
        return f"matches only {' or '.join(met)} among the answers lint tried, so it is never said{advice}"

    def step_answer(self) -> str:
        """An answer lint tried: the step's first candidate (its reference, where it has one)."""
        return next(iter(self.step.answer_candidates() or []), "")


def example_problems(step: Step, mistake: Mistake, earlier: Sequence[Mistake]) -> list[str]:
    """The author's ``example`` is matched by the mistake, read by the engine, judged wrong, and not caught by an
    earlier mistake."""
    example = mistake.example or ""
    shown = shorten(example)
    if not mistake.matches(example, example):
        if Mistake(mistake.say, pattern=mistake.pattern).matches(example, example):
            return [f"{shown} is matched by 'unless', so the mistake is not said for it"]
        return [f"{shown} does not match the pattern, so it is no example of this mistake"]
    try:
        verdict = step.judge(example)
    except TooLarge:
        raise
    except TutorError as err:
        return [f"{shown} does not parse: {folded(err)}"]
    if verdict.correct:
        return [f"{shown} is a right answer (the engine judges it correct), so it is no example of a mistake"]
    first = next((j for j, m in enumerate(earlier, 1) if m.matches(verdict.canonical, example)), None)
    return [] if first is None else [f"mistakes[{first}] is said for {shown} first, so this one is not"]

"""What lint, grading, previews and sweeps ask of a step, beside what the session asks (``tutor.course.steps.base``):
its texts filled from the engine, its reference answer and the verdict on a whole answer, its lint problems, what
it may say before the answer and what would give the answer away, its misconceptions and the chance of a lucky
guess, an input that makes progress (for previews) and its skeleton (for ``tutor new``).

``Checks`` is the companion base of every ``Step``: it holds the step's data (where it is, its texts, the
puzzle's game it is about and its arguments), and each kind overrides what it has to say.
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic

from tutor.course.model import Mistake
from tutor.course.steps.state import S
from tutor.course.text import fill
from tutor.errors import TooLarge, TutorError
from tutor.learner.bkt import OPEN
from tutor.learner.skills import covering, unknown
from tutor.puzzles.answers import Verdict
from tutor.puzzles.base import Puzzle
from tutor.puzzles.options import NO_ARGS, Args
from tutor.screen.shown import Drawn, Markdown


@dataclass(frozen=True)
class Checks(ABC, Generic[S]):
    """One lesson step's data: where it is, its text, and the puzzle's game it is about (with its arguments); and
    what lint, grading, previews and sweeps ask of it.

    ``game`` is the step's loaded puzzle game, ``params`` its parameter values (for display), ``args`` the
    question arguments and play settings its parts take.
    """

    index: int
    title: str
    text: str
    puzzle: Puzzle[Any]
    game: Any
    params: Mapping[str, Any]
    args: Args = NO_ARGS
    hints: tuple[str, ...] = ()  # the author's hints (a say step has none)
    mistakes: tuple[Mistake, ...] = ()  # the author's known wrong answers (a say step has none)
    success: str = ""  # said when the step is answered correctly
    named_skills: tuple[str, ...] = field(default=(), kw_only=True)  # the lesson's own ``skills = [...]``
    filled: dict[str, Markdown | TutorError] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def key(self) -> str:
        """Where this step is in its file, for error messages: ``steps[3]``."""
        return f"steps[{self.index + 1}]"

    @property
    def label(self) -> str:
        """What the step takes, in the lesson format's words (``strategy``, ``number``; ``say`` for text)."""
        return "say"

    def fill(self, text: str) -> Markdown:
        """An author's text with its ``{{values}}`` computed for this step (once: ``prepare``)."""
        done = self.filled.get(text)
        if done is None:
            try:
                done = fill(text, self.puzzle, self.game, self.args)
            except TooLarge:
                raise
            except TutorError as err:  # a value that does not compute: said where the text is shown, and by lint
                done = err
            self.filled[text] = done
        if isinstance(done, TutorError):
            raise done
        return done

    def prepare(self) -> None:
        """Fill every text now, when the lesson is built within its work budget, so that showing a step never
        computes (a text too large to show refuses the lesson: ``TooLarge``, naming the limit)."""
        for _, text in self.texts():
            try:
                self.fill(text)
            except TooLarge:
                raise
            except TutorError:
                pass

    def texts(self) -> list[tuple[str, str]]:
        """Every text of the step a learner may read, with its key (``""`` for the main text)."""
        return [("", self.text)]

    def skill_keys(self) -> tuple[str, ...]:
        """What the step exercises, in the words skills cover (``quantity:NAME``, ``kind:NAME``,
        ``misconception:NAME``); a say step exercises nothing."""
        return ()

    def skills(self) -> tuple[str, ...]:
        """The global names of the skills the step exercises: the lesson's own ``skills = [...]``, else every
        skill of the puzzle covering what it asks (``tutor.learner.skills``)."""
        return self.named_skills or covering(self.puzzle, self.skill_keys())

    def reference(self) -> Drawn | None:
        """A correct answer: the author's own, else the engine's (None: there is nothing to answer)."""
        return None

    def judge(self, text: str) -> Verdict:
        """The verdict on ``text`` as a whole answer (grading, lint); ``TutorError`` if it cannot be read."""
        raise TutorError(f"{self.key} asks nothing")

    def accepts(self, text: str) -> bool:
        """Whether ``text``, given as a whole answer, completes this step (a remembered answer a fresh item must not
        take: ``tutor.learner.fresh``); False for what does not read, and on a step that asks nothing."""
        return False

    def ready(self) -> None:
        """``TutorError`` if the step cannot work as written for this variant (what it must compute does not),
        checked as the lesson opens so a lesson lint refuses for that is never half opened; nothing otherwise."""

    def lint(self) -> list[str]:
        """Every problem with the step, each ``KEY: message`` relative to the step (``.reference: ...``)."""
        problems = []
        for key, text in self.texts():
            try:
                self.fill(text)
            except TutorError as err:
                problems.append(f"{key}: a {{{{quantity}}}} does not compute: {err}")
        return problems + self.lint_skills()

    def lint_skills(self) -> list[str]:
        """The skills the lesson names are skills some family declares (``tutor progress --skills`` lists them)."""
        return [f".skills: unknown skill {name!r} (a family's skills are named like "
                f"'{self.puzzle.name}/...': see `tutor progress --skills`)" for name in unknown(self.named_skills)]

    def gives_away(self, text: str, learner: str = "") -> str | None:
        """What of this step's answer ``text`` gives away, directly or one obvious step from it and from the learner's
        answer ``learner`` (None: nothing, or nothing to give away): ``tutor.puzzles.giveaway``."""
        return None

    def probes(self) -> list[tuple[str, str]]:
        """What a learner who has not found the answer may be told here: (where, text) for the reply to each
        typical wrong answer and each hint rung but the last.  Lint checks none of them gives an answer away."""
        return []

    def misconceptions(self) -> list[tuple[str, Any]]:
        """The named misconceptions of what this step asks, with the value each gives for this step's game."""
        return []

    def answer_candidates(self) -> list[str] | None:
        """Whole answers a learner might give here, right and wrong, that ``judge`` reads: lint tries the declared
        mistakes on them (``tutor.lint.mistakes``).  None: the step's mistakes are not whole answers."""
        return None

    def guesses(self) -> tuple[str, ...]:
        """The answers a random guesser picks among at this step's items: a choice's options, the values a bounded
        number answer takes; none for an open answer (a written answer, a game, a number with no bound)."""
        return ()

    def chance(self) -> float:
        """The chance of a lucky guess at this step's items, knowledge tracing's guess parameter for them (``bkt``):
        one in the number of ``guesses`` (two at least: one half is the most a guess may earn), else ``bkt.OPEN``."""
        found = len(self.guesses())
        return 1 / max(2, found) if found else OPEN

    def sample(self, state: S, seed: int) -> str | None:
        """An input that makes progress on the step from ``state`` (a preview types it), or None if none."""
        return None

    @classmethod
    def skeleton(cls, puzzle: Puzzle[Any], game: Any) -> Sequence[str]:
        """TOML lines for a step of this kind that lints as written for ``puzzle``'s default game ([] if none)."""
        return []


def computable(puzzle: Puzzle[Any], game: Any) -> list[tuple[str, Any]]:
    """Each quantity of ``puzzle`` that computes for ``game`` with default arguments, and its value."""
    out = []
    for name in puzzle.quantities:
        try:
            value = puzzle.compute(game, name)
        except TutorError:
            continue
        out.append((name, value))
    return out

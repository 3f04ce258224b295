"""Lessons as values: ``Lesson``, ``Step``, ``Mistake`` and ``Pack``, frozen once loaded.

A step holds its puzzle's game object (loaded once from the lesson's and the
step's parameters), its question arguments, and the answer it expects as a
resolved object (``tutor.judging.NumberAnswer``, ``ChoiceAnswer``, or one of
the family's answer kinds), so nothing downstream dispatches on kind names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import re2

from tutor.puzzles.answers import AnswerKind
from tutor.puzzles.options import NO_ARGS, Args


@lru_cache(maxsize=512)
def compile_pattern(pattern: str) -> Any:
    """An instructor's pattern compiled by RE2: matching takes time linear in the answer, whatever the
    pattern (no backtracking), so no answer can stall the tutor.  Letter case is ignored.

    ``re2.error`` for what RE2 cannot take: backreferences (``\\1``) and lookarounds (``(?=``, ``(?!``,
    ``(?<=``, ``(?<!``); a mistake's ``unless`` says what lookarounds say.
    """
    options = re2.Options()
    options.case_sensitive = False
    options.log_errors = False
    return re2.compile(pattern, options)


def pattern_error(err: Exception) -> str:
    """RE2's complaint as text (it reports bytes)."""
    detail = err.args[0] if err.args else err
    return detail.decode("utf-8", "replace") if isinstance(detail, bytes) else str(detail)


def full_match(pattern: str, text: str) -> bool:
    """Whether the whole of ``text`` matches ``pattern`` (RE2, letter case ignored)."""
    safe = text.encode("utf-8", "replace").decode("utf-8")  # a lone surrogate cannot go to RE2
    return compile_pattern(pattern).fullmatch(safe) is not None


@dataclass(frozen=True)
class Mistake:
    """A known wrong answer (exact, after normalisation, or a pattern) and the misconception.

    A ``pattern`` must match the whole answer and ``unless``, if given, must not: together
    they say what a lookahead would, in linear time.
    """

    say: str
    match: str | None = None
    pattern: str | None = None
    unless: str | None = None

    def matches(self, canonical: str, raw: str) -> bool:
        """Whether an answer (canonical form and raw text) is this mistake (letter case ignored)."""
        if self.pattern is not None:
            text = raw.strip()
            return full_match(self.pattern, text) and not (self.unless is not None and full_match(self.unless, text))
        return self.match is not None and canonical.casefold() == self.match.strip().casefold()


@dataclass(frozen=True)
class Step:
    """One step: ``say`` (text) or ``ask`` (a question whose answer the engine judges).

    ``game`` is the step's loaded puzzle, ``params`` its parameter values (for
    display), ``args`` the question arguments and play settings the step passes
    to what it uses, and ``expects`` the answer it takes (None on say steps).
    """

    index: int
    kind: str  # "say" or "ask"
    text: str
    game: Any
    params: Mapping[str, Any]
    args: Args = NO_ARGS
    answer: str | None = None  # the answer kind's name, as the lesson writes it
    expects: AnswerKind[Any, Any] | None = None
    compute: str | None = None
    options: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    reference: str | None = None
    mistakes: tuple[Mistake, ...] = ()
    success: str = ""
    goal: str = "win"  # play steps: "win", or "explore" (done after `explore` moves)
    explore: int = 0
    title: str = ""

    @property
    def key(self) -> str:
        """Where this step is in its file, for error messages: ``steps[3]``."""
        return f"steps[{self.index + 1}]"

    @property
    def is_question(self) -> bool:
        """Whether the learner must answer this step."""
        return self.kind == "ask"

    @property
    def plays(self) -> bool:
        """Whether the step is a game played move by move."""
        return self.expects is not None and self.expects.play is not None

    @property
    def computed(self) -> bool:
        """Whether the answer is a value the engine computes (a number or a choice)."""
        return self.compute is not None


@dataclass(frozen=True)
class Lesson:
    """A lesson: metadata, the puzzle and its parameters, and ordered steps."""

    id: str
    title: str
    summary: str
    puzzle: str
    params: Mapping[str, Any]
    steps: tuple[Step, ...]
    path: str
    order: int = 1000
    pack: str = ""
    tags: tuple[str, ...] = field(default=())
    variants: Mapping[str, Any] = field(default_factory=dict)  # slot -> list / range / random table
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)  # the TOML, to draw variants from
    variant: Mapping[str, Any] = field(default_factory=dict)  # the drawn values, once instantiated

    @property
    def questions(self) -> list[Step]:
        """The steps that must be answered to complete the lesson."""
        return [s for s in self.steps if s.is_question]


@dataclass(frozen=True)
class Pack:
    """A course: a folder with a pack.toml; its lessons' ids are ``id/lesson``."""

    id: str
    title: str
    path: str
    order: tuple[str, ...] = ()  # lesson ids (without the pack prefix), in course order
    welcome: str = ""
    final: str = ""
    summary: str = ""

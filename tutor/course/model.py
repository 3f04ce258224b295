"""What a lesson file declares beside its steps, as values: ``Mistake`` (a known wrong answer) and ``Pack``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import re2

from tutor.learner.bkt import BktParams


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
    example: str | None = None  # an answer the author says the pattern is for (lint: it matches, parses, is wrong)

    def matches(self, canonical: str, raw: str) -> bool:
        """Whether an answer (canonical form and raw text) is this mistake (letter case ignored)."""
        if self.pattern is not None:
            text = raw.strip()
            return full_match(self.pattern, text) and not (self.unless is not None and full_match(self.unless, text))
        return self.match is not None and canonical.casefold() == self.match.strip().casefold()


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
    bundled: bool = True  # false: the bundled lessons are left out while this pack is loaded
    mastery: Mapping[str, BktParams] = field(default_factory=dict)  # knowledge tracing by skill (or "default")
    tests: tuple[str, str] | None = None  # the short ids of the pretest and the posttest lessons, when declared

    def test_ids(self) -> tuple[str, str] | None:
        """The full ids (``pack/lesson``) of the pretest and the posttest, when the pack declares them."""
        return None if self.tests is None else (f"{self.id}/{self.tests[0]}", f"{self.id}/{self.tests[1]}")

"""Building a step from its validated ``[[steps]]`` table: the game it is about, the arguments its parts take,
and the mistakes it declares, with errors that name the file and the key.

The shape of the table (keys, types) was checked by its schema model (``tutor.course.schema``); what is
checked here depends on the puzzle: its parameters, quantities, answer kinds and their arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import re2

from tutor.course.model import Mistake, compile_pattern, pattern_error
from tutor.course.schema import MistakeFile
from tutor.course.text import placeholders
from tutor.errors import LessonError, TutorError
from tutor.limits import PATTERN_CHARS
from tutor.puzzles.base import Puzzle
from tutor.puzzles.options import Args, Option


@dataclass(frozen=True)
class Setting:
    """Where one step is built: its puzzle, file and place, the lesson's parameters and arguments, and the step's
    own (every seeded variant already drawn)."""

    puzzle: Puzzle[Any]
    file: str
    index: int
    lesson_params: Mapping[str, Any]
    lesson_args: Mapping[str, Any]
    params: Mapping[str, Any]
    args: Mapping[str, Any]

    @property
    def where(self) -> str:
        """``FILE: steps[3]``, for error messages."""
        return f"{self.file}: steps[{self.index + 1}]"

    @property
    def merged(self) -> dict[str, Any]:
        """The step's arguments over the lesson's."""
        return {**self.lesson_args, **self.args}

    def game(self) -> Any:
        """The step's game, from the lesson's parameters and the step's."""
        try:
            return self.puzzle.load({**self.lesson_params, **self.params})
        except TutorError as err:
            raise LessonError(f"{self.where}.params: {err}") from None

    def common(self, game: Any) -> dict[str, Any]:
        """The fields every step has, for its constructor."""
        return {"index": self.index, "puzzle": self.puzzle, "game": game, "params": self.puzzle.values(game),
                "args": Args(self.merged)}


@dataclass(frozen=True)
class Part:
    """Something a step uses that takes arguments: its answer, or a quantity quoted in its text."""

    label: str
    options: tuple[Option, ...]


def quoted(setting: Setting, texts: Sequence[tuple[str, str]], game: Any) -> list[Part]:
    """The quantities quoted as ``{{name}}`` in a step's texts; an unknown name is an error."""
    puzzle = setting.puzzle
    params = puzzle.values(game)
    merged = setting.merged
    parts = []
    for key, text in texts:
        for name in placeholders(text):
            if name in puzzle.quantities:
                parts.append(Part(f"{{{{{name}}}}}", puzzle.quantities[name].args))
            elif name not in params and name not in merged:
                raise LessonError(f"{setting.where}{key}: unknown quantity {{{{{name}}}}} for puzzle {puzzle.name!r} "
                                  f"(known: {', '.join(puzzle.quantities)}; or a parameter: "
                                  f"{', '.join(sorted(params))}; or one of the step's args)")
    return parts


def check_args(setting: Setting, parts: Sequence[Part]) -> set[str]:
    """Every argument the step sets is taken by one of its parts, with a valid value; the lesson-level names
    the step uses."""
    merged = setting.merged
    takes: dict[str, list[str]] = {}
    for part in parts:
        for option in part.options:
            takes.setdefault(option.name, []).append(part.label)
            if option.name in merged:
                try:
                    option.coerce(merged[option.name], f"{setting.where} ({part.label})")
                except TutorError as err:
                    raise LessonError(f"{setting.where}.args.{option.name}: {err}") from None
    for name in setting.args:
        if name not in takes:
            offered = ", ".join(sorted(takes)) or "none"
            raise LessonError(f"{setting.where}.args.{name}: nothing in this step takes {name!r} "
                              f"(its answer and quoted quantities take: {offered})")
    return {name for name in setting.lesson_args if name in takes}


def mistakes(setting: Setting, files: Sequence[MistakeFile] | None) -> tuple[Mistake, ...]:
    """A step's declared mistakes (``declared``)."""
    return declared(setting.where, files)


def declared(place: str, files: Sequence[MistakeFile] | None) -> tuple[Mistake, ...]:
    """The mistakes a step at ``place`` declares: exactly one of ``match`` or ``pattern``, ``unless`` only with
    a pattern, and patterns RE2 matches in linear time (checked when the file is read: no engine is needed)."""
    out = []
    for i, raw in enumerate(files or (), 1):
        where = f"{place}.mistakes[{i}]"
        if (raw.match is None) == (raw.pattern is None):
            raise LessonError(f"{where}: give exactly one of 'match' (an answer) or 'pattern' (a regex)")
        if raw.unless is not None and raw.pattern is None:
            raise LessonError(f"{where}.unless: only a 'pattern' mistake takes 'unless'")
        if raw.example is not None and raw.pattern is None:
            raise LessonError(f"{where}.example: only a 'pattern' mistake takes 'example' (a 'match' is its own)")
        for key in ("match", "pattern", "unless", "example"):
            value = getattr(raw, key)
            if value is not None and not value.strip():
                raise LessonError(f"{where}.{key}: expected non-empty text, got {value!r}")
        if raw.pattern is not None:
            out.append(Mistake(raw.say, pattern=pattern(raw.pattern, f"{where}.pattern"),
                               unless=None if raw.unless is None else pattern(raw.unless, f"{where}.unless"),
                               example=raw.example))
        else:
            out.append(Mistake(raw.say, match=raw.match))
    return tuple(out)


def pattern(text: str, where: str) -> str:
    """A mistake's pattern, checked: short enough, and one RE2 compiles (linear-time matching)."""
    PATTERN_CHARS.check(len(text), f"{where} has {len(text):,} characters")
    try:
        compile_pattern(text)
    except re2.error as err:
        lookaround = any(op in text for op in ("(?=", "(?!", "(?<=", "(?<!"))
        advice = ("; RE2 has no lookarounds or backreferences: match what may appear, and put what must not "
                  "in 'unless'") if lookaround or "invalid escape" in pattern_error(err) else ""
        said = pattern_error(err)
        raise LessonError(f"{where}: not a pattern RE2 can match in linear time: {said}{advice}") from None
    return text

"""A lesson parsed once: ``LessonTemplate`` holds the validated file and its variant slots, and
``instantiate(seed)`` draws one ``Lesson`` (every slot given a value, every step built) without reading
the TOML again."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.course.schema import LessonFile, StepFile
from tutor.course.steps import Setting, Step, build_step
from tutor.course.variants import VARIANT_TRIES, Tables, draw_solvable
from tutor.errors import LessonError, TutorError
from tutor.limits import checkpoint
from tutor.puzzles.base import Puzzle


@dataclass(frozen=True)
class Lesson:
    """A lesson: metadata, the puzzle and its parameters, and ordered steps, for one drawn variant."""

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
    variants: Mapping[str, Any] = field(default_factory=dict)  # slot key -> list / range / random table
    variant: Mapping[str, Any] = field(default_factory=dict)  # the values drawn for this instance
    template: LessonTemplate | None = field(default=None, repr=False, compare=False)  # to draw other variants

    @property
    def questions(self) -> list[Step]:
        """The steps that must be completed to complete the lesson."""
        return [s for s in self.steps if s.required]


@dataclass(frozen=True)
class LessonTemplate:
    """A validated lesson file: its top level, its steps as their schema models, its tables (variant specs
    included), and the puzzle; ``instantiate`` draws a variant and builds the steps."""

    file: LessonFile
    steps: tuple[StepFile, ...]
    tables: Tables
    puzzle: Puzzle[Any]
    path: str
    pack: str = ""

    @property
    def id(self) -> str:
        """The lesson's id (``pack/id`` inside a pack)."""
        return f"{self.pack}/{self.file.id}" if self.pack else self.file.id

    def instantiate(self, seed: int) -> Lesson:
        """The lesson with every variant slot drawn from ``seed`` (solvable unless the file allows otherwise)."""
        if not self.tables.slots():
            return self.build(self.tables, {})
        drawn = draw_solvable(self.puzzle, self.tables, random.Random(seed))
        if drawn is None:
            raise LessonError(f"{self.path}: params: no solvable variant in {VARIANT_TRIES} draws "
                              "(set allow_unsolvable = true if that is intended)")
        return self.build(self.tables.drawn(drawn), drawn)

    def build(self, tables: Tables, drawn: Mapping[str, Any]) -> Lesson:
        """The lesson for concrete ``tables`` (every slot drawn, as ``drawn`` says)."""
        puzzle, file = self.puzzle, self.file
        try:
            game = puzzle.load(tables.params)
        except TutorError as err:
            raise LessonError(f"{self.path}: params: {err}") from None
        steps: list[Step] = []
        used: set[str] = set()
        for i, step_file in enumerate(self.steps):
            checkpoint()
            params, args = tables.steps[i]
            step, takes = build_step(step_file, Setting(puzzle, self.path, i, tables.params, tables.args, params, args))
            steps.append(step)
            used |= takes
        for name in tables.args:
            if name not in used:
                raise LessonError(f"{self.path}: args.{name}: no step takes {name!r}")
        slots = self.tables.slots()
        return Lesson(self.id, file.title, file.summary, file.puzzle, puzzle.values(game), tuple(steps), self.path,
                      file.order, self.pack, tuple(file.tags), {key: slot.spec for key, slot in slots.items()},
                      dict(drawn), self)


def instantiate(lesson: Lesson, seed: int) -> Lesson:
    """``lesson`` with its variant slots drawn from ``seed`` (the lesson itself when it has none)."""
    if not lesson.variants or lesson.template is None:
        return lesson
    return lesson.template.instantiate(seed)

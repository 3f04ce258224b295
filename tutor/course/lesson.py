"""A lesson parsed once: ``LessonTemplate`` holds the validated file and its variant slots; a ``Lesson`` is one
seeded variant of it, built the first time its steps are needed (within the lesson work budget), so listing a
catalogue reads titles and never draws a board or computes a value.  ``instantiate(seed)`` gives another
variant without reading the TOML again.

What a catalogue lists (id, title, order, how many steps ask) is the lesson's ``Head``: a ``Lesson`` reads it
without its template, so a catalogue can list lessons from its cache (``tutor.course.heads``) and parse a file
only when its lesson is opened (``source``, a callable giving the template)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from tutor.course.lines import with_line
from tutor.course.variants import VARIANT_TRIES, check_slot, draw_solvable
from tutor.errors import LessonError, TooLarge, TutorError
from tutor.limits import LESSON_SECONDS, checkpoint, lesson_budget

if TYPE_CHECKING:  # a catalogue lists lessons from its cache at the tutor's start: the steps, the lesson schema
    # and the puzzles are imported where a template is read or built (``tutor.course.parse``, ``built``)
    from tutor.course.schema import LessonFile, StepFile
    from tutor.course.steps import Step
    from tutor.course.variants import Tables
    from tutor.puzzles.base import Puzzle

KEPT_VARIANTS = 16  # variants of one template kept built (a lint samples 6; a learner has one)

@dataclass(frozen=True)
class Built:
    """A lesson variant made concrete: the values drawn for its slots, its puzzle parameters, its steps."""

    variant: Mapping[str, Any]
    params: Mapping[str, Any]
    steps: tuple[Step, ...]


class Head(msgspec.Struct, frozen=True):
    """What a catalogue shows of a lesson without parsing its steps (the catalogue cache keeps it)."""

    id: str  # ``coins-2``, or ``pack/lesson``
    title: str
    summary: str
    puzzle: str
    path: str
    order: int
    pack: str
    tags: tuple[str, ...]
    size: int  # how many steps
    required: tuple[int, ...]  # the indices of the steps that must be completed
    varies: bool  # whether the lesson has variant slots


class Source(Protocol):
    """Where a lesson's template comes from: already parsed, or parsed from its file when first needed."""

    def __call__(self) -> LessonTemplate: ...


@dataclass(frozen=True)
class Ready:
    """A template already parsed (a picklable ``Source``)."""

    template: LessonTemplate

    def __call__(self) -> LessonTemplate:
        """The template."""
        return self.template


@dataclass(frozen=True)
class LessonTemplate:
    """A validated lesson file: its top level, its steps as their schema models, its tables (variant specs
    included), and the puzzle."""

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

    @cached_property
    def head(self) -> Head:
        """What a catalogue lists of the lesson."""
        from tutor.course.steps import kind_of

        file = self.file
        required = tuple(i for i, step in enumerate(self.steps) if kind_of(step).required)
        return Head(self.id, file.title, file.summary, file.puzzle, self.path, file.order, self.pack,
                    tuple(file.tags), len(self.steps), required, bool(self.tables.slots()))

    def instantiate(self, seed: int) -> Lesson:
        """The variant drawn from ``seed`` (built when first used)."""
        return Lesson(self.head, Ready(self), seed)

    def build(self, seed: int) -> Built:
        """Draw the variant of ``seed`` (solvable unless the file allows otherwise) and build every step: once per
        template and seed, then shared (what a learner does is kept apart from the steps, which never change)."""
        kept: dict[int | None, Built] = self.__dict__.setdefault("_variants", {})
        key = seed if self.tables.slots() else None  # a lesson that draws nothing has one variant
        if key not in kept:
            if len(kept) >= KEPT_VARIANTS:
                kept.pop(next(iter(kept)))
            kept[key] = self._build(seed)
        return kept[key]

    def __getstate__(self) -> dict[str, Any]:
        """What pickles (a template sent to a grading worker): the file, not the variants built from it."""
        return {name: value for name, value in self.__dict__.items() if name != "_variants"}

    def _build(self, seed: int) -> Built:
        slots = self.tables.slots()
        for slot in slots.values():
            check_slot(self.puzzle, slot, self.tables, self.path)
        if not slots:
            return self.built(self.tables, {})
        drawn = draw_solvable(self.puzzle, self.tables, random.Random(seed))
        if drawn is None:
            raise LessonError(f"{self.path}: params: no solvable variant in {VARIANT_TRIES} draws "
                              "(set allow_unsolvable = true if that is intended)")
        return self.built(self.tables.drawn(drawn), drawn)

    def built(self, tables: Tables, drawn: Mapping[str, Any]) -> Built:
        """The steps for concrete ``tables`` (every slot drawn, as ``drawn`` says)."""
        from tutor.course.steps import Setting, build_step

        puzzle = self.puzzle
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
            try:
                step.prepare()
            except TooLarge as err:
                raise LessonError(f"{self.path}: {step.key}: {err}") from None
            steps.append(step)
            used |= takes
        for name in tables.args:
            if name not in used:
                raise LessonError(f"{self.path}: args.{name}: no step takes {name!r}")
        return Built(dict(drawn), puzzle.values(game), tuple(steps))


@dataclass(frozen=True)
class Lesson:
    """One seeded variant of a lesson.  What the catalogue lists (id, title, order, which steps ask) is read from
    its ``head`` at once; the template is parsed from ``source`` when first needed, and the steps are built the
    first time they are needed, within the lesson work budget (``LessonError`` or ``TooLarge`` naming the file if
    they cannot be)."""

    head: Head
    source: Source = field(repr=False, compare=False)
    seed: int = 0

    def __repr__(self) -> str:
        return f"Lesson({self.id!r}, seed={self.seed})"

    @cached_property
    def template(self) -> LessonTemplate:
        """The parsed lesson file (parsed now if the catalogue listed it from its cache)."""
        return self.source()

    @property
    def id(self) -> str:
        """``coins-2``, or ``pack/lesson``."""
        return self.head.id

    @property
    def title(self) -> str:
        """Shown when the lesson opens and in the list."""
        return self.head.title

    @property
    def summary(self) -> str:
        """One or two sentences under the title."""
        return self.head.summary

    @property
    def puzzle(self) -> str:
        """The puzzle family's name."""
        return self.head.puzzle

    @property
    def path(self) -> str:
        """The lesson file."""
        return self.head.path

    @property
    def order(self) -> int:
        """Sorts lessons of the same family."""
        return self.head.order

    @property
    def pack(self) -> str:
        """The pack it belongs to ("" for none)."""
        return self.head.pack

    @property
    def tags(self) -> tuple[str, ...]:
        """The file's free labels."""
        return self.head.tags

    @property
    def variants(self) -> dict[str, Any]:
        """Each seeded variant slot and its spec (a list, a range, a random table)."""
        if not self.head.varies:
            return {}
        return {key: slot.spec for key, slot in self.template.tables.slots().items()}

    @property
    def size(self) -> int:
        """How many steps the lesson has."""
        return self.head.size

    @property
    def required(self) -> frozenset[int]:
        """The indices of the steps that must be completed (every step that asks), read from the file."""
        return frozenset(self.head.required)

    @cached_property
    def built(self) -> Built:
        """The variant drawn and its steps built (once, within the lesson work budget)."""
        with lesson_budget(LESSON_SECONDS, self.path, keep=True):
            try:
                return self.template.build(self.seed)
            except LessonError as err:
                raise LessonError(with_line(self.path, str(err))) from None

    def ready(self) -> None:
        """Build the lesson (within its budget) and check every step works as written for this variant
        (``Step.ready``: what it computes computes); ``TutorError`` naming the step otherwise."""
        with lesson_budget(LESSON_SECONDS, self.path, keep=True):
            for step in self.steps:
                step.ready()

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps, in order."""
        return self.built.steps

    @property
    def params(self) -> Mapping[str, Any]:
        """The puzzle's parameter values of the lesson."""
        return self.built.params

    @property
    def variant(self) -> Mapping[str, Any]:
        """The values drawn for this variant's slots."""
        return self.built.variant

    @property
    def questions(self) -> list[Step]:
        """The steps that must be completed to complete the lesson."""
        return [s for s in self.steps if s.required]


def instantiate(lesson: Lesson, seed: int) -> Lesson:
    """``lesson`` with its variant slots drawn from ``seed`` (the lesson itself when it has none)."""
    if not lesson.variants:
        return lesson
    return lesson.template.instantiate(seed)

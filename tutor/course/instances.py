"""Fresh instances of a lesson step: the space its ``[steps.review]`` table declares, drawn reproducibly, each
instance built as the step with its drawn values in place, and the lesson variant that asks one instance at the
step (what a review serves).

An *instance* is the values drawn for the review table's varied slots, keyed as practice variants are
(``{"coins": 5, "args.index": 40}``).  It is asked with the review table's ``ask`` (the step's own when it has
none), ``hints`` and ``success``; the step's declared mistakes are left out, being answers to the lesson's own
question.  The lesson variant of an instance (``Asked``) counts its values among the values drawn
(``steps[6].coins = 5``), so the attempt records keep which instance was answered (``answered``).

A step whose own question cannot vary declares no space: its table routes the review with ``via =
"LESSON:STEP"`` to a step of its skill that has one (``route_of``, ``routed``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import msgspec

from tutor.course.catalog import Catalog
from tutor.course.lesson import Lesson, LessonTemplate, Ready
from tutor.course.schema import ReviewFile, StepFile
from tutor.course.steps import Setting, Step, build_step
from tutor.course.variants import Tables, varies
from tutor.errors import TutorError
from tutor.learner.practice import candidates, key

Instance = Mapping[str, Any]  # the drawn values of one instance: {"coins": 5, "args.index": 40}


def review_of(file: StepFile) -> ReviewFile | None:
    """The ``[steps.review]`` table of a step file that declares a space of fresh instances (None: it has no table,
    or its table routes the review elsewhere with ``via``)."""
    found = getattr(file, "review", None)
    return found if isinstance(found, ReviewFile) and found.via is None else None


def route_of(file: StepFile) -> str | None:
    """Where a step's review goes when its own question cannot vary: its table's ``via`` (``"wythoff-3:6"``), or
    None."""
    found = getattr(file, "review", None)
    return found.via if isinstance(found, ReviewFile) else None


def routed(catalog: Catalog, lesson: Lesson, via: str) -> tuple[Lesson, int] | None:
    """The lesson and step (0-based) a ``via`` names: ``LESSON:STEP``, the lesson by its id or, inside a pack, by
    its id in the pack; None when there is no such lesson or step."""
    name, _, number = via.rpartition(":")
    pack = lesson.id.rpartition("/")[0]
    target = catalog.lessons.get(name) or (catalog.lessons.get(f"{pack}/{name}") if pack else None)
    index = int(number) - 1 if number.isdecimal() else -1
    if target is None or not 0 <= index < len(target.template.steps):
        return None
    return target, index


def split(review: ReviewFile) -> tuple[dict[str, Any], dict[str, Any]]:
    """A review table's varied slots (``coins``, ``args.index``: their specs) and its fixed values (same keys)."""
    both = {**(review.params or {}), **{f"args.{name}": v for name, v in (review.args or {}).items()}}
    return ({k: v for k, v in both.items() if varies(v)}, {k: v for k, v in both.items() if not varies(v)})


def overlay(params: Mapping[str, Any], args: Mapping[str, Any], values: Mapping[str, Any]
            ) -> tuple[dict[str, Any], dict[str, Any]]:
    """A step's (params, args) with ``values`` (keyed ``coins``, ``args.index``) put in."""
    out_params, out_args = dict(params), dict(args)
    for name, value in values.items():
        target, bare = (out_args, name[5:]) if name.startswith("args.") else (out_params, name)
        target[bare] = value
    return out_params, out_args


@dataclass(frozen=True)
class Asked(Lesson):
    """A lesson variant asking an instance at one of its steps: its drawn values include the instance's
    (``steps[6].coins``), so the attempt records keep which instance was answered."""

    instance: Mapping[str, Any] = field(default_factory=dict)

    @property
    def variant(self) -> Mapping[str, Any]:
        """The values drawn for the lesson's slots, and the instance's."""
        return {**self.built.variant, **self.instance}


@dataclass(frozen=True)
class Space:
    """The fresh instances of step ``index`` of a lesson, around ``own``: the learner's variant of it, whose drawn
    values (the lesson's and the other steps') stay as they are."""

    own: Lesson
    index: int

    @property
    def template(self) -> LessonTemplate:
        """The lesson file, parsed."""
        return self.own.template

    @property
    def review(self) -> ReviewFile:
        """The step's review table."""
        found = review_of(self.template.steps[self.index])
        assert found is not None, "a space is made for a step with a review table"
        return found

    def concrete(self) -> Tables:
        """The lesson's tables with the learner's own values drawn in every slot."""
        return self.template.tables.drawn(self.own.variant)

    def file(self) -> StepFile:
        """The step file an instance is built from: the review table's texts, no declared mistakes."""
        review, own = self.review, self.template.steps[self.index]
        ask = review.ask or getattr(own, "ask", "")
        return msgspec.structs.replace(own, ask=ask, hints=review.hints, success=review.success, mistakes=None,
                                       review=None)

    def instances(self, rng: random.Random, seen: Iterable[str] = ()) -> list[dict[str, Any]]:
        """Instances not in ``seen`` (their ``key``), in ``rng``'s order (the whole space when small, else a sample)."""
        varied, fixed = split(self.review)
        tables = self.concrete()
        around = {**tables.params, **tables.steps[self.index][0], **{k: v for k, v in fixed.items() if "." not in k}}
        try:
            return candidates(varied, around, self.template.puzzle.random_param, rng, seen)
        except TutorError:  # a random table that draws nothing here: lint reports the space
            return []

    def item(self, instance: Instance) -> Step:
        """The step asking ``instance`` (``TutorError`` when the engine cannot build it)."""
        tables = self.concrete()
        _, fixed = split(self.review)
        params, args = overlay(*tables.steps[self.index], {**fixed, **instance})
        setting = Setting(self.template.puzzle, self.template.path, self.index, tables.params, tables.args, params,
                          args)
        step, _ = build_step(self.file(), setting)
        step.prepare()
        return step

    def lesson(self, instance: Instance) -> Lesson:
        """The learner's variant with step ``index`` asking ``instance`` (its values recorded as the variant's)."""
        tables = self.concrete()
        _, fixed = split(self.review)
        pair = overlay(*tables.steps[self.index], {**fixed, **instance})
        steps = tuple(pair if i == self.index else own for i, own in enumerate(tables.steps))
        files = tuple(self.file() if i == self.index else f for i, f in enumerate(self.template.steps))
        template = replace(self.template, steps=files, tables=replace(tables, steps=steps))
        drawn = {f"steps[{self.index + 1}].{name}": value for name, value in instance.items()}
        return Asked(template.head, Ready(template), self.own.seed, drawn)

    def usable(self, step: Step) -> bool:
        """Whether the engine can serve ``step``: its puzzle is solvable exactly when the lesson's own question's is
        (what the question says of it stays true; either, with ``allow_unsolvable``), and it lints clean (its answer
        computes and is judged right, a game to win is won by its reference line, misconceptions tell values
        apart)."""
        puzzle = self.template.puzzle
        try:
            alike = self.review.allow_unsolvable or puzzle.solvable(step.game) == puzzle.solvable(
                self.own.steps[self.index].game)
            return alike and not step.lint()
        except TutorError:
            return False


def answered(variant: str, index: int) -> str | None:
    """The instance of step ``index`` an attempt record's variant (its JSON) holds, as its ``key``; None when the
    attempt was at the lesson's own question."""
    try:
        drawn = json.loads(variant).get("params") or {}
    except (ValueError, AttributeError):
        return None
    prefix = f"steps[{index + 1}]."
    found = {k[len(prefix):]: v for k, v in drawn.items() if isinstance(k, str) and k.startswith(prefix)}
    return key(found) if found else None

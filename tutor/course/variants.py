"""Seeded lesson variants: every learner gets their own parameters, fixed by their profile.

A puzzle parameter or a question argument may be a list of choices
(``coins = [4, 8]``), a range (``coins = {min = 2, max = 8}``), and a puzzle
parameter also a family's random table (``position = {random = "win", max = 30}``).
Each such *slot* is drawn from a seed derived from the learner's profile and the
lesson, redrawn until the puzzle is solvable unless ``allow_unsolvable = true``.

Slot keys: ``coins`` and ``args.index`` at lesson level, ``steps[3].board`` and
``steps[3].args.row`` at step level.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tutor.errors import LessonError, TutorError
from tutor.limits import checkpoint

if TYPE_CHECKING:  # light at start: the tutor's first screen shows lessons without importing the puzzles
    from tutor.puzzles.base import Puzzle

VARIANT_TRIES = 64

Table = Mapping[str, Any]  # a params or args table as written: values, or variant specs


@dataclass(frozen=True)
class Slot:
    """One varied value: where it is (a step index, or None for the lesson), which table, its name and spec."""

    index: int | None
    table: str  # "params" or "args"
    name: str
    spec: Any  # a list of choices, a {min, max} range, or a puzzle's random table

    @property
    def key(self) -> str:
        """``coins``, ``args.index``, ``steps[3].board``, ``steps[3].args.row``."""
        inner = self.name if self.table == "params" else f"args.{self.name}"
        return inner if self.index is None else f"steps[{self.index + 1}].{inner}"


def varies(value: Any) -> bool:
    """Whether a table value is a variant spec (a list or a table) rather than a value."""
    return isinstance(value, list | dict)


@dataclass(frozen=True)
class Tables:
    """The ``params`` and ``args`` tables of a lesson and of each of its steps, and whether unsolvable draws are
    kept: what variants are drawn from, and (with every slot drawn) what steps are built with."""

    params: Table
    args: Table
    steps: tuple[tuple[Table, Table], ...]  # (params, args) of each step
    allow_unsolvable: bool = False

    def slots(self) -> dict[str, Slot]:
        """Every varied parameter or argument, by slot key."""
        found = [Slot(None, table, name, spec) for table, values in (("params", self.params), ("args", self.args))
                 for name, spec in values.items() if varies(spec)]
        for i, (params, args) in enumerate(self.steps):
            found += [Slot(i, table, name, spec) for table, values in (("params", params), ("args", args))
                      for name, spec in values.items() if varies(spec)]
        return {slot.key: slot for slot in found}

    def fixed_params(self, index: int | None, drawn: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The concrete puzzle parameters around a slot: the lesson's (and the step's), with values drawn so far."""
        drawn = drawn or {}
        out = {k: v for k, v in self.params.items() if not varies(v)}
        out.update({k: v for k, v in drawn.items() if "." not in k})
        if index is not None:
            out.update({k: v for k, v in self.steps[index][0].items() if not varies(v)})
            prefix = f"steps[{index + 1}]."
            out.update({k[len(prefix):]: v for k, v in drawn.items()
                        if k.startswith(prefix) and "." not in k[len(prefix):]})
        return out

    def drawn(self, drawn: Mapping[str, Any]) -> Tables:
        """These tables with every slot replaced by its drawn value."""
        params, args = dict(self.params), dict(self.args)
        steps = [(dict(p), dict(a)) for p, a in self.steps]
        for key, slot in self.slots().items():
            target = (params, args) if slot.index is None else steps[slot.index]
            target[0 if slot.table == "params" else 1][slot.name] = drawn[key]
        return replace(self, params=params, args=args, steps=tuple(steps))


def check_slot(puzzle: Puzzle[Any], slot: Slot, tables: Tables, where: str) -> None:
    """A slot's spec is well formed, and every value a parameter slot can take is valid."""
    key = f"{where}: {'' if slot.index is None else f'steps[{slot.index + 1}].'}{slot.table}.{slot.name}"
    spec = slot.spec
    if isinstance(spec, list):
        if not spec:
            raise LessonError(f"{key}: an empty list of choices")
        values = spec
    elif "random" not in spec:
        lo, hi = spec.get("min"), spec.get("max")
        if not isinstance(lo, int) or not isinstance(hi, int) or lo > hi or set(spec) - {"min", "max"}:
            raise LessonError(f"{key}: a range is {{min = A, max = B}} with whole numbers A <= B"
                              + (" (or a puzzle's random table, {random = ...})" if slot.table == "params" else ""))
        values = [lo, hi]
    elif slot.table == "args":
        raise LessonError(f"{key}: random tables are for puzzle parameters; an argument takes a list or a range")
    else:
        fixed = tables.fixed_params(slot.index)
        try:
            values = []
            for seed in range(3):
                checkpoint()
                values.append(puzzle.random_param(slot.name, spec, random.Random(seed), fixed))
        except TutorError as err:
            raise LessonError(f"{key}: {err}") from None
    if slot.table == "params":
        for value in values:
            checkpoint()
            try:
                puzzle.load({**tables.fixed_params(slot.index), slot.name: value})
            except TutorError as err:
                raise LessonError(f"{key}: {err}") from None


def draw_variant(puzzle: Puzzle[Any], tables: Tables, rng: random.Random) -> dict[str, Any]:
    """One value for every slot: lesson-level first, and plain choices and ranges before puzzle random tables,
    so a random board sees the drawn size."""

    def order(item: tuple[str, Slot]) -> tuple[bool, bool, str]:
        key, slot = item
        return slot.index is not None, isinstance(slot.spec, dict) and "random" in slot.spec, key

    out: dict[str, Any] = {}
    for key, slot in sorted(tables.slots().items(), key=order):
        spec = slot.spec
        if isinstance(spec, list):
            out[key] = rng.choice(spec)
        elif "random" not in spec:
            out[key] = rng.randint(spec["min"], spec["max"])
        else:
            out[key] = puzzle.random_param(slot.name, spec, rng, tables.fixed_params(slot.index, out))
    return out


def draw_solvable(puzzle: Puzzle[Any], tables: Tables, rng: random.Random) -> dict[str, Any] | None:
    """Draw until the lesson's and each varied step's puzzle is solvable (or ``allow_unsolvable``)."""
    targets = {slot.index for slot in tables.slots().values() if slot.table == "params"}
    for _ in range(VARIANT_TRIES):
        checkpoint()
        drawn = draw_variant(puzzle, tables, rng)
        if tables.allow_unsolvable:
            return drawn
        concrete = tables.drawn(drawn)
        if all(puzzle.solvable(puzzle.load(concrete.fixed_params(index))) is not False for index in targets):
            return drawn
    return None


def variant_seed(profile: str, lesson_id: str) -> int:
    """The seed of a learner's variant of a lesson: fixed by their profile (or --seed) and the lesson."""
    digest = hashlib.sha256(f"{profile}:{lesson_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")

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
from typing import Any

from tutor.errors import LessonError, TutorError
from tutor.limits import checkpoint
from tutor.puzzles.base import Puzzle

VARIANT_TRIES = 64
TABLES = ("params", "args")

Slot = tuple[int | None, str, str, Any]  # (step index or None, "params" or "args", name, spec)


def _varies(spec: Any) -> bool:
    return isinstance(spec, list | dict)


def slot_key(index: int | None, table: str, name: str) -> str:
    """``coins``, ``args.index``, ``steps[3].board``, ``steps[3].args.row``."""
    inner = name if table == "params" else f"args.{name}"
    return inner if index is None else f"steps[{index + 1}].{inner}"


def variant_slots(data: Mapping[str, Any]) -> dict[str, Slot]:
    """Every varied parameter or argument of a lesson's TOML, by slot key."""
    slots: dict[str, Slot] = {}
    for table in TABLES:
        values = data.get(table, {})
        if isinstance(values, dict):
            for name, spec in values.items():
                if _varies(spec):
                    slots[slot_key(None, table, name)] = (None, table, name, spec)
    steps = data.get("steps")
    if isinstance(steps, list):
        for i, raw in enumerate(steps):
            for table in TABLES:
                values = raw.get(table) if isinstance(raw, dict) else None
                if isinstance(values, dict):
                    for name, spec in values.items():
                        if _varies(spec):
                            slots[slot_key(i, table, name)] = (i, table, name, spec)
    return slots


def check_slot(puzzle: Puzzle[Any], slot: Slot, data: Mapping[str, Any], where: str) -> None:
    """A slot's spec is well formed, and every value a parameter slot can take is valid."""
    index, table, name, spec = slot
    key = f"{where}: {'' if index is None else f'steps[{index + 1}].'}{table}.{name}"
    if isinstance(spec, list):
        if not spec:
            raise LessonError(f"{key}: an empty list of choices")
        values = spec
    elif "random" not in spec:
        lo, hi = spec.get("min"), spec.get("max")
        if not isinstance(lo, int) or not isinstance(hi, int) or lo > hi or set(spec) - {"min", "max"}:
            raise LessonError(f"{key}: a range is {{min = A, max = B}} with whole numbers A <= B"
                              + (" (or a puzzle's random table, {random = ...})" if table == "params" else ""))
        values = [lo, hi]
    elif table == "args":
        raise LessonError(f"{key}: random tables are for puzzle parameters; an argument takes a list or a range")
    else:
        fixed = fixed_params(data, index)
        try:
            values = []
            for seed in range(3):
                checkpoint()
                values.append(puzzle.random_param(name, spec, random.Random(seed), fixed))
        except TutorError as err:
            raise LessonError(f"{key}: {err}") from None
    if table == "params":
        for value in values:
            checkpoint()
            try:
                puzzle.load({**fixed_params(data, index), name: value})
            except TutorError as err:
                raise LessonError(f"{key}: {err}") from None


def fixed_params(data: Mapping[str, Any], index: int | None, drawn: Mapping[str, Any] | None = None
                 ) -> dict[str, Any]:
    """The concrete puzzle parameters around a slot: the lesson's (and the step's), with values drawn so far."""
    drawn = drawn or {}
    out = {k: v for k, v in data.get("params", {}).items() if not _varies(v)}
    out.update({k: v for k, v in drawn.items() if "." not in k})
    if index is not None:
        step_params = data["steps"][index].get("params", {})
        out.update({k: v for k, v in step_params.items() if not _varies(v)})
        prefix = f"steps[{index + 1}]."
        out.update({k[len(prefix):]: v for k, v in drawn.items()
                    if k.startswith(prefix) and "." not in k[len(prefix):]})
    return out


def draw_variant(puzzle: Puzzle[Any], data: Mapping[str, Any], slots: Mapping[str, Slot],
                 rng: random.Random) -> dict[str, Any]:
    """One value for every slot: lesson-level first, and plain choices and ranges before puzzle
    random tables, so a random board sees the drawn size."""

    def order(item: tuple[str, Slot]) -> tuple[bool, bool, str]:
        key, (index, _, _, spec) = item
        return index is not None, isinstance(spec, dict) and "random" in spec, key

    out: dict[str, Any] = {}
    for key, (index, _, name, spec) in sorted(slots.items(), key=order):
        if isinstance(spec, list):
            out[key] = rng.choice(spec)
        elif "random" not in spec:
            out[key] = rng.randint(spec["min"], spec["max"])
        else:
            out[key] = puzzle.random_param(name, spec, rng, fixed_params(data, index, out))
    return out


def apply_variant(data: Mapping[str, Any], slots: Mapping[str, Slot], drawn: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the lesson's TOML with every slot replaced by its drawn value."""
    out = {**data, **{t: dict(data.get(t, {})) for t in TABLES if isinstance(data.get(t, {}), dict)}}
    steps = [dict(s) if isinstance(s, dict) else s for s in data.get("steps", [])]
    for key, (index, table, name, _) in slots.items():
        if index is None:
            out[table][name] = drawn[key]
        else:
            steps[index] = {**steps[index], table: {**steps[index].get(table, {}), name: drawn[key]}}
    out["steps"] = steps
    return out


def draw_solvable(puzzle: Puzzle[Any], data: Mapping[str, Any], slots: Mapping[str, Slot],
                  rng: random.Random) -> dict[str, Any] | None:
    """Draw until the lesson's and each varied step's puzzle is solvable (or ``allow_unsolvable``)."""
    allow = bool(data.get("allow_unsolvable"))
    targets = {index for index, table, _, _ in slots.values() if table == "params"}
    for _ in range(VARIANT_TRIES):
        checkpoint()
        drawn = draw_variant(puzzle, data, slots, rng)
        if allow:
            return drawn
        concrete = apply_variant(data, slots, drawn)
        if all(puzzle.solvable(puzzle.load(fixed_params(concrete, index))) is not False for index in targets):
            return drawn
    return None


def variant_seed(profile: str, lesson_id: str) -> int:
    """The seed of a learner's variant of a lesson: fixed by their profile (or --seed) and the lesson."""
    digest = hashlib.sha256(f"{profile}:{lesson_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")

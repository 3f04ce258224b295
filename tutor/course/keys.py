"""The lesson format's keys as the Markdown tables docs/authoring.md shows (``tutor schema --markdown``), read
from the models' field annotations in ``tutor.course.schema`` (the steps': every kind's model,
``tutor.course.steps.kinds``), so the guide and the models cannot drift apart."""

from __future__ import annotations

import typing
from typing import Any

import msgspec

from tutor.course.schema import LessonFile, MistakeFile, PackFile, ReviewFile, struct_fields
from tutor.course.steps import kinds

STEP_KEYS = ("say", "ask", "title", "answer", "compute", "options", "hints", "reference", "mistakes", "success",
             "params", "args", "skills", "goal", "explore", "meter", "practice", "threshold",
             "in_a_row", "review")  # the order docs/authoring.md lists them in; any other key follows


def key_table(model: type[msgspec.Struct] | tuple[type[msgspec.Struct], ...], columns: tuple[str, ...]) -> str:
    """The Markdown table of a model's keys (or, for several models, of every key any of them takes, in the order
    of ``STEP_KEYS``), as docs/authoring.md shows it; ``columns`` from key, required, on, type, meaning."""
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for field, hint in _fields(model):
        metas = [m for m in getattr(hint, "__metadata__", ()) if isinstance(m, msgspec.Meta)]
        meta = next((m for m in reversed(metas) if m.description), msgspec.Meta())
        extra = meta.extra or {}
        required = field.required
        cells = {"key": f"`{field.encode_name}`", "required": "yes" if required else "no",
                 "on": extra.get("x-on", ""), "type": extra.get("x-type", ""), "meaning": meta.description or ""}
        lines.append("| " + " | ".join(cells[c] for c in columns) + " |")
    return "\n".join(lines)


def _fields(model: type[msgspec.Struct] | tuple[type[msgspec.Struct], ...]) -> list[tuple[Any, Any]]:
    """(field, its annotation) of a model, or of every key the models take (the first model's field of each)."""
    models = model if isinstance(model, tuple) else (model,)
    found: dict[str, tuple[Any, Any]] = {}
    for one in models:
        hints = typing.get_type_hints(one, include_extras=True)
        for field in struct_fields(one):
            found.setdefault(field.encode_name, (field, hints[field.name]))
    order = dict.fromkeys((*STEP_KEYS, *found)) if isinstance(model, tuple) else found
    return [found[key] for key in order if key in found]


Table = tuple[type[msgspec.Struct] | tuple[type[msgspec.Struct], ...], tuple[str, ...], str]


def tables(name: str = "lesson") -> tuple[Table, ...]:
    """The key tables of a lesson file (top level, the steps of every kind, mistakes, review) or of a pack."""
    if name == "pack":
        return ((PackFile, ("key", "required", "meaning"), "A ``pack.toml``."),)
    return ((LessonFile, ("key", "required", "type", "meaning"), "The top level of a lesson file."),
            (kinds.models(), ("key", "on", "type", "meaning"),
             "A ``[[steps]]`` table: a say step (``say``) or an ask step (``ask`` and ``answer``)."),
            (MistakeFile, ("key", "type", "meaning"), "A ``[[steps.mistakes]]`` table."),
            (ReviewFile, ("key", "type", "meaning"), "A ``[steps.review]`` table."))


def key_tables(name: str = "lesson") -> str:
    """Every key table of a lesson file (top level, steps, mistakes) or of a pack, as docs/authoring.md has them."""
    return "\n\n".join(f"{title}\n\n{key_table(model, columns)}" for model, columns, title in tables(name)) + "\n"

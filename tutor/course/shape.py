"""Every problem with the shape of a lesson file at once, not only the first (``tutor lint`` reports them all).

msgspec stops at the first error of a table; here each error is recorded and the part it is about is left out
(an optional key), or filled with a stand-in (a required text), and the table is validated again, so an unknown
key after a bad hint is found in the same run.  A step with a problem of its own is replaced by a stand-in say
step, so that the steps after it keep their numbers and are still checked through the engines; a step whose
bad keys could be left out is kept without them, so its answers are still checked too.
"""

from __future__ import annotations

import copy
import difflib
import re
import typing
from dataclasses import dataclass, field
from typing import Any

import msgspec

from tutor.course.schema import LessonFile, SayFile, StepFile, _message, _model_at, struct_fields
from tutor.course.steps.kinds import model_of, taken_by
from tutor.errors import LessonError

STAND_IN = "x"  # a required text left in place of a bad one, so the rest of the table is checked
TEXTS = ("id", "title", "summary", "puzzle", "say", "ask")  # required texts a stand-in can fill
RAW_PART = re.compile(r"\[(\d+)\]|\.([^.\[`]+)")


@dataclass
class Shape:
    """A lesson file's top level and steps as their models (stand-ins where they were bad), and every problem."""

    problems: list[str] = field(default_factory=list)
    file: LessonFile | None = None
    steps: list[StepFile] = field(default_factory=list)
    replaced: set[int] = field(default_factory=set)  # indices of steps replaced by a stand-in


def did_you_mean(words: str, known: typing.Iterable[str]) -> str:
    """An "unknown key 'sucess' (known: ...)" message with the closest known key.

    >>> did_you_mean("unknown key 'sucess' (known: hints, success)", ["hints", "success"])
    "unknown key 'sucess'; did you mean 'success'? (known: hints, success)"
    """
    name = re.match(r"unknown key '([^']+)'", words)
    best = difflib.get_close_matches(name.group(1), list(known), n=1, cutoff=0.6) if name else []
    if not best:
        return words
    return f"{words[:name.end()]}; did you mean {best[0]!r}?{words[name.end():]}" if name else words


def convert_all(data: dict[str, Any], model: type[msgspec.Struct], where: str, sep: str,
                problems: list[str]) -> Any:
    """``data`` as ``model``, with every problem appended to ``problems`` ("WHERE{sep}KEY: message"); None when a
    problem cannot be left out (a required key that is not text)."""
    table = copy.deepcopy(data)
    for _ in range(64):  # each round leaves out or fills one part
        try:
            return msgspec.convert(table, model, strict=True)
        except msgspec.ValidationError as err:
            path, words = _message(str(err), model)
            known = [f.encode_name for f in struct_fields(_model_at(model, path))]
            problems.append(f"{where}{sep + path if path else ''}: {did_you_mean(words, known)}")
            if not _repair(table, str(err), model):
                return None
    return None


def _repair(table: dict[str, Any], error: str, model: type[msgspec.Struct]) -> bool:
    """Leave out (or fill with a stand-in) the part of ``table`` a msgspec error is about; False if it cannot be."""
    message, _, at = error.partition(" - at `$")
    parts: list[str | int] = [int(m.group(1)) if m.group(1) else m.group(2) for m in RAW_PART.finditer(at.rstrip("`"))]
    named = re.match(r"Object (contains unknown|missing required) field `(.+)`", message)
    if named:
        parts.append(named.group(2))
    if not parts:
        return False
    parent: Any = table
    for part in parts[:-1]:
        parent = parent[part]
    leaf = parts[-1]
    if isinstance(parent, list) or not isinstance(leaf, str):
        top = parts[0]  # an element of a list: the whole list goes
        if isinstance(top, str) and top not in _required(model):
            table.pop(top, None)
            return True
        return False
    inner = _model_at(model, ".".join(p for p in parts[:-1] if isinstance(p, str)))
    if named and named.group(1) == "contains unknown":
        parent.pop(leaf, None)
    elif leaf in _required(inner):
        if leaf not in TEXTS and not (inner is not model and leaf == "say"):
            return False
        parent[leaf] = STAND_IN
    else:
        parent.pop(leaf, None)
    return True


def _required(model: type[msgspec.Struct]) -> set[str]:
    """The keys ``model`` requires."""
    return {f.encode_name for f in struct_fields(model) if f.required}


def step_problems(raw: Any, index: int, file: str) -> tuple[StepFile | None, list[str]]:
    """One ``[[steps]]`` table as its model with the bad parts left out, and every problem ("FILE: steps[2].hints:
    ...", numbered from 1); None if it cannot be read as a step."""
    where = f"{file}: steps[{index + 1}]"
    try:
        model = model_of(raw, where)
    except LessonError as err:
        return None, [str(err)]
    own = {f.encode_name for f in struct_fields(model)}
    others = {key: words for key in raw if key not in own and (words := taken_by(key)) is not None}
    problems = [f"{where}.{key}: only {words} steps take {key!r}" for key, words in others.items()]
    step = convert_all({k: v for k, v in raw.items() if k not in others}, model, where, ".", problems)
    return typing.cast(StepFile | None, step), problems


def shape_of(data: dict[str, Any], path: str, screen: typing.Callable[[StepFile, str], None]) -> Shape:
    """Every problem with the shape of a lesson's table; ``screen(step, where)`` runs a step's own checks that need
    no engine (``LessonError`` on a problem)."""
    shape = Shape()
    shape.file = convert_all(data, LessonFile, path, ": ", shape.problems)
    if shape.file is None:
        return shape
    for i, raw in enumerate(shape.file.steps):
        step, problems = step_problems(raw, i, path)
        if step is not None:
            try:
                screen(step, f"{path}: steps[{i + 1}]")
            except LessonError as err:
                problems.append(str(err))
                step = None
        shape.problems += problems
        if step is None:
            shape.replaced.add(i)
            step = SayFile(say=STAND_IN)
        shape.steps.append(step)
    return shape

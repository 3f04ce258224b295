"""The JSON Schema editors read (``tutor schema``), strict enough to refuse what lint refuses for its shape, and the
Taplo setup that applies it to a folder of lessons (``tutor schema --write DIR``).

The schema is generated from the models in ``tutor.course.schema`` (a field added to a step model appears here)
and from the installed families (plug-ins included):
* a step is one of the step models (``oneOf``): each requires the keys that tell it apart (``say``; ``ask`` and
  ``answer``; ``practice``) and takes no other key than its own (``additionalProperties: false``);
* ``puzzle`` is an installed family; ``answer`` a kind some family has; ``compute`` a quantity; and once the file
  names its puzzle, ``params`` are that puzzle's parameters and ``answer``/``compute`` its own (``if``/``then``);
* TOML has no null: an optional key is absent, never "string or null";
* the rules between keys that need no engine: ``compute`` on number and choice steps, ``options`` exactly on
  choice steps, ``explore`` with ``goal = "explore"``, a mistake's ``match`` or ``pattern`` (``unless`` with a
  pattern).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import msgspec

from tutor import puzzles
from tutor.course.schema import COMPUTED, STEP_MODELS, LessonFile, PackFile

SCHEMA_URL = "https://puzzle-tutor.invalid/schema/{}.json"  # an id only: editors read the file `tutor schema` writes
FILES = {"lesson": "lesson.schema.json", "pack": "pack.schema.json"}
TAPLO = """\
# Written by `tutor schema --write`: Taplo (VS Code's Even Better TOML, Neovim, Helix, the taplo command) checks
# and completes the lessons below this folder from lesson.schema.json and each pack.toml from pack.schema.json,
# wherever a file moves under it. Paths are relative to this file; open this folder (or one above it that holds
# no other .taplo.toml) as your workspace.
include = ["**/*.toml"]
exclude = [".taplo.toml", "**/.taplo.toml", "taplo.toml", "**/taplo.toml"]

[[rule]]
include = ["**/*.toml"]
exclude = ["**/pack.toml", "**/.taplo.toml", "**/taplo.toml"]
schema = { path = "./lesson.schema.json" }

[[rule]]
include = ["**/pack.toml"]
schema = { path = "./pack.schema.json" }
"""
# what an engine needs no part in, and the step models cannot say: step model name -> extra schema
RULES: dict[str, dict[str, Any]] = {
    "ComputedFile": {"required": ["compute"], "if": {"properties": {"answer": {"const": "choice"}}},
                     "then": {"required": ["options"]}, "else": {"not": {"required": ["options"]}}},
    "GameFile": {"dependentRequired": {"explore": ["goal"]},
                 "if": {"properties": {"goal": {"const": "explore"}}, "required": ["goal"]},
                 "then": {"required": ["explore"]}, "else": {"not": {"required": ["explore"]}}},
    "MistakeFile": {"oneOf": [{"required": ["match"]}, {"required": ["pattern"]}],
                    "dependentRequired": {"unless": ["pattern"], "example": ["pattern"]}},
}


def without_null(node: Any) -> Any:
    """A generated schema with every "or null" alternative and null default left out (TOML has no null)."""
    if isinstance(node, list):
        return [without_null(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {k: without_null(v) for k, v in node.items() if not (k == "default" and v is None)}
    options = [o for o in out.get("anyOf", []) if o != {"type": "null"}]
    if "anyOf" in out and len(options) < len(out["anyOf"]):
        del out["anyOf"]
        if len(options) == 1:
            out = {**options[0], **out}
        else:
            out["anyOf"] = options
    return out


def answers() -> list[str]:
    """Every answer a step may name: number, choice, and each installed family's answer kinds."""
    return list(dict.fromkeys([*COMPUTED, *(k for p in puzzles.all_puzzles() for k in p.kind_names())]))


def narrowed(puzzle: Any) -> dict[str, Any]:
    """Once a file names ``puzzle``: its parameters, quantities and answer kinds only."""
    params = {"propertyNames": {"enum": [o.name for o in puzzle.params]}}
    step = {"properties": {"params": params, "compute": {"enum": list(puzzle.quantities)},
                           "answer": {"enum": [*COMPUTED, *puzzle.kind_names()]}}}
    return {"if": {"properties": {"puzzle": {"const": puzzle.name}}, "required": ["puzzle"]},
            "then": {"properties": {"params": params, "steps": {"items": step}}}}


def lesson_schema() -> dict[str, Any]:
    """The lesson file's schema: the top level, and each step one of the step models."""
    (top, *variants), defs = msgspec.json.schema_components([LessonFile, *STEP_MODELS])
    defs = without_null(defs)
    kinds = answers()
    quantities = list(dict.fromkeys(q for p in puzzles.all_puzzles() for q in p.quantities))
    for name, model in defs.items():
        properties = model.get("properties", {})
        answer = properties.get("answer", {})
        if answer.get("type") == "string" and "enum" not in answer:
            refused = answer.pop("not", {}).get("enum", [])
            answer["enum"] = [k for k in kinds if k not in refused]
        if "compute" in properties:
            properties["compute"]["enum"] = quantities
        for key, value in RULES.get(name, {}).items():
            model[key] = [*model.get(key, []), *value] if key == "required" else value
    lesson = defs["LessonFile"]
    lesson["properties"]["puzzle"]["enum"] = puzzles.names()
    lesson["properties"]["steps"]["items"] = {"oneOf": variants}
    lesson["allOf"] = [narrowed(p) for p in puzzles.all_puzzles()]
    return {**top, "$defs": defs}


def json_schema(name: str = "lesson") -> dict[str, Any]:
    """The JSON Schema of a lesson file (``name="lesson"``) or of a ``pack.toml`` (``"pack"``)."""
    schema = lesson_schema() if name == "lesson" else without_null(msgspec.json.schema(PackFile))
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = SCHEMA_URL.format(name)
    schema["title"] = f"tutor {name} file"
    return schema


def schema_text(name: str = "lesson") -> str:
    """``json_schema`` as indented JSON."""
    return json.dumps(json_schema(name), indent=2) + "\n"


def write_editor_files(folder: Path, replace: bool = True) -> list[Path]:
    """Write both schemas and the ``.taplo.toml`` that applies them into ``folder``; without ``replace``, only
    files not there yet.  Never through a symbolic link.  The files written."""
    wanted = {**{FILES[name]: schema_text(name) for name in FILES}, ".taplo.toml": TAPLO}
    written = []
    for name, text in wanted.items():
        path = folder / name
        flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | (os.O_TRUNC if replace else os.O_EXCL)
        try:
            fd = os.open(path, flags, 0o644)
        except FileExistsError:
            continue  # kept as it is
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        written.append(path)
    return written

"""The JSON Schema editors read (``tutor schema``), strict enough to refuse what lint refuses for its shape, and the
Taplo setup that applies it to a folder of lessons (``tutor schema --write DIR``).

The schema is generated from the models in ``tutor.course.schema``, the kinds of step that name them
(``tutor.course.steps.kinds``: a field added to a step model, or a kind added, appears here) and the installed
families (plug-ins included):
* a step is checked against the one step model its keys name, as the tutor picks it (``kinds.model_of``: by the
  kinds' claims, ``if``/``then``, so a misspelt key is named, not "valid under none of the schemas"); each
  model takes no other key than its own (``additionalProperties: false``);
* ``puzzle`` is an installed family; ``answer`` a kind some family has; ``compute`` a quantity; and once the file
  names its puzzle, ``params`` are that puzzle's parameters, each value (or each value of a variant) of the
  parameter's type, allowed values and range, and ``answer``/``compute`` its own (``if``/``then``);
* TOML has no null: an optional key is absent, never "string or null";
* the rules between keys that need no engine, each model's ``schema_rules``: ``compute`` on number and choice
  steps, ``options`` exactly on choice steps, ``explore`` with ``goal = "explore"``, a mistake's ``match`` or
  ``pattern`` (``unless`` with a pattern).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import msgspec

from tutor import puzzles
from tutor.course.schema import LessonFile, MistakeFile, PackFile
from tutor.course.steps import kinds
from tutor.course.steps.base import Claim
from tutor.puzzles.options import Option

SCHEMA_URL = "https://puzzle-tutor.invalid/schema/{}.json"  # an id only: editors read the file `tutor schema` writes
FILES = {"lesson": "lesson.schema.json", "pack": "pack.schema.json"}
JSON_TYPES = {int: "integer", bool: "boolean", str: "string"}
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
    """Every answer a step may name: those kinds of step claim (number, choice, play), and each installed family's
    answer kinds."""
    return list(dict.fromkeys([*kinds.claimed("answer"), *(k for p in puzzles.all_puzzles() for k in p.kind_names())]))


def general() -> list[str]:
    """The answers a step may name whatever its puzzle: those kinds of step claim that are no family's answer kind
    (number, choice; not play, which only a family with play has)."""
    families = {k for p in puzzles.all_puzzles() for k in p.kind_names()}
    return [a for a in kinds.claimed("answer") if a not in families]


def value_schema(option: Option) -> dict[str, Any]:
    """One value of a parameter: its type, and its allowed values or range, as ``Option.coerce`` checks them."""
    out: dict[str, Any] = {"type": JSON_TYPES.get(option.type, "string")}
    if option.type is int:
        out.update({k: v for k, v in (("minimum", option.minimum), ("maximum", option.maximum)) if v is not None})
    if option.choices is not None:
        out["enum"] = list(option.choices)
    return out


def allowed(option: Option) -> str:
    """The values a parameter takes, in words (the description an editor shows beside the key)."""
    if option.choices is not None:
        return "one of " + ", ".join(json.dumps(c) for c in option.choices)
    words = {int: "a whole number", bool: "true or false"}.get(option.type, "text")
    ends = [f"at least {option.minimum:,}" if option.minimum is not None else "",
            f"at most {option.maximum:,}" if option.maximum is not None else ""]
    return ", ".join([words, *(e for e in ends if e)])


def param_schema(option: Option) -> dict[str, Any]:
    """A parameter as a lesson may give it: one value, or a seeded variant of values (a list of choices, a
    ``{min, max}`` range, or the puzzle's random table), each value checked (``if``/``then``, so an error names
    what is wrong with the value rather than "not valid under any of the given schemas")."""
    value = value_schema(option)
    table = {"type": "object", "if": {"required": ["random"]},
             "then": {"properties": {"random": {"type": "string"}}},
             "else": {"properties": {"min": value, "max": value}, "required": ["min", "max"],
                      "additionalProperties": False}}
    variant = {"if": {"type": "array"}, "then": {"type": "array", "minItems": 1, "items": value}, "else": table}
    return {"description": f"{option.help} ({allowed(option)}; default {json.dumps(option.default)})",
            "if": {"type": ["array", "object"]}, "then": variant, "else": value}


def narrowed(puzzle: Any) -> dict[str, Any]:
    """Once a file names ``puzzle``: its parameters (each value's type, allowed values and range), quantities and
    answer kinds only."""
    params = {"propertyNames": {"enum": [o.name for o in puzzle.params]},
              "properties": {o.name: param_schema(o) for o in puzzle.params}}
    step = {"properties": {"params": params, "compute": {"enum": list(puzzle.quantities)},
                           "answer": {"enum": [*general(), *puzzle.kind_names()]}}}
    return {"if": {"properties": {"puzzle": {"const": puzzle.name}}, "required": ["puzzle"]},
            "then": {"properties": {"params": params, "steps": {"items": step}}}}


def condition(claim: Claim) -> dict[str, Any]:
    """The tables ``claim`` claims, as a JSON Schema ``if``."""
    one = {"const": claim.values[0]} if len(claim.values) == 1 else {"enum": list(claim.values)}
    values = {"properties": {claim.key: one}} if claim.values else {}
    return {**values, "required": [claim.key]}


def dispatched(refs: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A step checked against the one model its keys name, as the tutor picks it (``kinds.model_of``: the kinds'
    claims in order), so a misspelt key is reported by name, not as "not valid under any of the given schemas";
    ``refs``: each model's reference, by its name."""
    *first, last = kinds.ordered()
    chosen: dict[str, Any] = refs[last.model.__name__]
    for kind in reversed(first):
        chosen = {"if": condition(kind.claim), "then": refs[kind.model.__name__], "else": chosen}
    return {"type": "object", "not": {"required": ["say", "ask"]}, **chosen}


def lesson_schema() -> dict[str, Any]:
    """The lesson file's schema: the top level, and each step one of the step models."""
    models = kinds.models()
    (top, *variants), defs = msgspec.json.schema_components([LessonFile, *models])
    defs = without_null(defs)
    named = answers()
    quantities = list(dict.fromkeys(q for p in puzzles.all_puzzles() for q in p.quantities))
    rules = {MistakeFile.__name__: MistakeFile.schema_rules, **{m.__name__: m.schema_rules for m in models}}
    for kind in kinds.all_kinds():  # a kind claiming any value of a key takes none another kind claims
        claimed = kinds.claimed(kind.claim.key) if not kind.claim.values else ()
        if claimed:
            defs[kind.model.__name__]["properties"][kind.claim.key]["not"] = {"enum": list(claimed)}
    for name, model in defs.items():
        properties = model.get("properties", {})
        answer = properties.get("answer", {})
        if answer.get("type") == "string" and "enum" not in answer:  # any answer kind but those refused
            refused = answer.pop("not", {}).get("enum", [])
            answer["enum"] = [k for k in named if k not in refused]
        if "compute" in properties:
            properties["compute"]["enum"] = quantities
        for key, value in rules.get(name, {}).items():
            model[key] = [*model.get(key, []), *value] if key == "required" else value
    lesson = defs["LessonFile"]
    lesson["properties"]["puzzle"]["enum"] = puzzles.names()
    lesson["properties"]["steps"]["items"] = dispatched({v["$ref"].rsplit("/", 1)[1]: v for v in variants})
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

"""Every problem of a ``pack.toml`` that does not load, in one run.

Loading a pack stops at its first problem (``tutor.course.parse.parse_pack``).  Here every key is validated with
the bad ones left out (``tutor.course.shape.convert_all``), then what needs no engine is checked of what was read:
the id's characters, a pretest given with its posttest, each ``[mastery]`` table on its own, and each lesson the
pack's ``order``, ``pretest`` and ``posttest`` name against the lessons in its folder.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from tutor.course import Catalog
from tutor.course.catalog import _read_toml, toml_files
from tutor.course.parse import meaningless, pack_mastery, parse_pack
from tutor.course.schema import PackFile
from tutor.course.shape import convert_all
from tutor.errors import TutorError
from tutor.learner.bkt import DEFAULT, BktParams
from tutor.learner.skills import all_skills


def pack_problems(path: Path) -> list[str]:
    """Every problem of the pack file ``path`` (one line each, ``FILE: KEY: message``)."""
    where = str(path)
    try:
        data = _read_toml(path)
    except TutorError as err:
        return [str(err)]
    problems: list[str] = []
    file: PackFile | None = convert_all(data, PackFile, where, ": ", problems)
    if file is None:
        return problems
    rest = {key: value for key, value in msgspec_builtins(file).items() if key != "mastery"}
    try:
        parse_pack(rest, where, path.parent.name)
    except TutorError as err:
        problems.append(str(err))
    for skill, table in file.mastery.items():
        problems += mastery_problems(skill, table, where)
    ids = lesson_ids(path.parent)
    named = [("order", short) for short in file.order] + [
        (key, short) for key, short in (("pretest", file.pretest), ("posttest", file.posttest)) if short]
    problems += [f"{where}: {key}: no lesson {short!r} in this pack's folder" for key, short in named
                 if short not in ids]
    return problems


NAMES = ("prior", "learn", "slip", "guess", "in_a_row")  # what a [mastery] table may give
ALONE = BktParams(slip=0.0, guess=0.0)  # no problem of its own, so a value put in it shows only its own


def mastery_problems(skill: str, table: Mapping[str, float], where: str) -> list[str]:
    """Every problem of one ``[mastery]`` table, one line each (the loader, ``parse.pack_mastery``, stops at the
    first): an unknown skill, each unknown parameter, each value that is no probability (or whole number), each
    outside its meaning (``parse.meaningless``), and slip + guess of one or more."""
    try:
        pack_mastery({skill: table}, where)
        return []
    except TutorError as err:
        first = str(err)  # said if nothing below finds it again
    key = f"{where}: mastery.{skill}"
    problems = [] if skill == "default" or skill in all_skills() else [
        f"{key}: unknown skill {skill!r} (see `tutor progress --skills`)"]
    given: dict[str, Any] = {}
    for name, value in table.items():
        if name not in NAMES:
            problems.append(f"{key}: unknown parameter {name!r} (known: {', '.join(NAMES)})")
            continue
        try:
            alone = replace(ALONE, **{name: typing.cast(Any, value)})
        except (TypeError, ValueError) as err:
            problems.append(f"{key}: {err}")
            continue
        problems += [f"{key}.{problem}" for problem in meaningless(alone)]
        given[name] = value
    try:
        replace(DEFAULT, **given)  # slip and guess each fine, but not together (or with the other's default)
    except ValueError as err:
        problems.append(f"{key}: {err}")
    return problems or [first]


def msgspec_builtins(file: PackFile) -> dict[str, Any]:
    """The pack's table as read (the keys it gives)."""
    import msgspec

    return dict(msgspec.to_builtins(file))


def lesson_ids(folder: Path) -> set[str]:
    """The ids written in the lesson files below ``folder`` (loaded or not: a lesson's own problems are its own)."""
    ids: set[str] = set()
    try:
        files = [f for f in toml_files(folder) if f.name != "pack.toml"]
    except TutorError:
        return ids
    for file in files:
        try:
            found = _read_toml(file).get("id")
        except TutorError:
            continue
        if isinstance(found, str):
            ids.add(found)
    return ids


def failed_packs(roots: Iterable[Path], catalog: Catalog) -> list[Path]:
    """The ``pack.toml`` files under ``roots`` that did not load, and each given by itself (never loaded)."""
    loaded = {Path(pack.path) for pack in catalog.packs.values()}
    found: list[Path] = []
    for root in roots:
        try:
            files = toml_files(root) if root.is_dir() else [root] if root.is_file() else []
        except TutorError:
            continue  # reported by the catalog
        found += [f for f in files if f.name == "pack.toml" and f not in loaded]
    return found

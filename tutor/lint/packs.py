"""Every problem of a ``pack.toml`` that does not load, in one run.

Loading a pack stops at its first problem (``tutor.course.parse.parse_pack``).  Here every key is validated with
the bad ones left out (``tutor.course.shape.convert_all``), then what needs no engine is checked of what was read:
the id's characters, a pretest given with its posttest, each ``[mastery]`` table on its own, and each lesson the
pack's ``order``, ``pretest`` and ``posttest`` name against the lessons in its folder.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tutor.course import Catalog
from tutor.course.catalog import _read_toml, toml_files
from tutor.course.parse import pack_mastery, parse_pack
from tutor.course.schema import PackFile
from tutor.course.shape import convert_all
from tutor.errors import TutorError


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
        try:
            pack_mastery({skill: table}, where)
        except TutorError as err:
            problems.append(str(err))
    ids = lesson_ids(path.parent)
    named = [("order", short) for short in file.order] + [
        (key, short) for key, short in (("pretest", file.pretest), ("posttest", file.posttest)) if short]
    problems += [f"{where}: {key}: no lesson {short!r} in this pack's folder" for key, short in named
                 if short not in ids]
    return problems


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

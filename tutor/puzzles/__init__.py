"""The registry of puzzle families, by name.

Built-in families live in this package, one module each; plug-ins register more
through the ``tutor.puzzles`` entry-point group.  Modules are imported only
when a family is first asked for, so ``tutor --help`` stays fast.
"""

from __future__ import annotations

import importlib
from functools import cache

from tutor.errors import InvalidParams
from tutor.puzzles.base import Puzzle

# name -> "module:Class"; every built-in family is listed here.
BUILTIN: dict[str, str] = {
    "coins": "tutor.puzzles.coins:CoinTable",
    "wythoff": "tutor.puzzles.wythoff:Wythoff",
    "gods": "tutor.puzzles.gods:Gods",
    "lightsout": "tutor.puzzles.lightsout:LightsOut",
}

ENTRY_POINT_GROUP = "tutor.puzzles"
_REGISTERED: dict[str, str] = {}  # families registered in-process (tests, embedding)


def register(name: str, target: str) -> None:
    """Register a family by ``"module:Class"`` without an entry point (for tests and embedding)."""
    _REGISTERED[name] = target
    get.cache_clear()


@cache
def _plugin_targets() -> dict[str, str]:
    """Entry points of installed plug-ins: name -> "module:attr"."""
    from importlib.metadata import entry_points

    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def names() -> list[str]:
    """Every registered puzzle name, built-ins first."""
    extra = sorted(n for n in {**_plugin_targets(), **_REGISTERED} if n not in BUILTIN)
    return [*BUILTIN, *extra]


@cache
def get(name: str) -> Puzzle:
    """The puzzle family registered as ``name``; ``InvalidParams`` if there is none."""
    target = BUILTIN.get(name) or _REGISTERED.get(name) or _plugin_targets().get(name)
    if target is None:
        raise InvalidParams(f"unknown puzzle {name!r} (known: {', '.join(names())})")
    module_name, _, attr = target.partition(":")
    obj = getattr(importlib.import_module(module_name), attr)
    puzzle = obj() if isinstance(obj, type) else obj
    if not isinstance(puzzle, Puzzle):
        raise InvalidParams(f"puzzle plug-in {name!r} ({target}) does not implement tutor's Puzzle")
    return puzzle


def all_puzzles() -> list[Puzzle]:
    """Every registered puzzle family, loaded."""
    return [get(n) for n in names()]

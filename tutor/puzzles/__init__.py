"""The registry of puzzle families, by name.

Every family registers through the ``tutor.puzzles`` entry-point group
(``name = "module:Class"``), the built-in ones (declared in the tutor's own
pyproject.toml) exactly like plug-ins.  A family is *built in* when its module
lies inside this package; a built-in wins over a plug-in of the same name.

Names come in a stable order: the built-ins in course order (each family's
``Puzzle.order``), then every other family by name.  A plug-in's module is
imported only when its family is first asked for, so ``tutor --help`` stays
fast; listing the names loads the built-ins, to read their order.
"""

from __future__ import annotations

import importlib
import os
import sys
from functools import cache
from typing import TYPE_CHECKING

from tutor.errors import InvalidParams

if TYPE_CHECKING:  # the registry is read at start (the catalogue cache's stamp): the protocol is imported by ``get``
    from tutor.puzzles.base import Puzzle

ENTRY_POINT_GROUP = "tutor.puzzles"
_REGISTERED: dict[str, str] = {}  # families registered in-process (tests, embedding)


def register(name: str, target: str) -> None:
    """Register a family by ``"module:Class"`` without an entry point (for tests and embedding)."""
    _REGISTERED[name] = target
    get.cache_clear()


def unregister(name: str) -> None:
    """Forget a family ``register`` added (a test's plug-in must not outlive the test)."""
    _REGISTERED.pop(name, None)
    get.cache_clear()


def builtin(target: str) -> bool:
    """Whether ``"module:Class"`` names a family inside this package.

    >>> builtin("tutor.puzzles.example:Example"), builtin("tutor_nim:Nim")
    (True, False)
    """
    return target.startswith(__name__ + ".")


@cache
def _installed() -> tuple[dict[str, str], dict[str, str]]:
    """The ``tutor.puzzles`` entry points, name -> "module:Class": (built-ins, plug-ins)."""
    from importlib.metadata import entry_points

    builtins: dict[str, str] = {}
    plugins: dict[str, str] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        (builtins if builtin(ep.value) else plugins).setdefault(ep.name, ep.value)
    return builtins, plugins


def installed_key() -> str:
    """What the registered families depend on, without reading any entry point (``importlib.metadata`` alone
    costs the tutor's start a tenth of its time): the families registered in-process, and the modification time
    of every folder packages are installed into (``site-packages``), which changes whenever a distribution (a
    plug-in, or the tutor itself) is installed, upgraded or removed.  What a cache of lessons depends on."""
    parts = [f"{name}={target}" for name, target in sorted(_REGISTERED.items())]
    for entry in sys.path:
        if entry.endswith(("site-packages", "dist-packages")):
            try:
                parts.append(f"{entry}:{os.stat(entry).st_mtime_ns}")
            except OSError:
                continue
    return "|".join(parts)


@cache
def builtin_names() -> list[str]:
    """The built-in families, in course order."""
    return sorted(_installed()[0], key=lambda name: (get(name).order, name))


def names() -> list[str]:
    """Every registered puzzle name: the built-ins in course order, then the others by name."""
    builtins = builtin_names()
    return [*builtins, *sorted(n for n in {**_installed()[1], **_REGISTERED} if n not in builtins)]


@cache
def get(name: str) -> Puzzle:
    """The puzzle family registered as ``name``; ``InvalidParams`` if there is none."""
    from tutor.puzzles.base import Puzzle

    builtins, plugins = _installed()
    target = builtins.get(name) or _REGISTERED.get(name) or plugins.get(name)
    if target is None:
        raise InvalidParams(f"unknown puzzle {name!r} (known: {', '.join(names())})")
    module_name, _, attr = target.partition(":")
    try:
        obj = getattr(importlib.import_module(module_name), attr)
        puzzle = obj() if isinstance(obj, type) else obj
    except Exception as err:  # a plug-in is someone else's code: its failure is one line, the rest goes on
        if builtin(target):
            raise
        said = " ".join(str(err).split())[:200]
        raise InvalidParams(f"puzzle plug-in {name!r} ({target}) does not load: {type(err).__name__}: {said}") \
            from None
    if not isinstance(puzzle, Puzzle):
        raise InvalidParams(f"puzzle plug-in {name!r} ({target}) does not implement tutor's Puzzle")
    return puzzle


def all_puzzles() -> list[Puzzle]:
    """Every registered puzzle family that loads (``broken()`` says which do not, and why)."""
    return [get(n) for n in names() if n not in broken()]


def broken() -> dict[str, str]:
    """The plug-ins that do not load, each with why (one line)."""
    out = {}
    for name in names():
        try:
            get(name)
        except InvalidParams as err:
            out[name] = str(err)
    return out

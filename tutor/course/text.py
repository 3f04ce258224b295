"""Lesson text: ``{{name}}`` placeholders filled from the engine, and TOML values written back.

A placeholder names a quantity (computed for the step's game with the step's
arguments), a puzzle parameter, or a question argument: values are never typed
into a lesson, so a lesson cannot quote a wrong number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from tutor.puzzles.base import Puzzle

PLACEHOLDER = re.compile(r"\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}")


def placeholders(text: str) -> list[str]:
    """The names quoted in ``text``, in order.

    >>> placeholders("{{classes}} classes, {{ coins }} coins")
    ['classes', 'coins']
    """
    return PLACEHOLDER.findall(text)


def fill(text: str, puzzle: Puzzle[Any], game: Any, args: Mapping[str, Any]) -> str:
    """Replace every ``{{name}}`` with its value: a quantity's, a parameter's, or an argument's."""
    params = puzzle.values(game)

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in puzzle.quantities:
            return str(puzzle.compute(game, name, args))
        if name in params:
            return str(params[name])
        return str(args[name])

    return PLACEHOLDER.sub(value, text).strip()


def toml_value(value: Any) -> str:
    """A parameter value as TOML (strings, whole numbers, booleans).

    >>> toml_value(True), toml_value(4), toml_value("3,5")
    ('true', '4', '"3,5"')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value))

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
from tutor.shown import Markdown

PLACEHOLDER = re.compile(r"\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}")


def placeholders(text: str) -> list[str]:
    """The names quoted in ``text``, in order.

    >>> placeholders("{{classes}} classes, {{ coins }} coins")
    ['classes', 'coins']
    """
    return PLACEHOLDER.findall(text)


MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~])")


def as_markdown(value: str) -> str:
    """An engine value placed inside Markdown: one line with its special characters escaped, or lines kept
    as they are in a fenced block.

    >>> as_markdown("k*phi"), as_markdown("X.\\n.X")
    ('k\\\\*phi', '\\n```text\\nX.\\n.X\\n```\\n')
    """
    if "\n" in value and any(is_row(line) for line in value.splitlines()):
        return table_markdown(value)
    if "\n" in value:
        return f"\n```text\n{value}\n```\n"
    return MARKDOWN_SPECIAL.sub(r"\\\1", value)


def is_row(line: str) -> bool:
    """Whether an engine line is a table row, ``| a | b |`` (tutor.render shows such rows as a table)."""
    body = line.strip()
    return len(body) >= 2 and body.startswith("|") and body.endswith("|")


def table_markdown(value: str) -> str:
    """Engine text with ``| a | b |`` rows as Markdown: each block of rows a table (its first row the header),
    other lines paragraphs.

    >>> print(table_markdown("title\\n| a | b |\\n| 1 | 2 |"))
    <BLANKLINE>
    <BLANKLINE>
    title
    <BLANKLINE>
    | a | b |
    |---|---|
    | 1 | 2 |
    <BLANKLINE>
    """
    out: list[str] = [""]
    previous_row = False
    for line in value.splitlines():
        row = is_row(line)
        if row and not previous_row:
            out += ["", line.strip(), "|" + "---|" * (line.strip().count("|") - 1)]
        elif row:
            if not set(line.strip()) <= set("|-: "):
                out.append(line.strip())
        else:
            out += ["", MARKDOWN_SPECIAL.sub(r"\\\1", line.strip())]
        previous_row = row
    return "\n".join(out) + "\n"


def in_code(text: str, position: int) -> bool:
    """Whether ``position`` of Markdown ``text`` is inside a fenced code block or a code span (taken literally).

    >>> in_code("a `{{x}}` b", 3), in_code("```\\n{{x}}\\n```", 4), in_code("a {{x}}", 2)
    (True, True, False)
    """
    before = text[:position]
    fences = sum(1 for line in before.splitlines() if line.lstrip().startswith("```"))
    if fences % 2:
        return True
    line = before.rsplit("\n", 1)[-1]
    return line.count("`") % 2 == 1


def fill(text: str, puzzle: Puzzle[Any], game: Any, args: Mapping[str, Any]) -> Markdown:
    """Replace every ``{{name}}`` with its value: a quantity's, a parameter's, or an argument's.

    The lesson's text is Markdown; the values are the engine's plain text, escaped to read as written.
    """
    params = puzzle.values(game)

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in puzzle.quantities:
            raw = str(puzzle.compute(game, name, args))
        else:
            raw = str(params[name] if name in params else args[name])
        return raw if in_code(text, match.start()) else as_markdown(raw)

    return Markdown(PLACEHOLDER.sub(value, text).strip())


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

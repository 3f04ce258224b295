"""Lesson text: ``{{name}}`` placeholders filled from the engine, and TOML values written back.

A placeholder names a quantity (computed for the step's game with the step's
arguments), a puzzle parameter, or a question argument: values are never typed
into a lesson, so a lesson cannot quote a wrong number.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tutor.limits import SHOWN_CHARS, TABLE_CELLS
from tutor.screen.shown import Markdown
from tutor.screen.text import number_text

if TYPE_CHECKING:  # light at start: the tutor's first screen shows lessons without importing the puzzles
    from tutor.puzzles.base import Puzzle

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
    """Whether an engine line is a table row, ``| a | b |`` (tutor.screen.render shows such rows as a table)."""
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


FENCE = re.compile(r"\s*```")


class Code:
    r"""Whether places of Markdown ``text``, asked in increasing order, are inside a fenced code block or a code
    span (taken literally): one pass over the text however many places are asked (a lesson may hold thousands
    of placeholders).

    >>> code = Code("a `{{x}}` b\n```\n{{y}}\n```\n{{z}}")
    >>> [code.at(i) for i in (3, 16, 26)]
    [True, True, False]
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.seen = 0  # text[:seen] is counted
        self.line = 0  # where the line of ``seen`` starts
        self.fences = 0  # lines before that line that open or close a fence
        self.ticks = 0  # backticks on that line before ``seen``

    def at(self, position: int) -> bool:
        """Whether ``position`` (not before the last place asked) is in code."""
        text = self.text
        last = text.rfind("\n", self.seen, position)
        if last >= 0:  # new lines since: count the fences they open or close, then start the line afresh
            start = self.line
            while start <= last:
                end = text.index("\n", start)
                self.fences += bool(FENCE.match(text, start, end))
                start = end + 1
            self.line, self.seen, self.ticks = last + 1, last + 1, 0
        self.ticks += text.count("`", self.seen, position)
        self.seen = position
        fenced = self.fences + bool(FENCE.match(text, self.line, position))
        return fenced % 2 == 1 or self.ticks % 2 == 1


def fill(text: str, puzzle: Puzzle[Any], game: Any, args: Mapping[str, Any]) -> Markdown:
    """Replace every ``{{name}}`` with its value: a quantity's, a parameter's, or an argument's.

    The lesson's text is Markdown; the values are the engine's plain text, escaped to read as written.  What
    it makes is measured before anyone renders it (``shown_chars``, ``table_cells``).
    """
    params = puzzle.values(game)
    options = {o.name: o for o in puzzle.params}
    code = Code(text)
    made = 0

    values: dict[str, str] = {}  # each value computed once, however often the text quotes it

    def value(match: re.Match[str]) -> str:
        nonlocal made
        name = match.group(1)
        if name not in values:
            known = puzzle.compute(game, name, args) if name in puzzle.quantities else \
                params[name] if name in params else args[name]
            option = options.get(name) if name not in puzzle.quantities and name in params else None
            values[name] = option.shown(known) if option is not None and option.shown is not None else \
                ("yes" if known else "no") if isinstance(known, bool) else \
                number_text(known) if isinstance(known, int) else str(known)
        raw = values[name]
        shown = raw if code.at(match.start()) else as_markdown(raw)
        made += len(shown)
        SHOWN_CHARS.check(made, f"the text filled in has more than {SHOWN_CHARS.value:,} characters")
        return shown

    filled = PLACEHOLDER.sub(value, text).strip()
    SHOWN_CHARS.check(len(filled), f"the text filled in has {len(filled):,} characters")
    for cells in table_sizes(filled):
        TABLE_CELLS.check(cells, f"a table in the text has {cells:,} cells")
    return Markdown(filled)


def table_sizes(text: str) -> list[int]:
    r"""The number of cells of each block of ``| a | b |`` rows in ``text``.

    >>> table_sizes("| a | b |\n|---|---|\n| 1 | 2 |\ntext\n| x |")
    [6, 1]
    """
    sizes: list[int] = []
    previous = False
    for line in text.splitlines():
        row = is_row(line)
        if row:
            cells = line.strip().count("|") - 1
            if previous:
                sizes[-1] += cells
            else:
                sizes.append(cells)
        previous = row
    return sizes


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

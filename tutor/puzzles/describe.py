"""What a family offers an author, read through its public protocol: ``describe(puzzle) -> Family``.

``tutor puzzles NAME`` prints it (``--json`` for tools); docs/plugins.md explains each part.
Nothing here reaches into a family's private attributes: parameters are its ``params``,
quantities its ``quantities`` registry (each with its arguments and misconceptions), answer
kinds its ``kind_names()`` (``play`` last where the family has play), commands its
``commands`` registry.

>>> from tutor import puzzles
>>> family = describe(puzzles.get("coins"))
>>> family.params[0].name, "shortest_length" in [q.name for q in family.quantities]
('coins', True)
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

from tutor.puzzles.base import Puzzle
from tutor.puzzles.options import Option
from tutor.screen.text import plural

WIDTH = 80  # plain output wraps here


@dataclass(frozen=True)
class Input:
    """One declared input (a parameter, a question argument, a play setting or a command option)."""

    name: str
    type: str  # "int", "str" or "bool"
    default: Any
    help: str
    choices: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None
    limit: str | None  # the limit in docs/limits.md that sets the maximum, if one does

    @property
    def allowed(self) -> str:
        """What values it takes, in words: ``1 to 20``, ``at least 0``, ``one of 'a', 'b'``, or ``""``."""
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.minimum is not None and self.maximum is not None:
            return f"{self.minimum} to {self.maximum:,}"
        if self.minimum is not None:
            return f"at least {self.minimum}"
        if self.maximum is not None:
            return f"at most {self.maximum:,}"
        return ""

    def summary(self) -> str:
        """``int, default 4, 1 to 20``."""
        default = "none" if self.default is None else repr(self.default) if self.type == "str" else self.default
        return ", ".join(part for part in (self.type, f"default {default}", self.allowed) if part)


@dataclass(frozen=True)
class QuantityInfo:
    """A quantity a lesson may ask for (``compute = NAME``): its arguments and the misconceptions it diagnoses."""

    name: str
    description: str
    args: tuple[Input, ...]
    misconceptions: tuple[str, ...]


@dataclass(frozen=True)
class KindInfo:
    """An answer kind a step may ask for (``answer = NAME``)."""

    name: str
    description: str
    multiline: bool
    args: tuple[Input, ...]


@dataclass(frozen=True)
class CommandInfo:
    """A command-line command of the family (``tutor NAME FAMILY``)."""

    name: str
    help: str
    options: tuple[Input, ...]


@dataclass(frozen=True)
class Family:
    """Everything an author can use from one family, in declaration order."""

    name: str
    title: str
    summary: str
    params: tuple[Input, ...]
    quantities: tuple[QuantityInfo, ...]
    kinds: tuple[KindInfo, ...]
    commands: tuple[CommandInfo, ...]

    def as_json(self) -> dict[str, Any]:
        """The JSON ``tutor puzzles NAME --json`` prints (values that are not JSON become text)."""
        return _jsonable(asdict(self))

    def text(self, width: int = WIDTH) -> str:
        """The plain text ``tutor puzzles NAME`` prints, wrapped at ``width`` columns."""
        lines = [f"{self.name}: {self.title}", *_wrap(self.summary, width, "  ")]
        lines += ["", f"Parameters ({plural(len(self.params), 'parameter')}; a lesson's [params], a command's flags):"]
        lines += [line for p in self.params for line in _entry(p.name, f"{p.summary()}. {p.help}", width)]
        lines += ["", f"Quantities ({plural(len(self.quantities), 'quantity', 'quantities')}; "
                      "a step's compute = NAME, {{NAME}} in text):"]
        for q in self.quantities:
            lines += _entry(q.name, q.description, width)
            lines += _details("arguments", [f"{a.name} ({a.summary()})" for a in q.args], width)
            lines += _details("misconceptions", list(q.misconceptions), width)
        lines += ["", f"Answer kinds ({plural(len(self.kinds), 'kind')}; a step's answer = NAME):"]
        for k in self.kinds:
            lines += _entry(k.name, k.description + (" (over several lines)" if k.multiline else ""), width)
            lines += _details("arguments", [f"{a.name} ({a.summary()})" for a in k.args], width)
        lines += ["", f"Commands ({plural(len(self.commands), 'command')}; tutor COMMAND {self.name} --help):"]
        for c in self.commands:
            lines += _entry(c.name, c.help, width)
            lines += _details("options", [f"{o.name} ({o.summary()})" for o in c.options], width)
        return "\n".join(lines)


def describe(puzzle: Puzzle[Any]) -> Family:
    """What ``puzzle`` offers an author: parameters, quantities, answer kinds and commands."""
    quantities = tuple(QuantityInfo(name, q.description, inputs(q.args), tuple(m.name for m in q.misconceptions))
                       for name, q in puzzle.quantities.items())
    kinds = []
    for name in puzzle.kind_names():
        kind = puzzle.kind(name)
        args = kind.args if puzzle.play is None or name != "play" else (*kind.args, *puzzle.play.settings)
        kinds.append(KindInfo(name, kind.description, kind.multiline, inputs(args)))
    commands = tuple(CommandInfo(name, c.help, inputs(c.options)) for name, c in puzzle.commands.items())
    return Family(puzzle.name, puzzle.title, puzzle.summary, inputs(puzzle.params), quantities, tuple(kinds),
                  commands)


def inputs(options: Iterable[Option]) -> tuple[Input, ...]:
    """Declared options as ``Input`` values (each name once, in order)."""
    seen: dict[str, Input] = {}
    for o in options:
        seen.setdefault(o.name, Input(o.name, getattr(o.type, "__name__", str(o.type)), o.default, o.help,
                                      o.choices, o.minimum, o.maximum, o.limit.name if o.limit else None))
    return tuple(seen.values())


def _jsonable(value: Any) -> Any:
    """``value`` with tuples as lists and anything that is not JSON as its text."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def _wrap(text: str, width: int, indent: str, later: str | None = None) -> list[str]:
    """``text`` wrapped at ``width`` (never mid-word), its first line indented by ``indent``."""
    return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=later or indent,
                         break_long_words=False, break_on_hyphens=False) or [indent.rstrip()]


def _entry(name: str, text: str, width: int) -> list[str]:
    """``  name  text`` with the text wrapped under itself."""
    return _wrap(f"{name}: {text}", width, "  ", "      ")


def _details(label: str, items: list[str], width: int) -> list[str]:
    """An indented ``label: a; b`` line, or nothing when there are no items."""
    return _wrap(f"{label}: {'; '.join(items)}", width, "      ", "        ") if items else []

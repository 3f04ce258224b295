"""The registry of the tutor's ``/commands``: ``@command(name, help)`` registers a handler, and the same registry
gives ``/help``, dispatch and tab completion (the handlers are in ``tutor.session.handlers``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.screen.shown import Reply

Handler = Callable[[Any, str], list[Reply]]  # (the session, the argument) -> replies


@dataclass(frozen=True)
class Command:
    """One command: its name (``/open``), what it takes (``LESSON``, or "" for nothing), its help, its handler."""

    name: str
    takes: str
    help: str
    run: Handler

    @property
    def usage(self) -> str:
        """``/open LESSON``."""
        return f"{self.name} {self.takes}".strip()


COMMANDS: dict[str, Command] = {}
ALIASES = {"/exit": "/quit"}


def command(name: str, help: str, takes: str = "") -> Callable[[Handler], Handler]:
    """Decorator: register a handler ``(session, argument) -> replies`` as the command ``name``."""

    def wrap(fn: Handler) -> Handler:
        COMMANDS[name] = Command(name, takes, help, fn)
        return fn

    return wrap


def run_command(session: Any, text: str) -> list[Reply]:
    """Dispatch one ``/command [argument]`` line."""
    name, _, arg = text.partition(" ")
    name = ALIASES.get(name.lower(), name.lower())
    arg = arg.strip()
    found = COMMANDS.get(name)
    if found is None:
        return [Reply.error(f"unknown command {name!r} (try /help)")]
    if arg and not found.takes:
        return [Reply.error(f"{name} takes no argument (got {arg!r})")]
    return found.run(session, arg)


def help_lines() -> list[str]:
    """``/help``: every command with its help, aligned."""
    width = max(len(c.usage) for c in COMMANDS.values())
    return [f"{c.usage:<{width}}  {c.help}" for c in COMMANDS.values()]

"""The ``tutor`` console script's first code: Ctrl-C while the tutor starts leaves quietly.

Python turns Ctrl-C into ``KeyboardInterrupt`` wherever the main thread happens to be, and while the tutor
starts that is inside an import: left alone, it prints the import's traceback.  So the script's entry point is
this module, which imports nothing of the tutor before its ``try``.  A terminal flushes what was typed ahead when
Ctrl-C arrives; the tutor asks it not to (``NOFLSH``) while it runs, so text typed before the interrupt reaches
the shell (or the tutor's prompt) instead of being lost, and puts the terminal's flag back when it leaves.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

TYPE_CHECKING = False  # ``typing.TYPE_CHECKING`` without importing typing: ``tutor --help`` never imports it
if TYPE_CHECKING:
    from typing import TextIO

INTERRUPTED = 130  # a shell's status for a command stopped by Ctrl-C (128 + SIGINT)


@contextmanager
def typeahead_kept(stream: TextIO) -> Iterator[bool]:
    """While inside: Ctrl-C does not flush what was typed ahead on the terminal ``stream`` (``NOFLSH``); yields
    whether the terminal took the flag (False when ``stream`` is not a terminal, or the system has no termios)."""
    restore = _keep_typeahead(stream)
    try:
        yield restore is not None
    finally:
        if restore is not None:
            restore()


def _keep_typeahead(stream: TextIO) -> Callable[[], None] | None:
    """Set ``NOFLSH`` on the terminal ``stream``; a function that puts the flag back as it was, or None."""
    try:
        import termios

        fd = stream.fileno()
        if not stream.isatty():
            return None
        attributes = termios.tcgetattr(fd)
    except (ImportError, OSError, ValueError, AttributeError):  # no terminal, a closed stream, no termios
        return None
    had = attributes[3] & termios.NOFLSH
    if had:
        return None
    try:
        termios.tcsetattr(fd, termios.TCSANOW, [*attributes[:3], attributes[3] | termios.NOFLSH, *attributes[4:]])
    except termios.error:
        return None

    def restore() -> None:
        try:
            now = termios.tcgetattr(fd)
            termios.tcsetattr(fd, termios.TCSANOW, [*now[:3], now[3] & ~termios.NOFLSH, *now[4:]])
        except (termios.error, OSError):
            pass  # the terminal is gone: nothing to put back

    return restore


def main() -> int:
    """The ``tutor`` command (``tutor.cli.main``), with Ctrl-C during its start-up an exit, status 130, and no
    traceback."""
    try:
        with typeahead_kept(sys.stdin):
            from tutor.cli import main as run

            return run()
    except KeyboardInterrupt:
        return INTERRUPTED

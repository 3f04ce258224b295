"""How far a long computation has got: engines report, the command line listens.

An engine calls ``report(done, total)`` from its main loop (a verification
move by move, a search depth by depth).  With no listener that is one check of a
global; the command line installs one (``listening``) that drives its progress
bar on standard error.  Nothing here prints: the engines stay pure.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

Listener = Callable[[int, int], None]
_listener: Listener | None = None


def report(done: int, total: int) -> None:
    """``done`` of ``total`` units of the current computation are finished."""
    if _listener is not None:
        _listener(done, total)


@contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Send every ``report`` made inside the block to ``listener``."""
    global _listener
    before, _listener = _listener, listener
    try:
        yield
    finally:
        _listener = before

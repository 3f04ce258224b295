"""What the REPL does while the learner reads: warm the heavy libraries and grammars up after the first prompt is
drawn, and collect the garbage once a later prompt has been shown for a moment, so neither lands on a command."""

from __future__ import annotations

import contextlib
import gc
import threading

_WARMING: list[threading.Thread] = []  # the warm-up thread, once started


def warm_up() -> threading.Thread:
    """Import the heavy engines' libraries (sympy, numpy, lark) in the background while the learner reads.

    Started once the first prompt is on screen (not before: it would compete with the start for the
    interpreter), so the prompt does not wait for them; by the time a step needs algebra they are loaded,
    so no command pays sympy's import time.  What it loaded stays for the whole session, so it is then frozen
    out of the garbage collector's full passes (``gc.freeze``): over the libraries and grammars one pass took a
    tenth of a second, paid by whichever command happened to trigger it.  Starting it again returns the thread
    already started.
    """
    if _WARMING:
        return _WARMING[0]

    def load() -> None:
        try:
            import lark  # noqa: F401
            import numpy  # noqa: F401
            import sympy  # noqa: F401
        except ImportError:  # pragma: no cover - both are dependencies
            pass
        warm_languages()
        gc.freeze()

    thread = threading.Thread(target=load, name="tutor-warm-up", daemon=True)
    _WARMING.append(thread)
    thread.start()
    return thread


def warm_languages() -> int:
    """Load every puzzle family, let it compute ahead what it needs (``Puzzle.warm``) and build the parsers of its
    notations (``tutor.grammar.build_all``): how many were built.  A family that cannot load is left for the session
    to report when a lesson uses it."""
    from tutor import puzzles
    from tutor.grammar import build_all

    for name in puzzles.names():
        with contextlib.suppress(Exception):  # a broken plug-in is the session's to report, not the warm-up's
            puzzles.get(name).warm()
    return build_all()


def warming() -> None:
    """``warm_up`` once the first prompt is drawn, ``tidy`` once each later one has been shown ``READING`` seconds (a
    line typed ahead ends the prompt first), as a callback for prompt_toolkit's ``pre_run`` (which runs before the first
    render: a thread started there would share the interpreter with the drawing of the first prompt)."""
    from prompt_toolkit.application.current import get_app

    app = get_app()

    def drawn(_: object) -> None:
        app.after_render.remove_handler(drawn)
        if _WARMING:
            app.create_background_task(tidy_while_reading())  # cancelled if the prompt ends first
        else:
            warm_up()

    app.after_render.add_handler(drawn)


READING = 0.25  # seconds a drawn prompt has been shown with no line entered: the learner reads (or types one)


async def tidy_while_reading() -> None:
    """``tidy`` once the prompt has been shown ``READING`` seconds; a line typed ahead ends the prompt, and this with
    it, first (a learner typing at the prompt may meet the collection: a tenth of a second at most, keys are kept)."""
    import asyncio

    await asyncio.sleep(READING)
    tidy()


def tidy() -> None:
    """Collect the garbage while the learner reads: a full pass takes up to a tenth of a second, which the collector
    would land on some command; after this one CPython makes the next only once long-lived objects grow by a quarter."""
    gc.collect()

"""Limits on the sizes the user controls: the ``Limit`` type and the limits every family shares.

Input enters the tutor as command-line arguments, files, standard input, lines
typed in a session, lesson files and grading folders.  Each size it controls is
checked where it enters, against a ``Limit`` here, *before* the work it would
cause: digits are counted before ``int()``, bytes before decoding, cells before
a board is allocated, moves while ``let`` blocks expand.  A refusal is one line
that names the limit and points to docs/limits.md (``TooLarge``, exit 2).

Lesson files also get a work budget: ``lesson_budget`` runs loading or linting
one lesson, and ``checkpoint()`` between units of work (a step, a variant draw)
stops a lesson that has used up its time, so one hostile file is reported as
"not loaded" and the others load.  Every single unit of work is bounded by the
size limits, so the budget bounds the whole.

Each puzzle family declares its own limits in its ``limits`` module and names
them on its ``Puzzle`` (``Puzzle.limits``); this module keeps the shared ones
(text, numbers, lessons, grading).  docs/limits.md lists exactly these and every
built-in family's, tested.

Vocabulary:

* ``Limit("board_cells", 1_000_000, "cells", "cells of a Lights Out board")`` - one limit;
* ``LIMITS`` - the shared ones by name.
"""

from __future__ import annotations

import signal
import time
from collections import namedtuple
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from tutor.errors import TooLarge

DOC = "docs/limits.md"


TYPE_CHECKING = False  # ``typing.TYPE_CHECKING`` without importing typing: ``tutor --help`` imports this module
if TYPE_CHECKING:
    from typing import Any, NamedTuple

    class _Fields(NamedTuple):
        name: str
        value: int
        unit: str
        what: str

    class _BudgetFields(NamedTuple):
        limit: Limit
        subject: str
        deadline: float
else:  # the same named tuples, built without typing (or dataclasses)
    _Fields = namedtuple("_Fields", "name value unit what")
    _BudgetFields = namedtuple("_BudgetFields", "limit subject deadline")


class Limit(_Fields):
    """A named maximum: ``value`` of ``unit``, for ``what`` (a phrase for the docs)."""

    __slots__ = ()

    def error(self, subject: str) -> TooLarge:
        """The one-line refusal: ``subject`` says what was given and how big it is."""
        return TooLarge(f"{subject}: over the limit {self.name} = {self.value:,} {self.unit} (see {DOC})")

    def check(self, size: int, subject: str) -> int:
        """``size`` if it is within the limit; ``TooLarge`` naming the limit otherwise."""
        if size > self.value:
            raise self.error(subject)
        return size


LIMITS: dict[str, Limit] = {}


def _limit(name: str, value: int, unit: str, what: str) -> Limit:
    LIMITS[name] = Limit(name, value, unit, what)
    return LIMITS[name]


# -- text and numbers ------------------------------------------------------------------------
INPUT_BYTES = _limit("input_bytes", 4_000_000, "bytes",
                     "one answer, board or strategy: a file, standard input, a submission, a line typed in a "
                     "session")
INT_DIGITS = _limit("int_digits", 4_000, "digits",
                    "one whole number anywhere (counted before it is converted; Python refuses 4,300)")
ID_CHARS = _limit("id_chars", 100, "characters", "a lesson id, and a lesson named on the command line")


# -- lessons and grading ---------------------------------------------------------------------
LESSON_BYTES = _limit("lesson_bytes", 1_000_000, "bytes", "one lesson file or pack.toml")
LESSON_DEPTH = _limit("lesson_depth", 32, "levels", "nesting of tables and arrays in one lesson file")
LESSON_KEYS = _limit("lesson_keys", 50_000, "keys",
                     "keys and table headers in one lesson file (counted before the TOML is parsed)")
LESSON_FILES = _limit("lesson_files", 2_000, "files", "lesson files under one folder")
FOLDER_ENTRIES = _limit("folder_entries", 100_000, "entries",
                        "files and folders looked at while walking one folder of lessons (at most "
                        "folder_depth deep)")
FOLDER_DEPTH = _limit("folder_depth", 16, "levels", "folders inside folders walked for lessons")
LESSON_STEPS = _limit("lesson_steps", 300, "steps", "steps in one lesson")
EXPLORE_MOVES = _limit("explore_moves", 10_000, "moves", "the moves of an explore step")
LESSON_SECONDS = _limit("lesson_seconds", 20, "seconds of CPU",
                        "loading one lesson (drawing its variants included)")
CATALOG_SECONDS = _limit("catalog_seconds", 30, "seconds of CPU",
                         "reading every lesson file of a catalogue (titles and steps; a lesson is built when opened)")
LINT_SECONDS = _limit("lint_seconds", 60, "seconds of CPU", "linting one lesson and its sample of variants")
SHOWN_CHARS = _limit("shown_chars", 200_000, "characters",
                     "one text of a lesson step as the learner reads it, its {{values}} filled in")
TABLE_CELLS = _limit("table_cells", 2_000, "cells", "one table in a lesson's text, its {{values}} filled in")
PATTERN_CHARS = _limit("pattern_chars", 2_000, "characters", "one mistake pattern in a lesson")
GRADE_FILES = _limit("grade_files", 100_000, "files", "submissions in one tutor grade run")

# -- learners' records -----------------------------------------------------------------------
EXPORT_BYTES = _limit("export_bytes", 100_000_000, "bytes",
                      "one export read back (tutor progress --import, tutor class): about 250,000 attempts")
EXPORT_DEPTH = _limit("export_depth", 32, "levels", "nesting of lists and objects in one export read back")


def nesting(data: object) -> int:
    """How deeply lists and tables (dicts) nest in parsed TOML or JSON (a plain value is 0), without recursion.

    >>> nesting({"a": [1, {"b": 2}]}), nesting(3)
    (3, 0)
    """
    deepest = 0
    todo: list[tuple[object, int]] = [(data, 0)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict | list):
            deepest = max(deepest, depth + 1)
            todo.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def to_int(text: str, subject: str) -> int:
    """ASCII digits (with an optional sign) as an int, their count checked first; ``ValueError`` if not digits.

    >>> to_int("-12", "x")
    -12
    """
    body = text.strip()
    digits = body[1:] if body[:1] in "+-" else body
    if not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"{text!r} is not a whole number")
    INT_DIGITS.check(len(digits), f"{subject} has {len(digits):,} digits")
    return int(body)


# -- the lesson work budget -----------------------------------------------------------------------


class _Budget(_BudgetFields):
    """A lesson's work budget: its limit, what it is spent on and the thread time it ends at."""

    __slots__ = ()


_BUDGET: ContextVar[_Budget | None] = ContextVar("tutor_budget", default=None)


@contextmanager
def lesson_budget(limit: Limit, subject: str, *, keep: bool = False) -> Iterator[None]:
    """Run loading or linting one lesson within ``limit`` seconds of CPU time (``keep``: inside a budget already
    running, that one holds).

    ``checkpoint()`` between units of work refuses once the budget is spent; in the main thread a CPU timer
    (``SIGPROF``) also stops a single unit that runs on past the budget, so no lesson can hang the tutor.
    """
    if keep and _BUDGET.get() is not None:
        yield
        return
    budget = _Budget(limit, subject, time.thread_time() + limit.value)
    token = _BUDGET.set(budget)
    armed = _arm(budget)
    try:
        yield
    finally:
        _disarm(armed)
        _BUDGET.reset(token)


if TYPE_CHECKING:
    Armed = tuple[Any, tuple[float, float]] | None  # the signal handler and the timer that were there before


def _arm(budget: _Budget) -> Armed:
    """In the main thread: a CPU timer that raises the budget's ``TooLarge`` a little after it is spent."""
    import threading  # only where a budget is armed: ``tutor --help`` imports this module

    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        return None

    def spent(*_: object) -> None:
        raise budget.limit.error(f"{budget.subject}: takes more than {budget.limit.value} s")

    previous = signal.signal(signal.SIGPROF, spent)
    return previous, signal.setitimer(signal.ITIMER_PROF, budget.limit.value + 0.5)


def _disarm(armed: Armed) -> None:
    """Stop the timer and put back what was there."""
    if armed is None:
        return
    previous, timer = armed
    signal.setitimer(signal.ITIMER_PROF, 0)
    signal.signal(signal.SIGPROF, previous)
    if timer[0]:
        signal.setitimer(signal.ITIMER_PROF, *timer)


def budget_spent() -> bool:
    """Whether a lesson's work budget is running and used up (what was computed under it may be cut short)."""
    budget = _BUDGET.get()
    return budget is not None and time.thread_time() > budget.deadline


def checkpoint() -> None:
    """Between units of a lesson's work: ``TooLarge`` once its budget is used up (no-op outside one)."""
    if budget_spent():
        budget = _BUDGET.get()
        assert budget is not None
        raise budget.limit.error(f"{budget.subject}: takes more than {budget.limit.value} s")

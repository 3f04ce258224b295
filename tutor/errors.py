"""Narrow error types.

Every error a learner or instructor can cause is a ``TutorError`` whose message
quotes the bad input with ``!r`` and says where it is wrong.  The REPL and the
command line catch ``TutorError`` and print the message as one line.  Anything
else that escapes is a bug: the shells write its traceback to a crash log.

``TutorError`` derives from ``Exception``, not ``ValueError``, so an
``except TutorError`` never hides a programming error.
"""

from __future__ import annotations

from enum import IntEnum


class Exit(IntEnum):
    """The exit statuses of every command: the stable contract (README)."""

    OK = 0  # correct, or success
    INCORRECT = 1  # a check that fails, lint or preview that finds problems
    BAD_INPUT = 2  # bad input or usage: one line on standard error
    INTERNAL = 3  # a bug: one line naming the crash log


class TutorError(Exception):
    """Base class for every error caused by input (never by a bug)."""


class InvalidNotation(TutorError):
    """A move, strategy, position, tree or formula could not be parsed."""


class IllegalMove(TutorError):
    """A well-formed move that the rules do not allow in this position."""


class InvalidParams(TutorError):
    """A puzzle parameter, question argument or option is unknown or has a value out of range."""


class LessonError(TutorError):
    """A lesson file is malformed; the message names the file and the key."""


class SearchLimit(TutorError):
    """An exact search would visit more states than its budget allows."""



class TooLarge(TutorError):
    """An input over one of the documented limits (``tutor.limits``, docs/limits.md); the message names it."""

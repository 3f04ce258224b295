"""Narrow error types.

Every error a learner or instructor can cause is a ``ValueError`` subclass whose
message quotes the bad input with ``!r`` and says where it is wrong.  The REPL
and the command line catch ``TutorError`` and print the message as one line.
"""

from __future__ import annotations


class TutorError(ValueError):
    """Base class for every error caused by input (never by a bug)."""


class InvalidNotation(TutorError):
    """A move, strategy, position, tree or formula could not be parsed."""


class IllegalMove(TutorError):
    """A well-formed move that the rules do not allow in this position."""


class InvalidParams(TutorError):
    """A puzzle parameter is unknown or has a value out of range."""


class LessonError(TutorError):
    """A lesson file is malformed; the message names the file and the key."""


def pointer(text: str, column: int) -> str:
    """Return ``text`` with a caret under ``column`` (0-based), for multi-line displays.

    >>> print(pointer("0193", 2))
    0193
      ^
    """
    return f"{text}\n{' ' * column}^"

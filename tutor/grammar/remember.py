"""Readings remembered: a pure reader asked the same short text again reads it once.

The same few texts are read over and over - a board's size for every board a lesson draws, the roles of every
variant, each number the give-away rule finds in a reply - and a parse costs far more than a look-up.  Only texts
of up to ``longest`` characters are remembered, so a pasted megabyte is never kept; a text that does not read is
not remembered either (its error is raised each time).  What a remembered reader returns must not be changed by
its callers: it is shared.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import TypeVar

T = TypeVar("T")

LONGEST = 120  # characters of a text remembered
SIZE = 2048  # texts remembered per reader


def remembered(read: Callable[[str], T]) -> Callable[[str], T]:
    """``read``, remembering what it returned for each short text.

    >>> calls = []
    >>> double = remembered(lambda text: calls.append(text) or text * 2)
    >>> double("ab"), double("ab"), calls
    ('abab', 'abab', ['ab'])
    """
    cached = lru_cache(maxsize=SIZE)(read)

    @wraps(read)
    def reader(text: str) -> T:
        return cached(text) if len(text) <= LONGEST else read(text)

    return reader

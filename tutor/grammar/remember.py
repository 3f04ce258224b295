"""Readings remembered: a pure reader asked the same short text again reads it once.

The same few texts are read over and over - a board's size for every board a lesson draws, the roles of every
variant, each number the give-away rule finds in a reply - and a parse costs far more than a look-up.  Only texts
of up to ``longest`` characters are remembered, so a pasted megabyte is never kept; a text that does not read is
not remembered either (its error is raised each time).  What a remembered reader returns must not be changed by
its callers: it is shared.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextlib import suppress
from functools import lru_cache, wraps
from typing import TypeVar, cast

from tutor.limits import budget_spent

T = TypeVar("T")

LONGEST = 120  # characters of a text remembered
SIZE = 2048  # texts remembered per reader
OWN = 32  # texts remembered per object (``remembered_by``)
_NOTHING = object()  # no value remembered


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


def remembered_by(owner: object, slot: str, key: tuple[str, ...], read: Callable[[], T]) -> T:
    """``read()``, remembered in ``owner`` (under ``slot``, for ``key``: texts) when every text of ``key`` is short:
    for a method that reads texts against its immutable object (a step judging an answer), whose object is not
    hashable.  The last ``OWN`` keys are kept per object and slot.  An error is raised each time, never kept, and
    neither is what a read returned once a lesson's work budget ran out under it (it may have cut a search short).

    >>> class Step: pass
    >>> step, calls = Step(), []
    >>> [remembered_by(step, "judged", ("7",), lambda: calls.append(1) or 49) for _ in range(3)], calls
    ([49, 49, 49], [1])
    """
    if any(len(text) > LONGEST for text in key):
        return read()
    kept: dict[Hashable, object] = owner.__dict__.setdefault(slot, {})
    found = kept.get(key, _NOTHING)
    if found is not _NOTHING:
        return cast(T, found)
    value = read()
    if budget_spent():
        return value
    with suppress(RuntimeError, KeyError, StopIteration):  # another thread changed the keys meanwhile: it evicts
        while len(kept) >= OWN:
            del kept[next(iter(kept))]
    kept[key] = value
    return value

"""Small helpers for text a learner reads."""

from __future__ import annotations

from collections.abc import Sequence


def sequence_text(items: Sequence[str], limit: int = 12) -> str:
    """Join items with spaces, eliding the middle of long sequences for display.

    >>> sequence_text([str(i) for i in range(20)], limit=4)
    '0 1 ... (16 more) ... 18 19'
    """
    if len(items) <= limit:
        return " ".join(items)
    head = " ".join(items[: limit // 2])
    tail = " ".join(items[-(limit // 2) :])
    return f"{head} ... ({len(items) - limit} more) ... {tail}"


def shorten(text: str, width: int = 60) -> str:
    """``text`` quoted as ``repr`` does, cut to about ``width`` characters, with its length when cut.

    >>> shorten("0123 02", 20), shorten("x" * 100, 10)
    ("'0123 02'", "'xxxxxxxxxx'... (100 characters)")
    """
    if len(text) <= width:
        return repr(text)
    return f"{text[:width]!r}... ({len(text):,} characters)"


def one_line(message: str, width: int = 800) -> str:
    """A message as one line: line breaks become spaces, and the middle of a long one is elided.

    >>> one_line("a\\nb"), len(one_line("x" * 5000)) < 900
    ('a b', True)
    """
    flat = " ".join(message.splitlines())
    if len(flat) <= width:
        return flat
    keep = width // 2
    return f"{flat[:keep]} [...] {flat[-keep:]}"


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word`` in the right number: "1 move", "3 moves", "2 boxes" with ``many="boxes"``.

    >>> plural(1, "move"), plural(0, "move"), plural(2, "arrangement"), plural(3, "body", "bodies")
    ('1 move', '0 moves', '2 arrangements', '3 bodies')
    >>> plural(65535, "move")
    '65,535 moves'
    """
    return f"{count:,} {word if count == 1 else many or word + 's'}"

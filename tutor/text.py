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

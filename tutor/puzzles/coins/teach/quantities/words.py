"""How the coin quantities' reasons write tables and numbers: lists of tables, and answers that are no count."""

from __future__ import annotations

from tutor.puzzles.answers import Value

LISTED = 12  # tables named in a sentence before "..."
SHOWN_MOVES = 31  # a strategy up to this long is written out in a reason


def listed(names: list[str]) -> str:
    """Tables for a sentence: "HH, HT and TT" (shortened past LISTED)."""
    if not names:
        return "none"
    if len(names) > LISTED:
        return ", ".join(names[:LISTED]) + f" and {len(names) - LISTED} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def whole(wrong: Value) -> int | None:
    """A wrong number as an int (None for words)."""
    return wrong if isinstance(wrong, int) and not isinstance(wrong, bool) else None


def not_a(what: str, wrong: Value) -> str:
    """The reason a wrong answer is no {what} at all (words, or a negative number), or "" if it is one."""
    w = whole(wrong)
    if w is None:
        return f"{wrong!r} is not a {what}."
    return f"A {what} cannot be negative." if w < 0 else ""

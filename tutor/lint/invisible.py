"""Characters in a lesson's text the learner cannot see: zero-width characters and the bidirectional marks.

A zero-width space in an option or a mistake pattern makes a word the learner types never match what they
read; a right-to-left mark reorders what follows it.  ``visible`` escapes the controls a terminal acts on (the
bidirectional *overrides* among them, which lint reports as control characters); these are the rest, which a
terminal prints as nothing at all.  Lint reports each string that holds one, with its key.
"""

from __future__ import annotations

from collections.abc import Iterator

import msgspec

from tutor.course import LessonTemplate

INVISIBLE = {
    0x00AD: "soft hyphen", 0x061C: "Arabic letter mark", 0x180E: "Mongolian vowel separator",
    0x200B: "zero-width space", 0x200C: "zero-width non-joiner", 0x200D: "zero-width joiner",
    0x200E: "left-to-right mark", 0x200F: "right-to-left mark", 0x2060: "word joiner",
    0x2061: "function application", 0x2062: "invisible times", 0x2063: "invisible separator",
    0x2064: "invisible plus", 0xFEFF: "zero-width no-break space",
}


def texts(data: object, key: str) -> Iterator[tuple[str, str]]:
    """(key, string) for every string in ``data`` (a lesson's table as plain data), keys as lint names them."""
    match data:
        case str():
            yield key.rstrip("."), data
        case dict():
            for name, value in data.items():
                if name != "steps":
                    yield from texts(value, f"{key}{name}.")
        case list():
            for i, value in enumerate(data, 1):
                yield from texts(value, f"{key.rstrip('.')}[{i}].")


def first_invisible(text: str) -> str:
    """The first invisible character of ``text`` as ``U+200B (zero-width space)``, or ``""``.

    >>> first_invisible("a\\u200bb"), first_invisible("plain")
    ('U+200B (zero-width space)', '')
    """
    found = next((c for c in text if ord(c) in INVISIBLE), "")
    return f"U+{ord(found):04X} ({INVISIBLE[ord(found)]})" if found else ""


def invisible(template: LessonTemplate) -> list[str]:
    """Each string of the lesson that holds an invisible character, with its key."""
    found = list(texts(msgspec.to_builtins(template.file), ""))
    for i, step in enumerate(template.steps, 1):
        found += texts(msgspec.to_builtins(step), f"steps[{i}].")
    return [f"{template.path}: {key}: invisible character {what} (the learner cannot see it, yet an answer would "
            "have to match it; delete it, or write what it should say)"
            for key, text in found if (what := first_invisible(text))]

"""The header the tutor writes above a submitted answer (``/submit``), naming its lesson, step and variant,
so ``tutor grade`` grades each file on its own variant::

    #tutor lesson: coins-2
    #tutor step: 5
    #tutor variant: {"coins": 4}

``format_header`` and ``split_header`` round-trip; a header that cannot be read is reported, never guessed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

HEADER = "#tutor "


@dataclass(frozen=True)
class Header:
    """What a submission's header says (None: not said), and what is wrong with it ("": nothing)."""

    lesson: str | None = None
    step: int | None = None
    variant: dict[str, Any] | None = None
    problem: str = ""


def format_header(lesson: str, step: int, variant: Mapping[str, Any]) -> str:
    """The header ``/submit`` writes above an answer (the variant line only where the lesson varies).

    >>> format_header("coins-2", 5, {"coins": 4})
    '#tutor lesson: coins-2\\n#tutor step: 5\\n#tutor variant: {"coins": 4}\\n'
    """
    lines = [f"{HEADER}lesson: {lesson}", f"{HEADER}step: {step}"]
    if variant:
        lines.append(f"{HEADER}variant: {json.dumps(dict(variant), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def split_header(text: str) -> tuple[Header | None, str]:
    """A submission's header (None: it has none) and the answer below it; round-trips ``format_header``.

    >>> split_header(format_header("x", 2, {"n": 3}) + "0 1")
    (Header(lesson='x', step=2, variant={'n': 3}, problem=''), '0 1')
    """
    lines = text.splitlines(keepends=True)
    said: dict[str, str] = {}
    count = 0
    while count < len(lines) and lines[count].startswith(HEADER):
        key, _, value = lines[count][len(HEADER):].partition(":")
        said[key.strip()] = value.strip()
        count += 1
    if not count:
        return None, text
    answer = "".join(lines[count:])
    unknown = sorted(set(said) - {"lesson", "step", "variant"})
    if unknown:
        return Header(problem=f"the header has an unknown line {unknown[0][:30]!r}"), answer
    step = said.get("step")
    if step is not None and not (step.isascii() and step.isdigit() and len(step) < 6):
        return Header(problem=f"the header's step {step[:30]!r} is not a step number"), answer
    variant = None
    if "variant" in said:
        try:
            variant = json.loads(said["variant"])
        except ValueError:
            variant = None
        if not isinstance(variant, dict):
            return Header(problem="the header's variant is not a table of values"), answer
    return Header(said.get("lesson"), None if step is None else int(step), variant), answer


def write_new(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (replacing a file of that name, never writing through a symbolic link)."""
    import os

    from tutor.errors import TutorError
    from tutor.files import escape

    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as err:
        raise TutorError(f"cannot write {escape(path)!r}: {err.strerror}") from None

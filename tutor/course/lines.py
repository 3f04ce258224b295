"""Where in a lesson file an error is: the line of the key a message names (tomllib keeps no line numbers)."""

from __future__ import annotations

import re
from pathlib import Path


def with_line(path: str, message: str) -> str:
    """``message`` about the file ``path`` with `` (line N)`` added where the key it names can be found."""
    if message.endswith(")") and "(line " in message:
        return message
    line = key_line(Path(path), message[len(path) + 2:] if message.startswith(f"{path}: ") else message)
    return f"{message} (line {line})" if line else message


KEY_PATH = re.compile(r"(?:steps\[(\d+)\])?(?:\.?mistakes\[(\d+)\])?\.?([a-z_]+)?")


def key_line(path: Path, message: str) -> int | None:
    """The line of ``path`` where the key a message is about is written (``steps[2].hints: ...`` -> the
    ``hints =`` line of the second ``[[steps]]``), or None when it cannot be told (tomllib keeps no lines).
    """
    unknown = re.search(r"unknown key '([a-z_A-Z0-9-]+)'", message)
    head = "" if message.startswith("unknown key") else message.split(":", 1)[0].strip()
    match = KEY_PATH.fullmatch(head)
    if match is None:
        return None
    step, mistake, key = match.group(1), match.group(2), unknown.group(1) if unknown else match.group(3)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    start, end = 0, len(lines)
    for header, number in (("[[steps]]", step), ("[[steps.mistakes]]", mistake)):
        if number is None:
            continue
        found = [i for i in range(start, end) if lines[i].strip() == header]
        if int(number) > len(found):
            return None
        start = found[int(number) - 1]
        later = [i for i in range(start + 1, end) if lines[i].strip() in ("[[steps]]",) or
                 (header == "[[steps.mistakes]]" and lines[i].strip().startswith("[["))]
        end = later[0] if later else end
    if key is None:
        return start + 1 if step else None
    if step is None:
        end = next((i for i, line in enumerate(lines) if line.strip().startswith("[")), len(lines))
    setting = re.compile(rf"\s*{re.escape(key)}\s*=")
    return next((i + 1 for i in range(start, end) if setting.match(lines[i])), start + 1 if step else None)



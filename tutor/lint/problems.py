"""A lint problem as a value (file, line, column, key, message), read from the one-line errors the lesson loader and
the steps give (``FILE: KEY: message``), and written as text, JSON or GitHub workflow commands.

Keys count steps, mistakes and hints from 1, as the author does: ``steps[3]`` is the third ``[[steps]]``, which
JSON-path tools call ``$.steps[2]``.  The line and column are those of the key in the file (``locate``), else of
its nearest written parent, else the line the message itself names; a problem with no place is put on line 1.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tutor.lint.locate import Place
from tutor.storage.files import escape

FORMATS = ("text", "json", "github")
KEY = re.compile(r"((?:steps\[\d+\]|[a-z_]+)(?:\.[A-Za-z0-9_/-]+|\[\d+\])*): ")
LINE_NOTE = re.compile(r" \(line (\d+)\)$")
TOML_PLACE = re.compile(r"\(at line (\d+), column (\d+)\)")
UNKNOWN = re.compile(r"^unknown (key|parameter) '([^']+)'")
STEP = re.compile(r"^steps\[(\d+)\]")


@dataclass(frozen=True)
class Problem:
    """One problem in one place: ``key`` is where in the file (``steps[3].reference``; "" for the whole file)."""

    file: str
    line: int
    column: int
    key: str
    message: str
    severity: str = "error"

    @property
    def step(self) -> int | None:
        """The step's number as the author counts it (``steps[3]`` -> 3), or None outside the steps."""
        match = STEP.match(self.key)
        return int(match.group(1)) if match else None

    def text(self) -> str:
        """``FILE:LINE:COLUMN: KEY: message``, as compilers write it (editors jump to the place)."""
        return f"{self.file}:{self.line}:{self.column}: {self.key + ': ' if self.key else ''}{self.message}"

    def as_json(self) -> dict[str, Any]:
        """The problem as a JSON object."""
        return {"file": self.file, "line": self.line, "column": self.column, "step": self.step, "key": self.key,
                "message": self.message, "severity": self.severity}

    def github(self) -> str:
        """A GitHub Actions workflow command: an annotation on the line in the pull request."""
        where = f"file={_escape(self.file, True)},line={self.line},col={self.column}"
        text = f"{self.key}: {self.message}" if self.key else self.message
        return f"::{self.severity} {where}::{_escape(text, False)}"


def _escape(text: str, prop: bool) -> str:
    """Workflow-command escaping (``%``, line ends; ``:`` and ``,`` in properties too)."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return text.replace(":", "%3A").replace(",", "%2C") if prop else text


def parse(error: str, files: Iterable[str], where: Callable[[str, str], Place | None]) -> Problem:
    """A loader's or a step's one-line error as a ``Problem``: ``files`` are the paths it may start with, ``where``
    finds a key's place in a file."""
    file, rest = file_of(error, files)
    noted = LINE_NOTE.search(rest)
    rest = rest[:noted.start()] if noted else rest
    match = KEY.match(rest)
    key, message = (match.group(1), rest[match.end():]) if match else ("", rest)
    unknown = UNKNOWN.match(message)
    if unknown and (unknown.group(1) == "key" or key.endswith("params")):
        key = f"{key}.{unknown.group(2)}" if key else unknown.group(2)
    found = where(file, key) if file and key else None
    toml = TOML_PLACE.search(message)
    if found is None and toml:
        found = (int(toml.group(1)), int(toml.group(2)))
    if found is None and noted:
        found = (int(noted.group(1)), 1)
    line, column = found or (1, 1)
    return Problem(file, line, column, key, suggest(message))


def file_of(error: str, files: Iterable[str]) -> tuple[str, str]:
    """The file (one of ``files``) a one-line error is about, and the rest of it: ``FILE: rest``, or a sentence
    about the whole file (``cannot read 'FILE': not UTF-8 text``, ``FILE has more than ...``) with the file
    called "this file"; ("", error) when it names none of them.

    >>> file_of("cannot read '/l/a.toml': not UTF-8 text (byte 3)", ["/l/a.toml"])
    ('/l/a.toml', 'cannot read this file: not UTF-8 text (byte 3)')
    """
    longest = sorted(files, key=len, reverse=True)
    for f in longest:
        if error.startswith(f"{f}: "):
            return f, error[len(f) + 2:]
    for f in longest:
        for shown in (repr(escape(f)), f):
            for lead in ("cannot read ", ""):
                if error.startswith(f"{lead}{shown} ") or error.startswith(f"{lead}{shown}: "):
                    return f, f"{lead}this file{error[len(lead) + len(shown):]}"
    return "", error


NAMES = re.compile(r"[A-Za-z_][\w.-]*")


def suggest(message: str) -> str:
    """``message`` about an unknown name with the closest known one it lists (``known: ...``), if any is close.

    >>> suggest("unknown quantity 'clases' for puzzle 'coins' (known: classes, winnable)")
    "unknown quantity 'clases' for puzzle 'coins'; did you mean 'classes'? (known: classes, winnable)"
    """
    if "did you mean" in message:
        return message
    name = re.search(r"unknown \w+ (?:'([^']+)'|\{\{(\w+)\}\})|^'([^']+)' is not an? ", message)
    at = message.find(" (known: ")
    if name is None or at < 0:
        return message
    wrong = next(g for g in name.groups() if g)
    listed = message[at + len(" (known: "):].rstrip(")")
    known = [word for word in re.split(r"[,;:]\s*", listed) if NAMES.fullmatch(word.strip())]
    best = difflib.get_close_matches(wrong, [k.strip() for k in known], n=1, cutoff=0.6)
    return f"{message[:at]}; did you mean {best[0]!r}?{message[at:]}" if best else message


def report(problems: list[Problem], form: str) -> str:
    """The problems in one of ``FORMATS`` (text and github: a line each; json: one list)."""
    if form == "json":
        return json.dumps([p.as_json() for p in problems], indent=2) + "\n"
    lines = [p.github() if form == "github" else p.text() for p in problems]
    return "".join(f"{line}\n" for line in lines)

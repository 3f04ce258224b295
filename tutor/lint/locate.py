"""Where a key is written in a TOML file: a small scanner over the source text, since tomllib keeps no positions.

The scanner walks the text once, as TOML reads it (table headers, arrays of tables, dotted keys, inline tables,
arrays, the four kinds of strings, comments), and records the line and column of every key, header and array
element under its key path, indices counted from 0 as tomllib's lists are::

    [[steps]]            -> ("steps", 0)
    hints = ["a", "b"]   -> ("steps", 0, "hints"), ("steps", 0, "hints", 1) for "b"
    [[steps.mistakes]]   -> ("steps", 0, "mistakes", 0)

A file that is not valid TOML is scanned up to where it goes wrong (tomllib's own message gives that place).
"""

from __future__ import annotations

import bisect
import contextlib
import re

KeyPath = tuple[str | int, ...]  # ("steps", 2, "mistakes", 0, "match")
Place = tuple[int, int]  # (line, column), both from 1

BARE = re.compile(r"[A-Za-z0-9_-]+")
STOPS = ",]}\n#"


class Scanner:
    """One pass over a TOML text, filling ``found`` with the place of every key path."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.found: dict[KeyPath, int] = {}  # key path -> offset
        self.arrays: dict[KeyPath, int] = {}  # array-of-tables path -> entries so far

    def run(self) -> None:
        """Statements until the end: a table header or a key = value line."""
        table: KeyPath = ()
        while True:
            self.blank(newlines=True)
            if self.i >= len(self.text):
                return
            if self.text.startswith("[", self.i):
                table = self.header()
            else:
                self.pair(table)

    def blank(self, newlines: bool) -> None:
        """Skip spaces and comments (and line ends, with ``newlines``)."""
        text = self.text
        while self.i < len(text):
            char = text[self.i]
            if char in " \t\r" or (newlines and char == "\n"):
                self.i += 1
            elif char == "#":
                end = text.find("\n", self.i)
                self.i = len(text) if end < 0 else end
            else:
                return

    def header(self) -> KeyPath:
        """``[a.b]`` or ``[[a.b]]``: the path of the table it opens (an array of tables gets its next index)."""
        start = self.i
        double = self.text.startswith("[[", self.i)
        self.i += 2 if double else 1
        keys = self.key()
        self.i = self.text.index("]", self.i) + (2 if double else 1)
        parent = self.resolve(keys[:-1])
        for n in range(1, len(parent) + 1):
            self.found.setdefault(parent[:n], start)  # [a.b] defines the table a too
        path = (*parent, keys[-1])
        if double:
            self.found.setdefault(path, start)
            count = self.arrays.get(path, 0)
            self.arrays[path] = count + 1
            path = (*path, count)
        self.found.setdefault(path, start)
        return path

    def resolve(self, keys: list[str]) -> KeyPath:
        """A dotted header prefix as a path: a name of an array of tables means its last entry."""
        path: KeyPath = ()
        for key in keys:
            path = (*path, key)
            if path in self.arrays:
                path = (*path, self.arrays[path] - 1)
        return path

    def key(self) -> list[str]:
        """A (dotted) key: bare or quoted parts."""
        parts = []
        while True:
            self.blank(newlines=False)
            char = self.text[self.i]
            if char in "\"'":
                start = self.i
                self.string()
                parts.append(self.text[start + 1:self.i - 1])
            else:
                match = BARE.match(self.text, self.i)
                if match is None:
                    raise ValueError(f"no key at offset {self.i}")
                parts.append(match.group())
                self.i = match.end()
            self.blank(newlines=False)
            if not self.text.startswith(".", self.i):
                return parts
            self.i += 1

    def pair(self, table: KeyPath) -> None:
        """``key = value`` inside ``table``."""
        self.blank(newlines=False)
        start = self.i
        keys = self.key()
        for n in range(1, len(keys) + 1):
            self.found.setdefault((*table, *keys[:n]), start)
        if not self.text.startswith("=", self.i):
            raise ValueError(f"no '=' at offset {self.i}")
        self.i += 1
        self.blank(newlines=False)
        self.value((*table, *keys))

    def value(self, path: KeyPath) -> None:
        """One value: a string, an array, an inline table, or a bare scalar."""
        char = self.text[self.i]
        if char in "\"'":
            self.string()
        elif char == "[":
            self.array(path)
        elif char == "{":
            self.inline(path)
        else:
            while self.i < len(self.text) and self.text[self.i] not in STOPS:
                self.i += 1

    def string(self) -> None:
        """A basic, literal or multi-line string (escapes only in basic ones)."""
        text = self.text
        quote = text[self.i]
        triple = text.startswith(quote * 3, self.i)
        close = quote * 3 if triple else quote
        self.i += len(close)
        while True:
            if text[self.i] == "\\" and quote == '"':
                self.i += 2
            elif text.startswith(close, self.i):
                self.i += len(close)
                while triple and self.i < len(text) and text[self.i] == quote:  # """a""""" ends with quotes inside
                    self.i += 1
                return
            elif text[self.i] == "\n" and not triple:
                raise ValueError("a string runs to the end of its line")
            else:
                self.i += 1

    def array(self, path: KeyPath) -> None:
        """``[a, b, ...]``: each element's place under its index."""
        self.i += 1
        index = 0
        while True:
            self.blank(newlines=True)
            if self.text[self.i] == "]":
                self.i += 1
                return
            self.found.setdefault((*path, index), self.i)
            self.value((*path, index))
            self.blank(newlines=True)
            if self.text[self.i] == ",":
                self.i += 1
                index += 1
            elif self.text[self.i] != "]":
                raise ValueError(f"no ',' or ']' at offset {self.i}")

    def inline(self, path: KeyPath) -> None:
        """``{k = v, ...}``: each key's place."""
        self.i += 1
        while True:
            self.blank(newlines=False)
            if self.text[self.i] == "}":
                self.i += 1
                return
            self.pair(path)
            self.blank(newlines=False)
            if self.text[self.i] == ",":
                self.i += 1
            elif self.text[self.i] != "}":
                raise ValueError(f"no ',' or '}}' at offset {self.i}")


def positions(text: str) -> dict[KeyPath, Place]:
    """The (line, column) of every key path written in ``text`` (as far as it scans as TOML).

    >>> places = positions('id = "a"\\n[[steps]]\\nsay = "x"\\n[[steps]]\\n  ask = "y"\\n  hints = ["h", "i"]\\n')
    >>> places[("steps", 1)], places[("steps", 1, "ask")], places[("steps", 1, "hints", 1)]
    ((4, 1), (5, 3), (6, 17))
    """
    scanner = Scanner(text)
    with contextlib.suppress(ValueError, IndexError):  # not TOML from there on: what was found so far stands
        scanner.run()
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    out = {}
    for path, offset in scanner.found.items():
        line = bisect.bisect_right(starts, offset) - 1
        out[path] = (line + 1, offset - starts[line] + 1)
    return out


PART = re.compile(r"\[(\d+)\]|\.?([A-Za-z0-9_/-]+)")


def key_path(key: str) -> KeyPath:
    """A key as messages write it (indices from 1) as a path (indices from 0).

    >>> key_path("steps[3].mistakes[1].match")
    ('steps', 2, 'mistakes', 0, 'match')
    """
    return tuple(int(m.group(1)) - 1 if m.group(1) else m.group(2) for m in PART.finditer(key))


def place(found: dict[KeyPath, Place], key: str) -> Place | None:
    """Where ``key`` is written, or where its nearest written parent is (None: nothing of it is written)."""
    path = key_path(key)
    for n in range(len(path), 0, -1):
        if path[:n] in found:
            return found[path[:n]]
    return None

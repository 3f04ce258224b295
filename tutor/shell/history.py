"""The REPL's input history, bounded: only a regular file is read, only its last part, and it is trimmed as it
grows, so a huge history (or one linked to a device) can never stall the first prompt."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from datetime import datetime

from prompt_toolkit.history import History

HISTORY_BYTES = 256_000  # the part of the history file read at start, and its size after a trim
TRIM_AT = 2 * HISTORY_BYTES  # the file is trimmed when it grows past this


class BoundedHistory(History):
    """prompt_toolkit's file history format (``# time`` then ``+line`` lines), read from the last
    ``HISTORY_BYTES`` of a regular file only, and trimmed to that when it passes ``TRIM_AT``."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        super().__init__()

    def _regular(self) -> int | None:
        """The file's size if it is a regular file (not a link to a device, a FIFO, a folder), else None."""
        try:
            found = os.stat(self.filename)
        except OSError:
            return None
        return found.st_size if stat.S_ISREG(found.st_mode) else None

    def _tail(self, size: int) -> bytes:
        """The last ``HISTORY_BYTES`` of the file, from the start of an entry."""
        with open(self.filename, "rb") as handle:
            handle.seek(max(0, size - HISTORY_BYTES))
            data = handle.read(HISTORY_BYTES)
        if size > HISTORY_BYTES:
            start = data.find(b"\n# ")
            data = data[start + 1:] if start >= 0 else b""
        return data

    def load_history_strings(self) -> Iterable[str]:
        """The most recent entries first."""
        size = self._regular()
        if not size:
            return []
        strings: list[str] = []
        lines: list[str] = []
        for raw in self._tail(size).splitlines(keepends=True):
            line = raw.decode("utf-8", errors="replace")
            if line.startswith("+"):
                lines.append(line[1:])
            elif lines:
                strings.append("".join(lines)[:-1])
                lines = []
        if lines:
            strings.append("".join(lines)[:-1])
        return reversed(strings)

    def store_string(self, string: str) -> None:
        """Append one entry (to a regular file or a new one), trimming the file when it has grown too large."""
        size = self._regular()
        if size is None and os.path.lexists(self.filename):
            return  # not a regular file: nothing is written to it
        entry = f"\n# {datetime.now()}\n" + "".join(f"+{line}\n" for line in string.split("\n"))
        with open(self.filename, "ab") as handle:
            handle.write(entry.encode("utf-8", errors="replace"))
        if (size or 0) + len(entry) > TRIM_AT:
            kept = self._tail(self._regular() or 0)
            temporary = f"{self.filename}.trim"
            with open(temporary, "wb") as handle:
                handle.write(kept)
            os.replace(temporary, self.filename)

"""Whole tables of the progress store, read for an export (``tutor progress --export``, ``learner.export_file``).

Attempts stored by an older tutor lack their item stamps; they are stamped as they are read (``evidence``).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tutor.errors import TutorError
from tutor.progress.evidence import stamped_rows
from tutor.progress.schema import describe


class ProgressError(TutorError):
    """The progress database could not be read or written (the ``tutor progress`` command)."""


class WholeTables:
    """Reads of whole tables; ``Progress`` has the connection (``db``), its ``path`` and its ``profile_id``."""

    db: sqlite3.Connection | None
    path: Path | None

    def profile_id(self) -> str:
        raise NotImplementedError

    def export(self) -> dict[str, Any]:
        """Everything recorded, as JSON-ready data."""
        out: dict[str, Any] = {"profile": self.profile_id()}
        for table in ("attempts", "hints", "completed", "solutions", "position"):
            cur = self.db.execute(f"SELECT * FROM {table}") if self.db is not None else None
            if cur is None:
                out[table] = []
                continue
            cols = [d[0] for d in cur.description]
            out[table] = [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]
        if out["attempts"] and "item" not in out["attempts"][0]:  # a read-only file of an older tutor: stamped
            rows = out["attempts"]
            order = sorted(range(len(rows)), key=lambda n: (rows[n]["at"], rows[n]["id"]))
            for n, row in zip(order, list(stamped_rows(rows[n] for n in order)), strict=True):
                rows[n] = row
        return out

    def rows(self, table: str) -> Iterator[dict[str, Any]]:
        """The rows of one table as ``export`` gives them, in time order (ties in the order stored), one at a
        time: an export of any size is written without holding it (``learner.export_file``)."""
        if self.db is None:
            return
        cur = self.db.execute(f"SELECT * FROM {table} ORDER BY at, rowid")
        cols = [d[0] for d in cur.description]
        rows = (dict(zip(cols, row, strict=True)) for row in cur)
        yield from stamped_rows(rows) if table == "attempts" and "item" not in cols else rows  # an older tutor's

    def distinct(self, table: str, column: str) -> list[Any]:
        """The distinct values of one column of a table (none when the file has no such column: an older tutor's)."""
        if self.db is None or column not in {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}:
            return []
        return [row[0] for row in self.db.execute(f"SELECT DISTINCT {column} FROM {table}")]

    def export_json(self) -> str:
        """``export()`` as indented JSON text."""
        try:
            return json.dumps(self.export(), indent=2)
        except sqlite3.Error as err:
            raise ProgressError(f"cannot read progress database {str(self.path)!r}: {describe(err)}") from None

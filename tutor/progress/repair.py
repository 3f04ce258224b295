"""Records the tutor cannot show, found in a store and set aside: a time outside the tutor's calendar.

An import checks every record before storing it (``tutor.learner.export_check``), but a store written by an
older tutor may hold a record dated ``-1e18`` or ``1e308``: every command that shows a date would fail on it.
``outside(db)`` counts such records (a reading command refuses in one line naming ``tutor progress --repair``);
``set_aside(db, path)`` moves them, in one transaction, into a JSON file next to the store
(``progress.sqlite3.set-aside-<time>.json``, written before anything is deleted), so nothing is lost and the
store is usable again.  A session does that when it opens the store and says so in one line.
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from contextlib import suppress
from pathlib import Path

from tutor.progress.schema import LESSON_TABLES
from tutor.storage.clock import CALENDAR, EARLIEST, LATEST

BOUNDS = (EARLIEST.timestamp(), LATEST.timestamp())
OUTSIDE = "NOT (at >= ? AND at < ?)"  # also true of a time stored as text or NULL
REPAIR = "tutor progress --repair"  # the command that sets them aside


def outside(db: sqlite3.Connection) -> int:
    """How many records of ``db`` are dated outside the tutor's calendar."""
    return sum(int(db.execute(f"SELECT count(*) FROM {table} WHERE {OUTSIDE}", BOUNDS).fetchone()[0])
               for table in LESSON_TABLES)


def refusal(count: int) -> str:
    """The one line a reading command says about ``count`` records it cannot show."""
    return (f"the progress database holds {count:,} record{'' if count == 1 else 's'} dated outside the tutor's "
            f"calendar ({CALENDAR}), which no command can show: `{REPAIR}` sets them aside in a file")


def told(count: int, where: Path) -> str:
    """The one line said once records were set aside."""
    return (f"{count:,} record{'' if count == 1 else 's'} dated outside the tutor's calendar ({CALENDAR}) "
            f"{'was' if count == 1 else 'were'} set aside in {str(where)!r}")


def aside_path(path: Path) -> Path:
    """A file name next to the store for the records set aside, not taken yet."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.set-aside-{stamp}.json")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.set-aside-{stamp}-{n}.json")
    return target


def set_aside(db: sqlite3.Connection, path: Path) -> tuple[int, Path | None]:
    """Move the records dated outside the calendar into a JSON file next to ``path`` (by table), in one
    transaction; how many, and the file (None when there were none).  ``sqlite3.Error``/``OSError`` if it fails:
    then nothing was removed."""
    db.execute("BEGIN IMMEDIATE")
    try:
        found: dict[str, list[dict[str, object]]] = {}
        for table in LESSON_TABLES:
            cur = db.execute(f"SELECT * FROM {table} WHERE {OUTSIDE}", BOUNDS)
            cols = [d[0] for d in cur.description]
            rows = [dict(zip(cols, row, strict=True)) for row in cur.fetchall()]
            if rows:
                found[table] = rows
        count = sum(len(rows) for rows in found.values())
        target = aside_path(path) if count else None
        if target is not None:
            temporary = target.with_name(target.name + ".tmp")
            temporary.write_text(json.dumps(found, indent=2), encoding="utf-8")
            os.replace(temporary, target)
            for table in found:
                db.execute(f"DELETE FROM {table} WHERE {OUTSIDE}", BOUNDS)
        db.execute("COMMIT")
    except BaseException:
        with suppress(sqlite3.Error):
            db.execute("ROLLBACK")
        raise
    return count, target

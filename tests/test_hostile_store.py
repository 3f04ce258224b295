"""Issue 30.3: the store checked for truncation and replacement in place before each commit.  The issue's case:
a database truncated in place during a session (same inode, so the moved-file check cannot fire) lost every
later answer with no word.  Now the damaged file is moved aside, a fresh one started, every answer given after
the damage is stored in it (counted with sqlite3 itself), and the learner hears it once, in one line."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from tests.helpers import new_session, text
from tutor.progress import Progress
from tutor.progress.events import Attempt
from tutor.progress.schema import in_place_damage


def answers(db: Path) -> list[str]:
    with sqlite3.connect(db) as con:
        return [str(r[0]) for r in con.execute("SELECT answer FROM attempts ORDER BY at")]


def empty(db: Path) -> None:
    os.truncate(db, 0)


def halve(db: Path) -> None:
    os.truncate(db, os.path.getsize(db) // 2)


def scribble(db: Path) -> None:
    with db.open("r+b") as handle:  # the same file, its header overwritten
        handle.write(b"not a database any more " * 4)


DAMAGE = [(empty, "it was emptied"), (halve, "it was cut to"), (scribble, "no longer starts as a database")]


@pytest.mark.parametrize("damage, says", DAMAGE, ids=[d[0].__name__ for d in DAMAGE])
def test_answers_after_damage_in_place_are_stored_in_a_fresh_file(tmp_path, damage, says):
    db = tmp_path / "progress.sqlite3"
    store = Progress(db)
    for i in range(3):
        store.record(Attempt("coins-1", 0, f"before{i}", False, "no", 1.0, at=1_770_000_000.0 + i))
    inode = db.stat().st_ino
    damage(db)
    assert db.stat().st_ino == inode  # in place: the moved-or-deleted check sees the same file
    assert says in in_place_damage(db)
    for i in range(4):
        store.record(Attempt("coins-1", 0, f"after{i}", False, "no", 1.0, at=1_780_000_000.0 + i))
    status = store.status()
    assert not status.kept and says in status.damaged
    assert answers(db) == [f"after{i}" for i in range(4)]  # every answer since, in the fresh file
    moved = list(tmp_path.glob("progress.sqlite3.damaged-*"))
    assert len(moved) == 1 and str(moved[0]) in status.damaged
    assert in_place_damage(db) == ""


def test_a_whole_file_is_never_taken_for_a_damaged_one(tmp_path):
    db = tmp_path / "progress.sqlite3"
    store, other = Progress(db), Progress(db)  # two tutors on one file, writing in turn
    for i in range(50):
        (store if i % 2 else other).record(Attempt("coins-1", 0, str(i), False, "no", 1.0, at=1.77e9 + i))
    assert in_place_damage(db) == "" and not store.status().damaged and not other.status().damaged
    assert len(answers(db)) == 50 and not list(tmp_path.glob("*.damaged-*"))


def test_the_session_says_it_once_and_keeps_answering(tmp_path):
    db = tmp_path / "progress.sqlite3"
    session = new_session(db)
    session.handle("/open coins-1")
    session.handle("")
    session.handle("")
    first = text(session.handle("7"))
    assert "damaged" not in first
    empty(db)
    said = [text(session.handle(answer)) for answer in ("8", "9", "10")]
    told = [s for s in said if "was damaged while the tutor ran" in s]
    assert len(told) == 1 and "it was emptied" in told[0] and "a new one is started" in told[0]
    assert answers(db) == ["8", "9", "10"]

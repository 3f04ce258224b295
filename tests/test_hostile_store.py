"""Issue 30.3: the store checked for truncation and replacement in place before each commit.  The issue's case:
a database truncated in place during a session (same inode, so the moved-file check cannot fire) lost every
later answer with no word.  Now the damaged file is moved aside, a fresh one started, every answer given after
the damage is stored in it (counted with sqlite3 itself), and the learner hears it once, in one line."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
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


def overwrite(db: Path, data: bytes) -> None:
    """Write ``data`` over the file in place (the same inode), keeping its size."""
    size = db.stat().st_size
    with db.open("r+b") as handle:
        handle.write((data * (size // len(data) + 1))[:size])


def noise(db: Path) -> None:
    overwrite(db, os.urandom(4096))


def zeros(db: Path) -> None:
    overwrite(db, b"\0")


def another_file(db: Path) -> None:
    """Another file of the same size copied over it in place, as ``cp other progress.sqlite3`` does."""
    overwrite(db, json.dumps({"format": 3, "profile": "someone else", "attempts": []}).encode())


OVERWRITTEN = "it was overwritten in place: it no longer starts as a database"
DAMAGE = [(empty, "it was emptied"), (halve, "it was cut from"), (noise, OVERWRITTEN), (zeros, OVERWRITTEN),
          (another_file, OVERWRITTEN)]
# Not covered: a file overwritten in place by another SQLite database of the same size, or past its first page
# only: its header is whole, so only SQLite's own reading of a damaged page finds it (the same fresh start then).


@pytest.mark.parametrize("damage, says", DAMAGE, ids=[d[0].__name__ for d in DAMAGE])
def test_answers_after_damage_in_place_are_stored_in_a_fresh_file(tmp_path, damage, says):
    db = tmp_path / "progress.sqlite3"
    store = Progress(db)
    for i in range(3):
        store.record(Attempt("coins-1", 0, f"before{i}", False, "no", 1.0, at=1_770_000_000.0 + i))
    inode, size = db.stat().st_ino, db.stat().st_size
    damage(db)
    assert db.stat().st_ino == inode  # in place: the moved-or-deleted check sees the same file
    assert says in in_place_damage(db, size)[0]
    for i in range(4):
        store.record(Attempt("coins-1", 0, f"after{i}", False, "no", 1.0, at=1_780_000_000.0 + i))
    status = store.status()
    assert not status.kept and says in status.damaged
    assert answers(db) == [f"after{i}" for i in range(4)]  # every answer since, in the fresh file
    moved = list(tmp_path.glob("progress.sqlite3.damaged-*"))
    assert len(moved) == 1 and str(moved[0]) in status.damaged
    assert in_place_damage(db, db.stat().st_size)[0] == ""


def test_a_whole_file_is_never_taken_for_a_damaged_one(tmp_path):
    db = tmp_path / "progress.sqlite3"
    store, other = Progress(db), Progress(db)  # two tutors on one file, writing in turn
    for i in range(50):
        (store if i % 2 else other).record(Attempt("coins-1", 0, str(i), False, "no", 1.0, at=1.77e9 + i))
    assert in_place_damage(db, db.stat().st_size)[0] == ""
    assert not store.status().damaged and not other.status().damaged
    assert len(answers(db)) == 50 and not list(tmp_path.glob("*.damaged-*"))


LOCKED = """
import fcntl, os, sys
handle = os.open(sys.argv[1], os.O_RDWR)
try:  # SQLite's shared-lock bytes of the database file, as another tutor closing its connection asks for them
    fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB, 510, 0x40000002)
    print("free")
except OSError:
    print("held")
"""


def test_looking_at_the_header_keeps_the_locks_sqlite_holds(tmp_path):
    """The check before each commit must not drop the POSIX locks SQLite holds on the file (opening and closing it
    in this process would, and another tutor would then delete the live journal)."""
    db = tmp_path / "progress.sqlite3"
    store = Progress(db)
    store.record(Attempt("coins-1", 0, "1", False, "no", 1.0, at=1.77e9))

    def lock() -> str:
        return subprocess.run([sys.executable, "-c", LOCKED, str(db)], capture_output=True, text=True,
                              check=True).stdout.strip()

    assert lock() == "held"  # WAL: a connection holds a shared lock on the database file while it is open
    for i in range(5):
        assert in_place_damage(db, db.stat().st_size) == ("", db.stat().st_size)
        store.record(Attempt("coins-1", 0, str(i), False, "no", 1.0, at=1.77e9 + i + 1))
    assert lock() == "held"
    with db.open("rb") as handle:  # the check this replaces: a plain read here drops them, which the probe sees
        handle.read(100)
    assert lock() == "free"


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
    noise(db)  # the fresh file, overwritten at its own size this time
    said = [text(session.handle(answer)) for answer in ("11", "12")]
    told = [s for s in said if "was damaged while the tutor ran" in s]
    assert len(told) == 1 and OVERWRITTEN in " ".join(told[0].split())
    moved = [p for p in tmp_path.glob("progress.sqlite3.damaged-*") if not p.name.endswith(("-wal", "-shm"))]
    assert answers(db) == ["11", "12"] and len(moved) == 2  # each damaged file moved aside with its journal


def test_sessions_keep_every_answer_while_imports_and_exports_run_beside_them(tmp_path):
    """Three plain-mode sessions answer at once on one data folder while other processes export the store and
    import a second machine's export in a loop: every verdict shown is stored, every import lands whole (once),
    and every export read back is a whole export."""
    import json
    import subprocess
    import sys

    from tests.test_hostile_import import export

    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "TUTOR_HOME": str(home)}
    other = export(tmp_path / "other.json", *({"lesson": "coins-2", "step": 1 + i % 4, "at": 1_770_000_000.0 + i,
                                               "answer": str(i)} for i in range(200)))
    transcript = "/open coins-1\n\n\n" + "7\n" * 60 + "/quit\n"
    sessions = [subprocess.Popen([sys.executable, "-m", "tutor"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=env) for _ in range(3)]
    for proc in sessions:
        assert proc.stdin is not None
        proc.stdin.write(transcript)
        proc.stdin.close()
    runs, exports = 0, []
    while any(p.poll() is None for p in sessions) or runs < 4:
        out = tmp_path / f"export{runs}.json"
        for argv in (["progress", "--export", str(out)], ["progress", "--import", str(other)]):
            done = subprocess.run([sys.executable, "-m", "tutor", *argv], env=env, capture_output=True, text=True,
                                  timeout=300)
            assert done.returncode == 0, done.stderr
        exports.append(out)
        runs += 1
    outputs = [p.stdout.read() if p.stdout else "" for p in sessions]
    for proc in sessions:
        proc.wait(timeout=300)
    shown = sum(out.count("\nx ") + out.count("\n✗ ") for out in outputs)
    assert shown == 3 * 60
    with sqlite3.connect(home / "progress.sqlite3") as con:
        stored = con.execute("SELECT count(*) FROM attempts WHERE lesson = 'coins-1'").fetchone()[0]
        imported = con.execute("SELECT count(*) FROM attempts WHERE lesson = 'coins-2'").fetchone()[0]
    assert not list(home.glob("*.damaged-*")), sorted(p.name for p in home.iterdir())
    assert stored == shown and imported == 200  # imported once, however many times it ran
    for out in exports:  # each export is whole: it parses, and holds the import once it had run
        data = json.loads(out.read_text(encoding="utf-8"))
        assert sum(a["lesson"] == "coins-2" for a in data["attempts"]) in (0, 200)
    assert not list(home.glob("*.damaged-*"))

"""The progress file under attack: moved aside or deleted mid-session, given a trigger that drops records, a
check message that is not text, and read where the tutor may not write."""

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
from tutor.progress.schema import Damaged, connect


def attempts(db: Path) -> int:
    with sqlite3.connect(db) as con:
        return int(con.execute("SELECT count(*) FROM attempts").fetchone()[0])


@pytest.mark.parametrize("how", ["moved", "deleted"])
def test_a_file_moved_or_deleted_mid_session_loses_nothing_and_the_learner_is_told(tmp_path: Path, how: str) -> None:
    db = tmp_path / "progress.sqlite3"
    session = new_session(db)
    session.handle("/open coins-1")
    session.handle("")
    session.handle("")
    session.handle("4")  # a wrong answer: stored in the first file
    assert attempts(db) == 1
    for suffix in ("", "-wal", "-shm"):
        old = Path(str(db) + suffix)
        if old.exists():
            if how == "moved":
                old.rename(Path(str(tmp_path / "aside.sqlite3") + suffix))
            else:
                old.unlink()
    shown = text(session.handle("5"))  # the next answer finds the file gone
    assert "was moved or deleted while the tutor ran" in shown, shown
    assert db.exists() and attempts(db) == 1  # stored in the new file, as the learner is told
    session.handle("3")
    assert attempts(db) == 2 and "moved or deleted" not in text(session.handle("/progress"))  # said once


def test_a_database_with_a_trigger_that_drops_attempts_is_moved_aside(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    Progress(db).record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    with sqlite3.connect(db) as con:
        con.execute("CREATE TRIGGER forget AFTER INSERT ON attempts BEGIN DELETE FROM attempts; END")
    progress = Progress(db)
    assert progress.opening is not None and "trigger 'forget'" in progress.opening.reason
    assert progress.opening.moved_to and Path(progress.opening.moved_to).exists()
    progress.record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    assert attempts(db) == 1  # the fresh file keeps what it is given


def test_a_view_or_a_foreign_table_is_refused_too(tmp_path: Path) -> None:
    for sql, words in (("CREATE VIEW v AS SELECT 1", "view 'v'"), ("CREATE TABLE extra (x)", "table 'extra'")):
        db = tmp_path / f"{words.split()[0]}.sqlite3"
        Progress(db).record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
        with sqlite3.connect(db) as con:
            con.execute(sql)
        with pytest.raises(Damaged, match=words):
            connect(db, 0.1)


def test_a_check_message_that_is_not_text_is_damage_not_a_crash(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import tutor.progress.schema as schema

    db = tmp_path / "progress.sqlite3"
    Progress(db).record(Attempt("coins-1", 0, "3", True, "Right", 0.2))

    def broken(*_: object) -> None:
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    monkeypatch.setattr(schema, "check", broken)
    progress = Progress(db)
    assert progress.opening is not None and "not text" in progress.opening.reason and progress.opening.moved_to


def test_reading_progress_never_writes_the_file(tmp_path: Path) -> None:
    db = tmp_path / "progress.sqlite3"
    writer = Progress(db)
    writer.record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    assert writer.db is not None
    writer.db.close()
    before = db.read_bytes()
    reader = Progress(db, strict=True, readonly=True)
    assert reader.summary("coins-1").attempts == 1 and json.loads(reader.export_json())["attempts"]
    assert db.read_bytes() == before  # not a byte written (SQLite may keep its shared-memory index beside it)
    fresh = Progress(tmp_path / "none.sqlite3", strict=True, readonly=True)
    assert fresh.summary("coins-1").attempts == 0 and fresh.profile_id() == ""
    assert not (tmp_path / "none.sqlite3").exists()


@pytest.mark.skipif(os.geteuid() != 0 or sys.platform != "linux", reason="needs root to lock a file against root")
def test_progress_command_reads_an_immutable_database(tmp_path: Path) -> None:
    """As root, chmod does not stop writes: ``chattr +i`` does, where the file system has it."""
    home = tmp_path / "home"
    home.mkdir()
    db = home / "progress.sqlite3"
    Progress(db).record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    if subprocess.run(["chattr", "+i", str(db)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not available here")
    try:
        env = {**os.environ, "TUTOR_HOME": str(home)}
        run = subprocess.run([sys.executable, "-m", "tutor", "progress", "--json"], capture_output=True, text=True,
                             env=env)
        assert run.returncode == 0, run.stderr
        assert any(r["lesson"] == "coins-1" and r["attempts"] == 1 for r in json.loads(run.stdout)["lessons"])
    finally:
        subprocess.run(["chattr", "-i", str(db)], capture_output=True)

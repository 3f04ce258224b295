"""Progress in SQLite: committed as it happens, exported, reset, and robust to a bad database."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

from tests.helpers import new_session
from tutor.progress import Progress


def test_each_write_is_committed_immediately(tmp_path):
    db = tmp_path / "p.sqlite3"
    progress = Progress(db)
    progress.record_attempt("coins-1", 2, "4", False, "Not right", 1.5)
    progress.complete("coins-1", 2)
    # a second, independent connection sees the rows without any close or commit call
    other = sqlite3.connect(db)
    assert other.execute("SELECT answer, correct FROM attempts").fetchall() == [("4", 0)]
    assert other.execute("SELECT lesson, step FROM completed").fetchall() == [("coins-1", 2)]


def test_completion_is_never_undone_and_reset_forgets(tmp_path):
    progress = Progress(tmp_path / "p.sqlite3")
    progress.complete("coins-1", 2)
    progress.complete("coins-1", 2, how="again")
    progress.record_attempt("coins-1", 2, "x", False, "wrong", 0.1)
    assert progress.completed("coins-1") == frozenset({2})
    assert progress.reset("coins-1") >= 2
    assert progress.completed("coins-1") == frozenset()
    assert progress.summary("coins-1").attempts == 0


def test_damaged_database_falls_back_to_memory_with_a_warning(tmp_path):
    db = tmp_path / "p.sqlite3"
    db.write_bytes(b"this is not a database" * 100)
    progress = Progress(db)
    assert "cannot be used" in progress.warning and str(db) in progress.warning
    progress.record_attempt("coins-1", 0, "3", True, "Right", 0.2)  # still works, in memory
    session = new_session(db)
    greeting = [r.text for r in session.start()]
    assert any("cannot be used" in line for line in greeting)


def test_unwritable_location_falls_back(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    progress = Progress(blocker / "sub" / "p.sqlite3")  # parent is a file: cannot be created
    assert progress.warning
    progress.complete("coins-1", 1)
    assert progress.completed("coins-1") == frozenset({1})


def test_locked_database_degrades_to_a_warning(tmp_path):
    db = tmp_path / "p.sqlite3"
    progress = Progress(db)
    locker = sqlite3.connect(db, isolation_level=None, timeout=0)
    locker.execute("BEGIN EXCLUSIVE")
    progress.db.execute("PRAGMA busy_timeout = 50")
    progress.record_attempt("coins-1", 0, "3", True, "Right", 0.2)
    assert "could not save progress" in progress.warning
    locker.execute("ROLLBACK")


def test_export_contains_everything(tmp_path):
    progress = Progress(tmp_path / "p.sqlite3")
    progress.record_attempt("coins-2", 1, "5", True, "Right", 2.0)
    progress.record_hint("coins-2", 2, 1)
    progress.record_solution("coins-2", 3)
    data = json.loads(progress.export_json())
    assert data["attempts"][0]["answer"] == "5"
    assert data["hints"][0]["level"] == 1 and data["solutions"][0]["step"] == 3
    assert len(data["profile"]) == 32


def run_tutor(args, home, stdin=""):
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, input=stdin,
                          env={**__import__("os").environ, "TUTOR_HOME": str(home)}, timeout=120)


def test_progress_command_json_export_reset(tmp_path):
    transcript = "/open coins-1\n\n\n3\n/quit\n"
    assert run_tutor([], tmp_path, transcript).returncode == 0
    shown = run_tutor(["progress", "--json"], tmp_path)
    assert shown.returncode == 0
    rows = {r["lesson"]: r for r in json.loads(shown.stdout)["lessons"]}
    assert rows["coins-1"]["answered"] == 1 and rows["coins-1"]["attempts"] == 1
    assert rows["coins-1"]["complete"] is False
    out = tmp_path / "export.json"
    assert run_tutor(["progress", "--export", str(out)], tmp_path).returncode == 0
    assert json.loads(out.read_text())["attempts"][0]["lesson"] == "coins-1"
    assert run_tutor(["progress", "--reset", "coins-1"], tmp_path).returncode == 0
    rows = {r["lesson"]: r for r in json.loads(run_tutor(["progress", "--json"], tmp_path).stdout)["lessons"]}
    assert rows["coins-1"]["attempts"] == 0
    bad = run_tutor(["progress", "--export", str(tmp_path / "no" / "dir" / "x.json")], tmp_path)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1

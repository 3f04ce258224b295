"""Progress in SQLite: committed as it happens, never lost silently, shared safely, damage detected, versioned."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time

import helpers
import pytest

from tests.helpers import new_session
from tutor.cli import main
from tutor.course import load_catalog
from tutor.progress import MIGRATIONS, Progress, ProgressError
from tutor.progress.events import Attempt, Completed, HintShown, Position, Revealed
from tutor.session import Session
from tutor.session.saving import SavingNews, opening_text
from tutor.storage.clock import Stopped, parse

OLD_SCHEMA = """
CREATE TABLE profile (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE attempts (id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step INTEGER NOT NULL, answer TEXT NOT NULL,
    correct INTEGER NOT NULL, verdict TEXT NOT NULL, seconds REAL NOT NULL, at REAL NOT NULL);
CREATE TABLE hints (id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step INTEGER NOT NULL, level INTEGER NOT NULL,
    at REAL NOT NULL);
CREATE TABLE completed (lesson TEXT NOT NULL, step INTEGER NOT NULL, how TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (lesson, step));
CREATE TABLE solutions (id INTEGER PRIMARY KEY, lesson TEXT NOT NULL, step INTEGER NOT NULL, at REAL NOT NULL);
CREATE TABLE position (lesson TEXT PRIMARY KEY, step INTEGER NOT NULL, at REAL NOT NULL);
CREATE TABLE games (lesson TEXT NOT NULL, step INTEGER NOT NULL, moves TEXT NOT NULL, at REAL NOT NULL,
    PRIMARY KEY (lesson, step));
"""  # the schema before versions (issue 11): files like this exist on learners' machines


NEWS: dict[int, SavingNews] = {}


def news(progress: Progress) -> SavingNews:
    """What a session tells its learner about saving, for this store (one per store, as a session has)."""
    return NEWS.setdefault(id(progress), SavingNews(progress))


def warning(progress: Progress) -> str:
    """What a session says at the start when the database could not be used as it was ("" if it could)."""
    return "" if progress.opening is None else opening_text(progress.opening)



def stored(db, table="attempts"):
    return sqlite3.connect(db).execute(f"SELECT count(*) FROM {table}").fetchone()[0]


def test_each_write_is_committed_immediately(tmp_path):
    db = tmp_path / "p.sqlite3"
    progress = Progress(db)
    progress.record(Attempt("coins-1", 2, "4", False, "Not right", 1.5))
    progress.record(Completed("coins-1", 2))
    # a second, independent connection sees the rows without any close or commit call
    other = sqlite3.connect(db)
    assert other.execute("SELECT answer, correct FROM attempts").fetchall() == [("4", 0)]
    assert other.execute("SELECT lesson, step FROM completed").fetchall() == [("coins-1", 2)]
    assert other.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # readers never wait for a writer


def test_completion_is_never_undone_and_reset_forgets(tmp_path):
    progress = Progress(tmp_path / "p.sqlite3")
    progress.record(Completed("coins-1", 2))
    progress.record(Completed("coins-1", 2, how="again"))
    progress.record(Attempt("coins-1", 2, "x", False, "wrong", 0.1))
    assert progress.completed("coins-1") == frozenset({2})
    assert progress.reset("coins-1") >= 2
    assert progress.completed("coins-1") == frozenset()
    assert progress.summary("coins-1").attempts == 0


# -- damaged databases -------------------------------------------------------------------------------


def test_damaged_database_is_moved_aside_and_a_fresh_one_started(tmp_path):
    db = tmp_path / "p.sqlite3"
    garbage = b"this is not a database" * 100
    db.write_bytes(garbage)
    progress = Progress(db)
    assert "cannot be used" in warning(progress) and str(db) in warning(progress) and "moved to" in warning(progress)
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("p.sqlite3.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == garbage  # nothing of the learner's is deleted
    progress.record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    assert stored(db) == 1  # the fresh database really stores
    db.write_bytes(garbage)
    session = new_session(db)
    greeting = [r.text for r in session.start()]
    assert any("cannot be used" in line and "moved to" in line for line in greeting)


@pytest.mark.parametrize("seed", range(8))
def test_random_damage_is_detected_or_harmless(tmp_path, seed):
    """Random bytes written over a real progress file: the store opens (moving the file aside if it must),
    every read works, and new progress is stored."""
    import random

    db = tmp_path / "p.sqlite3"
    progress = Progress(db)
    for i in range(200):
        progress.record(Attempt(f"coins-{i % 3}", i % 5, "0123 " * 20, i % 2 == 0, "verdict " * 10, 1.0))
    del progress
    rng = random.Random(seed)
    data = bytearray(db.read_bytes() if db.stat().st_size else b"")
    wal = db.with_name(db.name + "-wal")
    if wal.exists():  # fold the journal in first, so the damage hits the pages themselves
        sqlite3.connect(db).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        data = bytearray(db.read_bytes())
    for _ in range(rng.randint(1, 40)):
        at = rng.randrange(len(data))
        data[at:at + 16] = rng.randbytes(16)
    db.write_bytes(bytes(data))
    again = Progress(db)
    for lesson in ("coins-0", "coins-1", "coins-2"):
        again.summary(lesson)
    assert again.export()["profile"]
    again.record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    assert again.summary("coins-1").attempts >= 1
    assert sqlite3.connect(db).execute("PRAGMA quick_check").fetchone()[0] == "ok"


def test_text_that_is_not_utf8_is_read_with_replacement(tmp_path):
    db = tmp_path / "p.sqlite3"
    progress = Progress(db)
    raw = sqlite3.connect(db, isolation_level=None)
    raw.execute("INSERT INTO attempts (lesson, step, answer, correct, verdict, seconds, at) "
                "VALUES (CAST(X'C0FF' AS TEXT), 0, CAST(X'FFFE' AS TEXT), 0, 'x', 0, 0)")
    assert "\ufffd" in progress.lessons()[0]
    assert json.loads(progress.export_json())["attempts"][0]["answer"] == "\ufffd\ufffd"


def test_a_file_with_other_tables_is_not_a_progress_database(tmp_path):
    db = tmp_path / "p.sqlite3"
    sqlite3.connect(db).executescript("CREATE TABLE attempts (x TEXT); INSERT INTO attempts VALUES ('mine');")
    progress = Progress(db)
    assert "not a tutor progress database" in warning(progress)
    progress.record(Completed("coins-1", 1))
    assert Progress(db).completed("coins-1") == frozenset({1})


# -- schema versions ----------------------------------------------------------------------------------


def test_a_file_from_before_versions_is_migrated_and_keeps_everything(tmp_path):
    db = tmp_path / "p.sqlite3"
    old = sqlite3.connect(db)
    old.executescript(OLD_SCHEMA)
    old.execute("INSERT INTO attempts (lesson, step, answer, correct, verdict, seconds, at) "
                "VALUES ('coins-1', 2, '3', 1, 'Right', 1.0, 0)")
    old.execute("INSERT INTO completed VALUES ('coins-1', 2, 'answered', 0)")
    old.commit()
    progress = Progress(db)
    assert warning(progress) == ""
    assert progress.summary("coins-1").attempts == 1 and progress.completed("coins-1") == frozenset({2})
    check = sqlite3.connect(db)
    assert check.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS) == 4
    indexes = {r[0] for r in check.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    assert {"attempts_by_lesson", "hints_by_lesson", "solutions_by_lesson"} <= indexes


def test_columns_added_by_a_later_version_do_not_break_a_file(tmp_path):
    db = tmp_path / "p.sqlite3"
    Progress(db).record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    later = sqlite3.connect(db)
    later.execute("ALTER TABLE attempts ADD COLUMN mood TEXT DEFAULT 'calm'")
    later.commit()
    progress = Progress(db)
    progress.record(Attempt("coins-1", 1, "4", False, "Not right", 0.3))
    assert progress.summary("coins-1").attempts == 2
    assert json.loads(progress.export_json())["attempts"][0]["mood"] == "calm"


def test_a_file_from_a_newer_tutor_is_left_alone(tmp_path):
    db = tmp_path / "p.sqlite3"
    Progress(db).record(Completed("coins-1", 1))
    newer = sqlite3.connect(db)
    newer.execute("PRAGMA user_version = 99")
    newer.commit()
    before = db.read_bytes()
    progress = Progress(db)
    assert "newer tutor" in warning(progress)
    progress.record(Completed("coins-1", 2))  # kept in memory, never written into a schema this tutor does not know
    assert progress.completed("coins-1") == frozenset({2})
    assert db.read_bytes() == before
    assert "Could not save 1 record " in news(progress).finish()


# -- writes that cannot be made ----------------------------------------------------------------------


def test_unwritable_location_keeps_progress_and_says_so(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    progress = Progress(blocker / "sub" / "p.sqlite3", finish_wait=0)  # parent is a file: cannot be created
    assert warning(progress)
    progress.record(Completed("coins-1", 1))
    assert progress.completed("coins-1") == frozenset({1})
    assert "could not be saved" in news(progress).notice()
    assert "1 completed step" in news(progress).finish()


def test_locked_database_keeps_writes_and_stores_them_later(tmp_path):
    db = tmp_path / "p.sqlite3"
    progress = Progress(db, busy=0.05)
    locker = sqlite3.connect(db, isolation_level=None, timeout=0)
    locker.execute("BEGIN EXCLUSIVE")
    progress.record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    progress.record(Completed("coins-1", 0))
    assert "could not be saved just now (database is locked)" in news(progress).notice()
    assert news(progress).notice() == ""  # said once
    assert progress.summary("coins-1").attempts == 1 and progress.completed("coins-1") == frozenset({0})
    locker.execute("ROLLBACK")
    progress.retry_at = 0  # the retry delay has passed
    progress.record(HintShown("coins-1", 0, 1))
    assert "saved again" in news(progress).notice()
    assert (stored(db), stored(db, "completed"), stored(db, "hints")) == (1, 1, 1)


def test_a_read_only_database_keeps_writes_and_leaving_says_what_is_lost(tmp_path):
    db = tmp_path / "p.sqlite3"
    progress = Progress(db, finish_wait=0)
    progress.record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    progress.db = sqlite3.connect(f"file:{db}?mode=ro", uri=True, isolation_level=None)  # as if chmod 444
    session = Session(load_catalog(), progress)
    replies = session.handle("/open coins-1")  # opening writes the learner's place: the first failed write
    assert any("could not be saved just now" in r.text and "readonly" in r.text for r in replies)
    session.handle("")
    session.handle("")
    session.handle("7")
    shown = next(r.text for r in session.handle("/progress"))
    assert "coins-1:" in shown and "2 attempts" in shown  # the stored one and the kept one
    assert "NOT SAVED" in session.toolbar()
    bye = [r.text for r in session.handle("/quit")]
    assert "Could not save" in bye[0] and "1 attempt" in bye[0] and "places in lessons" in bye[0]
    assert bye[-1] == "Bye!"


def test_a_lock_held_mid_session_loses_nothing(tmp_path):
    """Another program holds the database for a while in the middle of a session: every answer, hint and
    completed step is stored once it lets go, and the learner hears about it in the next reply."""
    db = tmp_path / "p.sqlite3"
    session = Session(load_catalog(), Progress(db, busy=0.05))
    session.handle("/open coins-1")
    session.handle("")
    session.handle("")
    locker = sqlite3.connect(db, isolation_level=None, timeout=0)
    locker.execute("BEGIN EXCLUSIVE")
    first = session.handle("7")
    assert any(r.kind == "error" and "could not be saved" in r.text for r in first)
    session.handle("/hint")
    session.handle("8")
    locker.execute("ROLLBACK")
    session.progress.retry_at = 0
    right = session.handle(str(session.step.puzzle.compute(session.step.game, "classes")))
    assert any("saved again" in r.text for r in right)
    assert (stored(db), stored(db, "hints"), stored(db, "completed")) == (3, 1, 1)
    assert [r.text for r in session.handle("/quit")] == ["Progress saved. Bye!"]


def test_progress_command_errors_are_one_line_exit_2(tmp_path, monkeypatch, capsys):
    db = tmp_path / "progress.sqlite3"
    db.write_bytes(os.urandom(4096))
    damaged = run_tutor(["progress", "--json"], tmp_path)
    assert damaged.returncode == 2 and len(damaged.stderr.strip().splitlines()) == 1
    assert "moved to" in damaged.stderr and "Traceback" not in damaged.stderr
    assert run_tutor(["progress", "--json"], tmp_path).returncode == 0  # the fresh one works
    Progress(db).record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    locker = sqlite3.connect(db, isolation_level=None, timeout=0)
    locker.execute("BEGIN EXCLUSIVE")
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    monkeypatch.setattr("tutor.progress.BUSY_SECONDS", 0.05)
    assert main(["progress", "--reset", "coins-1"]) == 2
    err = capsys.readouterr().err
    assert "could not reset" in err and "nothing was removed" in err and len(err.strip().splitlines()) == 1
    strict = Progress(db, strict=True, busy=0.05)
    locker.execute("ROLLBACK")  # (the reset above ran while it was held)
    assert stored(db) == 1
    locker.execute("BEGIN EXCLUSIVE")
    with pytest.raises(ProgressError, match="could not reset"):
        strict.reset("coins-1")
    with pytest.raises(ProgressError, match="could not save"):
        strict.record(HintShown("coins-1", 0, 1))
    locker.execute("ROLLBACK")


def test_progress_json_while_a_session_writes(tmp_path):
    db = tmp_path / "progress.sqlite3"
    writer = sqlite3.connect(db, isolation_level=None)
    session = Progress(db)  # as a session does: its profile, then its answers
    profile = session.profile_id()
    session.record(Attempt("coins-1", 0, "3", True, "Right", 0.2))
    writer.execute("BEGIN IMMEDIATE")  # a write transaction in progress elsewhere
    writer.execute("INSERT INTO hints (lesson, step, level, at) VALUES ('coins-1', 0, 1, 0)")
    shown = run_tutor(["progress", "--json"], tmp_path)
    writer.execute("COMMIT")
    assert shown.returncode == 0, shown.stderr
    data = json.loads(shown.stdout)
    rows = {r["lesson"]: r for r in data["lessons"]}
    assert rows["coins-1"]["attempts"] == 1 and rows["coins-1"]["hints"] == 0 and data["profile"] == profile


def test_export_contains_everything(tmp_path):
    progress = Progress(tmp_path / "p.sqlite3")
    progress.record(Attempt("coins-2", 1, "5", True, "Right", 2.0))
    progress.record(HintShown("coins-2", 2, 1))
    progress.record(Revealed("coins-2", 3))
    data = json.loads(progress.export_json())
    assert data["attempts"][0]["answer"] == "5"
    assert data["hints"][0]["level"] == 1 and data["solutions"][0]["step"] == 3
    assert len(data["profile"]) == 32


def run_tutor(args, home, stdin=""):
    """``tutor ARGS`` in this process (tests/helpers.py) with its own home; the tests below that need real
    processes (concurrent sessions, kill -9) start them."""
    return helpers.run_tutor(*args, stdin=stdin, env={"TUTOR_HOME": str(home)})


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


# -- several tutors on one data folder, and kill -9 -----------------------------------------------------


def session_process(home):
    return subprocess.Popen([sys.executable, "-m", "tutor"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "TUTOR_HOME": str(home)})


def test_concurrent_sessions_store_every_attempt(tmp_path):
    """Four plain-mode sessions on one data folder answer at once: every verdict shown is stored."""
    sessions, answers = 4, 50
    transcript = "/open coins-1\n\n\n" + "7\n" * answers + "/quit\n"
    procs = [session_process(tmp_path) for _ in range(sessions)]
    for proc in procs:  # every session has its whole input before any is read, so all four answer at once
        assert proc.stdin is not None
        proc.stdin.write(transcript)
        proc.stdin.close()
    outputs = [p.stdout.read() if p.stdout else "" for p in procs]
    for proc in procs:
        proc.wait(timeout=300)
    shown = sum(out.count("\nx ") + out.count("\n✗ ") for out in outputs)
    assert shown == sessions * answers
    assert stored(tmp_path / "progress.sqlite3") == shown
    assert all(out.rstrip().endswith("Progress saved. Bye!") for out in outputs)


def test_kill_9_at_random_points_loses_nothing(tmp_path):
    """Sessions killed (SIGKILL) at random moments while answering: every verdict shown was stored first
    (each reply is printed after its record is committed), and the database opens cleanly afterwards."""
    import random

    rng = random.Random(14)
    shown = runs = 0
    for _ in range(3):
        proc = session_process(tmp_path)
        assert proc.stdin is not None
        proc.stdin.write("/open coins-1\n\n\n" + "7\n" * 400)
        proc.stdin.flush()
        assert proc.stdout is not None
        first = ""
        while "Not right" not in first:  # answering has begun, however slow the machine is to start up
            line = proc.stdout.readline()
            assert line, "the session ended before answering"
            first += line
        time.sleep(rng.random() * 0.3)  # somewhere in the middle of the answers
        proc.kill()
        out = first + proc.communicate()[0]
        shown += out.count("\nx ") + out.count("\n✗ ")
        runs += 1
    db = tmp_path / "progress.sqlite3"
    assert shown > 0
    assert shown <= stored(db) <= shown + runs  # a kill between commit and print hides at most one per run
    assert Progress(db).opening is None
    assert sqlite3.connect(db).execute("PRAGMA quick_check").fetchone()[0] == "ok"


def test_the_lesson_used_last_is_resumed_when_times_tie(tmp_path):
    """Under a stopped clock (TUTOR_NOW) every event of a session has the same time: the one stored last wins."""
    db = tmp_path / "progress.sqlite3"
    for lesson in ("coins-1", "coins-6", "wythoff-2", "coins-6"):
        store = Progress(db, clock=Stopped(parse("2026-03-01T09:00")))
        store.record(Position(lesson, 1))
        store.flush()
        assert Progress(db).last_lesson() == lesson

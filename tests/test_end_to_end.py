"""The installed ``tutor`` command, end to end: a scripted lesson in plain mode, and a kill mid-lesson."""

from __future__ import annotations

import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest


def tutor_command() -> list[str]:
    """The console script installed next to this interpreter (falls back to python -m tutor)."""
    script = Path(sys.executable).parent / "tutor"
    return [str(script)] if script.exists() else [sys.executable, "-m", "tutor"]


def env_for(home: Path) -> dict[str, str]:
    return {**os.environ, "TUTOR_HOME": str(home), "NO_COLOR": "1"}


def test_scripted_first_lesson_in_plain_mode(tmp_path):
    transcript = "\n".join([
        "1",          # open the first lesson by its number
        "", "",       # two say steps
        "4",          # a misconception the engine names
        "3",          # right
        "01", "/hint", "0", "01",   # play against the Devil and win
        "01 0",       # a wrong strategy: counterexample
        "01 0 01",    # right
        "3",
        "",
    ]) + "\n"
    run = subprocess.run(tutor_command(), input=transcript, capture_output=True, text=True,
                         env=env_for(tmp_path), timeout=120)
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "\x1b[" not in out  # plain mode: no escape codes
    assert "counts the turned copies of a table apart" in " ".join(out.split())
    assert "hint 1 of" in out
    assert "Start: " in out and "After the last move the table is TT" in out
    assert "wins for every start and every turn: 3 moves, the shortest possible" in out
    assert "Lesson complete: Two coins by hand" in out
    db = sqlite3.connect(tmp_path / "progress.sqlite3")
    attempts = db.execute("SELECT answer, correct FROM attempts WHERE lesson = 'coins-1' ORDER BY id").fetchall()
    assert ("4", 0) in attempts and ("3", 1) in attempts and ("01 0 01", 1) in attempts
    completed = {s for (s,) in db.execute("SELECT step FROM completed WHERE lesson = 'coins-1'")}
    assert len(completed) == 4
    assert db.execute("SELECT count(*) FROM hints").fetchone()[0] == 1


def test_killing_the_tutor_mid_lesson_loses_nothing(tmp_path):
    proc = subprocess.Popen(tutor_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env_for(tmp_path), bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None

    lines: queue.Queue[str] = queue.Queue()  # read by a thread: a reply that never comes fails, not hangs
    threading.Thread(target=lambda: [lines.put(out) for out in proc.stdout], daemon=True).start()  # type: ignore

    def send_and_wait(line: str, expect: str) -> None:
        proc.stdin.write(line + "\n")  # type: ignore[union-attr]
        proc.stdin.flush()  # type: ignore[union-attr]
        deadline, seen = time.monotonic() + 60, []
        while time.monotonic() < deadline:
            try:
                out = lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            seen.append(out)
            if expect in out:
                return
        pytest.fail(f"never saw {expect!r} after {line!r}; the tutor said: {''.join(seen)[-600:]!r}")

    send_and_wait("/open coins-2", "[1/")
    send_and_wait("", "[2/")
    send_and_wait("5", "[3/")
    send_and_wait("0123", "Still possible")
    send_and_wait("02", "Still possible")
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    db = sqlite3.connect(tmp_path / "progress.sqlite3")
    assert db.execute("SELECT step FROM completed WHERE lesson = 'coins-2'").fetchall() == [(1,)]
    assert db.execute("SELECT moves FROM games WHERE lesson = 'coins-2'").fetchone()[0] == '["0123", "02"]'
    resumed = subprocess.run(tutor_command(), input="/show\n/quit\n", capture_output=True, text=True,
                             env=env_for(tmp_path), timeout=120)
    assert "Welcome back" in resumed.stdout and "restored (2 moves): 0123 02" in resumed.stdout


def test_start_command_and_bad_lesson(tmp_path):
    ok = subprocess.run([*tutor_command(), "start", "coins-3"], input="/quit\n", capture_output=True, text=True,
                        env=env_for(tmp_path), timeout=120)
    assert ok.returncode == 0 and "Why three coins can never be won" in ok.stdout
    missing = subprocess.run([*tutor_command(), "--lessons", str(tmp_path / "nowhere")], input="", text=True,
                             capture_output=True, env=env_for(tmp_path), timeout=120)
    assert missing.returncode == 2
    assert missing.stderr.strip().splitlines() == [f"tutor: error: lesson folder "
                                                   f"{str(tmp_path / 'nowhere')!r} does not exist"]


def test_instructor_folder_is_loaded(tmp_path):
    lessons = tmp_path / "mine"
    lessons.mkdir()
    (lessons / "x.toml").write_text(
        'id = "my-lesson"\ntitle = "Mine"\nsummary = "s"\npuzzle = "coins"\n[params]\ncoins = 2\n'
        '[[steps]]\nask = "classes?"\nanswer = "number"\ncompute = "classes"\n')
    env = {**env_for(tmp_path), "TUTOR_LESSONS": str(lessons)}
    run = subprocess.run([*tutor_command(), "start", "my-lesson"], input="3\n", capture_output=True, text=True,
                         env=env, timeout=120)
    assert "Lesson complete: Mine" in run.stdout


@pytest.mark.parametrize(("puzzle", "flags"), [("coins", []), ("wythoff", ["--position", "3,7"]), ("gods", []),
                                               ("lightsout", [])])
def test_each_family_through_the_installed_command(puzzle: str, flags: list[str]) -> None:
    """The per-family command tests call ``tutor.cli.main`` in-process; this runs the real console script for each
    family: a solution as JSON (exit 0), and a bad flag as one line with exit 2."""
    import json

    solved = subprocess.run([*tutor_command(), "solve", puzzle, *flags, "--json"], capture_output=True, text=True,
                            timeout=120)
    assert solved.returncode == 0, solved.stderr
    assert isinstance(json.loads(solved.stdout), dict)
    bad = subprocess.run([*tutor_command(), "check", puzzle, "--no-such-flag", "x"], capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and bad.stdout == ""
    assert len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr

"""A command or session that ends closes the progress store: nothing of it stays open in the process (its write-
ahead journal folded in and removed, its locks let go), so what runs next in the same process, a test or a tool
using ``tutor.cli.main``, finds the file whole; and an empty file (SQLite's own new file) reads as no progress."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import run_tutor
from tests.test_hostile_import import GOOD


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize("argv", [["progress", "--import", "{good}"], ["progress", "--reset", "coins-1"],
                                  ["start", "coins-1"], ["progress"], ["review", "--json"]])
def test_the_store_is_closed_when_the_command_ends(home: Path, tmp_path: Path, argv: list[str]) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"format": 2, "profile": "p", "attempts": [GOOD]}), encoding="utf-8")
    assert run_tutor("progress", "--import", str(good)).returncode == 0
    done = run_tutor(*(arg.format(good=good) for arg in argv), stdin="\n7\n/quit\n")
    assert done.returncode == 0, done.stderr
    assert run_tutor("progress", "--reset", "coins-2").returncode == 0  # a writer after it: its close is the last
    left = sorted(path.name for path in home.iterdir() if path.name.startswith("progress.sqlite3"))
    assert left == ["progress.sqlite3"]  # no -wal or -shm: no connection of either command is still open
    os.truncate(home / "progress.sqlite3", 0)  # emptied: a writing command starts afresh at once, no lock waits
    again = run_tutor("progress", "--import", str(good))
    assert again.returncode == 0 and again.stdout.startswith("imported 1 attempt"), again.stderr


@pytest.mark.parametrize("argv", [["progress"], ["progress", "--json"], ["review", "--json"]])
def test_an_empty_file_reads_as_no_progress(home: Path, argv: list[str]) -> None:
    home.mkdir()
    (home / "progress.sqlite3").write_bytes(b"")
    done = run_tutor(*argv)
    assert done.returncode == 0, done.stderr
    assert "attempts   0" in done.stdout or '"attempts": 0' in done.stdout or '"due": []' in done.stdout
    assert (home / "progress.sqlite3").stat().st_size == 0  # reading wrote nothing

"""Settings travel as one value (``tutor.settings.Settings``), read once at the command line from its arguments and
the environment and passed down; no other module of the tutor reads the environment, and the progress store's time
comes from the clock it is given."""

from __future__ import annotations

import argparse
import os
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.progress import Progress
from tutor.progress.events import HintShown, Position
from tutor.settings import Settings
from tutor.storage.clock import BadClock, Stopped, system

ROOT = Path(__file__).resolve().parent.parent
EDGE = {"tutor/settings.py"}  # the one module that reads the environment
TOOLS = "tutor/bench/"  # the benchmarks set up the environments of the processes they time
READS = re.compile(r"\bos\.environ\b|\bgetenv\b|\bfrom os import\b[^\n]*\benviron\b|\bputenv\b")


def test_no_module_but_the_settings_reads_or_writes_the_environment() -> None:
    found = []
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where in EDGE or where.startswith(TOOLS):
            continue
        found += [f"{where}:{n}" for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                  if READS.search(line)]
    assert not found, f"read the environment in tutor.settings and pass the value down: {found}"
    assert READS.search((ROOT / "tutor/settings.py").read_text(encoding="utf-8"))  # the check sees a reading


ENVIRONMENT = {"TUTOR_HOME": "/data/tutor", "TUTOR_LESSONS": os.pathsep.join(["/a", "", "/b"]), "TUTOR_BUNDLED": "0",
               "TUTOR_PLAIN": "1", "NO_COLOR": "1", "COLUMNS": "60", "TUTOR_NOW": "2026-03-01T09:30",
               "TUTOR_AUTOGRADE_ROOT": "/trial"}


def test_each_variable_reads_into_its_setting() -> None:
    settings = Settings.read(ENVIRONMENT)
    assert settings == Settings(home=Path("/data/tutor"), env_lessons=("/a", "/b"), bundled=False, plain=True,
                                color=False, width=60, now=datetime(2026, 3, 1, 9, 30, tzinfo=UTC),
                                autograde_root="/trial")
    assert settings.folder() == Path("/data/tutor") and settings.clock()() == settings.now
    assert Settings.read({}) == Settings() and Settings().clock() is system


def test_the_command_line_adds_to_the_environment_and_wins() -> None:
    args = argparse.Namespace(lessons=["/c"], plain=True, no_bundled=True)
    settings = Settings.read({"TUTOR_LESSONS": "/a", "TUTOR_PLAIN": "0", "TUTOR_BUNDLED": "1"}, args)
    assert settings.lessons == ("/a", "/c") and settings.cli_lessons == ("/c",)  # the variable's first
    assert settings.plain and not settings.bundled


@pytest.mark.parametrize("text", ["next tuesday", "1969-12-31T23:59", "9999-01-01"])
def test_a_clock_that_does_not_read_is_refused_when_the_settings_are_read(text: str) -> None:
    with pytest.raises(BadClock, match=re.escape(repr(text))):
        Settings.read({"TUTOR_NOW": text})


def test_plain_and_no_bundled_on_the_command_line_leave_the_environment_alone(monkeypatch, tmp_path, capsys) -> None:
    """The command line used to pass --plain and --no-bundled down by setting TUTOR_PLAIN and TUTOR_BUNDLED."""
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    for name in ("TUTOR_PLAIN", "TUTOR_BUNDLED"):
        monkeypatch.delenv(name, raising=False)
    assert main(["--plain", "lint", "--no-bundled", "--lessons", str(tmp_path)]) == 1  # a folder with no lesson
    assert "no lesson files" in capsys.readouterr().out
    assert "TUTOR_PLAIN" not in os.environ and "TUTOR_BUNDLED" not in os.environ


def test_the_store_stamps_events_with_the_clock_it_is_given_never_the_environment(monkeypatch) -> None:
    monkeypatch.setenv("TUTOR_NOW", "2030-01-01")  # read by the command line only: the store never looks
    moment = datetime(2026, 3, 1, 9, 30, tzinfo=UTC)
    progress = Progress(None, clock=Stopped(moment))
    progress.record(HintShown("l", 0, 1))
    progress.record(Position("l", 0, at=12.5))  # an event with its own time (an import's) keeps it
    stored = progress.export()
    assert [row["at"] for row in stored["hints"]] == [moment.timestamp()] and stored["position"][0]["at"] == 12.5

"""The command line's own contract, in-process: exit codes and what a bug looks like.

Exit status: 0 correct (or success), 1 incorrect, 2 bad input (one line on
stderr), 3 an internal error - a bug - reported as one line that names the
crash log holding its traceback.
"""

from __future__ import annotations

import pytest

from tutor.cli import main
from tutor.errors import Exit
from tutor.puzzles.base import Command, Report
from tutor.puzzles.coins import CoinTable
from tutor.puzzles.options import Args


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))


def test_a_bug_exits_3_with_one_line_and_the_crash_log(tmp_path, monkeypatch, capsys):
    def broken(game: object, args: Args) -> Report:
        raise ZeroDivisionError("a bug in an engine")

    monkeypatch.setitem(CoinTable.commands._items, "solve", Command("solve", "broken", (), broken))
    assert main(["solve", "coins", "--coins", "3"]) == Exit.INTERNAL == 3
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "internal error (ZeroDivisionError: a bug in an engine)" in err and str(tmp_path / "crash.log") in err
    logged = (tmp_path / "crash.log").read_text(encoding="utf-8")
    assert "Traceback" in logged and "tutor solve coins --coins 3" in logged


def test_input_errors_are_never_logged_as_bugs(tmp_path, capsys):
    assert main(["solve", "coins", "--coins", "0"]) == 2
    assert "must be at least 1" in capsys.readouterr().err
    assert not (tmp_path / "crash.log").exists()


def test_unicode_digits_are_refused_like_everywhere_else(capsys):
    assert main(["solve", "coins", "--coins", "٣"]) == 2
    assert "must be a whole number" in capsys.readouterr().err


def test_text_options_come_from_files_or_standard_input_never_both(tmp_path, capsys, monkeypatch):
    strategy = tmp_path / "s.txt"
    strategy.write_text("01 0 01\n", encoding="utf-8")
    assert main(["check", "coins", "--coins", "2", "--file", str(strategy)]) == 0
    assert main(["check", "coins", "--coins", "2", "@" + str(strategy)]) == 0
    assert main(["check", "coins", "--coins", "2", "01", "--file", str(strategy)]) == 2
    assert "either as an argument or with --file, not both" in capsys.readouterr().err
    latin = tmp_path / "latin.txt"
    latin.write_bytes("01 0 01 # café".encode("latin-1"))
    assert main(["check", "coins", "--coins", "2", "--file", str(latin)]) == 2
    assert "not UTF-8 text" in capsys.readouterr().err

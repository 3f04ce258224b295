"""The exit-code contract kept everywhere: arguments that are not UTF-8, names too long for the file system,
numbers of thousands of digits and a broken plug-in are bad input (one line, exit 2) or listed, never a crash."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import new_session, run_tutor, text
from tutor.cli import main

LONG = "x" * 300


def run(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``tutor ARGS`` in this process (tests/helpers.py); in a new one when ``env`` adds a plug-in's PYTHONPATH."""
    if env and "PYTHONPATH" in env:
        return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, input=stdin,
                              env={**os.environ, **env}, timeout=120)
    return run_tutor(*args, stdin=stdin, env=env)


@pytest.mark.parametrize("argv", [["progress", "--reset", "\udcff"], ["start", "\udcffé"], ["lint", "a\udc80b"]])
def test_arguments_that_are_not_utf8_are_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "not valid UTF-8" in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "crash.log").exists()


@pytest.mark.parametrize("argv", [["lint", LONG], ["grade", "--lesson", "coins-1", LONG], ["progress", "--export",
                                  f"{LONG}/x.json"], ["start", "--lessons", LONG], ["preview", "coins-1", "--lessons",
                                  LONG]])
def test_names_too_long_for_the_file_system_are_bad_input(argv: list[str], tmp_path: Path) -> None:
    done = run(*argv, env={"TUTOR_HOME": str(tmp_path)})
    assert done.returncode == 2, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert "(300 characters)" in done.stderr or len(done.stderr) < 400  # the name is shortened, not echoed whole


def test_thousands_of_digits_on_a_choice_step_are_refused_in_one_line() -> None:
    session = new_session()
    lesson, step = next((les, s) for les in session.catalog.ordered() for s in les.steps if getattr(s, "options", ()))
    session.handle(f"/open {lesson.id}")
    while session.step is not None and session.step.index != step.index:
        session.handle("/next")
    replies = session.handle("9" * 5000)
    assert [r.kind for r in replies] == ["error"] and "internal error" not in text(replies)


def test_a_mistake_of_thousands_of_digits_is_a_lint_problem(tmp_path: Path) -> None:
    lesson = (Path(__file__).resolve().parent.parent / "lessons" / "coins" / "01-two-coins.toml").read_text()
    at = lesson.index('answer = "number"')
    end = lesson.index("\n[[steps]]", at)
    lesson = lesson[:end] + f'\n[[steps.mistakes]]\nmatch = "{"1" * 5000}"\nsay = "far too many"\n' + lesson[end:]
    step = lesson[:at].count("\n[[steps]]")  # the author's count, from 1
    mistake = lesson[lesson.rindex("\n[[steps]]", 0, at):end].count("[[steps.mistakes]]") + 1
    line = lesson[:end].count("\n") + 3  # after the step's last line: the header, then the match
    path = tmp_path / "l.toml"
    path.write_text(lesson.replace('id = "coins-1"', 'id = "digits"'))
    done = run("lint", str(path))
    assert done.returncode == 1 and done.stderr == "1 problem in 1 lesson\n", done.stderr
    assert done.stdout.startswith(f"{path}:{line}:1: steps[{step}].mistakes[{mistake}].match: "), done.stdout
    assert "over the limit int_digits" in done.stdout and done.stdout.count("\n") == 1


def test_a_broken_plugin_is_listed_and_every_other_family_works(tmp_path: Path) -> None:
    info = tmp_path / "broken_tutor_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-tutor-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[tutor.puzzles]\nbroken = broken_tutor_plugin:Broken\n")
    (tmp_path / "broken_tutor_plugin.py").write_text("raise RuntimeError('this plug-in is broken on purpose')\n")
    env = {"PYTHONPATH": str(tmp_path)}
    listed = run("puzzles", env=env)
    assert listed.returncode == 0 and "coins" in listed.stdout
    assert "broken" in listed.stdout and "this plug-in is broken on purpose" in listed.stdout
    assert run("solve", "coins", "--coins", "3", env=env).returncode == 0
    failed = run("solve", "broken", env=env)
    assert failed.returncode == 2 and "does not load" in failed.stderr and "Traceback" not in failed.stderr


def test_a_lone_dash_is_always_standard_input() -> None:
    empty = run("check", "coins", "--coins", "2", "--symmetry", "dihedral", "--goal", "same", "-", "--json")
    assert empty.returncode == 2 and "standard input is empty" in empty.stderr
    piped = run("check", "coins", "--coins", "2", "-", "--json", stdin="01 0 01")
    assert piped.returncode == 0
    braces = run("check", "coins", "--coins", "2", "{}", "--json")
    assert braces.returncode == 1 and '"length": 1' in braces.stdout  # one empty move, judged


def test_the_history_is_read_only_from_a_regular_file_and_only_its_end(tmp_path: Path) -> None:
    from tutor.shell.history import HISTORY_BYTES, TRIM_AT, BoundedHistory

    big = tmp_path / "history"
    entry = "\n# 2026-01-01 00:00:00\n+" + "0123 " * 20 + "\n"
    big.write_text(entry * (3 * TRIM_AT // len(entry)) + "\n# now\n+the last one\n")
    loaded = list(BoundedHistory(str(big)).load_history_strings())
    assert loaded[0] == "the last one" and len(loaded) < 2 * HISTORY_BYTES // len(entry)
    device = tmp_path / "zero"
    device.symlink_to("/dev/zero")
    history = BoundedHistory(str(device))
    assert list(history.load_history_strings()) == []  # never read: a prompt appears at once
    history.store_string("never written")
    small = BoundedHistory(str(tmp_path / "grows"))
    for i in range(TRIM_AT // 100 + 50):
        small.store_string(f"{i:03} " + "x" * 90)
    assert (tmp_path / "grows").stat().st_size <= TRIM_AT
    assert next(iter(small.load_history_strings())).startswith(f"{TRIM_AT // 100 + 49:03} ")


def test_a_folder_walk_is_bounded(tmp_path: Path) -> None:
    deep = tmp_path / "deep"
    folder = deep
    for i in range(40):
        folder = folder / f"d{i}"
    folder.mkdir(parents=True)
    (folder / "hidden.toml").write_text("not read: too deep")
    done = run("lint", str(deep))
    assert done.returncode in (1, 2) and "hidden.toml" not in done.stderr  # not found, so not read

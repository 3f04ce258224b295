"""Escape sequences from a lesson, a pack, a file name or a learner's own line never reach the terminal: every
output path shows them as visible escapes (``tutor.screen.text.visible``), and only the tutor's own styling writes
escape codes.  Checked in plain mode (the documented escape-free stream), through the REPL's pipe input and
in each command that echoes what it was given."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.helpers import new_session
from tutor.cli import main
from tutor.screen.text import visible
from tutor.shell.repl import run_terminal

# the attacks of the issue: a window title (OSC 0), the clipboard (OSC 52), a link (OSC 8), clearing the screen
# (CSI 2J), an 8-bit CSI (U+009B), a bell and a text-reordering override
ATTACK = "\x1b]0;PWNED\x07 \x1b]52;c;ZXZpbA==\x07 \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\ \x1b[2J \u009b31m \u202e"
RAW = ("\x1b", "\x07", "\u009b", "\u202e")
TOML_ATTACK = "".join(f"\\u{ord(c):04x}" if not c.isprintable() or c in '\\"' else c for c in ATTACK)  # in TOML


def clean(text: str) -> bool:
    """No control character a terminal acts on (newlines aside)."""
    return not any(c in text for c in RAW)


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TUTOR_LESSONS", raising=False)


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "evil.toml").write_text(
        f'id = "evil"\ntitle = "Evil {TOML_ATTACK}"\nsummary = "s {TOML_ATTACK}"\npuzzle = "coins"\n'
        f'[params]\ncoins = 2\n[[steps]]\nsay = "hello {TOML_ATTACK}"\n'
        f'[[steps]]\nask = "How many? {TOML_ATTACK}"\nanswer = "number"\ncompute = "classes"\n'
        f'hints = ["a hint {TOML_ATTACK}"]\nsuccess = "yes {TOML_ATTACK}"\n', encoding="utf-8")
    return folder


def test_visible_escapes_every_control_a_terminal_acts_on() -> None:
    shown = visible(ATTACK + "\r\n\t")
    assert clean(shown) and "\\x1b]0;PWNED\\x07" in shown and "\\u009b" in shown and "\\u202e" in shown
    assert shown.endswith("\\x0d\n\t")  # a carriage return could rewrite the line: shown; line feed and tab stay
    assert visible("plain text, (3, 5) and ✓ marks") == "plain text, (3, 5) and ✓ marks"


def test_preview_shows_a_lessons_escapes_as_text(lessons, capsys) -> None:
    main(["preview", "evil", "--lessons", str(lessons)])
    out = capsys.readouterr()
    assert clean(out.out) and clean(out.err)
    assert "hello \\x1b]0;PWNED\\x07" in out.out


def test_start_in_plain_mode_escapes_the_lesson_and_the_learners_echo(lessons, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"\n1 {ATTACK}\n/hint\n3\n/quit\n"))
    main(["start", "evil", "--lessons", str(lessons)])
    out = capsys.readouterr()
    assert clean(out.out) and clean(out.err)
    assert "> 1 \\x1b]0;PWNED" in out.out  # the learner's own line, echoed visibly
    assert "a hint \\x1b" in out.out and "How many? \\x1b" in out.out


def test_the_terminal_repl_shows_escapes_as_text(lessons, monkeypatch) -> None:
    """The REPL's own rendering (rich in a terminal) with the pipe input: its styling may use escape codes,
    the lesson's text may not."""
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    session = new_session(lessons=[str(lessons)])
    with create_pipe_input() as pipe:
        pipe.send_text(f"/open evil\r\r2 {ATTACK}\r/quit\r")
        run_terminal(session, None, input=pipe, output=DummyOutput())
    shown = screen.getvalue()
    assert "hello \\x1b]0;PWNED\\x07" in shown
    assert clean(shown)  # the learner's line too (prompt_toolkit reads a typed ESC as a key, BEL and CSI stay)


@pytest.mark.parametrize("argv", [
    ["lint", f"missing-{ATTACK}.toml"],
    ["start", f"no-such-{ATTACK}"],
    ["solve", "coins", f"--coins={ATTACK}"],
    ["check", "wythoff", "--position", "3,5", f"{ATTACK}"],
    ["progress", "--reset", f"x{ATTACK}"],
    ["grade", "--lesson", f"{ATTACK}", "nowhere"],
    [f"--{ATTACK}"],
])
def test_errors_that_echo_what_was_given_show_it_escaped(argv, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(argv)
    out = capsys.readouterr()
    assert status in (0, 1, 2), (status, out)
    assert clean(out.out) and clean(out.err), (argv, out)
    assert "\\x1b" in out.out + out.err or "\\x07" in out.out + out.err or status == 0, (argv, out)


def test_lint_reports_control_characters_with_line_and_column(lessons, capsys) -> None:
    path = lessons / "evil.toml"
    assert main(["lint", str(path)]) == 1
    out, err = capsys.readouterr()
    assert clean(out) and clean(err)
    source = path.read_text(encoding="utf-8").splitlines()
    title, hints = (next(n for n, line in enumerate(source, 1) if line.startswith(key)) for key in ("title", "hints"))
    hint = source[hints - 1].index('"') + 1  # the hint's own column, inside the list
    assert f"{path}:{title}:1: title: control character \\x1b (the learner would see '\\\\x1b'" in out
    assert f"{path}:{hints}:{hint}: steps[2].hints[1]: control character \\x1b" in out
    keys = ["title", "summary", "steps[1].say", "steps[2].ask", "steps[2].hints[1]", "steps[2].success"]
    assert [line.split(": ")[1] for line in out.splitlines()] == keys  # one problem per text, in file order
    assert err == "6 problems in 1 lesson\n"


def test_progress_shows_stored_text_escaped(lessons, monkeypatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n3\n/quit\n"))
    main(["start", "evil", "--lessons", str(lessons)])
    capsys.readouterr()
    assert main(["progress", "--lessons", str(lessons)]) == 0
    out = capsys.readouterr()
    assert clean(out.out) and "evil" in out.out

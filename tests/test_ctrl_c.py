"""Ctrl-C is never a traceback (issue 29.7): while the tutor starts it leaves quietly, keeping what was typed
ahead where the terminal allows; while an answer is being checked it cancels that check, and the step is as it was.

Tested through prompt_toolkit's pipe input (a real SIGINT raised inside a check), and with real processes sent
SIGINT: one while the tutor's modules are still being imported, one in a pseudo-terminal whose Ctrl-C would flush
typed-ahead text, and the installed tutor interrupted in the middle of checking a 100,000-move coin strategy.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.helpers import new_session
from tutor.launch import INTERRUPTED
from tutor.session import Reply
from tutor.shell.repl import CANCELLED, run_terminal

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals and SIGINT are POSIX")
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")  # what prompt_toolkit and rich draw with, not what they say
# 100,000 moves: seconds of checking, under check_work
LONG_STRATEGY = ["let A = 0 01 0 012 0", "let B = A A A A A A A A A A", "let C = B B B B B B B B B B",
                 "let E = C C C C C C C C C C", " ".join(["E"] * 20)]


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))


def test_ctrl_c_during_a_check_cancels_it_and_the_step_is_as_it_was() -> None:
    session = new_session()
    session.handle("/open wythoff-1")
    for _ in range(3):
        session.handle("/next")
    before = session.place
    handle = session.handle
    handed: list[str] = []

    def interrupted(text: str) -> list[Reply]:  # the learner presses Ctrl-C while "lose" is being judged
        handed.append(text)
        if text == "lose":
            signal.raise_signal(signal.SIGINT)  # Python's own handler: KeyboardInterrupt inside the check
        return handle(text)

    session.handle = interrupted  # type: ignore[method-assign]
    seen: list[Reply] = []
    with create_pipe_input() as pipe:
        pipe.send_text("lose\r/show\r/quit\r")
        run_terminal(session, None, input=pipe, output=DummyOutput(), emit=seen.extend)
    said = [r.text for r in seen]
    assert handed == ["lose", "/show", "/quit"]  # the tutor went on reading after the cancelled check
    assert CANCELLED in said, said
    assert session.place == before  # same step, same state, same hint rung
    assert session.progress.summary("wythoff-1").attempts == 0  # nothing judged, nothing recorded
    assert session.finished and said[-1] == "Progress saved. Bye!"


def test_the_console_script_starts_at_the_launcher(tmp_path) -> None:
    script = Path(sys.executable).parent / "tutor"
    if not script.exists():
        pytest.skip("the tutor is not installed next to this interpreter")
    assert "from tutor.launch import main" in script.read_text(encoding="utf-8")


@POSIX
def test_sigint_while_the_tutor_imports_leaves_quietly(tmp_path) -> None:
    # A real SIGINT, sent while the command line's modules are being imported (the moment a learner's early Ctrl-C
    # used to land in, with an 11-frame traceback): the launcher's import hook sends it at a known point.
    code = textwrap.dedent("""
        import importlib.abc, os, signal, sys

        class Interrupt(importlib.abc.MetaPathFinder):
            def find_spec(self, name, path=None, target=None):
                if name == "tutor.arguments":
                    os.kill(os.getpid(), signal.SIGINT)
                return None

        sys.meta_path.insert(0, Interrupt())
        from tutor.launch import main
        sys.exit(main())
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "TUTOR_HOME": str(tmp_path)}, stdin=subprocess.DEVNULL)
    assert run.returncode == INTERRUPTED, run
    assert "Traceback" not in run.stderr and "KeyboardInterrupt" not in run.stderr, run.stderr
    assert run.stdout == ""


def _spawn(code: str, env: dict[str, str] | None = None) -> tuple[int, int]:
    """A child process running Python ``code`` on a new pseudo-terminal; its pid and the terminal's master end."""
    import pty

    pid, master = pty.fork()
    if pid == 0:  # the child: never returns into pytest
        try:  # SIGINT as a terminal gives it, whatever this worker's earlier tests left (ignored or blocked)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.execve(sys.executable, [sys.executable, "-c", code], {**os.environ, **(env or {})})
        finally:
            os._exit(99)
    return pid, master


def _read_until(master: int, wanted: str, seconds: float = 120) -> str:
    """What the child writes to its terminal, up to and including ``wanted`` (fails if it never comes)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while wanted not in ESCAPES.sub("", seen.decode(errors="replace")):
        left = deadline - time.monotonic()
        assert left > 0, f"never saw {wanted!r}; the terminal shows {seen.decode(errors='replace')[-800:]!r}"
        ready, _, _ = select.select([master], [], [], min(left, 1.0))
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the child closed the terminal
                chunk = b""
            assert chunk, f"the terminal closed before {wanted!r}: {seen.decode(errors='replace')[-800:]!r}"
            seen += chunk
    return ESCAPES.sub("", seen.decode(errors="replace"))


def _exit_status(pid: int) -> int:
    """The child's exit status once it ends (killed if it has not ended within a minute: a failed test)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.1)
    os.kill(pid, signal.SIGKILL)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])


@POSIX
@pytest.mark.parametrize("kept", [True, False])
def test_ctrl_c_on_a_terminal_keeps_typed_ahead_text_while_the_tutor_runs(kept: bool) -> None:
    # The terminal turns the typed Ctrl-C into SIGINT and, unless NOFLSH is set, throws away what was typed
    # before it: "abc" reaches the reader only while ``typeahead_kept`` holds.
    code = textwrap.dedent(f"""
        import contextlib, sys, termios
        from tutor.launch import typeahead_kept
        with (typeahead_kept(sys.stdin) if {kept} else contextlib.nullcontext(False)) as took:
            assert took == {kept} and bool(termios.tcgetattr(0)[3] & termios.NOFLSH) == {kept}
            try:
                print("ready", flush=True)
                while True:
                    sys.stdin.readline()
            except KeyboardInterrupt:
                print("interrupted", flush=True)
            print("read " + repr(sys.stdin.readline()), flush=True)
        print("flag after " + str(bool(termios.tcgetattr(0)[3] & termios.NOFLSH)), flush=True)
    """)
    pid, master = _spawn(code)
    try:
        _read_until(master, "ready")
        os.write(master, b"abc\x03")
        _read_until(master, "interrupted")
        os.write(master, b"def\n")
        out = _read_until(master, "flag after")
    finally:
        status = _exit_status(pid)
        os.close(master)
    assert status == 0, out
    assert ("read 'abcdef\\n'" if kept else "read 'def\\n'") in out, out
    assert "flag after False" in out  # the terminal's flag is put back as it was


@POSIX
def test_sigint_during_a_long_check_returns_to_the_prompt(tmp_path) -> None:
    # The installed tutor on a real terminal: coins-4's strategy step, a 100,000-move strategy typed in, SIGINT
    # while it is checked; the tutor says the check is cancelled, answers /show at the same step, and leaves with 0.
    launch = "import sys; from tutor.launch import main; sys.argv = ['tutor', 'start', 'coins-4']; sys.exit(main())"
    pid, master = _spawn(launch, {"TUTOR_HOME": str(tmp_path), "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": "100"})
    try:
        os.write(master, b"/next\r" * 3)  # typed ahead: the prompt reads it when it starts
        _read_until(master, "[4/")
        os.write(master, "".join(line + " \\\r" for line in LONG_STRATEGY[:-1]).encode() + LONG_STRATEGY[-1].encode())
        time.sleep(0.5)  # let the last line be typed before Enter sends the whole answer
        os.write(master, b"\r")
        time.sleep(1.0)  # the check is under way (it takes several seconds); where it is does not matter
        os.kill(pid, signal.SIGINT)
        out = _read_until(master, "check cancelled")
        os.write(master, b"/show\r")
        out += _read_until(master, "End each line but the last with a backslash")  # step 4's question
        os.write(master, b"/quit\r")
        out += _read_until(master, "Bye")
    finally:
        status = _exit_status(pid)
        os.close(master)
    assert status == 0, out
    assert "Traceback" not in out and "does not always win" not in out, out


def _plain(code: str, home: Path) -> subprocess.Popen[bytes]:
    """A child process running Python ``code`` with pipes for its standard streams: the tutor in plain mode."""
    env = {**os.environ, "TUTOR_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "100"}
    return subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)


def _send(child: subprocess.Popen[bytes], text: str) -> None:
    assert child.stdin is not None
    child.stdin.write(text.encode())
    child.stdin.flush()


def _finish(child: subprocess.Popen[bytes], seen: str) -> tuple[int, str, str]:
    """Close the child's input; its exit status, everything it wrote to standard output and to standard error."""
    assert child.stdin is not None and child.stdout is not None and child.stderr is not None
    child.stdin.close()
    try:
        rest, err = child.stdout.read(), child.stderr.read()
        status = child.wait(timeout=60)
    except subprocess.TimeoutExpired:
        child.kill()
        raise
    return status, seen + rest.decode(errors="replace"), err.decode(errors="replace")


@POSIX
def test_sigint_during_a_long_check_in_plain_mode_returns_to_the_next_line(tmp_path) -> None:
    # Piped input (plain mode): coins-4's strategy step, a 100,000-move strategy, SIGINT once the tutor has echoed
    # it and is checking it; the check is cancelled, /show answers at the same step, /quit leaves with 0.
    child = _plain("import sys; from tutor.launch import main; sys.argv = ['tutor', 'start', 'coins-4']; "
                   "sys.exit(main())", tmp_path)
    assert child.stdout is not None
    try:
        _send(child, "/next\n" * 3 + "".join(line + " \\\n" for line in LONG_STRATEGY[:-1]) + LONG_STRATEGY[-1] + "\n")
        seen = _read_until(child.stdout.fileno(), LONG_STRATEGY[-1])  # echoed: the check starts now
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        seen += _read_until(child.stdout.fileno(), "check cancelled")
        _send(child, "/show\n/quit\n")
    finally:
        status, out, err = _finish(child, "")
    out = seen + out
    assert status == 0, (out, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert "does not always win" not in out and "Well done" not in out, out
    after = out[out.index("check cancelled"):]
    assert "End each line but the last with a backslash" in after and "Bye" in after, after  # step 4 again


@POSIX
def test_sigint_while_plain_mode_waits_drops_the_continued_line_only(tmp_path) -> None:
    # SIGINT while the tutor waits for the rest of an answer continued with a backslash: that answer is dropped,
    # the tutor goes on reading, and the next line is a fresh answer.
    child = _plain("import sys; from tutor.launch import main; sys.argv = ['tutor', 'start', 'wythoff-3']; "
                   "sys.exit(main())", tmp_path)
    assert child.stdout is not None
    try:
        seen = _read_until(child.stdout.fileno(), "[1/")
        _send(child, "half of \\\n")
        time.sleep(1.0)  # read and kept as the start of an answer; the tutor waits for the rest
        child.send_signal(signal.SIGINT)
        seen += _read_until(child.stdout.fileno(), "input cancelled")
        _send(child, "/quit\n")
    finally:
        status, out, err = _finish(child, "")
    out = seen + out
    assert status == 0, (out, err)
    assert "Traceback" not in err, err
    assert "half of" not in out, out  # never handed to the session
    assert "Bye" in out, out


@POSIX
def test_sigint_while_the_first_screen_is_made_in_plain_mode_leaves_quietly(tmp_path) -> None:
    # A real SIGINT inside the session's start (the lesson being opened, before the first screen): exit 130, no
    # traceback, nothing half printed.
    code = textwrap.dedent("""
        import os, signal, sys
        from tutor.session import Session
        opened = Session.start

        def start(self, lesson=None):
            os.kill(os.getpid(), signal.SIGINT)
            return opened(self, lesson)

        Session.start = start
        sys.argv = ["tutor", "start", "gods-5"]
        from tutor.launch import main
        sys.exit(main())
    """)
    child = _plain(code, tmp_path)
    status, out, err = _finish(child, "")
    assert status == INTERRUPTED, (out, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert out == ""

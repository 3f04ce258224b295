"""How fast the tutor starts, against the floors named in the start-up issue.

Three figures, each a median over runs that alternate with their floor (so a busy machine slows both alike):

* the first prompt in a real terminal: ``tutor`` under a pseudo-terminal, from the process start until the
  prompt is drawn (target 0.25 s);
* start, list the lessons and quit, in CPU seconds, against importing prompt_toolkit, rich and sqlite3 alone
  (target 1.5 times that floor);
* ``tutor --help`` against a bare ``python -c pass`` (target 3 times).

Every run has a catalogue cache already written (the tutor writes it on its first start) and compiled
bytecode, as an installed tutor has after its first run.
"""

from __future__ import annotations

import os
import pty
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from tutor.bench import Figure

RUNS = 9
PASTE_MODE = b"\x1b[?2004h"  # prompt_toolkit turns bracketed paste on as its prompt application starts,
CURSOR_SHOWN = b"\x1b[?25h"  # and shows the cursor once the prompt is drawn
WHERE = b"\x1b[6n"  # a request for the cursor position, which a terminal answers (the pseudo-terminal's reader)
TERMINAL_SECONDS = 20.0  # a prompt that never comes: the run is abandoned


def environment(home: str) -> dict[str, str]:
    """The environment of a measured run: a fresh data folder, bytecode written, an ordinary terminal."""
    env = {**os.environ, "TUTOR_HOME": home, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed tutor runs from compiled bytecode
    return env


def cpu_of(argv: list[str], env: dict[str, str], stdin: str = "") -> float:
    """User plus system CPU seconds of one whole process."""
    before = os.times()
    subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env, check=False)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system)


def wall_of(argv: list[str], env: dict[str, str], stdin: str = "") -> float:
    """Wall-clock seconds of one whole process."""
    start = time.perf_counter()
    subprocess.run(argv, input=stdin, capture_output=True, text=True, env=env, check=False)
    return time.perf_counter() - start


def drawn(screen: bytes) -> bool:
    """Whether the terminal output so far has drawn prompt_toolkit's prompt.

    >>> drawn(b"Welcome\\r\\n\\x1b[?2004h\\x1b[0m>\\x1b[?25h"), drawn(b"Welcome\\x1b[?25h")
    (True, False)
    """
    start = screen.find(PASTE_MODE)
    return start >= 0 and CURSOR_SHOWN in screen[start:]


def cpu_so_far(pid: int) -> float:
    """The CPU seconds (user and system) a running process has used, from /proc (0 where there is none)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def first_prompt(env: dict[str, str], spent_cpu: list[float] | None = None) -> float:
    """Seconds from starting ``tutor`` in a pseudo-terminal until its prompt is drawn (``spent_cpu`` gets the CPU
    seconds it used by then); then Ctrl-D leaves."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the tutor, its terminal the pseudo-terminal
        os.execve(sys.executable, [sys.executable, "-m", "tutor"], env)
    start = time.perf_counter()
    seen = b""
    try:
        while not drawn(seen) and time.perf_counter() - start < TERMINAL_SECONDS:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    got = os.read(fd, 65536)
                except OSError:
                    break
                if WHERE in got:
                    os.write(fd, b"\x1b[30;1R")  # as a terminal would: the cursor at the bottom line
                seen += got
        spent = time.perf_counter() - start
        if spent_cpu is not None:
            spent_cpu.append(cpu_so_far(pid))
        os.write(fd, b"\x04")  # Ctrl-D: leave
        deadline = time.perf_counter() + TERMINAL_SECONDS
        while time.perf_counter() < deadline and os.waitpid(pid, os.WNOHANG) == (0, 0):
            if select.select([fd], [], [], 0.05)[0]:
                with suppress(OSError):
                    os.read(fd, 65536)
    finally:
        os.close(fd)
    return spent


def alternate(first: Callable[[], float], second: Callable[[], float], runs: int = RUNS) -> tuple[float, float]:
    """Medians of ``first`` and ``second``, run alternately."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(runs):
        a.append(first())
        b.append(second())
    return statistics.median(a), statistics.median(b)


def run(runs: int = RUNS) -> list[Figure]:
    """The three start-up figures."""
    python = sys.executable
    with tempfile.TemporaryDirectory() as home:
        env = environment(home)
        tutor = [python, "-m", "tutor"]
        listing = "/lessons\n/quit\n"
        subprocess.run(tutor, input=listing, capture_output=True, text=True, env=env, check=False)  # cache, pyc
        floor_argv = [python, "-c", "import prompt_toolkit, rich, sqlite3"]
        cpus: list[float] = []
        prompt, bare = alternate(lambda: first_prompt(env, cpus), lambda: wall_of([python, "-c", "pass"], env), runs)
        cpu, floor = alternate(lambda: cpu_of(tutor, env, listing), lambda: cpu_of(floor_argv, env), runs)
        helped, plain = alternate(lambda: wall_of([*tutor, "--help"], env), lambda: wall_of([python, "-c", "pass"],
                                                                                           env), runs)
    load = os.getloadavg()[0]
    return [
        Figure("first prompt in a terminal (pty), median", prompt, "s", 0.25,
               f"{statistics.median(cpus):.3f} s of CPU by then; bare python start {bare:.3f} s; load {load:.1f}"),
        Figure("start, list, quit: CPU / importing prompt_toolkit+rich+sqlite3", cpu / floor, "x", 1.5,
               f"{cpu:.3f} s against {floor:.3f} s"),
        Figure("tutor --help / bare python start", helped / plain, "x", 3.0, f"{helped:.3f} s against {plain:.3f} s"),
    ]

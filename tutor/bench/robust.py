"""Hostile input, measured: the slowest and largest bad input after the limits, and nothing lost under sharing.

Each hostile command of issue 14 runs as its own process, timed, with its peak
memory (maximum resident set, from ``os.wait4``); its exit status must be 0, 1
or 2.  Then several plain-mode sessions answer at once on one data folder, and
the attempts shown are compared with the attempts stored.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

from tutor.bench import Figure
from tutor.bench._process import tutor_process

BIG = "9" * 5000


def cases(folder: Path) -> dict[str, list[str]]:
    """Every hostile command, by name (files it needs are written into ``folder``)."""
    (folder / "bin.txt").write_bytes(bytes(range(256)) * 4)
    doubling = [f"let A{i} = A{i - 1} A{i - 1}" for i in range(1, 19)]
    lets = ["let A0 = 0123 02", *doubling, *["let B = A18 A18 A18"] * 300, "B"]
    (folder / "let.txt").write_text("\n".join(lets), encoding="utf-8")
    moves = " ".join("{" + ",".join(str(p) for p in range(20) if m >> p & 1) + "}" for m in range(1, 601))
    (folder / "m600.txt").write_text(moves, encoding="utf-8")
    (folder / "big.txt").write_bytes(b"0 " * 1_999_999)
    (folder / "near.txt").write_bytes(b"0 " * 103_000)  # just under check_work on a small table
    (folder / "near20.txt").write_bytes(b"0 " * 2_250)  # just under check_work on 20 coins
    return {
        "solve wythoff 5000-digit pile": ["solve", "wythoff", "--position", f"{BIG},1"],
        "check coins {5000 digits}": ["check", "coins", "{" + BIG + "}"],
        "solve lightsout 5000-digit size": ["solve", "lightsout", "--size", f"{BIG}x1"],
        "grade --lesson 5000 digits": ["grade", "--lesson", BIG, str(folder)],
        "check coins binary file": ["check", "coins", "--file", str(folder / "bin.txt")],
        "check gods 300 parentheses": ["check", "gods", "--question", "(" * 300 + "A is True" + ")" * 300],
        "check gods 2000 nots": ["check", "gods", "--question", "not " * 2000 + "A is True"],
        "check wythoff a=1000 bound=5": ["check", "wythoff", "--a", "1000", "--bound", "5", "--conjecture", "k"],
        "analyze wythoff a=1000 table 3000": ["analyze", "wythoff", "--a", "1000", "--table", "3000"],
        "analyze wythoff --upto 30000000": ["analyze", "wythoff", "--upto", "30000000"],
        "analyze wythoff --upto 1000000 (the limit)": ["analyze", "wythoff", "--upto", "1000000", "--json"],
        "check wythoff sympy at every k": ["check", "wythoff", "--conjecture",
                                           "floor(k*phi) + floor(sqrt(2)*sqrt(2)) - 2", "--bound", "100000"],
        "solve lightsout 4000x4000": ["solve", "lightsout", "--size", "4000x4000"],
        "solve lightsout 1000x1000 (the limit)": ["solve", "lightsout", "--size", "1000x1000", "--json"],
        "solve lightsout 10^21 x 1": ["solve", "lightsout", "--size", "1000000000000000000000x1"],
        "check coins 20 coins, 600 distinct moves": ["check", "coins", "--coins", "20", "--file",
                                                     str(folder / "m600.txt")],
        "check coins let-doubling file": ["check", "coins", "--file", str(folder / "let.txt")],
        "check coins --file /dev/zero": ["check", "coins", "--file", "/dev/zero"],
        "check coins 4 MB of moves": ["check", "coins", "--file", str(folder / "big.txt")],
        "check coins 103,000 moves (near check_work)": ["check", "coins", "--file", str(folder / "near.txt")],
        "check coins 20 coins, 2,250 moves (near check_work)": ["check", "coins", "--coins", "20", "--file",
                                                               str(folder / "near20.txt")],
        "solve coins 20 coins dihedral": ["solve", "coins", "--coins", "20", "--symmetry", "dihedral"],
        "analyze gods one god": ["analyze", "gods", "--gods", "T"],
        "analyze gods 5 gods 2 Random identify": ["analyze", "gods", "--gods", "T,F,F,R,R", "--identify-language",
                                                  "--limit", "10"],
        "analyze gods T,T,F,R identify": ["analyze", "gods", "--gods", "T,T,F,R", "--identify-language"],
        "solve gods 5 gods identify": ["solve", "gods", "--gods", "T,F,F,R,R", "--identify-language", "--limit",
                                       "10"],
        "check wythoff floor(((phi**8)**8)**8)": ["check", "wythoff", "--conjecture", "floor(((phi**8)**8)**8)"],
        "new with a 300-character id": ["new", "a" * 300, "--puzzle", "coins", "--dir", str(folder)],
    }


def measure(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """Seconds, peak resident megabytes and exit status of ``tutor ARGV`` in its own process."""
    seconds, _, megabytes, code = timed(argv, env)
    return seconds, megabytes, code


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, float, int]:
    """Seconds (wall clock), CPU seconds (user and system), peak resident megabytes and exit status of
    ``tutor ARGV`` in its own process: on a shared machine the wall clock says how loaded it was as much as how
    fast the command is, so figures give both."""
    done = tutor_process(argv, env)  # its own peak memory, not the benchmark's (see bench._process)
    return done.wall, done.cpu, done.peak_mb, done.code


def shared_sessions(home: str, sessions: int = 4, answers: int = 800) -> tuple[int, int]:
    """Plain-mode sessions answering at once on one data folder: (verdicts shown, attempts stored)."""
    env = {**os.environ, "TUTOR_HOME": home}
    script = "/open coins-1\n\n\n" + "7\n" * answers + "/quit\n"
    procs = [subprocess.Popen([sys.executable, "-m", "tutor"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env=env) for _ in range(sessions)]
    shown = sum(out.count("\nx ") + out.count("\n✗ ") for out, _ in (p.communicate(script) for p in procs))
    stored = sqlite3.connect(Path(home) / "progress.sqlite3").execute("SELECT count(*) FROM attempts").fetchone()[0]
    return shown, int(stored)


def run() -> list[Figure]:
    """The slowest and the largest hostile command, any exit status other than 0-2, and attempts lost."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "TUTOR_HOME": str(folder / "home")}
        results = {name: measure(argv, env) for name, argv in cases(folder).items()}
        shown, stored = shared_sessions(str(folder / "shared"))
    slowest = max(results, key=lambda n: results[n][0])
    largest = max(results, key=lambda n: results[n][1])
    bad = [name for name, (_, _, code) in results.items() if code not in (0, 1, 2)]
    return [
        Figure(f"slowest of {len(results)} hostile commands", results[slowest][0], "s", 5.0, slowest),
        Figure(f"largest peak memory of {len(results)} hostile commands", results[largest][1], "MB", 1000.0,
               largest),
        Figure("hostile commands exiting other than 0, 1 or 2", len(bad), "", 0.0, ", ".join(bad)),
        Figure("attempts lost, 4 sessions x 800 answers on one folder", 4 * 800 - stored, "", 0.0,
               f"verdicts shown {shown}, attempts stored {stored}"),
    ]

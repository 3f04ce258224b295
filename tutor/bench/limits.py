"""Commands at the edge of docs/limits.md: each within 5 s of CPU and 1 GB.

Each command runs as a whole process (``tutor ...``); its CPU time (user plus system) and its peak resident
memory come from the kernel (``os.wait4``), so a busy machine slows the wall clock but not these figures much.
The cases are the ones the start-up issue measured at the limits: a conjecture checked up to the largest bound,
lint of a lesson asking a coin-table quantity at the largest table a lesson may ask about, a pasted strategy of
about a megabyte, and the minimal solution of the largest torus board.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from tutor.bench import Figure
from tutor.bench._process import tutor_process

CPU_SECONDS = 5.0
MEMORY_MB = 1000.0

TRAP_LESSON = """\
id = "trap-at-the-limit"
title = "The Devil's trap"
summary = "How large is the trap?"
puzzle = "coins"

[params]
coins = 14

[[steps]]
ask = "How many tables are in the Devil's trap?"
answer = "number"
compute = "trap_size"
"""


def measured(args: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    """CPU seconds, peak resident MB (its own) and exit status of one whole ``tutor`` process."""
    done = tutor_process(args, env)
    return done.cpu, done.peak_mb, done.code


def cases(folder: Path) -> list[tuple[str, list[str]]]:
    """Each case: its name and the tutor's arguments (files written in ``folder``)."""
    lesson = folder / "trap.toml"
    lesson.write_text(TRAP_LESSON, encoding="utf-8")
    strategy = folder / "strategy.txt"
    subprocess.run([sys.executable, "-m", "tutor", "solve", "coins", "--coins", "16", "--output", str(strategy)],
                   capture_output=True, check=False)
    return [
        ("check wythoff --bound 100000, a formula with four square roots",
         ["check", "wythoff", "--bound", "100000", "--conjecture",
          "floor(k*sqrt(2)*sqrt(2)*phi/sqrt(2)/sqrt(2))"]),
        ("tutor lint, coins = 14, compute = trap_size", ["lint", str(lesson)]),
        (f"check coins --coins 16, a pasted {strategy.stat().st_size / 1e6:.1f} MB strategy",
         ["check", "coins", "--coins", "16", "--file", str(strategy)]),
        ("check lightsout --size 1000x1000 --torus --minimal",
         ["check", "lightsout", "--size", "1000x1000", "--torus", "--minimal", "a1"]),
    ]


def run() -> list[Figure]:
    """CPU and peak memory of each command at the limits."""
    figures = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "TUTOR_HOME": tmp}
        for name, args in cases(Path(tmp)):
            cpu, mb, code = measured(args, env)
            figures.append(Figure(f"{name}: CPU", cpu, "s", CPU_SECONDS, f"exit {code}"))
            figures.append(Figure(f"{name}: peak memory", mb, "MB", MEMORY_MB))
    return figures

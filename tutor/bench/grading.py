"""Grading benchmark: 1,000 coin-table (N = 4) submissions on every core (target 10 s)."""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tutor.bench import Figure

SHORTEST = "0123 02 0123 01 0123 02 0123 012 0123 02 0123 01 0123 02 0123"
MOVES = ["0123", "02", "01", "0", "012", "013", "1", "23"]


def make_class(folder: Path, count: int = 1000, seed: int = 1) -> None:
    """A class of submissions: a third correct, the rest random or broken."""
    rng = random.Random(seed)
    for i in range(count):
        kind = i % 3
        if kind == 0:
            text = SHORTEST
        elif kind == 1:
            text = " ".join(rng.choice(MOVES) for _ in range(rng.randint(3, 20)))
        else:
            text = SHORTEST.replace("012", rng.choice(["013", "0193", "02"]))
        (folder / f"learner{i:04}.txt").write_text(text + "\n")


def run() -> list[Figure]:
    """Time `tutor grade` end to end (process start included) and in-process."""
    from tutor.course import load_catalog
    from tutor.grading import grade, graded_step, submission_files

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_class(folder)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "tutor", "grade", "--lesson", "coins-2", str(folder),
                               "--jobs", "2", "--csv"], capture_output=True, text=True)
        wall = time.perf_counter() - start
        rows = done.stdout.count("\n") - 1
        catalog = load_catalog()
        lesson = catalog.find("coins-2")
        files = submission_files([str(folder)])
        start = time.perf_counter()
        graded = grade(lesson, graded_step(lesson), files, jobs=2)
        inner = time.perf_counter() - start
    correct = sum(r.correct for r in graded)
    return [
        Figure("tutor grade: 1000 coin-table N=4 submissions, 2 jobs (command)", wall, "s", 10.0,
               f"{rows} rows"),
        Figure("grading 1000 submissions in-process, 2 worker processes", inner, "s", 10.0,
               f"{correct} correct"),
    ]

"""Grading benchmark: 1,000 coin-table (N = 4) submissions on every core, in each output format, and with
``--summary`` (counts, clusters of the same failure, their TOML entries, the histogram): target 10 s each."""

from __future__ import annotations

import json
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


def counted(fmt: str, out: str) -> int:
    """How many submissions a grade output holds, read back in its own format."""
    import csv
    import io
    import json
    import xml.etree.ElementTree as ET

    if fmt == "csv":
        return len(list(csv.DictReader(io.StringIO(out))))
    if fmt == "json":
        return len(json.loads(out)["rows"])
    if fmt in ("gradescope", "prairielearn"):
        return len(json.loads(out)["tests"])
    if fmt == "junit":
        return len(list(ET.fromstring(out).iter("testcase")))
    return sum(1 for line in out.splitlines() if line.startswith("learner") and not line.startswith("learner "))


def run() -> list[Figure]:
    """Time `tutor grade` end to end (process start included) in every output format, and in-process."""
    from tutor.course import load_catalog
    from tutor.grading import grade, graded_step, submission_files

    figures = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        make_class(folder)
        for fmt in ("text", "json", "csv", "gradescope", "prairielearn", "junit"):
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "tutor", "grade", "--lesson", "coins-2", str(folder),
                                   "--jobs", "2", "--format", fmt], capture_output=True, text=True)
            wall = time.perf_counter() - start
            figures.append(Figure(f"tutor grade --format {fmt}: 1000 coin-table N=4 submissions, 2 jobs", wall,
                                  "s", 10.0, f"{counted(fmt, done.stdout)} read back"))
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "tutor", "grade", "--lesson", "coins-2", str(folder),
                               "--jobs", "2", "--summary", "--json"], capture_output=True, text=True)
        wall = time.perf_counter() - start
        summary = json.loads(done.stdout)["summary"] if done.returncode == 0 else {"clusters": []}
        figures.append(Figure("tutor grade --summary --json: 1000 coin-table N=4 submissions, 2 jobs", wall, "s",
                              10.0, f"{len(summary['clusters'])} clusters, the largest "
                                    f"{max((c['size'] for c in summary['clusters']), default=0)}"))
        catalog = load_catalog()
        lesson = catalog.find("coins-2")
        files = submission_files([str(folder)])
        start = time.perf_counter()
        graded = grade(lesson, graded_step(lesson), files, jobs=2)
        inner = time.perf_counter() - start
    correct = sum(r.correct for r in graded)
    return [*figures, Figure("grading 1000 submissions in-process, 2 worker processes", inner, "s", 10.0,
                             f"{correct} correct")]

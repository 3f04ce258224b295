"""Learner-model benchmarks (issue 21): ``/progress`` over 10,000 stored attempts (target 50 ms) and
``tutor class`` over 1,000 learners' exports (target 10 s, process start included)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.bench import Figure, best_time

if TYPE_CHECKING:
    from tutor.progress.events import Event

LESSON = "coins-5"
STEPS = {2: ("coins/count-tables",), 3: ("coins/bound-strategies",), 5: ("coins/decide-winnable",),
         8: ("coins/count-tables",), 10: ("coins/decide-winnable",), 12: ("coins/decide-winnable",)}


def attempts(count: int, seed: int, start: float = 1.7e9) -> list[Event]:
    """``count`` attempt events over the steps of coins-5 and a few other lessons, right two times in three."""
    from tutor.progress.events import Attempt

    rng = random.Random(seed)
    lessons = [LESSON, "coins-1", "coins-2", "coins-3", "wythoff-1", "gods-1", "lightsout-1"]
    out: list[Event] = []
    for i in range(count):
        step = rng.choice(list(STEPS))
        right = rng.random() < 2 / 3
        out.append(Attempt(rng.choice(lessons), step - 1, str(rng.randint(0, 99)), right,
                           "Right." if right else "Not right.", rng.uniform(2, 60), at=start + 30 * i,
                           skills=STEPS[step], hint=rng.choice((0, 0, 0, 1, 2)),
                           misconception=None if right or rng.random() < 0.5 else "off-by-one",
                           variant=f'{{"seed": {rng.randint(0, 3)}}}'))
    return out


def progress_figure(folder: Path) -> Figure:
    """``/progress`` in a session whose store holds 10,000 attempts (built directly, in one transaction)."""
    from tutor.course import load_catalog
    from tutor.progress import Progress
    from tutor.session import Session

    store = Progress(folder / "progress.sqlite3")
    store.record_all(attempts(10_000, seed=1))
    session = Session(load_catalog([]), Progress(folder / "progress.sqlite3"))
    session.handle(f"/open {LESSON}")
    seconds, replies = best_time(lambda: session.handle("/progress"))
    start = time.process_time()
    session.handle("/progress")
    cpu = time.process_time() - start
    return Figure("/progress with 10,000 stored attempts", seconds * 1000, "ms", 50.0,
                  f"{len(replies)} replies; {cpu * 1000:.0f} ms of CPU; load {os.getloadavg()[0]:.1f}")


def make_class(folder: Path, count: int = 1000) -> int:
    """``count`` learners' JSON exports (40 attempts each); how many attempts in all."""
    from tutor.learner.export import records_of, to_json
    from tutor.progress import Progress

    total = 0
    for i in range(count):
        store = Progress(None)
        store.record_all(attempts(40, seed=i, start=1.7e9 + i))
        (folder / f"learner{i:04}.json").write_text(to_json(records_of(store.export())))
        total += 40
    return total


def class_figures(folder: Path) -> list[Figure]:
    """``tutor class`` over 1,000 exports: the command end to end, and the report in-process."""
    from tutor.learner import classroom
    from tutor.learner.export_merge import read_file

    exports = folder / "class"
    exports.mkdir()
    total = make_class(exports)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tutor", "class", str(exports), "--json"], capture_output=True,
                          text=True)
    wall = time.perf_counter() - start
    note = f"{total:,} attempts, exit {done.returncode}"
    files = sorted(exports.glob("*.json"))
    start = time.perf_counter()
    report = classroom.report([read_file(str(f), "read") for f in files])
    inner = time.perf_counter() - start
    return [Figure("tutor class --json: 1,000 learners' exports (process start included)", wall, "s", 10.0, note),
            Figure("class report in-process: 1,000 exports read and counted", inner, "s", 10.0,
                   f"{len(report.learners)} learners, {len(report.steps)} steps")]


def run() -> list[Figure]:
    """Both learner-model figures."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        return [progress_figure(folder), *class_figures(folder)]

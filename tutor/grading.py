"""``tutor grade``: check a class's submissions with the exact engines, in parallel.

One file per learner (the file name, without extension, is the learner);
each holds an answer to the lesson's graded step (by default its last step
that takes a whole answer: a strategy, a question tree, a press list).  Every
file becomes one row, whatever is in it: a file that cannot be read or parsed
is reported in its row and never stops the run.  Where the lesson has seeded
variants, each learner is graded on their own variant (seeded by their name).
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tutor.course import Lesson, Step, instantiate, variant_seed
from tutor.errors import LessonError, TutorError
from tutor.judging import judge

FIELDS = ("learner", "file", "verdict", "correct", "length", "shortest", "summary")
MAX_BYTES = 2_000_000


@dataclass(frozen=True)
class Row:
    """One learner's result: verdict is correct, incorrect, unparsable, empty or unreadable."""

    learner: str
    file: str
    verdict: str
    correct: bool
    length: int | None
    shortest: int | None
    summary: str


def graded_step(lesson: Lesson, number: int | None = None) -> Step:
    """The step a submission answers: ``number`` (1-based), or the last whole-answer step."""
    if number is not None:
        if not 1 <= number <= len(lesson.steps):
            raise LessonError(f"lesson {lesson.id!r} has steps 1-{len(lesson.steps)}, not {number}")
        step = lesson.steps[number - 1]
        if not step.is_question or step.plays:
            raise LessonError(f"step {number} of {lesson.id!r} does not take a written answer")
        return step
    for step in reversed(lesson.steps):
        if step.is_question and not step.plays and not step.computed:
            return step
    for step in reversed(lesson.steps):
        if step.is_question and not step.plays:
            return step
    raise LessonError(f"lesson {lesson.id!r} has no step that takes a written answer")


def submission_files(paths: Iterable[str]) -> list[Path]:
    """Every submission file: files as given, folders' files (not hidden), sorted by name."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out += sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
        elif path.exists():
            out.append(path)
        else:
            raise TutorError(f"submission {raw!r} does not exist")
    return out


def grade_one(job: tuple[Lesson, int, str]) -> Row:
    """Grade one submission file (runs in a worker process)."""
    lesson, step_index, file = job
    path = Path(file)
    learner = path.stem
    try:
        if path.stat().st_size > MAX_BYTES:
            return Row(learner, file, "unreadable", False, None, None, f"larger than {MAX_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        return Row(learner, file, "unreadable", False, None, None, str(err))
    if not text.strip():
        return Row(learner, file, "empty", False, None, None, "the file is empty")
    try:
        mine = instantiate(lesson, variant_seed(learner, lesson.id)) if lesson.variants else lesson
        verdict = judge(mine.steps[step_index], text)
    except TutorError as err:
        return Row(learner, file, "unparsable", False, None, None, str(err))
    return Row(learner, file, "correct" if verdict.correct else "incorrect", verdict.correct,
               verdict.length, verdict.shortest, verdict.summary)


def grade(lesson: Lesson, step: Step, files: list[Path], jobs: int | None = None) -> list[Row]:
    """Grade every file, in ``jobs`` worker processes (default: every core)."""
    work = [(lesson, step.index, str(f)) for f in files]
    jobs = jobs or os.cpu_count() or 1
    if jobs == 1 or len(work) < 8:
        return [grade_one(w) for w in work]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(grade_one, work, chunksize=max(1, len(work) // (jobs * 8))))


def rows_json(rows: list[Row]) -> list[dict[str, Any]]:
    """Rows as JSON-ready dicts."""
    return [asdict(r) for r in rows]


def rows_csv(rows: list[Row]) -> str:
    """Rows as CSV with a header line."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(asdict(row))
    return buffer.getvalue()


def rows_text(rows: list[Row]) -> str:
    """Rows as an aligned table with a tally."""
    width = max([7, *(len(r.learner) for r in rows)])
    lines = [f"{'learner':<{width}}  {'verdict':<10}  {'length':>6}  {'short':>6}  summary"]
    for r in rows:
        length = "" if r.length is None else str(r.length)
        shortest = "" if r.shortest is None else str(r.shortest)
        lines.append(f"{r.learner:<{width}}  {r.verdict:<10}  {length:>6}  {shortest:>6}  {r.summary[:100]}")
    tally: dict[str, int] = {}
    for r in rows:
        tally[r.verdict] = tally.get(r.verdict, 0) + 1
    lines.append(f"{len(rows)} submission(s): " + ", ".join(f"{n} {v}" for v, n in sorted(tally.items())))
    return "\n".join(lines)

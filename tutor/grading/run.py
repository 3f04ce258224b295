"""Grading a class in parallel: every submission read within its folder and judged on its variant, one row each.

Every file becomes one row, whatever is in it: a file that cannot be read or parsed is reported in its row
and never stops the run.  Lessons hold engine objects, so a worker process reads the graded lesson once from
its file; only the file, pack, seed, step and how learners' variants are known cross to it.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from tutor.course import Lesson, Step
from tutor.errors import LessonError, TutorError
from tutor.grading.files import Submission
from tutor.grading.judge import Assignment, Variants, judge_text
from tutor.grading.rows import Row
from tutor.limits import INPUT_BYTES
from tutor.storage.files import decode, read_entry

GRADED: list[Variants] = []  # the lesson graded and its variants, in this process (a worker reads it once)


def graded_step(lesson: Lesson, number: int | None = None) -> Step:
    """The step a submission answers: ``number`` (1-based), or the step the lesson's steps prefer most to be
    graded on (``Step.gradable``: a whole answer before a computed value), the last of those."""
    if number is not None:
        if not 1 <= number <= len(lesson.steps):
            raise LessonError(f"lesson {lesson.id!r} has steps 1-{len(lesson.steps)}, not {number}")
        step = lesson.steps[number - 1]
        if not step.gradable:
            raise LessonError(f"step {number} of {lesson.id!r} does not take a written answer")
        return step
    best = max((s.gradable for s in lesson.steps), default=0)
    if not best:
        raise LessonError(f"lesson {lesson.id!r} has no step that takes a written answer")
    return next(s for s in reversed(lesson.steps) if s.gradable == best)


def open_graded(path: str, pack: str, seed: int, index: int, assignment: Assignment, crashes: Path | None) -> None:
    """A worker's start: read the graded lesson from its file (lessons hold engine objects; only their file,
    pack and seed cross to another process, with the folder of the crash log)."""
    from tutor.course.catalog import load_file

    GRADED[:] = [Variants(load_file(Path(path), pack).template.instantiate(seed), index, assignment, crashes)]


def grade_one(sub: Submission) -> Row:
    """Grade one submission file (in this process or a worker): one row, whatever the file holds."""
    (variants,) = GRADED
    if sub.folder is None:
        return Row(sub.learner, sub.file, sub.verdict, False, None, None, sub.problem, note=sub.note)
    try:
        text = decode(read_entry(sub.folder, sub.name, INPUT_BYTES, identity=sub.identity), "the file")
    except TutorError as err:
        return Row(sub.learner, sub.file, "unreadable", False, None, None, first_line(str(err)), note=sub.note)
    return judge_text(variants, text, sub.learner, sub.file, sub.note)


def first_line(message: str, width: int = 200) -> str:
    """What a row may echo of a message about a file: its first line, shortened at a word to ``width``."""
    line = message.strip().splitlines()[0] if message.strip() else ""
    if len(line) <= width:
        return line
    cut = line[: width - 4].rsplit(" ", 1)[0]
    return cut + " ..."


def grade(lesson: Lesson, step: Step, files: list[Submission], jobs: int | None = None,
          done: Callable[[], None] | None = None, assignment: Assignment | None = None,
          crashes: Path | None = None) -> list[Row]:
    """Grade every file, in ``jobs`` worker processes (default and at most: one per core); ``done`` is called
    after each file (a progress bar); ``assignment``: how each learner's variant is known (default: a learner's
    name is their id, and there is no course seed); ``crashes``: the folder of the crash log."""
    cores = os.cpu_count() or 1
    jobs = min(jobs or cores, cores)
    if jobs == 1 or len(files) < 8:
        GRADED[:] = [Variants(lesson, step.index, assignment, crashes)]
        return _counted(map(grade_one, files), done)
    with ProcessPoolExecutor(max_workers=jobs, initializer=open_graded,
                             initargs=(lesson.path, lesson.pack, lesson.seed, step.index,
                                       assignment or Assignment(), crashes)) as pool:
        return _counted(pool.map(grade_one, files, chunksize=max(1, len(files) // (jobs * 8))), done)


def _counted(results: Iterable[Row], done: Callable[[], None] | None) -> list[Row]:
    rows = []
    for row in results:
        rows.append(row)
        if done is not None:
            done()
    return rows

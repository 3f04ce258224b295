"""``tutor autograde gradescope|prairielearn``: one student's submission, graded where the platform runs it.

Gradescope runs an autograder once per submission, with the student's files in
``/autograder/submission`` and the result read from
``/autograder/results/results.json``.  PrairieLearn's external grader puts them
in ``/grade/student``, the question's data in ``/grade/data/data.json``, and
reads ``/grade/results/results.json``.  ``--root`` (or ``TUTOR_AUTOGRADE_ROOT``)
moves ``/`` for a trial run.

Each graded step is one test worth one point, however many files answer it.  A
file answers step N when its name (without extension) is ``stepN``,
``step-N``, ``step_N`` or ``N``; when one step is graded, a lone file of any
name answers it.  Whatever the upload holds (nothing, a misplaced file, an
answer that does not parse), a valid results file is written and the command
exits 0: the student reads 0 points and why.  On a step whose parameters vary
per learner, the upload is graded on the student's own variant, drawn as the
tutor drew it: from ``--learner ID`` (the id the student gave ``tutor
--learner``) and the course seed ``--seed N``, or, without ``--learner``, the
one variant ``--seed N`` gives every student; a header naming another variant
is a ``variant mismatch`` (0 points).  Neither given on such a step is a setup
problem.
PrairieLearn is told
``gradable: false`` with ``format_errors`` when no answer could be read, so
the student loses no attempt.  Only a setup the instructor got wrong (an
unknown lesson or step) exits 2, after writing a result that says so.
"""

from __future__ import annotations

import json
import os
import re
import stat
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tutor import platforms
from tutor.course import Lesson, Step, load_catalog
from tutor.errors import TutorError
from tutor.grading import Assignment, Row, Submission, grade, graded_step, submission_files
from tutor.limits import GRADE_FILES
from tutor.screen.text import plural
from tutor.storage.files import escape

STEP_NAME = re.compile(r"(?:step[-_]?)?0*([0-9]{1,4})", re.IGNORECASE)  # step5, Step-05, 5: step 5


@dataclass(frozen=True)
class Platform:
    """Where a platform puts one submission and reads its result, relative to the root."""

    submission: str
    results: str
    data: str | None = None


PLATFORMS = {
    "gradescope": Platform("autograder/submission", "autograder/results/results.json"),
    "prairielearn": Platform("grade/student", "grade/results/results.json", "grade/data/data.json"),
}


@dataclass(frozen=True)
class Graded:
    """One step's test: the step (1-based), its label and the row its answer was judged to."""

    number: int
    label: str
    row: Row


def step_of(name: str) -> int | None:
    """The step a file's name says it answers: ``step5.txt`` -> 5; None for any other name.

    >>> [step_of(n) for n in ("step5.txt", "Step-05.md", "3", "step_12.txt", "answer.txt", "step.txt")]
    [5, 5, 3, 12, None, None]
    """
    found = STEP_NAME.fullmatch(Path(name).stem if "." in name else name)
    return int(found.group(1)) if found else None


def upload(folder: Path) -> list[str]:
    """Every regular file under ``folder`` (not hidden, no symbolic link followed; a subfolder that cannot be
    listed is passed over), sorted; ``folder`` itself if it is a file; none if it is missing."""
    if folder.is_file() and not folder.is_symlink():
        return [str(folder)]
    found: list[str] = []
    pending = [str(folder)] if folder.is_dir() and not folder.is_symlink() else []
    while pending:
        try:
            with os.scandir(pending.pop()) as entries:
                for entry in entries:
                    if entry.name.startswith("."):
                        continue
                    mode = entry.stat(follow_symlinks=False).st_mode
                    if stat.S_ISDIR(mode):
                        pending.append(entry.path)
                    elif stat.S_ISREG(mode):
                        found.append(entry.path)
                    GRADE_FILES.check(len(found) + len(pending), f"the submission holds more than "
                                                                  f"{GRADE_FILES.value:,} files")
        except OSError:
            continue
    return sorted(found)


def answers(files: list[str], numbers: list[int]) -> dict[int, list[str]]:
    """The files that answer each step: those named for it, or (one step graded, no file named for it) every
    file not named for a step."""
    named = {n: [f for f in files if step_of(os.path.basename(f)) == n] for n in numbers}
    if len(numbers) == 1 and not named[numbers[0]]:
        named[numbers[0]] = [f for f in files if step_of(os.path.basename(f)) is None]
    return named


def missing(number: int, files: list[str], candidates: list[str]) -> Row:
    """The row of a step no single file answers: none found, or several that could be the answer."""
    if not candidates:
        what = "no file in the submission" if not files else f"none of {plural(len(files), 'file')} "
        what += "" if not files else f"({', '.join(escape(os.path.basename(f)) for f in files[:5])})"
        return Row(f"step{number}", "", "missing", False, None, None,
                   f"{what} answers step {number}: upload it as step{number}.txt")
    names = ", ".join(escape(os.path.basename(f)) for f in candidates[:5])
    return Row(f"step{number}", "", "ambiguous", False, None, None,
               f"{len(candidates)} files could answer step {number} ({names}): keep one, or name it step{number}.txt")


def judge(lesson: Lesson, step: Step, files: list[str], candidates: list[str], given: Assignment,
          crashes: Path | None = None) -> Graded:
    """One step's test: its one answer file judged by ``tutor grade``'s own reading and judging, on the
    variant ``given`` says the student was given (an engine's bug logged in the crash log of ``crashes``)."""
    number = step.index + 1
    if len(candidates) != 1:
        return Graded(number, step.label, missing(number, files, candidates))
    subs: list[Submission] = submission_files(candidates)
    return Graded(number, step.label, grade(lesson, step, subs, jobs=1, assignment=given, crashes=crashes)[0])


def assignment(lesson: Lesson, steps: list[Step], seed: int | None, learner: str | None) -> Assignment:
    """How the student's variant is known: their learner id and the course seed, or the one variant of the seed;
    a ``TutorError`` when a graded step varies and neither is given."""
    if learner is None and seed is None:
        slots = lesson.template.tables.slots()
        varied = [s.index + 1 for s in steps if any(slot.index in (None, s.index) for slot in slots.values())]
        if varied:
            raise TutorError(f"step {varied[0]} of {lesson.id!r} varies per learner: give --learner ID (the "
                             "student's id, as they gave it to 'tutor --learner') or --seed N (the variant every "
                             "student was given)")
    return Assignment(seed, shared=learner is None, learner=learner)


def settings(args_lesson: str | None, args_steps: list[int] | None, data: dict[str, Any]) -> tuple[str, list[int]]:
    """The lesson and steps graded: from the command line, else PrairieLearn's ``params`` (``lesson``,
    ``steps``)."""
    found = data.get("params")
    params: dict[str, Any] = found if isinstance(found, dict) else {}
    lesson = args_lesson or params.get("lesson")
    if lesson is not None and not isinstance(lesson, str):
        raise TutorError(f"params.lesson must be a lesson id in quotes (\"coins-1\"), not "
                         f"{escape(json.dumps(lesson))[:60]}")
    if not lesson or not lesson.strip():
        raise TutorError("no lesson to grade: give --lesson LESSON (or params.lesson in the question's data)")
    steps = args_steps if args_steps else params.get("steps", [])
    steps = [steps] if isinstance(steps, int) else steps
    if not isinstance(steps, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in steps):
        raise TutorError(f"params.steps must be a step number or a list of them, not {escape(repr(steps))[:60]}")
    return lesson, steps


def read_data(path: Path | None) -> dict[str, Any]:
    """PrairieLearn's question data, or nothing where there is none or it is not a JSON object."""
    if path is None or not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))  # a byte-order mark is dropped (docs/limits.md)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def results(platform: str, lesson: str, graded: list[Graded], seconds: float) -> dict[str, Any]:
    """The platform's results: one test per step, a message that says what was found."""
    tests = [platforms.Test(f"step {g.number}: {g.label}", str(g.number), 1.0 if g.row.correct else 0.0, 1.0,
                            g.row) for g in graded]
    right = sum(1 for g in graded if g.row.correct)
    message = f"lesson {lesson}: {right} of {plural(len(graded), 'step')} right"
    if all(g.row.verdict == "missing" for g in graded):
        message += ". No answer file was found in your submission: upload " + (
            f"one text file named step{graded[0].number}.txt" if len(graded) == 1
            else "one text file per step, named step1.txt, step2.txt, ...")
    if platform == "gradescope":
        return {**platforms.gradescope_results(tests, message), "execution_time": round(seconds, 3)}
    return platforms.prairielearn_results(tests, message, f"lesson {lesson}")


def setup_problem(platform: str, problem: str) -> dict[str, Any]:
    """The result when the autograder is set up wrong: no points, and the problem for the instructor."""
    message = f"The autograder is set up wrong, so this submission was not graded: {problem}"
    if platform == "gradescope":
        return {"score": 0, "output": message, "visibility": "visible", "tests": []}
    return {"gradable": False, "message": message, "format_errors": [message]}


def write(path: Path, data: dict[str, Any]) -> None:
    """Write the results file (its folder made if need be), whole or not at all."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(path.name + ".part")
        part.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        os.replace(part, path)
    except OSError as err:
        raise TutorError(f"cannot write the results file {escape(str(path))!r}: {err.strerror or err}") from None


def autograde(platform: str, submission: str | None = None, lesson: str | None = None,
              steps: list[int] | None = None, results_file: str | None = None, root: str | None = None,
              lessons: Sequence[str] = (), seed: int | None = None, learner: str | None = None,
              bundled: bool = True, crashes: Path | None = None) -> str:
    """Grade one submission for ``platform`` and write its results file; returns a one-line summary.  ``learner``
    and ``seed``: the student's learner id and the course seed (``assignment``).  A setup problem is written to
    the results file too, then raised (``TutorError``).  ``lessons``, ``bundled``: the catalogue (``Settings``);
    ``crashes``: the folder of the crash log."""
    start = time.perf_counter()
    where = PLATFORMS[platform]
    base = Path(root or "/")
    out = Path(results_file) if results_file else base / where.results
    try:
        lesson_id, numbers = settings(lesson, steps, read_data(base / where.data if where.data else None))
        graded_lesson = load_catalog(lessons, bundled).find(lesson_id)
        chosen = [graded_step(graded_lesson, n) for n in dict.fromkeys(numbers)] if numbers \
            else [graded_step(graded_lesson)]
        given = assignment(graded_lesson, chosen, seed, learner)
    except TutorError as err:
        write(out, setup_problem(platform, str(err)))
        raise
    try:
        files, trouble = upload(Path(submission) if submission else base / where.submission), ""
    except TutorError as err:  # too many files: the student reads why, the run goes on
        files, trouble = [], str(err)
    found = answers(files, [s.index + 1 for s in chosen])
    graded = [judge(graded_lesson, s, files, found[s.index + 1], given, crashes) if not trouble else
              Graded(s.index + 1, s.label, Row(f"step{s.index + 1}", "", "unreadable", False, None, None, trouble))
              for s in chosen]
    data = results(platform, graded_lesson.id, graded, time.perf_counter() - start)
    write(out, data)
    right = sum(1 for g in graded if g.row.correct)  # points, on every platform (PrairieLearn's score is a share)
    return f"{graded_lesson.id}: {right} of {len(graded)} ({plural(len(files), 'file')} found); " \
           f"results in {escape(str(out))}"

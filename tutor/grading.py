"""``tutor grade``: check a class's submissions with the exact engines, in parallel.

One file per learner (the file name, without extension, is the learner);
each holds an answer to the lesson's graded step (by default its last step
that takes a whole answer: a strategy, a question tree, a press list).  Every
file becomes one row, whatever is in it: a file that cannot be read or parsed
is reported in its row and never stops the run.  Where the lesson has seeded
variants, each learner is graded on their own variant (seeded by their name).

Grading stays inside the folders it is given: only regular files are read
(a FIFO or a device is reported, never opened for reading), at most
``input_bytes`` of each, and a symbolic link that leads out of its folder is
reported in its row and never followed.  Names are printed with control
characters escaped, so a file name cannot write to the terminal.
"""

from __future__ import annotations

import csv
import io
import os
import stat
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from tutor.course import Lesson, Step, instantiate, variant_seed
from tutor.errors import LessonError, TutorError
from tutor.files import Identity, decode, escape, file_kind, open_folder, read_entry
from tutor.limits import GRADE_FILES, INPUT_BYTES
from tutor.paths import record_crash
from tutor.text import plural

FIELDS = ("learner", "file", "verdict", "correct", "length", "shortest", "summary", "variant", "mistake",
          "misconception", "counterexample", "failure", "note")


@dataclass(frozen=True)
class Submission:
    """One file to grade: its path as listed; the real folder it is read in and its name there (None: not to be
    read, and why not), and which file the name meant when the folder was listed."""

    file: str
    folder: str | None
    name: str = ""
    identity: Identity | None = None
    problem: str = ""

    @property
    def learner(self) -> str:
        """The learner's name: the file name without its extension."""
        return Path(self.file).stem


@dataclass(frozen=True)
class Row:
    """One learner's result: verdict is correct, incorrect, unparsable, empty, unreadable, ungraded (the file
    names another lesson, step or a variant the lesson cannot draw, or a variant step has no header and no
    ``--seed``) or error (a bug).  The fields after ``summary`` carry the whole judgement: the variant graded,
    the declared mistake's text and the misconception when one matched, the counterexample, the failure key
    (equal keys: the same exact failure, see ``failure_key``) and what the grader noticed about the file."""

    learner: str
    file: str
    verdict: str
    correct: bool
    length: int | None
    shortest: int | None
    summary: str
    variant: str = ""  # the variant graded: "coins=8, steps[2].args.k=3" ("": the lesson has none)
    mistake: str = ""  # the text of the declared mistake the answer matched ("": none)
    misconception: str = ""  # the name of the misconception the engine diagnosed ("": none)
    counterexample: str = ""  # the verdict's counterexample, as plain text (lines)
    failure: str = ""  # the failure key: wrong answers with the same key fail the same way ("" when correct)
    note: str = ""  # what the grader noticed: a newer file of the same learner, a header's lesson and variant

    @property
    def feedback(self) -> str:
        """The row as Markdown for the learner: verdict, summary, the declared mistake, misconception and
        counterexample (``--feedback DIR`` writes one file per learner)."""
        return feedback_markdown(self)


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


def submission_files(paths: Iterable[str]) -> list[Submission]:
    """Every submission: files as given, and each folder's entries (not hidden, not subfolders), sorted by name.

    A folder (or a file's folder) is given by its real path: one reached through a symbolic link is refused,
    naming the real path.  An entry is read only if it is a regular file with no other name (not a hard link),
    or a symbolic link to such a file in the same folder; anything else is listed with the reason it is not
    read, so it still gets its row.
    """
    out: list[Submission] = []
    for raw in paths:
        path = Path(raw)
        if path.is_symlink():
            raise TutorError(f"{escape(raw)!r} is reached through a symbolic link: give its real path "
                             f"{escape(os.path.realpath(raw))!r}")
        if path.is_dir():
            out += folder_submissions(path)
        elif path.exists() or path.is_symlink():
            out.append(file_submission(raw))
        else:
            raise TutorError(f"submission {escape(raw)!r} does not exist")
        GRADE_FILES.check(len(out), f"the submissions hold more than {GRADE_FILES.value:,} files")
    return out


def file_submission(raw: str) -> Submission:
    """A file named on the command line, read in its folder like a folder's entry."""
    folder, name = os.path.split(os.path.abspath(raw))
    entries = listing(folder)
    return entry_submission(raw, folder, name, entries) if name in entries else \
        Submission(raw, None, problem="it does not exist")


Listed = tuple[os.stat_result, str | None]  # an entry's own status (links not followed) and a link's target


def listing(folder: str) -> dict[str, Listed]:
    """Every entry of ``folder``, read through a descriptor of it (``open_folder``): its status, and the target
    of a symbolic link."""
    fd = open_folder(folder, TutorError)
    try:
        out: dict[str, Listed] = {}
        with os.scandir(fd) as entries:
            for entry in entries:
                found = entry.stat(follow_symlinks=False)
                link = os.readlink(entry.name, dir_fd=fd) if stat.S_ISLNK(found.st_mode) else None
                out[entry.name] = (found, link)
        return out
    finally:
        os.close(fd)


def folder_submissions(folder: Path) -> list[Submission]:
    """The entries of one folder as submissions (see ``submission_files``)."""
    real = os.path.abspath(folder)
    entries = listing(real)
    out = []
    for name in sorted(entries):
        if name.startswith(".") or stat.S_ISDIR(entries[name][0].st_mode):
            continue
        out.append(entry_submission(str(folder / name), real, name, entries))
        GRADE_FILES.check(len(out), f"{folder} holds more than {GRADE_FILES.value:,} files")
    return out


def entry_submission(file: str, folder: str, name: str, entries: dict[str, Listed]) -> Submission:
    """One entry of ``folder``: to be read (a regular file, or a link to one beside it), or why not."""
    found, link = entries[name]
    if link is not None:
        target = os.path.normpath(os.path.join(folder, link))
        if os.path.dirname(target) != folder:
            return Submission(file, None, problem="a symbolic link out of the folder: not read")
        name = os.path.basename(target)
        if name not in entries:
            return Submission(file, None, problem="a symbolic link to nothing")
        found, link = entries[name]
        if link is not None:
            return Submission(file, None, problem="a symbolic link to a link: not read")
    if not stat.S_ISREG(found.st_mode):
        return Submission(file, None, problem=f"not a regular file ({file_kind(found.st_mode)}): not read")
    if found.st_nlink > 1:
        return Submission(file, None, problem="a hard link (the same file has another name elsewhere): not read")
    return Submission(file, folder, name, (found.st_dev, found.st_ino))


GRADED: list[Lesson] = []  # the lesson graded, in this process (a worker reads it once from its file)


def open_graded(path: str, pack: str, seed: int) -> None:
    """A worker's start: read the graded lesson from its file (lessons hold engine objects; only their file,
    pack and seed cross to another process)."""
    from tutor.course.catalog import load_file

    GRADED[:] = [load_file(Path(path), pack).template.instantiate(seed)]


def grade_one(job: tuple[int, Submission]) -> Row:
    """Grade one submission file (in this process or a worker): one row, whatever the file holds."""
    (lesson,), (step_index, sub) = GRADED, job
    row = Row(sub.learner, sub.file, "unreadable", False, None, None, sub.problem)
    if sub.folder is None:
        return row
    try:
        text = decode(read_entry(sub.folder, sub.name, INPUT_BYTES, identity=sub.identity), "the file")
    except TutorError as err:
        return replace(row, summary=first_line(str(err)))
    if not text.strip():
        return replace(row, verdict="empty", summary="the file is empty")
    try:
        mine = instantiate(lesson, variant_seed(sub.learner, lesson.id)) if lesson.variants else lesson
        verdict = mine.steps[step_index].judge(text)
    except TutorError as err:
        return replace(row, verdict="unparsable", summary=first_line(str(err)))
    except Exception as err:  # a bug in an engine: this row says so, the crash log has it, the run goes on
        log = record_crash(err, f"tutor grade, file {sub.file!r}")
        return replace(row, verdict="error", summary=f"internal error ({type(err).__name__}: {err})"
                                                     + (f"; the details are in {log}" if log else ""))
    return Row(sub.learner, sub.file, "correct" if verdict.correct else "incorrect", verdict.correct,
               verdict.length, verdict.shortest, verdict.summary)


def first_line(message: str, width: int = 200) -> str:
    """What a row may echo of a message about a file: its first line, cut to ``width`` (never more of the file)."""
    line = message.strip().splitlines()[0] if message.strip() else ""
    return line if len(line) <= width else line[: width - 3] + "..."


def grade(lesson: Lesson, step: Step, files: list[Submission], jobs: int | None = None,
          done: Callable[[], None] | None = None) -> list[Row]:
    """Grade every file, in ``jobs`` worker processes (default and at most: one per core); ``done`` is called
    after each file (a progress bar)."""
    work = [(step.index, f) for f in files]
    cores = os.cpu_count() or 1
    jobs = min(jobs or cores, cores)
    rows: list[Row] = []
    if jobs == 1 or len(work) < 8:
        GRADED[:] = [lesson]
        results: Iterable[Row] = map(grade_one, work)
        return [*_counted(results, rows, done)]
    with ProcessPoolExecutor(max_workers=jobs, initializer=open_graded,
                             initargs=(lesson.path, lesson.pack, lesson.seed)) as pool:
        results = pool.map(grade_one, work, chunksize=max(1, len(work) // (jobs * 8)))
        return [*_counted(results, rows, done)]


def _counted(results: Iterable[Row], rows: list[Row], done: Callable[[], None] | None) -> list[Row]:
    for row in results:
        rows.append(row)
        if done is not None:
            done()
    return rows


def rows_json(rows: list[Row]) -> list[dict[str, Any]]:
    """Rows as JSON-ready dicts."""
    return [asdict(r) for r in rows]


def rows_csv(rows: list[Row]) -> str:
    """Rows as CSV with a header line."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({**asdict(row), "learner": escape(row.learner), "file": escape(row.file),
                         "summary": escape(row.summary)})
    return buffer.getvalue()


def rows_text(rows: list[Row]) -> str:
    """Rows as an aligned table with a tally."""
    names = [escape(r.learner) for r in rows]
    width = max([7, *(len(n) for n in names)])
    lines = [f"{'learner':<{width}}  {'verdict':<10}  {'length':>6}  {'short':>6}  summary"]
    for r, name in zip(rows, names, strict=True):
        length = "" if r.length is None else str(r.length)
        shortest = "" if r.shortest is None else str(r.shortest)
        lines.append(f"{name:<{width}}  {r.verdict:<10}  {length:>6}  {shortest:>6}  {escape(r.summary[:100])}")
    lines.append(tally(rows))
    return "\n".join(lines)


def tally(rows: list[Row]) -> str:
    """"5 submissions: 2 correct, 3 incorrect"."""
    counts: dict[str, int] = {}
    for row in rows:
        counts[row.verdict] = counts.get(row.verdict, 0) + 1
    return f"{plural(len(rows), 'submission')}: " + ", ".join(f"{n} {v}" for v, n in sorted(counts.items()))


def feedback_markdown(row: Row, lesson: str = "", step: int | None = None) -> str:
    """One learner's feedback as Markdown: what was graded, the verdict, and every part of the judgement."""
    where = f"lesson {lesson}" if lesson else ""
    where += f", step {step}" if step is not None else ""
    lines = [f"# {escape(row.learner)}", ""]
    if where:
        lines += [f"Graded on {where}" + (f", variant {row.variant}" if row.variant else "") + ".", ""]
    elif row.variant:
        lines += [f"Graded on variant {row.variant}.", ""]
    lines += [f"**{row.verdict}**" + (f": {escape(row.summary)}" if row.summary else ""), ""]
    if row.mistake:
        lines += ["## Your instructor's note", "", row.mistake, ""]
    if row.misconception:
        lines += [f"Misconception: {row.misconception}", ""]
    if row.counterexample:
        lines += ["## Counterexample", "", "```", row.counterexample, "```", ""]
    if row.note:
        lines += [f"_{escape(row.note)}_", ""]
    return "\n".join(lines)

"""What ``tutor grade`` needs around the grading itself: a lesson it can trust, the rows in the form asked
for, feedback files, and the exit status.

Grading refuses to be quietly wrong: a lesson file that claims the graded lesson's id but clashes with
another, or does not load at all, stops the run with one line naming both files (exit 2); grading the
lesson that happened to load would grade against the wrong file.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor.course import Lesson
from tutor.course.catalog import Catalog
from tutor.errors import LessonError, TutorError
from tutor.grading.judge import Assignment
from tutor.grading.rows import Row, feedback_markdown
from tutor.limits import INPUT_BYTES
from tutor.screen.text import plural
from tutor.storage.files import escape, read_text

if TYPE_CHECKING:
    from tutor.settings import Settings

Bar = Callable[[str, int], AbstractContextManager[Callable[[], None]]]  # a progress bar: (what, total) -> done()
Platform = Callable[[str, str, int, list[Row], float], str]  # (format, lesson, step, rows, seconds) -> its file
RowsJson = Callable[[list[Row]], list[dict[str, Any]]]

ERROR_FILE = re.compile(r"^(?P<path>.+?\.toml)(?::\d+)?:")  # the file a catalogue error names first
ID_LINE = re.compile(r"""^\s*id\s*=\s*["'](?P<id>[^"'\n]*)["']""", re.MULTILINE)


def claimed_id(path: str) -> str | None:
    """The ``id = "..."`` a lesson file that did not load declares, if it can be read at all."""
    try:
        found = ID_LINE.search(read_text(path, INPUT_BYTES))
    except TutorError:
        return None
    return found.group("id") if found else None


def trusted_lesson(catalog: Catalog, name: str) -> tuple[Lesson, list[str]]:
    """The lesson to grade and the catalogue's other problems (to warn about); a clash over its id, or a
    file declaring its id that does not load, is a ``LessonError`` naming both files."""
    try:
        lesson = catalog.find(name)
    except LessonError:
        broken = [e for e in catalog.errors if (m := ERROR_FILE.match(e)) and claimed_id(m.group("path")) == name]
        if broken:
            raise LessonError(f"lesson {name!r} does not load: {broken[0]}") from None
        raise
    others = []
    for error in catalog.errors:
        if f"id {lesson.id!r} is already used by" in error:
            raise LessonError(f"lesson id {lesson.id!r} clashes: {error.split(': id ', 1)[0]} and "
                              f"{lesson.path} both declare it; grading refuses to guess which (rename one)")
        found = ERROR_FILE.match(error)
        if found and os.path.abspath(found.group("path")) != os.path.abspath(lesson.path) and \
                claimed_id(found.group("path")) == lesson.id.split("/")[-1]:
            raise LessonError(f"lesson {lesson.id!r} is also declared by {found.group('path')}, which does not "
                              f"load ({error[len(found.group(0)):].strip()[:200]}); grading {lesson.path} "
                              "instead would be a guess")
        others.append(error)
    return lesson, others


def assignment(args: argparse.Namespace) -> Assignment:
    """How ``tutor grade`` knows each learner's variant: ``--seed``, ``--roster`` (CSV rows of learner id and
    name, as ``tutor class`` reads them) and ``--same-variant``; a roster naming one learner twice, or
    ``--same-variant`` without ``--seed``, is bad input."""
    from tutor.learner.classroom import read_roster

    seed, shared = getattr(args, "seed", None), getattr(args, "same_variant", False)
    if shared and seed is None:
        raise TutorError("--same-variant needs --seed N: the seed every learner was given ('tutor --seed N')")
    if shared and getattr(args, "roster", None):
        raise TutorError("--same-variant gives every learner one variant: a --roster would change nothing")
    names: dict[str, str] = {}
    if getattr(args, "roster", None):
        for learner, name in read_roster(read_text(args.roster, INPUT_BYTES), escape(args.roster)).items():
            if names.setdefault(name, learner) != learner:
                raise TutorError(f"{escape(args.roster)}: the name {escape(name)!r} has two learner ids, "
                                 f"{escape(names[name])!r} and {escape(learner)!r}")
    return Assignment(seed, tuple(sorted(names.items())), shared)


def exit_status(rows: list[Row], strict: bool) -> int:
    """0, or 1 with ``--strict`` when any graded file is not correct."""
    return 1 if strict and any(not r.correct for r in rows) else 0


def feedback_name(row: Row, used: set[str]) -> str:
    """A file name for a learner's feedback: their name made safe for a file name, unique in the folder."""
    base = re.sub(r"[^A-Za-z0-9._-]+", "_", row.learner).strip("._") or "learner"
    name, n = f"{base}.md", 1
    while name in used:
        n += 1
        name = f"{base}-{n}.md"
    used.add(name)
    return name


def write_feedback(folder: str, rows: list[Row], lesson: str, step: int) -> int:
    """One Markdown file per row in ``folder`` (created; an existing file of that name is replaced, never
    written through a link); returns how many."""
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise TutorError(f"cannot make the feedback folder {escape(folder)!r}: {err.strerror}") from None
    used: set[str] = set()
    for row in rows:
        target = path / feedback_name(row, used)
        try:
            if target.is_symlink():
                target.unlink()
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o644)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(feedback_markdown(row, lesson, step))
        except OSError as err:
            raise TutorError(f"cannot write {escape(str(target))!r}: {err.strerror}") from None
    return len(rows)


def as_json(lesson: Lesson, step: int, rows: list[Row], summary: bool) -> dict[str, Any]:
    """The ``--json`` document: the lesson, the step, the rows and, with ``--summary``, the clusters."""
    from tutor.grading.rows import rows_json
    from tutor.grading.summary import summary_json

    out: dict[str, Any] = {"lesson": lesson.id, "step": step, "rows": rows_json(rows)}
    if summary:
        out["summary"] = summary_json(rows)
    return out


def run_grade(args: argparse.Namespace, settings: Settings, bar: Bar, platform: Platform, rows_json: RowsJson) -> int:
    """``tutor grade`` (``tutor.commands.cmd_grade``): a trusted lesson, the files, the rows in the form asked
    for (``platform`` writes CSV and the course platforms' formats, ``rows_json`` the rows of ``--json``, as
    ``tutor.platforms`` writes them), feedback files and the summary; the exit status."""
    import time

    from tutor.course import load_catalog
    from tutor.grading.files import collect
    from tutor.grading.rows import rows_text
    from tutor.grading.run import grade, graded_step
    from tutor.grading.summary import summary_text

    if args.jobs is not None and args.jobs < 1:
        raise TutorError(f"--jobs must be at least 1, not {args.jobs}")
    given = assignment(args)
    lesson, problems = trusted_lesson(load_catalog(settings.lessons, settings.bundled), args.lesson)
    for problem in problems:
        print(f"warning: {problem}", file=sys.stderr)
    step = graded_step(lesson, args.step)
    found = collect(args.submissions, args.include or (), args.all_files)
    skipped = ""
    if found.skipped:
        what = "is not an answer" if len(found.skipped) == 1 else "are not answers"
        skipped = (f"{plural(len(found.skipped), 'file')} that {what} ("
                   + ", ".join(escape(f) for f in found.skipped[:3]) + (", ..." if len(found.skipped) > 3 else "")
                   + "); --include PATTERN chooses the answer files")
    if not found.submissions:  # bad input is one line: what was skipped is part of it
        raise TutorError("no submission files found" + (f": {skipped}" if skipped else ""))
    for line in found.several:
        print(line, file=sys.stderr)
    if skipped:
        print(f"not graded: {skipped}", file=sys.stderr)
    started = time.monotonic()
    with bar(f"grading {len(found.submissions):,} files", len(found.submissions)) as done:
        rows = grade(lesson, step, found.submissions, args.jobs, done, given, settings.folder())
    seconds = time.monotonic() - started  # JUnit's time
    if args.feedback:
        count = write_feedback(args.feedback, rows, lesson.id, step.index + 1)
        print(f"wrote {plural(count, 'feedback file')} to {args.feedback}", file=sys.stderr)
    if form(args) == "json":
        print(json.dumps({**as_json(lesson, step.index + 1, rows, args.summary), "rows": rows_json(rows)}, indent=2))
    elif form(args) == "text":
        print(f"lesson {lesson.id}, step {step.index + 1} ({step.label})")
        print(rows_text(rows))
    else:
        sys.stdout.write(platform(form(args), lesson.id, step.index + 1, rows, seconds))
    if args.summary and form(args) != "json":  # after a platform's file, on standard error: the file stays valid
        print(file=sys.stdout if form(args) == "text" else sys.stderr)
        (sys.stdout if form(args) == "text" else sys.stderr).write(summary_text(rows))
    return exit_status(rows, args.strict)


def form(args: argparse.Namespace) -> str:
    """The output format asked for: text, json, csv, gradescope, prairielearn or junit."""
    return "json" if args.json else "csv" if args.csv else args.format or "text"

"""Handlers for the tutor's own subcommands (start, lint, progress, ...), each ``(args, settings)``: the parsed
command line and the tutor's settings (``tutor.settings``); ``tutor.arguments`` declares the commands and names
each one's handler (``HANDLERS``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tutor.errors import Exit, TutorError
from tutor.limits import ID_CHARS, INPUT_BYTES
from tutor.screen.text import plural, raw_stream, shorten

if TYPE_CHECKING:
    from tutor.progress import Progress
    from tutor.settings import Settings


def cmd_start(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor start [LESSON]``: the REPL, opening a lesson."""
    from tutor.shell.repl import run_repl

    return run_repl(args, settings, args.lesson)


def cmd_lint(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor lint [PATH...] [--format text|json|github]``: every problem on standard output, a count on standard
    error; exit 0 if every lesson is sound, 1 if not."""
    from tutor.course import bundled_root, extra_dirs, load_roots
    from tutor.lint import lint_problems, misconception_lines, missing_explanations, report

    if args.explanations:
        for puzzle, names in missing_explanations().items():
            print(f"{puzzle}: {plural(len(names), 'quantity', 'quantities')} without an explanation or refutation"
                  + (f": {', '.join(names)}" if names else ""))
        return Exit.OK
    paths = list(args.paths) + list(settings.cli_lessons)
    if not paths:  # the bundled lessons (not after --no-bundled) and TUTOR_LESSONS's folders
        paths = [str(d) for d in [*([bundled_root()] if settings.bundled else []), *extra_dirs(settings.env_lessons)]]
        if not paths:
            raise TutorError("--no-bundled leaves nothing to lint: name PATHs, --lessons DIR or TUTOR_LESSONS")
    if args.misconceptions:
        catalog = load_roots([Path(p) for p in paths], crashes=settings.folder())
        for lesson in catalog.ordered():
            for line in misconception_lines(lesson):
                print(line)
        return Exit.OK
    with Working("checking lessons") as bar:
        count, problems = lint_problems(paths, bar.update, bundled=settings.bundled, crashes=settings.folder())
    sys.stdout.write(report(problems, args.format))  # text, JSON or workflow commands: for editors and CI
    if problems:
        print(f"{plural(len(problems), 'problem')} in {plural(count, 'lesson')}", file=sys.stderr)
        return Exit.INCORRECT
    print(f"{plural(count, 'lesson')} OK", file=sys.stderr if args.format == "json" else sys.stdout)
    return Exit.OK


def cmd_progress(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor progress [--json] [--reset LESSON] [--export FILE]``."""
    from tutor.progress import Progress

    # any failure is one line and exit 2, never a traceback; showing and exporting only read (read-only storage,
    # another user's file), resetting writes
    if args.format and not args.export:
        raise TutorError("--format applies to --export FILE only")
    readonly = not (args.reset or args.import_file or args.repair)
    with Progress.default(settings, strict=True, readonly=readonly) as progress:
        return progress_command(args, settings, progress)


def progress_command(args: argparse.Namespace, settings: Settings, progress: Progress) -> int:
    """``tutor progress`` on the store open (closed by ``cmd_progress`` however this ends)."""
    from tutor.course import load_catalog
    from tutor.session.saving import opening_text
    from tutor.session.skills import Standing
    from tutor.session.summary import Summary

    if progress.opening is not None:  # damaged (moved aside), unreadable, or from a newer tutor: say so, show nothing
        raise TutorError(opening_text(progress.opening))
    if args.repair:
        print(progress.repaired or "nothing to set aside: every record is dated within the tutor's calendar")
        return Exit.OK
    from tutor.standing import usable

    usable(progress)
    if args.reset:
        removed = progress.reset(args.reset)
        print(f"forgot {plural(removed, 'record')} of lesson {args.reset!r}")
        return Exit.OK
    if args.import_file:
        from tutor.learner.export_merge import import_file
        from tutor.standing import known_here

        print(import_file(progress, args.import_file, known_here(settings)).line())
        return Exit.OK
    if args.export:
        from tutor.learner.export_file import write_export

        write_export(progress, args.export, args.format or "json")
        print(f"exported progress to {args.export}")
        return Exit.OK
    catalog = load_catalog(settings.lessons, settings.bundled, crashes=settings.folder())
    if args.skills:
        from tutor.standing import list_skills

        return list_skills(args.json, catalog, progress)
    rows = Summary.of(catalog, progress, recorded=True).lessons  # course order, as /lessons; lessons not loaded last
    standing = Standing.of(catalog, progress)
    if args.json:
        print(json.dumps({"profile": progress.profile_id(), "lessons": [r.as_json() for r in rows],
                          **standing.as_json()}, indent=2))
        return Exit.OK
    for r in rows:
        status = "complete" if r.complete else r.fraction
        print(f"{r.lesson:<24} {status:>9}  attempts {r.attempts:>3}  hints {r.hints:>3}  solutions {r.solutions:>2}")
    if any(r.questions is None for r in rows):
        print("?: a lesson not loaded now; --lessons DIR with its folder counts its steps")
    from tutor.standing import show_standing

    show_standing(standing, settings.plain)
    return Exit.OK


def cmd_review(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor review [--json]``: the skills due for review (``tutor.standing``)."""
    from tutor.standing import review

    return review(args, settings)


def cmd_new(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor new LESSON_ID --puzzle NAME [--dir DIR]``: a skeleton that passes lint as written."""
    import re

    from tutor.authoring import skeleton
    from tutor.course.editors import write_editor_files
    from tutor.lint import lint_paths

    ID_CHARS.check(len(args.lesson_id), f"lesson id {args.lesson_id[:30]!r}... has {len(args.lesson_id):,} "
                                        "characters")
    if not re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", args.lesson_id):
        raise TutorError(f"lesson id {shorten(args.lesson_id)} must be lower-case letters, digits, '-', '_' or '.'")
    folder = Path(args.dir)
    path = folder / f"{args.lesson_id}.toml"
    text = skeleton(args.lesson_id, args.puzzle)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        # a new file only: never over an existing one, never through a symbolic link (even a dangling one)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except FileExistsError:
        raise TutorError(f"{str(path)!r} already exists; choose another id or --dir") from None
    except OSError as err:
        raise TutorError(f"cannot write {str(path)!r}: {err.strerror}") from None
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(text)
    try:  # the schemas and the .taplo.toml that applies them to the folder, for editors (kept if there)
        editors = write_editor_files(folder, replace=False)
    except OSError:
        editors = []  # not writable: the lesson does not need them
    _, errors = lint_paths([str(path)], bundled=settings.bundled, crashes=settings.folder())
    for problem in errors:
        print(problem, file=sys.stderr)
    print(f"wrote {path}" + (f" and {', '.join(p.name for p in editors)}, which editors read for help as you type"
                             if editors else "")
          + f"\ncheck it:   tutor lint {path}\nread it:    tutor preview {args.lesson_id} --lessons {folder}")
    return Exit.INCORRECT if errors else Exit.OK


def cmd_schema(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor schema [lesson|pack] [--markdown] [--write DIR]``: the JSON Schema of a lesson file or of pack.toml,
    or the tables of their keys, or both schemas and a .taplo.toml written into DIR."""
    from tutor.course.editors import schema_text, write_editor_files
    from tutor.course.keys import key_tables

    if args.write is not None:
        try:
            Path(args.write).mkdir(parents=True, exist_ok=True)
            written = write_editor_files(Path(args.write))
        except OSError as err:
            raise TutorError(f"cannot write into {shorten(args.write)}: {err.strerror}") from None
        for path in written:
            print(f"wrote {path}")
        return Exit.OK
    sys.stdout.write(key_tables(args.which) if args.markdown else schema_text(args.which))
    return Exit.OK


def cmd_preview(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor preview LESSON``: the lesson as a learner sees it, played with reference answers."""
    from tutor.authoring import preview
    from tutor.course import load_catalog

    catalog = load_catalog(settings.lessons, settings.bundled, crashes=settings.folder())
    result = preview(catalog, args.lesson, seed=args.seed, hints=not args.no_hints)
    if not result.opened:  # a lesson that does not load: its problems like lint's, and bad input
        print("\n".join(result.failures), file=sys.stderr)
        return Exit.BAD_INPUT
    print(result.text)
    for problem in [*catalog.errors, *result.failures]:  # a clashing id or a broken file is a failure too
        print(problem, file=sys.stderr)
    return Exit.INCORRECT if result.failures or catalog.errors else Exit.OK


class Working:
    """A rich progress bar on standard error (a terminal only) for work that lasts longer than ``after``
    seconds: it appears then (from a timer, or at the next ``update``), pulsing while the total is unknown and
    filling once ``update(done, total)`` reports (grading, lint, or an engine through ``tutor.puzzles.meter``);
    it leaves the screen when the work ends."""

    def __init__(self, what: str, after: float = 1.0) -> None:
        import threading
        import time

        self.what, self.after, self.start = what, after, time.monotonic()
        self.lock = threading.RLock()
        self.bar: Any = None
        self.task: Any = None
        self.seen: tuple[int, int] | None = None
        self.live = False  # in a terminal, until the work ends
        self.timer = threading.Timer(after, self.show)
        self.timer.daemon = True

    def show(self) -> None:
        """Put the bar on the screen (once)."""
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        with self.lock:
            if not self.live or self.bar is not None:
                return
            self.bar = Progress(TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
                                console=Console(file=raw_stream(sys.stderr)), transient=True)
            done, total = self.seen or (0, 0)
            self.task = self.bar.add_task(self.what, total=total or None, completed=done)
            self.bar.start()

    def update(self, done: int, total: int) -> None:
        """``done`` of ``total`` are finished."""
        import time

        with self.lock:
            self.seen = (done, total)
            if self.bar is None and self.live and time.monotonic() - self.start >= self.after:
                self.show()
            elif self.bar is not None:
                self.bar.update(self.task, completed=done, total=total)

    def __enter__(self) -> Working:
        if sys.stderr.isatty():
            self.live = True
            self.timer.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.timer.cancel()
        with self.lock:
            self.live = False
            if self.bar is not None:
                self.bar.stop()


@contextmanager
def working(what: str, after: float = 1.0) -> Iterator[None]:
    """Run a command under a ``Working`` bar that listens to the engines' reports."""
    from tutor.puzzles import meter

    with Working(what, after) as bar, meter.listening(bar.update):
        yield


@contextmanager
def progress_bar(what: str, total: int, after: float = 1.0) -> Iterator[Callable[[], None]]:
    """A ``Working`` bar for ``total`` items; yields the function to call after each one."""
    count = 0
    with Working(what, after) as bar:

        def done() -> None:
            nonlocal count
            count += 1
            bar.update(count, total)

        yield done


def cmd_grade(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor grade --lesson LESSON SUBMISSIONS... [--step N] [--jobs N] [--include GLOB] [--all-files]
    [--summary] [--feedback DIR] [--strict] [--json|--csv|--format FORMAT]``: exit 0, or 1 with ``--strict``
    when a graded file is not correct; 2 for bad input (a clashing or broken lesson file among them)."""
    from tutor import platforms
    from tutor.grading.command import run_grade

    def platform(form: str, lesson: str, step: int, rows: list[Any], seconds: float) -> str:
        if form == "csv":  # tutor.platforms writes the cells of every format alike
            return platforms.rows_csv(rows)
        if form == "junit":
            return platforms.junit(lesson, step, rows, seconds)
        build = platforms.gradescope if form == "gradescope" else platforms.prairielearn
        return json.dumps(build(lesson, step, rows), indent=2) + "\n"

    return run_grade(args, settings, progress_bar, platform, platforms.rows_json)


def cmd_class(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor class EXPORT... [--json] [--plot FILE] [--html FILE] [--roster FILE]``: what a class learned."""
    from tutor.class_report import run_class

    return run_class(args, settings, progress_bar, read_text)


def read_text(path: str) -> str:
    """A regular text file's contents (a byte-order mark dropped, at most ``input_bytes``); ``TutorError`` (one
    line) if it cannot be read."""
    from tutor.storage.files import read_text as read_regular_text

    return read_regular_text(path, INPUT_BYTES, TutorError)


def cmd_autograde(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor autograde gradescope|prairielearn [SUBMISSION] [--lesson L] [--step N]... [--results FILE]``."""
    from tutor.autograde import autograde

    print(autograde(args.platform, args.submission, args.lesson, args.steps, args.results,
                    args.root or settings.autograde_root, settings.lessons, getattr(args, "seed", None),
                    getattr(args, "learner", None), settings.bundled, settings.folder()))
    return Exit.OK

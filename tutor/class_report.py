"""``tutor class``: a class's exports read, their report built, and shown as text, JSON, a plot or an HTML page.

The command-line side of ``tutor.learner.classroom``: which files are exports, which lessons give the steps'
titles and the pretest and posttest, and where the report goes.  Bad input is one line (exit 2); the notes on
files a folder held that are not exports are said only once the class has been read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

from tutor.course import Catalog, load_catalog, load_roots
from tutor.errors import Exit, TutorError
from tutor.learner.classroom import ClassReport
from tutor.learner.mastery import ChanceFor, ParamsFor
from tutor.screen.text import plural, shorten, shorten_path
from tutor.settings import Settings

Bar = Callable[[str, int], AbstractContextManager[Callable[[], None]]]  # a progress bar: (what, total) -> done()
TITLE_CHARS = 60  # a step without a title is named by the start of its text


def run_class(args: argparse.Namespace, settings: Settings, progress_bar: Bar, read_text: Callable[[str], str]) -> int:
    """``tutor class EXPORT... [--json] [--plot FILE] [--html FILE] [--roster FILE]``: what a class learned."""
    from tutor.learner import classroom, classroom_show
    from tutor.learner.export_formats import DataShopTable
    from tutor.learner.export_merge import read_file

    if args.plot:
        classroom_show.check_plot_path(args.plot)  # before reading a thousand files
    files, notes = export_files(args.exports)
    names = classroom.read_roster(read_text(args.roster), shorten(args.roster)) if args.roster else {}
    if bool(args.pretest) != bool(args.posttest):
        raise TutorError("--pretest and --posttest go together: name both lessons")
    dirs = list(settings.cli_lessons)  # a pack named with --lessons: its pretest and posttest
    tests = (args.pretest, args.posttest) if args.pretest else pack_tests(dirs) if dirs else None
    with progress_bar(f"reading {plural(len(files), 'export')}", len(files)) as done:
        exports = []
        for path in files:
            try:
                exports.append(read_file(str(path), "read"))
            except DataShopTable:
                raise TutorError(f"{shorten_path(str(path))} is a DataShop table; tutor class reads tutor's JSON or "
                                 "xAPI exports") from None
            done()
    catalog = course(settings)
    report = classroom.report(exports, tests, names, step_titles(catalog), *tracing(catalog))
    if args.plot:
        classroom_show.plot(report, args.plot)
    if args.html:
        write_page(report, args.html)
    for note in notes:
        print(f"tutor class: {note}", file=sys.stderr)
    print(json.dumps(report.as_json(), indent=2) if args.json else classroom_show.text(report, settings.plain))
    return Exit.OK


def write_page(report: ClassReport, path: str) -> None:
    """The report as one self-contained HTML page at ``path``; ``TutorError`` (one line) if it cannot be written."""
    from tutor.learner.classroom_html import page

    try:
        Path(path).write_text(page(report), encoding="utf-8")
    except OSError as err:
        raise TutorError(f"--html {shorten(path)}: cannot write it: {err.strerror}") from None


def course(settings: Settings) -> Catalog | None:
    """The lessons of ``settings`` (None when they do not load: the report then names steps by number and traces
    mastery with the defaults)."""
    try:
        return load_catalog(settings.lessons, settings.bundled, crashes=settings.folder())
    except TutorError:
        return None


def tracing(catalog: Catalog | None) -> tuple[ParamsFor, ChanceFor]:
    """How the learners' mastery is traced, as ``/progress`` traces it: a pack's ``[mastery]`` and each step's chance
    of a lucky guess (``Step.chance``); the defaults without a catalog."""
    from tutor.learner.mastery import defaults, open_chance
    from tutor.session.skills import bkt_params, chances

    return (defaults, open_chance) if catalog is None else (bkt_params(catalog), chances(catalog))


def step_titles(catalog: Catalog | None) -> dict[tuple[str, int], str]:
    """Each step's title, (lesson id, step from 1) -> title, from the ``catalog`` (a step without a title: the start
    of its text); none without a catalog (the report names its steps)."""
    if catalog is None:
        return {}
    titles = {}
    for lesson in catalog.lessons.values():
        for number, step in enumerate(lesson.template.steps, 1):
            words = " ".join((step.title or getattr(step, "say", None) or getattr(step, "ask", "") or "").split())
            titles[(lesson.id, number)] = words if len(words) <= TITLE_CHARS else words[:TITLE_CHARS - 1] + "\u2026"
    return titles


def pack_tests(dirs: list[str]) -> tuple[str, str]:
    """The pretest and posttest lessons (full ids) of the one pack under ``dirs`` that declares them;
    ``TutorError`` (one line) when none does, several do, or a pack's file is wrong."""
    catalog = load_roots(Path(d) for d in dirs)
    packs = {pack.path for pack in catalog.packs.values()}
    broken = [e for e in catalog.errors if e.split(": ", 1)[0] in packs or "pack.toml" in e.split(": ", 1)[0]]
    if broken:
        raise TutorError(broken[0])
    declared = [ids for pack in catalog.packs.values() if (ids := pack.test_ids()) is not None]
    if len(declared) != 1:
        where = ", ".join(shorten(d) for d in dirs)
        raise TutorError(f"{where}: {'no pack declares' if not declared else 'several packs declare'} a pretest "
                         "and a posttest (name them with --pretest and --posttest)")
    return declared[0]


EXPORT_SUFFIXES = (".json", ".xapi")  # what a folder given to tutor class is searched for: JSON and xAPI exports


def export_files(paths: list[str]) -> tuple[list[Path], list[str]]:
    """The export files named, a folder standing for its ``*.json`` and ``*.xapi`` files, and a note on the other
    files of each folder, skipped (said once the class is read: bad input is one line); ``TutorError`` if none or
    missing."""
    files: list[Path] = []
    notes: list[str] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.is_file() and not p.name.startswith("."))
            files += [p for p in found if p.suffix.lower() in EXPORT_SUFFIXES]
            skipped = [p.name for p in found if p.suffix.lower() not in EXPORT_SUFFIXES]
            if skipped:
                shown = ", ".join(shorten(n, 40) for n in skipped[:5]) + (", ..." if len(skipped) > 5 else "")
                what = "is not a .json or .xapi export" if len(skipped) == 1 else "are not .json or .xapi exports"
                notes.append(f"skipped {plural(len(skipped), 'file')} of {shorten_path(name)} that {what} "
                             f"({shown}); name an export file to read it whatever its name")
        elif path.exists():
            files.append(path)
        else:
            raise TutorError(f"cannot read {shorten_path(name)}: no such file")
    if not files:  # bad input is one line: what was skipped is part of it
        raise TutorError("no export files found (folders are searched for *.json and *.xapi)"
                         + "".join(f"; {note}" for note in notes))
    return files, notes



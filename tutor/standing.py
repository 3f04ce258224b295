"""The learner model on the command line: the skills section of ``tutor progress``, ``tutor progress
--skills``, and ``tutor review`` (``--json`` lists what is due; ``run_reviews`` is where reviews run)."""

from __future__ import annotations

import argparse
import json
import sys

from tutor.course import Catalog
from tutor.errors import Exit, TutorError
from tutor.learner.export_check import Known
from tutor.progress import Progress
from tutor.session.skills import Standing
from tutor.settings import Settings


def show_standing(standing: Standing, plain: bool = False) -> None:
    """Each skill's mastery (a bar per skill: drawn by rich in a terminal unless ``plain``, in characters
    otherwise) and the reviews due; nothing when no skill was attempted."""
    if not standing.skills:
        return
    print()
    if sys.stdout.isatty() and not plain:
        from rich.console import Console

        from tutor.session.skills import table

        Console().print(table(standing))
        print(standing.due_line())
        return
    print("\n".join(standing.lines()))


def list_skills(as_json: bool, catalog: Catalog, progress: Progress) -> int:
    """``tutor progress --skills``: every skill the puzzles declare, with the learner's standing on it: mastery,
    whether mastered, the evidence (items by their first try), the next review and the last practice."""
    standing = Standing.of(catalog, progress, every=True)
    if as_json:
        print(json.dumps([s.as_json() for s in standing.skills], indent=2))
    else:
        print("\n".join(line for s in standing.skills for line in (*s.lines(standing.at)[:1], f"  {s.sentence}",
                                                                     *s.lines(standing.at)[1:])))
    return Exit.OK


def usable(progress: Progress) -> None:
    """Before a command reads the store: ``TutorError`` (one line naming ``tutor progress --repair``) if it holds
    records dated outside the tutor's calendar; records set aside as it was opened are said on standard error."""
    from tutor.progress.repair import refusal

    if progress.outside:
        raise TutorError(refusal(progress.outside))
    if progress.repaired:
        print(f"tutor: {progress.repaired}", file=sys.stderr)


def known_here(settings: Settings) -> Known:
    """What an import is checked against (``export_check.Known``): the lessons of this machine's catalogue (with
    the instructors' folders of ``settings``) and their step counts, and the skills its puzzles declare."""
    from tutor.course import load_catalog
    from tutor.learner.skills import all_skills

    catalog = load_catalog(settings.lessons, settings.bundled, crashes=settings.folder())
    return Known({lesson.id: lesson.size for lesson in catalog.ordered()}, frozenset(all_skills()))


def review(args: argparse.Namespace, settings: Settings) -> int:
    """``tutor review [--json]``: the skills due for review now (the tutor's clock: ``TUTOR_NOW`` stops it); --json
    lists them, else they run."""
    from tutor.learner.review import due
    from tutor.session.saving import opening_text
    from tutor.storage.clock import iso

    with Progress.default(settings, strict=True, readonly=args.json) as progress:
        if progress.opening is not None:
            raise TutorError(opening_text(progress.opening))
        usable(progress)
        if args.json:
            moment = progress.clock()
            print(json.dumps({"now": iso(moment), "due": [d.as_json() for d in due(progress, moment)]}, indent=2))
            return Exit.OK
        return run_reviews(args, settings, progress)


def run_reviews(args: argparse.Namespace, settings: Settings, progress: Progress) -> int:
    """``tutor review``: the due reviews run in the tutor (the REPL in a terminal, plain lines otherwise), each at
    its lesson's step in a fresh variant (``tutor.session.review``); nothing due is one line."""
    from tutor.learner.review import due
    from tutor.shell.repl import run_repl

    if not due(progress, progress.clock()):
        print("No review is due.")
        return Exit.OK
    return run_repl(args, settings, "/review")

"""The ``tutor`` command line's top-level parser: every subcommand and its options (the puzzle commands keep
their arguments for a second stage, ``tutor.cli.puzzle_parser``, built once the puzzle is named)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from tutor import __version__
from tutor.errors import TooLarge
from tutor.limits import to_int
from tutor.screen.text import shorten

TYPE_CHECKING = False  # ``typing.TYPE_CHECKING`` without importing typing: ``tutor --help`` never imports it
if TYPE_CHECKING:
    from typing import Any, NoReturn

GRADE_FORMATS = ("text", "json", "csv", "gradescope", "prairielearn", "junit")  # tutor.platforms.FORMATS


PUZZLE_COMMANDS = {
    "solve": "solve a puzzle exactly and print the solution",
    "check": "judge a submitted answer exactly (exit 0 correct, 1 incorrect, 2 bad input)",
    "hint": "hints computed from the solver's search for a partial answer",
    "analyze": "the theory: counts, symmetry, algebra (sympy)",
}


HANDLERS = {  # the function that runs each of the tutor's own commands, as "module:function": imported when it runs
    "start": "tutor.commands:cmd_start",
    "progress": "tutor.commands:cmd_progress",
    "review": "tutor.commands:cmd_review",
    "lint": "tutor.commands:cmd_lint",
    "new": "tutor.commands:cmd_new",
    "schema": "tutor.commands:cmd_schema",
    "preview": "tutor.commands:cmd_preview",
    "grade": "tutor.commands:cmd_grade",
    "class": "tutor.commands:cmd_class",
    "autograde": "tutor.commands:cmd_autograde",
}


class UsageError(Exception):
    """A command-line usage error; becomes one line on stderr and exit status 2."""


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit status 2.

    An *idle* parser is a subcommand the command line does not name (``Subcommands``): it is listed with its help
    but never parses, so nothing of ``ArgumentParser`` is built for it and whatever would add to it does nothing."""

    def __init__(self, *args: Any, idle: bool = False, **kwargs: Any) -> None:
        self.idle = idle
        if idle:
            self.prog = str(kwargs.get("prog") or "")
            return
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """The argument added, unless the parser is idle (then a stand-in that nothing will parse)."""
        if self.idle:
            return argparse.Action(option_strings=[], dest=argparse.SUPPRESS)
        return super().add_argument(*args, **kwargs)

    def add_mutually_exclusive_group(self, **kwargs: Any) -> argparse._MutuallyExclusiveGroup:
        """The group added, unless the parser is idle (then a group that adds nothing)."""
        return _IdleGroup() if self.idle else super().add_mutually_exclusive_group(**kwargs)

    def set_defaults(self, **kwargs: Any) -> None:
        """The defaults set, unless the parser is idle."""
        if not self.idle:
            super().set_defaults(**kwargs)


class _IdleGroup(argparse._MutuallyExclusiveGroup):
    """A group of an idle parser: it holds nothing and adds nothing."""

    def __init__(self) -> None:  # nothing of a group is read: the parser it would belong to never parses
        pass

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        return argparse.Action(option_strings=[], dest=argparse.SUPPRESS)


class Subcommands(argparse._SubParsersAction):
    """The subcommands, each parser built only when the command line can name it (``wanted``): every command is
    listed with its help, but ``tutor --help`` or the tutor's start does not build twenty parsers it will not use
    (a sixth of ``tutor --help``'s time)."""

    wanted: frozenset[str] | None = None  # None: every command's arguments (the whole parser)

    def add_parser(self, name: str, **kwargs: Any) -> Parser:
        """The command's parser, idle (listed only) unless ``name`` is wanted."""
        parser: Parser = super().add_parser(name, idle=self.wanted is not None and name not in self.wanted,
                                            **kwargs)
        return parser


def whole_number(text: str) -> int:
    """An argparse type: ASCII digits with an optional sign, as everywhere else (no Unicode digits),
    their count checked before conversion (``int_digits``, docs/limits.md)."""
    try:
        return to_int(text, "the number")
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shorten(text, 30)} is not a whole number") from None
    except TooLarge as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def learner(text: str) -> str:
    """An argparse type: a learner id (``tutor.submission.learner_id``)."""
    from tutor.submission import BadLearnerId, learner_id

    try:
        return learner_id(text)
    except BadLearnerId as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def build_parser(argv: Sequence[str] | None = None) -> Parser:
    """The top-level parser; puzzle commands keep their arguments for a second stage.  With ``argv``, only the
    subcommands it can name get their arguments (every one is listed): the parser for that command line."""
    parser = Parser(
        prog="tutor",
        description="A terminal tutor for search-and-reasoning puzzles. "
        "With no command, starts the interactive tutor.",
        epilog="Run 'tutor COMMAND --help' for a command's options, "
        "and 'tutor solve PUZZLE --help' for a puzzle's parameters.",
    )
    parser.add_argument("--version", action="version", version=f"tutor {__version__}")
    parser.add_argument("--lessons", metavar="DIR", action="append", default=[],
                        help="also load the lessons in DIR (may be repeated; also TUTOR_LESSONS)")
    parser.add_argument("--plain", action="store_true",
                        help="text only: no colour and no pictures, for screen readers (also TUTOR_PLAIN=1)")
    parser.add_argument("--seed", type=whole_number, metavar="N",
                        help="the course seed: with --learner, your variants come from your id and N; without, "
                             "every lesson's variant (and random boards) from N instead of your profile")
    parser.add_argument("--learner", type=learner, metavar="ID",
                        help="your learner id, as your instructor gave it: your variants are drawn from it (and "
                             "--seed), and /submit writes it")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser, action=Subcommands)
    assert isinstance(sub, Subcommands)
    sub.wanted = None if argv is None else frozenset(argv)
    for command, helptext in PUZZLE_COMMANDS.items():
        p = sub.add_parser(command, help=helptext, description=helptext, add_help=False)
        p.add_argument("puzzle", nargs="?", help="the puzzle family (see 'tutor puzzles')")
        p.add_argument("rest", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        p.add_argument("-h", "--help", action="store_true", help="show help and exit")
    p = sub.add_parser("puzzles", help="list the installed puzzle families, or what one offers lesson authors",
                       description="List the installed puzzle families; with NAME, the family's parameters "
                                   "(defaults and ranges), quantities (with their misconceptions), answer kinds "
                                   "and commands (docs/plugins.md).")
    p.add_argument("name", nargs="?", metavar="NAME", help="one family to describe")
    p.add_argument("--json", action="store_true", help="print as JSON")
    learner_commands(sub)
    review_command(sub)
    author_commands(sub)
    grade_command(sub)
    class_command(sub)
    autograde_command(sub)
    for name in ("start", "lint", "progress", "preview", "grade"):
        sub.choices[name].add_argument(
            "--lessons", metavar="DIR", action="append", default=argparse.SUPPRESS,
            help="also load the lessons in DIR (may be repeated; also TUTOR_LESSONS)")
        sub.choices[name].add_argument(
            "--no-bundled", action="store_true", default=argparse.SUPPRESS,
            help="leave out the bundled lessons: only your own (also a pack.toml's bundled = false)")
    for name in ("start", "preview"):
        sub.choices[name].add_argument("--plain", action="store_true", default=argparse.SUPPRESS,
                                       help="text only: no colour and no pictures, for screen readers")
        sub.choices[name].add_argument("--seed", type=whole_number, metavar="N", default=argparse.SUPPRESS,
                                       help="the course seed (see 'tutor --help')")
    sub.choices["start"].add_argument("--learner", type=learner, metavar="ID", default=argparse.SUPPRESS,
                                      help="your learner id (see 'tutor --help')")
    return parser


def learner_commands(sub: argparse._SubParsersAction[Parser]) -> None:
    """``start`` and ``progress``."""
    p = sub.add_parser("start", help="start the tutor at a lesson", description="Start the tutor at a lesson.")
    p.add_argument("lesson", nargs="?", help="lesson id or number (default: where you left off)")
    p = sub.add_parser("progress", help="show, export or reset your progress",
                       description="Show your progress (stored in SQLite under TUTOR_HOME or the user data "
                                   "folder).")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--json", action="store_true", help="print as JSON")
    group.add_argument("--reset", metavar="LESSON", help="forget one lesson's progress")
    group.add_argument("--export", metavar="FILE",
                       help="write everything recorded to FILE (JSON; --format for xAPI or DataShop)")
    group.add_argument("--import", dest="import_file", metavar="FILE",
                       help="merge an export (JSON or xAPI) into this machine's progress: nothing lost, nothing "
                            "doubled")
    group.add_argument("--repair", action="store_true",
                       help="set aside, in a file next to the database, records dated outside the tutor's calendar "
                            "(from an older tutor's import), which no command can show")
    p.add_argument("--format", choices=("json", "xapi", "datashop"), default=None,
                   help="with --export: json (default), xapi (xAPI 1.0.3 statements) or datashop (a DataShop "
                        "transaction table); see docs/instructors.md")
    p.add_argument("--skills", action="store_true",
                   help="list every skill the puzzles declare, with what it is (--json: as JSON)")


def review_command(sub: argparse._SubParsersAction[Parser]) -> None:
    """``review``: the skills due for spaced review."""
    p = sub.add_parser("review", help="review the skills that are due (--json lists them)",
                       description="Solved skills come back for review on a spaced schedule (FSRS). "
                                   "--json lists what is due (skill, lesson, when) without running it. "
                                   "TUTOR_NOW (an ISO date and time) sets the clock.")
    p.add_argument("--json", action="store_true", help="list the reviews due as JSON, without running them")
    p.add_argument("--lessons", metavar="DIR", action="append", default=argparse.SUPPRESS,
                   help="also load the lessons in DIR (may be repeated; also TUTOR_LESSONS)")


def author_commands(sub: argparse._SubParsersAction[Parser]) -> None:
    """``lint``, ``new``, ``schema`` and ``preview``: for instructors writing lessons."""
    p = sub.add_parser("lint", help="check lessons: schema, computed answers, reference answers, mistakes",
                       description="Validate lessons and run their reference answers and declared mistakes "
                                   "through the engines. Every problem of every file is printed once, with its "
                                   "file, line and column, on standard output. Exit 0 when all are sound, 1 "
                                   "otherwise.")
    p.add_argument("paths", nargs="*", metavar="PATH", help="lesson files or folders (default: bundled lessons)")
    p.add_argument("--format", choices=("text", "json", "github"), default="text",
                   help="text: FILE:LINE:COLUMN: KEY: message (default); json: a list of objects with file, line, "
                        "column, step, key, message, severity; github: ::error workflow commands that annotate a "
                        "pull request")
    p.add_argument("--misconceptions", action="store_true",
                   help="list each step's misconceptions with the value each gives (a wrong answer equal to one "
                        "is diagnosed with it)")
    p.add_argument("--explanations", action="store_true",
                   help="list the quantities of every puzzle that cannot yet explain their value or refute a "
                        "wrong one")
    p = sub.add_parser("new", help="write a lesson skeleton that passes 'tutor lint'",
                       description="Write LESSON_ID.toml: a lesson skeleton for PUZZLE that passes 'tutor lint' "
                                   "as written, with every step kind shown in comments.")
    p.add_argument("lesson_id", metavar="LESSON_ID")
    p.add_argument("--puzzle", required=True, metavar="NAME", help="the puzzle family (see 'tutor puzzles')")
    p.add_argument("--dir", default=".", metavar="DIR", help="where to write it (default: here)")
    p = sub.add_parser("schema", help="print the JSON Schema of a lesson file (or of pack.toml), for editors",
                       description="Print the JSON Schema of a lesson file, or of a pack.toml with 'pack'. Editors "
                                   "that read TOML through Taplo (VS Code's Even Better TOML, Neovim, Helix) "
                                   "validate and complete a lesson from it: 'tutor schema --write DIR' saves both "
                                   "schemas and a .taplo.toml that applies them to every lesson and pack.toml "
                                   "under DIR (docs/authoring.md).")
    p.add_argument("which", nargs="?", choices=("lesson", "pack"), default="lesson",
                   help="lesson (default) or pack")
    p.add_argument("--markdown", action="store_true",
                   help="the tables of keys as docs/authoring.md shows them, instead of the JSON Schema")
    p.add_argument("--write", metavar="DIR",
                   help="write lesson.schema.json, pack.schema.json and a .taplo.toml applying them into DIR")
    p = sub.add_parser("preview", help="read a lesson as a learner sees it, answered with its reference answers",
                       description="Run LESSON non-interactively with its reference answers and print what a "
                                   "learner would see. Exit 1 if any step would not accept its reference answer.")
    p.add_argument("lesson", metavar="LESSON")
    p.add_argument("--no-hints", action="store_true", help="do not print each step's hint ladder")


def grade_command(sub: argparse._SubParsersAction[Parser]) -> None:
    """``grade``: a class's submissions."""
    p = sub.add_parser("grade", help="grade learners' submissions in parallel",
                       description="Check each submission file (one per learner) against a lesson's graded step "
                                   "with the exact engines, in parallel; one row per learner.")
    p.add_argument("--lesson", required=True, metavar="LESSON")
    p.add_argument("submissions", nargs="+", metavar="SUBMISSION", help="files, or folders of files")
    p.add_argument("--step", type=whole_number, metavar="N",
                   help="the step graded (default: the last whole-answer step)")
    p.add_argument("--jobs", type=whole_number, metavar="N", help="worker processes (default: one per core)")
    p.add_argument("--include", metavar="PATTERN", action="append",
                   help="grade only files whose name (or path inside the folder given) matches this glob (may be "
                        "repeated; default: every file but README, LICENSE and documents, data and pictures)")
    p.add_argument("--seed", type=whole_number, metavar="N", default=argparse.SUPPRESS,
                   help="the course seed learners were given ('tutor --learner ID --seed N'): each file is graded on "
                        "the variant drawn from its learner and N, and a header naming another is a variant mismatch")
    p.add_argument("--roster", metavar="FILE",
                   help="a CSV of learner id, name: the learner id of each learner graded by name (default: a "
                        "file's or folder's name is the learner id)")
    p.add_argument("--same-variant", action="store_true",
                   help="every learner was given the one variant of 'tutor --seed N' (no --learner): grade on it")
    p.add_argument("--all-files", action="store_true",
                   help="grade every file of a learner with several (default: the newest, the others named)")
    p.add_argument("--summary", action="store_true",
                   help="counts per verdict, mistake and misconception, and wrong answers clustered by how they "
                        "fail, each with [[steps.mistakes]] entries to paste into the lesson")
    p.add_argument("--feedback", metavar="DIR", help="write one Markdown feedback file per learner into DIR")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 when any graded file is not correct (for graders that judge by exit status)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="rows as JSON (the same as --format json)")
    out.add_argument("--csv", action="store_true", help="rows as CSV (the same as --format csv)")
    out.add_argument("--format", choices=GRADE_FORMATS,
                     default=None, help="text (default), json, csv, gradescope (results.json), prairielearn "
                                        "(external-grader result) or junit (XML); see docs/authoring.md")


def autograde_command(sub: argparse._SubParsersAction[Parser]) -> None:
    """``autograde``: one student's submission, inside a course platform's grader."""
    p = sub.add_parser("autograde", help="grade one student's submission inside Gradescope or PrairieLearn",
                       description="Grade one student's submission where a course platform runs its grader, one "
                                   "test per step, and always write the platform's results file (exit 0 whatever "
                                   "the upload holds; 2 only for a setup problem). See docs/instructors.md.")
    p.add_argument("platform", choices=("gradescope", "prairielearn"))
    p.add_argument("submission", nargs="?", metavar="SUBMISSION",
                   help="the student's folder or file (default: /autograder/submission or /grade/student)")
    p.add_argument("--lesson", metavar="LESSON",
                   help="the lesson graded (PrairieLearn: else params.lesson in /grade/data/data.json)")
    p.add_argument("--step", type=whole_number, metavar="N", action="append", dest="steps",
                   help="a step graded, one point (repeat for several; default: the last whole-answer step)")
    p.add_argument("--seed", type=whole_number, metavar="N", default=argparse.SUPPRESS,
                   help="the course seed: with --learner, the student's variant comes from their id and N; "
                        "without, every student was given the variant of 'tutor --seed N'")
    p.add_argument("--learner", type=learner, metavar="ID", default=argparse.SUPPRESS,
                   help="the student's learner id (as they gave it to 'tutor --learner'): they are graded on "
                        "their own variant")
    p.add_argument("--results", metavar="FILE",
                   help="where to write the results (default: /autograder/results/results.json or "
                        "/grade/results/results.json)")
    p.add_argument("--root", metavar="DIR",
                   help="the folder that stands for / in the platform's paths, for a trial run (also "
                        "TUTOR_AUTOGRADE_ROOT)")
    p.add_argument("--lessons", metavar="DIR", action="append", default=argparse.SUPPRESS,
                   help="also load the lessons in DIR (may be repeated; also TUTOR_LESSONS)")


def class_command(sub: argparse._SubParsersAction[Parser]) -> None:
    """``class``: what a class learned, from its learners' exports."""
    p = sub.add_parser("class", help="what a class learned, from its learners' progress exports",
                       description="Read learners' exports (tutor progress --export, JSON or xAPI) and report per "
                                   "step (its title, learners, attempts, difficulty, discrimination, median time "
                                   "on task, hints, the most frequent wrong answers and their diagnosis), per "
                                   "learner (steps done, mastery per skill), each skill's learning curve, and "
                                   "each skill's normalised gain between a pretest and a posttest. Answers given "
                                   "after a step was completed are reviews, counted apart. Learners are their "
                                   "profile ids unless a roster names them. See docs/instructors.md.")
    p.add_argument("exports", nargs="+", metavar="EXPORT",
                   help="export files, or folders of them (their *.json and *.xapi files)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--plot", metavar="FILE", help="draw the learning curves to FILE (.png or .svg; needs "
                                                   "matplotlib: pip install 'puzzle-tutor[plot]')")
    p.add_argument("--html", metavar="FILE", help="also write the whole report as one self-contained HTML page "
                                                   "(tables and the learning curves as SVG; opens offline)")
    p.add_argument("--roster", metavar="FILE", help="a CSV of profile id, name: show learners by name")
    p.add_argument("--pretest", metavar="LESSON", help="a lesson taken before teaching (with --posttest: each "
                                                        "skill's normalised gain)")
    p.add_argument("--posttest", metavar="LESSON", help="the lesson on the same skills taken after")
    p.add_argument("--lessons", metavar="DIR", action="append", default=argparse.SUPPRESS,
                   help="a pack whose pack.toml names a pretest and a posttest: their gain is reported (the "
                        "--pretest and --posttest options, when given, win)")

"""The ``tutor`` command line: a thin argparse layer over the engines and the REPL.

``tutor solve|check|hint|analyze PUZZLE [params] [--json]`` are the stable,
documented contract (README.md): exit 0 correct, 1 incorrect, 2 bad input,
with bad input reported as one line on stderr and never a traceback.
The puzzle-specific parser is built only after the puzzle is named, so
``tutor --help`` imports no engine.  Once the command line is parsed, the tutor's settings are read from it and
the environment, once (``tutor.settings``), and passed to whatever runs.
"""

from __future__ import annotations

import argparse
import errno
import shutil
import sys
from collections.abc import Callable, Iterable, Sequence

from tutor.arguments import HANDLERS, PUZZLE_COMMANDS, Parser, UsageError, build_parser
from tutor.errors import Exit, InvalidNotation, InvalidParams, TutorError
from tutor.limits import INPUT_BYTES
from tutor.screen.text import Visible, one_line, raw_stream, shorten, shorten_path
from tutor.storage.files import decode, read_text

TYPE_CHECKING = False  # ``typing.TYPE_CHECKING`` without importing typing: ``tutor --help`` never imports it
if TYPE_CHECKING:  # ``tutor --help`` imports no puzzle code: these are imported where a puzzle command runs
    from pathlib import Path
    from typing import Any

    from tutor.puzzles.base import Command, Puzzle
    from tutor.puzzles.options import Option
    from tutor.screen.shown import Drawn
    from tutor.settings import Settings

    Handler = Callable[[argparse.Namespace, Settings], int]  # a command's function: (its arguments, the settings)


def add_option(group: argparse._ActionsContainer, option: Option, dest: str) -> None:
    """One declared option as an argparse argument (a flag, or a positional with ``--file``)."""
    help_text = option.help
    if option.positional:
        group.add_argument(dest, nargs="?", default=None, metavar=option.metavar or option.name.upper(),
                           help=help_text)
        if option.readable:
            group.add_argument("--file", dest=FILE_DEST + dest, metavar="PATH",
                               help=f"read {option.metavar or option.name.upper()} from a file")
        return
    if option.type is bool:
        group.add_argument(option.flag, action="store_true", help=help_text, dest=dest, default=None)
        return
    metavar = option.metavar or ("|".join(map(str, option.choices)) if option.choices else option.name.upper())
    if option.default not in (None, ""):
        help_text += f" (default: {option.default})"
    group.add_argument(option.flag, type=str, metavar=metavar, dest=dest, default=None, help=help_text)


FILE_DEST = "file__"


def puzzle_parser(command: str, puzzle_name: str) -> tuple[Parser, Puzzle[Any], Command]:
    """The second-stage parser for ``tutor COMMAND PUZZLE``: the puzzle's parameters and the command's options."""
    from tutor import puzzles
    puzzle = puzzles.get(puzzle_name)
    if command not in puzzle.commands:
        raise UsageError(f"tutor {command}: puzzle {puzzle_name!r} has no {command!r} command")
    spec = puzzle.commands[command]
    parser = Parser(prog=f"tutor {command} {puzzle.name}", description=f"{spec.help}: {puzzle.title}.",
                    allow_abbrev=False)
    group = parser.add_argument_group("puzzle parameters")
    for option in puzzle.params:
        add_option(group, option, "param_" + option.name)
    if spec.options:
        own = parser.add_argument_group(f"{command} options")
        for option in spec.options:
            add_option(own, option, "opt_" + option.name)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    return parser, puzzle, spec


def read_source(path: str) -> str:
    """The text of a file named on the command line: a regular file, UTF-8, within ``input_bytes``."""
    return read_text(path, INPUT_BYTES)


def read_stdin() -> str:
    """Standard input as UTF-8 text, at most ``input_bytes`` of it."""
    buffer = getattr(sys.stdin, "buffer", None)
    data: str | bytes = buffer.read(INPUT_BYTES.value + 1) if buffer is not None else \
        sys.stdin.read(INPUT_BYTES.value + 1)  # a text stream (tests): characters
    INPUT_BYTES.check(len(data), f"standard input has more than {INPUT_BYTES.value:,} bytes")
    return data if isinstance(data, str) else decode(data, "standard input")


def _readable(option: Option, value: str | None, path: str | None) -> str | None:
    """Text given inline, as ``-`` (standard input), ``@PATH``, or with ``--file PATH``."""
    if path is not None:
        if value is not None:
            name = option.metavar or option.name.upper()
            raise InvalidParams(f"give {name} either as an argument or with --file, not both")
        return read_source(path)
    if value == "-":  # a lone "-" is standard input, always (write {} for a strategy of one empty move)
        text = read_stdin()
        if not text.strip():
            name = option.metavar or option.name.upper()
            raise InvalidNotation(f"standard input is empty: '-' reads {name} from it (pipe or type it in); "
                                  "for an empty move write {}")
        return text
    if value is not None and value.startswith("@") and len(value) > 1:
        return read_source(value[1:])
    if value is not None:
        INPUT_BYTES.check(len(value), f"the {option.name} given has {len(value):,} characters")
    return value


def collect(namespace: argparse.Namespace, options: Sequence[Option], prefix: str) -> dict[str, Any]:
    """The options the caller set, with readable ones read from files or standard input."""
    raw: dict[str, Any] = {}
    values = vars(namespace)
    for option in options:
        dest = prefix + option.name
        value = values.get(dest)
        if option.readable:
            value = _readable(option, value, values.get(FILE_DEST + dest))
        if value is not None:
            raw[option.name] = value
    return raw


def run_puzzle_command(command: str, puzzle_name: str | None, rest: list[str], want_help: bool,
                       settings: Settings) -> int:
    """Run ``tutor COMMAND PUZZLE REST...`` and return the exit status."""
    from tutor import puzzles
    if puzzle_name is None or puzzle_name.startswith("-"):
        if want_help or puzzle_name in ("-h", "--help"):
            print(f"usage: tutor {command} PUZZLE [options] [--json]\n\n{PUZZLE_COMMANDS[command]}.\n")
            print("puzzles: " + ", ".join(puzzles.names()))
            print(f"Run 'tutor {command} PUZZLE --help' for the puzzle's options.")
            return Exit.OK
        raise UsageError(f"tutor {command}: name a puzzle ({', '.join(puzzles.names())})")
    parser, puzzle, spec = puzzle_parser(command, puzzle_name)
    if want_help:
        rest = ["--help", *rest]
    namespace = parser.parse_args(rest)
    game = puzzle.load(collect(namespace, puzzle.params, "param_"))
    from tutor.puzzles.options import resolve

    args = resolve(spec.options, collect(namespace, spec.options, "opt_"), f"tutor {command} {puzzle.name}")
    from tutor.commands import working

    with working(f"{command} {puzzle.name}"):
        report = spec.run(game, args)
    for path, pieces in report.files:
        write_pieces(path, pieces())
    if namespace.json and report.stream is not None:
        for piece in report.stream():
            sys.stdout.write(piece)
        sys.stdout.write("\n")
    elif namespace.json:
        print(dump_json(report.data))
    else:
        print_text(report.body, settings)
    return int(report.exit_code)


def print_text(text: Drawn, settings: Settings) -> None:
    """A report's text: in a terminal, the picture of a ``Picture`` that fits (unless ``--plain``), coloured
    through rich (unless ``NO_COLOR``); otherwise the text form as it is."""
    from tutor.screen import render
    from tutor.screen.shown import Picture

    terminal = sys.stdout.isatty() and not settings.plain
    drawable = isinstance(text, Picture) and text.width <= shutil.get_terminal_size().columns and \
        (set(text.picture) <= set(text.text) or render.unicode_ok(sys.stdout))  # blocks need a UTF-8 stream
    if not (terminal and isinstance(text, Picture) and drawable):
        if sys.stdout.isatty():  # prose wraps at words as in the tutor, grids never; a pipe gets the lines as made
            print(render.wrap_prose(str(text), shutil.get_terminal_size().columns))
        else:
            print(str(text))
        return
    if not text.spans or not settings.color:
        print(text.picture)
        return
    from rich.text import Text

    shown = Text(text.picture, overflow="fold")  # prose around a picture wraps at word boundaries
    for start, end, style in text.spans:
        shown.stylize(style, start, end)
    render.make_console(sys.stdout).print(shown)


def write_pieces(path: str, pieces: Iterable[str]) -> None:
    """Write text produced piece by piece to a file; one clear line if it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            for piece in pieces:
                handle.write(piece)
    except OSError as err:
        raise InvalidNotation(f"cannot write {shorten(path)}: {err.strerror}") from None
    except ValueError:  # a NUL character in the name
        raise InvalidNotation(f"cannot write {shorten(path)}: a file name cannot hold a NUL character") from None


def dump_json(data: object) -> str:
    """JSON for people when it is small (indented), compact when it is huge (a 1000x1000 board's presses)."""
    import json  # not at the top: ``tutor --help`` needs none of the modules its commands use

    compact = json.dumps(data, separators=(",", ":"))
    return compact if len(compact) > 200_000 else json.dumps(data, indent=2)


def list_puzzles(name: str | None = None, as_json: bool = False) -> int:
    """Print every installed puzzle family, or what the family ``name`` offers authors (``tutor puzzles NAME``)."""
    from tutor import puzzles
    from tutor.puzzles.describe import describe

    if name is not None:
        family = describe(puzzles.get(name))
        print(dump_json(family.as_json()) if as_json else family.text())
        return Exit.OK
    if as_json:
        print(dump_json({"puzzles": [{"name": p.name, "title": p.title, "summary": p.summary}
                                     for p in puzzles.all_puzzles()], "broken": puzzles.broken()}))
        return Exit.OK
    for puzzle in puzzles.all_puzzles():
        print(f"{puzzle.name:10} {puzzle.title}: {puzzle.summary}")
    for name, why in puzzles.broken().items():
        print(f"{name:10} (broken) {one_line(why)}")
    return Exit.OK


PATH_ERRORS = {errno.ENAMETOOLONG, errno.ELOOP, errno.ENOENT, errno.ENOTDIR, errno.EISDIR, errno.EACCES,
               errno.EPERM}  # a path the user gave that cannot be used: bad input, never a crash


def encodable(text: str) -> bool:
    """Whether an argument is text (one that was not UTF-8 arrives with lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def handler(target: str) -> Handler:
    """The function a ``HANDLERS`` entry names (``"tutor.commands:cmd_lint"``), its module imported now."""
    from importlib import import_module

    module, _, name = target.partition(":")
    found: Handler = getattr(import_module(module), name)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tutor`` console script: everything printed passes ``tutor.screen.text.visible`` (a lesson,
    a file name or an answer cannot send escape sequences to the terminal; only the tutor's styling can)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    for stream in (sys.stdout, sys.stderr):  # a name or answer that cannot be encoded is escaped, not a crash
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = Visible(raw_stream(out)), Visible(raw_stream(err))
    try:
        return run(argv)
    finally:
        sys.stdout, sys.stderr = out, err


def run(argv: list[str]) -> int:
    """The command ``argv`` names, its problems as one line and an exit status."""
    settings: Settings | None = None
    try:
        for number, arg in enumerate(argv, 1):
            if not encodable(arg):
                raise UsageError(f"tutor: argument {number} is not valid UTF-8 ({ascii(arg)[:60]}); give names and "
                                 "answers as UTF-8 text")
        args = build_parser(argv).parse_args(argv)
        from tutor.settings import Settings  # after parsing: ``tutor --help`` never imports dataclasses

        settings = Settings.read(args=args)  # a TUTOR_NOW that is not a date and time: one line, exit 2, nothing run
        if args.command in PUZZLE_COMMANDS:
            return run_puzzle_command(args.command, args.puzzle, args.rest, args.help, settings)
        if args.command == "puzzles":
            return list_puzzles(args.name, args.json)
        if args.command in HANDLERS:
            return int(handler(HANDLERS[args.command])(args, settings))
        from tutor.shell.repl import run_repl

        return run_repl(args, settings, lesson=None)
    except UsageError as err:
        print(one_line(str(err)), file=sys.stderr)
        return Exit.BAD_INPUT
    except TutorError as err:
        print(f"tutor: error: {one_line(str(err))}", file=sys.stderr)
        return Exit.BAD_INPUT
    except BrokenPipeError:
        return Exit.OK
    except OSError as err:
        if err.errno not in PATH_ERRORS:
            raise
        name = f": {shorten_path(str(err.filename))}" if err.filename else ""
        print(f"tutor: error: {err.strerror or err}{name}", file=sys.stderr)
        return Exit.BAD_INPUT
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    except Exception as err:  # a bug: one line, and the traceback in the crash log
        from tutor.storage.paths import record_crash

        log = record_crash(err, "tutor " + " ".join(argv), crash_folder(settings))
        where = f"; the details are in {log}" if log else ""
        print(one_line(f"tutor: internal error ({type(err).__name__}: {err}){where}. Please report it."),
              file=sys.stderr)
        return Exit.INTERNAL


def crash_folder(settings: Settings | None) -> Path | None:
    """Where a bug met while running a command is logged: the tutor's data folder (read from the environment here
    when the bug came before the settings were; None when even that fails)."""
    try:
        if settings is None:
            from tutor.settings import Settings

            settings = Settings.read()
        return settings.folder()
    except Exception:  # a bad TUTOR_NOW, no user folder: the traceback goes to standard error instead
        return None

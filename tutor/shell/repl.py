"""The interactive shell: prompt_toolkit in a terminal, plain lines otherwise.

Thin by design: read a line, give it to ``Session.handle``, print the replies.
In a terminal there is tab completion, persistent history, a bottom toolbar,
multi-line entry (a trailing backslash, Alt-Enter, or question trees, which
end with an empty line), and Ctrl-C cancels the line without leaving (and,
while an answer is being checked, that check).  When
standard input is not a terminal the same Session runs line by line with no
escape codes, so ``tutor < answers.txt`` can be scripted.
"""

from __future__ import annotations

import argparse
import io
import shutil
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from tutor.course import load_catalog
from tutor.errors import TutorError
from tutor.limits import INPUT_BYTES
from tutor.progress import Progress
from tutor.screen import render
from tutor.screen.text import raw_stream, visible
from tutor.session import Reply, Session
from tutor.settings import Settings
from tutor.shell import idle
from tutor.storage.paths import record_crash

if TYPE_CHECKING:
    from prompt_toolkit.history import History
    from prompt_toolkit.key_binding import KeyBindings


def plain_text(reply: Reply, unicode: bool = True, width: int | None = None) -> str:
    """A reply as plain mode prints it: its mark, the text wrapped to ``width`` (default 80)."""
    return render.plain_text([reply], width, unicode)


def safe_handle(session: Session, text: str, crashes: Path | None = None) -> list[Reply]:
    """``session.handle``, but a bug in an engine becomes one error line and an entry in the crash log of the folder
    ``crashes`` (standard error without one), never a dead tutor."""
    try:
        return session.handle(text)
    except TutorError as err:  # what a lesson asks past an engine's limit: one line (tutor lint reports the step)
        return [Reply.error(f"{err} (tutor lint reports what in the lesson asks for this)")]
    except Exception as err:
        log = record_crash(err, f"tutor session, input {text[:200]!r}", crashes)
        where = f" The details are in {log}; please report it." if log else " Please report it."
        return [Reply.error(f"internal error ({type(err).__name__}: {err}); your progress is saved.{where} "
                               "/undo or /reset may get you going again.")]


def hand_out(replies: list[Reply]) -> list[Reply]:
    """Write the files the replies hand over (``/submit``): a reply is shown once its file is written, and one
    error line stands in its place when the file cannot be written."""
    from tutor.submission import write_new

    shown = []
    for reply in replies:
        if reply.file is not None:
            try:
                write_new(reply.file.path, reply.file.text)
            except TutorError as err:
                shown.append(Reply.error(str(err)))
                continue
        shown.append(reply)
    return shown


def make_session(args: argparse.Namespace, settings: Settings) -> Session:
    """A Session over the bundled lessons, instructors' folders, and the progress store, as ``settings`` say."""
    folder = settings.folder()
    catalog = load_catalog(settings.lessons, settings.bundled, cached_in=folder, crashes=folder)  # parsed when opened
    return Session(catalog, Progress.default(settings), seed=getattr(args, "seed", None),
                   learner=getattr(args, "learner", "") or "")


def continues(text: str, multiline: bool) -> bool:
    """Whether Enter should insert a newline instead of submitting ``text``.

    A trailing backslash always continues; an answer written over several lines
    (a question tree) continues until an empty line.
    """
    if text.endswith("\\"):
        return True
    if multiline and not text.startswith("/"):
        return bool(text.strip()) and not text.endswith("\n")
    return False


class Pending:
    """The lines of an answer that continues (a trailing backslash, or a question tree), kept as a list so a
    long answer costs time linear in its length; ``continues`` is ``continues(text + line, multiline)``."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.size = 0
        self.blank = True  # whether every kept line is blank

    def continues(self, line: str, multiline: bool) -> bool:
        """Whether Enter after ``line`` should go on collecting (see ``continues``)."""
        if line.endswith("\\"):
            return True
        head = self.lines[0] if self.lines else line
        if multiline and not head.startswith("/"):
            return not (self.blank and not line.strip()) and not (self.lines and line == "")
        return False

    def add(self, line: str) -> None:
        """Keep ``line`` (its newline added)."""
        self.lines.append(line + "\n")
        self.size += len(line) + 1
        self.blank = self.blank and not line.strip()

    def text(self, line: str) -> str:
        """The whole answer ending with ``line``."""
        return "".join(self.lines) + line


def run_plain(session: Session, lines: Iterable[str], out: TextIO, lesson: str | None = None, width: int = 80,
              crashes: Path | None = None, waiting: Callable[[], bool] | None = None) -> int:
    """Plain line mode, wrapped to ``width`` (``COLUMNS``): no prompt_toolkit, no escape codes.  Ctrl-C (SIGINT)
    while the tutor works on a line cancels that work, as in a terminal (``cancellable``); while it waits for a
    line, it drops the answer being continued; before the first screen, it leaves (``tutor.launch`` exits
    quietly).  ``crashes``: the folder of the crash log.  ``waiting()`` says whether the tutor would wait for the
    next line (the learner is reading): the warm-up starts then, not while lines written ahead are waiting to be
    answered (None: it starts after the first screen)."""
    unicode = render.unicode_ok(out)

    def emit(replies: list[Reply]) -> None:
        if replies:
            print(render.plain_text(replies, width, unicode), file=out)
        out.flush()

    emit(session.start(lesson))
    warm = waiting is None
    if warm:
        idle.warm_up()  # after the first screen: the start does not share the interpreter with sympy's import
    pending = Pending()
    reading = iter(lines)
    while True:
        if waiting is not None and waiting():  # the learner reads: the time a line takes is the warm-up's, then tidy's
            (idle.tidy if warm else idle.warm_up)()
            warm = True
        try:
            raw = next(reading, None)
        except KeyboardInterrupt:
            pending = Pending()
            emit([Reply.info(LINE_CANCELLED)])
            continue
        if raw is None:
            break
        line = raw.rstrip("\n")
        if pending.size + len(line) > INPUT_BYTES.value:  # a runaway continued answer: refused, never grown
            pending = Pending()
            too_long = INPUT_BYTES.error(f"that answer has more than {INPUT_BYTES.value:,} characters")
            emit([Reply.error(str(too_long))])
            continue
        if pending.continues(line, session.multiline):
            pending.add(line[:-1] if line.endswith("\\") else line)
            continue
        text = pending.text(line)
        pending = Pending()
        print(f"> {text}", file=out, flush=True)  # on its way before the check: Ctrl-C during it cancels it
        emit(cancellable(session, text.rstrip("\n"), crashes))
        if session.finished:
            return 0
    if pending.size and not pending.blank:
        text = pending.text("")
        print(f"> {text}", file=out)
        emit(cancellable(session, text.rstrip("\n"), crashes))
    if not session.finished:  # input ended without /quit: kept writes are saved, or the learner is told
        emit(session.leave())
    return 0


def run_terminal(session: Session, lesson: str | None = None, input: object = None, output: object = None,
                 emit: Callable[[list[Reply]], None] | None = None, settings: Settings | None = None) -> int:
    """The prompt_toolkit REPL, as ``settings`` say (plain, colour, the folder of history and crash log; None: in
    colour, keeping nothing on disk).  ``input``/``output``/``emit`` are for tests (pipe input, DummyOutput)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.filters import Condition
    from prompt_toolkit.output import ColorDepth
    from prompt_toolkit.styles import Style

    from tutor.shell.completer import TutorCompleter

    plain, color = (settings.plain, settings.color) if settings is not None else (False, True)
    folder = settings.folder() if settings is not None else None
    style = Style.from_dict({})
    console = render.make_console(sys.stdout, color=color)

    def show(replies: list[Reply]) -> None:
        if plain:  # text only, for screen readers: the plain form, wrapped to the terminal
            print(render.plain_text(replies, console.width, render.unicode_ok(sys.stdout)), flush=True)
        else:
            render.show_terminal(replies, console)

    emit = emit or show
    if output is None:  # prompt_toolkit styles the screen itself: it writes to the terminal, not through ``visible``
        from prompt_toolkit.output import create_output

        output = create_output(stdout=raw_stream(sys.stdout))
    prompt: PromptSession[str] = PromptSession(
        history=history_file(folder),
        completer=TutorCompleter(session),
        complete_while_typing=False,
        bottom_toolbar=lambda: visible(session.toolbar(shutil.get_terminal_size().columns - 1)),
        key_bindings=key_bindings(session),
        multiline=Condition(lambda: True),
        prompt_continuation=lambda width, line, wrap: "." * (width - 1) + " ",
        input=input,  # type: ignore[arg-type]
        output=output,  # type: ignore[arg-type]
        color_depth=None if color else ColorDepth.DEPTH_1_BIT,
        style=style,
    )
    emit(session.start(lesson))
    while not session.finished:
        try:
            text = prompt.prompt("> ", pre_run=idle.warming)  # the libraries warmed once the first prompt is drawn
        except KeyboardInterrupt:
            emit([Reply.info(LINE_CANCELLED)])
            continue
        except EOFError:
            emit(session.handle("/quit"))
            break
        emit(cancellable(session, text, folder))
    return 0


LINE_CANCELLED = "(input cancelled; /quit or Ctrl-D to leave)"
CANCELLED = "(check cancelled: the step is as it was; type your answer again, or /hint)"


def cancellable(session: Session, text: str, crashes: Path | None = None) -> list[Reply]:
    """``safe_handle``, the files its replies hand over written (``hand_out``), but Ctrl-C while the tutor works on
    ``text`` (a long check) cancels that work and returns to the prompt: a step's judgement is pure and the session
    changes only after it, so the step stays as it was."""
    try:
        return hand_out(safe_handle(session, text, crashes))
    except KeyboardInterrupt:
        return [Reply.info(CANCELLED)]


def key_bindings(session: Session) -> KeyBindings:
    """Enter (submit, or a new line where the answer continues), Ctrl-C (cancel the line) and Alt-Enter."""
    from prompt_toolkit.key_binding import KeyBindings

    bindings = KeyBindings()

    @bindings.add("enter")
    def _enter(event: object) -> None:
        buffer = event.current_buffer  # type: ignore[attr-defined]
        if continues(buffer.document.text_before_cursor, session.multiline) and buffer.document.is_cursor_at_the_end:
            text = buffer.text
            if text.endswith("\\"):
                buffer.delete_before_cursor(1)
            buffer.insert_text("\n")
        else:
            buffer.validate_and_handle()

    @bindings.add("c-c")
    def _cancel(event: object) -> None:
        """Ctrl-C cancels the line being typed: in an answer of several lines only its current line (on an empty
        one, the line before), so a long question tree is not lost; on a single line, the whole input."""
        buffer = event.current_buffer  # type: ignore[attr-defined]
        text = buffer.text
        if "\n" not in text:
            event.app.exit(exception=KeyboardInterrupt, style="class:aborting")  # type: ignore[attr-defined]
            return
        keep = text[: text.rstrip("\n").rfind("\n") + 1] if text.endswith("\n") else text[: text.rfind("\n") + 1]
        buffer.text = keep
        buffer.cursor_position = len(keep)

    @bindings.add("escape", "enter")
    def _newline(event: object) -> None:
        event.current_buffer.insert_text("\n")  # type: ignore[attr-defined]

    return bindings


def history_file(folder: Path | None) -> History:
    """The REPL's history in the tutor's data folder ``folder`` (in memory without one, or when it cannot be
    written)."""
    from prompt_toolkit.history import InMemoryHistory

    from tutor.shell.history import BoundedHistory

    history: History
    try:
        if folder is None:
            raise OSError("no folder for the history")
        path = folder / "history"
        path.parent.mkdir(parents=True, exist_ok=True)
        history = BoundedHistory(str(path))
    except OSError:
        history = InMemoryHistory()
    return history


def run_repl(args: argparse.Namespace, settings: Settings, lesson: str | None) -> int:
    """Start the tutor: the prompt_toolkit REPL in a terminal, plain line mode otherwise."""
    session = make_session(args, settings)
    with session.progress:  # closed when the session ends, however it ends
        if sys.stdin.isatty() and sys.stdout.isatty():
            return run_terminal(session, lesson, settings=settings)
        return run_plain(session, text_lines(sys.stdin), sys.stdout, lesson, settings.width, settings.folder(),
                         waiting=lambda: not input_ready(sys.stdin))


def input_ready(stream: TextIO) -> bool:
    """Whether a line (or the end) is already there to read on ``stream``, written ahead into a pipe or a file, or
    held in memory (a stream with no descriptor: all of it is there, or none will come); False where that cannot be
    known (a system whose ``select`` takes no pipes, a closed descriptor)."""
    import select

    try:
        stream.fileno()
    except io.UnsupportedOperation:
        return True
    except (OSError, ValueError):
        return False
    try:
        return bool(select.select([stream], [], [], 0)[0])
    except (OSError, ValueError, TypeError):
        return False


def text_lines(stream: TextIO) -> Iterable[str]:
    """Lines of standard input as text: bytes that are not UTF-8 become U+FFFD instead of stopping the tutor."""
    buffer = getattr(stream, "buffer", None)
    if buffer is None:
        return stream
    return io.TextIOWrapper(buffer, encoding="utf-8", errors="replace", newline=None)

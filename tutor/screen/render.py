"""Showing the tutor's replies: lesson Markdown and the engines' plain text, wrapped at word boundaries.

Lesson text (``Reply.markdown``) is CommonMark rendered by rich: paragraphs
wrapped at the terminal width, emphasis, code spans, lists and fenced blocks.
Engine text is plain: each line is a paragraph wrapped at word boundaries, and
a line that starts with spaces (a board, a table, a tree) keeps its layout,
continuing under its own indentation when it is wider than the terminal.

In a terminal the replies are styled by kind, and a reply that is a
``Picture`` (a Lights Out board in colour blocks, a circle of coins, a question
tree) shows its picture when the picture fits the width.  Otherwise (plain mode,
``tutor --plain`` or ``TUTOR_PLAIN`` for screen readers) the same text is
written wrapped to a width (``COLUMNS``) with no escape codes and no
pictures, and ``NO_COLOR`` turns colour off everywhere; the command line reads
these (``tutor.settings``) and passes them here.
"""

from __future__ import annotations

import io
import re
import shutil
import textwrap
from typing import TYPE_CHECKING, TextIO

from tutor.screen.shown import Markdown, Picture, Reply, text_of
from tutor.screen.text import raw_stream, visible

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

STYLE = {
    "title": "bold",
    "ask": "bold cyan",
    "ok": "green",
    "wrong": "red",
    "hint": "yellow",
    "error": "red",
    "info": "bright_black",
}
ASCII = str.maketrans({"•": "-", "─": "-", "━": "=", "│": "|", "…": "...", "“": '"', "”": '"', "’": "'"})
MARKS = {"ok": ("✓ ", "+ "), "wrong": ("✗ ", "x "), "error": ("! ", "! "), "hint": ("» ", "> ")}


def unicode_ok(stream: TextIO) -> bool:
    """Whether the stream can print the tutor's few non-ASCII marks."""
    encoding = (getattr(stream, "encoding", None) or "ascii").lower()
    return "utf" in encoding


def mark(reply: Reply, unicode: bool = True) -> str:
    """The verdict mark a reply starts with ("✓ ", "x " ...), or ""."""
    marks = MARKS.get(reply.kind)
    return "" if marks is None else marks[0 if unicode else 1]


def wrap_plain(text: str, width: int) -> str:
    """Engine text wrapped at word boundaries: one paragraph per line; an indented line keeps its indentation,
    and its continuation lines go two spaces further in.

    >>> print(wrap_plain("the Devil wins by turning the table\\n  move 1: no turn HTHH -> TTHH", 20))
    the Devil wins by
    turning the table
      move 1: no turn
        HTHH -> TTHH
    """
    out: list[str] = []
    for line in text.splitlines() or [""]:
        body = line.rstrip()
        if len(body) <= width:
            out.append(body)
            continue
        indent = body[: len(body) - len(body.lstrip())]
        more = indent + "  " if indent else ""
        out += textwrap.wrap(body.lstrip(), width=width, initial_indent=indent, subsequent_indent=more,
                             break_on_hyphens=False, break_long_words=True, drop_whitespace=True)
    return "\n".join(out)


WORD = re.compile(r"[A-Za-z]{3,}")


def wrap_prose(text: str, width: int) -> str:
    """Command output wrapped like the tutor's replies (``wrap_plain``, short groups kept together), except
    lines with no word in them, which are pictures (a board, a grid of losing positions) and never wrap."""
    return "\n".join(unglue(wrap_plain(keep_together(line), width)) if WORD.search(line) else line
                     for line in text.splitlines())


def is_row(line: str) -> bool:
    """Whether an engine line is a table row: ``| cell | cell |`` (indentation allowed)."""
    body = line.strip()
    return len(body) >= 2 and body.startswith("|") and body.endswith("|")


def cells(line: str) -> list[str]:
    """The cells of a table row.

    >>> cells("  | HHHT | 1 |")
    ['HHHT', '1']
    """
    return [c.strip() for c in line.strip()[1:-1].split("|")]


def table(rows: list[str], unicode: bool, style: str) -> RenderableType:
    """A block of ``| a | b |`` rows as a rich table: the first row is the header; a ``|---|`` row is skipped."""
    from rich import box
    from rich.table import Table

    header, *body = [cells(r) for r in rows if not set(r.strip()) <= set("|-: ")]
    shown = Table(*header, box=box.SIMPLE_HEAD if unicode else box.ASCII2, style=style, header_style="bold",
                  pad_edge=False, show_edge=False)
    for row in body:
        shown.add_row(*row, *[""] * (len(header) - len(row)))
    return shown


GLUE = "\ue000"  # a space no line may break at, while rich lays the text out (a private-use character)
TOGETHER = re.compile(r"\((?=[^()\n]{1,30}\))[^()\n]*\)|\b(?:[A-H]_k|[a-z]+)\([^()\n]{1,20}\)")
CODE_SPAN = re.compile(r"(?<![`\\])`([^`\n]+)`(?!`)")


def keep_together(text: str) -> str:
    r"""``text`` with the spaces inside a short bracketed group (a position ``(6, 10)``, a formula
    ``floor(k / phi)``, a short question ``(B is False)``) glued, so no line breaks inside one.

    >>> keep_together("from (6, 10) take floor(k / phi)") == "from (6,\ue00010) take floor(k\ue000/\ue000phi)"
    True
    >>> keep_together("x^3 - 1 = (x + 1) * (x^2 + 1), 1 XOR 1, 1: 1,0").count(" ")  # only after the commas
    2
    >>> keep_together("1 XOR 1 and n x n").count(" ")  # around 'and' only
    2
    """
    text = TOGETHER.sub(lambda m: m.group(0).replace(" ", GLUE), text)
    return OPERATOR.sub(lambda m: GLUE + m.group(1) + GLUE, BOARD_MOVE.sub(":" + GLUE, text))


OPERATOR = re.compile(r"(?<=[\w)^]) (\+|-|\*|/|=|<=|>=|<|>|XOR|x) (?=[\w(])")  # 2^4 - 1, c < 577/408, n x n
BOARD_MOVE = re.compile(r"(?<=\b\d):\s(?=\d+,\d)")  # a move on board 1 of a sum: '1: 1,0'


def unglue(text: str) -> str:
    """Laid-out text with its glued spaces back as spaces."""
    return text.replace(GLUE, " ")


def quote_code(source: str) -> str:
    r"""Markdown with each inline code span quoted ('ask A: ...'), for plain mode, where a span has no style
    and would vanish into the prose; fenced blocks are left as they are.

    >>> quote_code("Write `ask A: ...` here.\n```\nX.\n```")
    "Write '`ask A: ...`' here.\n```\nX.\n```"
    """
    out, fenced = [], False
    for line in source.split("\n"):
        if line.lstrip().startswith("```"):
            fenced = not fenced
        out.append(line if fenced or line.lstrip().startswith("```") else CODE_SPAN.sub(r"'`\1`'", line))
    return "\n".join(out)


def picture(drawing: Picture, prefix: str, style: str, color: bool) -> RenderableType:
    """A drawing's picture as rich text, its colour spans applied (with ``color``); only prose joined to the
    drawing is wider than the terminal, and it wraps at word boundaries."""
    from rich.text import Text

    shown = Text(prefix + drawing.picture, style=style, overflow="fold")
    if color:
        for start, end, span_style in drawing.spans:
            shown.stylize(span_style, len(prefix) + start, len(prefix) + end)
    return shown


def renderable(reply: Reply, width: int, unicode: bool, color: bool, pictures: bool = False) -> RenderableType:
    """What rich prints for ``reply``: Markdown for lesson text; a drawing's picture (with ``pictures``, when
    it fits ``width``); for other engine text, its lines wrapped and its ``| a | b |`` blocks as tables."""
    from rich.console import Group
    from rich.text import Text

    style = STYLE.get(reply.kind, "") if color else ""
    prefix = mark(reply, unicode)
    match reply.body:
        case Picture() as drawing if pictures and unicode and len(prefix) + drawing.width <= width:
            return picture(drawing, prefix, style, color)
        case Markdown(text=source):
            source = keep_together(visible(source if color else quote_code(source)))
            from rich.markdown import Markdown as Rich  # markdown-it loads on the first lesson text, not before

            escaped = prefix.replace(">", "\\>")
            return Rich(escaped + source, style=style or "none", code_theme="ansi_dark", hyperlinks=False)
    text = keep_together(visible(text_of(reply.body)))
    parts: list[RenderableType] = []
    block: list[str] = []
    rows: list[str] = []

    def flush() -> None:
        if block:
            parts.append(Text(wrap_plain("\n".join(block), width), style=style, no_wrap=True, overflow="ignore"))
            block.clear()
        if rows:
            parts.append(table(rows, unicode, style))
            rows.clear()

    for line in (prefix + text).splitlines() or [""]:
        if is_row(line) != bool(rows):
            flush()
        (rows if is_row(line) else block).append(line)
    flush()
    return parts[0] if len(parts) == 1 else Group(*parts)


def make_console(file: TextIO, width: int | None = None, color: bool = True) -> Console:
    """A rich console for ``file``: ``width`` fixed (plain mode) or the terminal's; no colour with ``color=False``
    (``NO_COLOR``); never rich's own markup, highlighting or emoji codes in the tutor's text."""
    from rich.console import Console

    file = raw_stream(file)  # the tutor's own styling; what it shows passed ``visible`` in ``renderable``
    return Console(file=file, width=width, no_color=not color, color_system="auto" if color else None,
                   force_terminal=color if file.isatty() else False, highlight=False, markup=False, emoji=False,
                   soft_wrap=False)


def show_terminal(replies: list[Reply], console: Console | None = None) -> None:
    """Print replies in a terminal: styled, wrapped at its current width."""
    import sys

    console = console or make_console(sys.stdout)
    width = console.width or shutil.get_terminal_size().columns
    unicode = unicode_ok(sys.stdout)
    for reply in replies:
        with console.capture() as shown:
            console.print(renderable(reply, width, unicode, not console.no_color, pictures=True))
        console.file.write(unglue(shown.get()))
    console.file.flush()


def plain_text(replies: list[Reply], width: int | None = None, unicode: bool = True) -> str:
    """Replies as plain mode prints them: wrapped to ``width`` (default 80: ``Settings.width``), no escape codes, no
    trailing spaces."""
    width = width or 80
    buffer = io.StringIO()
    console = make_console(buffer, width=width, color=False)
    for reply in replies:
        console.print(renderable(reply, width, unicode, color=False))
    text = "\n".join(line.rstrip() for line in unglue(buffer.getvalue()).splitlines())
    return text if unicode else text.translate(ASCII)

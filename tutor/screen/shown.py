"""Text to show, as explicit values: plain text, an author's Markdown, or a picture with its text form.

* a plain ``str`` - the engines' text: each line a paragraph, indented lines kept as laid out;
* ``Markdown`` - text a lesson's author wrote (CommonMark), its ``{{values}}`` already filled in;
* ``Picture`` - what a colour terminal draws (blocks, a circle of coins, a tree with guide lines), with
  ``text``, the text form that plain mode, screen readers (``tutor --plain``), JSON, progress records
  and tests read.

A ``Reply`` is one thing the tutor says: a ``ReplyKind`` (which picks its style) and what to show.

The renderer (``tutor.screen.render``) matches on these types; nothing is told apart by a hidden payload on a
``str``.  Formatting a ``Picture`` into a string (``f"{picture}"``) gives its text form, so a picture
can only be dropped, never garbled; ``join`` and ``above`` combine text and pictures keeping both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

Span = tuple[int, int, str]  # characters start..end of a picture and the style (rich's syntax) they take


@dataclass(frozen=True)
class Markdown:
    """Text an author wrote, to be read as Markdown (CommonMark)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class Picture:
    """A picture for terminals: its ``text`` form, the ``picture`` drawn instead, and colour ``spans`` over it.

    ``width`` is the columns the picture needs (its widest drawn line; prose joined around it may wrap).
    """

    text: str
    picture: str
    spans: tuple[Span, ...] = ()
    width: int = field(default=-1)

    def __post_init__(self) -> None:
        if self.width < 0:
            object.__setattr__(self, "width", max((len(line) for line in self.picture.split("\n")), default=0))

    def __str__(self) -> str:
        return self.text


Shown = str | Markdown | Picture  # anything the tutor shows
Drawn = str | Picture  # what an engine returns where it may draw


def drawn(text: str, picture: str | None = None, spans: Sequence[Span] = ()) -> Picture:
    """A ``Picture`` whose picture is ``picture`` (default: the text itself, coloured by ``spans``)."""
    return Picture(text, text if picture is None else picture, tuple(spans))


def text_of(value: Shown) -> str:
    """The text form of anything shown: what plain mode, JSON and progress records hold.

    >>> text_of(Picture("X.", "██░░")), text_of(Markdown("*a*")), text_of("b")
    ('X.', '*a*', 'b')
    """
    match value:
        case Picture(text=text) | Markdown(text=text):
            return text
        case str():
            return value


def join(parts: Iterable[Drawn], sep: str = "\n") -> Drawn:
    """``sep.join(parts)``, a ``Picture`` when any part is one: texts joined, pictures joined (a plain part
    stands for itself in the picture), spans moved to their place.

    >>> both = join(["Start:", Picture("HT", "H\\nT", ((0, 1, "bold"),))])
    >>> both.text, both.picture, both.spans
    ('Start:\\nHT', 'Start:\\nH\\nT', ((7, 8, 'bold'),))
    """
    items = list(parts)
    text = sep.join(text_of(p) for p in items)
    pictures = [p for p in items if isinstance(p, Picture)]
    if not pictures:
        return text
    drawings: list[str] = []
    spans: list[Span] = []
    offset = 0
    for part in items:
        picture = part.picture if isinstance(part, Picture) else part
        if isinstance(part, Picture):
            spans.extend((offset + a, offset + b, style) for a, b, style in part.spans)
        drawings.append(picture)
        offset += len(picture) + len(sep)
    return Picture(text, sep.join(drawings), tuple(spans), max(p.width for p in pictures))


def above(text: str, drawing: Drawn) -> Drawn:
    """``text`` whose picture shows ``drawing``'s picture below it; its text form is ``text`` alone (the
    drawing only pictures what the text says, such as a press list as a grid).

    >>> shown = above("Press: b2", Picture("b2 grid", "..|.#", ((4, 5, "cyan"),)))
    >>> shown.text, shown.picture, shown.spans
    ('Press: b2', 'Press: b2\\n..|.#', ((14, 15, 'cyan'),))
    """
    if not isinstance(drawing, Picture):
        return text
    start = len(text) + 1
    return Picture(text, f"{text}\n{drawing.picture}",
                   tuple((start + a, start + b, style) for a, b, style in drawing.spans), drawing.width)


# -- replies ---------------------------------------------------------------------------------------------


class ReplyKind(StrEnum):
    """What a reply is, which picks its style and mark in the shell."""

    TITLE = "title"
    SAY = "say"
    ASK = "ask"
    OK = "ok"
    WRONG = "wrong"
    HINT = "hint"
    ERROR = "error"
    BOARD = "board"
    INFO = "info"


@dataclass(frozen=True)
class Handout:
    """A file the learner asked for (``/submit``): the session says what to write, and the shell writes it."""

    path: str
    text: str


@dataclass(frozen=True)
class Reply:
    """One thing the tutor says: its ``kind`` and what to show (``body``); ``text`` is the body's text form.  A
    reply with a ``file`` is shown once the shell has written that file (and an error in its place if it cannot)."""

    kind: ReplyKind
    body: Shown
    file: Handout | None = field(default=None, kw_only=True)

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ReplyKind(self.kind))

    @property
    def text(self) -> str:
        """The text form of what is shown (plain mode, transcripts, tests)."""
        return text_of(self.body)

    @classmethod
    def title(cls, body: Shown) -> Reply:
        """A heading."""
        return cls(ReplyKind.TITLE, body)

    @classmethod
    def say(cls, body: Shown) -> Reply:
        """Lesson text to read, or what the game says."""
        return cls(ReplyKind.SAY, body)

    @classmethod
    def ask(cls, body: Shown) -> Reply:
        """A question."""
        return cls(ReplyKind.ASK, body)

    @classmethod
    def ok(cls, body: Shown) -> Reply:
        """A right answer, a completed step."""
        return cls(ReplyKind.OK, body)

    @classmethod
    def wrong(cls, body: Shown) -> Reply:
        """A wrong answer's verdict."""
        return cls(ReplyKind.WRONG, body)

    @classmethod
    def hint(cls, body: Shown) -> Reply:
        """A hint, a misconception named, a revealed answer."""
        return cls(ReplyKind.HINT, body)

    @classmethod
    def error(cls, body: Shown) -> Reply:
        """Input that could not be taken, or a problem to know about."""
        return cls(ReplyKind.ERROR, body)

    @classmethod
    def board(cls, body: Shown) -> Reply:
        """A board, a table, a counterexample: laid out as it is."""
        return cls(ReplyKind.BOARD, body)

    @classmethod
    def info(cls, body: Shown) -> Reply:
        """What to do next, and other notes."""
        return cls(ReplyKind.INFO, body)

"""Pictures with a text form: what a colour terminal draws, and the plain text everything else reads.

A ``Drawing`` *is* its text form (a ``str``): plain mode, screen readers
(``tutor --plain``), JSON, progress records and tests all see only that.  It also
carries ``picture``, the characters a terminal shows instead (blocks, a circle of
coins, a tree with guide lines), and ``spans``, colour over the picture in rich's
style syntax.  Any string operation on a drawing gives back its plain text, so a
picture can only be lost, never garbled; ``join`` keeps pictures across lines.
The engines draw; only the rendering layer (``tutor.render``, ``tutor.cli``)
decides whether a picture fits the terminal and shows it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Span = tuple[int, int, str]  # characters start..end of a text and the style (rich's syntax) they take


class Drawing(str):
    """Text (the ``str`` value) with a ``picture`` for terminals and colour ``spans`` over the picture."""

    picture: str
    spans: tuple[Span, ...]

    def __new__(cls, text: str, picture: str | None = None, spans: Sequence[Span] = (),
                width: int | None = None) -> Drawing:
        self = super().__new__(cls, text)
        self.picture = str(text) if picture is None else str(picture)
        self.spans = tuple(spans)
        self.width = max((len(line) for line in self.picture.split("\n")), default=0) if width is None else width
        return self

    width: int
    """The columns the picture needs: its widest drawn line (prose joined around it may wrap)."""

    def __reduce__(self) -> tuple[object, ...]:
        return (Drawing, (str(self), self.picture, self.spans, self.width))


def join(parts: Iterable[str], sep: str = "\n") -> str:
    """``sep.join(parts)``, a ``Drawing`` when any part is one: texts joined, pictures joined (a plain part
    stands for itself in the picture), spans moved to their place.

    >>> both = join(["Start:", Drawing("HT", "H\\nT", [(0, 1, "bold")])])
    >>> str(both), both.picture, both.spans
    ('Start:\\nHT', 'Start:\\nH\\nT', ((7, 8, 'bold'),))
    """
    items = list(parts)
    text = sep.join(items)
    if not any(isinstance(p, Drawing) for p in items):
        return text
    pictures: list[str] = []
    spans: list[Span] = []
    offset = 0
    for part in items:
        picture = part.picture if isinstance(part, Drawing) else str(part)
        if isinstance(part, Drawing):
            spans.extend((offset + a, offset + b, style) for a, b, style in part.spans)
        pictures.append(picture)
        offset += len(picture) + len(sep)
    width = max(p.width for p in items if isinstance(p, Drawing))
    return Drawing(text, sep.join(pictures), spans, width)


def above(text: str, drawing: str) -> str:
    """``text`` whose picture shows ``drawing``'s picture below it; its text form is ``text`` alone (the
    drawing only pictures what the text says, such as a press list as a grid).

    >>> shown = above("Press: b2", Drawing("b2 grid", "..|.#", [(4, 5, "cyan")]))
    >>> str(shown), shown.picture, shown.spans
    ('Press: b2', 'Press: b2\\n..|.#', ((14, 15, 'cyan'),))
    """
    if not isinstance(drawing, Drawing):
        return text
    start = len(text) + 1
    return Drawing(text, f"{text}\n{drawing.picture}", [(start + a, start + b, style) for a, b, style in drawing.spans],
                   drawing.width)


class Canvas:
    """A grid of characters with colour, drawn cell by cell, then read out as a picture's lines and spans."""

    def __init__(self, height: int, width: int) -> None:
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: dict[tuple[int, int], str] = {}

    def put(self, row: int, col: int, text: str, style: str = "") -> None:
        """Write ``text`` from (row, col) to the right, in ``style`` (no style: uncoloured)."""
        for i, ch in enumerate(text):
            self.chars[row][col + i] = ch
            if style:
                self.styles[row, col + i] = style
            else:
                self.styles.pop((row, col + i), None)

    def lines(self) -> list[str]:
        """The rows, trailing spaces removed."""
        return ["".join(row).rstrip() for row in self.chars]

    def picture(self) -> tuple[str, tuple[Span, ...]]:
        """The picture's text and its spans (runs of one style merged)."""
        rows = self.lines()
        spans: list[Span] = []
        offset = 0
        for r, row in enumerate(rows):
            c = 0
            while c < len(row):
                style = self.styles.get((r, c))
                if not style:
                    c += 1
                    continue
                end = c
                while end < len(row) and self.styles.get((r, end)) == style:
                    end += 1
                spans.append((offset + c, offset + end, style))
                c = end
            offset += len(row) + 1
        return "\n".join(rows), tuple(spans)

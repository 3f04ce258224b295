"""Drawing pictures cell by cell: a ``Canvas`` of characters with colour, read out as a picture and its spans.

The engines draw; the values they return are ``tutor.screen.shown.Picture`` (a text form and the picture), and
only the rendering layer (``tutor.screen.render``, ``tutor.cli``) decides whether a picture fits the terminal.
"""

from __future__ import annotations

from tutor.screen.shown import Span


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

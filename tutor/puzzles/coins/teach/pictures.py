"""The coin table drawn as a circle of coins, for terminals; the text form stays the table read as a row.

A table is shown the way the notation reads it (``HTTH``: position 0 first, then
clockwise); the picture puts position 0 at the top (underlined) and the others
clockwise around a circle, heads and tails in two colours.  Tables of more than
``CIRCLE_MAX`` coins are not drawn: the row of letters is clearer than a ring that
large.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tutor.puzzles.drawing import Canvas
from tutor.screen.shown import Drawn, Picture, above

CIRCLE_MAX = 24  # the most coins drawn as a circle
FACE_STYLE = {"H": "bold yellow", "T": "bold blue"}
DIGIT_STYLES = ("bold yellow", "bold blue", "bold green", "bold magenta", "bold red", "bold cyan")
GAP = 4  # columns between two circles side by side


def near(x: float) -> int:
    """``x`` rounded half up, the same way on both sides of the circle (``round`` rounds halves to even, and
    float noise would tip mirror-image coins different ways)."""
    return math.floor(x + 0.5 + 1e-9)


def places(n: int) -> list[tuple[int, int]]:
    """(row, column) of each of ``n`` positions on a circle where no two coins touch: position 0 at the top,
    then clockwise; a column is half as wide as a row is high, so columns are doubled, and rows that no coin
    falls on are left out.

    >>> places(4)
    [(0, 2), (1, 4), (2, 2), (1, 0)]
    """
    radius = max(1, round(n / 4))  # about two rows of arc per coin, so small tables still look round
    while True:
        spots = [(near(radius - radius * math.cos(2 * math.pi * i / n)),
                  near(2 * radius + 2 * radius * math.sin(2 * math.pi * i / n))) for i in range(n)]
        if all(abs(c1 - c2) >= 2 or r1 != r2 for j, (r1, c1) in enumerate(spots) for r2, c2 in spots[:j]):
            rows = {r: i for i, r in enumerate(sorted({r for r, _ in spots}))}  # rows no coin falls on: dropped
            return [(rows[r], c) for r, c in spots]
        radius += 1


def face_style(face: str, first: bool) -> str:
    """A coin's colour: heads and tails in two colours, other faces (K > 2) by their digit; position 0
    underlined."""
    style = FACE_STYLE.get(face) or DIGIT_STYLES[int(face) % len(DIGIT_STYLES)]
    return style + " underline" if first else style


def tables(text: str, shown: Sequence[tuple[str, str]]) -> Drawn:
    """``text``, whose picture draws the tables ``shown`` ((caption, faces) pairs) as circles side by side below
    it, with a key; plain ``text`` when there is no table or one is too large to draw.

    >>> print(tables("Start: HHTT.", [("start", "HHTT"), ("end", "TH")]).picture)
    Start: HHTT.
    start    end
      H        T
    T   H      H
      T
    Position 0 is underlined at the top; the others follow clockwise.
    """
    if not shown or any(not 0 < len(faces) <= CIRCLE_MAX for _, faces in shown):
        return text
    drawn = [(caption, faces, places(len(faces))) for caption, faces in shown]
    sizes = [max(c for _, c in spots) + 1 for _, _, spots in drawn]
    widths = [max(size, len(caption)) for (caption, _, _), size in zip(drawn, sizes, strict=True)]
    height = max(max(r for r, _ in spots) for _, _, spots in drawn) + 1
    canvas = Canvas(height + 2, max(sum(widths) + GAP * (len(widths) - 1), len(KEY)))
    left = 0
    for (caption, faces, spots), size, width in zip(drawn, sizes, widths, strict=True):
        canvas.put(0, left, caption)
        shift = left + (width - size) // 2  # the circle centred under its caption
        for i, (face, (r, c)) in enumerate(zip(faces, spots, strict=True)):
            canvas.put(r + 1, shift + c, face, face_style(face, i == 0))
        left += width + GAP
    canvas.put(height + 1, 0, KEY)
    picture, spans = canvas.picture()
    return above(text, Picture(picture, picture, spans))


KEY = "Position 0 is underlined at the top; the others follow clockwise."

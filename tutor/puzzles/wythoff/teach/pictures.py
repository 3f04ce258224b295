"""Pictures of Wythoff's game drawn with characters: the losing positions on a grid, and the Grundy map.

Both are computed by the exact engine (losing pairs from the formula, Grundy values
from the Grundy table) and drawn as plain text, one cell of two characters per
position: the first pile across (x, left to right), the second pile up (y, bottom
to top), so the losing positions lie along the two rays of slopes phi and 1/phi.
A picture is a ``tutor.screen.shown.Picture`` whose picture is its text, with colour spans
(style names) that a terminal applies; the text alone is the plain form (no escape codes).
"""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.wythoff.engine import p_positions_upto
from tutor.puzzles.wythoff.engine.table import grundy_table
from tutor.puzzles.wythoff.rules import Position, Rules
from tutor.screen.shown import Picture, Span

PICTURE_UPTO = 30  # default largest pile of a picture: 31 cells of 2 characters, 65 columns
PICTURE_MAX = 37  # the largest pile that fits an 80-column terminal (3 + 2 * 38 - 1 = 78 columns)
SYMBOLS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"  # one character per Grundy value
LOSING, WINNING = "#", "."
LOSING_STYLE, WINNING_STYLE = "bold yellow", "bright_black"
PALETTE = ("red", "green", "blue", "magenta", "cyan", "bright_red", "bright_green", "bright_blue",
           "bright_magenta", "bright_cyan")  # values 1, 2, ... cycle through these; 0 stands out


def picture_size(upto: int | None) -> int:
    """The largest pile drawn: ``--upto`` if given (0 to PICTURE_MAX), else PICTURE_UPTO."""
    if upto is None:
        return PICTURE_UPTO
    if not 0 <= upto <= PICTURE_MAX:
        raise InvalidParams(f"--upto {upto}: pictures draw piles from 0 to {PICTURE_MAX} "
                            "(the most that fits 80 columns)")
    return upto


def grid_width(n: int) -> int:
    """The columns a grid of piles 0..n takes: the row labels, then one character and a space per column."""
    return len(str(n)) + 2 * n + 2


def losing_cells(rules: Rules, n: int) -> list[Position]:
    """Every losing position ``(x, y)`` with both piles <= n, in both orders, sorted."""
    pairs = p_positions_upto(rules, n)
    return sorted({cell for a, b in pairs for cell in ((a, b), (b, a))})


def grundy_grid(rules: Rules, n: int) -> list[list[int]]:
    """Grundy values ``g[x][y]`` for piles 0..n (misère Grundy values of single boards under misère)."""
    return grundy_table(rules.a, n, n, rules.misere)


def _draw(n: int, cell: dict[Position, tuple[str, str]], header: str, legend: tuple[str, ...]) -> Picture:
    """The grid: rows y = n down to 0 labelled on the left, columns x = 0..n with ticks every 5 below."""
    width = len(str(n))
    lines = [header]
    spans: list[Span] = []
    offset = len(header) + 1
    for y in range(n, -1, -1):
        line = f"{y:>{width}} "
        for x in range(n + 1):
            char, style = cell[x, y]
            if style:
                spans.append((offset + len(line), offset + len(line) + 1, style))
            line += char + (" " if x < n else "")
        lines.append(line)
        offset += len(line) + 1
    axis = [" "] * (width + 1 + 2 * n + 2)
    for x in range(0, n + 1, 5):
        for i, digit in enumerate(str(x)):
            axis[width + 1 + 2 * x + i] = digit
    lines.append("".join(axis).rstrip())
    lines.extend(legend)
    text = "\n".join(lines)
    return Picture(text, text, tuple(spans))


def plot(rules: Rules, n: int) -> tuple[Picture, list[Position]]:
    """The losing positions with piles <= n on a grid (``#`` losing, ``.`` winning for the player to move)."""
    losing = set(losing_cells(rules, n))
    cell = {(x, y): (LOSING, LOSING_STYLE) if (x, y) in losing else (WINNING, WINNING_STYLE)
            for x in range(n + 1) for y in range(n + 1)}
    header = f"Losing positions of {rules.describe()}, piles up to {n}:"
    legend = (f"{LOSING} losing for the player to move, {WINNING} winning.", "First pile across, second pile up.")
    return _draw(n, cell, header, legend), sorted(losing)


def grundy_map(rules: Rules, n: int) -> tuple[Picture, list[list[int]]]:
    """The Grundy values of piles <= n as a map, one character per value (0-9, a-z, A-Z)."""
    values = grundy_grid(rules, n)
    top = max(max(row) for row in values)
    if top >= len(SYMBOLS):
        raise InvalidParams(f"--upto {n}: the Grundy map reaches the value {top}, past the {len(SYMBOLS)} "
                            "one-character symbols; choose a smaller --upto")
    cell = {(x, y): (SYMBOLS[g], "bold reverse" if g == 0 else PALETTE[(g - 1) % len(PALETTE)])
            for x, row in enumerate(values) for y, g in enumerate(row)}
    header = f"Grundy values of {rules.describe()}, piles up to {n}:"
    legend: tuple[str, ...] = ("Values: 0-9 are 0 to 9, a-z are 10 to 35, A-Z are 36 to 61.",
                               "0 marks the losing positions. First pile across, second pile up.")
    if rules.misere:
        legend += ("Misère: (0, 0) counts 1 (the player to move has already won), every other",
                   "cell is the mex of its options; these values do not add by nim-sum.")
    return _draw(n, cell, header, legend), values

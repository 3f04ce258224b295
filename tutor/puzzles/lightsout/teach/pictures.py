"""Lights Out boards drawn: with column letters and row numbers as text, and as colour blocks for terminals."""

from __future__ import annotations

from tutor.puzzles.drawing import Canvas
from tutor.puzzles.lightsout.rules.grid import Board, Rules
from tutor.puzzles.lightsout.rules.notation import column_name, format_board
from tutor.screen.shown import Drawn, Picture, Span

BLOCKS_MAX = 60  # the most rows or columns drawn in blocks (3 columns a cell: 180 columns)
LIT, DARK, PRESSED = "bright_yellow", "bright_black", "bold bright_cyan"
SHADES = ("red", "green", "blue", "magenta", "cyan", "yellow")  # more states: one colour per value 1, 2, ...


def render(rules: Rules, board: Board, presses: bool = False) -> Drawn:
    """``board_text`` with a picture for terminals: the cells as colour blocks (``presses``: a press set, its
    pressed cells in another colour); boards too large for any terminal are their text alone."""
    text = board_text(rules, board)
    if rules.cols > BLOCKS_MAX or rules.rows > BLOCKS_MAX:  # wider than any terminal: the text is the picture
        return text
    return Picture(text, *blocks(rules, board, presses))


def board_text(rules: Rules, board: Board) -> str:
    """The board with column letters and row numbers, for humans; every line starts with two spaces, so
    text around it shows it as it is (preformatted), not as prose."""
    width = max(len(column_name(rules.cols - 1)), 1)
    pad = len(str(rules.rows))
    head = "  " + " " * (pad + 1) + " ".join(column_name(c).rjust(width) for c in range(rules.cols))
    lines = [head]
    rows = format_board(rules, board, "\n").split("\n")
    for r, row in enumerate(rows):
        lines.append(f"  {r + 1:>{pad}} " + " ".join(ch.rjust(width) for ch in row))
    return "\n".join(lines)


def block(rules: Rules, value: int, presses: bool) -> tuple[str, str]:
    """One cell in the picture: two characters and their colour.  With 2 states a lit (or pressed) cell is a
    full block and a dark one a light shade, so the picture reads without colour too; with more states the
    value is written on its colour."""
    if value == 0:
        return "░░", DARK
    if rules.states == 2:
        return "██", PRESSED if presses else LIT
    return f"{value:>2}", f"bold black on {SHADES[(value - 1) % len(SHADES)]}"


def blocks(rules: Rules, board: Board, presses: bool = False) -> tuple[str, tuple[Span, ...]]:
    """The board as colour blocks: the same column letters and row numbers, each cell two characters wide
    (about square in a terminal), one space apart."""
    width = max(len(column_name(rules.cols - 1)), 2)
    pad = len(str(rules.rows))
    on, off = ("pressed", "not pressed") if presses else ("lit", "dark")
    shown = block(rules, 1, presses)
    if rules.states > 2:
        on, shown = ("times pressed" if presses else "light states"), (f"1-{rules.states - 1}", "bold")
    key = [(shown, on), (block(rules, 0, presses), off)]
    canvas = Canvas(rules.rows + 2, max(3 + pad + (width + 1) * rules.cols, 60))
    for c in range(rules.cols):
        canvas.put(0, 3 + pad + (width + 1) * c, column_name(c).center(width))
    for r in range(rules.rows):
        canvas.put(r + 1, 2, f"{r + 1:>{pad}}")
        for c in range(rules.cols):
            glyph, style = block(rules, board[r * rules.cols + c], presses)
            canvas.put(r + 1, 3 + pad + (width + 1) * c, glyph.rjust(width), style)
    col = 2
    for (glyph, style), meaning in key:  # the key under the board: what a block means
        canvas.put(rules.rows + 1, col, glyph, style)
        canvas.put(rules.rows + 1, col + len(glyph), f" {meaning}")
        col += len(glyph) + len(meaning) + 3
    return canvas.picture()

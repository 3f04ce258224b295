"""Lights Out notation: sizes, boards and cell names (parse/format pairs); press lists are ``rules.presses``.

Vocabulary::

    "5x5", "4x7", "6"            # sizes: rows x cols (one number: square)
    "X.X/.X./X.X"                # a board: rows by "/" or newlines, X lit, . dark
    "0120/2001"                  # with k > 2 states: digits 0..k-1 (. is 0)
    "b3"                         # a cell: column letter(s), then row number (1-based)

Sizes and boards are read by the LALR parser of ``tutor.grammar`` (``size.lark``, ``board.lark``), with its one
wording for a fault: what is wrong, at which column, and what was expected.  Cells are 1-based in every notation
(and in JSON); the engine is 0-based.  Columns beyond z continue aa, ab, ... like a spreadsheet.

>>> format_cell(2, 1), parse_size("4 x 7")
('b3', (4, 7))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from tutor.grammar import Fault, Language, NotationError, Reading
from tutor.grammar.remember import remembered
from tutor.limits import INT_DIGITS
from tutor.puzzles.lightsout.limits import BOARD_CELLS, BOARD_SIDE
from tutor.puzzles.lightsout.rules.grid import Board, Cell, Rules
from tutor.screen.text import sequence_text, shorten

if TYPE_CHECKING:
    from lark import Token


class InvalidSize(NotationError):
    """A size that is not ROWSxCOLS."""


class InvalidBoard(NotationError):
    """A board text that is ragged, of the wrong size, or has unknown characters."""


DARK = "."
CELL_CHARACTERS = frozenset(".Xx0123456789")  # what a board (or a press grid) is written with


def check_shape(rows: int, cols: int, what: str) -> None:
    """Refuse a board larger than the documented limits (docs/limits.md) before any of it is built."""
    BOARD_SIDE.check(max(rows, cols), f"{what} has a side of {max(rows, cols):,}")
    BOARD_CELLS.check(rows * cols, f"{what} has {rows * cols:,} cells")


# -- sizes -------------------------------------------------------------------------------------------------


class _SizeActions:
    def size(self, rows: Token, _times: Token | None = None, cols: Token | None = None) -> tuple[int, int]:
        for number in (rows, cols or rows):
            if int(number) < 1:
                raise Fault("a side of 0", number, "a board has at least one row and one column")
        return int(rows), int(cols or rows)


SIZES = Language(noun="size", example="ROWSxCOLS, like 5x5 or 4x7", package=__package__, grammar="size.lark",
                 start=["size"], spoken=[("NUMBER", "a number"), ("TIMES", "'x'")], actions=_SizeActions(),
                 error=InvalidSize)


def _digits(tokens: list[Token]) -> None:
    """Every number's digits counted before it is converted (docs/limits.md)."""
    for token in tokens:
        if token.type == "NUMBER":
            INT_DIGITS.check(len(token), f"size {shorten(str(token), 30)} has a number of {len(token):,} digits")


@remembered
def parse_size(text: str) -> tuple[int, int]:
    """``"4x7"`` -> ``(4, 7)``; ``"6"`` -> ``(6, 6)``; ``InvalidSize`` says where it does not read."""
    rows, cols = Reading(SIZES, text, check=_digits).parse()
    check_shape(rows, cols, f"size {shorten(text, 30)}")
    return rows, cols


# -- boards ------------------------------------------------------------------------------------------------


class _BoardActions:
    def row(self, *cells: Token) -> list[Token]:
        return list(cells)

    def rows(self, *rows: list[Token]) -> list[list[Token]]:
        return [row for row in rows if row]  # blank lines dropped


BOARDS = Language(noun="board", example="rows like 'X.X/.X./X.X'", package=__package__, grammar="board.lark",
                  start=["board"], spoken=[("CELLS", "a row of cells"), ("_SEP", "'/'")], actions=_BoardActions(),
                  error=InvalidBoard)


def board_rows(text: str) -> list[str]:
    """The rows of a board text as written (by "/" or newlines, blank lines and spaces dropped).

    >>> board_rows("X . X / .X. // X.X")
    ['X.X', '.X.', 'X.X']
    """
    return ["".join(row) for row in _read_rows(Reading(BOARDS, text))]


def _read_rows(reading: Reading) -> list[list[Token]]:
    rows: list[list[Token]] = reading.parse() if reading.text.strip() else []
    return rows


def _symbols(states: int) -> str:
    """The characters of a board with ``states`` states, in the order of their values' first use."""
    return ".0Xx1" + "".join(str(v) for v in range(2, min(states, 10)))


_VALUES = {".": 0, "0": 0, "X": 1, "x": 1, "1": 1, **{str(v): v for v in range(2, 10)}}


def parse_board(text: str, states: int = 2, size: tuple[int, int] | None = None) -> tuple[int, int, Board]:
    """Read a board; returns ``(rows, cols, cells)``.  ``size`` if given must match.

    Raises ``InvalidBoard`` quoting the text and naming the column of the fault (and the board's row and column).
    """
    reading = Reading(BOARDS, text)
    if states > 10:
        raise reading.refuse(f"boards with {states} states cannot be written with digits (at most 10)")
    rows = _read_rows(reading)
    if not rows:
        raise reading.refuse("the board is empty: write rows like 'X.X/.X./X.X'")
    width = sum(len(t) for t in rows[0])
    check_shape(len(rows), width, f"board {shorten(text, 60)}")
    allowed = frozenset(_symbols(states))
    out = bytearray()
    for r, row in enumerate(rows):
        cells = "".join(row)
        if len(cells) != width:
            raise reading.error(f"a ragged board: row {r + 1} has {len(cells)} cells", row[0],
                                f"row 1 has {width}, and every row as many")
        if not allowed.issuperset(cells):
            raise _unknown(reading, row, r, allowed, states)
        out += bytes(_VALUES[ch] for ch in cells) if states > 2 else cells.translate(_BINARY).encode("ascii")
    if size is not None and size != (len(rows), width):
        raise reading.refuse(f"the board is {len(rows)}x{width}, but the size is {size[0]}x{size[1]}")
    return len(rows), width, bytes(out)


_BINARY = str.maketrans({".": "\0", "0": "\0", "X": "\1", "x": "\1", "1": "\1"})


def _unknown(reading: Reading, row: Sequence[Token], r: int, allowed: frozenset[str], states: int) -> NotationError:
    """The error for the first character of ``row`` that is no cell of a board with ``states`` states."""
    column = 0
    for token in row:
        for i, ch in enumerate(token):
            column += 1
            if ch not in allowed:
                use = "'X' lit, '.' dark" if states == 2 else f"digits 0..{states - 1} ('.' is 0)"
                return reading.error(f"unknown character {ch!r}", (token.start_pos or 0) + i,
                                     f"row {r + 1}, column {column} of the board: use {use}")
    raise AssertionError("a row with a character no cell is written with has one")


def format_board(rules: Rules, board: Board, sep: str = "/") -> str:
    """Write a board in the notation ``parse_board`` reads: ``"X.X/.X./X.X"``."""
    if rules.states == 2:
        text = board.translate(bytes.maketrans(b"\0\1", b".X")).decode("ascii")
    else:
        text = "".join(DARK if v == 0 else str(v) for v in board)
    n = rules.cols
    return sep.join(text[i : i + n] for i in range(0, len(text), n))


def column_name(c: int) -> str:
    """0 -> ``a``, 25 -> ``z``, 26 -> ``aa`` (spreadsheet columns)."""
    name = ""
    c += 1
    while c:
        c, rem = divmod(c - 1, 26)
        name = chr(ord("a") + rem) + name
    return name


def column_index(name: str) -> int:
    """The inverse of ``column_name``."""
    c = 0
    for ch in name:
        c = c * 26 + (ord(ch) - ord("a") + 1)
    return c - 1


def format_cell(r: int, c: int) -> str:
    """The name of the 0-based cell ``(r, c)``: column letters then 1-based row."""
    return f"{column_name(c)}{r + 1}"


def format_presses(cells: Iterable[Cell]) -> str:
    """Write a press list: ``"a1 b3"``; ``"none"`` when empty."""
    names = [format_cell(r, c) for r, c in cells]
    return " ".join(names) if names else "none"


def press_names(cells: Sequence[Cell], limit: int) -> str:
    """``sequence_text(format_presses(cells).split(), limit)``, naming only the cells it shows (a chase of a
    big board presses hundreds of thousands).

    >>> press_names([(0, c) for c in range(5)], 4), press_names([], 4)
    ('a1 b1 ... (1 more) ... d1 e1', 'none')
    """
    if len(cells) <= limit or limit < 2:
        return sequence_text(format_presses(cells).split(), limit)
    half = limit // 2
    names = [format_cell(*cell) for cell in cells[:half]]
    names += [""] * (len(cells) - 2 * half) + [format_cell(*cell) for cell in cells[len(cells) - half :]]
    return sequence_text(names, limit)

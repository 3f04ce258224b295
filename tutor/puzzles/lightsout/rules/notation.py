"""Lights Out notation: sizes, boards, cell names and press lists (parse/format pairs).

Vocabulary::

    "5x5", "4x7", "6"            # sizes: rows x cols (one number: square)
    "X.X/.X./X.X"                # a board: rows by "/" or newlines, X lit, . dark
    "0120/2001"                  # with k > 2 states: digits 0..k-1 (. is 0)
    "b3"                         # a cell: column letter(s), then row number (1-based)
    "3,2"                        # the same cell as row,col (1-based)
    "a1 b3 3,2"                  # a press list: cells separated by spaces, commas, ";" or "and"
    "a3, a1", "(2,2)", "2b"      # read too: a comma list, a (row,col) pair, row before column

Cells are 1-based in every notation (and in JSON); the engine is 0-based.
Columns beyond z continue aa, ab, ... like a spreadsheet.

>>> format_cell(2, 1)
'b3'
>>> parse_cell("b3", 5, 5)
(2, 1)
>>> parse_cell("3,2", 5, 5)
(2, 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from tutor.errors import IllegalMove, InvalidNotation
from tutor.limits import INT_DIGITS
from tutor.puzzles.lightsout.limits import BOARD_CELLS, BOARD_SIDE
from tutor.puzzles.lightsout.rules.grid import Board, Cell, Rules
from tutor.text import sequence_text, shorten


class InvalidBoard(InvalidNotation):
    """A board text that is ragged, of the wrong size, or has unknown characters."""


class InvalidCell(InvalidNotation):
    """A cell name or press list that cannot be read."""


DARK = "."
_SIZE = re.compile(r"^\s*(\d+)\s*(?:[xX×]\s*(\d+))?\s*$", re.ASCII)
_NAME = re.compile(r"^([a-z]+)(\d+)$", re.ASCII)
_PAIR = re.compile(r"^(\d+),(\d+)$", re.ASCII)
_PAREN = re.compile(r"\(\s*(\d+)\s*,\s*(\d+)\s*\)", re.ASCII)  # (2, 2): row, column
_ROW_FIRST = re.compile(r"(\d+)([a-z]+)", re.ASCII)  # 2b: row 2, column b
_SEPARATOR = re.compile(r"[\s,;]+|and", re.ASCII)
_TOKEN = re.compile(r"\(\s*\d+\s*,\s*\d+\s*\)|\d+,\d+(?![a-z])|[\s,;]+|\band\b|[^\s,;]+", re.ASCII)
MAX_NAME = 16  # characters of one cell name or coordinate: "100000,100000" is the longest within the limits


def check_shape(rows: int, cols: int, what: str) -> None:
    """Refuse a board larger than the documented limits (docs/limits.md) before any of it is built."""
    BOARD_SIDE.check(max(rows, cols), f"{what} has a side of {max(rows, cols):,}")
    BOARD_CELLS.check(rows * cols, f"{what} has {rows * cols:,} cells")


def parse_size(text: str) -> tuple[int, int]:
    """``"4x7"`` -> ``(4, 7)``; ``"6"`` -> ``(6, 6)``."""
    m = _SIZE.match(text)
    if not m:
        raise InvalidNotation(f"size {shorten(text)} is not ROWSxCOLS (like '5x5' or '4x7')")
    for digits in m.groups(""):
        INT_DIGITS.check(len(digits), f"size {shorten(text, 30)} has a number of {len(digits):,} digits")
    rows = int(m.group(1))
    cols = int(m.group(2) or m.group(1))
    if rows < 1 or cols < 1:
        raise InvalidNotation(f"size {shorten(text)} must have at least one row and one column")
    check_shape(rows, cols, f"size {shorten(text, 30)}")
    return rows, cols


def board_rows(text: str) -> list[str]:
    """Split board text into its rows: by "/" or newlines, blank lines and spaces dropped."""
    parts = re.split(r"[/\n]", text.replace("\r", ""))
    return ["".join(p.split()) for p in parts if p.strip()]


def _symbols(states: int) -> dict[str, int]:
    table = {".": 0, "0": 0, "X": 1, "x": 1, "1": 1}
    for v in range(2, min(states, 10)):
        table[str(v)] = v
    return table


def parse_board(text: str, states: int = 2, size: tuple[int, int] | None = None) -> tuple[int, int, Board]:
    """Read a board; returns ``(rows, cols, cells)``.  ``size`` if given must match.

    Raises ``InvalidBoard`` quoting the text and naming the bad row and column.
    """
    if states > 10:
        raise InvalidBoard(f"boards with {states} states cannot be written with digits (at most 10)")
    rows = board_rows(text)
    shown = text if len(text) <= 60 else text[:57] + "..."
    if not rows:
        raise InvalidBoard(f"board {shown!r} is empty: write rows like 'X.X/.X./X.X'")
    width = len(rows[0])
    check_shape(len(rows), width, f"board {shown!r}")
    table = _symbols(states)
    out = bytearray()
    for r, row in enumerate(rows):
        if len(row) != width:
            raise InvalidBoard(
                f"board {shown!r} is ragged: row {r + 1} {row if len(row) <= 40 else row[:37] + '...'!r} "
                f"has {len(row)} cells, row 1 has {width}"
            )
        for c, ch in enumerate(row):
            v = table.get(ch)
            if v is None:
                allowed = "'X' lit, '.' dark" if states == 2 else f"digits 0..{states - 1} ('.' is 0)"
                raise InvalidBoard(
                    f"board {shown!r}: unknown character {ch!r} at row {r + 1}, column {c + 1} "
                    f"(use {allowed})"
                )
            out.append(v)
    if size is not None and size != (len(rows), width):
        raise InvalidBoard(
            f"board {shown!r} is {len(rows)}x{width}, but the size is {size[0]}x{size[1]}"
        )
    return len(rows), width, bytes(out)


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


def parse_cell(text: str, rows: int, cols: int) -> Cell:
    """Read ``b3`` or ``3,2`` (1-based) into a 0-based ``(row, col)`` on a rows x cols board."""
    token = text.strip().lower()
    if len(token) > MAX_NAME:
        raise InvalidCell(f"cell {shorten(text, 20)} is not a name like 'b3' or a pair like '3,2' (row,col)")
    m = _NAME.match(token)
    if m:
        r, c = int(m.group(2)) - 1, column_index(m.group(1))
    else:
        m = _PAIR.match(token.replace(" ", ""))
        if not m:
            raise InvalidCell(f"cell {shorten(text, 20)} is not a name like 'b3' or a pair like '3,2' (row,col)")
        r, c = int(m.group(1)) - 1, int(m.group(2)) - 1
    if not (0 <= r < rows and 0 <= c < cols):
        raise IllegalMove(
            f"cell {shorten(text, 20)} is off the {rows}x{cols} board "
            f"(columns a..{column_name(cols - 1)}, rows 1..{rows})"
        )
    return r, c


def looks_like_grid(text: str) -> bool:
    """Whether a press answer is written as a grid of X and . (press the X cells)."""
    rows = board_rows(text)
    return bool(rows) and all(set(row) <= set(".Xx0123456789") for row in rows) and (
        len(rows) > 1 or "." in rows[0] or "X" in rows[0]
    ) and not any(_NAME.match(row.lower()) for row in rows)


# the question's own words for cells: "all of them", "the corners", "the centre" (read before the cell names)
_ALL = (r"all(?: of them| the cells| the lights| cells| lights| nine| \w+ cells)?"
        r"|every cell|each cell|everything|every one of them")
_REGIONS = re.compile(rf"\b(?:press(?:ing)? )?(?P<all>{_ALL})\b|\b(?:the )?(?:four )?(?P<corners>corners)\b"
                      r"|\b(?:the )?(?P<centre>centre|center|middle)(?: cell)?\b", re.ASCII | re.IGNORECASE)
WORDS_CELLS = 400  # "all of them" names every cell up to this many
_NONE = re.compile(r"(?:none(?: of them)?|nothing(?: at all)?|no (?:press|presses|cells?)|-)\.?", re.IGNORECASE)


def region_cells(text: str, rules: Rules) -> str:
    """``text`` with the words that name cells written as the cells' names: "all of them" (every cell), "the
    corners", "the centre" (a board with a middle cell).

    >>> region_cells("the corners and the centre", Rules(3, 3))
    'a1 c1 a3 c3 and b2'
    """
    def names(match: re.Match[str]) -> str:
        r, c = rules.rows - 1, rules.cols - 1
        if match.group("all") and rules.cells > WORDS_CELLS:
            raise InvalidCell(f"{match.group()!r}: on a board of {rules.cells:,} cells, give a press grid")
        if match.group("all"):
            cells: Iterable[Cell] = ((i, j) for i in range(rules.rows) for j in range(rules.cols))
        elif match.group("corners"):
            cells = dict.fromkeys([(0, 0), (0, c), (r, 0), (r, c)])
        elif rules.rows % 2 and rules.cols % 2:
            cells = [(r // 2, c // 2)]
        else:
            raise InvalidCell(f"{match.group()!r}: a {rules.rows}x{rules.cols} board has no middle cell; name the "
                              "cells by column letter and row number")
        return " ".join(format_cell(*cell) for cell in cells)

    return _REGIONS.sub(names, text)


def parse_presses(text: str, rules: Rules) -> list[Cell]:
    """Read a press list (``a1 b3 3,2``; ``none`` or empty for no presses; the question's words "all of them",
    "the corners", "the centre") or a press grid."""
    stripped = text.strip()
    if not stripped or _NONE.fullmatch(stripped):
        return []
    if looks_like_grid(stripped):
        _, _, grid = parse_board(stripped, rules.states, (rules.rows, rules.cols))
        out: list[Cell] = []
        for i, v in enumerate(grid):
            out.extend([divmod(i, rules.cols)] * v)
        return out
    stripped = region_cells(stripped.rstrip(".!"), rules)  # a list said as a sentence ends with a full stop
    return [parse_cell(t, rules.rows, rules.cols) for t in press_tokens(stripped)]


def press_tokens(text: str) -> list[str]:
    """The cells of a press list as the learner wrote them, each in a form ``parse_cell`` reads: ``a3, a1``,
    ``(2,2)`` and ``2b`` (row first: the letter still names the column) are read too; the cells may be separated
    by spaces, commas, semicolons or "and".

    >>> press_tokens("a3, a1 and (2, 2); 2b 3,2")
    ['a3', 'a1', '2,2', 'b2', '3,2']
    """
    tokens: list[str] = []
    previous = ""  # the last token or separator read: "1,2,3,4" could be pairs or four numbers, so it is refused
    for m in _TOKEN.finditer(text.lower()):
        token, before, previous = m.group(), previous, m.group()
        if _SEPARATOR.fullmatch(token):
            continue
        if before == "," and _PAIR.match(token) and tokens and _PAIR.match(tokens[-1]) and "(" not in token:
            raise InvalidCell(f"{shorten(text, 30)} can be read more than one way: write each (row,column) pair "
                              f"in brackets, as in '(1,2) (3,4)', or name the cells, as in 'b1 d3'")
        if (pair := _PAREN.fullmatch(token)) is not None:
            tokens.append(f"{pair.group(1)},{pair.group(2)}")
        elif (swapped := _ROW_FIRST.fullmatch(token)) is not None:
            tokens.append(swapped.group(2) + swapped.group(1))
        elif _NAME.match(token) or _PAIR.match(token):
            tokens.append(token)
        else:
            raise InvalidCell(f"{shorten(token, 20)} is not a cell: name each cell by its column letter and row "
                              f"number, as in 'a1 c3' (also '3c', or '(3,1)' for row 3, column 1)")
    return tokens


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

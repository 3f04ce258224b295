"""Press lists as a learner writes them, and one cell as a move of a game (``rules.notation`` writes them).

Vocabulary::

    "a1 b3 3,2"                  # a press list: cells separated by spaces, commas, ";" or "and"
    "a3, a1", "(2,2)", "2b"      # read too: a comma list, a (row,col) pair, row before column
    "the corners and the centre" # the question's own words for cells ("all of them", "the corners", "the centre")
    "none"                       # no press
    "X../.X./..X"                # a press grid: press the lit cells (read as a board, ``rules.notation``)

``presses.lark`` is read by the LALR parser of ``tutor.grammar``; a fault is one line that says where it is and
what was expected.  A cell off the board is an ``IllegalMove``, said in the board's terms.

>>> parse_cell("3,2", 5, 5), parse_presses("a1; 2,3 and the centre", Rules(3, 3))
((2, 1), [(0, 0), (1, 2), (1, 1)])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from tutor.errors import IllegalMove
from tutor.grammar import Fault, Language, NotationError, Reading
from tutor.puzzles.lightsout.rules.grid import Cell, Rules
from tutor.puzzles.lightsout.rules.notation import CELL_CHARACTERS, board_rows, column_index, column_name, parse_board
from tutor.screen.text import shorten

if TYPE_CHECKING:
    from lark import Token

MAX_NAME = 16  # characters of one cell name or coordinate: "100000,100000" is the longest within the limits
WORDS_CELLS = 400  # "all of them" names every cell up to this many
CELL_EXAMPLE = ("name each cell by its column letter and row number, as in 'a1 c3', or write '3c', or '(3,1)' for row "
                "3, column 1")


class InvalidCell(NotationError):
    """A cell name or press list that cannot be read."""


class Named(NamedTuple):
    """One cell as written: its row and column (both 1-based), and where it is in the text."""

    row: int
    col: int
    at: Token


class _Actions:
    """Each cell as written (its row and column, 1-based), and the question's words for cells, as the parser
    reduces them."""

    def named(self, name: Token) -> Named:
        letters = str(name).rstrip("0123456789")
        return Named(int(name[len(letters):]), column_index(letters.lower()) + 1, name)

    def row_first(self, name: Token) -> Named:
        digits = str(name).rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return Named(int(digits), column_index(name[len(digits):].lower()) + 1, name)

    def pair(self, *parts: Token) -> Named:
        numbers = [int(n) for p in parts if p.type in ("PAIR", "NUMBER") for n in str(p).split(",")]
        return Named(numbers[0], numbers[1], parts[0])

    def bracketed(self, _open: Token, *parts: Token) -> Named:
        return self.pair(*parts[:-1])

    def items(self, *items: Named | Token) -> list[Named | Token]:
        return [i for i in items if isinstance(i, Named) or i.type in ("ALL", "CORNERS", "CENTRE")]

    def none(self, *_words: Token) -> list[Named | Token]:
        return []


PRESSES = Language(
    noun="press list",
    example="cells like 'a1 b3', or 'none'",
    package=__package__,
    grammar="presses.lark",
    start=["presses", "one"],
    spoken=[
        ("NAME ROW_FIRST PAIR LPAR ALL CORNERS CENTRE", "a cell such as 'a1' | '(3,1)' | 'the corners'"),
        ("NAME PAIR NUMBER", "a cell such as 'b3' or '3,2'"),
        ("COMMA SEMICOLON AND", "',' | ';' | 'and'"),
        ("NAME", "a cell such as 'a1'"), ("ROW_FIRST", "a cell such as '2b'"), ("PAIR", "a pair such as '3,2'"),
        ("NUMBER", "a number"), ("NONE", "'none'"), ("ALL", "'all of them'"), ("CORNERS", "'the corners'"),
        ("CENTRE", "'the centre'"), ("WORD", "a cell"), ("STOP", "'.'"), ("AND", "'and'"),
    ],
    actions=_Actions(),
    error=InvalidCell,
    keep=["WORD"],
)


def _check(tokens: list[Token]) -> None:
    """A cell's name within its length, and no row,column pairs that could be read more than one way."""
    for i, token in enumerate(tokens):
        if token.type in ("NAME", "ROW_FIRST", "PAIR", "NUMBER") and len(token) > MAX_NAME:
            raise Fault(f"{shorten(str(token), 20)} is not a cell", token, CELL_EXAMPLE)
        if token.type == "PAIR" and i >= 2 and tokens[i - 2].type == "PAIR" and tokens[i - 1] == "," and \
                tokens[i - 2].end_pos == tokens[i - 1].start_pos and tokens[i - 1].end_pos == token.start_pos:
            raise Fault(f"{tokens[i - 2]!s},{token} can be read more than one way", tokens[i - 2],
                        "write each (row,column) pair in brackets, as in '(1,2) (3,4)', or name the cells, as in "
                        "'b1 d3'")


def _explain(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """A word that is no cell is said so, with how to name one."""
    found = tokens[index] if index < len(tokens) else None
    if found is not None and found.type in ("WORD", "NUMBER", "ROW_FIRST", "LPAR", "NONE") and "NAME" in expected:
        return Fault(f"{str(found)!r} is not a cell", found, CELL_EXAMPLE)
    return None


def _cell(reading: Reading, named: Named, rules: Rules) -> Cell:
    """The 0-based cell ``named``; ``IllegalMove`` if it is off the board."""
    r, c = named.row - 1, named.col - 1
    if not (0 <= r < rules.rows and 0 <= c < rules.cols):
        raise IllegalMove(f"cell {shorten(str(named.at), 20)} is off the {rules.rows}x{rules.cols} board "
                          f"(columns a..{column_name(rules.cols - 1)}, rows 1..{rules.rows})")
    return r, c


def parse_cell(text: str, rows: int, cols: int) -> Cell:
    """Read ``b3`` or ``3,2`` (1-based) into a 0-based ``(row, col)`` on a rows x cols board."""
    reading = Reading(PRESSES, text, check=_check)
    named: Named = reading.parse("one", _explain)
    return _cell(reading, named, Rules(rows, cols))


def looks_like_grid(text: str) -> bool:
    """Whether a press answer is written as a grid of X and . (press the X cells): rows of board characters, more
    than one or with a '.' or an 'X', none of them a cell's name (``x1``)."""
    rows = board_rows(text) if text.strip() else []
    return bool(rows) and all(CELL_CHARACTERS.issuperset(row) for row in rows) and (
        len(rows) > 1 or "." in rows[0] or "X" in rows[0]
    ) and not any(row[:1] in ("x", "X") and row.lower().lstrip("x").isdecimal() for row in rows)


def _region(reading: Reading, word: Token, rules: Rules) -> list[Cell]:
    """The cells the question's words name: "all of them" (every cell), "the corners", "the centre"."""
    r, c = rules.rows - 1, rules.cols - 1
    if word.type == "ALL" and rules.cells > WORDS_CELLS:
        raise reading.error(f"{str(word)!r} on a board of {rules.cells:,} cells", word, "give a press grid")
    if word.type == "ALL":
        return [(i, j) for i in range(rules.rows) for j in range(rules.cols)]
    if word.type == "CORNERS":
        return list(dict.fromkeys([(0, 0), (0, c), (r, 0), (r, c)]))
    if rules.rows % 2 and rules.cols % 2:
        return [(r // 2, c // 2)]
    raise reading.error(f"a {rules.rows}x{rules.cols} board has no middle cell", word,
                        "name the cells by column letter and row number")


def parse_presses(text: str, rules: Rules) -> list[Cell]:
    """Read a press list (``a1 b3 3,2``; ``none`` or empty for no presses; the question's words "all of them",
    "the corners", "the centre") or a press grid."""
    if not text.strip():
        return []
    if looks_like_grid(text):
        _, _, grid = parse_board(text, rules.states, (rules.rows, rules.cols))
        out: list[Cell] = []
        for i, v in enumerate(grid):
            out.extend([divmod(i, rules.cols)] * v)
        return out
    reading = Reading(PRESSES, text, check=_check)
    items: list[Named | Token] = reading.parse("presses", _explain)
    cells: list[Cell] = []
    for item in items:
        if isinstance(item, Named):
            cells.append(_cell(reading, item, rules))
        else:
            cells += _region(reading, item, rules)
    return cells

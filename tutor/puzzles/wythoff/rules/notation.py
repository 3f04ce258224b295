"""Wythoff's notations, read by one grammar (``notation.lark``) and written back: parse/format pairs that round-trip.

* a position - ``"3,5"``, ``"(3, 5)"`` or ``"3 5"``; several boards, a *sum* - ``"3,5 + 4,7"`` (``;`` too);
* a move - ``"0,2"`` (pennies taken from the first and second pile) or ``"to 3,5"`` (the piles left), on one board
  of several ``"2: 0,2"`` (boards numbered from 1); a *line* of moves - ``"0,2 to 3,5 2:1,1"``; in Wythoff with a
  pass, a line with the word ``pass`` among its moves - ``"pass 0,2 to 1,1"``;
* a move in the question's words - ``"take 2 from both piles"``, ``"empty the first pile"``, ``"leave (1, 2)"``
  (``rules.spoken``);
* a list of pairs - ``"(8,13) (9,15)"``, ``"(13, 8) and 9,15"``; a list of whole numbers - ``"21, 24, 29"``.

Every text is read by the LALR parser of ``tutor.grammar``, so a fault is one line that says what is wrong, at
which column, and what was expected; a number's digits are counted before it is converted (docs/limits.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from tutor.errors import IllegalMove
from tutor.grammar import Fault, Language, NotationError, Reading
from tutor.grammar.arithmetic import WORD_VALUES
from tutor.limits import INT_DIGITS
from tutor.puzzles.wythoff.limits import WYTHOFF_BOARDS
from tutor.screen.text import is_none, shorten

if TYPE_CHECKING:
    from lark import Token

Position = tuple[int, int]  # the two piles in board order: (3, 7)
Move = tuple[int, int]  # taken from (first, second): (0, 2)
Boards = tuple[Position, ...]  # ((3, 5), (4, 7))
SumMove = tuple[int, Move]  # (1, (0, 2)): take 2 from the second pile of board 2
MOVE_SHAPES = "'F,S' (pennies taken from the first and second pile) or 'to X,Y' (the piles left)"


class WythoffNotationError(NotationError):
    """A position, move, line or list that does not read."""


class Pair(NamedTuple):
    """Two numbers as written, where they start, and the sign of a negative one (to refuse it where it matters)."""

    first: int
    second: int
    at: Token
    negative: Token | None


class Said(NamedTuple):
    """A move as read: on which board (0-based; None when not said), the pair, and whether it names the piles left."""

    board: Token | None
    pair: Pair
    target: Token | None  # the 'to' of 'to X,Y'


class _Actions:
    """The value of each rule, built as the parser reduces it."""

    def pile(self, minus: Token, number: Token) -> tuple[int, Token]:
        return -int(number), minus

    def pair(self, *parts: Token | tuple[int, Token]) -> Pair:
        piles = [p if isinstance(p, tuple) else (int(p), None) for p in parts
                 if isinstance(p, tuple) or p.type == "NUMBER"]
        negative = next((sign for _, sign in piles if sign is not None), None)
        first = parts[0] if not isinstance(parts[0], tuple) else parts[0][1]
        return Pair(piles[0][0], piles[1][0], first, negative)

    def position(self, pair: Pair) -> Position:
        if pair.negative is not None:
            raise Fault("a negative pile", pair.negative, "piles hold 0 or more pennies")
        return pair.first, pair.second

    def boards(self, *parts: Position | Token) -> Boards:
        return tuple(p for p in parts if isinstance(p, tuple))

    def taken(self, pair: Pair) -> Said:
        return Said(None, pair, None)

    def target(self, to: Token, pair: Pair) -> Said:
        if pair.negative is not None:
            raise Fault("a negative pile", pair.negative, "after 'to' give the piles left, like 'to 3,5'")
        return Said(None, pair, to)

    def on_board(self, *parts: Any) -> Said:
        said: Said = parts[-1]
        return said._replace(board=parts[0]) if len(parts) == 3 else said

    def span(self, *tokens: Token) -> tuple[int, int]:
        return tokens[0].start_pos or 0, tokens[-1].end_pos or 0

    def line(self, *spans: tuple[int, int] | Token) -> list[tuple[int, int]]:
        return [s for s in spans if isinstance(s, tuple)]

    def listed(self, *parts: Token) -> Position:
        first, second = (int(p) for p in parts if p.type == "NUMBER")
        return min(first, second), max(first, second)

    def pairs(self, *parts: Position | Token) -> list[Position]:
        return sorted({p for p in parts if isinstance(p, tuple)})

    def numbers(self, *parts: Token) -> list[int]:
        return [int(p) for p in parts if p.type == "NUMBER"]

    # -- a move in the question's words: ('take', amount, pile or None for both), ('empty', pile), ('to', x, y)

    def said(self, move: tuple[Any, ...], _stop: Token | None = None) -> tuple[Any, ...]:
        return move

    def take(self, _take: Token, amount: Token, *rest: Any) -> tuple[Any, ...]:
        value = int(amount) if amount.type == "NUMBER" else WORD_VALUES[amount.lower()]
        return "take", value, rest[-1] if isinstance(rest[-1], int) else None

    def empty(self, *parts: Any) -> tuple[Any, ...]:
        return "empty", parts[-1]

    def leave(self, *parts: Token) -> tuple[Any, ...]:
        first, second = (int(p) for p in parts if p.type == "NUMBER")
        return "to", first, second

    def said_pass(self, *words: Token) -> bool:
        """The pass said in words; skipping more than one turn is not the pass (there is one)."""
        return all(w.lower() in ("a", "an", "one") for w in words if w.type == "NUMWORD")

    def pile_name(self, *parts: Token) -> int:
        if parts[0].type == "PILE":
            if parts[1] not in ("1", "2"):
                raise Fault(f"there is no pile {parts[1]}", parts[1], "the piles are 1 (the first) and 2 (the second)")
            return int(parts[1]) - 1
        ordinal = next(p for p in parts if p.type == "ORDINAL").lower()
        return 1 if ordinal in ("second", "2nd", "right") else 0


NOTATION = Language(
    noun="position or move",
    example="piles like '3,5', or a move like '0,2'",
    package=__package__,
    grammar="notation.lark",
    start=["positions", "position", "move", "one_move", "line", "pass_line", "spoken", "said_pass", "pairs",
           "numbers"],
    spoken=[
        ("PASS TO NUMBER LPAR", "a move ('F,S', 'to X,Y' or 'pass')"),
        ("NUMBER MINUS", "a number"), ("NUMBER", "a number"), ("MINUS", "'-'"), ("TO", "'to'"), ("PASS", "'pass'"),
        ("PLUS SEMICOLON", "'+' (another board)"), ("AND", "'and'"), ("STOP", "'.'"),
        ("TAKE EMPTY LEAVE", "a move in words"), ("TAKE", "'take'"), ("EMPTY", "'empty'"), ("LEAVE", "'leave'"),
        ("ALL", "'all'"), ("OF", "'of'"), ("EVERYTHING", "'everything'"), ("FROM", "'from'"),
        ("BOTH", "'both'"), ("PILES", "'piles'"), ("PILE", "'pile'"), ("THE", "'the'"),
        ("ORDINAL", "'first' | 'second'"), ("UNIT", "'pennies'"), ("IT_AT", "'it at'"),
        ("NUMWORD", "a number"), ("I", "'I'"), ("MY", "'my'"), ("TURN", "'turn'"), ("ONCE", "'once'"),
        ("USE", "'use'"), ("PLAY", "'play'"), ("SKIP", "'skip'"), ("WORD", "a word"),
    ],
    actions=_Actions(),
    error=WythoffNotationError,
    keep=["WORD"],
)


def _counted(tokens: list[Token]) -> None:
    """Every number's digits counted before it is converted, and the boards of a sum counted before any is read."""
    for token in tokens:
        if token.type == "NUMBER":
            INT_DIGITS.check(len(token), f"{shorten(str(token), 30)} has a number of {len(token):,} digits")
    boards = 1 + sum(t.type in ("PLUS", "SEMICOLON") for t in tokens)
    WYTHOFF_BOARDS.check(boards, f"positions with {boards:,} boards")


WORDS = frozenset({"WORD", "PASS", "NUMWORD", "TAKE", "EMPTY", "ALL", "OF", "EVERYTHING", "FROM", "BOTH", "PILES",
                   "PILE", "THE", "ORDINAL", "UNIT", "LEAVE", "IT_AT", "AND", "I", "MY", "TURN", "ONCE", "USE",
                   "PLAY", "SKIP"})  # the terminals that are words
SAID = "say a move like 'take 2 from the first pile', 'empty the second pile' or 'leave (1, 2)'"


def _no_word(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """A word where a move's numbers are expected: the move's forms, words among them."""
    found = tokens[index] if index < len(tokens) else None
    if found is not None and found.type in WORDS and "NUMBER" in expected:
        return Fault(f"unexpected {found.value!r}", found, f"expected a move, {MOVE_SHAPES}; or {SAID}")
    return None


def said_in_words(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """A move in words that breaks off: what was expected there, and how such a move is said."""
    found = tokens[index] if index < len(tokens) else None
    what = f"unexpected {found.value!r}" if found is not None else "a move in words cut short"
    return Fault(what, found, f"expected {NOTATION.say(expected)}: {SAID}")


def reading(text: str, empty: bool = False) -> Reading:
    """A reading of ``text`` in this notation, its numbers and boards counted first (``empty``: a list that may be
    empty)."""
    return Reading(NOTATION, text, check=_counted, empty=empty)


# -- positions ---------------------------------------------------------------------------------------------


def parse_position(text: str) -> Position:
    """Parse ``"3,5"``, ``"(3, 5)"`` or ``"3 5"`` into ``(3, 5)``; ``WythoffNotationError`` otherwise.

    >>> parse_position("(8, 13)")
    (8, 13)
    """
    position: Position = reading(text).parse("position")
    return position


def format_position(pos: Position) -> str:
    """The canonical text of a position: ``"3,5"`` (round-trips with parse_position)."""
    return f"{pos[0]},{pos[1]}"


def parse_positions(text: str) -> Boards:
    """Parse one board or a sum of boards: ``"3,5 + 4,7"`` (also ``;`` between boards)."""
    boards: Boards = reading(text).parse("positions")
    return boards


def format_positions(boards: Boards) -> str:
    """The canonical text of one or several boards: ``"3,5 + 4,7"``."""
    return " + ".join(format_position(b) for b in boards)


def show_positions(boards: Boards) -> str:
    """Boards for reading: ``"(3, 5)"`` or ``"(3, 5) + (4, 7)"``."""
    return " + ".join(f"({x}, {y})" for x, y in boards)


# -- lists of pairs and of numbers ----------------------------------------------------------------------------


def parse_pairs(text: str) -> list[Position]:
    """Parse a list of pairs like ``"(8,13) (9,15)"``; order inside a pair is ignored.

    >>> parse_pairs("(13, 8) and 9,15")
    [(8, 13), (9, 15)]
    >>> parse_pairs("none")
    []
    """
    if is_none(text):
        return []
    pairs: list[Position] = reading(text, empty=True).parse("pairs")
    return pairs


def format_pairs(pairs: list[Position]) -> str:
    """``"(8, 13), (9, 15)"``; ``"none"`` for no pair (a list a learner can type; it round-trips with parse_pairs)."""
    return ", ".join(f"({x}, {y})" for x, y in pairs) or "none"


def parse_numbers(text: str) -> list[int]:
    """The whole numbers of an answer, separated by spaces, commas or semicolons (``none``: no number).

    >>> parse_numbers("21, 24; 29"), parse_numbers("none")
    ([21, 24, 29], [])
    """
    if is_none(text):
        return []
    numbers: list[int] = reading(text, empty=True).parse("numbers")
    return numbers


# -- moves ------------------------------------------------------------------------------------------------


def _taken(reading: Reading, said: Said, pos: Position | None) -> Move:
    """The pennies a move takes: as written, or (``to X,Y``) from the current position ``pos``."""
    x, y = said.pair.first, said.pair.second
    if said.target is None:
        return x, y
    if pos is None:
        raise reading.error("'to X,Y' needs a current position", said.target, "give the pennies taken: 'F,S'")
    for name, had, left in (("first", pos[0], x), ("second", pos[1], y)):
        if left > had:
            raise IllegalMove(f"move {shorten(reading.text)}: the {name} pile holds {had}, so it cannot become {left}; "
                              f"a move only takes pennies away (the piles are written first, second: you are at "
                              f"({pos[0]}, {pos[1]}))")
    return pos[0] - x, pos[1] - y


def parse_move(text: str, pos: Position | None = None) -> Move:
    """Parse a move: ``"0,2"`` (taken from first, second) or ``"to 3,5"`` (the result).

    The ``to`` form needs the current position ``pos``.
    >>> parse_move("1, 1")
    (1, 1)
    >>> parse_move("to 3,5", (4, 6))
    (1, 1)
    """
    read = reading(text)
    return _taken(read, read.parse("one_move", _no_word), pos)


def format_move(move: Move) -> str:
    """The canonical text of a move: ``"0,2"``."""
    return f"{move[0]},{move[1]}"


def read_move(text: str, boards: Boards) -> tuple[SumMove, bool]:
    """A move on one of ``boards`` (``"0,2"``, or ``"2: 0,2"`` on several), and whether it was written as the piles
    to leave (``"to 3,5"``)."""
    read = reading(text)
    said: Said = read.parse("move", _no_word)
    if said.board is not None and not 1 <= int(said.board) <= len(boards):
        raise read.error(f"there is no board {said.board}", said.board, f"the boards are 1 to {len(boards)}")
    if said.board is None and len(boards) > 1:
        raise read.error("which board?", said.pair.at, "with several boards, say which one, like '2: 0,3'")
    number = int(said.board) - 1 if said.board is not None else 0
    return (number, _taken(read, said, boards[number])), said.target is not None


def parse_sum_move(text: str, boards: Boards) -> SumMove:
    """Parse ``"0,2"`` (one board) or ``"2: 0,2"`` (board 2 of several, numbered from 1)."""
    return read_move(text, boards)[0]


def format_sum_move(move: SumMove, boards: Boards) -> str:
    """A move's canonical text: ``"0,2"`` on one board, ``"2: 0,2"`` on several."""
    text = format_move(move[1])
    return text if len(boards) == 1 else f"{move[0] + 1}: {text}"


def split_moves(text: str) -> list[str]:
    """A line of moves ``"0,2 to 3,5 2:1,1"`` as separate move texts; ``[text]`` when it is one move.

    Moves inside a line need their comma (``"0 2"`` alone is one move, but a
    line of them would be ambiguous).

    >>> split_moves("0,2  1,1")
    ['0,2', '1,1']
    >>> split_moves("to 3, 5")
    ['to 3, 5']
    """
    try:
        spans: list[tuple[int, int]] = reading(text).parse("line")
    except NotationError:
        return [text]
    return [text[start:end] for start, end in spans] if len(spans) > 1 else [text]


def line_move(move: SumMove, boards: Boards) -> str:
    """A move as written in a line: ``"0,2"``, or ``"2:0,2"`` on several boards (no space)."""
    return format_sum_move(move, boards).replace(": ", ":")


def split_pass_moves(text: str) -> list[str]:
    """A line of moves in Wythoff with a pass, ``pass`` among them, as separate move texts; ``[text]`` when it is
    one move, or no line at all (a move in words, ``"0 2"``: the move notation reads it or says why not).

    >>> split_pass_moves("pass  0,2 to (1, 1)"), split_pass_moves("I pass")
    (['pass', '0,2', 'to (1, 1)'], ['I pass'])
    """
    try:
        spans: list[tuple[int, int]] = reading(text).parse("pass_line")
    except NotationError:
        return [text]
    return [text[start:end] for start, end in spans] if len(spans) > 1 else [text]


def pass_line_error(text: str) -> NotationError | None:
    """Where a text that begins as a line of the pass game's moves breaks (``'pass 1,1 x': unexpected 'x' at
    column 10``); None when it reads, or when it does not begin with a whole move (then it is one move, refused as
    such)."""
    try:
        reading(text).parse("pass_line")
    except NotationError as err:
        try:
            if err.offset > 0:
                reading(text[:err.offset]).parse("pass_line")
                return err
        except NotationError:
            return None
    return None

"""A line of moves in Wythoff with a pass: ``"pass 0,2 to 1,1"``, split into the moves it holds.

The grammar, ``pass_line.lark``, is read by the LALR parser of ``tutor.grammar``: a line is one or more moves,
each ``F,S`` (pennies taken from the first and second pile), ``to X,Y`` (the piles left) or ``pass``.  It only
finds where each move is; each move's text is then read by ``rules.passing.read_pass_move``, which also takes one
move in words ("take 2 from both piles", "I pass") - words are never part of a line.  A text that is no line is
one move; where the text begins as a line and then breaks (``"pass 1,1 x"``), ``line_error`` says where.

>>> split_pass_line("pass  0,2 to (1, 1)")
['pass', '0,2', 'to (1, 1)']
>>> split_pass_line("take 2 from both piles")
['take 2 from both piles']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.grammar import Language, NotationError, Reading

if TYPE_CHECKING:
    from lark import Token

MAX_TEXT = 4000  # characters in one line of moves (a game from piles of 1,000 lasts far fewer moves)
Span = tuple[int, int]  # where a move is in the text: (start, end)


class PassLineError(NotationError):
    """A line of moves that does not read."""


class _Actions:
    """Each move's place in the text, kept as the parser reduces."""

    def span(self, *tokens: Token) -> Span:
        return (tokens[0].start_pos or 0, tokens[-1].end_pos or 0)

    def one(self, token: Token) -> Span:
        return (token.start_pos or 0, token.end_pos or 0)

    def taken(self, *parts: Token | Span) -> Span:
        first, last = parts[0], parts[-1]
        start = first[0] if isinstance(first, tuple) else first.start_pos or 0
        return (start, last[1] if isinstance(last, tuple) else last.end_pos or 0)

    def line(self, *moves: Span) -> list[Span]:
        return list(moves)


LINES = Language(
    noun="line of moves",
    example="a move like '0,2', 'to 3,5' or 'pass', or several separated by spaces",
    package=__package__,
    grammar="pass_line.lark",
    start=["line"],
    spoken=[("PASS TO NUMBER LPAR", "a move ('F,S', 'to X,Y' or 'pass')"), ("NUMBER", "a number"),
            ("PASS", "'pass'"), ("TO", "'to'")],
    actions=_Actions(),
    error=PassLineError,
)


def _read(text: str) -> list[Span]:
    reading = Reading(LINES, text)
    if len(text) > MAX_TEXT:
        raise reading.refuse(f"longer than {MAX_TEXT:,} characters")
    spans: list[Span] = reading.parse()
    return spans


def split_pass_line(text: str) -> list[str]:
    """The moves of a line, each as written; ``[text]`` when the text is one move, or no line at all (a move in
    words, ``0 2``): the move notation reads it or says why not."""
    try:
        spans = _read(text)
    except PassLineError:
        return [text]
    return [text[start:end] for start, end in spans] if len(spans) > 1 else [text]


def line_error(text: str) -> PassLineError | None:
    """Where a text that begins as a line of moves breaks (``'pass 1,1 x': unexpected 'x' at column 10``); None
    when it reads, or when it does not begin with a whole move (then it is one move, refused as such)."""
    try:
        _read(text)
    except PassLineError as err:
        if err.offset > 0 and _reads(text[:err.offset]):
            return err
    return None


def _reads(text: str) -> bool:
    try:
        _read(text)
    except PassLineError:
        return False
    return True

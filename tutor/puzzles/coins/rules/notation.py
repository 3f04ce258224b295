"""The coin-table move notation: parse and format, a round-tripping pair.

A strategy is a list of moves separated by spaces, commas, semicolons or newlines; ``#``
starts a comment.  For coins (K = 2) a move is the digits of the positions to flip
(``0123``, ``02``; positions 0-9), a brace set as the seed prints them (``{0, 2}``), a
pattern of ``x`` (flip) and ``.`` (leave) of length N (``x.x.``), or ``-`` / ``{}`` for
the empty move.  With K > 2 faces a move is a digit vector of length N, the amount added
at each position (``1202``); with K > 10 faces, whose amounts need more than one digit, the
N amounts are separated by colons (``1:12:0``), a form any K > 2 may use.  Long strategies
can name blocks: a line ``let D = 0123 02`` defines D for later moves (plain substitution,
never evaluation).  ``format_strategy`` writes digits for N <= 10 coins and patterns
beyond (positions 10+ have no single digit).

``notation.lark`` is read by the LALR parser of ``tutor.grammar``: each move is one token, and what it means for
this table (positions in range, a pattern of length N, amounts below K) is checked after the parse, so a fault is
one line naming its column (and its line, in a strategy of several) and what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache
from re import Pattern
from typing import TYPE_CHECKING, NamedTuple, TypeAlias

from tutor.grammar import Fault, Language, NotationError, Reading
from tutor.puzzles.coins.limits import STRATEGY_MOVES
from tutor.screen.text import plural, shorten

if TYPE_CHECKING:
    from lark import Token

Move = tuple[int, ...]  # the amount added at each position: (1, 0, 1, 0) flips positions 0 and 2

SHAPES = "02, {0, 2} or x.x."  # the moves a refusal shows (for two-faced coins)


class StrategyError(NotationError):
    """A strategy or move that does not read."""


class Let(NamedTuple):
    """``let NAME =``: the block the rest of its line defines."""

    at: Token
    name: Token


Written: TypeAlias = "Token | Let"  # one item of a strategy as the parser reduced it: a run of moves, or a let


class _Actions:
    """The tokens of each item, kept as the parser reduces them (what they mean is the table's to say)."""

    def let(self, let: Token, name: Token, _equals: Token) -> Let:
        return Let(let, name)

    def strategy(self, *items: Written) -> list[Written]:
        return list(items)

    def one(self, run: Token) -> Token:
        return run


MOVES = Language(
    noun="strategy",
    example="moves such as 02 13, or - for none",
    package=__package__,
    grammar="notation.lark",
    start=["strategy", "one"],
    spoken=[("RUN", "a move"), ("LET", "'let'"), ("WORD", "a move"), ("OPEN", "a brace set")],
    actions=_Actions(),
    error=StrategyError,
    keep=["WORD", "OPEN"],
)


def _explain(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """A brace set never closed on its line."""
    found = tokens[index] if index < len(tokens) else None
    if found is not None and found.type == "OPEN":
        return Fault("a '{' never closed", found, "expected '}' after its positions, on the same line")
    return None


@cache
def _word() -> Pattern[str]:
    """The grammar's pattern of one move (``WORD``), to find the moves of a run."""
    return re.compile(MOVES.parser().get_terminal("WORD").pattern.to_regexp())


def words(run: Token) -> Iterator[tuple[str, int]]:
    """The moves of a run and where each starts in the text.

    >>> from lark import Token
    >>> list(words(Token("RUN", "02; {0, 2}, -", start_pos=5)))
    [('02', 5), ('{0, 2}', 9), ('-', 17)]
    """
    start = run.start_pos or 0
    for found in _word().finditer(run):
        yield found.group(), start + found.start()


@dataclass
class _Table:
    """What the words of one strategy mean on a table of ``n`` positions and ``k`` faces, with the reading that
    quotes its errors; a word is read once and its move shared, so memory follows the distinct moves."""

    reading: Reading
    n: int
    k: int
    example: str
    read: dict[str, Move] = field(default_factory=dict)

    def move(self, word: str, at: int, number: int) -> Move:
        """The move the word ``word`` (move ``number``, at offset ``at``) adds."""
        move = self.read.get(word)
        if move is None:
            move = self.read[word] = self._meaning(word, at, f"move {number}")
        return move

    def _braces(self, word: str, at: int, which: str) -> Move:
        """The coins a brace set names: ``{0, 2}``."""
        if self.k > 2:
            raise self.reading.error("a brace set names coins to flip", at, self._counters(which))
        named = []
        at += 1
        for part in word[1:-1].split(",") if word[1:-1].strip() else ():
            number = part.strip()
            start = at + len(part) - len(part.lstrip())
            if not number:
                raise self.reading.error("an empty position between commas", start, f"{which}: a brace set names "
                                         "positions, such as {0, 2}")
            if not (number.isascii() and number.isdecimal()):
                raise self.reading.error(f"{shorten(number, 20)} is not a position", start,
                                         f"{which}: a position is a number from 0 to {self.n - 1}")
            named.append((self._position(number, start, which), start))
            at += len(part) + 1
        return self._flips(named, which)

    def _meaning(self, word: str, at: int, which: str) -> Move:
        n, k = self.n, self.k
        shape = shape_of(word)
        if shape == "braces":
            return self._braces(word, at, which)
        if shape == "bad":
            raise self._stray(word, at, which)
        if shape == "dash":
            return (0,) * n
        if shape == "amounts" or (shape == "digits" and k > 10):
            return self._amounts(word, at, which)
        if shape == "pattern" and k == 2:
            if len(word) != n:
                raise self.reading.error(f"a pattern of {plural(len(word), 'character')}", at,
                                         f"{which} needs {n}: one x or . per coin")
            return tuple(0 if ch == "." else 1 for ch in word)
        if shape == "digits" and k > 2:
            return self._digits(word, at, which)
        if shape == "digits":
            return self._flips([(int(ch), at + i) for i, ch in enumerate(word)], which)
        raise self.reading.error(f"{shorten(word, 20)} is not a move here", at, self._counters(which))

    def _counters(self, which: str) -> str:
        return f"{which}: with {self.k} faces, a move is {plural(self.n, 'digit')}, the amount added at each position"

    def _stray(self, word: str, at: int, which: str) -> NotationError:
        """A word that is no move, refused at its first character that no move has there."""
        first = word[0]
        allowed, what = (("0123456789", "a position digit") if first.isdigit() else ("xX.", "'x' or '.'")
                         if first in "xX." else (NAME_CHARACTERS, "a letter, digit or '_' (a block's name)")
                         if first.isalpha() or first == "_" else ("", "a move"))
        stray = next((i for i, ch in enumerate(word) if ch not in allowed), 0)
        return self.reading.error(f"unexpected {word[stray]!r}", at + stray,
                                  f"in {which}, expected {what}: write moves like {self.example}")

    def _digits(self, word: str, at: int, which: str) -> Move:
        """A digit vector of length N for K = 3..10 faces."""
        if len(word) != self.n:
            raise self.reading.error(f"{plural(len(word), 'digit')}", at, f"{which} needs {self.n}: one amount per "
                                     "position")
        for i, ch in enumerate(word):
            if int(ch) >= self.k:
                raise self.reading.error(f"{ch!r} is not a digit 0-{self.k - 1}", at + i, which)
        return tuple(int(ch) for ch in word)

    def _amounts(self, word: str, at: int, which: str) -> Move:
        """N amounts separated by colons (``1:12:0``), the form for K > 10 faces (any K > 2 may use it)."""
        if self.k == 2:
            raise self.reading.error("amounts separated by ':'", at,
                                     f"{which}: with coins, a move names the positions to flip, such as {SHAPES}")
        parts = word.split(":")
        if len(parts) != self.n:
            raise self.reading.error(f"{plural(len(parts), 'amount')}", at,
                                     f"{which} needs {self.n}, separated by ':': one per position")
        for part in parts:
            if not (part.isascii() and part.isdecimal()) or len(part) > len(str(self.k - 1)) or int(part) >= self.k:
                raise self.reading.error(f"{part[:20]!r} is not an amount 0-{self.k - 1}", at, which)
            at += len(part) + 1
        return tuple(int(part) for part in parts)

    def _flips(self, named: Sequence[tuple[int, int]], which: str) -> Move:
        """The coins named, each position (with its offset) once and on the table."""
        flips = [0] * self.n
        for position, at in named:
            if position >= self.n:
                raise self.reading.error(f"position {position} is out of range 0-{self.n - 1}", at, which)
            if flips[position]:
                raise self.reading.error(f"position {position} is named twice", at, which)
            flips[position] = 1
        return tuple(flips)

    def _position(self, digits: str, at: int, which: str) -> int:
        """A brace set's position, its digits counted before they are converted."""
        significant = digits.lstrip("0") or "0"
        if len(significant) > len(str(self.n)):  # never converted: it cannot be a position of this table
            shown = f"{digits[:20]}{'...' if len(digits) > 20 else ''}"
            raise self.reading.error(f"position {shown} is out of range 0-{self.n - 1}", at, which)
        return int(significant)


NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")


def shape_of(word: str) -> str:
    """What a move of a strategy is: ``digits`` (``02``), ``pattern`` (``x.x.``), ``amounts`` (``1:12:0``),
    ``dash`` (``-``), ``braces`` (``{0, 2}``), ``name`` (a block's: ``D``, never all x), or ``bad``.

    >>> [shape_of(w) for w in ("02", "x.X.", "1:12:0", "-", "{0, 2}", "D_2", "xx", "0a", "½")]
    ['digits', 'pattern', 'amounts', 'dash', 'braces', 'name', 'pattern', 'bad', 'bad']
    """
    if word == "-":
        return "dash"
    if word.startswith("{"):
        return "braces"
    if ":" in word:
        return "amounts"
    if word.isascii() and word.isdecimal():
        return "digits"
    if set(word) <= {"x", "X", "."}:
        return "pattern"
    if word.isascii() and word.isidentifier():
        return "name"
    return "bad"


def _example(n: int, k: int) -> str:
    """Moves to show in a refusal, for N positions and K faces.

    >>> _example(4, 2), _example(3, 3), _example(2, 16)
    ('02, {0, 2} or x.x.', '120', '1:12')
    """
    if k == 2:
        return SHAPES
    return ("120" * n)[:n] if k <= 10 else ":".join(("1", "12", "0")[i % 3] for i in range(n))


def parse_move(word: str, n: int, k: int = 2, number: int = 1) -> Move:
    """Parse one move for N positions and K faces into a digit vector.

    >>> parse_move("02", 4), parse_move("x..x", 4), parse_move("{1, 3}", 4)
    ((1, 0, 1, 0), (1, 0, 0, 1), (0, 1, 0, 1))
    """
    reading = Reading(MOVES, word)
    written: Token = reading.parse("one", _explain)
    table = _Table(reading, n, k, _example(n, k))
    said = list(words(written))
    if len(said) > 1:
        raise reading.error(f"{shorten(said[1][0], 20)} after the move", said[1][1], "one move is asked")
    if shape_of(said[0][0]) == "name":
        raise reading.error(f"{shorten(said[0][0], 20)} is not a move", written, f"a move names the positions to "
                            f"flip, such as {SHAPES}")
    return table.move(*said[0], number)


def parse_strategy(text: str, n: int, k: int = 2, blocks: dict[str, list[Move]] | None = None) -> list[Move]:
    """Parse a whole strategy, expanding ``let NAME = ...`` blocks.

    ``blocks``: the blocks defined before this text (a game played line by line keeps them);
    the blocks this text defines are added to it.

    Every move a block expands to counts against ``strategy_moves`` (docs/limits.md), in
    the blocks as well as the strategy, so doubling blocks cannot grow past it.  A word is
    parsed once and its move shared, so memory follows the distinct moves.

    >>> parse_strategy("0123 02; {0, 1}, x...", 4)
    [(1, 1, 1, 1), (1, 0, 1, 0), (1, 1, 0, 0), (1, 0, 0, 0)]
    >>> len(parse_strategy(chr(10).join(["let D = 01 0 01", "D 0 D"]), 2))
    7
    """
    reading = Reading(MOVES, text, empty=True)
    items: list[Written] = reading.parse("strategy", _explain)
    return _Strategy(reading, _Table(reading, n, k, _example(n, k)), {} if blocks is None else blocks).read(items)


@dataclass
class _Strategy:
    """A strategy's moves as they are read, item by item: the block being defined (the rest of a let's line), the
    blocks known, and the moves counted against ``strategy_moves``."""

    reading: Reading
    table: _Table
    names: dict[str, list[Move]]
    out: list[Move] = field(default_factory=list)
    count: int = 0  # moves written
    expanded: int = 0  # every move written into a block or the strategy

    def read(self, items: Sequence[Written]) -> list[Move]:
        """The moves of the strategy, its blocks added to ``names``."""
        target, line = self.out, 0  # a block takes the rest of its line
        for item in items:
            at = item.at if isinstance(item, tuple) else item
            if at.line != line:
                target, line = self.out, at.line or 0
            if isinstance(item, Let):
                target = self.names[self._name(item.name)] = []
            elif target is self.out:
                self._words(item, target)
            else:  # a let's line: its first line is the block's, the rest the strategy's
                head, newline, _ = str(item).partition("\n")
                self._words(item, target, len(head))
                if newline:
                    self._words(item, self.out, start=len(head))
                    target, line = self.out, item.end_line or line
        return self.out

    def _name(self, name: Token) -> str:
        if shape_of(str(name)) != "name":
            raise self.reading.error(f"{shorten(str(name), 20)} cannot be a block name", name,
                                     "use letters and digits, starting with a letter")
        return str(name)

    def _words(self, run: Token, target: list[Move], end: int | None = None, start: int = 0) -> None:
        """The moves of the words of ``run`` (those from ``start`` to ``end`` in it) appended to ``target``."""
        stop = (run.start_pos or 0) + (len(run) if end is None else end)
        for word, at in words(run):
            if at < (run.start_pos or 0) + start:
                continue
            if at >= stop:
                break
            if shape_of(word) == "name":
                block = self._block(word, at)
                self._grow(at, len(block))
                target.extend(block)
            else:
                self._grow(at, 1, written=True)
                target.append(self.table.move(word, at, self.count))

    def _block(self, word: str, at: int) -> list[Move]:
        block = self.names.get(word)
        if block is None:
            known = f" (the blocks defined so far are {', '.join(sorted(self.names))})" if self.names else ""
            raise self.reading.error(f"{shorten(word, 20)} is not a move", at, "a move names the positions to flip, "
                                     f"such as {'01' if self.table.n > 1 else '0'}{known}")
        return block

    def _grow(self, at: int, moves: int, written: bool = False) -> None:
        """Count ``moves`` more (one ``written``, or a block's, at offset ``at``), refused past ``strategy_moves``."""
        self.count += written
        self.expanded += moves
        if self.expanded > STRATEGY_MOVES.value:
            line = self.reading.text.count("\n", 0, at) + 1
            STRATEGY_MOVES.check(self.expanded, f"line {line}: the strategy and its let blocks grow past "
                                                f"{STRATEGY_MOVES.value:,} moves")


def format_move(move: Move, k: int = 2) -> str:
    """Write one move in the canonical notation.

    >>> format_move((1, 0, 1, 0)), format_move((0, 0, 0, 0)), format_move((1, 2, 0), 3)
    ('02', '-', '120')
    >>> format_move((1, 12, 0), 16)
    '1:12:0'
    """
    if k > 10:
        return ":".join(str(d) for d in move)
    if k > 2:
        return "".join(str(d) for d in move)
    if not any(move):
        return "-"
    if len(move) <= 10:
        return "".join(str(p) for p, d in enumerate(move) if d)
    return "".join("x" if d else "." for d in move)


def format_strategy(strategy: list[Move], k: int = 2) -> str:
    """Write a strategy as moves separated by single spaces."""
    return " ".join(format_move(m, k) for m in strategy)


def positions(move: Move) -> list[int]:
    """The positions a move changes (for JSON): (1, 0, 1, 0) -> [0, 2]."""
    return [p for p, d in enumerate(move) if d]

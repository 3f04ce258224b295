"""Wythoff's game as data: the game object, positions, moves, sums of boards, and their notations.

Two piles of pennies; a move takes any positive number from one pile, or
amounts from both piles that differ by less than ``a`` (``a = 1``: the same
number from both, Wythoff's game; ``a >= 2``: Fraenkel's a-Wythoff).  Whoever
takes the last penny wins, or loses in misère play.  Several boards may be
played at once (a *sum*): a move is made on one board.

Vocabulary:

* ``Position = tuple[int, int]`` - the two piles, in board order: ``(3, 7)``, written ``"3,7"``.
* ``Move = tuple[int, int]`` - pennies taken from the first and second pile:
  ``(0, 2)`` takes two from the second pile, ``(1, 1)`` one from each; written ``"0,2"``
  or by the piles left, ``"to 3,5"``.
* ``Boards = tuple[Position, ...]`` - one or more boards: ``((3, 5), (4, 7))``, written ``"3,5 + 4,7"``.
* ``SumMove = tuple[int, Move]`` - board number (0-based) and the move on it,
  written ``"2: 0,2"`` (boards numbered from 1); on one board just ``"0,2"``.
* ``Rules(a, misere)`` - the variant; ``WythoffGame`` - the puzzle's parameters, validated once.
* a *line* - moves separated by spaces: ``"0,2 1,1 2:0,3"``.

Every notation is a parse/format pair that round-trips; the conjecture
formulas a learner types have their own language in ``rules.formula``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams
from tutor.limits import INT_DIGITS
from tutor.puzzles.wythoff.limits import GRUNDY_WORK, WYTHOFF_BOARDS
from tutor.puzzles.wythoff.rules.spoken import spoken_move
from tutor.text import is_none, shorten

Position = tuple[int, int]  # the two piles in board order: (3, 7)
Move = tuple[int, int]  # taken from (first, second): (0, 2)
Boards = tuple[Position, ...]  # ((3, 5), (4, 7))
SumMove = tuple[int, Move]  # (1, (0, 2)): take 2 from the second pile of board 2
GRUNDY_CELLS = 1_200_000  # most cells of one Grundy table; a larger board of a sum must be a losing position


@dataclass(frozen=True)
class Rules:
    """Which Wythoff game: ``a`` bounds the difference of a two-pile move; misère or normal."""

    a: int = 1
    misere: bool = False

    def describe(self) -> str:
        """A short name: "Wythoff", "misère 2-Wythoff"."""
        name = "Wythoff" if self.a == 1 else f"{self.a}-Wythoff"
        return ("misère " if self.misere else "") + name


@dataclass(frozen=True)
class WythoffGame:
    """The puzzle's parameters, validated once: the board(s) (``""``: none given), misère, ``a``."""

    position: str = ""
    misere: bool = False
    a: int = 1

    def __post_init__(self) -> None:
        boards = self.start
        if len(boards) > 1 and self.misere:
            raise InvalidParams(f"position {shorten(self.position)}: sums of boards need normal play, "
                                "not misère (Grundy values do not add up in misère play)")
        if len(boards) > 1:  # each small board of a sum gets a Grundy table: bound their work where input enters
            cells = ((x + 1) * (y + 1) for x, y in boards)
            work = sum(c for c in cells if c <= GRUNDY_CELLS) * (2 * self.a - 1)  # larger: losing, or refused
            GRUNDY_WORK.check(work, f"the Grundy tables of {shorten(self.position, 40)} take {work:,} steps"
                                    f" (cells x (2a - 1))")

    @cached_property
    def rules(self) -> Rules:
        """The variant."""
        return Rules(self.a, self.misere)

    @cached_property
    def start(self) -> Boards:
        """The boards of ``position``; empty when none was given."""
        return parse_positions(self.position) if self.position.strip() else ()

    @property
    def boards(self) -> Boards:
        """The boards of ``position``; ``InvalidParams`` when none was given."""
        if not self.start:
            raise InvalidParams("this needs a position: give --position A,B (for example --position 8,13)")
        return self.start


# -- positions: parse and format ------------------------------------------------

_PAIR = re.compile(r"^\s*\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?\s*$", re.ASCII)


def pile(digits: str, text: str) -> int:
    """A pile size or count written in ``text``, its digits counted before conversion (docs/limits.md)."""
    INT_DIGITS.check(len(digits.lstrip("-")), f"{shorten(text, 30)} has a number of {len(digits):,} digits")
    return int(digits)


def parse_position(text: str) -> Position:
    """Parse ``"3,5"`` or ``"(3, 5)"`` into ``(3, 5)``; ``InvalidNotation`` otherwise.

    >>> parse_position("(8, 13)")
    (8, 13)
    """
    match = _PAIR.match(text)
    if not match:
        raise InvalidNotation(f"position {shorten(text)} is not two pile sizes like '8,13'")
    x, y = pile(match.group(1), text), pile(match.group(2), text)
    if x < 0 or y < 0:
        raise InvalidNotation(f"position {shorten(text)} has a negative pile; piles hold 0 or more pennies")
    return (x, y)


def format_position(pos: Position) -> str:
    """The canonical text of a position: ``"3,5"`` (round-trips with parse_position)."""
    return f"{pos[0]},{pos[1]}"


def parse_positions(text: str) -> Boards:
    """Parse one board or a sum of boards: ``"3,5 + 4,7"`` (also ``;`` between boards)."""
    parts = re.split(r"[+;]", text)
    WYTHOFF_BOARDS.check(len(parts), f"positions {shorten(text, 30)} has {len(parts):,} boards")
    if not text.strip() or any(not p.strip() for p in parts):
        raise InvalidNotation(f"positions {shorten(text)}: give boards like '3,5' or '3,5 + 4,7'")
    return tuple(parse_position(p) for p in parts)


def format_positions(boards: Boards) -> str:
    """The canonical text of one or several boards: ``"3,5 + 4,7"``."""
    return " + ".join(format_position(b) for b in boards)


def show_positions(boards: Boards) -> str:
    """Boards for reading: ``"(3, 5)"`` or ``"(3, 5) + (4, 7)"``."""
    return " + ".join(f"({x}, {y})" for x, y in boards)


# -- lists of pairs (the losing positions a learner lists): parse and format -----

_PAIR_IN_LIST = re.compile(r"\(?\s*(\d+)\s*,\s*(\d+)\s*\)?", re.ASCII)


def parse_pairs(text: str) -> list[Position]:
    """Parse a list of pairs like ``"(8,13) (9,15)"``; order inside a pair is ignored.

    >>> parse_pairs("(13, 8) and 9,15")
    [(8, 13), (9, 15)]
    >>> parse_pairs("none")
    []
    """
    if is_none(text):
        return []
    cleaned = re.sub(r"\band\b", " ", text, flags=re.IGNORECASE)
    leftover = _PAIR_IN_LIST.sub(" ", cleaned)
    if leftover.strip(" ;,\t\n"):
        bad = leftover.strip(" ;,\t\n")[:20]
        raise InvalidNotation(f"list {shorten(text)}: {bad!r} is not a pair like (8, 13)")
    found = [(pile(a, text), pile(b, text)) for a, b in _PAIR_IN_LIST.findall(cleaned)]
    return sorted({(min(a, b), max(a, b)) for a, b in found})


def format_pairs(pairs: list[Position]) -> str:
    """``"(8, 13), (9, 15)"``; ``"none"`` for no pair (a list a learner can type; it round-trips with parse_pairs)."""
    return ", ".join(f"({x}, {y})" for x, y in pairs) or "none"



# -- moves: parse and format ------------------------------------------------------

_TO = re.compile(r"^\s*(?:to|->)\s*(.*)$", re.IGNORECASE)


def parse_move(text: str, pos: Position | None = None) -> Move:
    """Parse a move: ``"0,2"`` (taken from first, second) or ``"to 3,5"`` (the result).

    The ``to`` form needs the current position ``pos``.
    >>> parse_move("1, 1")
    (1, 1)
    >>> parse_move("to 3,5", (4, 6))
    (1, 1)
    """
    target = _TO.match(text)
    if target:
        if pos is None:
            raise InvalidNotation(f"move {shorten(text)}: 'to X,Y' needs a current position")
        try:
            x, y = parse_position(target.group(1))
        except InvalidNotation:
            raise InvalidNotation(f"move {shorten(text)}: after 'to' give the piles left, like 'to 3,5'") from None
        for name, had, left in (("first", pos[0], x), ("second", pos[1], y)):
            if left > had:
                raise IllegalMove(f"move {shorten(text)}: the {name} pile holds {had}, so it cannot become {left}; "
                                  f"a move only takes pennies away (the piles are written first, second: "
                                  f"you are at ({pos[0]}, {pos[1]}))")
        return (pos[0] - x, pos[1] - y)
    match = _PAIR.match(text)
    if not match:
        raise InvalidNotation(
            f"move {shorten(text)} is not 'F,S' (pennies taken from the first and second pile) or 'to X,Y'"
        )
    return (pile(match.group(1), text), pile(match.group(2), text))


def format_move(move: Move) -> str:
    """The canonical text of a move: ``"0,2"``."""
    return f"{move[0]},{move[1]}"


def describe_move(move: Move) -> str:
    """A move in words: ``"take 2 from the second pile"``."""
    f, s = move
    if s == 0:
        return f"take {f} from the first pile"
    if f == 0:
        return f"take {s} from the second pile"
    if f == s:
        return f"take {f} from both piles"
    return f"take {f} from the first pile and {s} from the second"


def parse_sum_move(text: str, boards: Boards) -> SumMove:
    """Parse ``"0,2"`` (one board) or ``"2: 0,2"`` (board 2 of several, numbered from 1)."""
    match = re.match(r"^\s*(\d+)\s*:(.*)$", text, re.ASCII | re.DOTALL)
    if match:
        number = pile(match.group(1), text)
        if not 1 <= number <= len(boards):
            raise InvalidNotation(f"move {shorten(text)}: there is no board {number} (boards 1 to {len(boards)})")
        return (number - 1, parse_move(match.group(2), boards[number - 1]))
    if len(boards) > 1:
        raise InvalidNotation(f"move {shorten(text)}: with several boards, say which one, like '2: 0,3'")
    return (0, parse_move(text, boards[0]))


def format_sum_move(move: SumMove, boards: Boards) -> str:
    """A move's canonical text: ``"0,2"`` on one board, ``"2: 0,2"`` on several."""
    text = format_move(move[1])
    return text if len(boards) == 1 else f"{move[0] + 1}: {text}"


# -- lines of moves: split and join ------------------------------------------------

_ONE_MOVE = re.compile(r"(?:\d+\s*:\s*)?(?:(?:to|->)\s*)?\(?\s*\d+\s*,\s*\d+\s*\)?", re.IGNORECASE | re.ASCII)


def split_moves(text: str) -> list[str]:
    """A line of moves ``"0,2 to 3,5 2:1,1"`` as separate move texts; ``[text]`` when it is one move.

    Moves inside a line need their comma (``"0 2"`` alone is one move, but a
    line of them would be ambiguous).

    >>> split_moves("0,2  1,1")
    ['0,2', '1,1']
    >>> split_moves("to 3, 5")
    ['to 3, 5']
    """
    moves = [m.group(0).strip() for m in _ONE_MOVE.finditer(text)]
    leftover = _ONE_MOVE.sub(" ", text).strip(" ;\t\n")
    if len(moves) < 2 or leftover:
        return [text]
    return moves


def line_move(move: SumMove, boards: Boards) -> str:
    """A move as written in a line: ``"0,2"``, or ``"2:0,2"`` on several boards (no space)."""
    return format_sum_move(move, boards).replace(": ", ":")


# -- the rules of moving -----------------------------------------------------------------


def check_move(rules: Rules, pos: Position, move: Move) -> Position:
    """Apply ``move`` to ``pos`` and return the new position; ``IllegalMove`` says why not."""
    f, s = move
    text = format_move(move)
    if f < 0 or s < 0:
        raise IllegalMove(f"move {text!r} takes a negative number of pennies")
    if f == 0 and s == 0:
        raise IllegalMove(f"move {text!r} takes nothing; every move takes at least one penny")
    if f > pos[0]:
        raise IllegalMove(f"move {text!r} takes {f} from the first pile, which holds only {pos[0]}")
    if s > pos[1]:
        raise IllegalMove(f"move {text!r} takes {s} from the second pile, which holds only {pos[1]}")
    if f > 0 and s > 0 and abs(f - s) >= rules.a:
        rule = "the same number from both piles" if rules.a == 1 else f"amounts differing by less than {rules.a}"
        raise IllegalMove(f"move {text!r} takes from both piles, which must be {rule}")
    return (pos[0] - f, pos[1] - s)


def read_sum_move(rules: Rules, boards: Boards, text: str) -> tuple[SumMove, str | None]:
    """A legal move from ``text``, and a note when it was read as the piles to leave: ``"8,13"`` from (14, 19)
    takes unequal amounts from both piles, which the rules forbid, but leaving (8, 13) is a move, so the learner
    most likely meant ``"to 8,13"``.  ``IllegalMove`` when neither reading is a move.

    >>> read_sum_move(Rules(), ((14, 19),), "8,13")
    ((0, (6, 6)), "'8,13' is read as 'to 8,13': taking 8 and 13 is not a move here, leaving (8, 13) is")
    """
    if len(boards) == 1 and (spoken := spoken_move(text, boards[0])) is not None:
        text = spoken  # "take 2 from both piles", "leave (1, 2)": the question's words for a move
    move = parse_sum_move(text, boards)
    try:
        apply_sum_move(rules, boards, move)
        return move, None
    except IllegalMove as literal:
        error = literal
    i, (x, y) = move
    board = boards[i]
    if _TO.match(text.split(":", 1)[-1]):
        raise _said_as_target(rules, text, (x, y)) from None
    leave = (board[0] - x, board[1] - y)
    if _PAIR.match(text.split(":", 1)[-1]) is None or min(leave) < 0 or not legal(rules, board, leave):
        raise error
    return (i, leave), (f"{text.strip()!r} is read as 'to {x},{y}': taking {x} and {y} is not a move here, "
                        f"leaving ({x}, {y}) is")


def _said_as_target(rules: Rules, text: str, move: Move) -> IllegalMove:
    """Why the move ``to X,Y`` (already within the piles) breaks the rules, in the learner's own words: the
    amounts it would take, not a move ``F,S`` the learner never typed.

    >>> print(_said_as_target(Rules(), "to 1,1", (4, 2)))  # doctest: +NORMALIZE_WHITESPACE
    'to 1,1' would take 4 from the first pile and 2 from the second:
    from both piles you must take the same number
    """
    f, s = move
    if not f and not s:
        return IllegalMove(f"{text.strip()!r} leaves the piles as they are: every move takes at least one penny")
    rule = ("you must take the same number" if rules.a == 1 else
            f"you may take amounts that differ by less than {rules.a}")
    return IllegalMove(f"{text.strip()!r} would {describe_move(move)}: from both piles {rule}")


def legal(rules: Rules, pos: Position, move: Move) -> bool:
    """Whether ``move`` is allowed from ``pos``."""
    try:
        check_move(rules, pos, move)
    except IllegalMove:
        return False
    return True


def apply_sum_move(rules: Rules, boards: Boards, move: SumMove) -> Boards:
    """The boards after ``move``; ``IllegalMove`` if it breaks the rules."""
    i, m = move
    new = check_move(rules, boards[i], m)
    return (*boards[:i], new, *boards[i + 1 :])


def legal_moves(rules: Rules, pos: Position) -> Iterator[Move]:
    """Every legal move, fewest pennies first, then fewest from the first pile.

    Fewest first, so a delaying loser finds small moves early.  For each total
    only the two one-pile moves and the O(a) two-pile moves near the diagonal
    are visited, so listing all moves costs O(moves), not O(x * y).
    """
    x, y = pos
    a = rules.a
    for total in range(1, x + y + 1):
        if total <= y:
            yield (0, total)
        # two-pile moves (f, total - f) with f, s >= 1 and |f - s| < a, i.e. total - a < 2f < total + a
        low = max(1, total - y, (total - a) // 2 + 1)
        high = min(x, total - 1, (total + a - 1) // 2)
        for f in range(low, high + 1):
            yield (f, total - f)
        if total <= x:
            yield (total, 0)


def move_count(rules: Rules, pos: Position) -> int:
    """How many legal moves ``pos`` has, counted by formula (no enumeration)."""
    x, y = pos
    both = 0
    for e in range(-(rules.a - 1), rules.a):  # s = f + e with f >= 1, s >= 1
        lo = max(1, 1 - e)
        hi = min(x, y - e)
        both += max(0, hi - lo + 1)
    return x + y + both


def finished(boards: Boards) -> bool:
    """Whether every penny is gone."""
    return all(b == (0, 0) for b in boards)


def learner_won_on_last_move(rules: Rules, learner_moved_last: bool) -> bool:
    """Who won when the last penny is gone: the taker in normal play, the other in misère."""
    return learner_moved_last != rules.misere

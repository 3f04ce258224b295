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
  (These types and their notations are ``rules.notation``, one grammar, ``notation.lark``.)
* ``Rules(a, misere)`` - the variant; ``WythoffGame`` - the puzzle's parameters, validated once.
* a *line* - moves separated by spaces: ``"0,2 1,1 2:0,3"``.

Every notation is a parse/format pair that round-trips; the conjecture
formulas a learner types have their own language in ``rules.formula``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property

from tutor.errors import IllegalMove, InvalidParams
from tutor.puzzles.wythoff.limits import GRUNDY_WORK
from tutor.puzzles.wythoff.rules.notation import (
    Boards,
    Move,
    Position,
    SumMove,
    format_move,
    format_pairs,
    format_position,
    format_positions,
    format_sum_move,
    line_move,
    parse_move,
    parse_numbers,
    parse_pairs,
    parse_position,
    parse_positions,
    parse_sum_move,
    read_move,
    show_positions,
    split_moves,
)
from tutor.puzzles.wythoff.rules.spoken import spoken_move
from tutor.screen.text import shorten

__all__ = [  # the game, its rules of moving, and the notations of ``rules.notation`` read through here
    "GRUNDY_CELLS",
    "Boards",
    "Move",
    "Position",
    "Rules",
    "SumMove",
    "WythoffGame",
    "apply_sum_move",
    "check_move",
    "describe_move",
    "finished",
    "format_move",
    "format_pairs",
    "format_position",
    "format_positions",
    "format_sum_move",
    "learner_won_on_last_move",
    "legal",
    "legal_moves",
    "line_move",
    "move_count",
    "parse_move",
    "parse_numbers",
    "parse_pairs",
    "parse_position",
    "parse_positions",
    "parse_sum_move",
    "read_sum_move",
    "show_positions",
    "split_moves",
    "spoken_move",
]
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


# -- moves in words ---------------------------------------------------------------------------------------------


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


# -- the rules of moving -----------------------------------------------------------------------------------------


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
    if len(boards) == 1 and (spoken := spoken_move(text, boards[0], strict=True)) is not None:
        text = spoken  # "take 2 from both piles", "leave (1, 2)": the question's words for a move
    move, target = read_move(text, boards)
    try:
        apply_sum_move(rules, boards, move)
        return move, None
    except IllegalMove as literal:
        error = literal
    i, (x, y) = move
    board = boards[i]
    if target:
        raise _said_as_target(rules, text, (x, y)) from None
    leave = (board[0] - x, board[1] - y)
    if min(leave) < 0 or not legal(rules, board, leave):
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

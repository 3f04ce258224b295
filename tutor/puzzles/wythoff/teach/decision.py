"""One computation per position: the decision that verdicts, ``solve``/``analyze`` texts and lesson feedback share.

``decide(rules, pos)`` asks the engine once - the losing index, the winning
moves, the remoteness, the first moves of best play - and every text about
the position (the command's report, a quantity's explanation, a refutation)
is written from that object, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice

from tutor.puzzles.wythoff.engine import delaying_move, losing_index, remoteness, winning_moves
from tutor.puzzles.wythoff.rules import Move, Position, Rules, finished

LINE_SHOWN = 12  # moves of a best-play line kept (and written out)


def after(pos: Position, move: Move) -> Position:
    """The position a move leaves."""
    return (pos[0] - move[0], pos[1] - move[1])


def over(rules: Rules, pos: Position) -> bool:
    """No move is left (normal play), or the last penny has gone and the mover has won (misère)."""
    return finished((pos,))


def best_line(rules: Rules, pos: Position) -> Iterator[tuple[Move, Position]]:
    """The game from ``pos`` with best play on both sides: each move and the position it leaves."""
    while not over(rules, pos):
        wins = winning_moves(rules, pos)
        move = wins[0] if wins else delaying_move(rules, pos)
        pos = after(pos, move)
        yield move, pos


@dataclass(frozen=True)
class Decision:
    """Everything decided about one board: outcome, winning moves, length of best play, its first moves."""

    rules: Rules
    position: Position
    index: int | None  # the losing pair's number, None for a winning position
    wins: tuple[Move, ...]  # fastest win first
    length: int  # moves of best play (the remoteness)
    line: tuple[tuple[Move, Position], ...]  # the first LINE_SHOWN moves of best play

    @property
    def outcome(self) -> str:
        """``"lose"`` or ``"win"`` for the player to move."""
        return "lose" if self.index is not None else "win"

    @property
    def won_already(self) -> bool:
        """Misère (0, 0): the opponent took the last penny and lost."""
        return self.rules.misere and self.position == (0, 0)


def decide(rules: Rules, pos: Position) -> Decision:
    """The decision for ``pos``, asked of the engine once."""
    return Decision(rules, pos, losing_index(rules, pos), tuple(winning_moves(rules, pos)), remoteness(rules, pos),
                    tuple(islice(best_line(rules, pos), LINE_SHOWN)))

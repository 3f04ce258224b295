"""What a question about a Wythoff position takes and what several answers share.

The question arguments are declared once here and used by the quantities, the
answer kinds and the commands that take them; the values (the outcome, the
Grundy value, the remoteness, the losing splits of a range of totals) are the
ones more than one answer kind or quantity is judged against.
"""

from __future__ import annotations

import re

from tutor.errors import InvalidParams
from tutor.puzzles.options import Args, Option
from tutor.puzzles.wythoff.engine import losing, losing_splits, nim_sum, remoteness
from tutor.puzzles.wythoff.rules import Position, WythoffGame

# -- question arguments ------------------------------------------------------------------

INDEX = Option("index", int, 0, "k for the k-th losing position (any size)", minimum=0, metavar="K")
COUNT = Option("count", int, 20, "how many losing positions to list, from (0, 0)", minimum=0,
               maximum=1_000_000, metavar="K")
MIN_TOTAL = Option("min_total", int, 0, "smallest total of pennies for the splits question", minimum=0,
                   metavar="N")
MAX_TOTAL = Option("max_total", int, 20, "largest total of pennies for the splits question", minimum=0,
                   maximum=100_000, metavar="N")
BOUND = Option("bound", int, 1000, "the workbench checks conjectures for k = 0..bound", minimum=1,
               maximum=100_000, metavar="M")
TOTALS = (MIN_TOTAL, MAX_TOTAL)


def total_range(args: Args) -> tuple[int, int]:
    """``(min_total, max_total)``; ``InvalidParams`` when the range is empty."""
    low, high = args["min_total"], args["max_total"]
    if low > high:
        raise InvalidParams(f"min_total {low!r} is larger than max_total {high!r}")
    return low, high


def splits(game: WythoffGame, args: Args) -> list[Position]:
    """The losing positions whose total lies in [min_total, max_total]."""
    return losing_splits(game.rules, *total_range(args))


def totals_text(pairs: list[Position]) -> str:
    """The totals of some pairs, ascending: ``"21, 24, 29"`` (``"none"`` for no pair)."""
    return ", ".join(str(t) for t in sorted({x + y for x, y in pairs})) or "none"


# -- values of the position --------------------------------------------------------------


def outcome(game: WythoffGame) -> str:
    """``"win"`` or ``"lose"`` for the player to move at the position (or sum of boards)."""
    return "lose" if losing(game.rules, game.boards) else "win"


def grundy(game: WythoffGame) -> int:
    """The Grundy value of the position: the nim-sum of its boards (normal play only)."""
    boards = game.boards
    if game.misere:
        raise InvalidParams("Grundy values belong to normal play; drop --misere")
    return nim_sum(game.rules, boards)


def board_remoteness(game: WythoffGame) -> int:
    """Moves left from the (single) board with best play."""
    boards = game.boards
    if len(boards) > 1:
        raise InvalidParams("remoteness is computed for one board; give a single position A,B")
    return remoteness(game.rules, boards[0])


def states_outcome(boards: tuple[Position, ...], text: str) -> str | None:
    """Where ``text`` says the one board ``boards`` wins or loses, in either pile order (None: it does not).

    >>> states_outcome(((1, 2),), "so (2, 1) is itself a losing position")
    "the outcome, in '(2, 1) is itself a losing'"
    >>> states_outcome(((1, 2),), "(1, 2) is not a win") is None
    True
    """
    if len(boards) != 1:
        return None
    x, y = boards[0]
    said = re.search(rf"\(\s*({x}\s*,\s*{y}|{y}\s*,\s*{x})\s*\)\s*(is (itself )?(a )?(losing|winning|win\b|loss)"
                     r"|loses|wins)", text)
    return f"the outcome, in {said.group(0)!r}" if said else None

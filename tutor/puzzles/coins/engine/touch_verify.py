"""Exact verification of a touch strategy (the blind bartender), over every table at once, and the Devil's line of
play that beats a losing one.

Before each move the table may be any turn of any table still possible: ``possible`` is a numpy bool vector over
all 2^N tables, closed under turns (the Devil turns after every move, and chose the start).  A move sends each
table t to t ^ flips(t), its rule reading t at the touched positions; tables that ring the bell drop out, and the
Devil's next turn closes the rest under turns again.  The strategy wins when nothing is possible after some move.
This works on concrete tables, not on the classes the searches (``touch``, ``touch_plan``) use, so the tests can
set the two against each other.  Each possible set is kept bit-packed, so a loss walks back to a start table and
a turn before each move that never ring the bell.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.puzzles import meter
from tutor.puzzles.coins.limits import CHECK_WORK
from tutor.puzzles.coins.rules.touch import TouchMove

if TYPE_CHECKING:
    import numpy as np

PER_MOVE = 25_000  # check_work steps for what a move costs in Python, whatever the table
PASSES = 20  # steps per table for one move's passes over every table, besides PER_CASE for each case of its rule
PER_CASE = 8


@dataclass(frozen=True)
class TouchLine:
    """A replayable loss: the start table, the Devil's turn before each move, and the table after each move."""

    start: int
    turns: tuple[int, ...]  # before move i the coin at p goes to (p + turns[i]) mod N
    tables: tuple[int, ...]

    @property
    def final(self) -> int:
        """The table after the last move."""
        return self.tables[-1] if self.tables else self.start


@dataclass(frozen=True)
class TouchVerification:
    """The exact verdict: whether every game ends, after which move at the latest, and a line that beats it."""

    wins: bool
    won_by: int | None
    line: TouchLine | None


class Tables:
    """Every table of N coins (bit p: tails at p), whether it rings the bell, and its class (smallest turn)."""

    def __init__(self, n: int, goal: str) -> None:
        import numpy as np

        self.n = n
        self.full = (1 << n) - 1
        self.codes = np.arange(1 << n, dtype=np.int64)
        self.over = self.codes == 0
        if goal == "same":
            self.over |= self.codes == self.full
        self.canon = self.codes.copy()
        for r in range(1, n):
            np.minimum(self.canon, self.turned(self.codes, r), out=self.canon)

    def turned(self, codes: np.ndarray, r: int) -> np.ndarray:
        """The tables turned by r: the coin at p goes to p + r."""
        return ((codes << r) | (codes >> (self.n - r))) & self.full if r % self.n else codes

    def image(self, move: TouchMove) -> np.ndarray:
        """Every table after the move: t ^ flips(t), the first case that applies deciding."""
        import numpy as np

        t = self.codes
        flips = np.zeros_like(t)
        done = np.zeros(len(t), dtype=bool)
        for case in move.cases:
            match = ~done & ((t & case.care) == case.want)
            flips[match] = ((t[match] ^ case.tails) & case.absolute) | case.toggle
            done |= match
        return t ^ flips

    def step(self, possible: np.ndarray, move: TouchMove) -> np.ndarray:
        """The tables possible before the next move: the images that go on, and every turn of them."""
        import numpy as np

        image = self.image(move)
        on = image[possible & ~self.over[image]]
        kept = np.zeros(len(self.codes), dtype=bool)
        kept[self.canon[on]] = True
        return kept[self.canon]

    def start(self) -> np.ndarray:
        """Every table that does not ring the bell."""
        return ~self.over


def charge(n: int, moves: Sequence[TouchMove], doing: str) -> None:
    """Refuse, naming check_work, moves too long to step through over every table (docs/limits.md)."""
    cost = sum(PER_MOVE + (1 << n) * (PASSES + PER_CASE * len(m.cases)) for m in moves)
    CHECK_WORK.check(cost, f"{doing} {len(moves):,} touch moves over {1 << n:,} tables takes {cost:,} steps")


def possible_after(n: int, goal: str, moves: Sequence[TouchMove]) -> list[int]:
    """The classes (smallest tables) the table may be in after ``moves``, whatever was felt; [] when every game
    is over."""
    import numpy as np

    charge(n, moves, "replaying")
    tables = Tables(n, goal)
    possible = tables.start()
    for move in moves:
        possible = tables.step(possible, move)
    return np.unique(tables.canon[possible]).tolist()


def verify_touch(n: int, goal: str, moves: Sequence[TouchMove]) -> TouchVerification:
    """Exactly decide whether ``moves`` ring the bell for every start and every turn, with a losing line if not."""
    import numpy as np

    charge(n, moves, "checking")
    tables = Tables(n, goal)
    possible = tables.start()
    history = [np.packbits(possible)]
    for i, move in enumerate(moves):
        if not possible.any():
            return TouchVerification(True, i, None)
        possible = tables.step(possible, move)
        history.append(np.packbits(possible))
        if i % 16 == 15:
            meter.report(i + 1, len(moves))
    if not possible.any():
        return TouchVerification(True, len(moves), None)
    return TouchVerification(False, None, _walk_back(tables, moves, history))


def _walk_back(tables: Tables, moves: Sequence[TouchMove], history: list[np.ndarray]) -> TouchLine:
    """From the last move back: a table possible before move i whose image goes on and, after the next turn, is the
    table the walk came from (any image that goes on, for the last move)."""
    import numpy as np

    count = len(tables.codes)
    if not moves:
        return TouchLine(int(np.flatnonzero(np.unpackbits(history[0], count=count))[0]), (), ())
    after: list[int] = []  # the table after each move, last move first
    before: list[int] = []  # the table each move was made on, last move first
    for i in range(len(moves), 0, -1):
        image = tables.image(moves[i - 1])
        ok = np.unpackbits(history[i - 1], count=count).astype(bool) & ~tables.over[image]
        if before:
            ok &= tables.canon[image] == tables.canon[before[-1]]
        b = int(np.flatnonzero(ok)[0])  # the stored sets guarantee one
        before.append(b)
        after.append(int(image[b]))
    before.reverse()
    after.reverse()
    turns = [0] + [next(r for r in range(tables.n) if int(tables.turned(np.array(a), r)) == b)
                   for a, b in zip(after, before[1:], strict=False)]
    return TouchLine(before[0], tuple(turns), tuple(after))

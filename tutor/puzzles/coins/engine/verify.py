"""Exact verification of a coin strategy, and the counterexample that beats a losing one.

``verify`` replays a strategy over *every* class at once (numpy), and on failure
walks back through the stored beliefs to a concrete counterexample: a start table
and a turn before each move that never reach the goal.  ``unmoved`` finds one with
the Devil doing nothing, where the prefix argument says there is one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from operator import mul
from typing import Any

from tutor.puzzles import meter
from tutor.puzzles.coins.limits import CHECK_WORK
from tutor.puzzles.coins.rules import Model, Move, Table


@dataclass(frozen=True)
class Counterexample:
    """A replayable loss: start table, the Devil's turn before each move, tables after each move."""

    start: Table
    turns: tuple[int, ...]
    tables: tuple[Table, ...]  # the table after each move; the last is the final table

    @property
    def final(self) -> Table:
        """The table after the last move."""
        return self.tables[-1] if self.tables else self.start


@dataclass(frozen=True)
class Verification:
    """Exact verdict on a strategy: whether it wins and, if so, after how many moves at most."""

    wins: bool
    length: int
    won_by: int | None  # every game is over after this many moves
    counterexample: Counterexample | None


def verify(model: Model, strategy: list[Move]) -> Verification:
    """Exactly decide whether ``strategy`` wins for every start and every turn.

    Beliefs are stored bit-packed so a failure can be walked back to a
    concrete counterexample.
    """
    import numpy as np

    cost = model.check_cost(strategy)
    CHECK_WORK.check(cost, f"checking {len(strategy):,} moves over {model.class_total:,} classes takes {cost:,} steps")
    belief = model.start_belief()
    history = [np.packbits(belief)]
    for i, move in enumerate(strategy):
        if not belief.any():
            return Verification(True, len(strategy), i, None)
        belief = model.step(belief, move)
        history.append(np.packbits(belief))
        if i % 64 == 63:
            meter.report(i + 1, len(strategy))
    if not belief.any():
        return Verification(True, len(strategy), len(strategy), None)
    return Verification(False, len(strategy), None, _walk_back(model, strategy, history))


def unmoved(model: Model, strategy: list[Move]) -> Counterexample | None:
    """The smallest start that ``strategy`` never wins while the Devil leaves the table as it is, or None.

    The prefix argument: the table after i moves is then the start plus the first i moves, so a start that no
    such sum finishes is a loss, found without replaying a belief (a strategy shorter than the prefix bound always
    has one; turn 0 of every model is doing nothing).
    """
    k, n = model.k, model.n
    weights = [k**p for p in range(n)]

    def code(digits: Iterable[int]) -> Table:
        return sum(map(mul, digits, weights))

    sums = [(0,) * n]
    for move in strategy:
        sums.append(tuple((a + b) % k for a, b in zip(sums[-1], move, strict=True)))
    goals = [(d,) * n for d in range(k)] if model.goal == "same" else [(0,) * n]
    finished = {code((g - s) % k for g, s in zip(goal, total, strict=True)) for total in sums for goal in goals}
    start = next((t for t in range(model.tables) if t not in finished), None)
    if start is None:
        return None
    first = model.decode(start)
    tables = tuple(code((a + b) % k for a, b in zip(first, total, strict=True)) for total in sums[1:])
    return Counterexample(start, (0,) * len(strategy), tables)


def _walk_back(model: Model, strategy: list[Move], history: list[Any]) -> Counterexample:
    """From a class still possible at the end, recover a start and turns that never win.

    The beliefs hold classes, so the concrete table after move i may be any
    turned copy of the one the walk reached (the Devil's next turn is free):
    take a copy whose table before move i is in a class possible after move i - 1.
    Every turn of a table is tried at once (``_Turns``), so a step costs the same few array operations
    whatever the group.
    """
    import numpy as np

    turns = _Turns(model)
    final_bits = np.unpackbits(history[-1], count=model.class_count)
    target = model.representative(int(np.flatnonzero(final_bits)[0]))
    tables: list[Table] = []  # the table after each move, last move first
    taken: list[int] = []  # the Devil's turn before each move, last move first
    for step in range(len(strategy), 0, -1):
        after_digits = turns.digits(target)  # row g: the table turned by g
        before = turns.codes((after_digits - np.array(strategy[step - 1])) % model.k)
        packed = history[step - 1]
        cls = turns.classes[before]
        possible = (packed[cls >> 3] >> (7 - (cls & 7))) & 1  # np.packbits keeps bit c of byte c // 8, high first
        g = int(np.flatnonzero(possible)[0])  # the stored beliefs guarantee a predecessor
        after = int(turns.codes(after_digits[g:g + 1])[0])
        if tables:  # the turn before the following move takes ``after`` to ``target``
            taken.append(int(np.flatnonzero(turns.codes(turns.digits(after)) == target)[0]))
        tables.append(after)
        target = int(before[g])
    if strategy:
        taken.append(0)  # start from ``target`` itself: no turn needed before the first move
    tables.reverse()
    taken.reverse()
    return Counterexample(target, tuple(taken), tuple(tables))


class _Turns:
    """Every turn of one table at once: row g of ``digits(t)`` is the table t turned by ``model.group[g]``."""

    def __init__(self, model: Model) -> None:
        import numpy as np

        self.n, self.k = model.n, model.k
        # the coin at position p moves to perm[p]: position q of the turned table reads position source[g, q]
        self.source = np.argsort(np.array(model.group), axis=1)
        self.weights = self.k ** np.arange(self.n, dtype=np.int64)
        self.classes = model.class_index

    def digits(self, table: Table) -> Any:
        """The digits of every turned copy of ``table``, one row per turn."""
        import numpy as np

        return np.array([(table // self.k**p) % self.k for p in range(self.n)], dtype=np.int64)[self.source]

    def codes(self, digits: Any) -> Any:
        """Digit rows back to table codes."""
        return digits @ self.weights

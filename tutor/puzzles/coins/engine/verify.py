"""Exact verification of a coin strategy, and the counterexample that beats a losing one.

``verify`` replays a strategy over *every* class at once (numpy), and on failure
walks back through the stored beliefs to a concrete counterexample: a start table
and a turn before each move that never reach the goal.
"""

from __future__ import annotations

from dataclasses import dataclass
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


def _walk_back(model: Model, strategy: list[Move], history: list[Any]) -> Counterexample:
    """From a class still possible at the end, recover a start and turns that never win.

    The beliefs hold classes, so the concrete table after move i may be any
    turned copy of the one the walk reached (the Devil's next turn is free):
    take a copy whose table before move i is in a class possible after move i - 1.
    """
    import numpy as np

    count = model.class_count

    def possible(step: int, table: Table) -> bool:
        bits = np.unpackbits(history[step], count=count)
        return bool(bits[model.class_of(table)])

    final_bits = np.unpackbits(history[-1], count=count)
    target = model.representative(int(np.flatnonzero(final_bits)[0]))
    tables: list[Table] = []  # the table after each move, last move first
    turns: list[int] = []  # the Devil's turn before each move, last move first
    for step in range(len(strategy), 0, -1):
        undo = tuple((-d) % model.k for d in strategy[step - 1])
        for g in range(len(model.group)):
            after = model.apply_turn(target, g)
            if possible(step - 1, model.add(after, undo)):
                break
        else:  # pragma: no cover - the stored beliefs guarantee a predecessor
            raise AssertionError("belief history is inconsistent")
        if tables:  # the turn before the following move takes ``after`` to ``target``
            turns.append(next(h for h in range(len(model.group)) if model.apply_turn(after, h) == target))
        tables.append(after)
        target = model.add(after, undo)
    if strategy:
        turns.append(0)  # start from ``target`` itself: no turn needed before the first move
    tables.reverse()
    turns.reverse()
    return Counterexample(target, tuple(turns), tuple(tables))

"""Exact engine for the rotating coin table: belief-state search, construction, verification.

* ``solve`` - breadth-first search over beliefs (bit sets over rotation classes);
  exhaustive, so "no strategy" is a proof, and the first win found is shortest.
* ``construct`` - the closed-form strategy for K prime and N a power of K:
  clear the table one level of the chain V > (x-1)V > (x-1)^2 V > ... > 0 at
  a time, K**N - 1 moves, which equals the lower bound below, so it is shortest.
* ``verify`` - replays any strategy over *every* class at once (numpy), and on
  failure walks back through the stored beliefs to a concrete counterexample:
  a start table and a turn before each move that never reach the goal.
* ``trap`` - the Devil's certificate: a set of classes he can keep the table in
  forever, whatever the player flips (even a player who could see the class).

Lower bound: if the Devil never turns the table, the table after i moves is the
start plus the i-th prefix sum of the moves, so every non-goal start must be
cancelled by some prefix: a winning strategy has at least K**N - 1 moves
(K**(N-1) - 1 when the goal is "all alike", since K tables are goals).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from operator import or_
from typing import Any

from tutor.limits import CHECK_WORK
from tutor.puzzles.coins.rules import Model, Move, Table
from tutor.search import breadth_first

SEARCH_CLASS_LIMIT = 200  # belief search is offered up to this many classes
SEARCH_STEP_LIMIT = 2_000_000

Belief = int  # bit set over class indices: 0b101110


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


# -- transitions over class bit sets (for the search) -------------------------------


@dataclass(frozen=True)
class Transitions:
    """For each useful move, successor bit sets per class, chunked 8 classes at a time."""

    moves: tuple[Move, ...]
    succ: tuple[tuple[Belief, ...], ...]  # succ[i][c]: classes reachable from class c by moves[i]
    chunks: tuple[tuple[tuple[Belief, ...], ...], ...]  # chunks[i][j][byte]
    by_chunk: tuple[tuple[tuple[Belief, ...], ...], ...]  # by_chunk[j][byte][i], every move at once

    def expand(self, belief: Belief) -> list[Belief]:
        """The belief after each move, in move order (ORs of precomputed per-byte rows, in C)."""
        rows = []
        j = 0
        while belief:
            byte = belief & 0xFF
            if byte:
                rows.append(self.by_chunk[j][byte])
            belief >>= 8
            j += 1
        if not rows:
            return [0] * len(self.moves)
        out: Iterable[Belief] = rows[0]
        for row in rows[1:]:
            out = map(or_, out, row)
        return list(out)

    def step(self, belief: Belief, index: int) -> Belief:
        """The belief after move ``index``."""
        tables = self.chunks[index]
        out = 0
        j = 0
        while belief:
            out |= tables[j][belief & 0xFF]
            belief >>= 8
            j += 1
        return out


@cache
def transitions(model: Model) -> Transitions:
    """Successor tables for every class of moves, duplicates (same effect) removed."""
    count = model.class_count
    seen: dict[tuple[Belief, ...], Move] = {}
    for move in model.move_classes():
        pred = model.predecessors(move)
        succ = [0] * count
        goal = model.goal_classes()
        for row in pred.tolist():
            for target, source in enumerate(row):
                if not goal[target]:
                    succ[source] |= 1 << target
        seen.setdefault(tuple(succ), move)
    moves = tuple(seen.values())
    succs = tuple(seen.keys())
    chunks = []
    for row_bits in succs:
        per_chunk = []
        for j in range(0, count, 8):
            table = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte
                c = j + low.bit_length() - 1
                table[byte] = table[byte ^ low] | (row_bits[c] if c < count else 0)
            per_chunk.append(tuple(table))
        chunks.append(tuple(per_chunk))
    by_chunk = tuple(tuple(tuple(chunks[i][j][byte] for i in range(len(moves))) for byte in range(256))
                     for j in range(len(chunks[0]) if chunks else 0))
    return Transitions(moves, succs, tuple(chunks), by_chunk)


def searchable(model: Model) -> bool:
    """Whether exhaustive belief search is offered for this model."""
    return model.class_count <= SEARCH_CLASS_LIMIT


def to_bits(belief: Any) -> Belief:
    """numpy bool vector over classes -> int bit set."""
    import numpy as np

    return int.from_bytes(np.packbits(belief, bitorder="little").tobytes(), "little")


def from_bits(model: Model, bits: Belief) -> Any:
    """int bit set -> numpy bool vector over classes."""
    import numpy as np

    count = model.class_count
    packed = np.frombuffer(bits.to_bytes((count + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(packed, count=count, bitorder="little").astype(bool)


def start_bits(model: Model) -> Belief:
    """Every class not already won, as a bit set."""
    return to_bits(model.start_belief())


@dataclass(frozen=True)
class SearchOutcome:
    """Shortest strategy from a belief (None when none exists), best first moves, states explored."""

    strategy: list[Move] | None
    best_first: list[Move]
    explored: int


@cache
def search_from(model: Model, belief: Belief) -> SearchOutcome:
    """Exhaustive belief-state BFS from ``belief`` to the empty belief (everything won).

    Raises ``SearchLimit`` if the space is larger than the engine will search.
    """
    trans = transitions(model)
    # the budget is in belief steps (states x moves), so giving up takes seconds, not minutes
    limit = max(20_000, SEARCH_STEP_LIMIT // max(1, len(trans.moves)))
    result = breadth_first(belief, lambda b: b == 0, range(len(trans.moves)), trans.step, limit=limit,
                           expand=trans.expand)
    if result.path is None:
        return SearchOutcome(None, [], result.explored)
    strategy = [trans.moves[i] for i in result.path]
    best = [trans.moves[i] for i in sorted(result.first_actions)]
    return SearchOutcome(strategy, best, result.explored)


def solve(model: Model) -> SearchOutcome:
    """Shortest winning strategy by exhaustive search from the full belief."""
    return search_from(model, start_bits(model))


# -- the Devil's trap ---------------------------------------------------------------


TRAP_CLASS_LIMIT = 1500


def trap(model: Model) -> Belief:
    """The largest set of non-goal classes the Devil can keep the table in forever.

    Computed as a greatest fixed point: drop any class from which some move
    forces every turned result out of the set.  Non-empty means no strategy
    exists, even for a player told the class before each move.
    """
    import numpy as np

    count = model.class_count
    alive = model.start_belief().copy()
    preds = [model.predecessors(move) for move in model.move_classes()]
    while True:
        keep = alive.copy()
        for pred in preds:
            # a class keeps a successor in the set if it is the predecessor of some live class
            has_next = np.bincount(pred[:, alive].ravel(), minlength=count) > 0
            keep &= has_next
        if (keep == alive).all():
            break
        alive = keep
    return to_bits(alive)


# -- construction ---------------------------------------------------------------------


def construction_applies(model: Model) -> bool:
    """Whether the closed-form strategy is valid: K prime, N a power of K, goal all heads,
    and turns that act on each level by +1 only (rotations; reflections too when K = 2)."""
    from sympy import isprime

    k, n = model.k, model.n
    if model.goal != "heads" or not isprime(k) or (model.dihedral and k != 2):
        return False
    while n % k == 0:
        n //= k
    return n == 1


def construct(model: Model) -> list[Move]:
    """The closed-form strategy of K**N - 1 moves (see module docstring).

    Level j is the set of tables divisible by (x - 1)**j, read as a polynomial
    in x with coefficient d_p at x**p.  S_j = S_{j+1}, e_j, S_{j+1}, ..., S_{j+1}
    with K copies of S_{j+1} and K - 1 moves e_j = the coefficients of (x - 1)**j.

    >>> from tutor.puzzles.coins.rules import model
    >>> ["".join(map(str, m)) for m in construct(model(2))]
    ['11', '10', '11']
    """
    if not construction_applies(model):
        raise ValueError(f"no closed-form strategy for {model}")
    k, n = model.k, model.n
    levels = [_binomial_row(j, k, n) for j in range(n)]
    strategy: list[Move] = []
    for j in reversed(range(n)):
        inner = list(strategy)
        strategy = list(inner)
        for _ in range(k - 1):
            strategy.append(levels[j])
            strategy.extend(inner)
    return strategy


def _binomial_row(j: int, k: int, n: int) -> Move:
    """Coefficients of (x - 1)**j mod k, padded to n digits."""
    coeffs = [1]
    for _ in range(j):
        nxt = [0] * (len(coeffs) + 1)
        for i, c in enumerate(coeffs):
            nxt[i + 1] = (nxt[i + 1] + c) % k
            nxt[i] = (nxt[i] - c) % k
        coeffs = nxt
    return tuple(coeffs + [0] * (n - len(coeffs)))


def lower_bound(model: Model) -> int:
    """No winning strategy is shorter than this (prefix-sum argument, module docstring)."""
    return model.tables - 1 if model.goal == "heads" else model.tables // model.k - 1


# -- verification -----------------------------------------------------------------------


def verify(model: Model, strategy: list[Move]) -> Verification:
    """Exactly decide whether ``strategy`` wins for every start and every turn.

    Beliefs are stored bit-packed so a failure can be walked back to a
    concrete counterexample.
    """
    import numpy as np

    cost = model.check_cost(strategy)
    CHECK_WORK.check(cost, f"checking {len(strategy):,} moves over {model.class_count:,} classes takes {cost:,} steps")
    belief = model.start_belief()
    history = [np.packbits(belief)]
    for i, move in enumerate(strategy):
        if not belief.any():
            return Verification(True, len(strategy), i, None)
        belief = model.step(belief, move)
        history.append(np.packbits(belief))
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


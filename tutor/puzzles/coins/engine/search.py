"""Belief-state search for the rotating coin table, and the Devil's trap.

A *belief* is the set of classes of tables (up to the Devil's turns) the table may
still be in, kept as an int bit set.  ``search_from`` is an exhaustive
breadth-first search over beliefs to the empty one (everything won), so "no
strategy" is a proof and the first win found is shortest; ``trap`` is the Devil's
certificate, a set of classes he can keep the table in forever.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from operator import or_
from typing import Any

from tutor.errors import SearchLimit
from tutor.maths.search import breadth_first
from tutor.puzzles.coins.rules import Model, Move, classes

SEARCH_CLASS_LIMIT = 200  # belief search is offered up to this many classes
SEARCH_WORK = 1_500_000  # successor bytes a search may OR (states x moves x bytes of a belief): about a second
TRAP_CLASS_LIMIT = 1500  # the trap is computed up to this many classes

Belief = int  # bit set over class indices: 0b101110


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
    per_state = len(trans.moves) * max(1, (model.class_count + 7) // 8)
    expanded = 0

    def expand(bits: Belief) -> list[Belief]:
        # the budget is counted as states are expanded, so a search gives up within a second, mid-level
        nonlocal expanded
        expanded += 1
        if expanded * per_state > SEARCH_WORK:
            raise SearchLimit(f"more than {SEARCH_WORK:,} belief bytes searched")
        return trans.expand(bits)

    result = breadth_first(belief, lambda b: b == 0, range(len(trans.moves)), trans.step, limit=SEARCH_WORK,
                           expand=expand)
    if result.path is None:
        return SearchOutcome(None, [], result.explored)
    strategy = [trans.moves[i] for i in result.path]
    best = [trans.moves[i] for i in sorted(result.first_actions)]
    return SearchOutcome(strategy, best, result.explored)


def solve(model: Model) -> SearchOutcome:
    """Shortest winning strategy by exhaustive search from the full belief."""
    return search_from(model, start_bits(model))


def trap(model: Model) -> Belief:
    """The largest set of non-goal classes the Devil can keep the table in forever.

    Computed as a greatest fixed point: drop any class from which some move forces every turned result out of the
    set.  Non-empty means no strategy exists, even for a player told the class before each move.  Worked out once
    per model (a lesson's hints, checks and lint ask for it many times).
    """
    cached: Belief | None = model._cache.get("trap")
    if cached is None:
        cached = model._cache["trap"] = _trap(model)
    return cached


TRAP_CHUNK = 1 << 20  # moves looked at in one numpy pass of the trap (memory stays a few megabytes)


def _trap(model: Model) -> Belief:
    """The greatest fixed point of ``trap``, computed.

    From the smallest table r of a class, a move m and the Devil's g land on r + g m, so the class is dropped
    when, for some class of moves, every move of it leads from r out of the set.  Rather than every move against
    every class, the moves leading from r into the smaller side are counted, class by class: out of the set, a
    class of moves counted whole forces r out; into it, a class of moves not counted at all does.
    """
    import numpy as np

    cls, reps, n, k = model.class_index, model.representatives, model.n, model.k
    count = len(reps)
    sizes = np.bincount(cls, minlength=count)  # the moves (tables) in each class
    alive = model.start_belief().copy()
    while True:
        live, inside = np.flatnonzero(alive), alive[cls]
        outside = 2 * int(inside.sum()) >= len(cls)
        side = np.flatnonzero(~inside if outside else inside)
        drop = np.zeros(len(live), dtype=bool)
        step = max(1, TRAP_CHUNK // max(1, len(side)))
        for first in range(0, len(live), step):
            rows = live[first:first + step]
            moves = cls[classes.differences(side, reps[rows], n, k)] + count * np.arange(len(rows))[:, None]
            counted = np.bincount(moves.ravel(), minlength=count * len(rows)).reshape(len(rows), count)
            drop[first:first + step] = (counted == sizes).any(axis=1) if outside else (counted[:, 1:] == 0).any(axis=1)
        if not drop.any():
            return to_bits(alive)
        alive[live[drop]] = False

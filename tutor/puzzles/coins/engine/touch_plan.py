"""Rule strategies for the blind bartender: the fewest moves from every set of classes, when each move's flips may
depend only on what that move feels (the notation of ``rules.touch``), computed backwards over every set at once.

A *state* is the set of classes (necklaces) the table may be in before a move, whatever was felt before: an int
bit set over the classes that do not ring the bell (``Plan.open``).  The states won within d moves are closed
under subsets, so they are kept as their largest members (``Plan.maxima[d]``).  A state S is won within d + 1 moves
exactly when some touch T and some M in ``maxima[d]`` have, for every pattern o that a table of S can be felt as,
one flip that sends every such table into M.  That test takes the felt patterns one at a time, so no rule of the
(2^K)^(2^K) is ever listed: numpy runs it over every state at once, level by level, to the fixed point, so a
state left at -1 has no sure win by rules, a proof.  The adaptive search (``touch.solve``, which may also use
what was felt before) finds the same fewest moves from the start on every table up to 6 positions (tests: up to 5).

Vocabulary (N = 4, goal all alike: the open classes are HHHT, HHTT, HTHT and HTTT):
    State = int   # 0b0101: HHHT or HTHT
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from tutor.puzzles.coins.engine.touch import tables, touches
from tutor.puzzles.coins.limits import TOUCH_POSITIONS
from tutor.puzzles.coins.rules.touch import TouchMove, compact_rule, format_touch_move

if TYPE_CHECKING:
    import numpy as np

State = int
Felt = tuple[int, int, tuple[tuple[int, ...], ...]]  # (pattern o, states showing it, rows[flip][class]: after)


@dataclass(frozen=True)
class Plan:
    """The fewest rule moves from every state (``rounds``, -1: none), and the largest states won within d moves."""

    n: int
    k: int
    goal: str
    open: tuple[int, ...]  # the smallest table of each class that does not ring the bell: bit i of a state
    rounds: np.ndarray  # over every state
    maxima: tuple[tuple[State, ...], ...]
    felt: tuple[tuple[int, tuple[Felt, ...]], ...]  # per touch (a bit set of positions): what each pattern does

    def state(self, reps: list[int]) -> State:
        """The state of the classes with these smallest tables."""
        index = {rep: i for i, rep in enumerate(self.open)}
        return sum(1 << index[rep] for rep in reps)

    def distance(self, state: State) -> int | None:
        """The fewest rule moves that ring the bell from ``state`` (None: no sure win)."""
        d = int(self.rounds[state])
        return None if d < 0 else d


def _felt(n: int, goal: str, touch: int, index: dict[int, int]) -> tuple[Felt, ...]:
    """For each pattern the touch can feel: the classes showing it, and the classes each flip sends them to."""
    tab = tables(n, goal)
    flips = [f for f in range(1 << n) if f & ~touch == 0]
    found: dict[int, tuple[int, list[list[int]]]] = {}
    for t in range(1 << n):
        c = index.get(tab.reps[tab.cls[t]])
        if c is None:
            continue
        o = t & touch
        shows, rows = found.setdefault(o, (0, [[0] * len(index) for _ in flips]))
        found[o] = (shows | 1 << c, rows)
        for row, f in zip(rows, flips, strict=True):
            after = index.get(tab.reps[tab.cls[t ^ f]])
            if after is not None:
                row[c] |= 1 << after
    return tuple((o, shows, tuple(map(tuple, rows))) for o, (shows, rows) in sorted(found.items()))


def _fits(shows: int, rows: tuple[tuple[int, ...], ...], into: State) -> list[int]:
    """For each flip, the classes showing the pattern that the flip sends into ``into`` only."""
    return [sum(1 << c for c in range(len(row)) if shows >> c & 1 and row[c] & ~into == 0) for row in rows]


def _won(states: np.ndarray, felt: tuple[Felt, ...], into: State) -> np.ndarray:
    """Which states have, for every felt pattern, a flip sending all their tables showing it into ``into``."""
    import numpy as np

    ok = np.ones(len(states), dtype=bool)
    for _, shows, rows in felt:
        some = np.zeros(len(states), dtype=bool)
        for fits in _fits(shows, rows, into):
            some |= (states & shows & ~fits) == 0
        ok &= some
    return ok


@cache
def plan(n: int, k: int, goal: str = "same") -> Plan:
    """The rounds of every state, level by level: won within d + 1 if some touch sends it into a maximum of d."""
    import numpy as np

    TOUCH_POSITIONS.check(n, f"the touch rule search over {n} positions")
    tab = tables(n, goal)
    open_ = tuple(rep for rep in tab.reps if not tab.over(rep))
    index = {rep: i for i, rep in enumerate(open_)}
    felt = tuple((t, _felt(n, goal, t, index)) for t in touches(n, k))
    states = np.arange(1 << len(open_), dtype=np.int64)
    rounds = np.full(len(states), -1, dtype=np.int64)
    rounds[0] = 0
    maxima: list[tuple[State, ...]] = [(0,)]
    while True:
        new = np.zeros(len(states), dtype=bool)
        for _, patterns in felt:
            for top in maxima[-1]:
                new |= _won(states, patterns, top)
        new &= rounds < 0
        if not new.any():
            break
        rounds[new] = len(maxima)
        won = rounds >= 0
        largest = won.copy()
        for bit in range(len(open_)):
            without = (states >> bit & 1) == 0
            largest[without] &= ~won[states[without] | 1 << bit]
        maxima.append(tuple(states[largest].tolist()))
    return Plan(n, k, goal, open_, rounds, tuple(maxima), felt)


def next_move(p: Plan, state: State) -> TouchMove | None:
    """A move one nearer the bell from ``state`` (None when there is none to make): the shortest rule over every
    touch and every largest state one move nearer."""
    d = p.distance(state)
    if not d:
        return None
    best: TouchMove | None = None
    for touch, felt in p.felt:
        order = [q for q in range(p.n) if touch >> q & 1]
        for top in p.maxima[d - 1]:
            allowed: list[frozenset[int] | None] = [None] * (1 << len(order))
            for o, shows, rows in felt:
                here = state & shows
                if here:
                    fits = _fits(shows, rows, top)
                    allowed[_squeeze(o, order)] = frozenset(_squeeze(f, order) for f, fit in
                                                            zip(_flips(touch), fits, strict=True) if here & ~fit == 0)
            if any(choice == frozenset() for choice in allowed):
                continue
            move = compact_rule(order, allowed)
            if best is None or (len(move.cases), format_touch_move(move)) < (len(best.cases), format_touch_move(best)):
                best = move
    return best


def _flips(touch: int) -> list[int]:
    """The flips of a touch in the order ``_felt`` lists them."""
    return [f for f in range(touch + 1) if f & ~touch == 0]


def _squeeze(bits: int, order: list[int]) -> int:
    """Bits over positions -> bits over the touched positions (bit i: order[i])."""
    return sum(1 << i for i, q in enumerate(order) if bits >> q & 1)

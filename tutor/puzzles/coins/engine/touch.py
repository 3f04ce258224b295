"""The blind bartender (Ehrenborg and Skinner 1995): each move the player touches k of the n positions, feels
their coins, flips any of them, and then the Devil turns the table.  Exhaustive AND-OR search over beliefs.

The Devil turns after every move, so before each move the player knows the table only up to
turns: a *belief* is a set of classes (necklaces), an int bit set.  A move picks the k positions
to touch (up to turns: the belief does not change when they are turned), so the Devil, who
chose the start and every turn, answers with what the player feels (*the observation*, the
coins under the touched positions), and the player then picks which touched coins to flip,
knowing it.  The game ends when the coins are all alike (the bartender's bell), or all heads
for the goal heads.  ``solve`` computes the least fixed point of "won, or some touch after
which every observation has a flip leading to a belief already known winning" over every
belief reachable from the start, so "no sure win" is a proof, and the rounds it took are the
fewest moves that guarantee a win.

Vocabulary (n = 4):
    Belief = int        # bit set over class indices
    Touch = int         # 0b0011: touch positions 0 and 1
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tutor.puzzles.coins.limits import TOUCH_POSITIONS

Belief = int
Touch = int


@dataclass(frozen=True)
class Table:
    """The tables of n coins (bit p set: tails at p), their classes under turns, and which end the game."""

    n: int
    goal: str
    cls: tuple[int, ...]  # class index of every table
    reps: tuple[int, ...]  # smallest table of each class

    def over(self, table: int) -> bool:
        """Whether the game ends at ``table``."""
        return table == 0 or (self.goal == "same" and table == (1 << self.n) - 1)


def _turn(table: int, n: int, r: int) -> int:
    """The table turned by r: the coin at p moves to p + r."""
    full = (1 << n) - 1
    return ((table << r) | (table >> (n - r))) & full if r else table


@cache
def tables(n: int, goal: str) -> Table:
    """Every table of n coins sorted into classes under turns."""
    canon = [min(_turn(t, n, r) for r in range(n)) for t in range(1 << n)]
    reps = sorted(set(canon))
    index = {rep: i for i, rep in enumerate(reps)}
    return Table(n, goal, tuple(index[c] for c in canon), tuple(reps))


def touches(n: int, k: int) -> list[Touch]:
    """One set of k positions from each class of sets under turns (the smallest as a bit set).

    >>> [bin(t) for t in touches(4, 2)]
    ['0b11', '0b101']
    """
    out = []
    for mask in range(1 << n):
        if bin(mask).count("1") == k and mask == min(_turn(mask, n, r) for r in range(n)):
            out.append(mask)
    return out


def _subsets(mask: int) -> list[int]:
    """Every subset of a bit set, the empty one included."""
    out, sub = [], mask
    while True:
        out.append(sub)
        if sub == 0:
            return out
        sub = (sub - 1) & mask


@cache
def _moves(n: int, k: int, goal: str) -> list[list[tuple[int, list[list[int]]]]]:
    """For each touch, each observation: (the classes with a table showing it, as a bit set), and for each flip the
    successor classes of each class (a bit set per class)."""
    tab = tables(n, goal)
    count = len(tab.reps)
    out = []
    for touch in touches(n, k):
        by_seen: dict[int, tuple[list[int], list[list[int]]]] = {}
        flips = _subsets(touch)
        for t in range(1 << n):
            seen = t & touch
            entry = by_seen.setdefault(seen, ([0] * count, [[0] * count for _ in flips]))
            c = tab.cls[t]
            entry[0][c] = 1
            for i, flip in enumerate(flips):
                after = t ^ flip
                if not tab.over(after):
                    entry[1][i][c] |= 1 << tab.cls[after]
        out.append([(sum(1 << c for c, here in enumerate(shows) if here), succ) for shows, succ in by_seen.values()])
    return out


@dataclass(frozen=True)
class TouchOutcome:
    """Whether a sure win exists, and the fewest moves that guarantee one (None when there is none)."""

    n: int
    k: int
    goal: str
    winnable: bool
    rounds: int | None
    beliefs: int  # beliefs reachable from the start, all searched


def _after(belief: Belief, entry: tuple[int, list[list[int]]]) -> list[Belief] | None:
    """The belief after each flip, for one observation; None when no table of the belief shows it."""
    possible, succ = entry
    inside = belief & possible
    if not inside:
        return None
    members = [c for c in range(inside.bit_length()) if inside >> c & 1]
    out = []
    for row in succ:
        b = 0
        for c in members:
            b |= row[c]
        out.append(b)
    return out


@cache
def solve(n: int, k: int, goal: str = "same") -> TouchOutcome:
    """Exhaustive search: every belief reachable from the start, then the least fixed point of winning beliefs."""
    TOUCH_POSITIONS.check(n, f"the touch search over {n} positions")
    tab = tables(n, goal)
    start = sum(1 << c for c, rep in enumerate(tab.reps) if not tab.over(rep))
    moves = _moves(n, k, goal)
    graph: dict[Belief, list[list[list[Belief]]]] = {}  # belief -> touch -> observation -> beliefs after each flip
    stack = [start]
    while stack:
        b = stack.pop()
        if b in graph or b == 0:
            continue
        graph[b] = [[after for entry in touch if (after := _after(b, entry)) is not None] for touch in moves]
        stack.extend(x for touch in graph[b] for seen in touch for x in seen if x not in graph)
    won = {0: 0}  # belief -> the fewest moves that guarantee a win from it
    for rounds in range(1, len(graph) + 2):
        new = {b: rounds for b, options in graph.items() if b not in won
               and any(all(any(x in won for x in seen) for seen in touch) for touch in options)}
        if not new:
            break
        won.update(new)
    return TouchOutcome(n, k, goal, start in won, won.get(start), len(graph))


def theorem_winnable(n: int, k: int) -> bool:
    """Ehrenborg and Skinner's condition (all alike): k >= (1 - 1/p) n, p the largest prime factor of n (n >= 2).

    >>> [k for k in range(1, 7) if theorem_winnable(6, k)], theorem_winnable(4, 2)
    ([4, 5, 6], True)
    """
    p, m, d = 1, n, 2
    while m > 1:
        if m % d == 0:
            p, m = d, m // d
        else:
            d += 1
    return n == 1 or k * p >= (p - 1) * n


def least_touch(n: int) -> int:
    """The fewest positions the blind bartender must touch a move on n positions (Ehrenborg and Skinner's condition).

    >>> [least_touch(n) for n in range(1, 9)]
    [1, 1, 2, 2, 4, 4, 6, 4]
    """
    return next(k for k in range(1, n + 1) if theorem_winnable(n, k))

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

A flip leaves the touched positions showing a pattern of the player's choosing, whatever was felt,
so what an observation leaves to choose is fixed by the untouched parts of the tables that show it
(a *choice*): observations, and beliefs, with the same untouched parts share one.  The fixed point
is computed backwards from the won belief, a round at a time: a choice is won once one of its
flips reaches a won belief, a touch once all of its choices are.

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


@dataclass(frozen=True)
class _Layout:
    """One touch laid out for the search.  A flip leaves the touched positions showing some pattern u whatever was
    felt there, so the table after it is its untouched part with u added: the flips open to an observation depend
    only on which untouched parts the belief's tables that show it have, and not on the observation itself."""

    width: int  # how many untouched parts there are: 2^(n - k)
    packed: tuple[int, ...]  # per class: its tables as bits, bit i * width + j for felt pattern i and untouched part j
    after: tuple[tuple[int, ...], ...]  # [u][j]: the class of untouched part j with u added, as a bit (0: the bell)


def _layout(n: int, goal: str, touch: Touch) -> _Layout:
    """The layout of one touch on n positions."""
    tab = tables(n, goal)
    felt, parts = _subsets(touch), _subsets(((1 << n) - 1) & ~touch)
    at_felt, at_part = {s: i for i, s in enumerate(felt)}, {x: j for j, x in enumerate(parts)}
    packed = [0] * len(tab.reps)
    for t in range(1 << n):
        packed[tab.cls[t]] |= 1 << (at_felt[t & touch] * len(parts) + at_part[t & ~touch])
    after = tuple(tuple(0 if tab.over(x | u) else 1 << tab.cls[x | u] for x in parts) for u in felt)
    return _Layout(len(parts), tuple(packed), after)


@dataclass(frozen=True)
class TouchOutcome:
    """Whether a sure win exists, and the fewest moves that guarantee one (None when there is none)."""

    n: int
    k: int
    goal: str
    winnable: bool
    rounds: int | None
    beliefs: int  # beliefs reachable from the start, all searched


Choice = int  # untouched parts of the tables showing what was felt, times the touches, plus the touch's index


def _choices(belief: Belief, layouts: list[_Layout]) -> list[set[Choice]]:
    """For each touch, the distinct choices of flip the observations of ``belief`` leave (one per observation)."""
    members = [c for c in range(belief.bit_length()) if belief >> c & 1]
    out, count = [], len(layouts)
    for ti, lay in enumerate(layouts):
        packed, mask, seen = 0, (1 << lay.width) - 1, set()
        for c in members:
            packed |= lay.packed[c]
        while packed:
            if packed & mask:
                seen.add((packed & mask) * count + ti)
            packed >>= lay.width
        out.append(seen)
    return out


def _afters(choice: Choice, layouts: list[_Layout]) -> set[Belief]:
    """The beliefs the flips of one choice lead to."""
    parts_seen, ti = divmod(choice, len(layouts))
    lay = layouts[ti]
    parts = [j for j in range(lay.width) if parts_seen >> j & 1]
    out = set()
    for row in lay.after:
        b = 0
        for j in parts:
            b |= row[j]
        out.add(b)
    return out


@cache
def solve(n: int, k: int, goal: str = "same") -> TouchOutcome:
    """Exhaustive search: every belief reachable from the start, then the least fixed point of winning beliefs,
    backwards from the won belief one round at a time (a touch wins once every one of its choices has a flip to a
    belief already won)."""
    TOUCH_POSITIONS.check(n, f"the touch search over {n} positions")
    tab = tables(n, goal)
    start = sum(1 << c for c, rep in enumerate(tab.reps) if not tab.over(rep))
    layouts = [_layout(n, goal, touch) for touch in touches(n, k)]
    owner: list[Belief] = []  # per option (a belief and a touch): whose it is
    left: list[int] = []  # per option: its choices not yet known to reach a won belief
    options: dict[Choice, list[int]] = {}  # the options each choice is open to
    holders: dict[Belief, list[Choice]] = {}  # the choices with a flip to each belief
    seen, stack = {0, start}, [start] if start else []  # 0: no table left, the bell has rung
    while stack:
        b = stack.pop()
        for choices in _choices(b, layouts):
            owner.append(b)
            left.append(len(choices))
            for choice in choices:
                if choice not in options:
                    options[choice] = []
                    for x in _afters(choice, layouts):
                        holders.setdefault(x, []).append(choice)
                        if x not in seen:
                            seen.add(x)
                            stack.append(x)
                options[choice].append(len(owner) - 1)
    won, layer, done = {0: 0}, [0], set()  # belief -> the fewest moves that guarantee a win from it
    while layer:
        rounds, reached, layer = won[layer[0]] + 1, layer, []
        for x in reached:
            for choice in holders.get(x, ()):
                if choice in done:
                    continue
                done.add(choice)
                for option in options[choice]:
                    left[option] -= 1
                    if not left[option] and owner[option] not in won:
                        won[owner[option]] = rounds
                        layer.append(owner[option])
    return TouchOutcome(n, k, goal, start in won, won.get(start), len(seen) - 1)


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

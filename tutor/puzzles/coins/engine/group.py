"""The layered strategy under any group of moves: a chain of tables the group cannot disturb, found by search.

The rotating table's construction (``construct``) writes its chain of levels down from the
algebra of x^N - 1.  Under an arbitrary group the chain is found instead, bottom up, over
every table (K**N of them, numpy): starting from the goal tables W, take the smallest table t
outside the current level U with q t in U for a prime q dividing K, and g t - t in U for every
generator g.  Then U + <t> is the next level: fixed by the group, q times U, and stepped by t.
Such a t always exists when the group is a p-group and K a power of p (a p-group acting on the
p-group V / U fixes one of its elements of order p), or the group is trivial; the levels then
give ``construct.layered`` its strategy of |V / W| - 1 moves, the lower bound.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.puzzles.coins.engine.construct import Level
from tutor.puzzles.coins.rules import classes
from tutor.puzzles.coins.rules.group import Generators

if TYPE_CHECKING:
    import numpy as np


def _primes(k: int) -> list[int]:
    """The primes dividing k, smallest first."""
    out, d = [], 2
    while d * d <= k:
        if k % d == 0:
            out.append(d)
            while k % d == 0:
                k //= d
        d += 1
    return out + ([k] if k > 1 else [])


def group_levels(n: int, k: int, goal: str, gens: Generators) -> list[Level] | None:
    """The levels of a layered strategy against the group, outermost first; None when the chain stops short
    (then no sure win exists: the theorem says so for every group that is not a p-group with K a power of p).

    >>> group_levels(2, 2, "heads", ((1, 0),))
    [((1, 0), 2), ((1, 1), 2)]
    >>> group_levels(3, 2, "heads", ((1, 0, 2), (1, 2, 0))) is None
    True
    """
    import numpy as np

    digits = classes.digits_of(np.arange(k**n, dtype=np.int64), n, k).astype(np.int64)
    weights = k ** np.arange(n, dtype=np.int64)
    inside = np.zeros(k**n, dtype=bool)
    inside[[0] if goal == "heads" else [int(weights.sum()) * d for d in range(k)]] = True
    moved = [(digits[:, np.argsort(g)] - digits) % k @ weights for g in gens]  # g t - t, for every table t
    chain: list[Level] = []
    while not inside.all():
        found = _step(digits, weights, inside, moved, k)
        if found is None:
            return None
        t, q = found
        inside = _grown(digits, weights, inside, t, q, k)
        chain.append((tuple(int(d) for d in digits[t]), q))
    return chain[::-1]


def _step(digits: np.ndarray, weights: np.ndarray, inside: np.ndarray, moved: list[np.ndarray],
          k: int) -> tuple[int, int] | None:
    """The smallest table t outside the level, fixed by the group modulo it, with q t inside, and q."""
    import numpy as np

    fixed = ~inside
    for diff in moved:
        fixed &= inside[diff]
    for q in _primes(k):
        ok = fixed & inside[(q * digits) % k @ weights]
        if ok.any():
            return int(np.flatnonzero(ok)[0]), q
    return None


def _grown(digits: np.ndarray, weights: np.ndarray, inside: np.ndarray, t: int, q: int, k: int) -> np.ndarray:
    """The level U + <t>: the tables u + j t, u in U, j < q."""
    out = inside.copy()
    for j in range(1, q):
        out |= inside[(digits - j * digits[t]) % k @ weights]
    return out

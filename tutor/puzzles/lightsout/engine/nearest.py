"""The solution nearest a press pattern: among ``pattern + span(first quiet patterns)``, the one that differs
from a learner's pattern in the fewest cells (ties: the first in the order of ``itertools.product`` over the
coefficients).

Only the first quiet patterns are combined, at most ``NEAREST_COSET`` solutions, so a big quiet space (a
1000 x 1000 hollow torus has 2000 quiet patterns) costs a few chases, never all of them.  With 2 states each
solution is one XOR away from the previous one (Gray code on bit sets, one big-int operation per solution);
with more states the boards are at most ``MAX_GFP_CELLS`` cells and the whole coset is one numpy product.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from tutor.puzzles.lightsout.rules.grid import Pattern, Rules, from_bitmask, to_bitmask

NEAREST_COSET = 1 << 10  # solutions compared with a learner's list when looking for the nearest one


def basis_size(states: int, available: int) -> int:
    """How many quiet patterns are combined: the most with ``states ** d <= NEAREST_COSET``."""
    d = 0
    while d < available and states ** (d + 1) <= NEAREST_COSET:
        d += 1
    return d


def nearest(rules: Rules, mine: Pattern, pattern: Pattern, quiet: Sequence[Pattern]) -> Pattern:
    """The solution ``pattern + sum c_i quiet_i`` (first quiet patterns only) closest to ``mine``."""
    basis = list(quiet[: basis_size(rules.states, len(quiet))])
    if rules.states == 2:
        return _nearest_gf2(rules, mine, pattern, basis)
    return _nearest_gfp(rules, mine, pattern, basis)


def _nearest_gf2(rules: Rules, mine: Pattern, pattern: Pattern, basis: list[Pattern]) -> Pattern:
    target = to_bitmask(mine)
    x = to_bitmask(pattern) ^ target  # the cells where the solution differs from ``mine``
    vecs = [to_bitmask(q) for q in reversed(basis)]  # bit b of the Gray code = coefficient of basis[d-1-b]
    best_w, best_g, best_x = x.bit_count(), 0, x
    g = 0
    for i in range(1, 1 << len(vecs)):
        b = (i & -i).bit_length() - 1
        x ^= vecs[b]
        g ^= 1 << b  # g is the solution's index in product order
        w = x.bit_count()
        if w < best_w or (w == best_w and g < best_g):
            best_w, best_g, best_x = w, g, x
    return from_bitmask(best_x ^ target, rules.cells)


def _nearest_gfp(rules: Rules, mine: Pattern, pattern: Pattern, basis: list[Pattern]) -> Pattern:
    import numpy as np

    k, n = rules.states, rules.cells
    d = len(basis)
    vecs = np.array([list(q) for q in basis], dtype=np.int64).reshape(d, n)
    coeffs = np.array(list(product(range(k), repeat=d)), dtype=np.int64).reshape(k**d, d)
    members = (np.frombuffer(pattern, dtype=np.uint8).astype(np.int64)[None, :] + coeffs @ vecs) % k
    dist = (members != np.frombuffer(mine, dtype=np.uint8)[None, :]).sum(axis=1)
    return members[int(dist.argmin())].astype(np.uint8).tobytes()


def differences(mine: Pattern, near: Pattern) -> tuple[int, int, int]:
    """(pressed but not in ``near``, in ``near`` but not pressed, pressed a different nonzero number of times)."""
    import numpy as np

    a, b = np.frombuffer(mine, dtype=np.uint8), np.frombuffer(near, dtype=np.uint8)
    extra = int(np.count_nonzero((a != 0) & (b == 0)))
    missing = int(np.count_nonzero((b != 0) & (a == 0)))
    other = int(np.count_nonzero((a != 0) & (b != 0) & (a != b)))
    return extra, missing, other

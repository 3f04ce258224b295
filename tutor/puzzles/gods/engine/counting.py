"""Counting the first questions that start a plan, by class counts instead of one question at a time.

A first question to god g sends each identity where g is not Random to the first answer, the second,
or - when its two worlds (the two meanings of "ja") are sent apart - to both.  What the rest of the plan
can do depends only on how many identities of each class (one set of Random gods) each branch holds,
so the questions are counted by those numbers: ``n!/(n-a)!/(n-b)!/(a+b-n)!`` ways to send the n
identities of a class so that a reach the first branch and b the second, times 2 for each identity
whose worlds are sent apart.  The sum over the branches both finishable is a quadratic form whose
matrix is a Kronecker product, one small factor per class; it is applied one class at a time.
"""

from __future__ import annotations

from math import comb, factorial, prod

import numpy as np

from tutor.puzzles.gods.engine.classes import ClassSearch, Counts

FIRST_SHAPES = 30_000  # branch shapes judged to count the working first questions (five gods, one Random: 28,561)


def branch_shapes(search: ClassSearch, start: Counts, g: int) -> int:
    """How many branch shapes (counts per class) ``first_splits`` judges for god ``g``: its cost, known before."""
    return prod(start[i] + 1 for i in search.free[g])


def first_splits(search: ClassSearch, start: Counts, k: int, g: int, twins: int) -> tuple[int, int]:
    """(splits, language-free splits) of ``start`` by asking ``g`` after which both branches finish in ``k - 1``.

    ``twins`` is the number of worlds of each identity (2 when only the roles are to be found): a split
    sends worlds, not identities, so with twins an identity may reach both branches.
    """
    free = list(search.free[g])
    caps = [start[i] for i in free]
    if not caps:  # g is Random wherever anything is left: both branches keep everything
        whole = int(search.solvable(start, k - 1))
        return whole, whole
    base = np.array(start, dtype=np.int64)
    base[free] = 0
    grid = np.indices([v + 1 for v in caps]).reshape(len(caps), -1).T
    branches = np.repeat(base[None, :], len(grid), axis=0)
    branches[:, free] = grid
    finishable = _finishable(search, branches, grid, caps, k - 1)
    shape = [v + 1 for v in caps]
    ok = finishable.reshape(shape)
    mirror = ok[tuple(slice(None, None, -1) for _ in caps)]  # ok at caps - a: the other branch of a plain split
    ways = np.ones(shape, dtype=object)
    for axis, n in enumerate(caps):
        ways = ways * np.array([comb(n, a) for a in range(n + 1)], dtype=object).reshape(
            [n + 1 if i == axis else 1 for i in range(len(caps))])
    plain = int((ways * (ok & mirror)).sum()) if caps else int(ok.all() and mirror.all())
    if twins < 2:
        return plain, plain
    return _with_twins(ok, caps, twins), plain


def _finishable(search: ClassSearch, branches: np.ndarray, grid: np.ndarray, caps: list[int], k: int) -> np.ndarray:
    """Which rows (a grid over ``caps``, C order) can be finished in ``k`` questions.

    A branch holding fewer identities of some class is no harder, so the rows are taken largest first
    and a row below a finishable one is finishable without a search; the rest are searched (those the
    counting bound rules out, not even that).
    """
    n = len(branches)
    strides = [int(np.prod([v + 1 for v in caps[i + 1:]])) for i in range(len(caps))]
    hopeful = search.room(branches, k) >= 0 if search.prune else np.ones(n, dtype=bool)
    sizes = branches.sum(axis=1)
    digits = grid.tolist()
    out = [False] * n
    hope = hopeful.tolist()
    for row in np.argsort(-sizes, kind="stable").tolist():
        if not hope[row]:
            continue
        x = digits[row]
        if any(x[i] < caps[i] and out[row + strides[i]] for i in range(len(caps))):
            out[row] = True
        else:
            search.spent = 0  # each search its own budget
            out[row] = search.solvable(tuple(branches[row].tolist()), k)
    return np.array(out, dtype=bool)


def _with_twins(ok: np.ndarray, caps: list[int], twins: int) -> int:
    """The sum over branch pairs (a, b), both finishable, of the ways to reach them when identities may go to
    both branches: ``ok . K ok`` with K the Kronecker product of one matrix per class."""
    apart = (1 << twins) - 2  # ways to send an identity's worlds to both answers
    vec = ok.astype(object)
    for axis, n in enumerate(caps):
        matrix = np.array([[_ways(n, a, b, apart) for b in range(n + 1)] for a in range(n + 1)], dtype=object)
        vec = np.moveaxis(np.tensordot(matrix, vec, axes=([1], [axis])), 0, axis)
    return int((ok.astype(object) * vec).sum())


def _ways(n: int, a: int, b: int, apart: int) -> int:
    """Ways to send ``n`` identities so that ``a`` reach the first branch and ``b`` the second.

    >>> _ways(2, 1, 1, 2), _ways(2, 2, 1, 2), _ways(2, 2, 2, 2)
    (2, 4, 4)
    """
    both = a + b - n
    if both < 0:
        return 0
    return factorial(n) // (factorial(n - a) * factorial(n - b) * factorial(both)) * apart ** both

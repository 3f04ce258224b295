"""The least *expected* number of questions: memoised dynamic programming over weighted sets of identities.

The world (roles, and the meaning of "ja") is uniform over the start worlds, and Random answers each
word with probability 1/2, independently at every question.  A plan's average is the sum over its
leaves of the leaf's probability times its depth; equivalently, every question adds the probability
of reaching it.  So with ``cost(S)`` the probability mass ``S`` carries times its expected number of
questions still to come,

    cost(S) = 0                                       when S holds one identity,
    cost(S) = mass(S) + min over questions (cost(first) + cost(second)),

where a question to god g sends each identity where g is not Random wholly to the answer the question
gives it and each identity where g is Random to both answers with half its mass.  Questions are the
solver's: a god and any subset of the identities (the classic computer model).  Identities, not
worlds: a world's twin (the same roles, the other meaning of "ja") can always be made to follow the
world's path, so the twin that costs less can be copied and no average gets worse (the set form of the
embedded-question lemma, as in ``solver``); the identity's mass is its worlds' share of the start.

A state is a weight per identity (whole numbers, with the common factor taken out: ``cost`` is
homogeneous, ``cost(c S) = c cost(S)``), memoised in a canonical form: per class of identities (one
set of Random gods) the sorted weights, in the naming of the gods that gives the smallest tuple.  Each
path may ask at most ``k`` questions (the depth bound ``check`` judges plans by); which branches can be
finished within that is the worst-case search's answer (``ClassSearch.solvable``), as weights do not
change it.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from fractions import Fraction
from functools import reduce
from itertools import product
from math import gcd

from tutor.errors import SearchLimit
from tutor.puzzles.gods.engine.solver import ItemSet, Plan, Solver
from tutor.puzzles.gods.rules.worlds import WorldSet

Weights = tuple[int, ...]  # a whole-number weight per identity, 0 where absent: (1, 1, 0, 2, 2, 2)
Key = tuple[tuple[tuple[int, ...], ...], int]  # (per class, the sorted weights; questions left): the memo's key
Split = tuple[int, Weights, Weights]  # (god asked, the first answer's weights, the second's), before scaling

AVERAGE_BUDGET = 100_000  # splits one search may examine, in all: about 3 s (T,T,F,F,R needs 142,708; docs/limits.md)
MAX_AVERAGE_IDENTITIES = 30  # identities to tell apart: past this the search is refused before it starts


class AverageSearch:
    """The least expected number of questions for one variant, over plans of at most ``k`` questions a path."""

    def __init__(self, solver: Solver, budget: int = AVERAGE_BUDGET) -> None:
        self.solver = solver
        self.budget = budget
        self.n = solver.n
        self.rand = solver.rand
        self.class_of = tuple(next(j for j, c in enumerate(solver.class_items) if c >> i & 1) for i in range(self.n))
        self.memo: dict[Key, Fraction | None] = {}
        self.seen: dict[tuple[Weights, int], Fraction | None] = {}  # the same, keyed by the state as met
        self.spent = 0  # splits examined, in all
        self.refused: dict[tuple[Weights, int], str] = {}  # searches that spent their budget: why they were refused

    def check_size(self) -> None:
        """``SearchLimit`` naming the limit, before any work, when there are too many identities to search."""
        if self.n > MAX_AVERAGE_IDENTITIES:
            raise SearchLimit(f"the average search over {self.n} identities is refused: over the limit of "
                              f"{MAX_AVERAGE_IDENTITIES} (docs/limits.md)")

    # -- states ---------------------------------------------------------------------

    def start(self, worlds: WorldSet) -> Weights:
        """The weight of each identity: how many of ``worlds`` it has (a world's probability is 1/len(worlds))."""
        out = [0] * self.n
        for i in range(self.solver.u.size):
            if worlds >> i & 1:
                out[self.solver.u.identity[i]] += 1
        return tuple(out)

    def key(self, w: Weights, k: int) -> Key:
        """The memo key of ``w`` with ``k`` questions left: sorted weights per class, in a canonical naming."""
        per = [[] for _ in self.solver.class_items]  # type: list[list[int]]
        for i, x in enumerate(w):
            if x:
                per[self.class_of[i]].append(x)
        base = tuple(tuple(sorted(p)) for p in per)
        best = min(tuple(base[j] for j in back) for back in self.solver.search.gather.values())
        return best, k

    # -- the search -----------------------------------------------------------------

    def cost(self, w: Weights, k: int) -> Fraction | None:
        """Mass times expected questions to tell ``w`` apart in at most ``k`` (None: it cannot be done)."""
        items = _items(w)
        if items & (items - 1) == 0:
            return Fraction(0)
        if k <= 0 or not self.solver.solvable(items, k):
            return None
        g = reduce(gcd, w)
        if g > 1:
            inner = self.cost(tuple(x // g for x in w), k)
            return None if inner is None else inner * g
        if (w, k) in self.seen:
            return self.seen[(w, k)]
        key = self.key(w, k)
        if key in self.memo:
            self.seen[(w, k)] = self.memo[key]
            return self.memo[key]
        best = None  # twice the least cost of the two answers so far
        for _, a, b in self.splits(w, k):
            low_b = huffman(b)
            if best is not None and huffman(a) + low_b >= best:
                continue  # branch and bound: even the counting of an ideal code cannot do better
            ca = self.cost(a, k - 1)
            if ca is None or (best is not None and ca + low_b >= best):
                continue
            cb = self.cost(b, k - 1)
            if cb is not None and (best is None or ca + cb < best):
                best = ca + cb
        value = None if best is None else sum(w) + best / 2
        self.memo[key] = self.seen[(w, k)] = value
        return value

    def splits(self, w: Weights, k: int) -> Iterator[Split]:
        """Every question from ``w`` that leaves both answers finishable in ``k - 1``, up to equal identities.

        Identities of one class with one weight are interchangeable, so only how many of them go to the
        first answer matters; a question that keeps every identity where it is, with the whole state in one
        answer, is left out (it only spends a question).  Weights are doubled where not halved (the branch's
        true weights are half of those given).
        """
        solvable = self.solver.solvable  # each its own call of the worst-case search, with its own budget
        for god, rand in enumerate(self.rand):
            groups: dict[tuple[int, int], list[int]] = {}
            for i, x in enumerate(w):
                if x and not rand >> i & 1:
                    groups.setdefault((self.class_of[i], x), []).append(i)
            members = list(groups.values())
            for take in product(*(range(len(m) + 1) for m in members)):
                first = [i for m, t in zip(members, take, strict=True) for i in m[:t]]
                ja = sum(1 << i for i in first)
                a = tuple(2 * x if ja >> i & 1 else x if rand >> i & 1 else 0 for i, x in enumerate(w))
                b = tuple(0 if ja >> i & 1 else x if rand >> i & 1 else 2 * x for i, x in enumerate(w))
                if not any(a) or not any(b):
                    continue  # no Random part and one side empty: the question tells nothing
                self.spent += 1
                if self.spent > self.budget:
                    raise SearchLimit(f"the average search's budget of {self.budget:,} questions spent "
                                      "(docs/limits.md)")
                if solvable(_items(a), k - 1) and solvable(_items(b), k - 1):
                    yield god, a, b

    def plan(self, w: Weights, k: int) -> Plan:
        """A plan of at most ``k`` questions a path whose average is ``cost(w, k) / sum(w)``."""
        items = _items(w)
        target = self.cost(w, k)
        assert target is not None, "plan() is only asked for a state that can be finished"
        if items & (items - 1) == 0:
            return Plan(items)
        for god, a, b in self.splits(w, k):
            ca, cb = self.cost(a, k - 1), self.cost(b, k - 1)
            if ca is not None and cb is not None and sum(w) + (ca + cb) / 2 == target:
                ja = _items(a) & ~self.rand[god]
                return Plan(items, god, ja, self.plan(a, k - 1), self.plan(b, k - 1))
        raise AssertionError("the memoised optimum has a question that reaches it")

    def within_budget(self, w: Weights, k: int, fresh: bool = True) -> Fraction | None:
        """``cost`` within the budget (a ``fresh`` one, or what is left of the last); a search that spent it is
        refused again at once when asked again (the same search, with the same budget: asking twice must not
        cost twice)."""
        if (w, k) in self.refused:
            raise SearchLimit(self.refused[w, k])
        if fresh:
            self.spent = 0
        try:
            return self.cost(w, k)
        except SearchLimit as refused:
            if fresh:  # refused on a part of a budget, it might still fit a whole one
                self.refused[w, k] = str(refused)
            raise

    def least(self, worlds: WorldSet, k: int) -> tuple[Fraction | None, Plan | None]:
        """The least expected number of questions from ``worlds`` (uniform) within ``k`` a path, and a plan.

        The search and the plan have a budget each; ``SearchLimit`` before any work past ``MAX_AVERAGE_IDENTITIES``.
        """
        self.check_size()
        w = self.start(worlds)
        cost = self.within_budget(w, k)
        if cost is None:
            return None, None
        self.spent = 0  # the plan walks memoised states only: its own budget
        return cost / sum(w), self.plan(w, k)

    def opened(self, worlds: WorldSet, k: int, god: int, says_first: WorldSet) -> tuple[Fraction, Plan] | None:
        """The least average from ``worlds`` (uniform) over plans of at most ``k`` questions a path that open by
        asking god ``god`` a question answered with the first word exactly in the worlds ``says_first``, and such a
        plan (None: its two answers cannot both be finished in ``k - 1``).

        The opening must send the two worlds of an identity the same way where ``god`` is not Random (a wrapped
        question does): ``ValueError`` otherwise, as the search is over identities.
        """
        self.check_size()
        u, rand = self.solver.u, self.rand[god]
        firsts, seconds = 0, 0
        for i in range(u.size):
            if worlds >> i & 1 and not rand >> u.identity[i] & 1:
                if says_first >> i & 1:
                    firsts |= 1 << u.identity[i]
                else:
                    seconds |= 1 << u.identity[i]
        if firsts & seconds:
            raise ValueError("the opening answers differently in two worlds that differ only in what 'ja' means")
        w = self.start(worlds)
        a = tuple(2 * x if firsts >> i & 1 else x if rand >> i & 1 else 0 for i, x in enumerate(w))
        b = tuple(2 * x if seconds >> i & 1 else x if rand >> i & 1 else 0 for i, x in enumerate(w))
        ca = self.within_budget(a, k - 1)
        cb = None if ca is None else self.within_budget(b, k - 1, fresh=False)  # one budget for the two
        if ca is None or cb is None:
            return None
        self.spent = 0
        plan = Plan(_items(w), god, firsts, self.plan(a, k - 1), self.plan(b, k - 1))
        return (sum(w) + (ca + cb) / 2) / sum(w), plan


def huffman(w: Weights) -> int:
    """A lower bound on ``cost(w)`` (in the same units): the cost of an optimal prefix code for the weights.

    A plan's leaves form a prefix code, each identity keeping its shallowest leaf is one for the identities,
    and Huffman's code is the cheapest of those, Random or not.

    >>> huffman((1, 1, 1, 1, 1, 1))
    16
    """
    heap = [x for x in w if x]
    if len(heap) < 2:
        return 0
    heapq.heapify(heap)
    total = 0
    while len(heap) > 1:
        merged = heapq.heappop(heap) + heapq.heappop(heap)
        total += merged
        heapq.heappush(heap, merged)
    return total


def _items(w: Weights) -> ItemSet:
    """The identities present (weight above 0)."""
    return sum(1 << i for i, x in enumerate(w) if x)


def fraction_json(value: Fraction | None) -> dict[str, object] | None:
    """``{"fraction": "8/3", "float": 2.6666666666666665}`` (None stays None)."""
    if value is None:
        return None
    return {"fraction": str(value), "float": float(value)}


def average_text(value: Fraction | None) -> str:
    """``3``, or ``47/12 (about 3.92)``: an average as the text shows it."""
    if value is None:
        return "unknown"
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value} (about {float(value):.2f})"

"""The search behind the solver: a memoised AND-OR search over *counts* of identities per Random set.

A question to god g sends every identity where g is Random down both answers and splits the others
freely (a question is any set of worlds).  So two identities whose Random gods are the same are
interchangeable: whatever one can do in a plan, the other can.  A state is therefore how many
identities are left in each *class* (the identities sharing one set of Random gods), a move is a god
and how many of each class go to the first answer, and renaming the gods maps a state to one exactly
as hard (states are memoised in one canonical naming).  The classic puzzle has 3 classes of 2; five
gods with two Random, 10 classes of 6 - where bit sets over identities would have 2**60 states.

``solvable`` is exact.  With ``prune`` it also uses the counting bound, a theorem: k questions have at
most 2**k answer paths, and asking god g first, his Random part reaches both answers, so one answer
keeps at least that part and half the rest.  The splits of a state are laid out as a numpy grid and
the branches this rules out are dropped before any is searched.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import permutations, product
from math import prod

import numpy as np

from tutor.errors import SearchLimit

SEARCH_BUDGET = 20_000  # splits one search may examine past the counting bound (the worst start found: 2,032)
MAX_STATES = 3_000_000_000  # states one search could visit (count vectors x questions; five gods: 2,824,752,490)

Counts = tuple[int, ...]  # identities left per class, in class order: (2, 0, 3)
Move = tuple[int, Counts]  # (god asked, the first answer's branch: Random's classes whole, the rest split)


class ClassSearch:
    """Exact search over class counts for one variant; results are memoised across calls.

    ``classes`` lists each class's Random gods as a bit set over the gods (``0b100``: C is Random);
    every renaming of the gods must map this list onto itself (it does for a whole variant).
    """

    def __init__(self, classes: Sequence[int], gods: int, budget: int, prune: bool = True) -> None:
        self.classes = tuple(classes)
        self.gods = gods
        self.budget = budget
        self.prune = prune
        m = len(self.classes)
        self.both = tuple(tuple(i for i in range(m) if self.classes[i] >> g & 1) for g in range(gods))
        self.free = tuple(tuple(i for i in range(m) if not self.classes[i] >> g & 1) for g in range(gods))
        # for the pre-check of a god's splits (``_possible``): of his Random classes, those where each god is
        # Random too; for each two gods g1 <= g2, his other classes where both are Random
        self.fixed = tuple(tuple(tuple(i for i in self.both[g] if self.classes[i] >> h & 1) for h in range(gods))
                           for g in range(gods))
        self.pairs = tuple(tuple((g1, g2, self._shared(g, 1 << g1 | 1 << g2)) for g1 in range(gods)
                                 for g2 in range(g1, gods)) for g in range(gods))
        self.random_in = np.array([[c >> g & 1 for g in range(gods)] for c in self.classes], dtype=np.float32)
        self.gather = _renamings(self.classes, gods)
        self.memo: dict[tuple[Counts, int], bool] = {}
        self.moves = 0  # splits examined, in all
        self.states = 0  # states searched (each in its canonical naming, with the questions left)
        self.spent = 0  # splits examined by the current call of ``solvable_within``

    def _shared(self, g: int, pair: int) -> tuple[int, ...]:
        """The classes where ``g`` is not Random and every god of ``pair`` (a bit set) is."""
        return tuple(i for i in self.free[g] if self.classes[i] & pair == pair)

    def space(self, c: Counts, k: int) -> int:
        """The most states a search from ``c`` with ``k`` questions can visit: every count vector below ``c``
        with every number of questions left (known before the search)."""
        return k * prod(v + 1 for v in c)

    def check_space(self, c: Counts, k: int) -> None:
        """``SearchLimit`` naming the limit, before any work, if a search from ``c`` could pass ``MAX_STATES``."""
        states = self.space(c, k)
        if states > MAX_STATES:
            raise SearchLimit(f"a search over {sum(c)} possibilities with {k} questions could visit {states:,} "
                              f"states: over the limit of {MAX_STATES:,} (docs/limits.md)")

    def canonical(self, c: Counts) -> Counts:
        """The state ``c`` in a naming of the gods that depends only on the state (the memo's key).

        The gods are ranked by the identities they are Random in (which no renaming changes); of the
        renamings into that order, the one giving the smallest tuple.
        """
        sig = [sorted(c[i] for i in both) for both in self.both]
        order = sorted(range(self.gods), key=lambda g: (sum(sig[g]), sig[g]))
        groups: list[list[int]] = []
        for g in order:
            if groups and sig[groups[-1][0]] == sig[g]:
                groups[-1].append(g)
            else:
                groups.append([g])
        best = c
        first = True
        for choice in product(*(permutations(group) for group in groups)):
            p = [0] * self.gods
            for rank, g in enumerate(g for part in choice for g in part):
                p[g] = rank
            cand = tuple(c[j] for j in self.gather[tuple(p)])
            if first or cand < best:
                best, first = cand, False
        return best

    def hopeless(self, c: Counts, k: int, total: int) -> bool:
        """Whether the counting bound alone rules out ``k >= 1`` questions for ``total >= 2`` identities: too
        many, or whoever is asked first, his Random part plus half the rest is more than ``k - 1`` can take."""
        if total > 1 << k:
            return True
        room = 2 << (k - 1)  # r + ceil(rest / 2) <= 2**(k-1)  <=>  total + r <= 2**k
        for both in self.both:
            r = sum(c[i] for i in both)
            if r < total and total + r <= room:
                return False
        return True

    def solvable(self, c: Counts, k: int) -> bool:
        """Whether the identities counted by ``c`` can be told apart with at most ``k`` questions."""
        total = sum(c)
        if total <= 1:
            return True
        if k <= 0 or (self.prune and self.hopeless(c, k, total)):
            return False
        hit = self.memo.get((c, k))
        if hit is None:
            key = (self.canonical(c), k)
            hit = self.memo.get(key)
            if hit is None:
                self.states += 1
                hit = bool(self.memo.get((key[0], k - 1))) or any(True for _ in self.working(key[0], k))
                self.memo[key] = hit
            self.memo[(c, k)] = hit
        return hit

    def solvable_within(self, c: Counts, k: int) -> bool:
        """``solvable``, as one call with its own budget of examined splits (``SearchLimit`` past it), refused
        before the search if it could visit more than ``MAX_STATES`` states."""
        self.check_space(c, k)
        self.spent = 0
        return self.solvable(c, k)

    def witness(self, c: Counts, k: int) -> Move:
        """A move from the solvable state ``c`` after which both answers finish in ``k - 1`` questions."""
        self.spent = 0
        move = next(self.working(c, k), None)
        assert move is not None, "witness() is only asked about a solvable state"
        return move

    def working(self, c: Counts, k: int) -> Iterator[Move]:
        """The moves from ``c`` after which both answers can be finished in ``k - 1`` questions, likeliest first."""
        for g, a, b in self.splits(c, k):
            self.moves += 1
            self.spent += 1
            if self.spent > self.budget:
                raise SearchLimit(f"search budget of {self.budget:,} moves spent")
            if self.solvable(a, k - 1) and self.solvable(b, k - 1):
                yield g, a

    def splits(self, c: Counts, k: int) -> Iterator[tuple[int, Counts, Counts]]:
        """(god asked, first answer's branch, second's) for each useful split of ``c``, likeliest to work first.

        Each unordered pair of branches once; no branch equal to ``c``; of gods that a renaming keeping
        ``c`` swaps, one; with ``prune``, none that the counting bound rules out for ``k - 1`` questions.
        Likeliest: the branch with less room under the counting bound has the most room.
        """
        parts = [part for g in self.unlike_gods(c) if (part := self._splits(c, k, g)) is not None]
        if not parts:
            return
        room = np.concatenate([p[0] for p in parts])
        which = np.concatenate([np.full(len(p[0]), j) for j, p in enumerate(parts)])
        rows = np.concatenate([p[2] for p in parts])
        for i in np.argsort(-room, kind="stable").tolist():
            g, _, _, caps, free = parts[which[i]]
            x = rows[i].tolist()
            a, b = list(c), list(c)
            for j, v, cap in zip(free, x, caps, strict=True):
                a[j], b[j] = v, cap - v
            yield g, tuple(a), tuple(b)

    def unlike_gods(self, c: Counts) -> list[int]:
        """One god of each set that renamings keeping ``c`` move into each other (asking either is the same
        move up to a renaming)."""
        return sorted(set(self.god_orbits(c)))

    def god_orbits(self, c: Counts) -> list[int]:
        """For each god, the first god that a renaming keeping ``c`` as it is maps him to or from."""
        if len(set(c)) > 1 and self.gods > 3:
            return list(range(self.gods))  # only a uniform state is worth the check (it is the common one)
        keeping = [p for p, back in self.gather.items() if tuple(c[j] for j in back) == c]
        return [min(p[g] for p in keeping) for g in range(self.gods)]

    def _splits(self, c: Counts, k: int, g: int) -> tuple[np.ndarray, int, np.ndarray, list[int], list[int]] | None:
        """The splits by asking ``g``: (room of each, ``g``, the first answer's share of each free class,
        the free classes' counts, the free classes), None if none is left."""
        free = list(self.free[g])
        caps = [c[i] for i in free]
        rest = sum(caps)
        if rest < 2 or (self.prune and not self._possible(c, k, g, rest)):
            return None
        grid, size = _grid(tuple(caps))
        n = len(grid)
        code = np.arange(n)
        keep = (size >= 1) & (size < rest) & ((2 * size < rest) | ((2 * size == rest) & (code <= n - 1 - code)))
        grid, size = grid[keep], size[keep]
        r = sum(c) - rest
        base = np.array([sum(c[i] for i in self.fixed[g][h]) for h in range(self.gods)], dtype=np.int64)
        moved = self.random_in[free]  # free class x god: 1 where that god is Random in it
        r_first = base + (grid @ moved).astype(np.int64)
        r_second = base + np.array(caps) @ moved.astype(np.int64) - (r_first - base)
        room = np.minimum(_room(r + size, r_first, k - 1), _room(r + rest - size, r_second, k - 1))
        if self.prune:
            ok = room >= 0
            room, grid = room[ok], grid[ok]
        return (room, g, grid, caps, free) if len(room) else None

    def _possible(self, c: Counts, k: int, g: int, rest: int) -> bool:
        """Whether some split by asking ``g`` might leave both branches inside the counting bound for ``k - 1``.

        Add the two bounds, branch a asking g1 next and branch b asking g2: the classes where g is Random
        are in both branches, and a class where g1 and g2 are both Random counts in either branch it goes
        to, so ``2 r + rest + fixed[g1] + fixed[g2] + shared <= 2**k`` for some g1, g2 is needed (when no
        branch can be a single identity, which holds once g is Random in one at least).
        """
        r = sum(c) - rest
        if k < 2 or r == 0:
            return True
        limit = (1 << k) - 2 * r - rest
        fixed = [sum(c[i] for i in idx) for idx in self.fixed[g]]
        return any(fixed[g1] + fixed[g2] + sum(c[i] for i in shared) <= limit for g1, g2, shared in self.pairs[g])

    def room(self, branches: np.ndarray, k: int) -> np.ndarray:
        """How far each row is inside the counting bound for ``k`` questions (negative: ruled out; ``hopeless``
        on many rows at once)."""
        return _room(branches.sum(axis=1, dtype=np.int64), (branches @ self.random_in).astype(np.int64), k)


def _room(total: np.ndarray, r: np.ndarray, k: int) -> np.ndarray:
    """For branches of ``total`` identities, ``r[:, g]`` of them where god g is Random: 2**k minus the least
    total + Random part over the gods worth asking, and no more than 2**k - total (negative: ruled out)."""
    if k <= 0:
        return np.where(total <= 1, 1, -1)
    need = np.where(r < total[:, None], total[:, None] + r, 1 << 62).min(axis=1)
    room = np.minimum((2 << (k - 1)) - need, (1 << k) - total)
    return np.where(total <= 1, 1 << 20, room)


@lru_cache(maxsize=4096)
def _grid(caps: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Every vector ``0 <= x <= caps`` (lexicographic order, as rows) and the sum of each."""
    grid = np.indices([v + 1 for v in caps], dtype=np.int16).reshape(len(caps), -1).T
    return grid, grid.sum(axis=1, dtype=np.int64)


def _renamings(classes: tuple[int, ...], gods: int) -> dict[tuple[int, ...], tuple[int, ...]]:
    """For each renaming ``p`` of the gods (god g becomes ``p[g]``): the renamed state's class j is class
    ``gather[p][j]`` of the state renamed."""
    index = {c: i for i, c in enumerate(classes)}
    gather = {}
    for p in permutations(range(gods)):
        back = [0] * len(classes)
        for i, c in enumerate(classes):
            back[index[_rename(c, p)]] = i
        gather[p] = tuple(back)
    return gather


def _rename(randoms: int, perm: Sequence[int]) -> int:
    """A set of gods (bit set) after renaming god ``g`` as ``perm[g]``."""
    out = 0
    for g, p in enumerate(perm):
        if randoms >> g & 1:
            out |= 1 << p
    return out

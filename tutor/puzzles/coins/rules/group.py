"""Coin tables under any group of moves: the Devil's group in cycle notation, its elements, and its classes.

The Devil may move the table by any permutation of the N positions in a group
given by generators, written in cycle notation (``group.lark``, read by the
shared LALR toolkit of ``tutor.grammar``; never ``eval``): ``(0 1)(2 3), (0 2)(1 3)``
is the Klein four-group on 4 positions.  ``closure`` lists every element (the
identity first), ``GroupModel`` is the rotating table's ``Model`` with that list
as its turns, so the belief search, the trap and the exact verifier run on it
unchanged; only the classes (orbits of tables) are computed here, for any group.

Vocabulary (N = 4):
    Perm = tuple[int, ...]   # (1, 0, 3, 2): the coin at position p moves to position perm[p], "(0 1)(2 3)"
    Generators = tuple[Perm, ...]
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from typing import TYPE_CHECKING, Any

from tutor.grammar import Language, NotationError, Reading
from tutor.puzzles.coins.limits import GROUP_DEGREE, GROUP_ORDER, GROUP_WORK
from tutor.puzzles.coins.rules import Model, Move, classes

if TYPE_CHECKING:
    import numpy as np
    from lark import Token

Perm = tuple[int, ...]
Generators = tuple[Perm, ...]

MAX_TEXT = 2_000  # characters in one --group


class GroupError(NotationError):
    """A group in cycle notation that does not read, or names a position the table does not have."""


class _Actions:
    """Generators as lists of cycles of NUMBER tokens; positions are checked against N after the parse."""

    def generators(self, *children: Any) -> list[list[list[Token]]]:
        return [c for c in children if isinstance(c, list)]

    def generator(self, *cycles: list[Token]) -> list[list[Token]]:
        return list(cycles)

    def cycle(self, *children: Token) -> list[Token]:
        return [t for t in children if t.type == "NUMBER"]


GROUPS = Language(
    noun="group",
    example="generators in cycle notation such as (0 1)(2 3), (0 2)(1 3)",
    package=__package__,
    grammar="group.lark",
    start=["generators"],
    spoken=[("NUMBER", "a position"), ("LPAR", "'('"), ("RPAR", "')'"), ("COMMA", "','")],
    actions=_Actions(),
    error=GroupError,
)


@lru_cache(maxsize=1024)  # a lesson reads its group for every value, reply and hint
def parse_group(text: str, n: int) -> Generators:
    """Generators over positions 0..N-1 from cycle notation; ``GroupError`` names the column of a fault.

    >>> parse_group("(0 1)(2 3), (0 2)(1 3)", 4)
    ((1, 0, 3, 2), (2, 3, 0, 1))
    >>> parse_group("(0 1 2)", 4)
    ((1, 2, 0, 3),)
    """
    reading = Reading(GROUPS, text)
    if len(text) > MAX_TEXT:
        raise reading.refuse(f"longer than {MAX_TEXT:,} characters")
    tree = reading.parse("generators")
    gens = []
    for generator in tree:
        perm = list(range(n))
        seen: set[int] = set()
        for cycle in generator:
            for i, token in enumerate(cycle):
                p = int(token) if len(token) <= 7 else n
                if p >= n:
                    raise reading.error(f"position {token} is not on the table", token,
                                        f"the positions are 0 to {n - 1}; --coins sets N")
                if p in seen:
                    raise reading.error(f"position {p} appears twice in one generator", token,
                                        "a generator is a product of disjoint cycles")
                seen.add(p)
                perm[p] = int(cycle[(i + 1) % len(cycle)])
        gens.append(tuple(perm))
    return tuple(gens)


def format_perm(perm: Perm) -> str:
    """Cycle notation, fixed points left out: ``(0 1)(2 3)``; the identity is ``()``.

    >>> format_perm((1, 2, 0, 3)), format_perm((0, 1))
    ('(0 1 2)', '()')
    """
    seen: set[int] = set()
    out = []
    for start in range(len(perm)):
        if start in seen or perm[start] == start:
            continue
        cycle = [start]
        seen.add(start)
        p = perm[start]
        while p != start:
            cycle.append(p)
            seen.add(p)
            p = perm[p]
        out.append("(" + " ".join(map(str, cycle)) + ")")
    return "".join(out) or "()"


def format_group(gens: Generators) -> str:
    """Generators in the canonical notation ``parse_group`` reads back.

    >>> format_group(parse_group("(1 0)( 3 2 ),(0 2)(3 1)", 4))
    '(0 1)(2 3), (0 2)(1 3)'
    """
    return ", ".join(format_perm(g) for g in gens)


@lru_cache(maxsize=1024)
def order(gens: Generators, n: int) -> int:
    """The order of the group the generators generate (sympy's Schreier-Sims on the positions moved: nothing is
    enumerated, and the size of the table does not matter).

    >>> order(((1, 2, 0), (1, 0, 2)), 3)
    6
    """
    from sympy.combinatorics import Permutation, PermutationGroup

    moved = sorted({p for g in gens for p in range(n) if g[p] != p})  # the rest is fixed: the group acts on these
    if not moved:
        return 1
    GROUP_DEGREE.check(len(moved), f"the generators move {len(moved)} positions")
    label = {p: i for i, p in enumerate(moved)}
    return int(PermutationGroup([Permutation([label[g[p]] for p in moved]) for g in gens]).order())


def closure(gens: Generators, n: int) -> tuple[Perm, ...]:
    """Every element of the group, the identity first, by breadth-first products (refused past group_order).

    >>> closure(((1, 2, 0),), 3)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    size = order(gens, n)
    GROUP_ORDER.check(size, f"the group has {size:,} elements")
    identity = tuple(range(n))
    found = {identity: None}
    queue = deque([identity])
    while queue:
        g = queue.popleft()
        for h in gens:
            gh = tuple(h[g[p]] for p in range(n))  # first g, then h
            if gh not in found:
                found[gh] = None
                queue.append(gh)
    return tuple(found)


def canonical_under(elements: tuple[Perm, ...], n: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The class of every table under the group and the representatives (smallest codes), as ``classes.canonical``.

    >>> cls, reps = canonical_under(closure(((1, 0, 2),), 3), 3, 2)
    >>> reps.tolist()
    [0, 1, 3, 4, 5, 7]
    """
    import numpy as np

    codes = np.arange(k**n, dtype=np.int64)
    digits = classes.digits_of(codes, n, k).astype(np.int64)
    canon = codes.copy()
    for g in elements:
        np.minimum(canon, digits @ (k ** np.array(g, dtype=np.int64)), out=canon)
    reps = np.flatnonzero(canon == codes)
    index = np.zeros(len(codes), dtype=np.intp)
    index[reps] = np.arange(len(reps), dtype=np.intp)
    return index[canon], reps.astype(np.int64)


def cycle_count(perm: Perm) -> int:
    """How many cycles a permutation has, fixed points included (it fixes K**cycles tables).

    >>> cycle_count((1, 0, 3, 2)), cycle_count((0, 1, 2))
    (2, 3)
    """
    seen: set[int] = set()
    count = 0
    for start in range(len(perm)):
        if start not in seen:
            count += 1
            p = start
            while p not in seen:
                seen.add(p)
                p = perm[p]
    return count


@dataclass(frozen=True)
class GroupModel(Model):
    """The table with the Devil moving it by any element of the group the ``generators`` generate."""

    generators: Generators = ()

    @cached_property
    def group(self) -> tuple[Perm, ...]:
        """Every element of the group, the identity first (refused past group_order, and past group_work)."""
        self.require_enumerable()
        elements = closure(self.generators, self.n)
        work = len(elements) * self.tables
        GROUP_WORK.check(work, f"{len(elements):,} moves of the table x {self.tables:,} tables is {work:,}")
        return elements

    def turn_label(self, index: int) -> int | str:
        """A move of the table in cycle notation."""
        return format_perm(self.group[index])

    def _arrays(self) -> dict[Any, Any]:
        """The classes under the group (``canonical_under``) and the goal classes."""
        if "cls" not in self._cache:
            import numpy as np

            cls, reps = canonical_under(self.group, self.n, self.k)
            goal = np.zeros(len(reps), dtype=bool)
            goal_tables = [0] if self.goal == "heads" else [self.encode((d,) * self.n) for d in range(self.k)]
            goal[cls[goal_tables]] = True
            self._cache.update(cls=cls, reps=reps, goal=goal, open=~goal)
        return self._cache

    @property
    def class_total(self) -> int:
        """Burnside's count of classes: the average of K**cycles over the group."""
        return sum(self.k ** cycle_count(g) for g in self.group) // len(self.group)

    def copies(self, moves: list[Move]) -> list[int]:
        """How many distinct moved copies each move has."""
        return [len(self.orbit(move)) for move in moves]

    def class_names(self) -> list[str]:
        """Each class shown as the first of its tables in reading order (position 0 first)."""
        names = self._cache.get("names")
        if names is None:
            import numpy as np

            arrays = self._arrays()
            codes = np.arange(self.tables, dtype=np.int64)
            backwards = classes.reverse(codes, self.n, self.k)  # reading order is the order of reversed codes
            first = np.full(len(arrays["reps"]), self.tables, dtype=np.int64)
            np.minimum.at(first, arrays["cls"], backwards)
            names = [self.show(int(t)) for t in classes.reverse(first, self.n, self.k).tolist()]
            self._cache["names"] = names
        return names


@cache
def group_model(n: int, k: int, goal: str, generators: Generators) -> GroupModel:
    """The shared model of a table under a group (classes are built once per process)."""
    return GroupModel(n, k, False, goal, generators=generators)

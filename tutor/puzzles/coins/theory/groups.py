"""Coin tables under any group of moves: the theorem first, then the evidence the engine can exhibit.

**Theorem** (Bar-Yehuda, Etzion and Moran 1993 for the cyclic case; for any group of
permutations of the N positions, Ehrenborg and Skinner 1995 and Korsky, arXiv:2112.04965).
The blindfolded player has a sure win against a Devil who moves the table by any element of
the group G before each move exactly when G is trivial, or G is a p-group (its order a
power of a prime p) and the number of faces K is a power of the same p.  The shortest sure
win then has K**N - 1 moves (K**(N-1) - 1 when the goal is all alike): the prefix-sum lower
bound, met by the layered strategy (``engine.group``).  The tutor states it for both goals
and checks it both ways against the exhaustive belief search (tests/test_coins_group.py:
every group on up to 4 positions that the generators below reach, K = 2, 3, 4).

``decide_group`` decides from the group's order (sympy, at any N) and attaches, where the
table can be enumerated: the search's answer (up to ``SEARCH_CLASSES`` classes), which must
agree; the layered strategy; or the Devil's largest trap.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tutor.errors import SearchLimit
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.engine.group import group_levels
from tutor.puzzles.coins.limits import GROUP_ORDER, GROUP_WORK
from tutor.puzzles.coins.rules import Move, fits
from tutor.puzzles.coins.rules.group import Generators, GroupModel, group_model, order
from tutor.puzzles.coins.theory.theorem import Power, prime_factors

SEARCH_CLASSES = 60  # the exhaustive belief search is run up to this many classes
HELD_MOVES = 1 << 17  # the layered strategy is built and listed up to this many moves
CHECKED_MOVES = 1 << 12  # and, for a lesson, replayed over every table and move of the group up to this many


def prime_of(number: int) -> int | None:
    """The prime p with number == p**a, a >= 1; None otherwise.

    >>> prime_of(8), prime_of(12), prime_of(1)
    (2, None, None)
    """
    primes = prime_factors(number) if number > 1 else []
    return primes[0] if len(primes) == 1 else None


def theorem_winnable(group_order: int, k: int) -> bool:
    """The theorem's condition: a trivial group, or a p-group with K a power of the same p."""
    return group_order == 1 or (prime_of(group_order) is not None and prime_of(group_order) == prime_of(k))


@dataclass(frozen=True)
class GroupSolution:
    """The decision for a table under a group, and the evidence attached."""

    n: int
    k: int
    goal: str
    generators: Generators
    order: int
    winnable: bool
    method: str  # "search", "construction", "trap" or "theorem"
    reason: str
    strategy: tuple[Move, ...] | None = None
    trap: tuple[str, ...] | None = None
    classes: int | None = None
    explored: int = 0

    @property
    def length(self) -> Power | None:
        """The shortest length: K**N - 1 (K**(N-1) - 1 for all alike), when a sure win exists."""
        if not self.winnable:
            return None
        return Power(self.k, self.n if self.goal == "heads" else self.n - 1, -1)

    @property
    def prime(self) -> int | None:
        """The prime p when the group is a p-group and K a power of p."""
        return prime_of(self.order) if self.winnable and self.order > 1 else None


@cache
def decide_group(n: int, k: int, goal: str, gens: Generators, search: bool = True) -> GroupSolution:
    """Whether a sure win exists against the group, how long the shortest is, and the evidence.

    The theorem decides at any size; the search must agree with it where it runs, or this stops with an
    internal error.  Without ``search`` (a lesson's evidence: the search may take a second, and may give up) the
    layered strategy is replayed over every table and every move of the group instead, up to ``CHECKED_MOVES``.
    """
    size = order(gens, n)
    wins = theorem_winnable(size, k)
    base = dict(n=n, k=k, goal=goal, generators=gens, order=size, winnable=wins)
    why = _why(size, k, wins)
    if not fits(n, k) or size > GROUP_ORDER.value or size * k**n > GROUP_WORK.value:
        return GroupSolution(**base, method="theorem", reason=why)  # type: ignore[arg-type]
    m = group_model(n, k, goal, gens)
    count = m.class_count
    if search and count <= SEARCH_CLASSES:
        try:
            outcome = engine.solve(m)
        except SearchLimit:
            outcome = None
        if outcome is not None:
            return _searched(m, base, why, outcome)
    if wins:
        length = k ** (n if goal == "heads" else n - 1) - 1
        levels = group_levels(n, k, goal, gens) if length <= HELD_MOVES else None
        held = None if levels is None else tuple(engine.layered(levels))
        checked = not search and held is not None and length <= CHECKED_MOVES
        if checked and not engine.verify(m, list(held or ())).wins:  # pragma: no cover - the tests replay them all
            raise AssertionError(f"the layered strategy against {gens} on {n} positions does not win")
        return GroupSolution(**base, method="construction", strategy=held, classes=count,  # type: ignore[arg-type]
                             reason=f"{why}; the layered strategy meets the lower bound"
                                    + ("; replayed over every table and move of the group, it wins" if checked else ""))
    if count <= engine.TRAP_CLASS_LIMIT:
        names = tuple(m.names_in(engine.trap(m)))
        if names:
            return GroupSolution(**base, method="trap", trap=names, classes=count,  # type: ignore[arg-type]
                                 reason=f"{why}; the Devil can keep the table among {len(names)} arrangements")
    return GroupSolution(**base, method="theorem", reason=why, classes=count)  # type: ignore[arg-type]


def _searched(m: GroupModel, base: dict[str, object], why: str, outcome: engine.SearchOutcome) -> GroupSolution:
    """The search's answer, which must agree with the theorem's (and its length with the lower bound)."""
    found = outcome.strategy
    bound = engine.lower_bound(m)
    if (found is not None) != base["winnable"] or (found is not None and len(found) != bound):
        raise AssertionError(f"the belief search and the theorem disagree on {m}")
    count = m.class_count
    if found is not None:
        return GroupSolution(**base, method="search", strategy=tuple(found), classes=count,  # type: ignore[arg-type]
                             explored=outcome.explored,
                             reason=f"{why}; the exhaustive belief search over {count} classes agrees")
    names = tuple(m.names_in(engine.trap(m)))
    return GroupSolution(**base, method="search", trap=names, classes=count,  # type: ignore[arg-type]
                         explored=outcome.explored,
                         reason=f"{why}; all {outcome.explored:,} reachable beliefs were searched and none is a sure "
                                f"win" + (f": the Devil can keep the table among {len(names)} arrangements"
                                          if names else ""))


def _why(size: int, k: int, wins: bool) -> str:
    """The theorem's reason, in words."""
    p, q = prime_of(size), prime_of(k)
    if size == 1:
        return "the group is trivial: the Devil cannot move the table"
    shape = f"the group has order {size}" + (f" = {p}^{_log(size, p)}, a {p}-group" if p else ", not a prime power")
    faces = f"K = {k}" + (f" is a power of {q}" if q else " is not a prime power")
    return f"{shape}, and {faces}" + ("" if wins else (" (a sure win needs a p-group and K a power of the same p)"))


def _log(number: int, p: int) -> int:
    """a with number == p**a."""
    a = 0
    while number > 1:
        number //= p
        a += 1
    return a

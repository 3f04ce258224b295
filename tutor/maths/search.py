"""Generic breadth-first search over hashable states.

Knows nothing about any puzzle: engines supply the start, the goal test, the
actions and the result function (as in Norvig's ``search(start, goal, actions,
result)``).  Besides the shortest path it can report *every* first action that
begins some shortest path, which is what hint ladders need.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from tutor.errors import SearchLimit
from tutor.maths.bits import members

S = TypeVar("S", bound=Hashable)
A = TypeVar("A")


@dataclass(frozen=True)
class SearchResult(Generic[S, A]):
    """The outcome of a breadth-first search.

    ``path`` is a shortest list of actions to a goal (None if no goal is
    reachable); ``first_actions`` holds the indices (into the action list) of
    every action that begins some shortest path; ``explored`` counts the
    distinct states reached; ``goal`` is the goal state found.
    """

    path: list[A] | None
    first_actions: frozenset[int]
    explored: int
    goal: S | None

    @property
    def distance(self) -> int | None:
        """The length of a shortest path, or None if no goal is reachable."""
        return None if self.path is None else len(self.path)


def breadth_first(
    start: S,
    is_goal: Callable[[S], bool],
    actions: Iterable[A],
    result: Callable[[S, A], S],
    limit: int = 2_000_000,
    expand: Callable[[S], Sequence[S]] | None = None,
) -> SearchResult[S, A]:
    """Level-by-level BFS from ``start``; exhaustive, so "no path" is a proof.

    ``expand(state)``, if given, returns every successor at once, in action order
    (the same as ``[result(state, a) for a in actions]``, but it can batch the work).

    >>> r = breadth_first(0, lambda s: s == 5, [1, 2], lambda s, a: min(s + a, 9))
    >>> r.path, sorted(r.first_actions)
    ([1, 2, 2], [0, 1])
    """
    acts = list(actions)
    if is_goal(start):
        return SearchResult([], frozenset(), 1, start)
    parent: dict[S, tuple[S, int] | None] = {start: None}
    first: dict[S, int] = {start: 0}  # bit set of first-action indices
    frontier = [start]
    while frontier:
        level: dict[S, int] = {}
        for state in frontier:
            successors = expand(state) if expand is not None else [result(state, a) for a in acts]
            for index, nxt in enumerate(successors):
                firsts = first[state] if parent[state] is not None else 1 << index
                if nxt in level:
                    level[nxt] |= firsts
                    continue
                if nxt in parent:
                    continue
                parent[nxt] = (state, index)
                level[nxt] = firsts
        if len(parent) > limit:
            raise SearchLimit(f"more than {limit} states")
        first.update(level)
        goals = [s for s in level if is_goal(s)]
        if goals:
            goal = goals[0]
            firsts = 0
            for g in goals:
                firsts |= level[g]
            return SearchResult(_path(parent, goal, acts), frozenset(members(firsts)), len(parent), goal)
        frontier = list(level)
    return SearchResult(None, frozenset(), len(parent), None)


def _path(parent: dict[S, tuple[S, int] | None], goal: S, acts: list[A]) -> list[A]:
    """Walk the parent links back from ``goal``."""
    path: list[A] = []
    link = parent[goal]
    while link is not None:
        state, index = link
        path.append(acts[index])
        link = parent[state]
    path.reverse()
    return path

"""The generic breadth-first search: shortest paths, every shortest first action, limits, no path."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.maths.search import SearchLimit, breadth_first


def graph_distances(edges: dict[int, list[int]], start: int) -> dict[int, int]:
    """Plain BFS distances, written independently for comparison."""
    dist = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in edges.get(node, []):
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist


def test_shortest_path_and_first_actions_on_a_line() -> None:
    result = breadth_first(0, lambda s: s == 5, [1, 2], lambda s, a: min(s + a, 9))
    assert result.path is not None and sum(result.path) == 5 and len(result.path) == 3
    assert result.distance == 3
    assert result.first_actions == frozenset({0, 1})  # 1+2+2 and 2+1+2 both start shortest paths
    assert result.goal == 5


def test_start_is_goal() -> None:
    result = breadth_first("a", lambda s: s == "a", ["x"], lambda s, a: s + a)
    assert result.path == [] and result.distance == 0 and result.first_actions == frozenset()


def test_no_path_is_reported_after_exhausting_the_space() -> None:
    result = breadth_first(0, lambda s: s == 7, [2, 4], lambda s, a: (s + a) % 10)
    assert result.path is None and result.distance is None and result.goal is None
    assert result.explored == 5  # the even residues


def test_limit_raises() -> None:
    with pytest.raises(SearchLimit):
        breadth_first(0, lambda s: False, [1, 2], lambda s, a: s + a, limit=100)


def test_only_first_actions_on_shortest_paths_are_reported() -> None:
    # action 0 goes straight to the goal; action 1 takes a detour
    edges = {"s": ["g", "a"], "a": ["g", "g"]}
    result = breadth_first("s", lambda s: s == "g", [0, 1],
                           lambda s, a: edges.get(s, [s, s])[a])
    assert result.path == [0] and result.first_actions == frozenset({0})


@st.composite
def graphs(draw: Any) -> tuple[dict[int, list[int]], int]:
    size = draw(st.integers(1, 12))
    width = draw(st.integers(1, 3))
    edges = {v: draw(st.lists(st.integers(0, size - 1), min_size=width, max_size=width)) for v in range(size)}
    return edges, draw(st.integers(0, size - 1))


@given(graphs())
def test_distances_and_first_actions_match_a_plain_bfs(case: tuple[dict[int, list[int]], int]) -> None:
    edges, goal = case
    width = len(edges[0])
    result = breadth_first(0, lambda s: s == goal, range(width), lambda s, a: edges[s][a])
    dist = graph_distances(edges, 0)
    if goal not in dist:
        assert result.path is None
        return
    assert result.distance == dist[goal]
    # the path really leads to the goal
    state = 0
    for action in result.path or []:
        state = edges[state][action]
    assert state == goal
    if goal != 0:
        # an action begins a shortest path exactly when the goal is one step nearer after it
        expected = {a for a in range(width)
                    if graph_distances(edges, edges[0][a]).get(goal) == dist[goal] - 1}
        assert result.first_actions == frozenset(expected)

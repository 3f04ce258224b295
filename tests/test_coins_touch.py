"""The blind bartender (--touch): Ehrenborg and Skinner's condition against the exhaustive belief search, and the
search against a second, naive one over concrete tables (no classes, every set of touched positions)."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from tutor.cli import main
from tutor.puzzles.coins.cli.touch import largest_prime
from tutor.puzzles.coins.engine.touch import solve, theorem_winnable


def naive(n: int, k: int, goal: str) -> int | None:
    """The fewest moves that guarantee a win (None: no sure win), by ``naive_search`` touching any k positions."""
    return naive_search(n, k, goal)[0]


def naive_search(n: int, k: int, goal: str, turned_apart: bool = False) -> tuple[int | None, int]:
    """The fewest moves that guarantee a win (None: no sure win) and how many beliefs were searched, over beliefs
    that are sets of concrete tables (every turn of every possible table), touching any k positions
    (``turned_apart``: only the first, in numeric order, of the sets of positions turns make alike): least fixed
    point over reachable beliefs."""
    full = (1 << n) - 1

    def over(t: int) -> bool:
        return t == 0 or (goal == "same" and t == full)

    def turns(t: int) -> set[int]:
        return {((t << r) | (t >> (n - r))) & full for r in range(n)}

    touches = [sum(1 << p for p in ps) for ps in combinations(range(n), k)]
    if turned_apart:
        touches = sorted({min(turns(s)) for s in touches})
    start = frozenset(t for t in range(1 << n) if not over(t))
    graph: dict[frozenset[int], list[list[list[frozenset[int]]]]] = {}
    todo = [start]
    while todo:
        b = todo.pop()
        if b in graph or not b:
            continue
        options = []
        for s in touches:
            seen_groups: dict[int, list[int]] = {}
            for t in b:
                seen_groups.setdefault(t & s, []).append(t)
            per_seen = []
            for group in seen_groups.values():
                flips = [f for f in range(1 << n) if f & ~s == 0]
                per_seen.append([frozenset(u for t in group if not over(t ^ f) for u in turns(t ^ f)) for f in flips])
            options.append(per_seen)
        graph[b] = options
        todo += [x for o in options for seen in o for x in seen if x not in graph]
    won: dict[frozenset[int], int] = {frozenset(): 0}
    for rounds in range(1, len(graph) + 2):
        new = {b: rounds for b, options in graph.items() if b not in won
               and any(all(any(x in won for x in seen) for seen in o) for o in options)}
        if not new:
            break
        won.update(new)
    return won.get(start), len(graph)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_theorem_agrees_with_the_search_for_every_touch(n):
    for k in range(1, n):
        assert solve(n, k, "same").winnable == theorem_winnable(n, k), (n, k)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("goal", ["same", "heads"])
def test_the_search_agrees_with_a_naive_search_over_concrete_tables(n, goal):
    for k in range(1, n + 1):
        assert solve(n, k, goal).rounds == naive(n, k, goal), (n, k, goal)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_search_reaches_the_beliefs_a_naive_search_reaches(n):
    """The beliefs searched (``analyze`` reports them) are every one reachable touching one set of positions of each
    kind turns make alike: no more, no fewer."""
    for goal in ("same", "heads"):
        for k in range(1, n + 1):
            assert (solve(n, k, goal).rounds, solve(n, k, goal).beliefs) == naive_search(n, k, goal, True), (n, k, goal)


def test_known_answers():
    assert solve(4, 2, "same").rounds == 5  # the four-glass puzzle
    assert solve(2, 1, "same").rounds == 1
    assert not solve(6, 3, "same").winnable and solve(6, 4, "same").winnable
    assert not any(solve(n, k, "heads").winnable for n in range(2, 6) for k in range(1, n))
    assert [largest_prime(n) for n in (2, 12, 49, 1_000_000, 999_983)] == [2, 3, 7, 5, 999_983]


def test_the_condition_is_k_at_least_one_minus_one_over_p_times_n():
    for n in range(2, 200):
        p = largest_prime(n)
        least = min(k for k in range(1, n + 1) if theorem_winnable(n, k))
        assert least == n - n // p, n


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line(capsys):
    code, out, _ = run(capsys, "solve", "coins", "--coins", "4", "--touch", "2", "--goal", "same", "--json")
    data = json.loads(out)
    assert code == 0 and data["winnable"] and data["rounds"] == 5 and data["method"] == "search" and data["theorem"]
    code, out, _ = run(capsys, "analyze", "coins", "--coins", "1000", "--touch", "800", "--goal", "same", "--json")
    data = json.loads(out)
    assert data["winnable"] and data["method"] == "theorem" and data["threshold"] == 800 and data["rounds"] is None


@pytest.mark.parametrize("args, said", [
    (["--coins", "4", "--touch", "5"], "only 4 positions"),
    (["--coins", "4", "--touch", "2", "--sides", "3"], "two-faced game"),
    (["--coins", "4", "--touch", "2", "--group", "(0 1)"], "game of its own"),
    (["--coins", "9", "--touch", "2"], "over the limit touch_positions"),
])
def test_bad_input_is_one_line_exit_2(capsys, args, said):
    code, _, err = run(capsys, "solve", "coins", *args)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1

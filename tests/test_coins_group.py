"""Coin tables under any group of moves: the theorem against the belief search, strategies replayed against every
group element by an independent statement of the rules, traps checked closed, the notation, and the command line."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cli import main
from tutor.errors import InvalidNotation, SearchLimit
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.engine.group import group_levels
from tutor.puzzles.coins.rules import model
from tutor.puzzles.coins.rules.group import (
    closure,
    format_group,
    format_perm,
    group_model,
    order,
    parse_group,
)
from tutor.puzzles.coins.theory import decide
from tutor.puzzles.coins.theory.groups import decide_group, theorem_winnable

KLEIN = "(0 1)(2 3), (0 2)(1 3)"
S3 = "(0 1 2), (0 1)"


def subgroups(n: int) -> list[tuple[tuple[int, ...], ...]]:
    """One pair of generators for every subgroup of S_n that two elements generate (all of them, for n <= 4)."""
    found: dict[frozenset[tuple[int, ...]], tuple[tuple[int, ...], ...]] = {}
    for a, b in itertools.combinations_with_replacement(itertools.permutations(range(n)), 2):
        found.setdefault(frozenset(closure((a, b), n)), (a, b))
    return list(found.values())


def moved(table: tuple[int, ...], g: tuple[int, ...]) -> tuple[int, ...]:
    """The table after the Devil's move g: the coin at p goes to g[p] (stated again, apart from the engine)."""
    out = [0] * len(table)
    for p, d in enumerate(table):
        out[g[p]] = d
    return tuple(out)


def replay_wins(n: int, k: int, goal: str, elements, strategy) -> bool:
    """Every start, every element before every move: the set of tables still possible empties (no classes)."""
    def won(t: tuple[int, ...]) -> bool:
        return len(set(t)) == 1 and (goal == "same" or t[0] == 0)

    alive = {t for t in itertools.product(range(k), repeat=n) if not won(t)}
    for move in strategy:
        alive = {after for t in alive for g in elements
                 if not won(after := tuple((d + m) % k for d, m in zip(moved(t, g), move, strict=True)))}
    return not alive


def test_the_two_facts_of_the_brief():
    klein = decide_group(4, 2, "heads", parse_group(KLEIN, 4))
    assert klein.winnable and klein.order == 4 and klein.strategy is not None and len(klein.strategy) == 15
    s3 = decide_group(3, 2, "heads", parse_group(S3, 3))
    assert not s3.winnable and s3.order == 6 and s3.trap


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_the_theorem_agrees_with_the_belief_search_on_every_small_group(n):
    """Every subgroup of S_n (n <= 4), both goals, K = 2, 3 and 4, wherever there are at most 40 classes (the search
    stays within its budget): the exhaustive search's answer is the theorem's, a found strategy has the lower bound's
    length, and every losing table has a non-empty trap."""
    seen = {True: 0, False: 0}
    for gens in subgroups(n):
        for k in (2, 3, 4):
            for goal in ("heads", "same"):
                m = group_model(n, k, goal, gens)
                if m.class_count > 40:
                    continue
                expected = theorem_winnable(order(gens, n), k)
                try:
                    outcome = engine.solve(m)
                except SearchLimit:  # the trivial group with many classes: the search gives up (the theorem does not)
                    continue
                assert (outcome.strategy is not None) == expected, (n, k, goal, format_group(gens))
                if outcome.strategy is not None:
                    assert len(outcome.strategy) == engine.lower_bound(m)
                else:
                    assert engine.trap(m)
                seen[expected] += 1
    assert seen[True] and (seen[False] or n == 1)
    assert sum(seen.values()) >= {1: 6, 2: 12, 3: 30, 4: 100}[n], seen


def test_a_lesson_s_evidence_without_the_search_agrees_with_the_search():
    """``decide_group(search=False)``, what lessons show: the same decision and trap as with the exhaustive search,
    and a layered strategy of the searched length that the rules written here replay to a win."""
    checked = 0
    for gens in subgroups(3):
        for k, goal in itertools.product((2, 3), ("heads", "same")):
            if order(gens, 3) == 1 and k == 3:  # 27 classes: the search gives up (after half a second)
                continue
            searched, shown = decide_group(3, k, goal, gens), decide_group(3, k, goal, gens, search=False)
            assert searched.method == "search" and shown.method in ("construction", "trap", "theorem")
            checked += 1
            assert (shown.winnable, shown.length, shown.trap) == (searched.winnable, searched.length, searched.trap)
            if shown.winnable:
                assert shown.strategy is not None and len(shown.strategy) == len(searched.strategy or ())
                assert "replayed" in shown.reason and replay_wins(3, k, goal, closure(gens, 3), shown.strategy)
    assert checked >= 20


@pytest.mark.parametrize("text, n, k, goal", [(KLEIN, 4, 2, "heads"), (KLEIN, 4, 2, "same"), ("(0 1 2)", 3, 3, "heads"),
                                              ("(0 1 2 3), (0 2)", 4, 2, "heads"), ("()", 2, 3, "heads"),
                                              ("(0 1)", 3, 2, "same"), ("(0 1)(2 3)", 4, 2, "heads")])
def test_the_layered_strategy_wins_when_replayed_against_every_element(text, n, k, goal):
    gens = parse_group(text, n)
    strategy = engine.layered(group_levels(n, k, goal, gens))
    m = group_model(n, k, goal, gens)
    assert len(strategy) == engine.lower_bound(m)
    assert engine.verify(m, strategy).wins
    assert replay_wins(n, k, goal, closure(gens, n), strategy)
    assert not replay_wins(n, k, goal, closure(gens, n), strategy[:-1])  # the replay can fail: one move short loses


@pytest.mark.parametrize("text, n, k, goal", [(KLEIN, 4, 2, "heads"), (KLEIN, 4, 2, "same"), ("(0 1 2)", 3, 3, "heads"),
                                              ("(0 1 2)", 3, 3, "same")])
def test_a_prefix_too_short_loses_with_the_devil_doing_nothing(text, n, k, goal):
    """``unmoved``: a start that no prefix of the first w moves wins when the table is never moved, replayed here by
    plain digit addition; none once the whole strategy is played."""
    gens = parse_group(text, n)
    strategy = engine.layered(group_levels(n, k, goal, gens))
    m = group_model(n, k, goal, gens)
    for w in range(len(strategy)):
        c = engine.unmoved(m, strategy[:w])
        assert c is not None and set(c.turns) <= {0} and len(c.tables) == w
        table = m.decode(c.start)
        for move, after in zip(strategy[:w], c.tables, strict=True):
            assert not (len(set(table)) == 1 and (goal == "same" or table[0] == 0)), (w, c)
            table = tuple((d + x) % k for d, x in zip(table, move, strict=True))
            assert m.encode(table) == after
        assert not (len(set(table)) == 1 and (goal == "same" or table[0] == 0)), (w, c)
    assert engine.unmoved(m, strategy) is None


def test_no_chain_exists_where_the_theorem_says_no_win():
    for gens in subgroups(3):
        for k in (2, 3):
            assert (group_levels(3, k, "heads", gens) is not None) == theorem_winnable(order(gens, 3), k)


@pytest.mark.parametrize("text, n", [(S3, 3), ("(0 1 2 3), (0 1)", 4), ("(0 1 2)", 3)])
def test_the_trap_is_closed_under_every_move(text, n):
    """From every arrangement of the trap, whatever the player flips, some element of the group keeps it inside."""
    gens = parse_group(text, n)
    m = group_model(n, 2, "heads", gens)
    trap = set(m.names_in(engine.trap(m)))
    assert trap
    elements = closure(gens, n)
    members = [t for t in itertools.product(range(2), repeat=n) if m.class_names()[m.class_of(m.encode(t))] in trap]
    for t in members:
        for move in itertools.product(range(2), repeat=n):
            after = {m.class_names()[m.class_of(m.encode(tuple((d + x) % 2 for d, x in zip(moved(t, g), move,
                                                                                       strict=True))))]
                     for g in elements}
            assert after & trap, (t, move)


def naive_trap(n: int, k: int, goal: str, elements) -> set[tuple[int, ...]]:
    """The Devil's largest trap over concrete tables: drop a table from which some move, whatever element of the group
    comes first, leaves the set, until none is dropped (a greatest fixed point, no classes)."""
    tables = list(itertools.product(range(k), repeat=n))
    alive = {t for t in tables if not (len(set(t)) == 1 and (goal == "same" or t[0] == 0))}
    while True:
        keep = {t for t in alive if all(any(tuple((d + x) % k for d, x in zip(moved(t, g), move, strict=True)) in alive
                                            for g in elements) for move in tables)}
        if keep == alive:
            return alive
        alive = keep


@pytest.mark.parametrize("text, n, k, goal", [
    (S3, 3, 3, "heads"), ("(0 1)", 4, 3, "heads"), ("(0 1 2 3)", 4, 3, "same"), (KLEIN, 4, 3, "heads"),
    ("(1 2 3)", 4, 2, "same"), ("(0 1 2 3), (0 1)", 4, 2, "heads"), ("(0 1 2)", 3, 4, "heads"), (KLEIN, 4, 2, "heads"),
])
def test_the_trap_is_the_largest_one(text, n, k, goal):
    """The engine's trap, counted class by class from the smaller side, is the naive greatest fixed point (empty where
    a sure win exists, as for the Klein four-group and coins)."""
    gens = parse_group(text, n)
    m = group_model(n, k, goal, gens)
    names = set(m.names_in(engine.trap(m)))
    assert {t for t in itertools.product(range(k), repeat=n) if m.class_names()[m.class_of(m.encode(t))] in names} \
        == naive_trap(n, k, goal, closure(gens, n))


def test_a_rotation_group_is_the_rotating_table():
    """--group '(0 1 2 3)' is the rotating table: the same classes and the same shortest length."""
    for n, k in [(4, 2), (3, 3), (3, 2), (6, 2)]:
        cycle = "(" + " ".join(map(str, range(n))) + ")"
        gm, rm = group_model(n, k, "heads", parse_group(cycle, n)), model(n, k)
        assert gm.class_count == rm.class_count == gm.class_total
        sol = decide_group(n, k, "heads", parse_group(cycle, n))
        assert sol.winnable == decide(rm).solvable
        assert (sol.length is None) == (decide(rm).length is None)


perms = st.integers(1, 6).flatmap(lambda n: st.tuples(st.just(n), st.lists(st.permutations(range(n)), max_size=3)))


@given(perms)
def test_closure_has_the_order_sympy_computes_and_the_notation_round_trips(case):
    n, gens = case
    gens = tuple(tuple(g) for g in gens) or (tuple(range(n)),)
    elements = closure(gens, n)
    assert len(elements) == len(set(elements)) == order(gens, n)
    assert elements[0] == tuple(range(n))
    assert parse_group(format_group(gens), n) == gens
    assert all(format_perm(g) for g in gens)


@pytest.mark.parametrize("text, where", [("(0 1)(2 9)", "column 9"), ("(0 1)(1 2)", "column 7"),
                                         ("(0 1", "column 5"), ("(0 x)", "column 4")])
def test_a_bad_group_is_one_line_naming_the_column(text, where):
    with pytest.raises(InvalidNotation, match=where):
        parse_group(text, 4)


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_analyze_and_solve_json(capsys):
    code, out, _ = run(capsys, "analyze", "coins", "--group", KLEIN, "--json")
    data = json.loads(out)
    assert code == 0 and data["winnable"] and data["shortest"] == 15 and data["order"] == 4 and data["prime"] == 2
    assert len(data["strategy"]) == 15 and data["trap"] is None
    code, out, _ = run(capsys, "analyze", "coins", "--coins", "3", "--group", S3, "--json")
    data = json.loads(out)
    assert not data["winnable"] and data["shortest"] is None and data["trap"] == ["HHT", "HTT"]
    code, out, _ = run(capsys, "solve", "coins", "--coins", "40", "--group", "(0 1), (2 3)", "--json")
    data = json.loads(out)
    assert data["solvable"] and data["method"] == "theorem" and data["length"] == 2**40 - 1


def test_check_exits_0_for_a_win_and_1_with_a_counterexample(capsys):
    strategy = " ".join("".join(map(str, [p for p, d in enumerate(m) if d]))
                        for m in decide_group(4, 2, "heads", parse_group(KLEIN, 4)).strategy or ())
    code, out, _ = run(capsys, "check", "coins", "--group", KLEIN, strategy, "--json")
    assert code == 0 and json.loads(out)["correct"]
    code, out, _ = run(capsys, "check", "coins", "--group", KLEIN, "0123 02 0123", "--json")
    data = json.loads(out)
    assert code == 1 and not data["correct"]
    c = data["counterexample"]
    assert c["final"] != "HHHH" and len(c["turns"]) == 3


def test_past_the_group_limits_analyze_answers_by_the_theorem(capsys):
    code, out, _ = run(capsys, "analyze", "coins", "--coins", "9", "--group", "(0 1 2 3 4 5 6 7 8), (0 1)", "--json")
    data = json.loads(out)
    assert code == 0 and data["order"] == 362880 and not data["winnable"] and data["method"] == "theorem"


def test_hint_gives_the_distance(capsys):
    code, out, _ = run(capsys, "hint", "coins", "--group", KLEIN, "--after", "0123", "--json")
    data = json.loads(out)
    assert code == 0 and data["distance"] == 14 and data["best_moves"]


@pytest.mark.parametrize("args, said", [
    (["--group", "(0 1)(2 9)"], "column 9"),
    (["--group", "(0 1)", "--symmetry", "dihedral"], "--group replaces --symmetry"),
])
def test_bad_input_is_exit_2_in_one_line(capsys, args, said):
    code, _, err = run(capsys, "analyze", "coins", *args)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1

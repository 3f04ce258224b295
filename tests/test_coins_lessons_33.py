"""The quantities and the answer kind coins-7 and coins-8 ask for, each checked a second, independent way.

A Devil who moves the table by a group: the moves by closing the generators under composition (permutations as
tuples, written here), the tables up to them by listing orbits, and whether a sure win exists and how long the
shortest is by a plain breadth-first search over beliefs that are sets of concrete tables (no classes, no theorem,
every move tried).  The blind bartender: the fewest touches against the engine's exhaustive touch search and the
naive search over concrete tables of tests/test_coins_touch.py.  The workbench's formula for the bartender, valued,
against the touch search; the conjecture kind's verdicts, references, hints and give-aways.
"""

from __future__ import annotations

import re
from itertools import product

import pytest

from tests.helpers import bundled, new_session, play_through, text
from tests.test_coins_touch import naive
from tutor.puzzles import get
from tutor.puzzles.answers import Level, rung
from tutor.puzzles.coins.engine.touch import solve as touch_search
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.rules.formula import parse_formula, value
from tutor.puzzles.coins.theory.conjecture import THEOREMS

COINS = get("coins")
Q = COINS.quantities
CATALOG = bundled()
Perm = tuple[int, ...]

# every group the two lessons ask about (their steps, reviews and practice), on the positions they use
GROUPS = ["(0 1)", "(0 2)", "(0 1)(2 3)", "(0 2)(1 3)", "(0 1 2)", "(1 2 3)", "(0 1 2 3)", "(0 1), (2 3)",
          "(0 2), (1 3)", "(0 1)(2 3), (0 2)(1 3)", "(0 1 2 3), (0 2)", "(0 1), (0 1 2)", "(0 1 2), (1 2 3)",
          "(0 1 2 3), (0 1)"]


def perms(text: str, n: int) -> list[Perm]:
    """Generators read from cycle notation, here by splitting on brackets (the coin at p goes to perm[p])."""
    out = []
    for generator in text.split(","):
        perm = list(range(n))
        for cycle in generator.replace(")", "").split("(")[1:]:
            points = [int(p) for p in cycle.split()]
            for i, p in enumerate(points):
                perm[p] = points[(i + 1) % len(points)]
        out.append(tuple(perm))
    return out


def closed(gens: list[Perm], n: int) -> set[Perm]:
    """The group the generators generate: products until nothing new appears."""
    group = {tuple(range(n))}
    while True:
        more = {tuple(h[g[p]] for p in range(n)) for g in group for h in gens} - group
        if not more:
            return group
        group |= more


def moved(table: tuple[int, ...], g: Perm) -> tuple[int, ...]:
    """The table after the Devil's move g: the coin at p lands at g[p]."""
    out = [0] * len(table)
    for p, face in enumerate(table):
        out[g[p]] = face
    return tuple(out)


def orbits(n: int, k: int, group: set[Perm]) -> int:
    """The tables up to the group, by listing them."""
    seen, count = set(), 0
    for table in product(range(k), repeat=n):
        if table not in seen:
            count += 1
            seen |= {moved(table, g) for g in group}
    return count


def shortest(n: int, k: int, group: set[Perm]) -> int | None:
    """The fewest moves of a fixed list that wins against every start and every move of the group (goal all
    heads), by breadth-first search over beliefs: bit sets over the concrete tables (no classes, no theorem), every
    move tried; None when the search ends without an empty belief."""
    tables = list(product(range(k), repeat=n))
    index = {t: i for i, t in enumerate(tables)}
    copies = [sum(1 << c for c in {index[moved(t, g)] for g in group}) for t in tables]  # each table moved every way
    shifted = [[index[tuple((a + b) % k for a, b in zip(t, m, strict=True))] for t in tables] for m in tables]
    start = (1 << len(tables)) - 2  # every table but all heads (index 0)
    depth, frontier, seen = 0, {start}, {start}
    while frontier:
        if 0 in frontier:
            return depth
        nxt = set()
        for belief in frontier:
            turned = 0
            for i in range(len(tables)):
                if belief >> i & 1:
                    turned |= copies[i]
            members = [i for i in range(len(tables)) if turned >> i & 1]
            for to in shifted:
                after = sum(1 << to[i] for i in members) & ~1  # all heads ends the game (to is one to one)
                if after not in seen:
                    seen.add(after)
                    nxt.add(after)
        frontier, depth = nxt, depth + 1
    return None


def states(said: str, number: int) -> bool:
    """Whether ``said`` writes the whole number ``number`` (not as a digit of a table, of a move in cycle notation or
    of a longer number)."""
    said = re.sub(r"\([\d ]+\)", "", said)
    return re.search(rf"(?<![\d,^]){number}(?![\d,])", said) is not None


# -- a Devil who moves the table by a group ---------------------------------------------------------------------


@pytest.mark.parametrize("group", GROUPS)
def test_the_moves_and_the_tables_up_to_them_equal_the_closure_and_the_orbits(group: str) -> None:
    for n, k in ((4, 2), (4, 3), (5, 2)):
        game, args = CoinGame(n, k), {"group": group}
        elements = closed(perms(group, n), n)
        assert Q["group_order"](game, args) == len(elements)
        assert Q["group_classes"](game, args) == orbits(n, k, elements)


SEARCHED = [(3, 2, "(0 1), (0 1 2)"), (3, 2, "(0 1 2)"), (3, 3, "(0 1 2)"), (3, 2, "(0 1)"), (3, 3, "(0 1)"),
            (4, 2, "(0 1)(2 3), (0 2)(1 3)"), (4, 2, "(0 1 2 3), (0 2)"), (4, 2, "(0 1 2)"), (4, 2, "(0 1), (0 1 2)"),
            (4, 2, "(0 1 2), (1 2 3)"), (4, 2, "(0 1 2 3), (0 1)"), (2, 4, "(0 1)"), (3, 2, "(0 2)")]


@pytest.mark.parametrize(("n", "k", "group"), SEARCHED)
def test_the_decision_and_the_length_equal_a_plain_belief_search(n: int, k: int, group: str) -> None:
    found = shortest(n, k, closed(perms(group, n), n))
    game, args = CoinGame(n, k), {"group": group}
    assert Q["group_winnable"](game, args) == ("no" if found is None else "yes")
    assert Q["group_shortest"](game, args) == (found or 0)


def test_the_lessons_known_answers() -> None:
    """The issue's two facts and the lesson's others, as the engine gives them (the searches above confirm them)."""
    klein = {"group": "(0 1)(2 3), (0 2)(1 3)"}
    four, three = CoinGame(4), CoinGame(3)
    assert (Q["group_order"](four, klein), Q["group_classes"](four, klein), Q["group_shortest"](four, klein)) == \
        (4, 7, 15)
    assert Q["group_order"](three, {"group": "(0 1), (0 1 2)"}) == 6
    assert Q["group_winnable"](three, {"group": "(0 1), (0 1 2)"}) == "no"
    assert Q["group_shortest"](CoinGame(4, 3), {"group": "(0 1 2)"}) == 3**4 - 1


@pytest.mark.parametrize("name", ["group_order", "group_classes", "group_shortest", "group_winnable"])
def test_group_ideas_differ_from_the_answer_and_each_other_and_reasons_keep_it(name: str) -> None:
    for group, (n, k) in product(GROUPS, ((4, 2), (4, 3))):
        game = CoinGame(n, k)
        args = Q[name].arguments({"group": group})
        right = Q[name](game, args)
        given = [m.value(game, args) for m in Q[name].misconceptions]
        shown = [v for v in given if v is not None]
        assert right not in shown and len(shown) == len(set(shown)), (group, n, k, name, right, given)
        for m, v in zip(Q[name].misconceptions, given, strict=True):
            if v is not None and isinstance(right, int):
                assert not states(m.says(game, args, v), right), (name, m.name, group)
        if isinstance(right, int):
            for wrong in {right - 1, right + 1, 2 * right + 1, 1, 0} - {right, -1}:
                said = Q[name].refute(game, args, right, wrong)
                assert said and not states(said, right), (name, group, n, k, wrong, said)


def test_a_count_of_moves_is_refuted_by_lagrange_or_by_moves_named() -> None:
    game, args = CoinGame(4), Q["group_order"].arguments({"group": "(0 1), (0 1 2)"})
    assert "Lagrange" in Q["group_order"].refute(game, args, 6, 5)  # 5 is no multiple of 2
    named = Q["group_order"].refute(game, args, 6, 2)
    listed = named.split(": ", 1)[1].split(" are ")[0].replace(" and ", ", ").split(", ")
    assert len(listed) == 3 and len(set(listed)) == 3  # three different moves of the group, not the six
    elements = closed(perms("(0 1), (0 1 2)", 4), 4)
    assert all(perms(m.replace(" (doing nothing)", ""), 4)[0] in elements for m in listed)


def test_a_length_too_short_is_beaten_by_a_game_the_rules_replay() -> None:
    """The refutation's losing prefix and the Devil's moves, replayed by the moves written here."""
    game, group = CoinGame(4), "(0 1)(2 3), (0 2)(1 3)"
    said = Q["group_shortest"].refute(game, Q["group_shortest"].arguments({"group": group}), 15, 6)
    moves = said.split("For instance ")[1].split(":")[0].split()
    start = said.split("from ")[1].split(",")[0]
    table = tuple(0 if c == "H" else 1 for c in start)
    assert "leaves the table as it is" in said and len(moves) == 6
    for m in moves:  # the Devil does nothing; each move flips its positions
        table = tuple((f + (str(p) in m)) % 2 for p, f in enumerate(table))
        assert any(table)  # never all heads along the way
    assert "".join("HT"[f] for f in table) == said.split("it ends at ")[1].split(",")[0]


# -- the blind bartender ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_fewest_touches_equal_the_touch_search(n: int) -> None:
    game = CoinGame(n, goal="same")
    least = Q["touch_least"](game)
    assert touch_search(n, least, "same").winnable and not touch_search(n, least - 1, "same").winnable \
        if least > 1 else touch_search(n, 1, "same").winnable
    for k in range(1, n + 1):
        assert Q["touch_winnable"](game, {"touch": k}) == ("yes" if touch_search(n, k, "same").winnable else "no")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_fewest_touches_equal_a_naive_search_over_concrete_tables(n: int) -> None:
    least = Q["touch_least"](CoinGame(n, goal="same"))
    assert naive(n, least, "same") is not None and (least == 1 or naive(n, least - 1, "same") is None)


def test_the_fewest_touches_follow_the_published_condition_and_the_ideas_differ() -> None:
    """Ehrenborg and Skinner's K >= (1 - 1/p) N, restated with a sieve of primes written here, up to 60."""
    primes = [p for p in range(2, 61) if all(p % d for d in range(2, p))]
    for n in range(2, 61):
        p = max(q for q in primes if n % q == 0)
        game = CoinGame(n, goal="same")
        right = Q["touch_least"](game)
        assert right == n - n // p
        shown = [v for m in Q["touch_least"].misconceptions if (v := m.value(game, {})) is not None]
        assert right not in shown and len(shown) == len(set(shown)), (n, shown)
        for wrong in range(1, n + 1):
            if wrong != right:
                said = Q["touch_least"].refute(game, {}, right, wrong)
                assert str(right) not in said.replace(str(wrong), "").replace(str(n), ""), (n, wrong, said)


def test_the_bartender_needs_the_bell() -> None:
    with pytest.raises(Exception, match="goal"):
        Q["touch_least"](CoinGame(4))


# -- the workbench as an answer kind ----------------------------------------------------------------------------


def test_the_bartenders_formula_agrees_with_the_touch_search() -> None:
    formula = parse_formula(THEOREMS[("touch", "same")])
    for n in range(1, 7):
        for k in range(1, n + 1):
            wins = n == 1 or touch_search(n, k, "same").winnable
            assert value(formula, {"n": n, "k": k}) == wins, (n, k)


KIND = COINS.kind("conjecture")
VARIANTS = [(CoinGame(4), "winnable"), (CoinGame(4, symmetry="dihedral"), "winnable"), (CoinGame(4), "shortest"),
            (CoinGame(4, goal="same"), "shortest"), (CoinGame(4, goal="same"), "touch")]


@pytest.mark.parametrize(("game", "of"), VARIANTS)
def test_the_reference_holds_every_wrong_answer_has_its_counterexample_and_nothing_gives_it_away(game, of) -> None:
    args = KIND.arguments({"of": of, "bound": 12})
    reference = KIND.reference(game, args)
    assert reference is not None and KIND.judge(game, reference, args).correct
    for wrong in KIND.wrong_answers(game, args):
        verdict = KIND.judge(game, wrong, args)
        assert not verdict.correct and verdict.data["counterexample"] is not None, wrong
        assert "fails first at N =" in verdict.summary and KIND.gives_away(game, args, str(verdict.detail)) is None
    ladder = [rung(h) for h in KIND.hints(game, args, "")]
    assert [r.level for r in ladder] == [Level.NUDGE, Level.CONCEPT]
    assert all(KIND.gives_away(game, args, str(r.text)) is None for r in ladder)
    assert KIND.gives_away(game, args, f"try `{reference}`") is not None


def test_the_smallest_counterexample_is_the_first_table_the_search_disagrees_on() -> None:
    """``K >= N/2`` for the bartender: the first (N, K), by N then K, where the touch search says otherwise."""
    game = CoinGame(4, goal="same")
    verdict = KIND.judge(game, "K >= N/2", {"of": "touch"})
    first = next((n, k) for n in range(2, 7) for k in range(1, n + 1)
                 if (2 * k >= n) != touch_search(n, k, "same").winnable)
    c = verdict.data["counterexample"]
    assert (c["n"], c["k"]) == first and c["method"] == "search"


def test_the_bartenders_conjecture_needs_the_bell() -> None:
    assert KIND.reference(CoinGame(4), KIND.arguments({"of": "touch"})) is None
    with pytest.raises(Exception, match="goal same"):
        KIND.judge(CoinGame(4), "K >= N", {"of": "touch"})


# -- the lessons ------------------------------------------------------------------------------------------------


def test_the_conjecture_lesson_plays_through_the_session_with_engine_answers() -> None:
    """The workbench's answers through ``Session.handle`` (tutor lint and the sweeps check every lesson's answers;
    this one has the new answer kind)."""
    session = new_session()
    lesson_id = "coins-8"
    lesson = CATALOG.find(lesson_id)
    replies = play_through(session, lesson)
    assert "Lesson complete" in text(replies) or "Practice" in text(replies)
    assert {s.index for s in lesson.questions if not s.fresh} <= session.progress.completed(lesson_id)


@pytest.mark.parametrize(("game", "of"), VARIANTS)
def test_each_wrong_idea_is_named_for_its_own_formula_and_for_one_that_says_the_same(game, of) -> None:
    args = {"of": of, "bound": 16}
    named = [(name, example) for name, example in KIND.examples(game, args) if example is not None]
    assert len(named) >= 2
    for name, example in named:
        other = f"({example}) + N - N" if of == "shortest" else f"({example}) and N >= 1"  # the same values
        for written in (example, other):
            verdict = KIND.judge(game, written, args)
            assert not verdict.correct and verdict.misconception == name, (written, verdict.misconception)
    assert KIND.judge(game, "N = K or isprime(N)" if of != "shortest" else "N", args).misconception is None

"""The quantities and answer kinds of gods-8 (averages against the worst case) and gods-9 (the rule for which sets of
gods can be identified), each value checked a second, independent way.

* A plan's average (``plan_average``, the ``average`` kind, the plans ``opening`` builds) is replayed world by world
  and coin by coin with the gods' plain rules (``test_gods_average.replayed_average``: no bit sets, no masks).
* The least average is recomputed by an exhaustive search over plans on worlds (``test_gods_average``'s
  ``least_by_worlds``) for the small variants, and without Random checked against the published optimum of a
  prefix code for N equally likely possibilities (Huffman 1952): with k = floor(log2 N), k + 2(N - 2^k)/N.
* A plan that opens with a given question: its two branches searched again by ``least_by_worlds``-style brute
  force on the worlds each answer leaves.
* Which sets can be identified (``identifiable``, ``identifiable_sets``, the rule the ``conjecture`` kind takes):
  a plain search over pairs of worlds for two whose Random gods cover every god.
* Each wrong idea's value is recomputed from the plan's leaves as listed here, and no reply states the average.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from functools import cache

import pytest
from test_gods_average import holds, least_by_worlds, plain_word, replayed_average

from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles import get
from tutor.puzzles.gods.rules import make_game
from tutor.puzzles.gods.rules.lang import parse_asked
from tutor.puzzles.gods.rules.tree import Ask, Leaf, Tree, parse_tree
from tutor.puzzles.gods.rules.worlds import Universe, universe
from tutor.puzzles.gods.teach.average_answers import read_average, stated_average
from tutor.puzzles.gods.teach.conjecture import god_sets

GODS = get("gods")
Q = GODS.quantities
AVERAGE = GODS.kinds["average"]
CONJECTURE = GODS.kinds["conjecture"]

SHORT_PATH = """ask A: would you say ja to (you are not Random)
da:
  ask B: would you say ja to (you are True)
  da: A=Random B=False C=True
  ja: A=Random B=True C=False
ja:
  ask A: would you say ja to (B is Random)
  da:
    ask B: would you say ja to (A is Random)
    da:
      ask A: would you say ja to (you are True)
      da: A=False B=True C=Random
      ja: A=True B=False C=Random
    ja:
      ask B: would you say ja to (you are True)
      da: A=Random B=False C=True
      ja: A=Random B=True C=False
  ja:
    ask C: would you say ja to (A is Random)
    da:
      ask A: would you say ja to (you are True)
      da: A=False B=Random C=True
      ja: A=True B=Random C=False
    ja:
      ask B: would you say ja to (you are True)
      da: A=Random B=False C=True
      ja: A=Random B=True C=False
"""
THREE_FALSE = """ask A: would you say yes to (you are True)
yes: A=True B=False C=False
no:
  ask A: would you say yes to (B is True)
  yes: A=False B=True C=False
  no: A=False B=False C=True
"""
OPENINGS = ["ask A: would you say ja to (B is Random)", "ask A: would you say ja to (B is Random or C is Random)",
            "ask A: would you say ja to (you are True)", "ask B: would you say ja to (you are Random)"]


def everyone(u: Universe) -> list[int]:
    return list(range(u.size))


# -- a plan's average, replayed by plain rules ------------------------------------------------------------------


@pytest.mark.parametrize(("gods", "known", "plan", "average"),
                         [("True,False,False", True, THREE_FALSE, Fraction(5, 3)),
                          ("True,False,Random", False, SHORT_PATH, Fraction(11, 3))])
def test_a_given_plans_average_is_its_replayed_average(gods: str, known: bool, plan: str, average: Fraction) -> None:
    game = make_game(gods, known)
    u = game.universe
    assert replayed_average(parse_tree(plan, u), u, everyone(u)) == average  # by hand: 1/3 + 2/3 x 2; 1/6 x 2 + 5/6 x 4
    assert Q["plan_average"](game, {"plan": plan}) == str(average)
    assert AVERAGE.judge(game, str(average), {"plan": plan}).correct
    assert not AVERAGE.judge(game, str(average + Fraction(1, 12)), {"plan": plan}).correct


@pytest.mark.parametrize("gods", ["True,False,Random", "True,True,Random", "True,True,True,Random",
                                  "False,False,False,Random"])
@pytest.mark.parametrize("opening", OPENINGS)
def test_an_opened_plan_opens_so_and_its_average_replays(gods: str, opening: str) -> None:
    game = make_game(gods)
    u = game.universe
    text = Q["average_plan"](game, {"opening": opening})
    tree = parse_tree(text, u)
    assert isinstance(tree, Ask) and (tree.god, tree.question) == parse_asked(opening, u)
    assert Fraction(Q["plan_average"](game, {"opening": opening})) == replayed_average(tree, u, everyone(u))


def branch_least(u: Universe, god: int, question: object, k: int) -> Fraction | None:
    """The least average of the plans of at most ``k`` questions a path that open with ``question`` to ``god``, by
    brute force on each branch: every world sent to the word the plain rules give, a Random god's worlds to both
    with half their mass, then every plan tried on what each answer leaves."""
    worlds = everyone(u)
    parts: dict[str, list[tuple[int, Fraction]]] = {w: [] for w in u.words}
    for i in worlds:
        if u.worlds[i].roles[god] == "Random":
            for w in u.words:
                parts[w].append((i, Fraction(1, 2 * len(worlds))))
        else:
            truth = holds(question, u.worlds[i], u.gods, god)  # type: ignore[arg-type]
            parts[plain_word(u.worlds[i], god, truth)].append((i, Fraction(1, len(worlds))))

    @cache
    def least(state: frozenset[tuple[int, Fraction]], left: int) -> Fraction | None:
        """Mass times the least expected questions still to come (None: not within ``left``)."""
        if len({u.identity[i] for i, _ in state}) <= 1:
            return Fraction(0)
        if left == 0:
            return None
        best = None
        for g in range(len(u.gods)):
            rand = [(i, m / 2) for i, m in state if u.worlds[i].roles[g] == "Random"]
            rest = sorted((i, m) for i, m in state if u.worlds[i].roles[g] != "Random")
            for mask in range(1 << len(rest)):
                a = frozenset([x for j, x in enumerate(rest) if mask >> j & 1] + rand)
                b = frozenset([x for j, x in enumerate(rest) if not mask >> j & 1] + rand)
                if a == state or b == state or not a or not b:
                    continue
                ca, cb = least(a, left - 1), least(b, left - 1)
                if ca is not None and cb is not None and (best is None or ca + cb < best):
                    best = ca + cb
        return None if best is None else sum((m for _, m in state), Fraction(0)) + best

    total = Fraction(1)
    for part in parts.values():
        more = least(frozenset(part), k - 1)
        if more is None:
            return None
        total += more
    return total


@pytest.mark.parametrize(("gods", "opening"), [("True,True,Random", OPENINGS[1]), ("True,True,Random", OPENINGS[3]),
                                               ("True,True,True,Random", OPENINGS[0]),
                                               ("True,True,True,Random", OPENINGS[2])])
def test_an_opened_plan_goes_on_as_well_as_any_plan_can(gods: str, opening: str) -> None:
    game = make_game(gods, True)  # plain yes and no: the same averages, half the worlds to search
    u = game.universe
    opening = opening.replace("ja", "yes")
    god, question = parse_asked(opening, u)
    k = depth_of(parse_tree(Q["average_plan"](game, {"opening": opening}), u))
    assert Fraction(Q["plan_average"](game, {"opening": opening})) == branch_least(u, u.gods.index(god), question, k)


def depth_of(tree: Tree) -> int:
    return 1 + max(depth_of(t) for _, t in tree.branches) if isinstance(tree, Ask) else 0


# -- the least average ------------------------------------------------------------------------------------------


def code_average(n: int) -> Fraction:
    """The least average length of a binary prefix code for ``n`` equally likely words (Huffman 1952)."""
    k = n.bit_length() - 1
    return k + Fraction(2 * (n - (1 << k)), n)


@pytest.mark.parametrize(("gods", "n"), [("True,False,False", 3), ("True,False,False,False", 4),
                                         ("True,True,False,False", 6), ("True,False,False,False,False", 5),
                                         ("True,True,True,False,False", 10)])
def test_without_random_the_least_average_is_the_optimal_codes(gods: str, n: int) -> None:
    game = make_game(gods, True)
    assert Fraction(Q["least_average"](game)) == code_average(n)
    assert AVERAGE.judge(game, str(code_average(n)), {"of": "least"}).correct


@pytest.mark.parametrize(("gods", "known"), [("True,False,False,False,False", True), ("True,True,True,Random", True)])
def test_the_least_average_by_an_exhaustive_search_over_plans_on_worlds(gods: str, known: bool) -> None:
    game = make_game(gods, known)
    k = GODS.quantities["min_questions"](game)
    assert Fraction(Q["least_average"](game)) == least_by_worlds(universe(tuple(gods.split(",")), known), k)


def test_the_lessons_yes_and_no_follow_from_replayed_plans() -> None:
    classic, four = make_game(), make_game("True,False,False,Random")
    # the classic puzzle: the least average 3 (test_gods_average's exhaustive search) is the worst case: no saving
    assert Q["average_saves"](classic) == "no" and Q["least_average"](classic) == "3"
    # True, False, False, Random: the engine's plan, replayed by plain rules, averages below its worst case of 4
    u = four.universe
    plan = parse_tree(Q["average_plan"](four), u)
    assert replayed_average(plan, u, everyone(u)) == Fraction(47, 12) < 4 and Q["average_saves"](four) == "yes"
    # the plan with a short path: the classic plan (3 on every path) averages less, so it is not the least
    assert Q["plan_least"](classic, {"plan": SHORT_PATH}) == "no"
    assert Q["plan_least"](classic, {"plan": Q["average_plan"](classic)}) == "yes"


# -- the wrong ideas ----------------------------------------------------------------------------------------------


def leaves(tree: Tree, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Leaf]]:
    if isinstance(tree, Ask):
        return [x for word, sub in tree.branches for x in leaves(sub, (*path, word))]
    assert isinstance(tree, Leaf)
    return [] if tree.roles is None else [(path, tree)]


def test_each_wrong_idea_gives_what_it_names_and_is_diagnosed() -> None:
    game = make_game("True,True,True,Random")
    args = {"opening": OPENINGS[0]}
    found = leaves(parse_tree(Q["average_plan"](game, args), game.universe))
    depths = [len(path) for path, _ in found]
    per: dict[tuple[str, ...], list[int]] = {}
    for path, leaf in found:
        assert leaf.roles is not None
        per.setdefault(leaf.roles, []).append(len(path))
    expect = {"worst-case-as-average": Fraction(max(depths)), "best-case-as-average": Fraction(min(depths)),
              "leaves-equally-likely": Fraction(sum(depths), len(depths)),
              "random-takes-longer-path": Fraction(sum(max(d) for d in per.values()), len(per)),
              "random-takes-shorter-path": Fraction(sum(min(d) for d in per.values()), len(per)),
              "depths-added-up": Fraction(sum(depths))}
    for name, value in expect.items():
        verdict = AVERAGE.judge(game, str(value), args)
        assert not verdict.correct and verdict.misconception == name, (name, value, verdict.misconception)


def test_no_reply_to_a_wrong_average_states_it() -> None:
    for gods, args in [("True,True,True,Random", {"opening": OPENINGS[0]}), ("True,False,Random", {"plan": SHORT_PATH}),
                       ("True,False,False,False,False", {"of": "least"})]:
        game = make_game(gods, "False" in gods and "Random" not in gods)
        right = Fraction(AVERAGE.reference(game, AVERAGE.arguments(args)) or "0")
        for wrong in [*AVERAGE.wrong_answers(game, AVERAGE.arguments(args)), "1", "3/2", "7"]:
            verdict = AVERAGE.judge(game, wrong, args)
            assert not verdict.correct and verdict.detail
            assert stated_average(f"{verdict.summary}\n{verdict.detail}", right) is None, (gods, wrong, verdict.detail)


def test_an_average_is_read_exactly_and_a_text_that_states_it_is_caught() -> None:
    assert [read_average(t) for t in ("19/8", "2 3/8", "2.375", "(3 + 2 + 2 + 3 + 9)/8", "38/16 questions")] == \
        [Fraction(19, 8)] * 5
    for bad in ("2.3.1", "n/2", "r < 2", "1/0", "two"):
        with pytest.raises(InvalidNotation, match="exactly"):
            read_average(bad, Fraction(7, 2))
    assert stated_average("it averages 38/16 questions", Fraction(19, 8)) == "the average 38/16"
    assert stated_average("about 2.38 on average", Fraction(19, 8)) is not None
    assert stated_average("a leaf adds 1/8 x 2 = 1/4", Fraction(19, 8)) is None


def test_an_average_step_takes_a_correct_plan_or_an_opening_not_both() -> None:
    game = make_game()
    with pytest.raises(InvalidParams, match="not a correct plan"):
        Q["plan_average"](game, {"plan": SHORT_PATH.replace(
            "  da: A=Random B=False C=True\n  ja: A=Random B=True C=False\nja:",
            "  da: A=Random B=True C=False\n  ja: A=Random B=False C=True\nja:", 1)})
    with pytest.raises(InvalidParams, match="not both"):
        Q["plan_average"](game, {"plan": SHORT_PATH, "opening": OPENINGS[0]})
    with pytest.raises(InvalidParams, match="wrap it"):
        Q["plan_average"](game, {"opening": "ask A: B is Random"})


# -- which sets can be identified -------------------------------------------------------------------------------


def never(roles: str, identify: bool) -> bool:
    """Two different worlds (with the meaning of ja when it must be found) whose Random gods cover every god."""
    gods = roles.split(",")
    worlds = [(a, ja) for a in sorted(set(itertools.permutations(gods))) for ja in ((True, False) if identify else
                                                                              (None,))]
    return any(all("Random" in (a[g], b[g]) for g in range(len(gods))) for (a, x), (b, y)
               in itertools.combinations(worlds, 2))


@pytest.mark.parametrize("identify", [False, True])
def test_identifiable_and_the_counts_of_sets_by_a_plain_search(identify: bool) -> None:
    for s in god_sets(5):
        game = make_game(s.roles, identify_language=identify)
        assert Q["identifiable"](game) == ("no" if never(s.roles, identify) else "yes"), s.roles
    for size in range(1, 6):
        plain = sum(not never(s.roles, identify) for s in god_sets(size) if s.n == size)
        assert Q["identifiable_sets"](make_game(identify_language=identify), {"size": size}) == plain
    # the rule the conjecture step takes: fewer Random gods than others, and all Random when only roles are found
    assert all((2 * s.r < s.n or (s.r == s.n and not identify)) == (not never(s.roles, identify))
               for s in god_sets(5))
    rule = CONJECTURE.reference(make_game(identify_language=identify), CONJECTURE.arguments({}))
    assert rule == ("r < n - r" if identify else "r < n - r or r = n")
    assert CONJECTURE.judge(make_game(identify_language=identify), rule or "").correct


def test_a_wrong_rule_gets_the_smallest_counterexample_and_its_idea() -> None:
    game = make_game()
    verdict = CONJECTURE.judge(game, "r < t + f")  # says the same of every set as r < n - r
    assert not verdict.correct and verdict.misconception == "vallstrom-without-corner"
    assert verdict.summary.startswith("counterexample: gods Random (n=1, t=0, f=0, r=1)")
    assert "nothing to ask" in str(verdict.detail)
    half = CONJECTURE.judge(game, "2*r <= n or r = n")  # lets in half of the gods Random
    assert half.misconception is None and half.summary.startswith("counterexample: gods True,Random (n=2")
    assert CONJECTURE.judge(game, "2*r <= n").misconception == "half-is-few-enough"
    with pytest.raises(InvalidNotation, match="asks for a condition"):
        CONJECTURE.judge(game, "n - 1")
    assert CONJECTURE.gives_away(game, CONJECTURE.arguments({}), "try r < t + f or t + f = 0 next") is not None
    assert CONJECTURE.gives_away(game, CONJECTURE.arguments({}), "r < n - r fails at one god") is None

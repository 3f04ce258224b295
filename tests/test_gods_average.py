"""The least expected number of questions (``analyze gods --expected``) and a plan's average (``check gods``).

Every figure is checked a second way: a plan's average by walking each world and each sequence of Random's
words with the gods' plain rules (no bit sets, no question masks), and the least average by an exhaustive
search over plans on worlds (every god, every subset of the worlds, no identities, no symmetry, no bound).
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache

import pytest
from helpers import run_tutor

from tutor.errors import SearchLimit
from tutor.puzzles.gods import engine
from tutor.puzzles.gods.engine.average import AVERAGE_BUDGET, AverageSearch, huffman
from tutor.puzzles.gods.engine.solver import Solver, plan_tree
from tutor.puzzles.gods.engine.verify import average_questions, verify
from tutor.puzzles.gods.rules import make_game
from tutor.puzzles.gods.rules.question import Bin, InWorlds, Means, Node, Not, Role, Say, You
from tutor.puzzles.gods.rules.tree import Ask, Hole, Leaf, Tree, format_tree, parse_tree
from tutor.puzzles.gods.rules.worlds import Universe, World, universe

# (roles, known language, identify language, questions a path, the least average): the engine's figures,
# each recomputed below by the exhaustive search on worlds (the small ones) and replayed by plain rules
KNOWN = [
    ("True,False,Random", False, False, 3, Fraction(3)),
    ("True,False,Random", False, False, 4, Fraction(3)),
    ("True,False,Random", True, False, 3, Fraction(3)),
    ("True,False,Random", False, True, 4, Fraction(4)),
    ("True,True,Random", False, False, 2, Fraction(2)),
    ("True,False", True, False, 1, Fraction(1)),
    ("True,False,False", True, False, 2, Fraction(5, 3)),
    ("True,False,False,Random", False, False, 4, Fraction(47, 12)),
    ("True,False,Random,True", False, False, 4, Fraction(47, 12)),
    ("False,False,False,Random,Random", False, False, 5, Fraction(163, 40)),
]


# -- the gods' plain rules, one world at a time ----------------------------------------------------


def holds(node: Node, world: World, gods: tuple[str, ...], asked: int) -> bool:
    """Whether a proposition is true in one world, put to god ``asked`` (Random read as truthful inside)."""
    match node:
        case Role(god, role):
            return world.roles[gods.index(god)] == role
        case You(role):
            return world.roles[asked] == role
        case Means(word, meaning):
            return (word == "ja") == (meaning == "yes") == bool(world.ja_yes)
        case Say(word, body):
            return plain_word(world, asked, holds(body, world, gods, asked)) == word
        case InWorlds(patterns):
            return any(all(world.roles[gods.index(g)] == r for g, r in p.roles)
                       and (p.ja is None or (p.ja == "yes") == world.ja_yes) for p in patterns)
        case Not(body):
            return not holds(body, world, gods, asked)
        case Bin(op, left, right):
            a, b = holds(left, world, gods, asked), holds(right, world, gods, asked)
            return {"and": a and b, "or": a or b, "xor": a != b, "iff": a == b}[op]
    raise TypeError(node)


def plain_word(world: World, asked: int, truth: bool) -> str:
    """The word a god who is not Random gives: True affirms what holds, False what does not."""
    affirms = truth if world.roles[asked] != "False" else not truth
    if world.ja_yes is None:
        return "yes" if affirms else "no"
    return "ja" if affirms == world.ja_yes else "da"


def replayed_average(tree: Tree, u: Universe, worlds: list[int]) -> Fraction:
    """Each world (equally likely) and each sequence of Random's words (1/2 each), walked to its leaf."""
    total = Fraction(0)

    def walk(node: Tree, world: World, p: Fraction, asked: int) -> None:
        nonlocal total
        assert not isinstance(node, Hole)
        if isinstance(node, Leaf):
            assert node.roles == world.roles, "every world ends at its own leaf"
            total += p * asked
            return
        assert isinstance(node, Ask)
        g = u.gods.index(node.god)
        branches = dict(node.branches)
        if world.roles[g] == "Random":
            for sub in branches.values():
                walk(sub, world, p / 2, asked + 1)
        else:
            walk(branches[plain_word(world, g, holds(node.question, world, u.gods, g))], world, p, asked + 1)

    for i in worlds:
        walk(tree, u.worlds[i], Fraction(1, len(worlds)), 0)
    return total


# -- an exhaustive search over plans on worlds -------------------------------------------------------


def least_by_worlds(u: Universe, k: int) -> Fraction | None:
    """The least average over every plan of at most ``k`` questions a path: any god, any set of worlds."""
    random = [frozenset(i for i, w in enumerate(u.worlds) if w.roles[g] == "Random") for g in range(len(u.gods))]
    key = [u.identity[i] for i in range(u.size)]

    @cache
    def cost(state: frozenset[tuple[int, Fraction]], left: int) -> Fraction | None:
        identities = len({key[i] for i, _ in state})
        if identities == 1:
            return Fraction(0)
        if identities > 2 ** left:  # each identity needs a leaf of its own, and k questions make 2^k leaves at most
            return None
        best = None
        for g in range(len(u.gods)):
            rand = [(i, m) for i, m in state if i in random[g]]
            rest = [(i, m) for i, m in state if i not in random[g]]
            for mask in range(1 << len(rest)):
                if rest and not mask & 1:
                    continue  # the same split as the mask's complement, with the answers' words swapped
                first = [x for j, x in enumerate(rest) if mask >> j & 1]
                second = [x for j, x in enumerate(rest) if not mask >> j & 1]
                half = [(i, m / 2) for i, m in rand]
                a, b = frozenset(first + half), frozenset(second + half)
                if not (first or half) or not (second or half):
                    continue
                ca, cb = cost(a, left - 1), cost(b, left - 1)
                if ca is not None and cb is not None and (best is None or ca + cb < best):
                    best = ca + cb
        return None if best is None else sum((m for _, m in state), Fraction(0)) + best

    return cost(frozenset((i, Fraction(1, u.size)) for i in range(u.size)), k)


# -- the engine against both --------------------------------------------------------------------


def test_past_the_budget_a_larger_budget_finds_the_least_and_its_plan_replays() -> None:
    """A search refuses once its budget of questions examined is spent (True, False, False, Random examines 165);
    given more, the same search finds 47/12, and its plan replays to that average by plain rules."""
    game = make_game("True,False,False,Random", False, False)
    with pytest.raises(SearchLimit, match="budget of 50 questions"):
        AverageSearch(Solver(game.universe), budget=50).least(game.start, 4)
    search = AverageSearch(Solver(game.universe), budget=1000)
    value, plan = search.least(game.start, 4)
    assert value == Fraction(47, 12) and plan is not None
    tree = plan_tree(search.solver, plan)
    assert verify(tree, game.universe, 4) is None
    assert replayed_average(tree, game.universe, list(range(game.universe.size))) == Fraction(47, 12)


@pytest.mark.parametrize(("gods", "known", "identify", "k", "least"), KNOWN)
def test_least_averages_and_their_plans_replayed_by_plain_rules(gods: str, known: bool, identify: bool, k: int,
                                                                least: Fraction) -> None:
    game = make_game(gods, known, identify)
    value, plan = engine.least_average(game, k)
    assert value == least
    assert plan is not None
    tree = plan_tree(engine.shared_solver(game), plan)
    u = game.universe
    assert verify(tree, u, k) is None
    assert replayed_average(tree, u, list(range(u.size))) == least
    assert average_questions(parse_tree(format_tree(tree, u), u), u) == least  # the printed plan, read back


SMALL = [row for row in KNOWN if row[0] in ("True,False,Random", "True,True,Random", "True,False", "True,False,False")
         and not row[2] and row[3] <= 3]


@pytest.mark.parametrize(("gods", "known", "identify", "k", "least"), SMALL)
def test_least_averages_by_an_exhaustive_search_over_plans_on_worlds(gods: str, known: bool, identify: bool, k: int,
                                                                     least: Fraction) -> None:
    u = universe(tuple(gods.split(",")), known, identify)
    assert least_by_worlds(u, k) == least


def test_without_random_the_least_average_is_an_optimal_code() -> None:
    """True, False, False in plain yes/no: three assignments, no Random, so a plan is a prefix code: one of
    them after 1 question, two after 2, 5/3 on average, and no plan of one question."""
    u = universe(("True", "False", "False"), True, False)
    assert least_by_worlds(u, 2) == Fraction(5, 3)
    assert least_by_worlds(u, 1) is None
    assert AverageSearch(Solver(u)).least(u.full, 1) == (None, None)


def test_a_start_restricted_by_worlds_weighs_identities_by_their_worlds() -> None:
    game = make_game(worlds="ja means yes or A is True")
    u = game.universe
    start = [i for i in range(u.size) if game.start >> i & 1]
    value, plan = engine.least_average(game, 3)
    assert value is not None and plan is not None
    tree = plan_tree(engine.shared_solver(game), plan)
    assert verify(tree, u, 3, game.start) is None
    assert replayed_average(tree, u, start) == value


def test_huffman_is_a_lower_bound_the_search_meets_where_random_is_absent() -> None:
    u = universe(("True", "False", "False"), True, False)
    assert AverageSearch(Solver(u)).cost((1, 1, 1), 2) == huffman((1, 1, 1)) == 5  # no Random: a Huffman code
    classic = AverageSearch(Solver(universe()))
    c = classic.cost((2,) * 6, 3)
    assert c is not None and huffman((2,) * 6) < c  # Random costs more than any code: 32 < 36


# -- the command line ----------------------------------------------------------------------------------

ELEVEN_THIRDS = """ask A: would you say ja to (you are True or you are not True)
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


def test_analyze_expected_gives_a_plan_check_accepts_as_reaching_the_least() -> None:
    out = run_tutor("analyze", "gods", "--gods", "T,F,F,R", "--expected", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["expected_questions"] == {"fraction": "47/12", "float": 47 / 12}
    assert data["questions"] == data["min_questions"] == data["plan_questions"] == 4
    assert data["worlds"] == 24 and "1/2" in data["averaging"] and "model" in data
    checked = run_tutor("check", "gods", "--gods", "T,F,F,R", "--expected", "--json", "-", stdin=data["tree"])
    verdict = json.loads(checked.stdout)
    assert checked.returncode == 0
    assert verdict["correct"] and verdict["reaches_least_expected"]
    assert verdict["expected_questions"] == verdict["least_expected_questions"] == data["expected_questions"]


def test_a_correct_plan_with_a_worse_average_fails_check_expected() -> None:
    # by hand: 'da' only when A is Random (1/3) and he says da (1/2): 1/6 of the time 2 questions, else 4
    u = universe()
    assert replayed_average(parse_tree(ELEVEN_THIRDS, u), u, list(range(u.size))) == Fraction(11, 3)
    plain = run_tutor("check", "gods", "--questions", "4", "--json", "-", stdin=ELEVEN_THIRDS)
    assert plain.returncode == 0
    assert json.loads(plain.stdout)["expected_questions"]["fraction"] == "11/3"
    judged = run_tutor("check", "gods", "--questions", "4", "--expected", "-", stdin=ELEVEN_THIRDS)
    assert judged.returncode == 1
    assert "11/3 (about 3.67), more than the least for plans of at most 4 questions a path, 3" in judged.stdout
    assert "4 questions, 11/3 (about 3.67) on average" in judged.stdout


def test_an_incorrect_plan_has_no_average() -> None:
    wrong = ELEVEN_THIRDS.replace("da: A=Random B=False C=True\n  ja: A=Random B=True C=False\nja:",
                                  "da: A=Random B=True C=False\n  ja: A=Random B=False C=True\nja:", 1)
    out = run_tutor("check", "gods", "--questions", "4", "--expected", "--json", "-", stdin=wrong)
    data = json.loads(out.stdout)
    assert out.returncode == 1 and not data["correct"]
    assert data["expected_questions"] is None and data["reaches_least_expected"] is False
    assert data["least_expected_questions"]["fraction"] == "3"


def test_expected_bad_input_is_one_line_and_exit_2() -> None:
    out = run_tutor("analyze", "gods", "--questions", "4")
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "--expected" in out.stderr
    big = run_tutor("analyze", "gods", "--gods", "T,F,F,R,R", "--identify-language", "--expected", "--questions", "8")
    assert big.returncode == 2 and len(big.stderr.strip().splitlines()) == 1 and "60 identities" in big.stderr
    assert "Traceback" not in big.stderr


def test_a_search_past_its_budget_is_refused_in_one_line_naming_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run_tutor("analyze", "gods", "--gods", "T,T,F,F,R", "--expected")  # needs 142,708 questions examined
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert f"budget of {AVERAGE_BUDGET:,} questions" in out.stderr and "docs/limits.md" in out.stderr
    search = engine.shared_average(make_game("T,T,F,F,R"))  # the search above: asking again searches no more
    monkeypatch.setattr(search, "cost", lambda w, k: pytest.fail("the refused search was run again"))
    again = run_tutor("analyze", "gods", "--gods", "T,T,F,F,R", "--expected")
    assert again.returncode == 2 and again.stderr == out.stderr


def test_no_plan_within_the_questions_means_no_average() -> None:
    out = run_tutor("analyze", "gods", "--expected", "--questions", "2", "--json")
    data = json.loads(out.stdout)
    assert data["expected_questions"] is None and data["tree"] is None and "no plan" in data["reason"]
    never = json.loads(run_tutor("analyze", "gods", "--gods", "T,R,R", "--expected", "--json").stdout)
    assert never["expected_questions"] is None and never["questions"] is None

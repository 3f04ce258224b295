"""gods-6 'More gods', checked a second way: the lesson's numbers for four and five gods recounted by brute force
over the role orders (itertools), what the worse first answer leaves by a search over every split size, which sets
of gods can never be identified by a pair of role orders whose Random gods cover every god, and the True, True,
Random plan replayed with the gods' plain rules (True tells the truth, False lies, Random says either word, ja may
mean yes or no) over every world and every choice Random could make."""

from __future__ import annotations

import itertools
import math

import pytest

from tests.helpers import bundled, new_session, play_through, text
from tutor import puzzles
from tutor.course import load_catalog
from tutor.puzzles.gods.rules import make_game

GODS = puzzles.get("gods")
LESSON = bundled().find("gods-6")


def compute(quantity: str, gods: str, **raw):
    q = GODS.quantities[quantity]
    return q.compute(make_game(gods), q.arguments(raw))


def orders(gods: str) -> list[tuple[str, ...]]:
    """Every assignment of the roles to the gods, copies of a role not told apart."""
    return sorted(set(itertools.permutations(gods.split(","))))


def worst_first_answer(gods: str) -> int:
    """The fewest assignments the worse answer leaves: asking god g, those with g Random reach both answers and
    the rest go to the side the question puts them; every split is some question, so try every size of side."""
    best = math.inf
    for g in range(len(gods.split(","))):
        random = [o for o in orders(gods) if o[g] == "Random"]
        rest = len(orders(gods)) - len(random)
        best = min(best, *(len(random) + max(side, rest - side) for side in range(rest + 1)))
    return int(best)


def covering_pairs(gods: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Pairs of assignments in which every god is Random in one or the other: whoever is asked may, as Random,
    give the word the other assignment gives, so the two always answer alike."""
    n = len(gods.split(","))
    return [(x, y) for x, y in itertools.combinations(orders(gods), 2)
            if all("Random" in (x[g], y[g]) for g in range(n))]


def test_the_lesson_plays_through_with_engine_answers() -> None:
    session = new_session()
    replies = play_through(session, LESSON)
    assert "Lesson complete" in text(replies)
    assert {s.index for s in LESSON.questions} <= session.progress.completed("gods-6")


def test_the_course_orders_more_gods_before_the_practice() -> None:
    ordered = [les.id for les in load_catalog([]).ordered() if les.puzzle == "gods"]
    assert ordered.index("gods-7") == ordered.index("gods-6") + 1, ordered


def test_four_gods_with_a_repeated_role_by_brute_force() -> None:
    gods = "True,False,False,Random"
    assignments = len(orders(gods))
    assert assignments == math.factorial(4) // math.factorial(2)
    assert compute("assignments", gods) == assignments
    assert compute("worlds", gods) == 2 * assignments
    assert compute("lower_bound", gods) == min(k for k in range(10) if 2 ** k >= assignments)
    worst = worst_first_answer(gods)
    assert compute("first_worst_branch", gods) == worst
    # Random does not ask for more than counting: the worse answer fits the questions left, and the solver agrees.
    assert worst <= 2 ** (compute("lower_bound", gods) - 1)
    assert compute("min_questions", gods) == compute("lower_bound", gods)


def test_five_gods_cost_a_question_more_than_counting() -> None:
    gods = "True,False,False,Random,Random"
    assignments = len(orders(gods))
    bound = min(k for k in range(10) if 2 ** k >= assignments)
    worst = worst_first_answer(gods)
    assert (compute("lower_bound", gods), compute("first_worst_branch", gods)) == (bound, worst)
    assert worst > 2 ** (bound - 1), "the Random argument rules the counting bound out"
    assert compute("min_questions", gods) == bound + 1
    assert not covering_pairs(gods)


@pytest.mark.parametrize(("gods", "never"), [("True,False,Random,Random", True), ("True,True,Random", False),
                                             ("True,False,False,Random", False), ("True,Random,Random", True)])
def test_which_gods_can_be_identified_by_a_pair_of_covering_assignments(gods: str, never: bool) -> None:
    assert bool(covering_pairs(gods)) == never
    assert compute("solvable", gods) == ("no" if never else "yes")
    roles = gods.split(",")
    assert never == (roles.count("Random") * 2 >= len(roles)), "Vallstrom's rule: fewer Random than not"


def says_ja(role: str, ja_yes: bool, truth: bool) -> bool:
    """Whether a god who is not Random says ja to a statement: True affirms what holds, False what does not."""
    return (truth if role == "True" else not truth) == ja_yes


def wrapped(role: str, ja_yes: bool, truth: bool) -> bool:
    """The word to 'would you say ja to (P)': the question is whether he would say ja to P, answered as above."""
    return says_ja(role, ja_yes, says_ja(role, ja_yes, truth))


# ask A: would you say ja to (B is Random); after ja C is safe, after da B is: ask him about A.
PLAN = ("A", 1, {True: ("C", 0, {True: ("Random", "True", "True"), False: ("True", "Random", "True")}),
                 False: ("B", 0, {True: ("Random", "True", "True"), False: ("True", "True", "Random")})})


def test_true_true_random_falls_to_the_plan_the_lesson_hints_at_in_two_questions() -> None:
    gods = "True,True,Random"
    checked = 0
    coin_flips = list(itertools.product((True, False), repeat=2))
    for roles, ja_yes, coins in itertools.product(orders(gods), (True, False), coin_flips):
        node, asked = PLAN, 0
        while isinstance(node[2], dict):
            god, about, branches = node
            g = "ABC".index(god)
            word = coins[asked] if roles[g] == "Random" else wrapped(roles[g], ja_yes, roles[about] == "Random")
            node, asked = branches[word], asked + 1
        assert node == roles and asked == compute("min_questions", gods)
        checked += 1
    assert checked == len(orders(gods)) * 2 * 4

"""The gods misconceptions, checked a second way: each value a learner holding a wrong idea would give is counted
again here by brute force over the worlds (itertools, plain rules for how the gods answer), by a plain formula, or
by a search over every split; and no sentence naming an idea states the right value."""

from __future__ import annotations

import itertools
import math
import pickle

import pytest

from tutor import puzzles
from tutor.course import load_catalog
from tutor.course.steps import Computed
from tutor.errors import InvalidParams
from tutor.puzzles.computed import states_number
from tutor.puzzles.gods.rules import make_game
from tutor.puzzles.options import resolve

GODS = puzzles.get("gods")
VARIANTS = [("True,False", False, False), ("True,False,Random", False, False), ("True,False,False", True, False),
            ("True,False,Random", False, True), ("True,Random", True, False), ("True,False,Random", True, False)]


def values(quantity: str, game, **raw) -> dict[str, object]:
    """Each misconception of ``quantity`` with the value it gives for ``game``."""
    q = GODS.quantities[quantity]
    args = q.arguments(raw)
    return {m.name: m.value(game, args) for m in q.misconceptions}


def right(quantity: str, game, **raw):
    q = GODS.quantities[quantity]
    return q.compute(game, q.arguments(raw))


def orders(roles: list[str]) -> set[tuple[str, ...]]:
    """Every assignment of the roles to the gods, by itertools."""
    return set(itertools.permutations(roles))


def brute_worlds(roles: list[str], known: bool) -> list[tuple[tuple[str, ...], bool]]:
    """(assignment, ja means yes) for every world."""
    return [(o, ja) for o in sorted(orders(roles)) for ja in ([True] if known else [True, False])]


def smallest(base: int, leaves: int) -> int:
    """The fewest k with base^k >= leaves, by floats rounded the safe way."""
    k = max(0, math.ceil(math.log(leaves, base) - 1e-9)) if leaves > 1 else 0
    return k


def wrong_or_none(value: int, right_value: int) -> int | None:
    return None if value == right_value else value


# -- counts -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("gods", "known", "identify"), VARIANTS)
def test_count_misconceptions_match_a_brute_force_count(gods, known, identify) -> None:
    game = make_game(gods, known, identify)
    roles = gods.split(",")
    n, distinct = len(roles), len(set(roles))
    worlds = brute_worlds(roles, known)
    assignments = len(orders(roles))
    got = values("assignments", game)
    assert got["worlds_for_assignments"] == (None if known else wrong_or_none(len(worlds), assignments))
    assert got["roles_repeat"] == wrong_or_none(len(list(itertools.product(set(roles), repeat=n))), assignments)
    assert got["two_choices_per_god"] == (None if distinct == 2 else wrong_or_none(2 ** n, assignments))
    assert got["copies_told_apart"] == (None if distinct == n else
                                        wrong_or_none(len(list(itertools.permutations(range(n)))), assignments))
    assert got["one_real_assignment"] == (None if 1 in {assignments, *list(got.values())[:4]} else 1)
    got = values("worlds", game)
    assert got["meanings_of_ja_forgotten"] == (None if known else wrong_or_none(assignments, len(worlds)))
    repeat = len(list(itertools.product(set(roles), repeat=n))) * (1 if known else 2)
    assert got["roles_repeat"] == wrong_or_none(repeat, len(worlds))
    assert got["meanings_added"] == (None if known else wrong_or_none(assignments + 2, len(worlds)))
    labelled = len(list(itertools.permutations(range(n)))) * (1 if known else 2)  # identical gods told apart
    earlier = {len(worlds), repeat, *(() if known else (assignments, assignments + 2)),
               *(() if distinct == n else (labelled,))}

    def later(value: int) -> int | None:
        return None if value in earlier else value

    own = len(orders(roles)) * len(list(itertools.product((True, False), repeat=n)))  # a meaning of ja per god
    both = len(orders(roles)) * len(list(itertools.product((True, False), (True, False))))  # ja and da on their own
    assert got["own_language"] == (None if known else later(own))
    assert got["words_independent"] == (None if known else later(both))
    assert got["roles_added"] == later(n * distinct * (1 if known else 2))  # each god each role, added


@pytest.mark.parametrize(("gods", "known", "identify"), VARIANTS)
def test_the_later_world_ideas_match_a_brute_force_count(gods, known, identify) -> None:
    """The one real world, the rows of answers the gods could give, and a role and a language chosen by each god
    on his own: each counted here over itertools, and None where the right count or an earlier idea gives it."""
    game = make_game(gods, known, identify)
    roles = gods.split(",")
    n = len(roles)
    worlds = brute_worlds(roles, known)
    got = values("worlds", game)
    names = list(got)
    taken = {len(worlds)}

    def fresh(name: str, value: int | None) -> int | None:
        taken.update(got[m] for m in names[:names.index(name)])
        return None if value is None or value in taken else value

    assert got["one_real_world"] == fresh("one_real_world", len(worlds[:1]))
    rows = len(list(itertools.product(("ja", "da"), repeat=n)))  # each god answering with one of two words
    assert got["answer_patterns"] == fresh("answer_patterns", rows)
    chosen = len(list(itertools.product(itertools.product(set(roles), (True, False)), repeat=n)))
    assert got["own_role_and_language"] == fresh("own_role_and_language", None if known else chosen)


@pytest.mark.parametrize(("gods", "known"), [("True,False,False,Random", False), ("True,True,False", True),
                                             ("False,Random,Random", False), ("True,False,Random", False)])
def test_counting_identical_gods_as_different_matches_a_count_of_labelled_gods(gods, known) -> None:
    """A learner who tells copies of a role apart counts the orders of n labelled gods (permutations of their
    indices), with each meaning of ja: the worlds counted with the copies kept apart."""
    game = make_game(gods, known)
    roles = gods.split(",")
    meanings = [True] if known else [True, False]
    labelled = [(o, ja) for o in itertools.permutations(range(len(roles))) for ja in meanings]
    worlds = brute_worlds(roles, known)
    got = values("worlds", game)["copies_told_apart"]
    assert got == (None if len(set(roles)) == len(roles) else wrong_or_none(len(labelled), len(worlds)))
    assert right("worlds", game) == len(worlds)


def test_start_world_misconceptions_match_a_brute_force_count() -> None:
    game = make_game("True,False,Random", worlds="A is Random")
    worlds = brute_worlds(["True", "False", "Random"], False)
    inside = [w for w in worlds if w[0][0] == "Random"]
    got = values("start_worlds", game)
    assert got == {"assignments_not_worlds": len({o for o, _ in inside}),
                   "other_side": len(worlds) - len(inside), "all_worlds": len(worlds)}


def test_what_an_answer_leaves_matches_the_plain_rules() -> None:
    """A wrapped question 'would you say ja to X' gets ja from True and False exactly when X holds, whatever ja
    means; Random may say either word: so after ja, the worlds where X holds or A is Random remain."""
    game = make_game("True,False,Random")
    worlds = brute_worlds(["True", "False", "Random"], False)
    after_ja = [w for w in worlds if w[0][0] == "Random" or w[0][1] == "Random"]
    not_random = [w for w in after_ja if w[0][0] != "Random"]
    got = values("example_left_first", game, example="ask A: would you say ja to (B is Random)")
    assert got == {"random_left_out": len({o for o, _ in not_random}), "worlds_not_assignments": len(after_ja),
                   "answer_halves": math.ceil(len(orders(["True", "False", "Random"])) / 2)}


# -- questions --------------------------------------------------------------------------------------------------

def worst_branch(items: list[frozenset[str]], random_of: list[set]) -> int:
    """The fewest possibilities the worse answer leaves, over every split of every god's non-Random ones."""
    best = len(items)
    for r in random_of:
        rest = [x for x in items if x not in r]
        for size in range(len(rest) + 1):
            for side in itertools.combinations(rest, size):
                best = min(best, len(r) + max(len(side), len(rest) - len(side)))
    return best


def test_first_branch_misconceptions_match_a_search_over_every_split() -> None:
    game = make_game("True,False,Random")
    roles = ["True", "False", "Random"]
    assignments = sorted(orders(roles))
    worlds = brute_worlds(roles, False)
    random_items = [{o for o in assignments if o[g] == "Random"} for g in range(3)]
    random_worlds = [{w for w in worlds if w[0][g] == "Random"} for g in range(3)]
    got = values("first_worst_branch", game)
    assert got["even_split"] == math.ceil(len(assignments) / 2)
    assert got["random_left_out"] == min(math.ceil((len(assignments) - len(r)) / 2) for r in random_items)
    assert got["worlds_counted"] == worst_branch(worlds, random_worlds)
    assert got["nothing_learned"] == len(assignments)
    assert right("first_worst_branch", game) == worst_branch(assignments, random_items)


def best_side(items: int, randoms: list[int]) -> int:
    """The worse answer's share with the best god and the best split, trying every size of side (every split of
    the non-Random possibilities is some question)."""
    return min(r + max(side, items - r - side) for r in randoms for side in range(items - r + 1))


@pytest.mark.parametrize("gods", ["True,False,False,Random", "True,False,False,Random,Random"])
def test_first_branch_misconceptions_for_more_gods_match_a_count_over_every_split_size(gods) -> None:
    """gods-6 asks what the worse first answer leaves with four and five gods."""
    game = make_game(gods)
    roles = gods.split(",")
    assignments = sorted(orders(roles))
    worlds = brute_worlds(roles, False)
    random_items = [len([o for o in assignments if o[g] == "Random"]) for g in range(len(roles))]
    random_worlds = [len([w for w in worlds if w[0][g] == "Random"]) for g in range(len(roles))]
    right_value = best_side(len(assignments), random_items)
    assert right("first_worst_branch", game) == right_value
    assert values("first_worst_branch", game) == {
        "even_split": wrong_or_none(math.ceil(len(assignments) / 2), right_value),
        "random_left_out": wrong_or_none(min(best_side(len(assignments) - r, [0]) for r in random_items),
                                         right_value),
        "worlds_counted": wrong_or_none(best_side(len(worlds), random_worlds), right_value),
        "nothing_learned": wrong_or_none(len(assignments), right_value)}


@pytest.mark.parametrize(("gods", "known", "identify"), VARIANTS)
def test_the_counting_misconceptions_match_logarithms(gods, known, identify) -> None:
    game = make_game(gods, known, identify)
    roles = gods.split(",")
    worlds = brute_worlds(roles, known)
    leaves = len(worlds) if identify else len(orders(roles))
    bound = smallest(2, leaves)
    assert right("lower_bound", game) == bound
    got = values("lower_bound", game)
    ternary = smallest(3, leaves)  # one short of the bound is left to the counterexample: other slips give it too
    assert got["three_answers"] == (None if ternary in (bound, bound - 1) else ternary)
    assert got["worlds_counted"] == (None if leaves == len(worlds) else wrong_or_none(smallest(2, len(worlds)), bound))
    assert got["one_at_a_time"] == wrong_or_none(leaves - 1, bound)


def test_fewest_question_misconceptions_against_the_known_answers() -> None:
    """The classic puzzle takes 3 questions (Boolos 1996), so a learner who ignores the language says 3, and one who
    doubles it 6; asking each god once is 3 questions; one question is 1."""
    both = make_game("True,False,Random", identify_language=True)
    assert values("min_questions", both) == {"one_per_god": None, "roles_only": 3, "doubled": 6, "one_question": 1}
    liars = make_game("True,False,False", known_language=True)
    assert values("min_questions", liars) == {"one_per_god": 3, "roles_only": None, "doubled": None,
                                              "one_question": 1}
    safe = make_game("True,False,Random", worlds="A is not Random")
    assert values("start_min_questions", safe) == {"random_still_priced": 3, "one_question": 1,
                                                   "leaves_not_questions": len({o for o in orders(
                                                       ["True", "False", "Random"]) if o[0] != "Random"})}


def test_working_first_question_misconceptions_scale_the_splits_the_plain_way() -> None:
    """Asking any god of True, False, Random is the same up to renaming, so one god's share is a third; a split
    is made by 2^(worlds where the asked god is Random) questions, which the misconceptions replace by 2^2
    (assignments), 2 (once) or 1 (none)."""
    game = make_game("True,False,Random")
    total = right("working_first_questions", game)
    splits = right("working_first_splits", game)
    random_worlds = len([w for w in brute_worlds(["True", "False", "Random"], False) if w[0][0] == "Random"])
    assert total == splits * 2 ** random_worlds
    assert values("working_first_questions", game) == {
        "splits_not_questions": splits, "one_god_only": total // 3,
        "random_assignments_not_worlds": splits * 2 ** (random_worlds // 2), "random_once": splits * 2}


# -- the sentences ----------------------------------------------------------------------------------------------

NUMBER_QUANTITIES = [name for name, q in GODS.quantities.items() if q.misconceptions]


# Two ideas may give the same number on a variant no bundled lesson asks about (2 x 2 worlds is also 2^2 with
# repeated roles): lint refuses such a step, and tests/test_misconceptions.py checks the bundled ones.
@pytest.mark.parametrize(("gods", "known", "identify"), VARIANTS)
@pytest.mark.parametrize("quantity", NUMBER_QUANTITIES)
def test_no_idea_gives_the_right_value_or_states_it(quantity, gods, known, identify) -> None:
    game = make_game(gods, known, identify)
    example = "ask A: B is False" if known else "ask A: would you say ja to (B is False)"
    raw = {"example": example} if quantity.startswith("example") else {}
    q = GODS.quantities[quantity]
    args = q.arguments(resolve(q.args, raw, "test", strict=False))
    try:
        value = q.compute(game, args)
    except InvalidParams:  # an average has no value where no plan identifies the gods
        assert GODS.quantities["solvable"](game) == "no", (quantity, gods)
        return
    given = {m.name: m.value(game, args) for m in q.misconceptions}
    wrong = [v for v in given.values() if v is not None]
    assert value not in wrong, (quantity, value, given)
    for idea in q.misconceptions:
        if given[idea.name] is not None and isinstance(value, int):  # an option (a god, 'none') is named freely
            said = idea.says(game, args, given[idea.name])
            assert not states_number(said, int(value)), (quantity, idea.name, said)


def test_no_diagnosis_in_a_bundled_lesson_gives_away_an_answer_of_its_lesson() -> None:
    checked = 0
    for lesson in load_catalog().ordered():
        if lesson.puzzle != "gods":
            continue
        for i, step in enumerate(lesson.steps):
            if not isinstance(step, Computed) or step.options:
                continue
            args = step.computes.arguments(step.args)
            for idea in step.computes.misconceptions:
                given = idea.value(step.game, args)
                if given is None:
                    continue
                said = idea.says(step.game, args, given)
                assert [later.gives_away(said) for later in lesson.steps[i:]] == [None] * (len(lesson.steps) - i)
                checked += 1
    assert checked >= 25


def test_the_misconceptions_pickle_and_still_compute() -> None:
    """Grading runs in worker processes, which receive the quantities pickled."""
    game = make_game("True,False,Random")
    for quantity in NUMBER_QUANTITIES:
        q = GODS.quantities[quantity]
        raw = {"example": "ask A: would you say ja to (B is Random)"} if quantity.startswith("example") else {}
        args = q.arguments(raw)
        for idea in q.misconceptions:
            back = pickle.loads(pickle.dumps(idea))
            assert back.name == idea.name and back.value(game, args) == idea.value(game, args)

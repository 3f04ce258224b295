"""The gods' beliefs about one question, and the ideas about the example question, checked a second way: the worlds
are listed here with itertools, each god's answer worked out by the plain rules (the truthful say yes to what
holds, the liar to what does not, ja is yes or no as the world says, Random may say either word), each belief
pictured on those worlds, and the goal checked by counting; the tutor names a belief for a question exactly when
this picture makes the question work and the real worlds do not."""

from __future__ import annotations

import itertools
import pickle

import pytest

from tutor import puzzles
from tutor.puzzles.gods.rules import make_game

GODS = puzzles.get("gods")
KIND = GODS.kinds["question"]
World = tuple[tuple[str, ...], bool | None]  # roles, and whether ja means yes (None: yes and no are spoken)


def worlds(gods: str, known: bool) -> list[World]:
    roles = gods.split(",")
    return [(o, ja) for o in sorted(set(itertools.permutations(roles))) for ja in ([None] if known else [True, False])]


def holds(world: World, atom: tuple[str, str]) -> bool:
    return world[0]["ABC".index(atom[0])] == atom[1]


def word(world: World, yes: bool) -> str:
    """The word for a yes (or a no) in ``world``."""
    if world[1] is None:
        return "yes" if yes else "no"
    return "ja" if yes == world[1] else "da"


def says(world: World, god: int, truthful: bool, atom: tuple[str, str], wrap: str | None) -> str:
    """What a god who is not Random answers: to the atom itself, or to 'would you say WRAP to (atom)'."""
    yes = holds(world, atom) == truthful
    if wrap is not None:
        inner = word(world, yes) if wrap != "yes" else ("yes" if yes else "no")
        yes = (inner == wrap) == truthful
    return word(world, yes)


def heard(world: World, god: int, atom, wrap, trust_liar: bool) -> set[str]:
    role = world[0][god]
    if role == "Random":
        return {word(world, True), word(world, False)}
    return {says(world, god, role == "True" or trust_liar, atom, wrap)}


def meets(goal: str, kept: list[World], god: int, answer, target=None) -> bool:
    """The goal, counted on the worlds ``kept`` with ``answer(world)`` the words each may hear."""
    words = sorted({w for x in kept for w in answer(x)})
    if goal == "target":
        return all(("ja" in answer(x) or "yes" in answer(x)) == holds(x, target) for x in kept if x[0][god] != "Random")
    sides = [[x for x in kept if w in answer(x)] for w in words]
    if goal == "non-random":
        return all(any(all(x[0][g] != "Random" for x in side) for g in range(len(kept[0][0]))) for side in sides)
    return all(len({x[0] for x in side}) <= 1 for side in sides)  # progress with one question: one assignment each


PICTURES = {  # what each belief keeps of the worlds, and whether the liar is taken at his word
    "liar_trusted": (lambda x, g: True, True), "random_relied_on": (lambda x, g: x[0][g] != "Random", False),
    "ja_means_yes": (lambda x, g: x[1] is True, False), "da_means_yes": (lambda x, g: x[1] is False, False),
    "plain_question": (lambda x, g: x[1] is True, True)}


def first_belief(all_worlds: list[World], goal: str, god: int, atom, wrap, target) -> str | None:
    real = lambda x: heard(x, god, atom, wrap, False)  # noqa: E731
    if meets(goal, all_worlds, god, real, target):
        return None
    for name, (keep, trust) in PICTURES.items():
        kept = [x for x in all_worlds if keep(x, god)]
        liar_there = any(x[0][god] == "False" for x in kept)
        if name in ("liar_trusted", "plain_question") and (wrap is not None or not liar_there):
            continue  # a wrapped question is no trust in the liar
        if len(kept) == len(all_worlds) and not trust:
            continue  # the belief changes nothing here
        pictured = lambda x, trust=trust: heard(x, god, atom, wrap, trust)  # noqa: E731
        nothing = lambda x: {word(x, True)} if x[0][god] != "Random" else {word(x, True), word(x, False)}  # noqa: E731
        if meets(goal, kept, god, pictured, target) and not meets(goal, kept, god, nothing, target):
            return name
    return None


SETTINGS = [  # (gods, known language, goal, target, the god asked): the lessons' question steps and more
    ("True,False", True, "progress", None, "AB"), ("True,False", False, "target", ("B", "False"), "A"),
    ("True,False,Random", False, "non-random", None, "ABC"),
    ("True,False,Random", False, "target", ("B", "Random"), "A"), ("True,False", False, "progress", None, "AB")]


@pytest.mark.parametrize(("gods", "known", "goal", "target", "asked"), SETTINGS)
def test_a_question_is_named_with_the_first_belief_that_makes_it_work(gods, known, goal, target, asked) -> None:
    game = make_game(gods, known)
    every = worlds(gods, known)
    roles = sorted(set(gods.split(",")))
    args = {"goal": goal, "target": "" if target is None else f"{target[0]} is {target[1]}"}
    named = set()
    for god, (who, role) in itertools.product(asked, itertools.product("ABC"[:len(every[0][0])], roles)):
        for wrap in (None, "yes") if known else (None, "ja", "da", "yes"):
            body = f"{who} is {role}"
            text = f"ask {god}: {body}" if wrap is None else f"ask {god}: would you say {wrap} to ({body})"
            verdict = KIND.judge(game, text, args)
            expected = first_belief(every, goal, "ABC".index(god), (who, role), wrap, target)
            if verdict.correct:
                assert expected is None, text
                continue
            assert verdict.misconception == expected, (text, expected)
            named.add(expected)
    assert named - {None}, "some belief is met"


def test_the_lessons_question_steps_name_the_beliefs_learners_show() -> None:
    game = make_game("True,False", True)
    assert KIND.judge(game, "ask A: A is True").misconception == "liar_trusted"  # both gods claim to be True
    assert KIND.judge(game, "ask A: would you say yes to (A is True)").correct
    two = make_game("True,False")
    said = KIND.judge(two, "ask A: B is False", {"goal": "target", "target": "B is False"})
    assert said.misconception == "plain_question" and "ja means yes" in str(said.detail)


# -- the example question --------------------------------------------------------------------------------------

def test_who_is_safe_ideas_match_the_worlds_left() -> None:
    """After ja or da to 'ask A: would you say ja to (B is Random)': the god asked, the god the answer points at
    as Random where A is not Random, and 'none', each unless the right answer or an earlier idea gives it."""
    game = make_game("True,False,Random")
    every = worlds("True,False,Random", False)
    example = "ask A: would you say ja to (B is Random)"
    for which, quantity in ((0, "example_not_random_first"), (1, "example_not_random_second")):
        q = GODS.quantities[quantity]
        args = q.arguments({"example": example})
        left = [x for x in every if ("ja", "da")[which] in heard(x, 0, ("B", "Random"), "ja", False)]
        right = ", ".join(g for i, g in enumerate("ABC") if all(x[0][i] != "Random" for x in left)) or "none"
        assert q.compute(game, args) == right
        honest = [x for x in left if x[0][0] != "Random"]
        pointed = [g for i, g in enumerate("ABC") if all(x[0][i] == "Random" for x in honest)]
        seen, expected = [right], {}
        for name, value in (("asked_god_cleared", "A"), ("random_one_named", pointed[0] if pointed else None),
                            ("nobody_safe", "none")):
            expected[name] = None if value in seen else value
            seen.append(value)
        assert {m.name: m.value(game, args) for m in q.misconceptions} == expected


def test_a_yes_to_a_question_that_fails_is_the_belief_that_makes_it_work() -> None:
    q = GODS.quantities["example_meets_goal"]
    game = make_game("True,False", True)
    args = q.arguments({"example": "ask A: you are True", "goal": "progress"})
    assert q.compute(game, args) == "no"
    assert {m.name: m.value(game, args) for m in q.misconceptions} == {
        "liar_trusted": "yes", "random_relied_on": None, "ja_means_yes": None, "da_means_yes": None,
        "plain_question": None}


def test_the_beliefs_pickle() -> None:
    assert [b.name for b in pickle.loads(pickle.dumps(KIND)).beliefs] == [b.name for b in KIND.beliefs]
    q = pickle.loads(pickle.dumps(GODS.quantities["example_not_random_first"]))
    assert [m.name for m in q.misconceptions] == ["asked_god_cleared", "random_one_named", "nobody_safe"]

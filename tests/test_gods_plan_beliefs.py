"""The gods' beliefs about whole plans, checked a second way: each plan is followed here world by world with
itertools and the plain rules for how the gods answer (the truthful say yes to what holds, the liar to what does
not, ja is yes or no as the world says, Random may say either word), each belief's picture applied to those rules
(the worlds it keeps, the god it takes at his word, the answers read the other way round) or its reason counted
(the questions a plan asks, the possibilities its first answer leaves); the tutor names the first belief under
which the plan is right, exactly as this walk finds it, on the lessons' plan steps and the plans their authors
declared as mistakes."""

from __future__ import annotations

import itertools

import pytest

from tests.helpers import bundled
from tutor.course.steps.written import Written
from tutor.puzzles.gods.rules.question import Bin, Not, Role, Say, You
from tutor.puzzles.gods.rules.tree import Ask, Hole, Leaf, parse_tree

World = tuple[tuple[str, ...], bool | None]
GODS = "ABC"


def worlds(roles: list[str], known: bool) -> list[World]:
    return [(o, ja) for o in sorted(set(itertools.permutations(roles))) for ja in ([None] if known else [True, False])]


def truth(node, world: World, god: int, liar_is_honest: bool, random_as: str | None) -> bool:
    """Whether the statement holds (a wrapped one: whether the god would say its word to the body)."""
    match node:
        case Role(g, r):
            return world[0][GODS.index(g)] == r
        case You(r):
            return world[0][god] == r
        case Not(body):
            return not truth(body, world, god, liar_is_honest, random_as)
        case Bin(op, left, right):
            a, b = (truth(x, world, god, liar_is_honest, random_as) for x in (left, right))
            return {"and": a and b, "or": a or b, "xor": a != b, "iff": a == b}[op]
        case Say(word, body):  # "would you say yes to (...)" is about yes whatever ja means
            said_in = world if word in ("ja", "da") else (world[0], None)
            return spoken(said_in, god, truth(body, world, god, liar_is_honest, random_as), liar_is_honest,
                          random_as) == {word}
    raise AssertionError(f"no plain rule for {node!r}")


def spoken(world: World, god: int, holds: bool, liar_is_honest: bool, random_as: str | None) -> set[str]:
    """The words a god may answer to a statement that ``holds`` (or not)."""
    role = world[0][god]
    if role == "Random" and random_as is None:
        return {"ja", "da"} if world[1] is not None else {"yes", "no"}
    lies = (role == "False" and not liar_is_honest) or (role == "Random" and random_as == "lies")
    yes = holds != lies
    if world[1] is None:
        return {"yes" if yes else "no"}
    return {"ja" if yes == world[1] else "da"}


def passes(tree, kept: list[World], limit: int, liar_is_honest=False, random_as=None, backwards=False) -> bool:
    """Every world of ``kept``, on every answer it may give, reaches a leaf naming its roles within ``limit``."""
    def walk(t, w: World, asked: int) -> bool:
        if isinstance(t, Hole):
            return False
        if isinstance(t, Leaf):
            return t.roles == w[0]
        if asked >= limit:
            return False
        g = GODS.index(t.god)
        words = spoken(w, g, truth(t.question, w, g, liar_is_honest, random_as), liar_is_honest, random_as)
        branches = dict(t.branches)
        if backwards:
            (a, x), (b, y) = t.branches
            branches = {a: y, b: x}
        return all(walk(branches[word], w, asked + 1) for word in words)
    return all(walk(tree, w, 0) for w in kept)


def counts_on_random(tree, start: list[World], limit: int) -> bool:
    """Whether some world's first failing path (branches in the plan's order, each answer the world may give) asks
    a god who is Random in that world, by the plain rules."""
    def first_failing(t, w: World, gods: list[int]) -> list[int] | None:
        if isinstance(t, Hole):
            return gods
        if isinstance(t, Leaf):
            return None if t.roles == w[0] else gods
        if len(gods) >= limit:
            return gods
        g = GODS.index(t.god)
        words = spoken(w, g, truth(t.question, w, g, False, None), False, None)
        return next((found for word, sub in t.branches if word in words
                     if (found := first_failing(sub, w, [*gods, g])) is not None), None)

    return any(path is not None and any(w[0][g] == "Random" for g in path)
               for w in start for path in [first_failing(tree, w, [])])


def asked(tree) -> list[Ask]:
    return [] if not isinstance(tree, Ask) else [tree, *(a for _, b in tree.branches for a in asked(b))]


def depth(tree) -> int:
    return 0 if not isinstance(tree, Ask) else 1 + max(depth(b) for _, b in tree.branches)


def first_belief(tree, start: list[World], roles: list[str], limit: int) -> str | None:
    """The first belief whose picture makes the plan right, or whose reason holds of it, by the plain rules."""
    if passes(tree, start, limit):
        return None
    language = start[0][1] is not None
    may_random = [g for g in range(len(roles)) if any(w[0][g] == "Random" for w in start)]
    liar = any("False" in w[0] for w in start)
    questions = asked(tree)
    ids = len({w[0] for w in start})
    first_sides = []
    if questions:
        g = GODS.index(questions[0].god)
        spoken_by = [spoken(w, g, truth(questions[0].question, w, g, False, None), False, None) for w in start]
        first_sides = [{w[0] for w, said in zip(start, spoken_by, strict=True) if word in said}
                       for word in {x for s in spoken_by for x in s}]
    safe = [[w for w in start if w[0][g] != "Random"] for g in may_random]
    relied = bool(may_random) and counts_on_random(tree, start, limit)  # Random's word relied on where it fails
    tests = [
        ("ja_means_yes", language and passes(tree, [w for w in start if w[1]], limit)),
        ("da_means_yes", language and passes(tree, [w for w in start if not w[1]], limit)),
        ("answers_read_backwards", passes(tree, start, limit, backwards=True)),
        ("plain_questions", language and liar and passes(tree, [w for w in start if w[1]], limit, True)),
        ("liar_trusted", liar and passes(tree, start, limit, True)),
        ("random_tells_the_truth", relied and passes(tree, start, limit, random_as="truth")),
        ("random_lies", relied and passes(tree, start, limit, random_as="lies")),
        ("one_god_asked", len(questions) > 1 and len({a.god for a in questions}) == 1
         and GODS.index(questions[0].god) in may_random),
        ("asks_if_random", "Random" in roles and any(
            (a.question.body if isinstance(a.question, Say) else a.question) in (You("Random"), Role(a.god, "Random"))
            for a in questions)),
        ("assumes_a_safe_god", relied and any(0 < len(s) < len(start) and passes(tree, s, limit) for s in safe)),
        ("too_few_questions", 2 ** depth(tree) < ids),
        ("first_split_too_wide", any(len(side) > 2 ** (limit - 1) for side in first_sides)),
    ]
    return next((name for name, held in tests if held), None)


def plan_steps() -> list[tuple[str, Written]]:
    out = []
    for lesson in bundled().ordered():
        for step in lesson.steps:
            for item in step.items():
                if isinstance(item, Written) and item.answer_kind.name == "tree":
                    out.append((lesson.id, item))
    return out


@pytest.mark.parametrize(("lesson", "item"), plan_steps(), ids=lambda x: x if isinstance(x, str) else x.key)
def test_each_plan_is_named_with_the_belief_the_plain_walk_finds(lesson, item) -> None:
    game = item.game
    u = game.universe
    roles = list(game.roles)
    every = worlds(roles, u.known_language)
    start = [(u.worlds[i].roles, u.worlds[i].ja_yes) for i in range(u.size) if game.start >> i & 1]  # the step's
    assert set(start) <= set(every) and len(u.worlds) == len(every)  # start, read off the worlds it names
    limit = item.reference().text.count("\n") and max(1, depth(parse_tree(item.reference().text, u)))
    plans = [e for _, e in item.beliefs() if e is not None]
    plans += [m.match for m in item.mistakes if m.match is not None]
    assert plans
    for plan in plans:
        tree = parse_tree(plan, u)
        verdict = item.judge(plan)
        expected = first_belief(tree, start, roles, limit)
        assert verdict.misconception == expected, (lesson, plan, expected)


def test_the_whole_puzzle_plan_meets_ten_beliefs() -> None:
    """The gods-4 plan steps name ten distinct beliefs, each for the plan the tutor offers as its example."""
    named = {name for lesson, item in plan_steps() if lesson == "gods-4" for name, e in item.beliefs()
             if e is not None and item.judge(e).misconception == name}
    assert len(named) >= 10, named

"""Wythoff's beliefs about whole answers (a move, an outcome, a list of losing positions, the k-th one), checked a
second way: each idea is restated here as a plain rule over a brute-force game tree, floats and a Fibonacci list,
never through the engine; the answer the tutor names an idea for is exactly the one the plain rule gives (the first
rule that gives it, in the tutor's order), every other wrong answer gets no idea, and no sentence gives the answer
away."""

from __future__ import annotations

import math
import pickle
from functools import cache

import pytest

from tutor import puzzles
from tutor.puzzles.wythoff.rules import WythoffGame
from tutor.puzzles.wythoff.teach.kinds import KINDS

Pos = tuple[int, int]
WYTHOFF = puzzles.get("wythoff")
PHI = (1 + math.sqrt(5)) / 2


def moves(a: int, pos: Pos) -> list[tuple[Pos, Pos]]:
    """(taken, left) for every move: from one pile, or from both with amounts differing by less than a."""
    x, y = pos
    return [((f, s), (x - f, y - s)) for f in range(x + 1) for s in range(y + 1)
            if (f or s) and (f == 0 or s == 0 or abs(f - s) < a)]


@cache
def mover_loses(a: int, misere: bool, pos: Pos) -> bool:
    """Whether the player to move loses; in misère play the player facing (0, 0) has won."""
    if pos == (0, 0):
        return not misere
    return all(not mover_loses(a, misere, p) for _, p in moves(a, pos))


def plain_traps(a: int, misere: bool, low: int, high: int) -> list[Pos]:
    return [(x, t - x) for t in range(low, high + 1) for x in range(t // 2 + 1) if mover_loses(a, misere, (x, t - x))]


# -- moves -------------------------------------------------------------------------------------------------------

def move_ideas(pos: Pos, taken: Pos, left: Pos) -> list[str]:
    """Every move idea whose plain rule gives this move, in the tutor's order."""
    x, y = sorted(left)
    most = max(f + s for (f, s), p in moves(1, pos) if p != (0, 0))
    near = [(left[0] + 1, left[1]), (left[0] - 1, left[1]), (left[0], left[1] + 1), (left[0], left[1] - 1)]
    rules = [("equal_piles_left", x == y > 0), ("most_taken", sum(taken) == most and left != (0, 0)),
             ("first_ratio_kept", x > 0 and y == 2 * x), ("first_difference_kept", x > 0 and y == x + 1),
             ("pile_emptied", x == 0 < y), ("even_total_left", (x + y) % 2 == 0), ("pile_of_one", x == 1),
             ("one_off_a_trap", not mover_loses(1, False, left)
              and any(min(p) >= 0 and mover_loses(1, False, p) for p in near))]
    return [name for name, held in rules if held]


@pytest.mark.parametrize("pos", [(3, 4), (14, 19), (6, 9), (10, 4), (7, 7)])
def test_a_move_is_named_with_the_first_idea_whose_rule_gives_it(pos) -> None:
    game = WythoffGame(f"{pos[0]},{pos[1]}")
    kind = KINDS["move"]
    examples: dict[str, str] = {}
    for taken, left in sorted(moves(1, pos), key=lambda m: (sum(m[0]), m[0][0])):
        verdict = kind.judge(game, f"{taken[0]},{taken[1]}")
        if mover_loses(1, False, left):
            assert verdict.correct and verdict.misconception is None
            continue
        ideas = move_ideas(pos, taken, left)
        assert verdict.misconception == (ideas[0] if ideas else None), (taken, ideas)
        if ideas:
            examples.setdefault(ideas[0], f"{taken[0]},{taken[1]}")
    assert dict(kind.examples(game)) == {b.name: examples.get(b.name) for b in kind.beliefs}


def test_the_lessons_move_questions_meet_the_ideas_learners_show() -> None:
    got = dict(KINDS["move"].examples(WythoffGame("3,4")))
    assert got["equal_piles_left"] == "0,1" and got["most_taken"] == "3,3" and got["first_ratio_kept"] == "1,0"
    assert dict(KINDS["move"].examples(WythoffGame("14,19")))["one_off_a_trap"] == "2,0"  # (12, 19), by (12, 20)


# -- outcomes ----------------------------------------------------------------------------------------------------

def outcome_ideas(pos: Pos, normal_rules: bool) -> list[tuple[str, str]]:
    """(idea, the outcome it says) for every outcome idea that says one here, in the tutor's order."""
    out = [] if normal_rules else [("normal_rules_kept", "lose" if mover_loses(1, False, pos) else "win")]
    if pos[0] == pos[1] > 0:
        out.append(("equal_piles_lose", "lose"))
    if normal_rules and max(pos) >= 3:
        out.append(("only_the_traps_found", "lose" if sorted(pos) in ([0, 0], [1, 2]) else "win"))
    if pos != (0, 0):
        out.append(("a_move_means_a_win", "win"))
    return [*out, ("odd_total_wins", "win" if sum(pos) % 2 else "lose")]


@pytest.mark.parametrize(("misere", "a"), [(False, 1), (True, 1), (False, 2)])
def test_an_outcome_is_named_with_the_first_idea_that_says_it(misere, a) -> None:
    kind = KINDS["outcome"]
    for x in range(7):
        for y in range(x, 9):
            game = WythoffGame(f"{x},{y}", misere, a)
            truth = "lose" if mover_loses(a, misere, (x, y)) else "win"
            wrong = "win" if truth == "lose" else "lose"
            ideas = outcome_ideas((x, y), not misere and a == 1)
            first = next((name for name, said in ideas if said == wrong), None)
            assert kind.judge(game, wrong).misconception == first, (x, y, misere, a)
            assert {n: e for n, e in kind.examples(game) if e} == ({first: wrong} if first else {})


# -- lists and the k-th losing position ------------------------------------------------------------------------

def fibonacci_pairs() -> list[Pos]:
    f = [0, 1]
    while len(f) < 140:
        f.append(f[-1] + f[-2])
    return [(0, 0), *((f[i], f[i + 1]) for i in range(2, 138, 2))]


def patterned(name: str, k: int, first: Pos) -> Pos | None:
    """Losing position number k as each idea has it, by floats and a Fibonacci list (k small); every idea keeps
    (0, 0), the end of the game, as the first."""
    if k == 0:
        return 0, 0
    a = math.floor(k * PHI)
    return {"counted_from_one": None, "equal_piles": (k, k), "fibonacci_pairs": fibonacci_pairs()[k],
            "rounded_not_floored": (round(k * PHI), round(k * PHI) + k), "first_ratio_kept": (k, k * first[1]),
            "first_difference_kept": (k, k + first[1] - first[0])}.get(name, (a, a + k))


@pytest.mark.parametrize(("low", "high"), [(0, 20), (20, 30), (5, 40), (31, 60)])
def test_a_list_is_named_with_the_idea_that_lists_it(low, high) -> None:
    game, kind = WythoffGame(), KINDS["p_positions"]
    args = {"min_total": low, "max_total": high}
    truth = plain_traps(1, False, low, high)
    seen, expected = [truth], {}
    for name in ("equal_piles", "first_ratio_kept", "first_difference_kept", "fibonacci_pairs",
                 "rounded_not_floored"):
        listed = sorted({p for k in range(high + 1) if low <= sum(p := patterned(name, k, (1, 2))) <= high})
        expected[name] = None if not listed or listed in seen else listed
        seen.append(listed)
        if expected[name]:
            text = ", ".join(f"({x}, {y})" for x, y in listed)
            assert kind.judge(game, text, args).misconception == name
    got = {n: e for n, e in kind.examples(game, args)}
    assert got.pop("normal_rules_kept") is None
    assert got == {n: None if v is None else ", ".join(f"({x}, {y})" for x, y in v) for n, v in expected.items()}


def test_a_variant_list_is_named_as_the_normal_games_list() -> None:
    kind = KINDS["p_positions"]
    for misere, a in ((True, 1), (False, 2)):
        game, args = WythoffGame("", misere, a), {"min_total": 0, "max_total": 20}
        normal = ", ".join(f"({x}, {y})" for x, y in plain_traps(1, False, 0, 20))
        assert plain_traps(a, misere, 0, 20) != plain_traps(1, False, 0, 20)
        assert kind.judge(game, normal, args).misconception == "normal_rules_kept"
    tripled = "(0, 0), (1, 3), (2, 6), (3, 9), (4, 12), (5, 15)"  # a = 2: the first trap (1, 3) kept in ratio
    assert KINDS["p_positions"].judge(WythoffGame("", False, 2), tripled, args).misconception == "first_ratio_kept"


@pytest.mark.parametrize("k", [2, 5, 9, 20, 33])
def test_the_kth_pair_is_named_with_the_idea_that_gives_it(k) -> None:
    game, kind = WythoffGame(), KINDS["kth"]
    traps = sorted(plain_traps(1, False, 0, 5 * k + 3))
    truth = traps[k]
    seen = [truth]
    for name in ("counted_from_one", "rounded_not_floored", "first_ratio_kept", "first_difference_kept",
                 "fibonacci_pairs"):
        mine = traps[k - 1] if name == "counted_from_one" else patterned(name, k, (1, 2))
        example = dict(kind.examples(game, {"index": k}))[name]
        assert example == (None if mine in seen else f"{mine[0]},{mine[1]}"), name
        if mine not in seen:
            assert kind.judge(game, f"{mine[1]},{mine[0]}", {"index": k}).misconception == name
        seen.append(mine)


# -- what is said -------------------------------------------------------------------------------------------------

def test_no_sentence_naming_an_idea_gives_the_answer_away() -> None:
    """On every whole-answer question of the Wythoff lessons: the answer each idea gives is named with it, and the
    reply the learner reads (screened or not) neither states the answer nor names a winning move's position."""
    from tutor.course import load_catalog
    from tutor.course.steps import Context
    from tutor.course.steps.written import Written
    from tutor.screen.shown import text_of

    named = 0
    for lesson in load_catalog().ordered():
        if not lesson.id.startswith("wythoff"):
            continue
        for step in lesson.steps:
            for item in step.items():
                if not isinstance(item, Written):
                    continue
                for name, example in item.beliefs():
                    if example is None:
                        continue
                    verdict = item.judge(example)
                    assert verdict.misconception == name
                    said = text_of(verdict.detail)
                    assert item.gives_away(said, example) is None, (lesson.id, name, said)
                    reference = item.reference()
                    assert reference is None or len(text_of(reference)) < 5 or text_of(reference) not in said
                    context = Context(lesson.id)
                    replies = item.respond(item.enter(context).state, example, context).replies
                    assert any(said.split(":")[0] in text_of(r.text) for r in replies)
                    named += 1
    assert named >= 30


def test_the_beliefs_pickle_with_their_kinds() -> None:
    for name in ("move", "outcome", "p_positions", "kth"):
        kind = pickle.loads(pickle.dumps(WYTHOFF.kinds[name]))
        assert [b.name for b in kind.beliefs] == [b.name for b in WYTHOFF.kinds[name].beliefs]

"""Issue 29: the learner's mistake, not a nearby one.  A cause is named only when it reproduces the learner's exact
answer on the variant on screen; any other wrong answer hears what is true about it.  Each of the misdiagnoses the
issue found is replayed here through the lesson step a learner meets, and the cause it now names (when it names one)
is recomputed a second way: by counting, by the lesson's own numbers, or by brute force.
"""

from __future__ import annotations

import re
from itertools import product

import pytest

from tests.helpers import bundled, said, session_at
from tutor.course.steps import Context, Practice, Question
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.teach.quantities import QUANTITIES as COINS
from tutor.puzzles.computed import NumberKind
from tutor.puzzles.lightsout.teach.quantities import QUANTITIES as LIGHTS

CATALOG = bundled()


def practice_item(lesson_id: str, variant: dict[str, object]) -> Question:
    """The item a practice step of ``lesson_id`` serves for ``variant``."""
    lesson = next(lesson for lesson in CATALOG.ordered() if lesson.id == lesson_id)
    step = next(s for s in lesson.steps if isinstance(s, Practice))
    return step.pool.item(variant)


def replied(item: Question, answer: str) -> str:
    """What a learner answering ``answer`` on a fresh ``item`` is told."""
    outcome = item.respond(item.enter(Context("test")).state, answer, Context("test"))
    return "\n".join(str(r.text) for r in outcome.replies)


def test_gods_6_three_questions_is_refuted_by_counting_not_by_three_answers() -> None:
    session, _ = session_at("gods-6", "What counting allows")
    reply = said(session, "3")
    assert "three answers" not in reply, reply
    sequences = len(list(product("yn", repeat=3)))  # every answer sequence of three questions
    assert sequences == 8 and f"2^3 = {sequences} answer sequences" in reply and "12 possibilities" in reply


def test_lightsout_3_the_nullity_for_the_boards_is_told_it_is_the_nullity() -> None:
    session, step = session_at("lightsout-3", "Counting 4x4 boards")
    game = step.game
    nullity = LIGHTS["nullity"](game)
    assert nullity == 4 == game.rules.cells - LIGHTS["rank"](game)  # the cells less the independent columns
    reply = said(session, str(nullity))
    assert "is the nullity" in reply and "would count" not in reply and "2^2" not in reply, reply


def test_lightsout_6_a_torus_item_is_not_told_as_on_3x3() -> None:
    item = practice_item("lightsout-6", {"size": "3x3", "torus": True})
    assert item.game.rules.torus
    reply = replied(item, "1")
    assert "as on 3x3" not in reply and "classic 3x3 board" in reply, reply


def test_coins_4_thirty_one_is_the_copies_counted_as_moves() -> None:
    session, step = session_at("coins-4", "How long?")
    copies, halves = re.findall(r"\b(\d+) copies of D, plus the (\d+) half moves", step.text)[0]
    assert int(copies) + int(halves) == 31  # the question's own numbers, added
    reply = said(session, "31")
    assert "as if each copy of D were one move" in reply and "two copies" not in reply, reply


@pytest.mark.parametrize("wrong", ["4095", "511", "32767"])
def test_coins_4_an_unexplained_length_gets_no_table_count_of_other_coins(wrong: str) -> None:
    session, _ = session_at("coins-4", "How long?")
    reply = said(session, wrong)
    assert "counts the tables of" not in reply and "more than a sure win needs" in reply, reply


def test_coins_4_sixteen_coins_4095_keeps_the_eight_coin_counts() -> None:
    session, _ = session_at("coins-4", "Sixteen coins")
    eight, copies, halves = 255, 16, 15  # the 8-coin strategy, and the counts of the step before
    assert copies * eight + halves == 4095
    reply = said(session, "4095")
    assert "keeps the counts of the last doubling" in reply and "counts the tables of" not in reply, reply


def test_coins_5_nine_is_the_faces_added_for_each_position() -> None:
    session, step = session_at("coins-5", "How many tables?")
    game = step.game
    assert (game.coins, game.sides) == (3, 3) and game.coins * game.sides == 9
    reply = said(session, "9")
    assert "adds up 3 faces for each of the 3 positions" in reply, reply


@pytest.mark.parametrize(("coins", "sides", "wrong"), [(5, 2, "21"), (7, 4, "21"), (6, 3, "48"), (3, 4, "48")])
def test_coins_6_a_count_no_idea_gives_hears_a_counterexample_without_a_cause(coins: int, sides: int,
                                                                               wrong: str) -> None:
    item = practice_item("coins-6", {"coins": coins, "sides": sides})
    reply = replied(item, wrong)
    assert not re.search(r"counts some tables|counts too few|by their faces alone", reply), reply
    assert re.search(rf"There are (more|fewer) than {wrong} tables up to turning|There are only", reply), reply


def test_coins_6_counting_the_faces_only_is_named_where_it_gives_the_answer() -> None:
    game = CoinGame(5, 3)
    faces = len({tuple(sorted(t)) for t in product(range(3), repeat=5)})  # how many of each face, by brute force
    assert faces == 21
    verdict = NumberKind(COINS["classes"]).check(game, faces, {})
    assert verdict.misconception == "by_faces" and "where the faces sit matters" in verdict.detail


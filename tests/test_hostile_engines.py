"""Issue 30.7, the engine edges: a quantity past its computation limit refuses naming the limit, never returns a
number a lesson would accept; the gods' search past its budget says the question is not decided within the
limit, and a role set no number of questions solves is answered at once, as ``tutor solve`` answers it."""

from __future__ import annotations

import pytest

from tutor import puzzles
from tutor.errors import SearchLimit
from tutor.puzzles.coins import engine as coins_engine
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.theory import decide
from tutor.puzzles.gods import theory
from tutor.puzzles.gods.theory import bounds

COINS, GODS = puzzles.get("coins"), puzzles.get("gods")


@pytest.mark.parametrize("quantity", ["trap_size", "trap"])
def test_the_trap_past_its_limit_refuses_naming_it_instead_of_0(quantity: str) -> None:
    game = CoinGame(4, 9)  # the table: 1,665 classes, and the Devil wins
    assert game.model.class_count > coins_engine.TRAP_CLASS_LIMIT and not decide(game.model).solvable
    with pytest.raises(SearchLimit, match=r"1,665 classes of tables, over the limit of 1,500 \(TRAP_CLASS_LIMIT"):
        COINS.compute(game, quantity)


def test_a_table_that_can_be_won_has_no_trap_however_many_classes() -> None:
    game = CoinGame(8, 4)  # 8 coins of 4 faces: a power of two, won; far past the trap's limit
    assert game.model.class_count > coins_engine.TRAP_CLASS_LIMIT and decide(game.model).solvable
    assert COINS.compute(game, "trap_size") == 0 and COINS.compute(game, "trap") == "none"


def test_below_the_limit_the_trap_is_the_engine_s_own() -> None:
    game = CoinGame(4, 3)  # the Devil wins with three faces: a trap exists, counted by the engine itself
    m = game.model
    assert m.class_count <= coins_engine.TRAP_CLASS_LIMIT
    assert COINS.compute(game, "trap_size") == len(m.names_in(coins_engine.trap(m))) > 0


FIVE = GODS.load({"gods": "True,False,Random,Random,Random", "identify_language": True})


@pytest.mark.parametrize("quantity, answer", [("solvable", "no"), ("min_questions", 0),
                                              ("start_min_questions", 0)])
def test_gods_no_plan_can_exist_for_is_answered_without_searching(quantity: str, answer: object) -> None:
    # the case: limit 8 spent the search budget (SearchLimit); two worlds no answer separates decide it
    assert GODS.compute(FIVE, quantity, {"limit": 8}) == answer
    pair = theory.inseparable_pair(FIVE.universe, FIVE.start)
    assert pair is not None
    one, two = (FIVE.universe.worlds[i] for i in pair)  # checked by hand: the Randoms of the two cover every god
    randoms = {g for world in (one, two) for g, role in enumerate(world.roles) if role == "Random"}
    assert randoms == set(range(5)) and one.roles != two.roles


def test_a_search_past_its_budget_says_not_decided_within_the_limit_naming_it(monkeypatch) -> None:
    def spent(game, limit, start):
        raise SearchLimit("search budget of 20,000 moves spent")

    monkeypatch.setattr(bounds, "min_questions", spent)
    game = GODS.load({"gods": "True,False,Random,True"})  # no inseparable pair: only the search decides it
    assert theory.inseparable_pair(game.universe, game.start) is None
    for quantity in ("solvable", "min_questions", "start_min_questions"):
        with pytest.raises(SearchLimit, match=r"^not decided within the limit: search budget of 20,000 moves spent, "
                                              r"looking for plans of at most 8 questions \(SEARCH_BUDGET"):
            GODS.compute(game, quantity, {"limit": 8})

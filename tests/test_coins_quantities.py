"""Lesson quantities for the coin table agree with the exhaustive search (two independent ways)."""

from __future__ import annotations

import pytest

from tutor import puzzles
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import model


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 8])
def test_shortest_length_and_winnable_match_the_search(n):
    coins = puzzles.get("coins")
    params = coins.load({"coins": n})
    outcome = engine.solve(model(n))
    expected = 0 if outcome.strategy is None else len(outcome.strategy)
    assert coins.compute(params, "shortest_length") == expected
    assert coins.compute(params, "winnable") == ("yes" if expected else "no")


def test_sixteen_coins_length_is_the_lower_bound():
    coins = puzzles.get("coins")
    params = coins.load({"coins": 16})
    assert coins.compute(params, "shortest_length") == coins.compute(params, "lower_bound") == 65535

"""Issue 20 for Lights Out, in the learner's words and on the board on screen: press lists written the way
learners write them, refusals that say what was expected with an example, hints computed from the step's
board, and success lines that say what the learner did."""

from __future__ import annotations

import pytest

from tutor.errors import InvalidNotation
from tutor.puzzles.lightsout.rules.grid import Rules
from tutor.puzzles.lightsout.rules.notation import parse_presses

FIVE = Rules(5, 5)


@pytest.mark.parametrize(("text", "cells"), [
    ("a3, a1", [(2, 0), (0, 0)]),
    ("(2,2)", [(1, 1)]),
    ("(2, 2) (3,1)", [(1, 1), (2, 0)]),
    ("2b", [(1, 1)]),
    ("2b 3C", [(1, 1), (2, 2)]),
    ("a1,b2; c3 and d4", [(0, 0), (1, 1), (2, 2), (3, 3)]),
    ("3,2 a1", [(2, 1), (0, 0)]),
])
def test_press_lists_in_the_learners_words(text: str, cells: list[tuple[int, int]]) -> None:
    assert parse_presses(text, FIVE) == cells


@pytest.mark.parametrize(("text", "said"), [
    ("1,2,3,4", "(1,2) (3,4)"),  # pairs or four numbers: ambiguous, so refused with the bracketed form
    ("a1 zz", "as in 'a1 c3'"),
    ("press a1", "'press' is not a cell"),
])
def test_a_refusal_says_what_was_expected_with_an_example(text: str, said: str) -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_presses(text, FIVE)
    assert said in str(err.value)

"""Wythoff moves in the question's own words (issue 29.3): "take 2 from both piles", "take one from the second
pile", "empty the first pile", "leave (1, 2)" are read as the moves they say, worked out here from the piles by
hand; what is not a move in words is still refused in the family's words."""

from __future__ import annotations

import random

import pytest

from tutor.course import instantiate, load_catalog
from tutor.course.steps import Context
from tutor.errors import TutorError
from tutor.puzzles.wythoff.rules import Rules, read_sum_move
from tutor.screen.shown import ReplyKind

WORDS = {0: "none", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


@pytest.mark.parametrize("seed", range(8))
def test_moves_said_in_words_are_the_moves_they_say(seed: int) -> None:
    rng = random.Random(seed)
    a, b = rng.randint(2, 9), rng.randint(2, 9)
    board = ((a, b),)
    n = rng.randint(1, min(a, b, 5))
    said = {  # words -> the piles left, by hand
        f"take {n} from both piles": (a - n, b - n),
        f"Take {WORDS[n]} from each pile.": (a - n, b - n),
        f"take {n} from the first pile": (a - n, b),
        f"remove {WORDS[n]} from the second pile": (a, b - n),
        "empty the first pile": (0, b),
        "take all of the second pile": (a, 0),
        f"leave ({a - n}, {b})": (a - n, b),
    }
    for words, left in said.items():
        (i, (x, y)), _ = read_sum_move(Rules(), board, words)
        assert i == 0 and (a - x, b - y) == left, (board, words)


def test_the_move_step_takes_the_questions_words_and_refuses_the_rest_in_its_own() -> None:
    lesson = instantiate(load_catalog([]).find("wythoff-1"), 0)
    step = next(s for s in lesson.steps if s.title == "Hand over the trap")  # (3, 4): 2,2 leaves (1, 2)
    for words in ("take 2 from both piles", "take two from each pile", "leave (1, 2)"):
        assert step.respond(step.blank(), words, Context(lesson.id)).done, words
    refused = step.respond(step.blank(), "take the purple one", Context(lesson.id)).replies
    assert refused[0].kind is ReplyKind.ERROR and "pile" in refused[0].text, refused
    with pytest.raises(TutorError):
        read_sum_move(Rules(), ((3, 4),), "take 2 from both piles and more")

"""Test helper: every piece of prose a learner reads in a lesson, as the tutor fills it, and the numbers it quotes.

The content tests of each family use it to re-derive every number a lesson
quotes from the engine: ``for where, number, context in quoted_numbers(lesson)``
must each be confirmed by a computation (a quantity, a parameter, a count the
test makes from the engine), never by a number typed into the test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from tutor.course import Lesson
from tutor.course.text import PLACEHOLDER, fill
from tutor.puzzles import get

# whole numbers as prose writes them: 255, 65,535 (not digits inside words, moves like 0123 are kept whole)
NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?![\w])")


def prose(lesson: Lesson, filled: bool = True) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of ``lesson`` a learner can read: filled as the session fills it, or
    (``filled=False``) as the author typed it with each ``{{placeholder}}`` removed (the engine writes those)."""
    puzzle = get(lesson.puzzle)
    for step in lesson.steps:
        where = f"{lesson.id} step {step.index + 1}"

        def filled_text(text: str, game: object = step.game, args: object = step.args) -> str:
            return fill(text, puzzle, game, args).text if filled else PLACEHOLDER.sub(" ", text)  # type: ignore[arg-type]

        yield f"{where} text", filled_text(step.text)
        if step.success:
            yield f"{where} success", filled_text(step.success)
        for i, hint in enumerate(step.hints, 1):
            yield f"{where} hint {i}", filled_text(hint)
        for i, mistake in enumerate(step.mistakes, 1):
            yield f"{where} mistake {i}", filled_text(mistake.say)


def numbers(text: str) -> Iterator[tuple[int, str]]:
    """(number, the words around it) for each whole number written in ``text``.

    >>> [n for n, _ in numbers("Up to turning there are 6 tables; 65,535 moves, 2^16 - 1.")]
    [6, 65535, 2, 16, 1]
    """
    for match in NUMBER.finditer(text):
        start, end = match.span()
        context = text[max(0, start - 40):end + 40].replace("\n", " ")
        yield int(match.group(1).replace(",", "")), context


def quoted_numbers(lesson: Lesson, filled: bool = False) -> list[tuple[str, int, str]]:
    """(where, number, context) for every number the author of ``lesson`` typed where a learner reads it
    (``filled=True``: every number the learner sees, placeholders' values included)."""
    return [(where, n, context) for where, text in prose(lesson, filled) for n, context in numbers(text)]

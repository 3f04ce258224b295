"""Press lists in the question's own words (issue 29.3): "all of them", "none", "the corners", "the centre" are read
as the cells they name, on any board small enough to list; a board with no middle cell says so in Lights Out's
words.  Each word's cells are worked out here by coordinates, apart from the parser."""

from __future__ import annotations

import pytest

from tests.helpers import said, session_at
from tutor.errors import InvalidNotation
from tutor.puzzles.lightsout.rules.grid import Rules
from tutor.puzzles.lightsout.rules.presses import parse_presses
from tutor.screen.shown import ReplyKind

SHAPES = [(3, 3), (4, 4), (5, 5), (2, 5), (3, 4)]


def every(rows: int, cols: int) -> set[tuple[int, int]]:
    return {(r, c) for r in range(rows) for c in range(cols)}


@pytest.mark.parametrize(("rows", "cols"), SHAPES)
def test_words_name_the_cells_they_say(rows: int, cols: int) -> None:
    rules = Rules(rows, cols)
    corners = {(r, c) for r, c in every(rows, cols) if r in (0, rows - 1) and c in (0, cols - 1)}
    for words in ("all of them", "All of them.", "everything", "every cell", "press all the lights"):
        assert sorted(parse_presses(words, rules)) == sorted(every(rows, cols)), words
    for words in ("none", "None of them.", "nothing at all", "no presses"):
        assert parse_presses(words, rules) == [], words
    assert set(parse_presses("the four corners", rules)) == corners
    assert len(parse_presses("the corners", rules)) == len(corners)  # each corner once, on any shape
    assert set(parse_presses("the corners and a1", rules)) == corners  # a1 is a corner: pressed twice in all
    if rows % 2 and cols % 2:
        assert parse_presses("the centre", rules) == [(rows // 2, cols // 2)]
        assert set(parse_presses("the corners and the middle", rules)) == corners | {(rows // 2, cols // 2)}
    else:
        with pytest.raises(InvalidNotation, match="has no middle cell"):
            parse_presses("the centre", rules)


def test_all_of_them_on_a_board_too_big_to_list_asks_for_a_grid() -> None:
    with pytest.raises(InvalidNotation, match="give a press grid"):
        parse_presses("all of them", Rules(30, 30))


def test_the_lesson_reads_the_questions_words() -> None:
    session, _ = session_at("lightsout-1", "Everything on")
    reply = said(session, "the four corners and the centre")  # the all-on board's only solution, in words
    assert "All dark" in reply, reply
    session, _ = session_at("lightsout-1", "Where the lights overlap")
    replies = session.handle("the corners")
    assert all(r.kind is not ReplyKind.ERROR for r in replies), [r.text for r in replies]
    assert "after 4 presses" in " ".join(r.text for r in replies)  # judged: the four corners pressed

"""Hints are true for what is on screen: an author's hints to a game step are written for its starting position,
so once a move is on the board the ladder holds only the engine's hints, computed from the position shown."""

from __future__ import annotations

import pytest

from tutor.course import load_catalog
from tutor.course.steps import Context, Game
from tutor.shown import text_of

CATALOG = load_catalog()
GAMES = [(lesson, step) for lesson in CATALOG.ordered() for step in lesson.steps
         if isinstance(step, Game) and step.hints]


@pytest.mark.parametrize(("lesson", "step"), GAMES, ids=[f"{lesson.id}-{step.key}" for lesson, step in GAMES])
def test_author_hints_leave_the_ladder_once_the_board_has_changed(lesson, step) -> None:
    context = Context(lesson.id)
    state = step.enter(context).state
    authored = {text_of(h) for h in step.authored_hints()}
    assert authored <= {text_of(r.text) for r in step.ladder(state)}  # at the start, the author's hints hold
    for move in step.rules.legal_moves(state.position):
        outcome = step.respond(state, step.rules.format_move(state.position, move), context)
        if outcome.state is not None and not outcome.done and not outcome.state.over:
            break
    else:
        pytest.skip("every first move ends the game")
    after = {text_of(r.text) for r in step.ladder(outcome.state)}
    assert not authored & after, authored & after
    assert after, "the engine still hints from the position on screen"

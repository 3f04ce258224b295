"""Hints for what is on screen: a move starts the ladder again for the new position, with the author's hints in
their place (they say how to play the step's game, so they stay true) and the engine's computed from the position
shown."""

from __future__ import annotations

import pytest

from tests.helpers import bundled
from tutor.course.steps import Context, Game
from tutor.screen.shown import text_of

CATALOG = bundled()
GAMES = [(lesson, step) for lesson in CATALOG.ordered() for step in lesson.steps
         if isinstance(step, Game) and step.hints]


@pytest.mark.parametrize(("lesson", "step"), GAMES, ids=[f"{lesson.id}-{step.key}" for lesson, step in GAMES])
def test_author_hints_keep_their_place_in_the_ladder_after_a_move(lesson, step) -> None:
    context = Context(lesson.id)
    state = step.enter(context).state
    authored = [text_of(h) for h in step.authored_hints()]
    for move in step.rules.legal_moves(state.position):
        outcome = step.respond(state, step.rules.format_move(state.position, move), context)
        if outcome.state is not None and not outcome.done and not outcome.state.over:
            break
    else:
        pytest.skip("every first move ends the game")
    for now in (state, outcome.state):  # at the start, and with a move on the board (issue 29.4)
        ladder = [text_of(r.text) for r in step.ladder(now)]
        assert [t for t in ladder if t in authored] == authored, ladder  # all of them, in the author's order


def test_a_move_starts_the_ladder_again_for_the_new_position_and_the_last_rung_is_named_for_what_it_is() -> None:
    from tests.helpers import new_session

    session = new_session()
    session.handle("/open wythoff-4")
    while session.step.label != "play":
        session.handle("/next")
    for _ in range(3):
        session.handle("/hint")
    assert session.place.hint_level == 3
    state = session.state.position
    move = session.step.rules.legal_moves(state)[0]
    session.handle(session.step.rules.format_move(state, move))
    first = " ".join(r.text for r in session.handle("/hint"))
    assert "hint 1 of" in first, first  # the position on screen has its own ladder, from its first rung
    ladder = session.step.ladder(session.state)
    for _ in range(len(ladder) + 1):
        replies = session.handle("/hint")
    said = " ".join(r.text for r in replies)
    assert "That is the last hint" in said
    assert ("it is the answer" in said) == (ladder[-1].level.name == "REVEAL"), said

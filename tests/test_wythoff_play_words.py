"""Wythoff play feedback (issue 29.5): a move that gives a win away is told, at once, the move that would have kept
it; from a losing position, a move the computer answers by taking the last penny is told a move that makes the game
last; and a step that asks for three moves is not done after a one-move game.  Every claim is checked against
losing positions worked out here by a small table of their own (a position is losing when no move reaches one)."""

from __future__ import annotations

import re
from functools import cache

from tests.helpers import said, session_at
from tutor.course import load_catalog


@cache
def losing(x: int, y: int) -> bool:
    """Normal-play Wythoff, worked out by hand: losing when no move (one pile, or the same from both) reaches a
    losing position."""
    moves = [(x - t, y) for t in range(1, x + 1)] + [(x, y - t) for t in range(1, y + 1)] + \
        [(x - t, y - t) for t in range(1, min(x, y) + 1)]
    return not any(losing(*m) for m in moves)


def test_a_one_move_game_does_not_meet_a_goal_of_three_moves_and_the_quick_loss_is_told() -> None:
    session, step = session_at("wythoff-1", "Play a few moves")
    assert losing(8, 13)
    reply = said(session, "8,0")  # leaves (0, 13): the computer takes all thirteen
    assert session.place.step == step.index and step.index not in session.progress.completed("wythoff-1"), reply
    assert "this step asks for 3" in reply and "/reset" in reply, reply
    told = re.search(r"every move loses against perfect play, but 8,0 let the computer take the last penny at once\."
                     r" To take (\d+) from (the first pile|the second pile|both piles) would have made the game last: "
                     r"it leaves \((\d+), (\d+)\)", reply)
    assert told is not None, reply
    x, y = int(told.group(3)), int(told.group(4))
    assert x > 0 and y > 0 and x != y  # not a single pile, not equal piles: the computer cannot clear it at once
    assert not losing(x, y)  # (every move from a losing position leaves a winning one)


def test_three_moves_meet_the_goal() -> None:
    session, step = session_at("wythoff-1", "Play a few moves")
    said(session, "0,1")
    said(session, "0,1")
    assert step.index not in session.progress.completed("wythoff-1")  # two moves: not yet
    reply = said(session, "0,1")
    assert step.index in session.progress.completed("wythoff-1") and "asks for" not in reply, reply


def test_a_blunder_is_told_the_move_that_would_have_kept_the_win() -> None:
    step = next(s for s in load_catalog([]).find("wythoff-4").steps if s.label == "play")
    session, _ = session_at("wythoff-4", step.title)
    assert not losing(10, 15)
    reply = said(session, "0,1")  # leaves (10, 14): not a losing position, so the computer can win
    assert not losing(10, 14)
    told = re.search(r"Your move 1 \(0,1\) from \(10, 15\) gave the win away\. To (.+?) would have kept it: that "
                     r"leaves \((\d+), (\d+)\), a losing position for the computer", reply)
    assert told is not None, reply
    assert losing(int(told.group(2)), int(told.group(3)))


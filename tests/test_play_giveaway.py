"""Play replies pass the reply builder too (issue 29.1): while a game goes on, no reply to a move tells how to win
from the position now on screen (``Play.gives_away``: Wythoff's winning move or the losing position it leaves,
Lights Out's presses that darken the board, any family's winning line written out), and a sweep plays moves in
every play step of the course and reads every reply against the position it leaves."""

from __future__ import annotations

import random

import pytest

from tests.helpers import bundled
from tutor.course.steps import Context, Game, Playing
from tutor.puzzles import get
from tutor.puzzles.wythoff.engine import losing

CATALOG = bundled()
PLAYS = [(lesson.id, step) for lesson in CATALOG.ordered() for step in CATALOG.find(lesson.id).steps
         if isinstance(step, Game)]


def test_a_wythoff_reply_naming_the_winning_move_now_is_screened(monkeypatch) -> None:
    lesson = CATALOG.find("wythoff-4")
    step = next(s for s in lesson.steps if isinstance(s, Game))
    state = step.enter(Context(lesson.id)).state
    line = step.sample(state, 0)  # the winning line: after its first move and the reply, the learner still wins
    assert line is not None
    move = line.split()[0]
    after = step.reply_to(state, move, Context(lesson.id)).state
    assert isinstance(after, Playing) and not after.over
    (piles,) = after.position.boards
    rules = after.position.game.rules
    a, b = piles
    targets = [(x, y) for x in range(a + 1) for y in range(b + 1) if (x, y) != (a, b)
               and (x == a or y == b or a - x == b - y) and losing(rules, ((x, y),))]  # by the rules, by hand
    assert targets, piles
    leak = f"A tip: move to ({targets[0][0]}, {targets[0][1]}) now."
    real = step.rules.comment
    monkeypatch.setattr(step.rules, "comment", lambda before, now: [*real(before, now), leak])
    raw = step.reply_to(state, move, Context(lesson.id))
    assert any(leak in r.text for r in raw.replies)  # the engine said it ...
    shown = step.respond(state, move, Context(lesson.id))
    assert not any("A tip" in r.text for r in shown.replies), [r.text for r in shown.replies]  # ... the learner not
    assert [r.text for r in shown.replies] == [r.text for r in raw.replies if leak not in r.text]


def test_each_family_says_what_gives_a_win_away() -> None:
    lights = get("lightsout")
    assert lights.play is not None
    game = lights.load({"size": "3x3", "board": "all-on"})
    board = lights.play.start(game, lights.play.arguments({}), random.Random(0))
    assert lights.play.gives_away(board, "Try c3 a1 b2 c1 a3.")  # the only solution, in any order
    assert lights.play.gives_away(board, "Try a1 b2 c1 a3.") is None
    wythoff = get("wythoff")
    assert wythoff.play is not None
    start = wythoff.play.start(wythoff.load({"position": "4,8"}), wythoff.play.arguments({"first": "learner"}),
                               random.Random(0))
    assert start.learner_to_move
    assert wythoff.play.gives_away(start, "reach (4, 7)")  # the losing position 0,1 leaves
    assert wythoff.play.gives_away(start, "take 0,1 now")
    assert wythoff.play.gives_away(start, "take 1,1 now") is None  # it leaves (3, 7), a win for the computer


@pytest.mark.parametrize(("lesson", "step"), PLAYS, ids=[f"{lid}-{s.key}" for lid, s in PLAYS])
def test_no_reply_to_a_move_tells_how_to_win_from_the_position_it_leaves(lesson: str, step: Game) -> None:
    start = step.enter(Context(lesson)).state
    found, frontier = [], [start]
    for _ in range(2):
        after_all = []
        for state in frontier:
            for move in step.completions(state)[:12]:
                outcome = step.respond(state, move, Context(lesson))
                after = outcome.state
                if outcome.done or not isinstance(after, Playing) or after.over:
                    continue
                after_all.append(after)
                found += [f"{move}: {g}: {r.text}" for r in outcome.replies
                          if (g := step.rules.gives_away(after.position, r.text))]
        frontier = after_all[:4]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("lesson", "step"), PLAYS, ids=[f"{lid}-{s.key}" for lid, s in PLAYS])
def test_a_learner_who_gives_up_in_play_is_told_where_help_is(lesson: str, step: Game) -> None:
    # "I give up" used to be refused as a move ("'i' is not a cell", "move 1 'I' is not a move")
    state = step.enter(Context(lesson)).state
    for words in ("I give up", "i'm stuck.", "I don't know"):
        outcome = step.respond(state, words, Context(lesson))
        assert outcome.state is None and not outcome.events and not outcome.done  # nothing played, nothing recorded
        (reply,) = outcome.replies
        assert reply.kind.value == "info" and "/hint" in reply.text and "/solution" in reply.text, reply.text
    assert step.respond(state, "I give up on b2", Context(lesson)).replies[0].kind.value == "error"  # not a phrase

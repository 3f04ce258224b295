"""Every blunder in play is explained: on every game step of every bundled lesson played against the computer,
a move that turns a win into a loss is answered with the computer's reply that now wins (checked against a
brute-force game tree, not the engine), and once the game is lost, with the move that would have kept the win.
Coin play against the Devil is covered move by move in test_coins_play_feedback (moves that rule nothing out).
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from tests.helpers import bundled, new_session
from tutor.course.steps import Game

CATALOG = bundled()
GAMES = [(lesson.id, step.index) for lesson in CATALOG.ordered() for step in lesson.steps
         if isinstance(step, Game) and step.puzzle.name == "wythoff" and step.goal == "win"
         and not step.params.get("pass")]  # the pass game tells why, never the move that won: test_wythoff_pass_play
BOARD = re.compile(r"\((\d+), (\d+)\)")


@cache
def grundy(x: int, y: int, a: int) -> int:
    """The Grundy value of one a-Wythoff board by its definition (normal play): the mex over every move."""
    seen = {grundy(x - t, y, a) for t in range(1, x + 1)} | {grundy(x, y - t, a) for t in range(1, y + 1)}
    seen |= {grundy(x - s, y - t, a) for s in range(1, x + 1) for t in range(1, y + 1) if abs(s - t) < a}
    return next(g for g in range(len(seen) + 1) if g not in seen)


@cache
def misere_loses(boards: tuple[tuple[int, int], ...], a: int) -> bool:
    """Whether the player to move loses a misère sum (whoever takes the last penny loses), by brute force."""
    if all(b == (0, 0) for b in boards):
        return False  # the other player took the last penny, and lost
    for i, (x, y) in enumerate(boards):
        options = [(x - t, y) for t in range(1, x + 1)] + [(x, y - t) for t in range(1, y + 1)]
        options += [(x - s, y - t) for s in range(1, x + 1) for t in range(1, y + 1) if abs(s - t) < a]
        for board in options:
            if misere_loses((*boards[:i], board, *boards[i + 1:]), a):
                return False
    return True


def mover_loses(boards: tuple[tuple[int, int], ...], a: int, misere: bool) -> bool:
    if misere:
        return misere_loses(boards, a)
    value = 0
    for x, y in boards:
        value ^= grundy(x, y, a)
    return value == 0


@pytest.mark.parametrize(("lesson_id", "index"), GAMES, ids=[f"{i}-steps[{n + 1}]" for i, n in GAMES])
def test_a_blunder_gets_the_winning_reply_and_the_lost_game_the_move_that_kept_the_win(lesson_id, index):
    session = new_session()
    session.handle(f"/open {lesson_id}")
    while session.place.step != index:
        session.handle("/next")
    step = session.step
    game = step.game
    rules = game.rules
    play = step.rules
    said: list[str] = []
    blundered = False
    for _ in range(200):
        state = session.state.position
        if session.state.over or not state.learner_to_move:
            break
        boards = state.boards
        moves = play.legal_moves(state)
        if not blundered and not mover_loses(boards, rules.a, rules.misere):
            # a blunder: a move after which the computer, to move, does not lose
            blunder = next(m for m in moves if not mover_loses(after(boards, m), rules.a, rules.misere))
            replies = "\n".join(r.text for r in session.handle(play.format_move(state, blunder)))
            flat = " ".join(replies.split())
            assert "hands the computer a winning position" in flat, flat
            named = flat.split("leave you ", 1)[1]
            left = tuple((int(x), int(y)) for x, y in BOARD.findall(named.split(", where", 1)[0]))
            assert left and mover_loses(left, rules.a, rules.misere), (flat, left)  # the reply really wins
            blundered = True
            said.append(flat)
            continue
        said.append(" ".join(" ".join(r.text for r in session.handle(play.format_move(state, moves[0]))).split()))
    assert blundered, f"{lesson_id}: the learner never had a win to give away"
    assert session.state.over, f"{lesson_id}: the game did not end"
    end = said[-1]
    assert "gave the win away" in end and "would have kept it" in end, end
    kept = tuple((int(x), int(y)) for x, y in BOARD.findall(end.split("that leaves", 1)[1].split(", a losing", 1)[0]))
    assert kept and mover_loses(kept, rules.a, rules.misere), (end, kept)  # the alternative really kept the win


def after(boards: tuple[tuple[int, int], ...], move: tuple[int, tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    number, (first, second) = move
    x, y = boards[number]
    return (*boards[:number], (x - first, y - second), *boards[number + 1:])

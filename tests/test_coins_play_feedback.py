"""Issue 20, coin play: a move that rules nothing out or lets tables come back is named with the belief before and
after, a move that brings no sure win closer is said to, and a win longer than the shortest says which moves were
idle, without stating the shortest length (a lesson asks for it after the game)."""

from __future__ import annotations

import random
from itertools import pairwise

from test_coins_rules import FIFTEEN, moves_of

from tutor.puzzles import get
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.teach.play import PLAY, CoinState
from tutor.puzzles.computed import NumberKind
from tutor.puzzles.options import NO_ARGS
from tutor.screen.shown import text_of


def played(n: int, line: str) -> list[CoinState]:
    """Every state of a game in which ``line`` is played one move at a time."""
    game = CoinGame(n)
    states = [PLAY.start(game, {}, random.Random(0))]
    for word in line.split():
        states.append(PLAY.apply(states[-1], moves_of(word, n)[0]).state)
    return states


def test_a_move_that_lets_tables_come_back_is_named_with_both_beliefs() -> None:
    before, after = played(4, "0123 01")[1:]
    m = before.game.model
    assert len(m.names_in(before.belief)) == 4 and len(m.names_in(after.belief)) == 5  # the case, recomputed
    said = " ".join(text_of(t) for t in PLAY.comment(before, after))
    assert "lets tables come back: 4 possible before it" in said and "5 after" in said
    assert all(name in said for name in m.names_in(after.belief))


def test_the_moves_of_a_shortest_strategy_are_never_called_idle() -> None:
    states = played(4, FIFTEEN)
    assert states[-1].belief == 0
    for before, after in pairwise(states):
        assert "does not bring a sure win closer" not in " ".join(map(text_of, PLAY.comment(before, after)))
    assert PLAY.hindsight(states) == []


def test_a_longer_win_names_its_idle_moves_and_not_the_shortest_length() -> None:
    line = "0 01 01 0 01"  # two coins: the first 0 and the second 01 change nothing that matters
    states = played(2, line)
    assert states[-1].belief == 0
    m = states[0].game.model
    shortest = len(engine.solve(m).strategy or [])
    said = " ".join(map(text_of, PLAY.hindsight(states)))
    assert "moves 1 (0) and 3 (01) did not bring it closer" in said
    length = NumberKind(get("coins").quantities["shortest_length"])
    assert length.gives_away(states[0].game, NO_ARGS, said) is None  # the next steps ask for it
    # a second way: dropping the idle moves leaves a strategy that still wins, of the shortest length
    kept = [w for i, w in enumerate(line.split(), 1) if i not in (1, 3)]
    assert len(kept) == shortest and engine.verify(m, moves_of(" ".join(kept), 2)).wins


def test_a_line_of_moves_gets_each_comment_under_its_number() -> None:
    state = PLAY.start(CoinGame(2), {}, random.Random(0))
    replies = PLAY.play_text(state, "0 0").replies
    assert any(text_of(r).startswith("Move 1 (0): That move rules nothing out") for r in replies)

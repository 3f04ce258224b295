"""The teaching layer the wythoff lessons rely on: lines of play, proof paragraphs, the riddle's totals,
alpha as text, and verdicts that do not give the answer away - each checked a second, independent way.

(Moved from test_wythoff_lessons.py with the code they test, which moved from
``wythoff_lesson``/``wythoff_cli`` to ``tutor.puzzles.wythoff.teach``.)
"""

from __future__ import annotations

import random
import subprocess
import sys
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import puzzles
from tutor.errors import IllegalMove, InvalidParams, TutorError
from tutor.puzzles.play import LEARNER
from tutor.puzzles.wythoff.engine import p_position, winning_totals
from tutor.puzzles.wythoff.rules import Rules, split_moves
from tutor.puzzles.wythoff.theory import alpha_decimal, alpha_symbol, alpha_text

W = puzzles.get("wythoff")
PLAY = W.play
assert PLAY is not None


@cache
def brute_losing(x: int, y: int) -> bool:
    """The plain rules, by memoised recursion over every move (no formula, no table from the engine)."""
    moves = [(x - i, y) for i in range(1, x + 1)] + [(x, y - i) for i in range(1, y + 1)]
    moves += [(x - i, y - i) for i in range(1, min(x, y) + 1)]
    return not any(brute_losing(*m) for m in moves)


def reference(game, kind, args=None):
    answer = W.kind(kind)
    return answer.reference(game, answer.arguments(args or {}))


def test_split_moves():
    assert split_moves("0,2 1,1  2:0,3") == ["0,2", "1,1", "2:0,3"]
    assert split_moves("to 3, 5") == ["to 3, 5"]
    assert split_moves("2: 0,1") == ["2: 0,1"]
    assert split_moves("0 2") == ["0 2"]  # one move, written with a space
    assert split_moves("0,2 nonsense") == ["0,2 nonsense"]  # left whole, so the parser names the problem


def test_a_line_of_play_is_played_whole_or_not_at_all():
    game = W.load({"position": "10,15"})
    settings = PLAY.arguments({})
    line = reference(game, "play")
    state = PLAY.start(game, settings, random.Random(1))
    whole = PLAY.play_text(state, line)
    assert PLAY.terminal(whole.state) and PLAY.winner(whole.state) == LEARNER
    one_by_one = state
    for move in line.split():
        turn = PLAY.play_text(one_by_one, move)
        one_by_one = turn.state
    assert PLAY.terminal(turn.state) and PLAY.winner(turn.state) == LEARNER and turn.state == whole.state
    with pytest.raises(IllegalMove, match="move 2 of the line"):
        PLAY.play_text(state, line.split()[0] + " 99,0")


def test_play_answers_are_judged_by_replay():
    game = W.load({"position": "10,15"})
    assert W.check(game, "play", reference(game, "play")).correct
    lost = W.check(game, "play", "0,1 0,1 0,1 0,1 0,1 0,1 0,1 0,1")
    assert not lost.correct
    with pytest.raises(TutorError):
        W.check(game, "play", "   ")
    assert reference(W.load({"position": "8,13"}), "play") is None  # losing start
    assert reference(game, "play", {"blunder": 10}) is None
    assert reference(W.load({}), "play") is None  # random start


def test_legal_moves_are_the_moves_play_accepts():
    for text in ("3,4", "2,2 + 0,3"):
        state = PLAY.start(W.load({"position": text}), PLAY.arguments({}), random.Random(0))
        moves = PLAY.legal_moves(state)
        assert len(moves) == len(set(moves)) and moves
        for move in moves:
            assert PLAY.parse_move(state, PLAY.format_move(state, move)) == move
            PLAY.apply(state, move)  # every listed move is legal


@given(st.integers(0, 12), st.integers(0, 12), st.booleans(), st.sampled_from(["learner", "computer"]))
def test_winning_line_exists_exactly_when_the_learner_can_win(x, y, misere, first):
    game = W.load({"position": f"{x},{y}", "misere": misere})
    args = {"first": first}
    line = reference(game, "play", args)
    if (x, y) == (0, 0):
        return
    if first == "computer":
        state = PLAY.start(game, PLAY.arguments(args), random.Random(0))
        if PLAY.terminal(state):
            assert line is None
            return
        after = W.load({"position": f"{state.boards[0][0]},{state.boards[0][1]}", "misere": misere})
        can_win = W.compute(after, "outcome") == "win"
    else:
        can_win = W.compute(game, "outcome") == "win"
    assert (line is not None) == can_win
    if line is not None:
        assert W.check(game, "play", line, args).correct


@pytest.mark.parametrize("a", range(1, 9))
def test_alpha_text_is_the_exact_limit(a):
    import sympy

    value = sympy.sympify(alpha_text(a), rational=True)  # the engine's own text, not a learner's
    assert sympy.simplify(value - alpha_symbol(a)) == 0
    assert alpha_decimal(a) == str(sympy.N(alpha_symbol(a), 30))[:12]
    assert p_position(Rules(a), 1000)[0] == int(sympy.floor(1000 * alpha_symbol(a)))


def test_proof_quantities():
    game = W.load({})
    for key in ("golden", "reciprocals", "beatty", "difference", "exact"):
        paragraph = W.compute(game, f"proof_{key}")
        assert "checked by sympy" in paragraph and paragraph.endswith(" is true)")
    assert "FAILED" not in W.compute(game, "proof")
    assert "2k moves" in W.compute(game, "proof_length")
    assert "alpha" in W.compute(W.load({"a": 2}), "proof_golden")
    with pytest.raises(InvalidParams, match="no step 'exact'"):
        W.compute(W.load({"a": 2}), "proof_exact")
    with pytest.raises(InvalidParams, match="no step 'misere'"):
        W.compute(game, "proof_misere")
    assert "(0, 1)" in W.compute(W.load({"misere": True}), "proof_misere")


@given(st.integers(0, 60), st.integers(0, 30))
def test_winning_totals_against_brute_force(low, width):
    high = low + width
    game = W.load({})
    args = {"min_total": low, "max_total": high}
    expected = [t for t in range(low, high + 1) if not any(brute_losing(x, t - x) for x in range(t // 2 + 1))]
    assert W.compute(game, "winning_total_count", args) == len(expected)
    shown = W.compute(game, "winning_totals", args)
    assert shown == ", ".join(map(str, expected))
    assert winning_totals(low, high, []) == list(range(low, high + 1))


def test_an_empty_range_of_totals_is_refused():
    with pytest.raises(InvalidParams, match="min_total 30 is larger than max_total 20"):
        W.compute(W.load({}), "losing_splits", {"min_total": 30, "max_total": 20})


def test_wrong_kth_and_move_answers_do_not_give_the_answer_away():
    game = W.load({})
    kth = W.check(game, "kth", "13,22", {"index": 9})
    assert not kth.correct and "14, 23" not in kth.detail and "(8, 13)" in kth.detail
    other = W.check(game, "kth", "12,20", {"index": 9})
    assert "number 8" in other.detail and "later" in other.detail
    move = W.check(W.load({"position": "3,4"}), "move", "0,1")
    assert not move.correct and "2,2" not in move.detail and "(3, 3)" in move.detail


def test_command_line_check_still_names_the_winning_moves():
    run = subprocess.run([sys.executable, "-m", "tutor", "check", "wythoff", "--position", "3,4", "0,1"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert "The winning moves were: 2,2." in run.stdout

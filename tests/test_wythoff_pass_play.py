"""Playing Wythoff with a pass (issue 33): the game against the computer through the Session, the ``pass_move``
answer kind, the line notation, the computer's moves, the ``pass`` parameter and the workbench on the pass game.

Every claim is checked against a win/lose search written here from the rules alone (a memoised recursion over
(x, y, passes): a Wythoff move, or the pass while it is left and a penny is), which uses no sieve and no formula.
"""

from __future__ import annotations

import random
import re
from functools import cache

import pytest
import sympy

from tests.helpers import said, session_at
from tutor.errors import IllegalMove, InvalidNotation, InvalidParams
from tutor.grammar import END
from tutor.puzzles import get
from tutor.puzzles.wythoff.engine.passing import pass_computer_move
from tutor.puzzles.wythoff.rules.notation import NOTATION, pass_line_error, split_pass_moves
from tutor.puzzles.wythoff.rules.passing import PassGame, PassRules, pass_legal_moves
from tutor.puzzles.wythoff.teach.pass_reasons import refutation, tells_pass

WYTHOFF = get("wythoff")
SIDE = 12  # the search covers both piles up to SIDE
PAIR = re.compile(r"\((\d+), (\d+)\)")


def steps(x: int, y: int) -> list[tuple[int, int]]:
    """Every Wythoff move's result: from one pile, or the same from both."""
    return ([(x - t, y) for t in range(1, x + 1)] + [(x, y - t) for t in range(1, y + 1)]
            + [(x - t, y - t) for t in range(1, min(x, y) + 1)])


@cache
def wins(x: int, y: int, passes: int) -> bool:
    """Whether the player to move wins, by trying every move (the pass only with a penny left)."""
    if passes and x + y and not wins(x, y, passes - 1):
        return True
    return any(not wins(a, b, passes) for a, b in steps(x, y))


def winning(x: int, y: int, passes: int) -> list[str]:
    """Every winning move in the tutor's notation, by the search."""
    moves = ["pass"] if passes and x + y and not wins(x, y, 0) else []
    return moves + [f"{x - a},{y - b}" for a, b in steps(x, y) if not wins(a, b, passes)]


def board(session) -> tuple[int, int, int]:
    """The piles and the passes left, read off the board on screen (/show)."""
    shown = said(session, "/show")
    x = int(re.search(r"first\s+pile\s+(\d+)", shown).group(1))
    y = int(re.search(r"second pile\s+(\d+)", shown).group(1))
    return x, y, int(re.search(r"^the pass\s+(still there|used)", shown, re.M).group(1) == "still there")


# -- the game through the Session ------------------------------------------------------------------------------


def test_a_learner_who_plays_the_searched_winning_moves_wins_the_step() -> None:
    session, step = session_at("wythoff-9", "Win from (4, 7)")
    assert board(session) == (4, 7, 1) and winning(4, 7, 1) == ["pass", "2,2"]
    for _ in range(12):
        x, y, passes = board(session)
        reply = said(session, winning(x, y, passes)[-1])  # the search's last winning move, not the engine's first
        if "you win" in reply:
            break
        assert wins(*board(session)), reply  # the computer's answer leaves the learner a win still
    assert step.index in session.progress.completed("wythoff-9"), reply


def test_a_second_pass_and_bad_notation_get_one_clear_line_and_change_nothing() -> None:
    session, _ = session_at("wythoff-9", "Win from (4, 7)")
    said(session, "pass")
    before = board(session)
    assert before[2] == 0
    for typed, expected in (("pass", "'pass': the one pass of this game has been used already"),
                            ("I pass", "used already"),
                            ("passs", "move 'passs' is not 'F,S' (pennies taken from the first and second pile), "
                                      "'to X,Y' or 'pass'"),
                            ("1,1 x", "'1,1 x': unexpected 'x' at column 5"),
                            ("0,0", "takes nothing")):
        reply = said(session, typed)
        assert len(reply.splitlines()) == 1 and expected in reply, reply
        assert board(session) == before


def test_a_move_that_throws_the_win_away_is_told_why_with_the_computers_answer_never_the_winning_move() -> None:
    session, _ = session_at("wythoff-9", "Win from (4, 7)")
    reply = said(session, "0,1")  # (4, 6), the pass still there: the search says the computer wins from it
    assert wins(4, 6, 1)
    told = re.search(r"\(4, 6\) with the pass still there is not a losing position of the pass game: the computer can "
                     r"(.+?) and leave you \((\d+), (\d+)\), the pass still there", reply)
    assert told is not None, reply
    assert not wins(int(told.group(2)), int(told.group(3)), 1)  # the counterexample: a lost position for the learner
    assert "2,2" not in reply and "(2, 5)" not in reply and not tells_pass(reply, (4, 7, 1))  # the moves that won
    assert board(session) == (int(told.group(2)), int(told.group(3)), 1)  # the answer named is the one played


def test_a_lost_game_names_the_move_that_gave_the_win_away_and_undo_takes_it_back() -> None:
    session, _ = session_at("wythoff-9", "Win from (4, 7)")
    said(session, "0,1")
    for _ in range(10):
        x, y, _ = board(session)
        moves = [f"{x - a},{y - b}" for a, b in steps(x, y)]
        reply = said(session, moves[0])
        if "you lose" in reply:
            break
    assert "Your move 1 (0,1) from (4, 7) gave the win away" in reply, reply
    said(session, "/reset")
    assert board(session) == (4, 7, 1)


def test_the_computer_opens_from_a_losing_position_and_says_what_it_did() -> None:
    session, _ = session_at("wythoff-9", "The computer moves first")
    assert not wins(6, 7, 1)
    shown = said(session, "/show")
    x, y, passes = board(session)
    assert wins(x, y, passes) and "The computer's last move:" in shown
    assert min(x, y) > 0 and x != y  # no position from which the learner takes the last penny at once


# -- the pass_move answer kind through the Session ---------------------------------------------------------------


def test_plain_wythoffs_winning_move_is_refuted_by_the_pass_and_the_pass_by_plain_wythoff() -> None:
    session, step = session_at("wythoff-9", "A winning move of plain Wythoff")
    assert winning(4, 9, 1) == ["0,1"] and wins(4, 7, 1)
    trap = said(session, "0,2")
    assert "(4, 7) is one of plain Wythoff's losing pairs, but the pass is still there" in trap
    assert "your opponent can pass, and you face (4, 7) in plain Wythoff" in trap and "0,1" not in trap
    passed = said(session, "pass")
    assert "The pass hands your opponent (4, 9) in plain Wythoff, which is not one of its losing pairs" in passed
    left = PAIR.findall(passed.split("leave you", 1)[1])[0]
    assert not wins(int(left[0]), int(left[1]), 0) and "(4, 8)" not in passed
    assert "wins" in said(session, "to 4,8") and step.index in session.progress.completed("wythoff-9")


ANSWER = re.compile(r"(?:leave you|you face) \((\d+), (\d+)\)(, the pass still there| in plain Wythoff)")


@pytest.mark.parametrize("x", range(0, SIDE + 1, 3))
def test_the_kind_judges_every_move_as_the_search_does_and_refutes_with_a_lost_position(x: int) -> None:
    kind = WYTHOFF.kind("pass_move")
    for y in range(SIDE + 1):
        game = WYTHOFF.load({"position": f"{x},{y}", "pass": True})
        right = set(winning(x, y, 1))
        reference = kind.reference(game, {})
        assert (reference in right) if right else reference is None
        for move in [m for m in ["pass", *(f"{x - a},{y - b}" for a, b in steps(x, y))] if x + y or m != "pass"]:
            verdict = kind.judge(game, move)
            assert verdict.correct == (move in right), (x, y, move)
            if verdict.correct:
                continue
            named = ANSWER.search(verdict.detail)  # the opponent's answer, and the position it leaves the learner
            if named is None:
                assert "the last penny, and you lose" in verdict.detail, verdict.detail
                continue
            a, b, passes = int(named.group(1)), int(named.group(2)), int("still" in named.group(3))
            assert not wins(a, b, passes), (x, y, move, verdict.detail)


def test_a_refutation_avoids_the_positions_the_winning_moves_reach_when_it_can() -> None:
    """(3, 4): 0,1 leaves (3, 3), answered by 0,2 to (3, 1) - where the winning move 0,3 from (3, 4) goes - or by
    2,0 to (1, 3): the reply names (1, 3), which tells nothing of the move to find."""
    assert winning(3, 4, 1) == ["0,3"] and not wins(3, 1, 1) and not wins(1, 3, 1)
    said_ = refutation(PassRules(), (3, 4, 1), (0, 1))
    assert "leave you (1, 3), the pass still there" in said_ and "(3, 1)" not in said_, said_


# -- the line notation, the computer, the parameter ---------------------------------------------------------------


def test_a_line_splits_into_its_moves_and_says_where_it_breaks() -> None:
    assert split_pass_moves("pass 0,2  to (1, 1) ->2,2") == ["pass", "0,2", "to (1, 1)", "->2,2"]
    assert split_pass_moves("take 2 from both piles") == ["take 2 from both piles"]
    assert split_pass_moves("0 2") == ["0 2"] and split_pass_moves("I pass") == ["I pass"]
    assert str(pass_line_error("pass 1,1 x")) == ("'pass 1,1 x': unexpected 'x' at column 10 (expected a move "
                                                  "('F,S', 'to X,Y' or 'pass'), ')' or the end)")
    assert pass_line_error("passs") is None and pass_line_error("pass 1,1") is None
    for name in [*NOTATION.terminals(), END]:
        words = NOTATION.say({name})
        assert words != name and "__" not in words and "$" not in words, (name, words)


def ends_at_once(x: int, y: int) -> bool:
    """Whether the player to move can take the last penny in one move."""
    return (x, y) != (0, 0) and (x == 0 or y == 0 or x == y)


def test_the_computer_wins_whenever_the_search_says_it_can_and_otherwise_never_hands_over_a_one_move_win() -> None:
    rules, rng = PassRules(), random.Random(0)
    for x in range(SIDE + 1):
        for y in range(SIDE + 1):
            for passes in (0, 1):
                legal = list(pass_legal_moves(rules, (x, y, passes)))
                assert len(legal) == len(steps(x, y)) + bool(passes and x + y)
                if not legal:
                    continue
                move = pass_computer_move(rules, (x, y, passes), 0, rng)
                after = (x, y, 0) if move == "pass" else (x - move[0], y - move[1], passes)
                if wins(x, y, passes):
                    assert not wins(*after), (x, y, passes, move)
                    continue
                results = [(a, b) for a, b in steps(x, y)] + ([(x, y)] if passes and x + y else [])
                if any(not ends_at_once(a, b) for a, b in results):
                    assert not ends_at_once(*after[:2]), (x, y, passes, move)


def test_the_pass_parameter_makes_the_pass_game_and_plain_questions_refuse_it() -> None:
    game = WYTHOFF.load({"position": "3,5", "pass": True})
    assert isinstance(game, PassGame) and WYTHOFF.load(WYTHOFF.values(game)) == game
    with pytest.raises(InvalidParams, match="question about plain Wythoff"):
        WYTHOFF.compute(game, "outcome")
    assert WYTHOFF.compute(game, "pass_outcome") == "win"
    for raw, refused in (({"pass_at_end": True}, "--pass"), ({"pass": True, "misere": True}, "--misere"),
                         ({"pass": True, "position": "1,2 + 3,4"}, "'1,2 + 3,4'")):
        with pytest.raises(InvalidParams, match=re.escape(refused)):
            WYTHOFF.load(raw)


@pytest.mark.parametrize("want", ["win", "lose"])
def test_a_random_position_of_the_pass_game_has_the_outcome_asked(want: str) -> None:
    rng = random.Random(3)
    for _ in range(20):
        drawn = WYTHOFF.random_param("position", {"random": want, "max": SIDE}, rng, {"pass": True})
        x, y = (int(n) for n in drawn.split(","))
        assert max(x, y) <= SIDE and wins(x, y, 1) == (want == "win"), drawn


def test_the_workbench_on_the_pass_game_checks_against_the_searched_pairs() -> None:
    game, kind = WYTHOFF.load({"pass": True}), WYTHOFF.kind("conjecture")
    pairs = [(x, y) for x in range(SIDE) for y in range(x, 3 * SIDE) if not wins(x, y, 1)][:5]
    assert [x for x, _ in pairs] == [0, 1, 2, 4, 6]
    assert kind.judge(game, "k + floor(k^2/8)", {"bound": 4}).correct
    fails = kind.judge(game, "k", {"bound": 4})
    assert not fails.correct and fails.data["counterexample"]["k"] == 3
    fitted = kind.reference(game, {"bound": 4})  # the polynomial through the five pairs, read by sympy here
    polynomial = sympy.sympify(fitted)
    assert [polynomial.subs("k", k) for k in range(5)] == [x for x, _ in pairs]
    assert kind.judge(game, fitted, {"bound": 4}).correct and kind.reference(game, {"bound": 1000}) is None


def test_a_move_read_as_the_piles_to_leave_and_illegal_moves() -> None:
    kind, game = WYTHOFF.kind("pass_move"), WYTHOFF.load({"position": "14,19", "pass": True})
    assert kind.judge(game, "9,14").summary.startswith("'9,14' is read as 'to 9,14'")
    with pytest.raises(IllegalMove, match="takes nothing: to keep the piles as they are, say 'pass'"):
        kind.judge(game, "to 14,19")
    with pytest.raises(InvalidNotation, match="'hello'"):
        kind.judge(game, "hello")

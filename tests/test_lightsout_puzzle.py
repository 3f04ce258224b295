"""Lights Out behind the puzzle protocol: notation, answers, quantities, hints, play."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams
from tutor.puzzles import get
from tutor.puzzles.answers import Verdict, rung
from tutor.puzzles.lightsout import LightsOut
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Rules, apply, dark, pattern_of
from tutor.puzzles.lightsout.rules.notation import (
    column_index,
    column_name,
    format_board,
    format_cell,
    format_presses,
    parse_board,
    parse_size,
)
from tutor.puzzles.lightsout.rules.presses import parse_cell, parse_presses
from tutor.puzzles.play import LEARNER
from tutor.screen.shown import text_of

PUZZLE = LightsOut()
PLAY = PUZZLE.play
assert PLAY is not None


def params(**raw: object) -> LightsGame:
    """The game the parameters describe, loaded once."""
    return PUZZLE.load(raw)


def reference(game: LightsGame, kind: str, **args: Any) -> str | None:
    answer = PUZZLE.kind(kind)
    drawn = answer.reference(game, answer.arguments(args))
    return None if drawn is None else text_of(drawn)


def check(game: LightsGame, kind: str, text: str, **args: Any) -> Verdict:
    return PUZZLE.check(game, kind, text, args)


def hints(game: LightsGame, kind: str, text: str) -> list[str]:
    answer = PUZZLE.kind(kind)
    return [text_of(rung(h).text) for h in answer.hints(game, answer.arguments({}), text)]


# -- notation -------------------------------------------------------------------


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.integers(1, 8), st.integers(1, 8), st.sampled_from([2, 3, 5]), st.data())
def test_board_notation_round_trips(m: int, n: int, k: int, data: st.DataObject) -> None:
    cells = bytes(data.draw(st.lists(st.integers(0, k - 1), min_size=m * n, max_size=m * n)))
    rules = Rules(m, n, states=k)
    for sep in ("/", "\n"):
        assert parse_board(format_board(rules, cells, sep), k) == (m, n, cells)


@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.integers(1, 40), st.integers(1, 800), st.data())
def test_cells_and_press_lists_round_trip(m: int, n: int, data: st.DataObject) -> None:
    rules = Rules(m, n)
    cells = data.draw(st.lists(st.tuples(st.integers(0, m - 1), st.integers(0, n - 1)), max_size=8))
    assert parse_presses(format_presses(cells), rules) == cells
    for r, c in cells:
        assert parse_cell(format_cell(r, c), m, n) == (r, c)
        assert parse_cell(f"{r + 1},{c + 1}", m, n) == (r, c)
    assert column_index(column_name(n - 1)) == n - 1


def test_notation_known_values() -> None:
    assert parse_size("4x7") == (4, 7) and parse_size("6") == (6, 6)
    assert column_name(25) == "z" and column_name(26) == "aa"
    assert parse_presses("a1; 2,3 b1", Rules(3, 3)) == [(0, 0), (1, 2), (0, 1)]
    assert parse_presses("X../.../..X", Rules(3, 3)) == [(0, 0), (2, 2)]
    assert parse_presses("none", Rules(3, 3)) == []


@pytest.mark.parametrize(("text", "match"), [
    ("X.X/.X", "'X.X/.X': a ragged board: row 2 has 2 cells at column 5 (row 1 has 3, and every row as many)"),
    ("X.Q", "'X.Q': unknown character 'Q' at column 3 (row 1, column 3 of the board: use 'X' lit, '.' dark)"),
    ("X.X\n.Q.", "unknown character 'Q' at line 2, column 2 (row 2, column 2 of the board: use "),
    ("", "empty"),
])
def test_bad_boards_name_the_problem(text: str, match: str) -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_board(text)
    assert match in str(err.value)


def test_bad_cells() -> None:
    with pytest.raises(IllegalMove, match="off the 3x3 board"):
        parse_cell("d1", 3, 3)
    with pytest.raises(InvalidNotation) as err:
        parse_cell("1b", 3, 3)
    assert str(err.value).startswith("'1b': '1b' is not a cell at column 1 (name each cell by its column letter")


# -- params and answers -----------------------------------------------------------


def test_registered_and_params_validated() -> None:
    assert isinstance(get("lightsout"), LightsOut)
    with pytest.raises(InvalidNotation, match="is 3x3, but the size is 4x4"):
        params(size="4x4", board="X.X/.X./X.X")
    with pytest.raises(InvalidParams, match="prime"):
        params(states=4)
    with pytest.raises(InvalidParams, match="neighbourhood"):
        params(neighbourhood="star")
    with pytest.raises(InvalidParams, match="unknown parameter 'row'"):
        params(row=2)  # a question argument of chase_row and chase_board, not a puzzle parameter
    game = params(size="4x7", board="random", seed=3)
    assert PUZZLE.values(game) == {"size": "4x7", "board": "random", "torus": False, "neighbourhood": "plus",
                                   "states": 2, "seed": 3, "any_board": False}
    assert PUZZLE.load(PUZZLE.values(game)) == game and game.lights == params(**PUZZLE.values(game)).lights


def test_presses_and_minimal_answers() -> None:
    p = params(size="5x5", board="all-on")
    ref = reference(p, "minimal")
    assert ref is not None and len(ref.split()) == 15
    assert check(p, "minimal", ref).correct
    assert check(p, "presses", ref).correct
    # all four solutions of the all-on 5x5 have 15 presses: adding a quiet pattern keeps 15
    quiet = ".XXX./X.X.X/XX.XX/X.X.X/.XXX."
    rules = Rules(5, 5)
    other = format_board(rules, pattern_of(rules, parse_presses(ref, rules) + parse_presses(quiet, rules)))
    assert check(p, "minimal", other).correct
    # the board one press at a1 makes: a1 is the fewest, a1 plus a quiet pattern is not
    one = params(size="5x5", board="XX.../X..../...../...../.....")
    longer = format_board(rules, pattern_of(rules, [(0, 0), *parse_presses(quiet, rules)]))
    assert check(one, "presses", longer).correct
    verdict = check(one, "minimal", longer)
    assert not verdict.correct and "1 is the fewest" in verdict.summary
    wrong = check(p, "presses", "a1 a1 c3")
    assert not wrong.correct and "Still lit" in text_of(wrong.detail)
    assert wrong.canonical == "c3"


def test_unsolvable_board_is_explained_by_a_quiet_pattern() -> None:
    p = params(size="5x5", board="X..../...../...../...../.....")
    assert reference(p, "presses") is None
    verdict = check(p, "presses", "a1")
    assert not verdict.correct and "No press list can darken" in text_of(verdict.detail)
    assert PUZZLE.compute(p, "solvable") == "no"
    assert PUZZLE.compute(p, "solutions") == 0
    assert "quiet pattern" in hints(p, "presses", "")[-1]


def test_chase_answers_row_by_row() -> None:
    p = params(size="5x5", board="all-on")
    assert check(p, "chase_row", "a2 b2 c2 d2 e2").correct
    ref = reference(p, "chase_row", row=2)
    assert ref == "a3 e3"
    assert check(p, "chase_row", ref, row=2).correct
    bad = check(p, "chase_row", "a3 b4", row=2)
    assert not bad.correct and "b4 is not in row 3" in text_of(bad.detail)
    whole = reference(p, "chase")
    assert whole is not None
    assert check(p, "chase", whole).correct
    off = check(p, "chase", whole.replace("a4 ", ""))
    assert not off.correct and "row 4" in off.summary
    assert PUZZLE.compute(p, "residue") == "X...X"
    top = reference(p, "top_row")
    assert top is not None and check(p, "top_row", top).correct
    assert not check(p, "top_row", "c1").correct


def test_chase_kinds_refuse_rules_without_a_chase() -> None:
    with pytest.raises(InvalidParams, match="answer kind 'chase_row' needs the plus neighbourhood"):
        check(params(torus=True), "chase_row", "a2")
    with pytest.raises(InvalidParams, match="row 5 has no row below it on a 5-row board"):
        check(params(), "chase_row", "a2", row=5)
    with pytest.raises(InvalidParams, match="at least 1"):
        check(params(), "chase_row", "a2", row=0)
    with pytest.raises(InvalidParams, match="'top_row' is for 2-state boards"):
        reference(params(states=3), "top_row")
    with pytest.raises(InvalidParams, match="answer kind 'chase' needs"):
        PUZZLE.compute(params(neighbourhood="x"), "residue")
    # the all-on 3x3 after a2 b2 c2 clear row 1: the board row 2 faces
    assert PUZZLE.compute(params(size="3x3"), "chase_board", {"row": 2}) == \
        PUZZLE.compute(params(board=".../X.X/..."), "board")


def test_chase_replays_to_dark_after_top_row_fix() -> None:
    """Independent check of the chase story: top-row fix + chase presses = a solution."""
    p = params(size="6x7", board="random", seed=5)
    rules, board = p.rules, p.lights
    top = reference(p, "top_row") or ""
    start = apply(rules, board, pattern_of(rules, parse_presses(top, rules)))
    chase = check(params(**{**PUZZLE.values(p), "board": format_board(rules, start)}), "chase", "none").data["chase"]
    total = parse_presses(top, rules) + parse_presses(chase, rules)
    assert apply(rules, board, pattern_of(rules, total)) == dark(rules)


def test_quantities() -> None:
    p = params(size="5x5")
    assert [PUZZLE.compute(p, q) for q in ("rank", "nullity", "solutions", "min_presses", "lit")] == \
        [23, 2, 4, 15, 25]
    assert PUZZLE.compute(p, "solvable_boards") == 2**23
    assert PUZZLE.compute(p, "quiet_patterns") == 3
    assert PUZZLE.compute(p, "poly_nullity") == 2
    assert PUZZLE.compute(params(size="5x5", torus=True), "nullity") == 8  # sympy: rank 17
    with pytest.raises(KeyError):  # an unknown quantity is a bug in the caller, not bad input
        PUZZLE.compute(p, "nonsense")
    with pytest.raises(KeyError):
        PUZZLE.kind("nonsense")


def test_normalize_cancels_double_presses() -> None:
    p = params(size="3x3")
    assert PUZZLE.kind("presses").normalize(p, "b2 a1 b2 3,3") == "a1 c3"


def test_hints_ladder_and_completions() -> None:
    p = params(size="3x3", board="X.X/.X./X.X")
    ladder = hints(p, "presses", "")
    assert len(ladder) == 3 and "Chase" in ladder[1] and ladder[2].startswith("Press ")
    # the hints are for the board on screen, not the board a written list leaves (issue 20); a list that is a
    # solution is nowhere from one, so nothing about it is added
    assert hints(p, "presses", "a1 b1 c1 a2 b2 c2 a3 b3 c3") == ladder
    assert hints(PUZZLE.load({"size": "3x3", "board": "all-off"}), "presses", "") == [
        "The board is already dark: nothing left to press."]
    presses = PUZZLE.kind("presses")
    assert "b3" in presses.completions(p, presses.arguments({}), "")


def test_play_following_the_hints_wins() -> None:
    p = params(size="5x5", board="random", seed=1)
    for seed in range(5):
        state = PLAY.start(p, PLAY.arguments({}), random.Random(seed))
        assert any(state.board) and not PLAY.terminal(state)
        for _ in range(30):
            move = text_of(rung(PLAY.hints(state)[-1]).text).split()[1].rstrip(":")
            turn = PLAY.play_text(state, move)
            state = turn.state
            if PLAY.terminal(state):
                break
        assert PLAY.winner(state) == LEARNER and not any(state.board)
        assert "a" in text_of(PLAY.render(state))
        assert PLAY.legal_moves(state) == []


def test_play_rejects_bad_moves() -> None:
    p = params(size="3x3")
    state = PLAY.start(p, PLAY.arguments({}), random.Random(0))
    with pytest.raises(IllegalMove):
        PLAY.play_text(state, "z9")
    with pytest.raises(InvalidNotation):
        PLAY.play_text(state, "")
    with pytest.raises(IllegalMove):
        PLAY.parse_move(state, "d1")


def test_play_moves_are_cells_and_a_line_answers_with_one_board() -> None:
    p = params(size="2x3", board="XX./X..")  # a1 pressed on a dark board
    state = PLAY.start(p, PLAY.arguments({}), random.Random(0))
    moves = PLAY.legal_moves(state)
    assert len(moves) == 6
    assert [PLAY.parse_move(state, PLAY.format_move(state, m)) for m in moves] == moves
    assert PLAY.parse_move(state, "2,3") == (1, 2)
    one = PLAY.play_text(state, "a1 c1")
    boards = [r for r in one.replies if not isinstance(r, str)]
    assert len(boards) == 1 and one.replies[0] == "You press a1 c1."  # one board for the whole line
    assert one.state == PLAY.apply(PLAY.apply(state, (0, 0)).state, (0, 2)).state
    assert PLAY.split(state, "a1 2,3") == ["a1", "c2"]
    solution = PLAY.solution(state)
    assert solution is not None and PLAY.winner(PLAY.play_text(state, text_of(solution)).state) == LEARNER
    assert text_of(PLAY.reference(p, PLAY.arguments({})) or "") == text_of(solution) == "a1"
    assert PLAY.reference(params(board="random"), PLAY.arguments({})) is None  # each learner draws a board


def test_random_play_through_legal_moves_ends_dark() -> None:
    p = params(size="2x2")
    rng = random.Random(4)
    state = PLAY.start(p, PLAY.arguments({}), rng)
    for _ in range(2000):
        if PLAY.terminal(state):
            break
        state = PLAY.apply(state, rng.choice(PLAY.legal_moves(state))).state
    assert PLAY.winner(state) == LEARNER


def test_play_kind_judges_a_whole_press_line() -> None:
    p = params(board="XX./X.X/.XX")
    verdict = check(p, "play", "c3 a1")
    assert verdict.correct and verdict.length == 2 and verdict.shortest == 2
    assert not check(p, "play", "a1").correct
    assert reference(p, "play") == "a1 c3"

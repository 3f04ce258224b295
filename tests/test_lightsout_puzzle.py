"""Lights Out behind the puzzle protocol: notation, answers, quantities, hints, play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams
from tutor.puzzles import get
from tutor.puzzles.lightsout import LightsOut
from tutor.puzzles.lightsout_notation import (
    column_index,
    column_name,
    format_board,
    format_cell,
    format_presses,
    parse_board,
    parse_cell,
    parse_presses,
    parse_size,
)
from tutor.puzzles.lightsout_rules import Rules, apply, dark, pattern_of

PUZZLE = LightsOut()


def params(**raw: object) -> dict[str, object]:
    return PUZZLE.make_params(raw)


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
    ("X.X/.X", "ragged: row 2"),
    ("X.Q", "unknown character 'Q' at row 1, column 3"),
    ("", "empty"),
])
def test_bad_boards_name_the_problem(text: str, match: str) -> None:
    with pytest.raises(InvalidNotation, match=match):
        parse_board(text)


def test_bad_cells() -> None:
    with pytest.raises(IllegalMove, match="off the 3x3 board"):
        parse_cell("d1", 3, 3)
    with pytest.raises(InvalidNotation, match="not a name"):
        parse_cell("1b", 3, 3)


# -- params and answers -----------------------------------------------------------


def test_registered_and_params_validated() -> None:
    assert isinstance(get("lightsout"), LightsOut)
    with pytest.raises(InvalidNotation, match="is 3x3, but the size is 4x4"):
        params(size="4x4", board="X.X/.X./X.X")
    with pytest.raises(InvalidParams, match="prime"):
        params(states=4)
    with pytest.raises(InvalidParams, match="neighbourhood"):
        params(neighbourhood="star")


def test_presses_and_minimal_answers() -> None:
    p = params(size="5x5", board="all-on")
    ref = PUZZLE.reference_answer(p, "minimal")
    assert ref is not None and len(ref.split()) == 15
    assert PUZZLE.check_answer(p, "minimal", ref).correct
    assert PUZZLE.check_answer(p, "presses", ref).correct
    # all four solutions of the all-on 5x5 have 15 presses: adding a quiet pattern keeps 15
    quiet = ".XXX./X.X.X/XX.XX/X.X.X/.XXX."
    rules = Rules(5, 5)
    other = format_board(rules, pattern_of(rules, parse_presses(ref, rules) + parse_presses(quiet, rules)))
    assert PUZZLE.check_answer(p, "minimal", other).correct
    # the board one press at a1 makes: a1 is the fewest, a1 plus a quiet pattern is not
    one = params(size="5x5", board="XX.../X..../...../...../.....")
    longer = format_board(rules, pattern_of(rules, [(0, 0), *parse_presses(quiet, rules)]))
    assert PUZZLE.check_answer(one, "presses", longer).correct
    verdict = PUZZLE.check_answer(one, "minimal", longer)
    assert not verdict.correct and "1 is the fewest" in verdict.summary
    wrong = PUZZLE.check_answer(p, "presses", "a1 a1 c3")
    assert not wrong.correct and "Still lit" in wrong.detail
    assert wrong.canonical == "c3"


def test_unsolvable_board_is_explained_by_a_quiet_pattern() -> None:
    p = params(size="5x5", board="X..../...../...../...../.....")
    assert PUZZLE.reference_answer(p, "presses") is None
    verdict = PUZZLE.check_answer(p, "presses", "a1")
    assert not verdict.correct and "No press list can darken" in verdict.detail
    assert PUZZLE.quantity(p, "solvable") == "no"
    assert PUZZLE.quantity(p, "solutions") == 0
    assert "quiet pattern" in PUZZLE.hints(p, "presses", "")[-1]


def test_chase_answers_row_by_row() -> None:
    p = params(size="5x5", board="all-on")
    assert PUZZLE.check_answer(p, "chase_row", "a2 b2 c2 d2 e2").correct
    p2 = params(size="5x5", board="all-on", row=2)
    ref = PUZZLE.reference_answer(p2, "chase_row")
    assert ref == "a3 e3"
    assert PUZZLE.check_answer(p2, "chase_row", ref).correct
    bad = PUZZLE.check_answer(p2, "chase_row", "a3 b4")
    assert not bad.correct and "b4 is not in row 3" in bad.detail
    whole = PUZZLE.reference_answer(p, "chase")
    assert whole is not None
    assert PUZZLE.check_answer(p, "chase", whole).correct
    off = PUZZLE.check_answer(p, "chase", whole.replace("a4 ", ""))
    assert not off.correct and "row 4" in off.summary
    assert PUZZLE.quantity(p, "residue") == "X...X"
    top = PUZZLE.reference_answer(p, "top_row")
    assert top is not None and PUZZLE.check_answer(p, "top_row", top).correct
    assert not PUZZLE.check_answer(p, "top_row", "c1").correct


def test_chase_replays_to_dark_after_top_row_fix() -> None:
    """Independent check of the chase story: top-row fix + chase presses = a solution."""
    p = params(size="6x7", board="random", seed=5)
    rules, board = Rules(6, 7), None
    from tutor.puzzles.lightsout import board_of

    rules, board = board_of(p)
    top = PUZZLE.reference_answer(p, "top_row") or ""
    start = apply(rules, board, pattern_of(rules, parse_presses(top, rules)))
    chase = PUZZLE.check_answer({**p, "board": format_board(rules, start)}, "chase", "none").data["chase"]
    total = parse_presses(top, rules) + parse_presses(chase, rules)
    assert apply(rules, board, pattern_of(rules, total)) == dark(rules)


def test_quantities() -> None:
    p = params(size="5x5")
    assert [PUZZLE.quantity(p, q) for q in ("rank", "nullity", "solutions", "min_presses", "lit")] == \
        [23, 2, 4, 15, 25]
    assert PUZZLE.quantity(p, "solvable_boards") == 2**23
    assert PUZZLE.quantity(p, "quiet_patterns") == 3
    assert PUZZLE.quantity(p, "poly_nullity") == 2
    assert PUZZLE.quantity(params(size="5x5", torus=True), "nullity") == 8  # sympy: rank 17
    with pytest.raises(InvalidParams):
        PUZZLE.quantity(p, "nonsense")


def test_normalize_cancels_double_presses() -> None:
    p = params(size="3x3")
    assert PUZZLE.normalize(p, "presses", "b2 a1 b2 3,3") == "a1 c3"


def test_hints_ladder_and_completions() -> None:
    p = params(size="3x3", board="X.X/.X./X.X")
    ladder = PUZZLE.hints(p, "presses", "")
    assert len(ladder) == 3 and "Chase" in ladder[1] and ladder[2].startswith("Press ")
    assert PUZZLE.hints(p, "presses", "a1 b1 c1 a2 b2 c2 a3 b3 c3") == [
        "The board is already dark: nothing left to press."]
    assert "b3" in PUZZLE.completions(p, "presses", "")


def test_play_following_the_hints_wins() -> None:
    p = params(size="5x5", board="random", seed=1)
    for seed in range(5):
        state = PUZZLE.new_game(p, random.Random(seed))
        assert any(state.board)
        for _ in range(30):
            move = PUZZLE.game_hints(p, state)[-1].split()[1]
            turn = PUZZLE.play(p, state, move)
            state = turn.state
            if turn.finished:
                break
        assert turn.finished and turn.won and not any(state.board)
        assert "a" in PUZZLE.render(p, state)


def test_play_rejects_bad_moves() -> None:
    p = params(size="3x3")
    state = PUZZLE.new_game(p, random.Random(0))
    with pytest.raises(IllegalMove):
        PUZZLE.play(p, state, "z9")
    with pytest.raises(InvalidNotation):
        PUZZLE.play(p, state, "")

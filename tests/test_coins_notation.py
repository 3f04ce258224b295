"""The strategy notation: round trips, every written form, and one-line errors that point at the mistake."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_coins_rules import Move, flips

from tutor.errors import InvalidNotation, TutorError
from tutor.puzzles.coins.rules import format_move, format_strategy, parse_move, parse_strategy, positions


@st.composite
def strategies(draw: Any, max_n: int = 12) -> tuple[int, int, list[Move]]:
    n = draw(st.integers(1, max_n))
    k = draw(st.integers(2, 4))
    moves = draw(st.lists(st.tuples(*[st.integers(0, k - 1)] * n), max_size=12))
    return n, k, moves


@given(strategies())
def test_parse_format_round_trip(case: tuple[int, int, list[Move]]) -> None:
    n, k, moves = case
    text = format_strategy(moves, k)
    assert parse_strategy(text, n, k) == moves
    assert format_strategy(parse_strategy(text, n, k), k) == text  # the canonical form is a fixed point


def write_move(draw: Any, move: Move) -> str:
    """One coin move in a randomly chosen written form (our own writer, not the engine's)."""
    where = [p for p, d in enumerate(move) if d]
    forms = ["braces", "pattern"]
    if len(move) <= 10 and where:
        forms.append("digits")
    if not where:
        forms += ["dash", "empty braces"]
    form = draw(st.sampled_from(forms))
    if form == "dash":
        return "-"
    if form == "empty braces":
        return "{}"
    if form == "digits":
        return "".join(str(p) for p in draw(st.permutations(where)))
    if form == "pattern":
        return "".join(draw(st.sampled_from("xX")) if d else "." for d in move)
    gap = draw(st.sampled_from([",", ", ", " , ", ",  "]))
    return "{" + gap.join(str(p) for p in draw(st.permutations(where))) + "}"


@given(st.data())
def test_every_written_form_parses(data: Any) -> None:
    n = data.draw(st.integers(1, 12))
    moves = data.draw(st.lists(st.tuples(*[st.integers(0, 1)] * n), max_size=10))
    text = ""
    for i, move in enumerate(moves):
        if i:
            text += data.draw(st.sampled_from([" ", ",", ", ", ";", " ; ", "\n", "\t", "  # a comment\n"]))
        text += write_move(data.draw, move)
    text += data.draw(st.sampled_from(["", "\n", " # the end", ";"]))
    assert parse_strategy(text, n) == moves


@pytest.mark.parametrize(("text", "n", "expected"), [
    ("0123 02", 4, [flips(4, 0, 1, 2, 3), flips(4, 0, 2)]),
    ("{0, 2},{1},{}", 4, [flips(4, 0, 2), flips(4, 1), flips(4)]),
    ("x.x.;X..X\n-", 4, [flips(4, 0, 2), flips(4, 0, 3), flips(4)]),
    ("# only a comment\n", 4, []),
    ("", 3, []),
    ("20", 3, [flips(3, 0, 2)]),
    ("{10, 11} .x.........x", 12, [flips(12, 10, 11), flips(12, 1, 11)]),
    ("0123 # the first move\n02", 4, [flips(4, 0, 1, 2, 3), flips(4, 0, 2)]),
])
def test_written_forms_by_example(text: str, n: int, expected: list[Move]) -> None:
    assert parse_strategy(text, n) == expected


def test_counter_moves_are_digit_vectors() -> None:
    assert parse_strategy("120 002", 3, 3) == [(1, 2, 0), (0, 0, 2)]
    assert parse_strategy("-", 3, 3) == [(0, 0, 0)]
    assert format_move((0, 0, 0), 3) == "000"
    assert positions((1, 0, 1, 1)) == [0, 2, 3]


# (text, N, K, pieces the one-line message must contain): what is wrong, at which column, what was expected
BAD = [
    ("0124", 4, 2, ["'0124': position 4 is out of range 0-3 at column 4 (move 1)"]),
    ("0123 02 7", 4, 2, ["'0123 02 7': position 7 is out of range 0-3 at column 9 (move 3)"]),
    ("x.x", 4, 2, ["'x.x': a pattern of 3 characters at column 1 (move 1 needs 4: one x or . per coin)"]),
    ("0123 x.y.", 4, 2, ["'0123 x.y.': unexpected 'y' at column 8 (in move 2, expected 'x' or '.': write moves "
                         "like 02, {0, 2} or x.x.)"]),
    ("0a", 4, 2, ["'0a': unexpected 'a' at column 2 (in move 1, expected a position digit"]),
    ("0!2", 4, 2, ["'0!2': unexpected '!' at column 2 (in move 1, expected a position digit"]),
    ("00", 4, 2, ["'00': position 0 is named twice at column 2 (move 1)"]),
    ("{0, 0}", 4, 2, ["'{0, 0}': position 0 is named twice at column 5 (move 1)"]),
    ("{0, 5}", 4, 2, ["'{0, 5}': position 5 is out of range 0-3 at column 5"]),
    ("{0, a}", 4, 2, ["'{0, a}': 'a' is not a position at column 5 (move 1: a position is a number from 0 to 3)"]),
    ("{0,,1}", 4, 2, ["'{0,,1}': an empty position between commas at column 4 (move 1: a brace set names "
                      "positions, such as {0, 2})"]),
    ("{0 2}", 4, 2, ["'{0 2}': '0 2' is not a position at column 2 (move 1: a position is a number from 0 to 3)"]),
    ("0123 {0, 2", 4, 2, ["'0123 {0, 2': a '{' never closed at column 6 (expected '}' after its positions, on the "
                          "same line)"]),
    ("12", 3, 3, ["'12': 2 digits at column 1 (move 1 needs 3: one amount per position)"]),
    ("129", 3, 3, ["'129': '9' is not a digit 0-2 at column 3 (move 1)"]),
    ("012 {1}", 3, 3, ["'012 {1}': a brace set names coins to flip at column 5 (move 2: with 3 faces, a move is "
                        "3 digits, the amount added at each position)"]),
    ("01 0:1", 2, 2, ["'01 0:1': amounts separated by ':' at column 4 (move 2: with coins, a move names the "
                      "positions to flip, such as 02, {0, 2} or x.x.)"]),
    ("0\nlet 1 = 0", 2, 2, [r"'0\nlet 1 = 0': '1' cannot be a block name at line 2, column 5 (use letters and "
                            "digits, starting with a letter)"]),
]


@pytest.mark.parametrize(("text", "n", "k", "pieces"), BAD)
def test_bad_moves_raise_one_line_errors_naming_move_and_column(text: str, n: int, k: int,
                                                                pieces: list[str]) -> None:
    with pytest.raises(InvalidNotation) as info:
        parse_strategy(text, n, k)
    message = str(info.value)
    assert "\n" not in message
    for piece in pieces:
        assert piece in message, (piece, message)


def test_an_unclosed_brace_on_a_later_line_is_named_by_its_line_and_column() -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_strategy("0123\n{0, 2", 4)
    assert str(err.value) == (r"'0123\n{0, 2': a '{' never closed at line 2, column 1 (expected '}' after its "
                              "positions, on the same line)")


def test_parse_move_numbers_its_errors() -> None:
    with pytest.raises(InvalidNotation, match=r"'9': position 9 is out of range 0-3 at column 1 \(move 7\)"):
        parse_move("9", 4, number=7)


def test_invalid_notation_is_an_input_error_not_a_value_error() -> None:
    # input errors are TutorErrors; an `except ValueError` elsewhere can never swallow them (nor they a bug)
    assert issubclass(InvalidNotation, TutorError)
    assert not issubclass(InvalidNotation, ValueError)


def test_let_blocks_expand_to_the_same_moves() -> None:
    text = "let D = 0123 02 0123   # the half-turn table\nlet E = D 01 D\nE 012 E"
    assert parse_strategy(text, 4) == parse_strategy("0123 02 0123 01 0123 02 0123 012 "
                                                     "0123 02 0123 01 0123 02 0123", 4)


def test_unknown_block_name_is_one_line() -> None:
    with pytest.raises(InvalidNotation, match=r"'D' is not a move at column 6 \(a move names the positions") as info:
        parse_strategy("0123 D", 4)
    assert "\n" not in str(info.value)
    assert "let" not in str(info.value)  # a learner who has not met blocks is not sent to them
    with pytest.raises(InvalidNotation, match=r"'F'.*is not a move.*blocks defined so far are D, E"):
        parse_strategy("let D = 0\nlet E = 01\nD F", 4)


# -- counters with more than ten faces (issue 13): amounts separated by colons ---------------------


@given(st.integers(1, 6), st.integers(11, 1_000_000), st.data())
def test_many_faces_round_trip_with_colons(n: int, k: int, data: Any) -> None:
    moves = data.draw(st.lists(st.tuples(*[st.integers(0, k - 1)] * n), max_size=8))
    text = format_strategy(moves, k)
    assert all(word.count(":") == n - 1 for word in text.split())
    assert parse_strategy(text, n, k) == moves
    assert format_strategy(parse_strategy(text, n, k), k) == text


def test_colons_are_accepted_for_few_faces_too_and_digits_stay_canonical() -> None:
    assert parse_move("1:2:0", 3, 3) == parse_move("120", 3, 3) == (1, 2, 0)
    assert format_move((1, 2, 0), 3) == "120"
    assert parse_move("12", 1, 16) == (12,) and format_move((12,), 16) == "12"


@pytest.mark.parametrize(("word", "n", "k", "pieces"), [
    ("1:2", 3, 16, ["'1:2': 2 amounts at column 1 (move 1 needs 3, separated by ':'"]),
    ("1:16:0", 3, 16, ["'16' is not an amount 0-15 at column 3 (move 1)"]),
    ("1::0", 3, 16, ["'' is not an amount 0-15 at column 3"]),
    ("1:x:0", 3, 16, ["'x' is not an amount 0-15 at column 3"]),
    ("1:" + "9" * 5000, 2, 16, ["is not an amount 0-15 at column 3"]),  # never converted: no 4,300-digit traceback
    ("120", 3, 16, ["'120': 1 amount at column 1 (move 1 needs 3"]),
])
def test_colon_errors_point_at_the_amount(word: str, n: int, k: int, pieces: list[str]) -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_move(word, n, k)
    for piece in pieces:
        assert piece in str(err.value), (piece, str(err.value))


# -- the grammar: runs of moves are single tokens, and a let takes the rest of its line ----------------------


def test_a_run_of_moves_is_one_token_however_long() -> None:
    """A pasted strategy is read in a few tokens (the lexer's work is one regular-expression match per run), so
    its cost follows its length; what the run holds is checked against a plain split of the text."""
    from tutor.grammar import Reading
    from tutor.puzzles.coins.rules.notation import MOVES, words

    text = "\n".join(["0123 02, x.x.;-"] * 2000)
    reading = Reading(MOVES, text, empty=True)
    runs = reading.parse("strategy")
    assert len(reading.tokens) == len(runs) == 1
    assert [w for w, _ in words(runs[0])] == text.replace(",", " ").replace(";", " ").split()
    assert len(parse_strategy(text, 4)) == 8000


@pytest.mark.parametrize(("text", "moves"), [
    ("let D = 01\n0 D", [flips(2, 0), flips(2, 0, 1)]),  # one run over the line break: its first line is D's
    ("let D = 01 {1}\nD", [flips(2, 0, 1), flips(2, 1)]),
    ("let D =\n0", [flips(2, 0)]),  # an empty block, and a move of the strategy
    ("0 let D = 1\nD D", [flips(2, 0), flips(2, 1), flips(2, 1)]),
])
def test_a_let_takes_the_rest_of_its_line(text: str, moves: list[Move]) -> None:
    assert parse_strategy(text, 2) == moves

"""Every learner notation on the grammar toolkit (issue 34.4): each reads back what its formatter writes, and a
text that does not read is refused in one line that says what is wrong, at which column, and what was expected."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import InvalidNotation
from tutor.grammar.arithmetic import evaluate
from tutor.grammar.layout import Offside
from tutor.puzzles import get
from tutor.puzzles.gods.rules.tree import parse_tree
from tutor.puzzles.gods.rules.worlds import parse_roles, universe
from tutor.puzzles.lightsout.rules.grid import Rules as LightsRules
from tutor.puzzles.lightsout.rules.notation import parse_size
from tutor.puzzles.lightsout.rules.presses import parse_presses
from tutor.puzzles.wythoff.rules import (
    Rules,
    format_pairs,
    format_positions,
    format_sum_move,
    line_move,
    parse_numbers,
    parse_pairs,
    parse_position,
    parse_positions,
    parse_sum_move,
    read_sum_move,
    split_moves,
)

WYTHOFF = get("wythoff")


def refusal(read, text: str) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidNotation) as err:
        read(text)
    said = str(err.value)
    assert "\n" not in said
    return said


# -- Lights Out: sizes and press lists -------------------------------------------------------------------------


@given(st.integers(1, 1000), st.integers(1, 1000), st.sampled_from(["{}x{}", "{} X {}", " {} × {} "]))
def test_lights_out_sizes_read_back(rows: int, cols: int, written: str) -> None:
    assert parse_size(written.format(rows, cols)) == (rows, cols)
    assert parse_size(str(rows)) == (rows, rows)


FIVE = LightsRules(5, 5)


@pytest.mark.parametrize(("read", "text", "said"), [
    (parse_size, "5y5", "'5y5': unexpected 'y' at column 2 (expected 'x' or the end)"),
    (parse_size, "0x5", "'0x5': a side of 0 at column 1 (a board has at least one row and one column)"),
    (parse_size, "5x", "'5x': a number is missing at the end (column 3)"),
    (lambda t: parse_presses(t, FIVE), "a1 zz", "'a1 zz': 'zz' is not a cell at column 4 (name each cell by its "
                                                "column letter and row number, as in 'a1 c3', or write '3c', or "
                                                "'(3,1)' for row 3, column 1)"),
    (lambda t: parse_presses(t, FIVE), "b2; (2,3", "'b2; (2,3': ')' is missing at the end (column 9, to close the "
                                                   "'(' at column 5)"),
    (lambda t: parse_presses(t, FIVE), "a1 and 1,2,3,4", "'a1 and 1,2,3,4': 1,2,3,4 can be read more than one way "
                                                         "at column 8 (write each (row,column) pair in brackets"),
    (lambda t: parse_presses(t, LightsRules(4, 4)), "a1 and the centre", "'a1 and the centre': a 4x4 board has no "
                                                                         "middle cell at column 8 (name the cells"),
])
def test_lights_out_refusals_say_where_and_what_was_expected(read, text: str, said: str) -> None:  # type: ignore[no-untyped-def]
    assert refusal(read, text).startswith(said)


@pytest.mark.parametrize("text", ["none", "None.", "none of them", "nothing at all", "no presses", "no cell", "-",
                                  "  NOTHING  "])
def test_lights_out_none_in_every_form_is_no_press(text: str) -> None:
    assert parse_presses(text, FIVE) == []


# -- Wythoff: positions, moves, lines, lists, moves in words; one number kind --------------------------------

PILES = st.integers(0, 10**12)
BOARDS = st.lists(st.tuples(PILES, PILES), min_size=1, max_size=5).map(tuple)


@given(BOARDS, st.sampled_from([" + ", "+", " ; "]))
def test_wythoff_positions_read_back(boards: tuple[tuple[int, int], ...], between: str) -> None:
    assert parse_positions(format_positions(boards)) == boards
    assert parse_positions(between.join(f"({x}, {y})" for x, y in boards)) == boards
    assert parse_positions(between.join(f"{x} {y}" for x, y in boards)) == boards


@given(st.lists(st.tuples(PILES, PILES), max_size=6))
def test_wythoff_lists_of_pairs_and_numbers_read_back(pairs: list[tuple[int, int]]) -> None:
    ordered = sorted({(min(p), max(p)) for p in pairs})
    assert parse_pairs(format_pairs(ordered)) == ordered
    assert parse_pairs(" and ".join(f"{y},{x}" for x, y in pairs)) == ordered  # either order, 'and' between
    numbers = [x for pair in pairs for x in pair]
    assert parse_numbers(", ".join(map(str, numbers)) or "none") == numbers


@given(BOARDS, st.data())
def test_wythoff_moves_and_lines_read_back(boards: tuple[tuple[int, int], ...], data: st.DataObject) -> None:
    moves = []
    for _ in range(data.draw(st.integers(1, 4))):
        board = data.draw(st.integers(0, len(boards) - 1))
        x, y = boards[board]
        moves.append((board, (data.draw(st.integers(0, x)), data.draw(st.integers(0, y)))))
    for move in moves:
        assert parse_sum_move(format_sum_move(move, boards), boards) == move
        x, y = boards[move[0]]
        left = f"to {x - move[1][0]},{y - move[1][1]}"  # the same move, by the piles it leaves
        assert parse_sum_move(left if len(boards) == 1 else f"{move[0] + 1}: {left}", boards) == move
    line = " ".join(line_move(m, boards) for m in moves)
    written = split_moves(line)
    assert [parse_sum_move(m, boards) for m in written] == moves if len(moves) > 1 else written == [line]


@pytest.mark.parametrize(("read", "text", "said"), [
    (parse_position, "3,5,7", "'3,5,7': unexpected ',' at column 4 (expected ')' or the end)"),
    (parse_position, "-1,2", "'-1,2': a negative pile at column 1 (piles hold 0 or more pennies)"),
    (parse_position, "3", "'3': a number is missing at the end (column 2)"),
    (parse_positions, "3,5 + ", "'3,5 + ': a number or '(' is missing at the end (column 6)"),
    (parse_pairs, "(8,13) (9 15)", "'(8,13) (9 15)': unexpected '15' at column 11 (expected ',')"),
    (parse_numbers, "21, x", "'21, x': unexpected 'x' at column 5 (expected a number, ',', ';' or the end)"),
    (lambda t: parse_sum_move(t, ((3, 5), (4, 7))), "3: 1,1", "'3: 1,1': there is no board 3 at column 1 (the "
                                                             "boards are 1 to 2)"),
    (lambda t: parse_sum_move(t, ((3, 5), (4, 7))), "1,1", "'1,1': which board? at column 1 (with several boards, "
                                                          "say which one, like '2: 0,3')"),
    (lambda t: read_sum_move(Rules(), ((3, 4),), t), "take 2 from the third pile",
     "'take 2 from the third pile': unexpected 'third' at column 17 (expected 'first' or 'second': say a move like "
     "'take 2 from the first pile'"),
    (lambda t: read_sum_move(Rules(), ((3, 4),), t), "two", "'two': unexpected 'two' at column 1 (expected a move, "
                                                            "'F,S' (pennies taken from the first and second pile)"),
])
def test_wythoff_refusals_say_where_and_what_was_expected(read, text: str, said: str) -> None:  # type: ignore[no-untyped-def]
    assert refusal(read, text).startswith(said)


@pytest.mark.parametrize("text", ["0", "0+0", "zero", "it is 0", "2 - 2", "(0)"])
def test_wythoff_numbers_are_read_as_every_number_answer_is(text: str) -> None:
    """The Grundy value and the remoteness take what a number answer takes anywhere (tutor.grammar.arithmetic), so '0+0'
    is 0 there as it is in a computed step; (5, 8) is a losing position, found here by the P-position formula."""
    phi = (1 + 5 ** 0.5) / 2
    assert (int(3 * phi), int(3 * phi * phi)) == (4, 7) and (int(4 * phi), int(4 * phi * phi)) != (5, 8)
    game = WYTHOFF.load({"position": "4,7"})  # losing position number 3: no move wins, its Grundy value is 0
    assert WYTHOFF.check(game, "grundy", text).correct
    assert evaluate(text.removeprefix("it is ")) == 0
    assert not WYTHOFF.check(game, "grundy", "1+0").correct


# -- the gods: plans and roles; the layout that turns indentation into tokens -------------------------------


@given(st.lists(st.sampled_from(["True", "False", "Random", "t", "F", "r"]), min_size=1, max_size=5),
       st.sampled_from([",", ", ", " ", " ,  "]))
def test_gods_roles_read_back(roles: list[str], between: str) -> None:
    full = {"t": "True", "f": "False", "r": "Random"}
    assert parse_roles(between.join(roles)) == tuple(full.get(r.lower(), r) for r in roles)


U = universe()


@pytest.mark.parametrize(("text", "said"), [
    ("True,Maybe", "'True,Maybe': unexpected 'Maybe' at column 6 (expected a role (True, False, Random or its first "
                   "letter) or the end)"),
    ("T F R T F R", "'T F R T F R': 6 gods at column 11 (at most 5)"),
])
def test_gods_role_refusals_say_where(text: str, said: str) -> None:
    assert refusal(parse_roles, text) == said


@pytest.mark.parametrize(("text", "said"), [
    ("ask A: B is Random\nda: -\nja: A=True B=Fals C=Random", "unexpected 'Fals' at line 3, column 14 (expected a "
                                                              "role (True, False or Random))"),
    ("ask A: B is Random\nda:\n    -\n  ja: -", "the indentation does not line up at line 4, column 3 (it comes "
                                                "back to a column no line above it starts at)"),
    ("ask A: B is Random\n  A=True B=False C=Random", "'A=True B=False C=Random': expected an answer branch ('da:' or "
                                                      "'ja:') at line 2, column 3"),
    ("da: -", "'da: -': an answer branch without a question above it at column 1 (an answer follows its question)"),
    ("ask A: B is Random\nda: -\nja: -\n-", "'-' is not inside any question at line 4, column 1 (check the "
                                           "indentation)"),
    ("ask A: B is Random\nda: A=True B=True C=True\nja: -", "no world has this assignment: A, B and C are all True, "
                                                           "but only one god is True (the roles are True, False, "
                                                           "Random) at line 2, column 5"),
])
def test_gods_plan_refusals_say_the_line_and_column(text: str, said: str) -> None:
    assert said in refusal(lambda t: parse_tree(t, U), text)


@given(st.lists(st.integers(0, 4), min_size=1, max_size=12), st.sampled_from(["  ", "\t", "│  "]))
def test_the_layout_nests_as_python_does(depths: list[int], step: str) -> None:
    """The indentation tokens of lines at random depths (each at most one step deeper than the line above) are
    the ones Python's own tokenizer gives the same lines, independently."""
    import io
    import tokenize

    from lark import Token

    lines, python = [], []
    for depth in [0, *depths]:
        depth = min(depth, (len(lines) and lines[-1][0]) + 1)
        lines.append((depth, step * depth + "x"))
        python.append("    " * depth + "x")
    text = "\n".join(line for _, line in lines)
    tokens, at = [], 0
    for i, (_, line) in enumerate(lines):
        if i:
            tokens.append(Token("_NL", "\n" + line[:len(line) - 1], at - 1))
        tokens.append(Token("X", "x", at + len(line) - 1))
        at += len(line) + 1
    ours = [t.type for t in Offside(guides="│")(text, tokens) if t.type in ("_INDENT", "_DEDENT", "X")]
    theirs = [{tokenize.INDENT: "_INDENT", tokenize.DEDENT: "_DEDENT", tokenize.NAME: "X"}[t.type]
              for t in tokenize.generate_tokens(io.StringIO("\n".join(python) + "\n").readline)
              if t.type in (tokenize.INDENT, tokenize.DEDENT, tokenize.NAME)]
    assert ours == theirs

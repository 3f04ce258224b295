"""Every learner notation on the grammar toolkit (issue 34.4): each reads back what its formatter writes, and a
text that does not read is refused in one line that says what is wrong, at which column, and what was expected."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import InvalidNotation
from tutor.puzzles.lightsout.rules.grid import Rules as LightsRules
from tutor.puzzles.lightsout.rules.notation import parse_size
from tutor.puzzles.lightsout.rules.presses import parse_presses


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

"""Numbers summarised (issue 29.6): past 60 digits a number is shown as what it is, and /show gives its digits."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import new_session
from tutor.grammar.arithmetic import evaluate
from tutor.screen.text import number_text


def test_2_to_the_1000_in_lightsout_4_is_said_once_as_what_it_is() -> None:
    session = new_session()
    session.handle("/open lightsout-4")
    session.handle("/next")
    said = "\n".join(r.text for r in session.handle("2^1000"))
    assert str(2**1000) not in said and "2^1000, a 302-digit number" in said, said
    assert "/show" in said and len(said.splitlines()) <= 4, said
    shown = "\n".join(r.text for r in session.handle("/show"))
    assert str(2**1000) in shown  # the digits, on request


@given(st.integers(min_value=2, max_value=36), st.integers(min_value=40, max_value=400), st.sampled_from([-1, 0, 1]))
def test_a_long_power_is_named_by_a_form_that_reads_back_as_it(base: int, exponent: int, off: int) -> None:
    value = base**exponent + off
    shown = number_text(value)
    if len(str(value)) <= 60:
        assert shown == f"{value:,}"
        return
    form, size = shown.split(", ")
    assert evaluate(form) == value and size == f"a {len(str(value))}-digit number"

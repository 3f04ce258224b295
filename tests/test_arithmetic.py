"""Whole-number answers: integer expressions read exactly, never evaluated by Python's eval."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.arithmetic import MAX_DIGITS, ExpressionError, evaluate


@pytest.mark.parametrize(("text", "value"), [
    ("255", 255), ("65,535", 65535), ("65_535", 65535), ("1,000,000", 10**6), ("2^12", 4096),
    ("2**16 - 1", 65535), ("2^16-1", 65535), ("(2 + 3) * 4", 20), ("-7", -7), ("+7", 7), ("2*-3", -6),
    ("100 / 4", 25), ("2^3^2", 512), ("-2^2", -4), ("(-2)^2", 4), ("  3  ", 3), ("2^64 - 1", 2**64 - 1),
    ("0^0", 1), ("10^3999", 10**3999),
])
def test_expressions_a_learner_would_type(text: str, value: int) -> None:
    assert evaluate(text) == value


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty"), ("abc", "'a' at column 1"), ("2 +", "a number is missing at the end"),
    ("(2 + 3", "')' is missing"), ("7 / 2", "7 / 2 is not a whole number"), ("1 / 0", "division by zero"),
    ("2^-1", "negative power"), ("1,2", "does not group digits in threes"), ("٣", "'٣' at column 1"),
    ("2 3", "unexpected '3'"), ("10^4000", "more than 4000 digits"), ("9" * 4001, "4001 digits"),
    ("(" * 40 + "1" + ")" * 40, "nests deeper"), ("1" + " + 1" * 1500, "longer than 6000 characters"),
    ("__import__('os')", "'_' at column 1"), ("2 ** (2 ** 100)", "more than 4000 digits"),
])
def test_what_is_not_a_whole_number_says_where(text: str, words: str) -> None:
    with pytest.raises(ExpressionError) as err:
        evaluate(text)
    message = str(err.value)
    assert words in message and "\n" not in message


# An independent oracle: random expression trees, written out as text and valued by their own recursion.
Tree = int | tuple[str, "Tree", "Tree"] | tuple[str, "Tree"]

trees = st.recursive(
    st.integers(0, 10**6),
    lambda inner: st.one_of(
        st.tuples(st.sampled_from(["+", "-", "*"]), inner, inner),
        st.tuples(st.just("neg"), inner),
        st.tuples(st.just("^"), inner, st.integers(0, 3)),
    ),
    max_leaves=12,
)


def text_of(tree: Tree) -> str:
    if isinstance(tree, int):
        return f"{tree:,}" if tree % 2 else str(tree)  # some with thousands commas
    if tree[0] == "neg":
        return f"-({text_of(tree[1])})"
    return f"({text_of(tree[1])}) {tree[0]} ({text_of(tree[2])})"


class TooBig(Exception):
    """The oracle met a value with more digits than the tutor reads."""


def value_of(tree: Tree) -> int:
    if isinstance(tree, int):
        return tree
    if tree[0] == "neg":
        return -value_of(tree[1])
    left, right = value_of(tree[1]), value_of(tree[2])
    if tree[0] == "^" and abs(left) > 1 and right * abs(left).bit_length() > 4 * MAX_DIGITS * 4:
        raise TooBig  # far past the limit: do not even compute it
    operations = {"+": int.__add__, "-": int.__sub__, "*": int.__mul__, "^": int.__pow__}
    value = operations[tree[0]](left, right)  # only the operation the tree names is computed
    if len(str(abs(value))) > MAX_DIGITS:
        raise TooBig
    return value


@given(trees)
def test_random_expressions_agree_with_their_own_values(tree: Tree) -> None:
    try:
        expected = value_of(tree)
    except TooBig:
        with pytest.raises(ExpressionError):
            evaluate(text_of(tree))
        return
    assert evaluate(text_of(tree)) == expected


@given(st.text(max_size=40))
def test_any_text_is_a_number_or_one_clear_line(text: str) -> None:
    try:
        value = evaluate(text)
    except ExpressionError as err:
        assert str(err) and "\n" not in str(err)
    else:
        assert isinstance(value, int)

"""Whole-number answers: integer expressions read exactly, never evaluated by Python's eval."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.grammar.arithmetic import MAX_DIGITS, ExpressionError, evaluate


@pytest.mark.parametrize(("text", "value"), [
    ("255", 255), ("65,535", 65535), ("65_535", 65535), ("1,000,000", 10**6), ("2^12", 4096),
    ("2**16 - 1", 65535), ("2^16-1", 65535), ("(2 + 3) * 4", 20), ("-7", -7), ("+7", 7), ("2*-3", -6),
    ("100 / 4", 25), ("2^3^2", 512), ("-2^2", -4), ("(-2)^2", 4), ("  3  ", 3), ("2^64 - 1", 2**64 - 1),
    ("0^0", 1), ("10^3999", 10**3999),
])
def test_expressions_a_learner_would_type(text: str, value: int) -> None:
    assert evaluate(text) == value


@pytest.mark.parametrize(("text", "words"), [
    ("", "empty"), ("abc", "'abc' is not a number at column 1"), ("2 +", "a number is missing at the end"),
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


@pytest.mark.parametrize(("text", "value"), [
    ("two", 2), ("Twelve", 12), ("twenty-one", 21), ("a hundred and five", 105), ("none", 0),
    ("sixty-five thousand five hundred thirty-five", 65535), ("two hundred fifty-five", 255),
    ("3!", 6), ("0!", 1), ("4! / 2", 12), ("(2 + 1)!", 6), ("-3!", -6), ("2^3!", 64),
    ("log2(64)", 6), ("log2(2^16)", 16), ("lb(8)", 3), ("16 x 15", 240), ("16×15", 240),
    ("(255 + 1) x (255 + 1) - 1", 65535),
    ("six x two", 12),
])
def test_numbers_as_learners_write_them(text: str, value: int) -> None:
    """Number words, factorials, whole logarithms and a times sign x (issue: `two`, `3!`, `log2(6)` were refused
    in parser terms)."""
    assert evaluate(text) == value


@pytest.mark.parametrize(("text", "words"), [
    ("impossible", "'impossible' is not a number at column 1 (answer with a whole number, such as 12"),
    ("log2(6)", "log2(6) is not a whole number at column 1 (6 is not a power of 2)"),
    ("log2(0)", "a logarithm needs a positive number"),
    ("1/3", "1 / 3 is not a whole number at column 2 (the answer counts something, so it is whole: how many, "
            "not a share or a probability)"),
    ("(-3)!", "-3! is not defined"), ("2000!", "more than 4000 digits"), ("x", "unexpected 'x' at column 1"),
    ("1618.03", "a decimal point at column 5 (the answer is a whole number: type the whole number, like 12"),
    ("floor(k*(1 + sqrt(5))/2)", "a number answer is not a formula"),
    ("1000 phi", "a name is not read in a number answer"),
    ("two to the 16", "write a power as 2^16"),
])
def test_refusals_say_what_was_expected_in_the_tutors_terms(text: str, words: str) -> None:
    with pytest.raises(ExpressionError) as err:
        evaluate(text)
    assert words in str(err.value), str(err.value)


@given(st.integers(0, 999_999_999))
def test_number_words_agree_with_digits(n: int) -> None:
    """An independent speller writes n in words; the tutor reads it back."""
    assert evaluate(spell(n)) == n


def spell(n: int) -> str:
    small = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
    ]
    tens = ["_", "_", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    def under_thousand(k: int) -> list[str]:
        words = [small[k // 100], "hundred"] if k >= 100 else []
        k %= 100
        if k >= 20:
            words.append(tens[k // 10] + (f"-{small[k % 10]}" if k % 10 else ""))
        elif k or not words:
            words.append(small[k])
        return words

    if n < 1000:
        return " ".join(under_thousand(n))
    parts = []
    for scale, name in ((10**6, "million"), (10**3, "thousand")):
        if n >= scale:
            parts += [*under_thousand(n // scale), name]
            n %= scale
    return " ".join(parts + (under_thousand(n) if n else []))


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

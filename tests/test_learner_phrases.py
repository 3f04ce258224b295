"""The last learner notations that were matched by hand, now rules of their grammars, each checked against an
independent statement of what it reads: the pass said in words (Wythoff's ``said_pass``), a question to the gods
in spoken word order (``lang.lark``), an average as a learner writes it (the ``average`` rule of the gods'
``formula.lark``) and a condition as sympy prints it (``condition.lark``)."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.errors import InvalidNotation
from tutor.grammar.formula import FormulaError
from tutor.puzzles.gods.rules.condition import holds, read_condition
from tutor.puzzles.gods.rules.formula import format_conjecture, parse_conjecture
from tutor.puzzles.gods.rules.lang import QuestionError, SpokenOrder, parse_asked, parse_question
from tutor.puzzles.gods.rules.question import Bin, Means, Not, Role, Say, You, format_question
from tutor.puzzles.gods.rules.worlds import universe
from tutor.puzzles.gods.teach.average_answers import read_average
from tutor.puzzles.wythoff.rules.passing import PASS, PassRules, read_pass_move, said_pass

# -- the pass in words -----------------------------------------------------------------------------------------

# What the pass game takes for the pass, written out as one pattern over the words (lower case, single spaces,
# without a final '.' or '!'): the oracle the grammar is compared with.
PASS_PHRASE = re.compile(r"(i )?pass(es)?( (the|my) turns?| once)?|(use|play) the pass(es)?"
                         r"|skip( (a|an|one|my) turns?)?")
PASS_WORDS = ["i", "I", "pass", "Pass", "passes", "the", "my", "turn", "turns", "once", "use", "play", "skip", "a",
              "an", "one", "two", "take", "0,2", "penny", "to", "both"]


def phrase_oracle(text: str) -> bool:
    said = " ".join(text.lower().rstrip(".!").split())
    return PASS_PHRASE.fullmatch(said) is not None


@given(st.lists(st.sampled_from(PASS_WORDS), min_size=1, max_size=4), st.sampled_from(["", ".", "!", "  "]))
@settings(max_examples=150)
def test_the_pass_in_words_is_read_as_the_phrases_say(words: list[str], end: str) -> None:
    text = " ".join(words) + end
    assert said_pass(text) is phrase_oracle(text), text


@pytest.mark.parametrize("text", ["pass", "I pass.", "Pass my turn!", "use the pass", "skip a turn", "Skip"])
def test_a_pass_in_words_is_the_pass_move_of_the_game(text: str) -> None:
    assert read_pass_move(PassRules(), (3, 5, 1), text) == (PASS, None)


def test_skipping_two_turns_is_not_the_pass_and_is_refused_in_the_notations_words() -> None:
    with pytest.raises(InvalidNotation, match="'pass'"):
        read_pass_move(PassRules(), (3, 5, 1), "skip two turns")


# -- a question in spoken word order ---------------------------------------------------------------------------

U = universe()
ROLE = st.sampled_from(["True", "False", "Random"])
ATOM = st.one_of(st.builds(Role, st.sampled_from(["A", "B", "C"]), ROLE), st.builds(You, ROLE),
                 st.builds(Means, st.sampled_from(["ja", "da"]), st.sampled_from(["yes", "no"])))
QUESTION = st.recursive(ATOM, lambda sub: st.one_of(
    st.builds(Not, sub), st.builds(Bin, st.sampled_from(["and", "or", "xor", "iff"]), sub, sub),
    st.builds(Say, st.sampled_from(["ja", "da"]), sub, st.sampled_from(["would", "if"]))), max_leaves=6)
STATEMENT = re.compile(r"\b([A-C]) is (not )?(True|False|Random)\b|\byou are (not )?(True|False|Random)\b")


def spoken(canonical: str) -> str:
    """The question with every 'A is True' said 'is A True' and 'you are False' said 'are you False'."""
    return STATEMENT.sub(lambda m: f"is {m[1]} {m[2] or ''}{m[3]}" if m[1] else f"are you {m[4] or ''}{m[5]}",
                         canonical)


@given(QUESTION)
@settings(max_examples=150)
def test_a_question_in_spoken_word_order_is_refused_with_its_statement(q) -> None:  # type: ignore[no-untyped-def]
    canonical = format_question(q)
    said = spoken(canonical)
    if said == canonical:  # no statement in it: it reads as it is
        assert parse_question(said, U) == q
        return
    with pytest.raises(SpokenOrder) as refused:
        parse_asked(f"ask B: {said}", U)
    assert f"write {'ask B: ' + canonical!r}" in refused.value.said, refused.value.said
    assert parse_asked(f"ask B: {canonical}", U) == ("B", q)  # what it says to write reads, to the same question


@pytest.mark.parametrize("text", ["are you True or False?", "is B the god of truth?", "ask C: is A Random or not"])
def test_a_spoken_question_that_does_not_reword_gets_examples_in_both_orders(text: str) -> None:
    with pytest.raises(SpokenOrder) as refused:
        parse_asked(text, U)
    assert "for example 'ask A: B is Random' (is B Random?)" in refused.value.said


@pytest.mark.parametrize("text", ["B is", "and", "A is True or"])
def test_a_statement_cut_short_keeps_the_grammars_own_message(text: str) -> None:
    with pytest.raises(QuestionError) as refused:
        parse_asked(text, U)
    assert not isinstance(refused.value, SpokenOrder) and "column" in str(refused.value)


# -- an average -------------------------------------------------------------------------------------------------

WORDS_AFTER = st.sampled_from(["", " questions", " on average", " questions on average", " in all", "."])


@given(st.integers(0, 99), st.integers(0, 999), st.integers(1, 999), WORDS_AFTER)
def test_a_mixed_number_and_a_fraction_are_read_exactly(whole: int, num: int, den: int, after: str) -> None:
    assert read_average(f"{whole} {num}/{den}{after}") == whole + Fraction(num, den)
    assert read_average(f"{num} / {den}{after}") == Fraction(num, den)


@given(st.integers(0, 999), st.text("0123456789", min_size=1, max_size=8), WORDS_AFTER)
def test_a_decimal_is_read_exactly(whole: int, places: str, after: str) -> None:
    assert read_average(f"{whole}.{places}{after}") == Fraction(f"{whole}.{places}")


@pytest.mark.parametrize("text", ["2 3/0", "2.5.5", "1 2 3", "n/2", "r < 3", "questions"])
def test_an_average_that_does_not_read_is_one_line_naming_how_to_write_it(text: str) -> None:
    with pytest.raises(InvalidNotation) as refused:
        read_average(text)
    assert "\n" not in str(refused.value) and "write the average exactly" in str(refused.value)


# -- a condition as sympy prints it ------------------------------------------------------------------------------

NAMES = sympy.symbols("A_True B_Random ja_yes C_False")
CONDITION = st.recursive(st.sampled_from([*NAMES, sympy.true, sympy.false]), lambda sub: st.one_of(
    st.builds(sympy.Not, sub), st.builds(sympy.And, sub, sub), st.builds(sympy.Or, sub, sub),
    st.builds(sympy.Xor, sub, sub)), max_leaves=8)


@given(CONDITION, st.tuples(*[st.booleans() for _ in NAMES]))
@settings(max_examples=150)
def test_a_condition_sympy_prints_holds_where_sympy_says(condition, values) -> None:  # type: ignore[no-untyped-def]
    world = {str(name): value for name, value in zip(NAMES, values, strict=True)}
    expected = bool(condition.subs(dict(zip(NAMES, values, strict=True))))
    assert holds(str(condition), world) is expected, str(condition)


def test_a_condition_that_does_not_read_is_refused_with_its_column() -> None:
    with pytest.raises(InvalidNotation, match=r"column 7"):
        read_condition("A & (B")
    assert holds("A_True & B", {"A_True": True}) is None  # a name the world does not give


# -- a brief reading ----------------------------------------------------------------------------------------------

FORMULA_PIECES = ["r", "t", "n", "<", "=", "+", "2", "*", "(", ")", "and", "or", "not", "!", "x", "log2", "-"]


def reads(text: str, brief: bool) -> str | None:
    try:
        return format_conjecture(parse_conjecture(text, brief=brief))
    except FormulaError:
        return None


@given(st.lists(st.sampled_from(FORMULA_PIECES), min_size=1, max_size=7))
@settings(max_examples=150)
def test_a_brief_reading_reads_what_the_full_one_reads(pieces: list[str]) -> None:
    """A scan for a formula in a reply asks only whether a text reads: the brief reading says so as the full one."""
    text = " ".join(pieces)
    assert reads(text, brief=True) == reads(text, brief=False), text

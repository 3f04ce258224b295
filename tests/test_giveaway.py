"""The no-give-away rule (``tutor.puzzles.giveaway``): each give-away issue 29 found is caught, as the sentence the
tutor said; the same sentences with a different answer are not; and the rule agrees with a brute-force reading of
what a text lets follow (every number the text states or pins, every value one stated step from the learner's)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.puzzles.giveaway import Shape, gives_away, states_number

# (what the tutor said, the answer, the learner's answer): each gave the answer away (issue 29)
FOUND = [
    ("(165580140, 267914296) is not a losing position at all: from it you can take 1 from the second pile and reach "
     "the losing (165580140, 267914295).", "165580140,267914295", "165580140,267914296"),  # wythoff-4
    ("On the 3x3 board, the degree of gcd(f_3(x), f_3(x + 1)) is less than 1: the gcd keeps only the factors both "
     "polynomials have.", "0", "1"),  # lightsout-5: "less than 1" on a count
    ("31 leaves one set out: pressing nothing at all is one of the combinations, and the question counts it.", "32",
     "31"),  # lightsout-2
    ("there are more than 4,095. That leaves one out: choosing nothing at all is one of the combinations.", "4096",
     "4095"),  # lightsout-3
    ("33,554,431 leaves one set out: pressing nothing at all is one of the combinations.", "33554432",
     "33554431"),  # lightsout-4
    ("'1.5': a decimal point at column 2 (the answer is a whole number: type its digits only, like 1618)", "1618",
     "1.5"),  # wythoff-3's parser example
    ("Yes: a strategy of 2^8 - 1 = 255 moves wins against every start and every turn.", "255", ""),  # coins-3
    ("- (6, 11) is not losing: take 1 from the second pile reaches the losing (6, 10).\n- 1 losing position is missing "
     "after (4, 7).", "(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)", "(0, 0), (1, 2), (3, 5), (4, 7), (6, 11)"),
    ("You left out (0, 0): the empty table is the first losing position.", "(0, 0), (1, 2), (3, 5)",
     "(1, 2), (3, 5)"),
    ("2618 is B_1000, the larger pile of losing position number 1000, 1000 more than its partner.", "1618", "2618"),
    ("12 = 4 x 3 counts 4 copies of the doubled 2-coin strategy D, 3 moves each, but leaves out the 3 half moves "
     "between them.", "15", "12"),  # coins-2
    ("9 splits the possibilities where the asked god is not Random and leaves out the 12 where he is.", "21", "9"),
    ("9 = 3 x 3 adds up the faces; each position multiplies the count by 3.", "27", "9"),
    ("That counts one too many: every combination is already counted once.", "32", "33"),
    ("16 counts each table twice, once for each way round.", "8", "16"),
    ("9 is the rank of the 3x3 press matrix; the degree of the gcd is the nullity, the cells less the rank.", "0",
     "9"),  # lightsout-5: the nullity as the cells less the rank, both stated
    ("23 is the rank of the 5x5 press matrix; the degree of the gcd is the nullity, the cells less the rank.", "2",
     "23"),
    ("The press matrix of 16 cells has rank 12 (independent columns found by elimination), and the nullity is the "
     "cells less the rank: there are more than 3.", "4", "3"),  # lightsout-3's old refutation of a nullity
    ("12 is the rank of the 4x4 press matrix, the independent columns; the nullity is the cells less that.", "4", "12"),
]


@pytest.mark.parametrize(("said", "answer", "learner"), FOUND, ids=[f"found-{i}" for i in range(len(FOUND))])
def test_each_give_away_the_issue_found_is_caught(said: str, answer: str, learner: str) -> None:
    assert gives_away(said, answer, learner) is not None


@pytest.mark.parametrize(("said", "answer", "learner"), FOUND, ids=[f"other-{i}" for i in range(len(FOUND))])
def test_the_same_sentence_gives_nothing_away_about_another_answer(said: str, answer: str, learner: str) -> None:
    shape = Shape.of(answer)
    other = (f"{shape.number + 7777}" if shape.number is not None else
             f"{shape.pair[0] + 7},{shape.pair[1] + 11}" if shape.pair is not None else
             "(50, 81), (55, 89)" if shape.items is not None else "")
    assert other and gives_away(said, other, learner) is None, other


def test_what_is_not_a_give_away() -> None:
    assert gives_away("There are fewer than 33: the choices multiply.", "32", "33") is None  # a bound, not a pin
    assert gives_away("That leaves one out.", "32", "30") is None  # the learner is two away: nothing follows
    assert gives_away("16 counts some tables twice.", "8", "16") is None  # some, not each: no halving follows
    assert gives_away("(8, 13) is a losing position.", "8,14") is None
    assert gives_away("- (6, 11) is not losing.", "(0, 0), (6, 10)", "(0, 0), (6, 11)") is None
    assert gives_away("Look at the first 4 losing positions.", "4") is None  # a small number in prose
    assert gives_away("The degree of the gcd is 4.", "4") is not None  # ... unless it is what something is
    assert gives_away("win or lose", "win") is None  # an option named is no give-away


@given(st.integers(min_value=10, max_value=10**12))
def test_a_number_written_out_is_given_away_in_any_form(n: int) -> None:
    assert gives_away(f"It is {n:,} here.", str(n)) is not None
    assert gives_away(f"It is {n} here.", str(n)) is not None
    assert not states_number(f"It is {n + 1:,} here.", n)


@given(st.integers(min_value=0, max_value=500), st.integers(min_value=0, max_value=500),
       st.sampled_from(["less than", "fewer than", "at most", "more than", "at least"]))
def test_a_bound_gives_the_answer_away_exactly_when_it_leaves_one_count(answer: int, bound: int, words: str) -> None:
    said = f"The count is {words} {bound}."
    allowed = [v for v in range(0, 1002) if {"less than": v < bound, "fewer than": v < bound, "at most": v <= bound,
                                             "more than": v > bound, "at least": v >= bound}[words]]
    pinned = allowed == [answer]  # brute force: the counts the sentence allows (a count is at least 0)
    assert (gives_away(said, str(answer)) is not None) == (pinned or states_number(said, answer))


@given(st.integers(min_value=2, max_value=10**6), st.integers(min_value=1, max_value=12),
       st.sampled_from(["leaves {d} out", "counts {d} too many", "is {d} short", "is off by {d}"]))
def test_a_step_from_the_learners_answer_gives_it_away_only_when_it_lands(answer: int, d: int, words: str) -> None:
    said = f"Your count {words.format(d=d)}."
    for learner in (answer - d, answer + d, answer + d + 1):
        expected = abs(learner - answer) == d or states_number(said, answer)
        assert (gives_away(said, str(answer), str(learner)) is not None) == expected, learner


@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)), min_size=2, max_size=6, unique=True),
       st.data())
def test_a_list_is_given_away_when_the_text_names_every_item_the_learner_lacks(items, data) -> None:
    answer = ", ".join(f"({a}, {b})" for a, b in items)
    had = data.draw(st.lists(st.sampled_from(items), min_size=1, unique=True))
    named = data.draw(st.lists(st.sampled_from(items), unique=True))
    said = " ".join(f"({a}, {b}) is losing." for a, b in named)
    learner = ", ".join(f"({a}, {b})" for a, b in had)
    missing = {*map(tuple, items)} - {*map(tuple, had)} - {(b, a) for a, b in had}
    covered = {(a, b) for a, b in named} | {(b, a) for a, b in named}
    assert (gives_away(said, answer, learner) is not None) == bool(missing and missing <= covered)


def test_with_no_learners_list_only_the_list_written_out_together_gives_it_away() -> None:
    answer = "(0, 0), (1, 2), (3, 5)"
    assert gives_away("They are (3, 5), (1, 2) and (0, 0).", answer) is not None
    assert gives_away("0,1 leaves (1, 2); 1,1 leaves (0, 0). And (3, 5) wins.", answer) is None


def test_a_difference_is_a_give_away_only_when_the_text_states_both_values() -> None:
    """"the cells less the rank" lets the answer follow when the text gives the cells and the rank; not when it gives
    only one of them (the learner still has to find the other), nor when the difference is not the answer."""
    said = "{} is the rank{}; the nullity is the cells less the rank."
    assert gives_away(said.format(9, " of the 3x3 press matrix"), "0", "9") is not None
    assert gives_away(said.format(9, ""), "0", "9") is None  # the cells are not stated
    assert gives_away(said.format(9, " of the 3x3 press matrix"), "1", "9") is None
    assert gives_away("The 3x3 board has no quiet patterns less than the 4x4 board.", "0", "5") is None


def test_a_quantity_remembers_its_values_and_computes_afresh_what_cannot_be_a_key() -> None:
    """``Quantity.value``: the same value as ``compute``, computed once per game and arguments (bounded), and
    computed every time when an argument is unhashable."""
    from tutor.puzzles.answers import KNOWN_VALUES, Quantity

    calls: list[object] = []

    def count(game: object, args: object) -> int:
        calls.append(game)
        return len(calls)

    q = Quantity("n", "calls", count, explain=lambda g, a, v: "", refute=lambda g, a, v, w: "")
    assert q.value(1, {"k": 2}) == q.value(1, {"k": 2}) == 1 and len(calls) == 1
    assert q.value(1, {"k": 3}) == 2  # other arguments: another value
    assert q.value(1, {"k": [1]}) == 3 and q.value(1, {"k": [1]}) == 4  # a list cannot be a key
    for game in range(10, 10 + KNOWN_VALUES):
        q.value(game, {})
    before = len(calls)
    assert q.value(1, {"k": 2}) == before + 1  # the oldest was let go: at most KNOWN_VALUES are kept

"""What lightsout-8 asks and judges, each checked a second, independent way.

The repeat of the K x m nullities (``nullity_period``, from Sutner's polynomials mod f_K(x + 1)) against full
elimination of every press matrix (``gf2.rank``), the shortest repeat found by trying every shift; the tables
against elimination and OEIS A159257; the workbench's proof for every m (``theory.periodic``) against elimination
far past the repeat it checked, and its shape analysis of a formula (``quasi``) against the formula's own values
on random formulas.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import InvalidNotation
from tutor.maths import gf2
from tutor.puzzles import get, giveaway
from tutor.puzzles.lightsout.rules.formula import format_formula, parse_formula, value
from tutor.puzzles.lightsout.rules.grid import Rules, press_rows_gf2
from tutor.puzzles.lightsout.theory.conjecture import check_conjecture
from tutor.puzzles.lightsout.theory.periodic import prove_rows, quasi

LIGHTS = get("lightsout")
KIND = LIGHTS.kinds["conjecture"]
A159257 = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0]  # OEIS: nullity of the n x n board
ROWS = (1, 2, 3, 4, 6, 7)  # the lesson's and its practice's rows, but 13 (its repeat, 18, needs long boards)
KNOWN = {1: 3, 2: 4, 3: 6, 4: 5, 6: 9, 7: 12}  # the shortest repeats, as the lesson's tables show them


@cache
def eliminated(rows: int, cols: int, torus: bool = False) -> int:
    """The nullity by full elimination of the press matrix: no chase, no polynomial."""
    rules = Rules(rows, cols, torus)
    return rules.cells - gf2.rank(press_rows_gf2(rules))


def shortest_shift(rows: int, seen: int) -> int:
    """The least p with nullity(rows x m) = nullity(rows x (m + p)) for every m with m + p <= ``seen``."""
    values = [eliminated(rows, m) for m in range(1, seen + 1)]
    return next(p for p in range(1, seen) if all(values[i] == values[i + p] for i in range(seen - p)))


@pytest.mark.parametrize("rows", ROWS)
def test_the_repeat_is_the_shortest_shift_elimination_finds(rows: int) -> None:
    game = LIGHTS.load({"size": f"{rows}x24"})
    period = LIGHTS.quantities["nullity_period"](game)
    assert period == KNOWN[rows] == shortest_shift(rows, 3 * KNOWN[rows] + 2)


def test_the_tables_are_the_engines_nullities() -> None:
    square = LIGHTS.quantities["square_nullities"](LIGHTS.load({"size": "20x20"}))
    assert [int(v) for v in square.split("\n")[1].split()[1:]] == A159257
    table = LIGHTS.quantities["row_nullities"](LIGHTS.load({"size": "3x24"}))
    blocks = [block.split("\n") for block in table.split("\n\n")]
    assert len(blocks) == 2 and all(len(line) <= 80 for block in blocks for line in block)
    widths = [int(w) for block in blocks for w in block[0].split()[3:]]
    values = [int(v) for block in blocks for v in block[1].split()[1:]]
    assert widths == list(range(1, 25)) and values == [eliminated(3, m) for m in widths]


@pytest.mark.parametrize("rows", ROWS)
def test_each_repeat_idea_differs_from_the_answer_and_the_others(rows: int) -> None:
    game = LIGHTS.load({"size": f"{rows}x24"})
    quantity = LIGHTS.quantities["nullity_period"]
    given_ = [m.value(game, {}) for m in quantity.misconceptions]
    shown = [v for v in given_ if v is not None]
    assert quantity(game) not in shown and len(shown) == len(set(shown))


@pytest.mark.parametrize("rows", ROWS)
def test_a_wrong_repeat_is_refuted_by_boards_elimination_confirms(rows: int) -> None:
    """Two named boards the wrong number of columns apart differ in nullity; a named shorter repeat is a repeat
    and not the answer; the answer itself is never given away."""
    game = LIGHTS.load({"size": f"{rows}x24"})
    quantity = LIGHTS.quantities["nullity_period"]
    right = quantity(game)
    for wrong in range(1, 3 * right + 1):
        if wrong == right:
            continue
        said = quantity.refute(game, {}, right, wrong)
        assert giveaway.gives_away(said, str(right), str(wrong)) is None, said
        if wrong % right:
            a, b = (int(x.split("x")[1]) for x in said.split() if x.startswith(f"{rows}x"))
            assert b - a == wrong and eliminated(rows, a) != eliminated(rows, b), said
        elif "already every" in said:
            shorter = int(said.split("already every ")[1].split()[0])
            assert shorter != right and shorter % right == 0 and wrong % shorter == 0


# -- the proof for every m ------------------------------------------------------------------------------------

PROVED = [(1, "floor(mod(m, 3)/2)"), (1, "floor((m + 1)/3) - floor(m/3)"), (2, "mod(m, 2) + floor(mod(m, 4)/3)"),
          (4, "4*floor(mod(m, 5)/4)"), (6, "6*max(0, 1 - abs(mod(m, 9) - 8))")]


@pytest.mark.parametrize(("rows", "text"), PROVED)
def test_a_proved_formula_agrees_with_elimination_far_past_what_it_checked(rows: int, text: str) -> None:
    formula = parse_formula(text)
    proof = prove_rows(formula, rows, "nullity")
    result = check_conjecture(Rules(1, 1), formula, "nullity", 10, rows)
    assert proof is not None and result.proved and "holds for every m" in result.summary()
    assert all(value(formula, {"n": rows, "m": m}) == eliminated(rows, m) for m in range(1, 8 * proof.checked + 1))


def test_what_is_not_proved() -> None:
    """A formula that repeats but breaks past the bound, one that grows, one for a torus: never 'every m'."""
    late = parse_formula("floor(mod(m, 3)/2) + floor(mod(m, 150)/149)")  # wrong first at m = 149
    assert check_conjecture(Rules(1, 1), late, "nullity", 100, 1).holds
    assert not check_conjecture(Rules(1, 1), late, "nullity", 100, 1).proved
    assert value(late, {"n": 1, "m": 149}) != eliminated(1, 149)
    growing = parse_formula("floor(mod(m, 3)/2) + floor(m/200)")
    assert prove_rows(growing, 1, "nullity") is None
    square = check_conjecture(Rules(1, 1), parse_formula("4*floor(n/4) - 2*floor(n/5)"), "nullity", 5)
    assert square.holds and not square.proved and square.proof_needs
    torus = check_conjecture(Rules(1, 1, torus=True), parse_formula("0"), "nullity", 2, 1)
    assert torus.holds == all(eliminated(1, m, True) == 0 for m in (1, 2)) and not torus.proved
    rank = check_conjecture(Rules(1, 1), parse_formula("m - floor(mod(m, 3)/2)"), "rank", 50, 1)
    assert rank.proved and rank.as_json()["proved"] is True


FORMULAS = st.recursive(
    st.sampled_from(["m", "n", "2", "3", "7", "(m + 1)"]),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from([" + ", " - ", "*", "/"]), inner).map("".join),
        st.tuples(st.sampled_from(["floor(", "ceiling(", "abs(", "mod(m, ", "mod("]), inner).map(
            lambda t: f"{t[0]}{t[1]}{', 4' if t[0] == 'mod(' else ''})"),
        st.tuples(st.sampled_from(["min(", "max(", "gcd("]), inner, inner).map(lambda t: f"{t[0]}{t[1]}, {t[2]})"),
    ),
    max_leaves=6,
)


@given(FORMULAS, st.integers(1, 5))
def test_the_shape_of_a_formula_is_its_values(text: str, rows: int) -> None:
    """Wherever ``quasi`` finds slope*m + r(m mod q), the formula's own values are exactly that, far past q."""
    formula = parse_formula(text)
    shape = quasi(formula, rows)
    if shape is None:
        return
    for m in range(1, 3 * shape.period + 40):
        assert value(formula, {"n": rows, "m": m}) == shape.at(m), (format_formula(formula), m)


# -- the answer kind ------------------------------------------------------------------------------------------


def test_the_kinds_reference_holds_and_a_right_formula_quoted_is_a_give_away() -> None:
    for rows in ROWS:
        game = LIGHTS.load({"size": f"{rows}x24"})
        reference = KIND.reference(game, KIND.arguments({"boards": "rows"}))
        assert reference is not None and KIND.judge(game, reference, {"boards": "rows"}).correct
    game = LIGHTS.load({"size": "1x24"})
    args = {"boards": "rows"}
    assert KIND.gives_away(game, KIND.arguments(args), "try `floor(mod(m, 3)/2)` here") is not None
    assert KIND.gives_away(game, KIND.arguments(args), "try `floor(mod(m, 2)/2)` here") is None
    wrong = KIND.judge(game, "0", args)
    assert not wrong.correct and "1x2 board" in wrong.summary and "X X" in str(wrong.detail)
    assert KIND.gives_away(game, KIND.arguments(args), str(wrong.detail)) is None
    square = LIGHTS.load({"size": "4x4"})
    assert KIND.judge(square, "4*floor(n/4) - 2*floor(n/5)", {"boards": "square", "bound": 5}).correct
    with pytest.raises(InvalidNotation, match="n x n boards"):
        KIND.judge(square, "mod(m, 3)", {"boards": "square"})


@pytest.mark.parametrize(("size", "boards", "text", "idea"), [
    ("4x4", "square", "4*floor(n/4)*mod(n + 1, 2)", "odd-sides-quiet"),  # "0 for odd n": wrong at 5x5
    ("4x4", "square", "4*floor(n/4)", "fits-the-table"),  # the table 1..4 fitted, wrong at 5x5
    ("4x4", "square", "2 + 2", "constant"),
    ("4x4", "square", "n*n", "cells-for-nullity"),
    ("2x24", "rows", "mod(m, 2)", "wrong-repeat"),  # starts over every 2 columns, the nullity every 4
    ("1x24", "rows", "m - m", "one-solution-each"),
])
def test_a_wrong_formula_is_held_to_the_idea_its_values_show(size: str, boards: str, text: str, idea: str) -> None:
    args = {"boards": boards, "bound": 5} if boards == "square" else {"boards": boards}
    verdict = KIND.judge(LIGHTS.load({"size": size}), text, args)
    assert not verdict.correct and verdict.misconception == idea

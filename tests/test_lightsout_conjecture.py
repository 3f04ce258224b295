"""The Lights Out conjecture workbench (``check lightsout --conjecture``) and its formula language.

The workbench takes its nullities from ``engine.nullity`` (the chase system, the
torus chase, elimination); every verdict here is checked another way: the
classic nullity from Sutner's polynomials (``theory.poly_nullity``) and OEIS
A159257, the torus and the variants by full elimination of the press matrix
(``gf2.rank``), and the formula's values by hand-written known answers.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from helpers import run_tutor
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import InvalidParams
from tutor.grammar.formula import Binary, Call, FormulaError, Neg, Num, Pow, Undefined, Var
from tutor.maths import gf2
from tutor.puzzles.lightsout.rules.formula import MAX_EXPONENT, Node, format_formula, parse_formula, value
from tutor.puzzles.lightsout.rules.grid import Rules, press_rows_gf2
from tutor.puzzles.lightsout.theory import poly_nullity
from tutor.puzzles.lightsout.theory.conjecture import CHECK_CELLS, CHECK_TORUS_CELLS, check_conjecture

# OEIS A159257: nullity of the n x n Lights Out board, n = 1..20 (as in tests/test_lightsout_engine.py).
A159257 = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0]
CLASSIC = Rules(1, 1)
TORUS = Rules(1, 1, torus=True)


def eliminated(rules: Rules) -> int:
    """The nullity by full elimination of the press matrix."""
    return rules.cells - gf2.rank(press_rows_gf2(rules))


# -- the language --------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "sides", "expected"), [
    ("n - 2*floor(n/3)", {"n": 7}, Fraction(3)),
    ("2n^2 + m", {"n": 3, "m": 1}, Fraction(19)),
    ("mod(-7, 3)", {}, Fraction(2)),  # the sign of the divisor
    ("mod(7, -3)", {}, Fraction(-2)),
    ("gcd(n + 1, m + 1) - 1", {"n": 5, "m": 8}, Fraction(2)),
    ("floor(-7/2) + ceil(7/2) + ceiling(1/3)", {}, Fraction(1)),
    ("max(n, m, 4) - min(n, m) + abs(1 - n)", {"n": 2, "m": 3}, Fraction(3)),
    ("n(n + 1)/2", {"n": 4}, Fraction(10)),
    ("-n^2", {"n": 3}, Fraction(-9)),
    ("(n/4)^2", {"n": 2}, Fraction(1, 4)),
    ("2^2^3", {}, Fraction(256)),  # a power chain reads from the right
])
def test_known_values(text: str, sides: dict[str, int], expected: Fraction) -> None:
    assert value(parse_formula(text), sides) == expected


@pytest.mark.parametrize("text", ["1/(n - 2)", "mod(n, 0)", "gcd(n/4, 3)", "(((((n + 1)^8)^8)^8)^8)^8"])
def test_undefined_values(text: str) -> None:
    with pytest.raises(Undefined):
        value(parse_formula(text), {"n": 2, "m": 2})


@pytest.mark.parametrize(("text", "fault"), [
    ("", "the formula is empty"), ("k", "unknown name 'k'"), ("eval(n)", "unknown name 'eval'"),
    ("__import__", "unknown name"), ("floor n", "floor needs parentheses"), ("mod(n)", "mod of 1 argument"),
    ("max(n)", "max of 1 argument"), ("n^m", "not a constant"), ("n^9", "the exponent 9"), ("n^(1/2)", "exponent"),
    ("n +", "missing at the end"), ("(n", "')' is missing"), ("n" + " + n" * 60, "longer than 200 characters"),
    ("1" * 31, "31 digits"), ("floor(" * 9 + "n" + ")" * 9, "nests deeper than 16"), ("n ; 1", "unexpected ';'"),
])
def test_bad_formulas_are_one_line(text: str, fault: str) -> None:
    with pytest.raises(FormulaError) as err:
        parse_formula(text)
    assert fault in str(err.value) and "\n" not in str(err.value)


def trees() -> st.SearchStrategy[Node]:
    """Formula trees of a few levels, as the parser builds them."""
    leaves = st.one_of(st.integers(0, 10**6).map(Num), st.sampled_from(["n", "m"]).map(Var))

    def extend(inner: st.SearchStrategy[Node]) -> st.SearchStrategy[Node]:
        return st.one_of(
            inner.map(Neg),
            st.builds(Pow, inner, st.integers(0, MAX_EXPONENT)),
            st.builds(Binary, st.sampled_from("+-*/"), inner, inner),
            st.builds(lambda f, a: Call(f, (a,)), st.sampled_from(["floor", "ceiling", "abs"]), inner),
            st.builds(lambda f, a, b: Call(f, (a, b)), st.sampled_from(["mod", "gcd", "min", "max"]), inner, inner),
            st.builds(lambda a, b, c: Call("max", (a, b, c)), inner, inner, inner),
        )

    return st.recursive(leaves, extend, max_leaves=6)


@given(trees())
def test_format_and_parse_round_trip(tree: Node) -> None:
    try:
        parsed = parse_formula(format_formula(tree))
    except FormulaError as err:  # only a limit may refuse a tree the language can write
        assert "deeper" in str(err) or "longer" in str(err)
        return
    assert parsed == tree and format_formula(parsed) == format_formula(tree)


# -- the workbench, checked against the polynomials, OEIS and elimination ----------------------------------

def test_the_smallest_square_counterexample_is_the_first_nonzero_nullity() -> None:
    result = check_conjecture(CLASSIC, parse_formula("0"), "nullity", 20)
    first = next(n for n, d in enumerate(A159257, 1) if d)
    c = result.counterexample
    assert not result.holds and c is not None
    assert (c["rows"], c["cols"], c["expected"], c["got"]) == (first, first, 4, "0")
    assert result.checked == first and c["nullity"] == poly_nullity(first, first)
    assert len(c["quiet_patterns"]) == 4 and c["rank"] == first * first - 4


def test_a_formula_that_is_the_table_holds_as_far_as_it_knows_it() -> None:
    """A formula written as the first six nonzero terms of A159257 (indicator terms) holds up to the seventh."""
    terms = [f"{d}*max(0, 1 - abs(n - {n}))" for n, d in enumerate(A159257, 1) if d]
    formula = parse_formula(" + ".join(terms[:6]))
    reach = [n for n, d in enumerate(A159257, 1) if d][6] - 1  # the formula knows the first six nonzero terms
    assert check_conjecture(CLASSIC, formula, "nullity", reach).holds
    failed = check_conjecture(CLASSIC, formula, "nullity", 20).counterexample
    assert failed is not None and failed["rows"] == reach + 1 == 17 and failed["expected"] == A159257[16] == 2


@pytest.mark.parametrize(("rows", "text"), [
    (1, "floor((m + 1)/3) - floor(m/3)"),  # 1 x m: a quiet pattern exactly when m = 2 mod 3
    (4, "4*floor((m + 1)/5) - 4*floor(m/5)"),  # 4 x m: nullity 4 exactly when m = 4 mod 5
    (2, "mod(m, 2)*(1 + floor(mod(m, 4)/3))"),  # 2 x m: 1, 0, 2, 0 repeating
])
def test_fixed_rows_conjectures_hold_and_agree_with_the_polynomials(rows: int, text: str) -> None:
    result = check_conjecture(CLASSIC, parse_formula(text), "nullity", 200, rows)
    assert result.holds and result.checked == 200 and result.domain.label == f"{rows} x m"
    formula = parse_formula(text)
    assert all(value(formula, {"n": rows, "m": m}) == poly_nullity(rows, m) for m in range(1, 201))


@given(st.integers(0, 3), st.integers(0, 3), st.integers(1, 6), st.integers(-2, 2), st.integers(1, 25),
       st.booleans())
def test_the_verdict_is_the_first_disagreement_a_second_method_finds(a: int, b: int, c: int, d: int, bound: int,
                                                                     rectangles: bool) -> None:
    """Random formulas ``a*floor((n + b)/c) + d`` (with ``+ 0*m`` for n x m boards), against Sutner's polynomials
    scanned in the workbench's order."""
    text = f"{a}*floor((n + {b})/{c}) + {d}" + (" + 0*m" if rectangles else "")
    result = check_conjecture(CLASSIC, parse_formula(text), "nullity", bound)
    order = [(s, s) for s in range(1, bound + 1)] if not rectangles else \
        [p for s in range(1, bound + 1) for p in [*((r, s) for r in range(1, s)), *((s, q) for q in range(1, s + 1))]]
    wrong = next(((n, m) for n, m in order if a * ((n + b) // c) + d != poly_nullity(n, m)), None)
    if wrong is None:
        assert result.holds and result.checked == len(order)
    else:
        assert result.counterexample is not None
        assert (result.counterexample["rows"], result.counterexample["cols"]) == wrong
        assert result.counterexample["expected"] == poly_nullity(*wrong)


@pytest.mark.parametrize("variant", [TORUS, Rules(1, 1, neighbourhood="block"), Rules(1, 1, neighbourhood="x"),
                                     Rules(1, 1, torus=True, neighbourhood="hollow")],
                         ids=lambda r: r.describe())
def test_variants_against_elimination(variant: Rules) -> None:
    """``nullity = 0`` and ``rank = n^2`` fail first where elimination first finds a quiet pattern."""
    first = next(n for n in range(1, 40) if eliminated(Rules(n, n, variant.torus, variant.neighbourhood)))
    for of, text in (("nullity", "0"), ("rank", "n^2")):
        c = check_conjecture(variant, parse_formula(text), of, 39).counterexample
        assert c is not None and c["rows"] == first
        null = eliminated(Rules(first, first, variant.torus, variant.neighbourhood))
        assert c["nullity"] == null and c["expected"] == (null if of == "nullity" else first * first - null)


def test_rank_and_a_fraction() -> None:
    result = check_conjecture(CLASSIC, parse_formula("n^2"), "rank", 10)
    assert result.counterexample is not None and result.counterexample["expected"] == 12  # 4x4: rank 16 - 4
    half = check_conjecture(CLASSIC, parse_formula("n/2"), "nullity", 10)
    assert half.counterexample is not None and half.counterexample["got"] == "1/2"
    assert any("whole number" in line for line in half.explanation)


def test_limits_refuse_before_the_work() -> None:
    with pytest.raises(InvalidParams, match="50,000,000"):
        check_conjecture(CLASSIC, parse_formula("n + m"), "nullity", 1000)
    assert CHECK_CELLS == 50_000_000
    with pytest.raises(InvalidParams, match="full elimination, limited to 625 cells"):
        check_conjecture(Rules(1, 1, states=3), parse_formula("n"), "nullity", 30)
    assert check_conjecture(Rules(1, 1, states=3), parse_formula("n"), "nullity").checked_up_to == 25  # default
    torus = Rules(1, 1, torus=True)  # a torus board costs more a cell: its own, smaller limit
    with pytest.raises(InvalidParams, match=r"4,000,000 on a torus.*--bound 228 is within it"):
        check_conjecture(torus, parse_formula("n"), "nullity", 229)
    with pytest.raises(InvalidParams, match=r"4,000,000 on a torus.*--bound 62 is within it"):
        check_conjecture(torus, parse_formula("n + m"), "nullity", 63)
    assert CHECK_TORUS_CELLS == 4_000_000


# -- the command line ------------------------------------------------------------------------------------

def test_cli_exit_codes_and_json() -> None:
    held = run_tutor("check", "lightsout", "--rows", "1", "--conjecture", "floor((m+1)/3) - floor(m/3)", "--json")
    assert held.returncode == 0, held.stderr
    data = json.loads(held.stdout)
    assert data["correct"] is data["holds"] is data["proved"] is True and data["counterexample"] is None
    assert {"conjecture", "formula", "of", "shape", "fixed_rows", "torus", "neighbourhood", "states", "proved",
            "checked_up_to", "checked", "method", "explanation", "proof_needs", "summary"} <= data.keys()
    failed = run_tutor("check", "lightsout", "--torus", "--conjecture", "0", "--json")
    assert failed.returncode == 1
    c = json.loads(failed.stdout)["counterexample"]
    assert (c["rows"], c["expected"], c["method"]) == (3, 4, "torus chase") and c["expected"] == eliminated(
        Rules(3, 3, torus=True))
    text = run_tutor("check", "lightsout", "--conjecture", "0").stdout
    assert "fails first on the 4x4 board" in text and "Quiet patterns of that board" in text


@pytest.mark.parametrize("args", [
    ("--conjecture", "eval('1')"), ("--conjecture", "n +"), ("--conjecture", "n", "--bound", "0"),
    ("--conjecture", "n", "--of", "solutions"), ("--conjecture", "n", "--bound", "1000"),
    ("--conjecture", "n", "--neighbourhood", "ring", "--bound", "100"), ("--rows", "2", "a1"),
    ("--conjecture", "1/0"),
])
def test_cli_bad_input_is_one_line_exit_2(args: tuple[str, ...]) -> None:
    out = run_tutor("check", "lightsout", *args)
    if args == ("--conjecture", "1/0"):  # a formula with no value anywhere is a counterexample, not bad input
        assert out.returncode == 1 and "undefined (a division by zero)" in out.stdout
        return
    assert out.returncode == 2 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


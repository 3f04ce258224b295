"""The restricted formula language and the conjecture workbench: round trips, exactness, hostile input."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import InvalidNotation
from tutor.puzzles.wythoff.engine import p_position
from tutor.puzzles.wythoff.rules import Rules
from tutor.puzzles.wythoff.rules.formula import format_formula, parse_conjecture, parse_formula
from tutor.puzzles.wythoff.theory.conjecture import WorkbenchResult, check_conjecture
from tutor.puzzles.wythoff.theory.evaluate import evaluate, to_sympy

ALPHABET = "k0123456789.+-*/^() phisqrtfloorceilingpi,_=[]{}'\"\\;:!@#$%&|<>?`~aAbBxX\n"


@given(st.text(alphabet=ALPHABET, max_size=80))
def test_hostile_strings_never_crash(text: str) -> None:
    try:
        node = parse_formula(text)
    except InvalidNotation:
        return
    assert parse_formula(format_formula(node)) == node
    for k in (0, 1, 7):
        value = evaluate(node, k)
        assert isinstance(value, Fraction | str)


@pytest.mark.parametrize("text", [
    "__import__('os')", "k.__class__", "exec('1')", "eval(k)", "lambda: 1", "k; import os", "[k]",
    "x", "2**k", "k**1000", "(" * 30 + "k" + ")" * 30, "k" + "+k" * 200, "1" * 40,
])
def test_forbidden_formulas(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_formula(text)


formulas = st.recursive(
    st.sampled_from(["k", "2", "3", "phi", "sqrt(5)", "1.5", "pi"]),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/"]), inner).map(lambda t: f"({t[0]}){t[1]}({t[2]})"),
        inner.map(lambda s: f"floor({s})"),
        inner.map(lambda s: f"ceiling({s})"),
        inner.map(lambda s: f"-({s})"),
        inner.map(lambda s: f"({s})^2"),
    ),
    max_leaves=6,
)


@given(formulas, st.integers(0, 50))
def test_exact_evaluation_agrees_with_sympy(text: str, k: int) -> None:
    import sympy

    node = parse_formula(text)
    assert parse_formula(format_formula(node)) == node
    value = evaluate(node, k)
    exact = sympy.simplify(to_sympy(node).subs(sympy.Symbol("k", integer=True, nonnegative=True), k))
    if isinstance(value, Fraction):
        assert exact == sympy.Rational(value.numerator, value.denominator)
    else:
        assert not (exact.is_Rational and exact.q == 1) or value.startswith("undefined")


def test_floor_phi_is_exact_far_out() -> None:
    node = parse_formula("floor(k*(1+sqrt(5))/2)")
    for k in (102334155, 10**30 + 7):
        assert evaluate(node, k) == p_position(Rules(), k)[0]


def test_workbench_smallest_counterexample_is_smallest() -> None:
    result = check_conjecture(Rules(), parse_conjecture("floor(k*1.6)"), 500)
    assert result.counterexample is not None
    k = result.counterexample["k"]
    assert all(int(j * Fraction(16, 10)) == p_position(Rules(), j)[0] for j in range(k))
    assert int(k * Fraction(16, 10)) != p_position(Rules(), k)[0]


def test_workbench_pairs_and_variants() -> None:
    def check(rules: Rules, text: str, bound: int) -> WorkbenchResult:
        return check_conjecture(rules, parse_conjecture(text), bound)

    assert check(Rules(), "floor(k*phi), floor(k*phi^2)", 400).proved
    assert check(Rules(), "B_k = floor(k*phi) + k", 400).holds
    assert not check(Rules(), "B_k = floor(k*phi)", 400).holds
    assert check(Rules(2), "floor(k*sqrt(2))", 400).proved
    misere = check(Rules(misere=True), "floor(k*phi)", 50)
    assert misere.counterexample == {"k": 1, "pile": "A", "expected": [2, 2], "got": "1"}

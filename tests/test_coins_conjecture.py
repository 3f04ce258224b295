"""The coin conjecture workbench: the formula language (parse/format round trip, one-line errors), the verdicts
against the theorem and, independently, against the exhaustive belief search on small tables, and the command line."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.cli import main
from tutor.errors import InvalidNotation, SearchLimit
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import model
from tutor.puzzles.coins.rules.formula import format_formula, parse_formula, prime_factors, value
from tutor.puzzles.coins.theory.conjecture import THEOREMS, check_conjecture, tables

THEOREM = THEOREMS[("winnable", "rotation")]


@pytest.mark.parametrize("symmetry", ["rotation", "dihedral"])
@pytest.mark.parametrize("goal", ["heads", "same"])
def test_the_theorem_formulas_agree_with_the_belief_search(symmetry, goal):
    """The workbench's registered formulas, valued, against the exhaustive search wherever it runs (not the
    theorem module): winnable and, where winnable, the shortest length."""
    win = parse_formula(THEOREMS[("winnable", symmetry)])
    short = parse_formula(THEOREMS[("shortest", goal)])
    searched = 0
    for n, k in tables(6):
        m = model(n, k, symmetry == "dihedral", goal)
        if not m.enumerable or not engine.searchable(m) or m.class_count > 30:
            continue
        try:
            outcome = engine.solve(m)
        except SearchLimit:
            continue
        searched += 1
        assert value(win, {"n": n, "k": k}) == (outcome.strategy is not None), (n, k)
        if outcome.strategy is not None:
            assert value(short, {"n": n, "k": k}) == len(outcome.strategy), (n, k)
    assert searched >= 12


@pytest.mark.parametrize("key", sorted(THEOREMS))
def test_each_theorem_formula_is_proved_and_holds(key):
    of, which = key
    symmetry = which if of == "winnable" else "rotation"
    goal = which if of != "winnable" else "heads"
    result = check_conjecture(parse_formula(THEOREMS[key]), of, symmetry, goal, bound=40)
    assert result.holds and result.proved and result.checked > 0


def test_an_equivalent_formula_holds_up_to_the_bound_but_is_not_called_proved():
    result = check_conjecture(parse_formula("N = 1 or gpf(N) = lpf(K) and lpf(N) = gpf(K)"), "winnable", bound=30)
    assert result.holds and not result.proved and result.checked == 30 * 29


@pytest.mark.parametrize("formula, of, goal, n, k", [
    ("rad(N) = rad(K)", "winnable", "heads", 1, 2),
    ("N = 1 or isprime(K) and rad(N) = K", "winnable", "heads", 2, 4),
    ("K^N - 1", "shortest", "same", 1, 2),
    ("2^N - 1", "shortest", "heads", 1, 3),
    ("N/(N - 1) = 2", "winnable", "heads", 1, 2),
])
def test_the_smallest_counterexample_and_its_certificate(formula, of, goal, n, k):
    result = check_conjecture(parse_formula(formula), of, "rotation", goal)
    c = result.counterexample
    assert not result.holds and c is not None and (c["n"], c["k"]) == (n, k)
    if c["winnable"]:  # the certificate's strategy wins when checked exactly
        from tutor.puzzles.coins.rules import parse_strategy
        moves = parse_strategy(c["strategy"] or "-", n, k)
        assert engine.verify(model(n, k, False, goal), [mv for mv in moves if any(mv)]).wins
    else:
        assert c["trap"] or c["invariant"]


def test_a_losing_counterexample_carries_the_devils_trap():
    c = check_conjecture(parse_formula("N = 1 or rad(N) = rad(K) or N = 3"), "winnable").counterexample
    assert c is not None and (c["n"], c["k"]) == (3, 2) and not c["winnable"] and c["trap"]


def test_a_value_that_is_not_true_or_false_is_a_counterexample():
    c = check_conjecture(parse_formula("2"), "winnable").counterexample
    assert c is not None and "neither true nor false" in c["got"]


formulas = st.sampled_from(["K^N - 1", "not N = 1 or K", "-(N + 1)*2", "rad(N*K) >= gcd(N, K)", "2^3^2",
                            "(N = 1) = (K = 2)", "mod(N, 3) != 0 and max(N, K, 3) < 10", "-2^N", "K^(N - 1) - 1"])


@given(formulas, st.integers(1, 12), st.integers(2, 12))
def test_the_canonical_text_reads_back_to_the_same_tree_and_value(text, n, k):
    tree = parse_formula(text)
    assert parse_formula(format_formula(tree)) == tree
    assert value(parse_formula(format_formula(tree)), {"n": n, "k": k}) == value(tree, {"n": n, "k": k})


def test_the_factor_functions_against_a_sieve():
    for number in range(1, 300):
        primes = [p for p in range(2, number + 1) if number % p == 0 and all(p % q for q in range(2, p))]
        assert prime_factors(number) == primes


@pytest.mark.parametrize("text, where", [("N +", "column 4"), ("foo(N)", "column 1"), ("rad N", "column 1"),
                                         ("N = = 1", "column 5")])
def test_a_bad_formula_is_one_line_naming_the_column(text, where):
    with pytest.raises(InvalidNotation, match=where):
        parse_formula(text)


@pytest.mark.parametrize("args, code", [
    (["--conjecture", THEOREM], 0),
    (["--conjecture", "K^N - 1", "--of", "shortest", "--goal", "same"], 1),
    (["--conjecture", "N +"], 2),
    (["--bound", "5", "0"], 2),
])
def test_the_exit_codes(capsys, args, code):
    assert main(["check", "coins", *args, "--json"]) == code
    out = capsys.readouterr().out
    if code < 2:
        data = json.loads(out)
        assert data["holds"] is (code == 0) and {"checked_up_to", "counterexample", "proved", "formula"} <= set(data)

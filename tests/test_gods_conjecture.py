"""The gods' conjecture workbench (``check gods --conjecture``): the formula language and the verdicts.

The engine's figures the workbench compares with are checked a second way here: which sets can never be
identified by a plain search for two assignments whose Random gods cover every god, and the fewest
questions of small sets by a plain worst-case search over sets of assignments (no classes, no symmetry,
no counting bound).
"""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction
from functools import cache

import pytest
from helpers import run_tutor
from hypothesis import assume, given
from hypothesis import strategies as st

from tutor.grammar.formula import Binary, Call, FormulaError, Neg, Num, Var
from tutor.puzzles.gods.rules import make_game
from tutor.puzzles.gods.rules.formula import (
    MAX_LENGTH,
    Compare,
    Cond,
    Conjecture,
    Expr,
    Fact,
    Logic,
    NotCond,
    format_conjecture,
    parse_conjecture,
)
from tutor.puzzles.gods.teach.conjecture import engine_truth, god_sets
from tutor.puzzles.gods.theory.values import Undefined, value

COUNTING = "ceiling(log2(n!/(t!*f!*r!)))"


def orders(s: str) -> list[tuple[str, ...]]:
    """The distinct assignments of a role set."""
    return sorted(set(itertools.permutations(s.split(",")))) if s else []


def never(s: str) -> bool:
    """Two assignments whose Random gods together are every god: whoever is asked may be Random in either."""
    return any(all("Random" in (a[g], b[g]) for g in range(len(a))) for a, b in itertools.combinations(orders(s), 2))


def fewest(s: str, most: int = 4) -> int | None:
    """The fewest questions by a plain search: a question puts each assignment where the god is not Random on
    one side, his Random ones on both."""
    ids = orders(s)

    @cache
    def works(left: frozenset[int], k: int) -> bool:
        if len(left) <= 1:
            return True
        if len(left) > 2**k:  # k questions end in 2^k leaves at most, one identity a leaf
            return False
        for g in range(len(ids[0])):
            rand = frozenset(i for i in left if ids[i][g] == "Random")
            rest = sorted(left - rand)
            for mask in range(1, (1 << len(rest)) - 1, 2):  # rest[0] on the first side: the other half swaps sides
                first = frozenset(x for j, x in enumerate(rest) if mask >> j & 1) | rand
                second = (left - first) | rand
                if works(first, k - 1) and works(second, k - 1):
                    return True
        return False

    return next((k for k in range(most + 1) if works(frozenset(range(len(ids))), k)), None)


# -- the language ----------------------------------------------------------------------------------

ROUND_TRIPS = [COUNTING, "r < n - r", "r < n - r or t + f = 0", "not n != 1 and r >= 0", "2^3^2", "(2^3)^2", "-n^2",
               "(-n)^2", "(n + 1)!", "n!!", "min(n, t) + max(1, 2)", "n - (t - f)", "n/(t*f)", "2*-n", "floor(n/2)",
               "floor(log2(n)) + 1"]


@pytest.mark.parametrize("text", ROUND_TRIPS)
def test_format_and_parse_round_trip(text: str) -> None:
    c = parse_conjecture(text)
    again = format_conjecture(c)
    assert parse_conjecture(again) == c
    assert format_conjecture(parse_conjecture(again)) == again


def test_exact_values_against_python() -> None:
    for x in range(1, 300):
        assert value(parse_conjecture("ceiling(log2(n))").amount, {"n": x}) == (x - 1).bit_length()
        assert value(parse_conjecture("floor(log2(n))").amount, {"n": x}) == x.bit_length() - 1
    for n, t, f, r in [(3, 1, 1, 1), (5, 1, 2, 2), (4, 3, 0, 1)]:
        counts = {"n": n, "t": t, "f": f, "r": r}
        assignments = math.factorial(n) // (math.factorial(t) * math.factorial(f) * math.factorial(r))
        assert value(parse_conjecture(COUNTING).amount, counts) == math.ceil(math.log2(assignments))
    assert value(parse_conjecture("ceiling(log2(1/3))").amount, {}) == -1  # 2^-2 < 1/3 <= 2^-1
    assert value(parse_conjecture("log2(1/8)").amount, {}) == -3
    assert value(parse_conjecture("n/4").amount, {"n": 6}) == Fraction(3, 2)
    for bad in ("log2(6)", "1/(n-n)", "(n/2)!", "2^(1/2)", "log2(0)"):
        with pytest.raises(Undefined):
            value(parse_conjecture(bad).amount, {"n": 3})


def exprs(size: int = 8) -> st.SearchStrategy[Expr]:
    """Every shape of number tree the parser can build."""
    leaves = st.one_of(st.builds(Num, st.integers(0, 999)), st.builds(Var, st.sampled_from("ntfr")))

    def grow(inner: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
        one, two = st.sampled_from(["floor", "ceiling", "log2"]), st.sampled_from(["min", "max"])
        return st.one_of(st.builds(Neg, inner), st.builds(Fact, inner),
                         st.builds(Binary, st.sampled_from("+-*/^"), inner, inner),
                         st.builds(lambda name, arg: Call(name, (arg,)), one, inner),
                         st.builds(lambda name, a, b: Call(name, (a, b)), two, inner, inner))

    return st.recursive(leaves, grow, max_leaves=size)


def conds() -> st.SearchStrategy[Cond]:
    """Conditions as the grammar nests them: or over and over not over comparisons (no parentheses)."""
    compare = st.builds(Compare, st.sampled_from(["<", "<=", "=", "!=", ">=", ">"]), exprs(3), exprs(3))
    negation = st.recursive(compare, lambda inner: st.builds(NotCond, inner), max_leaves=3)
    both = st.recursive(negation, lambda inner: st.builds(Logic, st.just("and"), inner, negation), max_leaves=3)
    return st.recursive(both, lambda inner: st.builds(Logic, st.just("or"), inner, both), max_leaves=3)


@given(st.one_of(exprs().map(lambda e: Conjecture(amount=e)), conds().map(lambda c: Conjecture(condition=c))))
def test_every_tree_prints_as_text_that_reads_back_as_the_same_tree(c: Conjecture) -> None:
    text = format_conjecture(c)
    assume(len(text) <= MAX_LENGTH)  # the property is for what the limits let in
    try:
        parsed = parse_conjecture(text)
    except FormulaError as err:
        assume("nests deeper" not in str(err))
        raise
    assert parsed == c


@pytest.mark.parametrize(("text", "says"), [
    ("2n", "write the product with '*'"), ("floor n", "floor needs parentheses"), ("phi + n", "unknown name 'phi'"),
    ("n +", "missing at the end"), ("", "empty"), ("n" + "+n" * 200, "longer than 300"),
    ("(" * 30 + "n" + ")" * 30, "nests deeper"), ("1234567890123 + n", "13 digits"), ("n < r < t", "unexpected"),
])
def test_bad_conjectures_are_refused_with_the_place(text: str, says: str) -> None:
    with pytest.raises(FormulaError) as err:
        parse_conjecture(text)
    assert says in str(err.value)


# -- the engine's figures, a second way ----------------------------------------------------------------


def test_which_sets_can_be_identified_matches_a_plain_search_for_covering_pairs() -> None:
    game = make_game()
    sets = god_sets(5)
    assert len(sets) == 3 + 6 + 10 + 15 + 21
    for s in sets:
        assert engine_truth(s, game).identifiable == (not never(s.roles)), s.roles


def test_the_fewest_questions_of_small_sets_match_a_plain_search() -> None:
    game = make_game()
    for s in god_sets(4):
        truth = engine_truth(s, game)
        if truth.identifiable:
            assert truth.fewest == fewest(s.roles), s.roles


# -- the workbench ----------------------------------------------------------------------------------------


def test_the_counting_bound_holds_up_to_three_gods_and_fails_first_at_three_trues_and_a_random() -> None:
    held = run_tutor("check", "gods", "--conjecture", COUNTING, "--bound", "3", "--json")
    data = json.loads(held.stdout)
    assert held.returncode == 0 and data["holds"] and data["correct"] and data["holds_up_to"] == 3
    assert data["counterexample"] is None and data["kind"] == "questions"
    small = god_sets(3)
    assert data["skipped"] == sum(never(s.roles) for s in small) == 4
    assert data["checked"] == len(small) - 4
    out = run_tutor("check", "gods", "--conjecture", COUNTING, "--json")
    found = json.loads(out.stdout)
    assert out.returncode == 1 and not found["holds"] and found["holds_up_to"] == 3
    ce = found["counterexample"]
    assert (ce["gods"], ce["n"], ce["t"], ce["f"], ce["r"]) == ("True,True,True,Random", 4, 3, 0, 1)
    assert ce["got"] == str(math.ceil(math.log2(4))) == "2" and ce["expected"] == fewest("True,True,True,Random") == 3
    assert "2 cannot suffice" in ce["certificate"]


def test_vallstroms_rule_needs_the_set_of_random_gods_alone() -> None:
    out = run_tutor("check", "gods", "--conjecture", "r < n - r")
    assert out.returncode == 1
    assert out.stdout.startswith("counterexample: gods Random (n=1, t=0, f=0, r=1)")
    assert "the engine identifiable" in out.stdout and "nothing to ask" in out.stdout
    fixed = run_tutor("check", "gods", "--conjecture", "r < n - r or t + f = 0", "--json")
    assert fixed.returncode == 0 and json.loads(fixed.stdout)["checked"] == 55
    # finding the language too, Random alone tells nothing: the exception goes
    lang = run_tutor("check", "gods", "--identify-language", "--conjecture", "r < n - r")
    assert lang.returncode == 0, lang.stdout


def test_a_formula_without_a_whole_value_is_a_counterexample() -> None:
    data = json.loads(run_tutor("check", "gods", "--conjecture", "n/2", "--json").stdout)
    assert data["counterexample"]["got"] == "1/2 (not a whole number)" and data["counterexample"]["expected"] == 0
    undefined = json.loads(run_tutor("check", "gods", "--conjecture", "1/(n-1)", "--json").stdout)
    assert undefined["counterexample"]["got"] == "undefined: a division by zero"
    rule = json.loads(run_tutor("check", "gods", "--conjecture", "r < n - r", "--json").stdout)
    ce = rule["counterexample"]
    assert not rule["correct"] and ce["got"] == "false" and ce["expected"] is True


def test_bad_input_is_one_line_and_exit_2() -> None:
    for args in (["--conjecture", "2n"], ["--conjecture", "n", "--bound", "6"], ["--conjecture", "n", "--bound", "0"],
                 ["--conjecture", "n", "--expected"], ["--conjecture", "n", "?"], ["--bound", "3", "?"]):
        out = run_tutor("check", "gods", *args)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr

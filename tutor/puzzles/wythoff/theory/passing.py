"""The conjecture workbench for Wythoff with a pass: a learner's formula against the sieve's losing pairs.

The formula language is the workbench's own (``rules.formula``: ``A_k = ...``, ``B_k = ...`` or ``f, g``),
evaluated exactly (``theory.evaluate``) for k = 0..M and compared with the k-th losing pair of the pass game
with the pass left (``engine.passing``: the sieve, checked in the tests against game searches).  No closed
form for these pairs is known to the tutor, so a formula that holds is never marked proved: agreement up to M
is evidence only.  What is observed (and only observed) is kept here as ``OBSERVED``, with the range it was
checked over.
"""

from __future__ import annotations

from bisect import bisect_right
from fractions import Fraction

from tutor.puzzles.wythoff.engine.passing import pass_p_positions, table_for
from tutor.puzzles.wythoff.rules import Position
from tutor.puzzles.wythoff.rules.formula import Conjecture
from tutor.puzzles.wythoff.rules.passing import PassRules
from tutor.puzzles.wythoff.theory.conjecture import WorkbenchResult
from tutor.puzzles.wythoff.theory.evaluate import SympyBudget, evaluate, known

OBSERVED = (
    "Observed, not proven (every pair with a smaller pile up to 1,000,000, both variants): the smaller pile a_k is "
    "floor(k*phi) - 1, + 0, + 1 or + 2, and the difference b_k - a_k is k - 4 to k + 2, so the pairs hug Wythoff's "
    "two rays of slopes phi and 1/phi.",
    "Proven (by the sieve's argument): every whole number is in exactly one pair, no two pairs share a difference "
    "b_k - a_k, and no pair but (0, 0) is a losing pair of Wythoff (from one of those the pass wins).",
)
NO_THEOREM = [
    "Agreement up to a bound is evidence, not proof: no closed form for the losing positions of Wythoff with a "
    "pass is known to the tutor (a search found none), so nothing here can be marked proved.",
    "A proof would show your pairs are unreachable from each other, never a losing pair of Wythoff (else the pass "
    "wins), and that every other position reaches one of them or is a losing pair of Wythoff.",
]


def check_pass_conjecture(rules: PassRules, conjecture: Conjecture, bound: int) -> WorkbenchResult:
    """Test the conjecture for k = 0..bound against the sieve; exact, the smallest counterexample first."""
    pairs = pass_p_positions(rules, bound + 1)
    budget = SympyBudget()
    given = {key: value for node in (conjecture.first, conjecture.second) if node is not None
             for key, value in known(node).items()}
    for k, (lo, hi) in enumerate(pairs):
        for which, node, expected in (("A", conjecture.first, lo), ("B", conjecture.second, hi)):
            if node is None:
                continue
            got = evaluate(node, k, budget, given)
            if got != expected:
                counter = {"k": k, "pile": which, "expected": [lo, hi], "got": str(got)}
                return WorkbenchResult(conjecture.text(), False, bound, "sieve", counter, False,
                                       explain(rules, k, which, got, (lo, hi)), [])
    return WorkbenchResult(conjecture.text(), True, bound, "sieve", None, False,
                           [f"Checked k = 0..{bound} against the sieve of the pass game's losing positions: every "
                            "value matches."], list(NO_THEOREM))


def explain(rules: PassRules, k: int, which: str, got: Fraction | str, pair: Position) -> list[str]:
    """What the sieve says at k, and why the formula's number cannot be the pile it claims."""
    lo, hi = pair
    name = "smaller" if which == "A" else "larger"
    lines = [f"At k = {k} your formula gives {which}_{k} = {got}.",
             f"With the pass left, losing pair number {k} is ({lo}, {hi}), so its {name} pile is "
             f"{lo if which == 'A' else hi}."]
    if not (isinstance(got, Fraction) and got.denominator == 1 and got >= 0):
        return [*lines, "A pile size must be a whole number 0 or more, so the formula cannot be right here."]
    n = int(got)
    table = table_for(rules, n) if n <= 2 * hi + 2 else None
    if table is None:
        return [*lines, f"{n} is far beyond the piles of pair {k}: the pairs grow like k*phi."]
    other = table.partner[n]
    j = bisect_right(table.firsts, min(n, other)) - 1
    if j == k:
        return [*lines, f"The number {n} is the {'larger' if which == 'A' else 'smaller'} pile of that same pair: "
                        "your formula gives the wrong one of its two piles."]
    return [*lines, f"The number {n} is in losing pair number {j}, ({min(n, other)}, {max(n, other)}), not "
                    f"number {k}: every whole number is in exactly one pair."]

"""The conjecture workbench: test a learner's formula for the losing positions against the table.

A conjecture is a formula in k for the smaller pile ``A_k`` (``floor(k*phi)``),
``B_k = formula`` for the larger pile, or two formulas ``f, g`` for the pair.
It is parsed by ``rules.formula``, evaluated exactly (``theory.evaluate``) for
k = 0..M and compared with the losing pairs of the exhaustive retrograde table
(``engine.table``), which never uses the golden-ratio formula;
beyond the table's reach the proven integer formula takes over.  The answer is
the smallest counterexample, or "holds for every k up to M" plus what a proof
would still need - or, when sympy shows the formula is ``floor(k*alpha)``
itself, a pointer to the proof.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from tutor.puzzles.wythoff.engine import p_index, p_position, winning_moves
from tutor.puzzles.wythoff.engine.table import table_p_positions, table_work
from tutor.puzzles.wythoff.limits import TABLE_WORK
from tutor.puzzles.wythoff.rules import Position, Rules, describe_move
from tutor.puzzles.wythoff.rules.formula import Conjecture, Node
from tutor.puzzles.wythoff.theory import alpha_symbol
from tutor.puzzles.wythoff.theory.evaluate import SympyBudget, evaluate, known, to_sympy

TABLE_REACH = 6000  # largest pile for which the reference pairs come from the exhaustive table


@dataclass(frozen=True)
class WorkbenchResult:
    """What the workbench found: holds or the smallest counterexample, and what a proof needs."""

    conjecture: str
    holds: bool
    checked_up_to: int  # largest k compared
    source: str  # "table" (exhaustive search) or "formula" (the proven integer formula)
    counterexample: dict[str, object] | None
    proved: bool  # sympy showed the formula is the proven one
    explanation: list[str] = field(default_factory=list)
    proof_needs: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        """The JSON contract of ``tutor check wythoff --conjecture``."""
        return {
            "conjecture": self.conjecture,
            "holds": self.holds,
            "checked_up_to": self.checked_up_to,
            "source": self.source,
            "counterexample": self.counterexample,
            "proved": self.proved,
            "explanation": self.explanation,
            "proof_needs": self.proof_needs,
        }

    def summary(self) -> str:
        """One line: the verdict."""
        if self.holds:
            tail = " - and sympy shows it is the proven formula" if self.proved else ""
            return f"{self.conjecture} holds for every k up to {self.checked_up_to}{tail}"
        assert self.counterexample is not None
        return f"{self.conjecture} fails first at k = {self.counterexample['k']}"


@lru_cache(maxsize=4)
def reference_pairs(rules: Rules, bound: int) -> tuple[tuple[Position, ...], str]:
    """The losing pairs for k = 0..bound: from the exhaustive table when small enough.  Worked out once per rules
    and bound, however many conjectures are checked against them (a class's submissions, a learner's tries)."""
    largest = p_position(rules, bound)[1]
    if largest <= TABLE_REACH and table_work(rules, largest) <= TABLE_WORK.value:
        return tuple(table_p_positions(rules, largest)[: bound + 1]), "table"
    return tuple(p_position(rules, k) for k in range(bound + 1)), "formula"


def _show(value: Fraction | str) -> str:
    if isinstance(value, str):
        return value
    return str(value)


def check_conjecture(rules: Rules, conjecture: Conjecture, bound: int) -> WorkbenchResult:
    """Test the conjecture for k = 0..bound; exact, smallest counterexample first."""
    pairs, source = reference_pairs(rules, bound)
    budget = SympyBudget()
    given = {key: value for node in (conjecture.first, conjecture.second) if node is not None
             for key, value in known(node).items()}  # sqrt(2), phi: worked out once, not at every k
    for k, (lo, hi) in enumerate(pairs):
        for which, node, expected in (("A", conjecture.first, lo), ("B", conjecture.second, hi)):
            if node is None:
                continue
            got = evaluate(node, k, budget, given)
            if got != expected:
                counter = {"k": k, "pile": which, "expected": [lo, hi], "got": _show(got)}
                return WorkbenchResult(
                    conjecture.text(), False, bound, source, counter, False,
                    explain_counterexample(rules, k, which, got, (lo, hi)),
                    [],
                )
    proved = _matches_theory(rules, conjecture)
    needs = proof_needs(rules, proved)
    explanation = [f"Checked k = 0..{bound} against the "
                   + ("exhaustive table of all positions" if source == "table" else "proven integer formula")
                   + ": every value matches."]
    return WorkbenchResult(conjecture.text(), True, bound, source, None, proved, explanation, needs)


def explain_counterexample(rules: Rules, k: int, which: str, got: Fraction | str,
                           pair: Position) -> list[str]:
    """Steps a learner can follow: what the table says at k, and why the predicted value is wrong."""
    lo, hi = pair
    name = "smaller" if which == "A" else "larger"
    lines = [f"At k = {k} your formula gives {which}_{k} = {_show(got)}.",
             f"The exhaustive table says the losing pair number {k} is ({lo}, {hi}), "
             f"so its {name} pile is {lo if which == 'A' else hi}."]
    if isinstance(got, Fraction) and got.denominator == 1 and got >= 0:
        n = int(got)
        j = p_index(rules, n)
        other = p_position(rules, j)
        if j == k:  # the other pile of the right pair: the formula gives A where B is meant, or the reverse
            lines.append(f"The number {n} is the {'larger' if name == 'smaller' else 'smaller'} pile of that same "
                         f"pair, {other}: your formula gives the wrong one of its two piles.")
        else:
            lines.append(f"The number {n} belongs to losing pair number {j}, which is {other}, not number {k}.")
        guess = (n, n + rules.a * k) if which == "A" else (max(0, n - rules.a * k), n)
        moves = winning_moves(rules, guess)
        if moves:
            f, s = moves[0]
            lines.append(
                f"Check: the pair your formula suggests, {guess}, is not losing - from it you can "
                f"{describe_move((f, s))} and reach the losing position ({guess[0] - f}, {guess[1] - s})."
            )
    elif isinstance(got, str):
        lines.append("A pile size must be a whole number, so the formula cannot be right here.")
    else:
        lines.append("A pile size must be a whole number 0 or more, so the formula cannot be right here.")
    return lines


def _matches_theory(rules: Rules, conjecture: Conjecture) -> bool:
    """Whether sympy shows each given formula is floor(k*alpha) / floor(k*beta) (normal play only).

    A formula counts as ``floor(X) + P(k)`` with P a polynomial in k with whole
    coefficients (so ``floor(k*phi) + k`` is ``floor(k*phi + k)``, the proven B_k);
    both halves of a pair must be proved for the pair to be.
    """
    if rules.misere:
        return False
    alpha = alpha_symbol(rules.a)
    for node, factor in ((conjecture.first, alpha), (conjecture.second, alpha + rules.a)):
        if node is not None and not _is_floor_of(node, factor):
            return False
    return True


def _is_floor_of(node: Node, factor: object) -> bool:
    """Whether the formula is ``floor(k*factor)``, possibly written as ``floor(X) + P(k)``."""
    import sympy

    k = sympy.Symbol("k", integer=True, nonnegative=True)
    expr = to_sympy(node).subs(sympy.GoldenRatio, (1 + sympy.sqrt(5)) / 2)
    floors = [f for f in expr.atoms(sympy.floor) if f.has(k)]
    if len(floors) != 1:
        return False
    (whole,) = floors
    mark = sympy.Dummy("floor")
    try:
        linear = sympy.expand(expr.subs(whole, mark))
        rest = sympy.expand(linear - mark)
        if sympy.diff(linear, mark) != 1 or rest.has(mark) or rest.atoms(sympy.floor, sympy.ceiling):
            return False
        poly = sympy.Poly(rest, k) if rest.has(k) else sympy.Poly(rest, k, domain="QQ")
        if not all(c.is_integer for c in poly.all_coeffs()):
            return False
        return bool(sympy.simplify(sympy.expand(whole.args[0] + rest - k * factor)) == 0)
    except (TypeError, ValueError, sympy.PolynomialError):  # sympy could not decide: not proved
        return False


def proof_needs(rules: Rules, proved: bool) -> list[str]:
    """What remains to prove once the data agree."""
    if proved:
        return [
            "Nothing new: your formula is the proven one - floor(k*alpha) for A_k, and floor(k*alpha) + "
            f"{'' if rules.a == 1 else f'{rules.a}*'}k = floor(k*beta) for B_k - and the analysis (tutor analyze "
            "wythoff) proves that these pairs are the losing positions for every k.",
        ]
    diff = "k" if rules.a == 1 else f"{rules.a}k"
    return [
        "Agreement up to a bound is evidence, not proof: the formula must hold for every k.",
        f"1. The pairs are pairwise unreachable: no number is in two pairs and the differences B_k - A_k = {diff} "
        "keep every pair on its own diagonal.",
        "2. Every whole number is in some pair (for floor formulas: Beatty's theorem, since "
        "1/alpha + 1/beta = 1 with alpha, beta irrational).",
        "3. Then every position outside the pairs has a move into one (shrink a pile or slide down a diagonal), "
        "so by induction the pairs are exactly the losing positions.",
    ]

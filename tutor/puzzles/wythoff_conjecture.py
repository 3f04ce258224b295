"""The conjecture workbench: test a learner's formula for the losing positions against the table.

A conjecture is a formula in k for the smaller pile ``A_k`` (``floor(k*phi)``),
``B_k = formula`` for the larger pile, or two formulas ``f, g`` for the pair.
It is evaluated exactly (:mod:`tutor.puzzles.wythoff_formula`) for k = 0..M and
compared with the losing pairs of the exhaustive retrograde table
(:mod:`tutor.puzzles.wythoff_table`), which never uses the golden-ratio formula;
beyond the table's reach the proven integer formula takes over.  The answer is
the smallest counterexample, or "holds for every k up to M" plus what a proof
would still need - or, when sympy shows the formula is ``floor(k*alpha)``
itself, a pointer to the proof.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from tutor.errors import InvalidNotation
from tutor.puzzles.wythoff_formula import Node, evaluate, format_formula, parse_formula, to_sympy
from tutor.puzzles.wythoff_rules import Position, Rules, describe_move, p_index, p_position, winning_moves
from tutor.puzzles.wythoff_table import table_p_positions

TABLE_REACH = 6000  # largest pile for which the reference pairs come from the exhaustive table

_TARGET = re.compile(r"^\s*([AaBb])(?:_?k)?\s*=\s*(.*)$", re.DOTALL)


@dataclass(frozen=True)
class Conjecture:
    """A parsed conjecture: which piles it predicts and the formula tree for each."""

    first: Node | None  # formula for A_k, the smaller pile
    second: Node | None  # formula for B_k, the larger pile

    def text(self) -> str:
        """Canonical text: ``A_k = floor(k*phi)``, ``B_k = ...`` or ``A_k = ..., B_k = ...``."""
        parts = []
        if self.first is not None:
            parts.append("A_k = " + format_formula(self.first))
        if self.second is not None:
            parts.append("B_k = " + format_formula(self.second))
        return ", ".join(parts)


def parse_conjecture(text: str) -> Conjecture:
    """Parse ``EXPR``, ``A_k = EXPR``, ``B_k = EXPR`` or ``EXPR, EXPR`` (A_k then B_k)."""
    pieces = text.split(",")
    if len(pieces) > 2:
        raise InvalidNotation(f"conjecture {text!r}: give one formula, or two separated by one comma")
    first: Node | None = None
    second: Node | None = None
    for number, piece in enumerate(pieces):
        match = _TARGET.match(piece)
        target = "a" if len(pieces) == 1 or number == 0 else "b"
        body = piece
        if match:
            target, body = match.group(1).lower(), match.group(2)
        node = parse_formula(body)
        if target == "a":
            if first is not None:
                raise InvalidNotation(f"conjecture {text!r} gives A_k twice")
            first = node
        else:
            if second is not None:
                raise InvalidNotation(f"conjecture {text!r} gives B_k twice")
            second = node
    return Conjecture(first, second)


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


def reference_pairs(rules: Rules, bound: int) -> tuple[list[Position], str]:
    """The losing pairs for k = 0..bound: from the exhaustive table when small enough."""
    largest = p_position(rules, bound)[1]
    if largest <= TABLE_REACH:
        pairs = table_p_positions(rules, largest)[: bound + 1]
        return pairs, "table"
    return [p_position(rules, k) for k in range(bound + 1)], "formula"


def _show(value: Fraction | str) -> str:
    if isinstance(value, str):
        return value
    return str(value)


def check_conjecture(rules: Rules, text: str, bound: int) -> WorkbenchResult:
    """Test the conjecture for k = 0..bound; exact, smallest counterexample first."""
    conjecture = parse_conjecture(text)
    pairs, source = reference_pairs(rules, bound)
    for k, (lo, hi) in enumerate(pairs):
        for which, node, expected in (("A", conjecture.first, lo), ("B", conjecture.second, hi)):
            if node is None:
                continue
            got = evaluate(node, k)
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
    """Whether sympy shows each formula is floor(k*alpha) / floor(k*beta) (normal play only)."""
    if rules.misere:
        return False
    import sympy

    from tutor.puzzles.wythoff_theory import alpha_symbol

    k = sympy.Symbol("k", integer=True, nonnegative=True)
    alpha = alpha_symbol(rules.a)
    for node, factor in ((conjecture.first, alpha), (conjecture.second, alpha + rules.a)):
        if node is None:
            continue
        if node[0] != "call" or node[1] != "floor":
            return False
        inner = to_sympy(node[2]).subs(sympy.GoldenRatio, (1 + sympy.sqrt(5)) / 2)
        try:
            if sympy.simplify(sympy.expand(inner - k * factor)) != 0:
                return False
        except (TypeError, ValueError):  # sympy could not compare: not proved
            return False
    return True


def proof_needs(rules: Rules, proved: bool) -> list[str]:
    """What remains to prove once the data agree."""
    if proved:
        return [
            "Nothing new: your formula is floor(k*alpha) exactly, and the analysis (tutor analyze wythoff) "
            "proves that these pairs are the losing positions for every k.",
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

"""The conjecture workbench as an answer kind: a formula for the losing positions, tested for k = 0..bound.

In Wythoff's game (and its variants) the formula is compared with the proven pairs (``theory.conjecture``); in
the game with the pass (``pass = true``) with the sieve's pairs (``theory.passing``), where no formula is known:
there the kind's reference, for a small bound, is the polynomial through the first pairs (Newton's forward
differences) - a formula that fits them by construction, and claims nothing beyond.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise
from math import factorial

from tutor.puzzles.answers import AnswerKind, Hint, Verdict
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine.passing import pass_p_positions
from tutor.puzzles.wythoff.rules import WythoffGame
from tutor.puzzles.wythoff.rules.formula import (
    ALLOWED,
    MAX_LENGTH,
    SAID_ALLOWED,
    Conjecture,
    FormulaError,
    parse_conjecture,
)
from tutor.puzzles.wythoff.rules.passing import PassGame, PassRules
from tutor.puzzles.wythoff.teach.hints import conjecture_hints, formula_forms, pass_conjecture_hints
from tutor.puzzles.wythoff.teach.questions import BOUND
from tutor.puzzles.wythoff.theory.conjecture import check_conjecture
from tutor.puzzles.wythoff.theory.passing import check_pass_conjecture

FORMULA_WORDS = ["k", "floor(", "ceiling(", "sqrt(", "A_k =", "B_k ="]  # no constant: it may be the next answer
FIT_LIMIT = 8  # the pass game's reference fits a polynomial through at most this many pairs


def fitted(rules: PassRules, bound: int) -> str | None:
    """The polynomial in k through the pass game's smaller piles a_0, ..., a_bound, by Newton's forward
    differences (``k + k*(k - 1)*(k - 2)/6 - ...``); None past ``FIT_LIMIT`` pairs, or when the formula is longer
    than the workbench reads.

    >>> fitted(PassRules(), 4)
    'k + k*(k - 1)*(k - 2)/6 - k*(k - 1)*(k - 2)*(k - 3)/12'
    """
    if bound + 1 > FIT_LIMIT:
        return None
    row = [a for a, _ in pass_p_positions(rules, bound + 1)]
    terms: list[str] = []
    for j in range(bound + 1):
        c = Fraction(row[0], factorial(j))
        row = [b - a for a, b in pairwise(row)]
        if c == 0:
            continue
        factors = [str(abs(c.numerator))] if abs(c.numerator) != 1 or j == 0 else []
        factors += ["k", *(f"(k - {i})" for i in range(1, j))][:j]
        term = "*".join(factors) + (f"/{c.denominator}" if c.denominator != 1 else "")
        terms.append(("- " if c < 0 else "+ " if terms else "") + term)
    text = " ".join(terms) or "0"
    return text if len(text) <= MAX_LENGTH else None


class ConjectureKind(AnswerKind[WythoffGame, Conjecture]):
    """A formula for the losing positions, tested for k = 0..bound."""

    name = "conjecture"
    description = "a formula in k for A_k (or 'B_k = ...', or 'f, g'), true for k = 0..bound"
    args = (BOUND,)

    def parse(self, game: WythoffGame, text: str, args: Args) -> Conjecture:
        """The restricted formula language (never ``eval``); an unknown name is answered with what a formula may
        use, in the lesson's words (no constant named: the lesson may not have revealed it yet)."""
        try:
            return parse_conjecture(text)
        except FormulaError as error:
            if ALLOWED not in str(error):
                raise
            raise FormulaError(str(error).replace(ALLOWED, SAID_ALLOWED), error.offset) from None

    def format(self, game: WythoffGame, answer: Conjecture, args: Args) -> str:
        """``A_k = floor(k*phi)``."""
        return answer.text()

    def check(self, game: WythoffGame, answer: Conjecture, args: Args) -> Verdict:
        """The workbench: holds for k = 0..bound, or the smallest counterexample, explained."""
        if isinstance(game, PassGame):
            result = check_pass_conjecture(game.pass_rules, answer, args["bound"])
        else:
            result = check_conjecture(game.rules, answer, args["bound"])
        detail = "\n".join(result.explanation + result.proof_needs)
        return Verdict(result.holds, result.summary(), detail, result.as_json(), result.conjecture)

    def reference(self, game: WythoffGame, args: Args) -> str | None:
        """The first of the formula's forms (``floor(k*1.6)`` for k = 0..10); None in misère play; in the pass game
        (no formula is known) the polynomial through the pairs, for a small bound."""
        if isinstance(game, PassGame):
            return fitted(game.pass_rules, args["bound"])
        return next(iter(formula_forms(game.rules, args["bound"])), None)

    def gives_away(self, game: WythoffGame, args: Args, text: str, learner: str = "") -> str | None:
        """Whether ``text`` writes out a formula that is the answer (spaces ignored), in any of its forms."""
        said = text.replace(" ", "").replace("`", "")
        forms = [fitted(game.pass_rules, args["bound"]) or ""] if isinstance(game, PassGame) else \
            formula_forms(game.rules, args["bound"])
        return next((f"the formula {form!r}" for form in forms if form and form.replace(" ", "") in said), None)

    def hints(self, game: WythoffGame, args: Args, text: str) -> Sequence[Hint]:
        """Towards floor(k*alpha); in the pass game, towards the pairs the formula must give."""
        if isinstance(game, PassGame):
            return pass_conjecture_hints(game.pass_rules, args["bound"] + 1)
        return conjecture_hints(game.rules, args["bound"])

    def completions(self, game: WythoffGame, args: Args, text: str) -> list[str]:
        """The formula vocabulary."""
        return list(FORMULA_WORDS)

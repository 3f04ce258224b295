"""The theory as lesson values: the limit alpha of A_k / k, and the sympy-checked analysis step by step."""

from __future__ import annotations

from functools import partial
from typing import Any

from tutor.errors import TutorError
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.rules import Rules, WythoffGame
from tutor.puzzles.wythoff.rules.formula import parse_conjecture
from tutor.puzzles.wythoff.theory import PROOF_KEYS, alpha_decimal, alpha_text, proof_text
from tutor.puzzles.wythoff.theory.conjecture import check_conjecture

QUANTITIES = Quantities()

ALPHA_BOUND = 100_000  # the workbench looks this far for the first k where floor(k * c) fails


def alpha_explanation(rules: Rules) -> str:
    """``A_k / k -> alpha``: the two facts that pin it down, and the equation."""
    a = rules.a
    name = "phi" if a == 1 else "alpha"
    return (f"A_k / k tends to a number {name}, and B_k / k to {name} + {a} (because B_k = A_k + "
            f"{'k' if a == 1 else f'{a}k'}). Every whole number is an A or a B, so the A's take a share 1/{name} "
            f"of all numbers and the B's 1/({name} + {a}): 1/{name} + 1/({name} + {a}) = 1, whose positive "
            f"root is {alpha_text(a)}.")


def alpha_reason(rules: Rules, wrong: str) -> str:
    """The first k where floor(k * wrong) misses A_k, from the workbench (without naming alpha)."""
    try:
        conjecture = parse_conjecture(f"floor(k*({wrong}))")
    except TutorError:
        return f"{wrong!r} is not a number the workbench can read."
    result = check_conjecture(rules, conjecture, ALPHA_BOUND)
    if result.counterexample is None:
        return (f"floor(k*({wrong})) matches A_k for k = 0 to {ALPHA_BOUND}, but it is not the exact limit: "
                "only an exact number works for every k.")
    counter: dict[str, Any] = result.counterexample
    k, got, (lo, hi) = counter["k"], counter["got"], counter["expected"]
    side = "too small" if _below(got, lo) else "too large"
    return (f"If A_k / k approached {wrong}, A_k would be floor(k*({wrong})), but at k = {k} that gives {got} "
            f"while losing position number {k} is ({lo}, {hi}): {wrong} is {side}.")


def _below(got: object, truth: int) -> bool:
    try:
        return float(str(got)) < truth
    except ValueError:
        return False


def explain_alpha(game: WythoffGame, args: Args, value: Value) -> str:
    """The equation alpha solves."""
    return alpha_explanation(game.rules)


def refute_alpha(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The workbench's first k where floor(k * wrong) misses A_k."""
    return alpha_reason(game.rules, str(wrong))


@QUANTITIES.register("alpha", "the limit of A_k / k, exactly: '(1 + sqrt(5))/2' for a = 1",
                     explain=explain_alpha, refute=refute_alpha)
def alpha(game: WythoffGame, args: Args) -> str:
    """Simplified by hand, checked against sympy in the tests."""
    return alpha_text(game.rules.a)  # the pass game refuses: its limit is no theorem


def explain_alpha_decimal(game: WythoffGame, args: Args, value: Value) -> str:
    """The exact number, computed to ten decimals with whole numbers."""
    return f"{alpha_explanation(game.rules)} In whole numbers, to ten decimals (cut, not rounded): {value}."


def refute_alpha_decimal(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The workbench's first k where floor(k * wrong) misses A_k."""
    return alpha_reason(game.rules, str(wrong))


@QUANTITIES.register("alpha_decimal", "the limit of A_k / k to ten decimals",
                     explain=explain_alpha_decimal, refute=refute_alpha_decimal)
def alpha_decimal_quantity(game: WythoffGame, args: Args) -> str:
    """Truncated, from whole numbers."""
    return alpha_decimal(game.rules.a)


def explain_proof(game: WythoffGame, args: Args, value: Value) -> str:
    """Where the text comes from: the analysis, each identity checked by sympy."""
    return f"The analysis of {game.rules.describe()}, step by step, each identity checked by sympy."


def refute_proof(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The text itself, to compare."""
    return f"That is not the text of this step; it reads: {value}"


def _proof_step(key: str, game: WythoffGame, args: Args) -> str:
    return proof_text(game.rules, key)


for _key in PROOF_KEYS:
    QUANTITIES.register(f"proof_{_key}", f"the analysis step {_key!r} as text (sympy-checked)",
                        explain=explain_proof, refute=refute_proof)(partial(_proof_step, _key))


@QUANTITIES.register("proof", "the whole step-by-step analysis as text", explain=explain_proof, refute=refute_proof)
def proof(game: WythoffGame, args: Args) -> str:
    """Every step, numbered."""
    return proof_text(game.rules, "all")

"""Why questions work and plans cannot be shorter: sympy logic, the Random bound, the proofs.

* ``logic``  - questions as sympy boolean expressions: translation, simplified
  equivalent, truth table, and when a god answers the first word;
* ``bounds`` - exact lower bounds (what Random leaves after the best first
  question, why one question fewer than the shortest plan cannot work) and the
  role sets no number of questions solves, with a one-line proof;
* ``model``  - what every verdict assumes, and the published variants outside it;
* ``values`` - exact values of conjectures about sets of gods (the workbench's formulas).

The names below are the theory's interface; the layers above use them as ``theory.NAME``.
"""

from __future__ import annotations

from tutor.puzzles.gods.theory.bounds import (
    fewest_decided,
    first_worst_branch,
    impossibility,
    inseparable_pair,
    insufficient,
    never_proof,
    random_gods,
    random_rule,
)
from tutor.puzzles.gods.theory.logic import (
    answer_condition,
    evaluate,
    explain,
    says,
    simplify,
    simplify_in_worlds,
    symbol_name,
    to_sympy,
    valuation,
)
from tutor.puzzles.gods.theory.model import OUTSIDE_MODEL, model, model_lines

__all__ = ["OUTSIDE_MODEL", "answer_condition", "evaluate", "explain", "fewest_decided", "first_worst_branch",
           "impossibility", "inseparable_pair", "insufficient", "model", "model_lines", "never_proof", "random_gods",
           "random_rule", "says", "simplify", "simplify_in_worlds", "symbol_name", "to_sympy", "valuation"]

"""Wythoff's limits: how large an analysis, a table, a sum of boards, a random draw and the workbench's use of
sympy may grow.

Each is checked where the input enters, before the work it guards (docs/limits.md lists them with the
shared ones, tested); the family declares them on its ``Puzzle`` as ``limits``.
"""

from __future__ import annotations

from tutor.limits import Limit

WYTHOFF_UPTO = Limit("wythoff_upto", 1_000_000, "pennies", "the largest pile of analyze wythoff --upto")
TABLE_WORK = Limit("table_work", 400_000_000, "a x (piles + 1)^2",
                   "one exhaustive Wythoff table (analyze --table; the conjecture workbench uses the proven "
                   "formula beyond it): a times the square of the largest pile plus one")
GRUNDY_WORK = Limit("grundy_work", 3_000_000, "cells x (2a - 1)",
                    "the Grundy tables of a sum of Wythoff boards: the cells of every board small enough for a table, "
                    "times 2a - 1")
WYTHOFF_BOARDS = Limit("wythoff_boards", 100, "boards", "boards in one sum of Wythoff boards")
SYMPY_DECISIONS = Limit("sympy_decisions", 300, "values of k",
                        "values of k at which the conjecture workbench needs sympy to decide a floor or ceiling "
                        "exactly (the fast interval arithmetic decides the rest)")
RANDOM_CELLS = Limit("random_cells", 250_000, "positions",
                     "positions shuffled to draw a lesson's random Wythoff position (larger ranges are sampled)")
PASS_UPTO = Limit("wythoff_pass_upto", 1_000_000, "pennies",
                  "the largest pile of Wythoff with a pass (--pass): the sieve of its losing positions")

LIMITS = (WYTHOFF_UPTO, PASS_UPTO, TABLE_WORK, GRUNDY_WORK, WYTHOFF_BOARDS, SYMPY_DECISIONS, RANDOM_CELLS)

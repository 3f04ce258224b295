"""The three gods' limits: the size and nesting of one question, and the depth of a plan.

Each is checked where the input enters, before the work it guards (docs/limits.md lists them with the
shared ones, tested); the family declares them on its ``Puzzle`` as ``limits``.
"""

from __future__ import annotations

from tutor.limits import Limit

QUESTION_TOKENS = Limit("question_tokens", 2_000, "words and symbols", "one question to the gods")
QUESTION_DEPTH = Limit("question_depth", 40, "levels",
                       "nesting inside one question to the gods (parentheses, not, would you say, and/or chains)")
TREE_DEPTH = Limit("tree_depth", 40, "questions", "questions on one path of a plan for the gods")

LIMITS = (QUESTION_TOKENS, QUESTION_DEPTH, TREE_DEPTH)

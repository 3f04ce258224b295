"""``tutor lint``: every problem of every lesson, each with its file, line and column (``checks``, ``problems``)."""

from tutor.lint.checks import lint_paths, lint_problems, misconception_lines, missing_explanations
from tutor.lint.problems import FORMATS, Problem, report

__all__ = ["FORMATS", "Problem", "lint_paths", "lint_problems", "misconception_lines", "missing_explanations",
           "report"]

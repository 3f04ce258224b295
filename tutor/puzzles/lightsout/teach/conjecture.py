"""The ``conjecture`` answer kind: a formula for the nullity of every board of a family, judged by the workbench.

The answer is read by the conjecture language (``rules.formula``) and judged by the workbench (``teach.workbench``):
right when it gives the nullity of every board up to the bound, and then, on K x m boards of the classic rules,
proved for every m where it starts over as the nullity does; wrong with the smallest counterexample, its nullity
from the engine and a basis of its quiet patterns to press, after the wrong idea the formula shows
(``teach.guesses``).  A verdict never writes a formula that holds: only the learner's own and the boards' numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from tutor.errors import TutorError
from tutor.puzzles import giveaway
from tutor.puzzles.answers import AnswerKind, Hint, Level, Rung, Verdict
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.formula import FormulaError, Node, format_formula, parse_formula, variables
from tutor.puzzles.lightsout.teach.guesses import BELIEFS
from tutor.puzzles.lightsout.teach.texts import quiet_boards
from tutor.puzzles.lightsout.teach.workbench import BOARDS, BOUND, fixed_rows, reference_formula, workbench
from tutor.puzzles.options import Args

WORDS = ["n", "m", "floor(", "ceiling(", "mod(", "abs(", "gcd(", "min(", "max("]
QUOTED = re.compile(r"`([^`\n]+)`")  # a formula a text writes out, as lessons and replies quote them
SIDE_M = re.compile(r"(?<![a-z])m(?![a-z])", re.IGNORECASE)  # m itself, not the m of max, min or mod
SHOWN_CELLS = 100  # a counterexample's quiet patterns are drawn on boards up to this many cells


class ConjectureKind(AnswerKind[LightsGame, Node]):
    """A formula in n (or m) for the nullity of every board of the step's family."""

    name = "conjecture"
    description = ("a formula for the nullity of every n x n board (boards = square) or K x m board, K the board's "
                   "rows (boards = rows), checked up to bound, proved for every m where the workbench can")
    args = (BOARDS, BOUND)
    beliefs = BELIEFS

    def parse(self, game: LightsGame, text: str, args: Args) -> Node:
        """The restricted formula language; a formula in m is refused on a step about the n x n boards."""
        formula = parse_formula(text)
        if fixed_rows(game, args) is None and "m" in variables(formula):
            found = SIDE_M.search(text)
            raise FormulaError(f"{text.strip()!r}: this step is about the n x n boards, so the formula is in n "
                               "alone (m is for boards whose rows are fixed)", found.start() if found else 0)
        return formula

    def format(self, game: LightsGame, answer: Node, args: Args) -> str:
        """The canonical text: ``floor(mod(m, 3)/2)``."""
        return format_formula(answer)

    def check(self, game: LightsGame, answer: Node, args: Args) -> Verdict:
        """Holds up to the bound (or for every m), or the smallest counterexample with its quiet patterns drawn."""
        result = workbench(game, answer, args)
        detail = "\n".join(result.explanation + result.proof_needs)
        c = result.counterexample
        if c is not None and c["nullity"] and c["cells"] <= SHOWN_CELLS:
            board = replace(result.rules, rows=c["rows"], cols=c["cols"])
            detail = "\n".join([detail, "A basis of its quiet patterns (X = press), each changing nothing:",
                                quiet_boards(board)])
        return Verdict(result.holds, result.summary(), detail, result.as_json(), format_formula(answer))

    def reference(self, game: LightsGame, args: Args) -> str | None:
        """A formula that holds (``workbench.reference_formula``)."""
        return reference_formula(game, args)

    def gives_away(self, game: LightsGame, args: Args, text: str, learner: str = "") -> str | None:
        """The reference written out, or any formula quoted in ``text`` (between backticks) that the workbench
        judges right here."""
        reference = self.reference(game, args)
        found = giveaway.gives_away(text, reference, learner) if reference else None
        if found:
            return found
        for quoted in QUOTED.findall(text):
            try:
                if quoted.strip() != learner.strip() and self.judge(game, quoted, args).correct:
                    return f"the formula {quoted!r}, which holds here"
            except TutorError:
                continue
        return None

    def hints(self, game: LightsGame, args: Args, text: str) -> Sequence[Hint]:
        """Where to look (the numbers the formula must give), then the pieces a formula is built from."""
        rows = fixed_rows(game, args)
        if rows is None:
            upto = f" up to {args['bound']}" if args["bound"] else ""
            return [Rung(f"Write down the nullity of each n x n board{upto}: the formula must give exactly those "
                         "numbers, in order.", Level.NUDGE),
                    Rung("floor(n/k) is 0 for every n below k and 1 from n = k on; max(0, 1 - abs(n - k)) is 1 at "
                         "n = k and 0 everywhere else. Sums of such pieces, times numbers, can fit any list.",
                         Level.CONCEPT)]
        return [Rung(f"Write down the nullity of the {rows} x m boards for m = 1, 2, 3, ... and look for the place "
                     "where the list starts over.", Level.NUDGE),
                Rung("If the list starts over every d columns, mod(m, d) says where m falls in a repeat; floor(...) "
                     "and max(0, 1 - abs(... - k)) turn that place into the number the board needs.", Level.CONCEPT)]

    def completions(self, game: LightsGame, args: Args, text: str) -> list[str]:
        """The formula vocabulary (m only where the rows are fixed)."""
        return [w for w in WORDS if w != "m" or fixed_rows(game, args) is not None]

    def wrong_answers(self, game: LightsGame, args: Args) -> list[str]:
        """Constant guesses and a side itself: ``0``, ``1``, ``n`` (and ``m``)."""
        said = ["0", "1", "n"] + (["m"] if fixed_rows(game, args) is not None else [])
        return [text for text in said if not self.judge(game, text, args).correct]

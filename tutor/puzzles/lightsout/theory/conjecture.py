"""The conjecture workbench: a learner's formula for the nullity (or rank) of every board, tested against the engine.

A conjecture is a formula (``rules.formula``) in ``n``, for the n x n board,
in ``n`` and ``m``, for the n x m board (n rows, m columns), or in ``m`` with
the rows fixed (``K x m``, where ``n`` is K).  It is valued
exactly for every board up to a bound, smallest first (by the longer side, then
rows, then columns), and compared with what the engine computes for that board:
the chase system's rank for the classic rules, the torus chase for a torus with
plus or hollow presses, full elimination otherwise (``engine.nullity``).  The
answer is the smallest counterexample with its certificate (the engine's
nullity, rank and method, the formula's value, and a basis of the quiet
patterns on a small board, each of which the learner can press and watch change
nothing), or "holds for every board up to N", which is evidence, not a proof.  On the K x m boards of the
classic rules a formula that repeats in m as the nullity does is proved for every m (``theory.periodic``, from
Sutner's theorem): the verdict is then "holds for every m".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from tutor.errors import InvalidParams
from tutor.grammar.formula import Undefined
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules.formula import Node, format_formula, value, variables
from tutor.puzzles.lightsout.rules.grid import Rules
from tutor.puzzles.lightsout.rules.notation import format_board
from tutor.puzzles.lightsout.theory.periodic import Proof, prove_rows
from tutor.screen.text import plural

OF = ("nullity", "rank")  # the numbers a conjecture may be about
CHECK_CELLS = 50_000_000  # cells of every board one workbench run checks, summed
CHECK_TORUS_CELLS = 4_000_000  # the same on a torus, whose chase costs up to ten times more a cell
DEFAULT_BOUND = 100  # the side checked up to when no --bound is given (less where the variant stops sooner)
SHOWN_QUIET = 8  # quiet patterns a counterexample shows
SHOWN_CELLS = 400  # the largest counterexample whose quiet patterns are shown


@dataclass(frozen=True)
class WorkbenchResult:
    """What the workbench found: the conjecture holds on every board checked, or its smallest counterexample."""

    conjecture: str  # canonical: "nullity(n x n) = n - 2*floor(n/3)"
    formula: str
    of: str
    domain: Domain
    rules: Rules  # the variant, its size that of the largest board checked
    holds: bool
    checked_up_to: int  # the largest side checked
    checked: int  # boards checked
    method: str
    counterexample: dict[str, Any] | None
    explanation: list[str] = field(default_factory=list)
    proof_needs: list[str] = field(default_factory=list)
    proved: bool = False  # holds for every board of the domain, not only up to the bound

    def as_json(self) -> dict[str, Any]:
        """The JSON contract of ``tutor check lightsout --conjecture`` (docs/lightsout.md)."""
        return {"conjecture": self.conjecture, "formula": self.formula, "of": self.of, "shape": self.domain.shape,
                "fixed_rows": self.domain.rows,
                "torus": self.rules.torus, "neighbourhood": str(self.rules.neighbourhood),
                "states": self.rules.states, "holds": self.holds, "proved": self.proved,
                "checked_up_to": self.checked_up_to,
                "checked": self.checked, "method": self.method, "counterexample": self.counterexample,
                "explanation": self.explanation, "proof_needs": self.proof_needs}

    def summary(self) -> str:
        """One line: the verdict."""
        sides = {"square": "n", "rectangle": "n and m"}.get(self.domain.shape, "m")
        if self.proved:
            return f"{self.conjecture} holds for every {sides}: proved, not only checked"
        if self.holds:
            return f"{self.conjecture} holds for every {sides} up to {self.checked_up_to} ({self.checked} boards)"
        assert self.counterexample is not None
        c = self.counterexample
        return (f"{self.conjecture} fails first on the {c['rows']}x{c['cols']} board: "
                f"the formula gives {c['got']}, the {self.of} is {c['expected']}")


@dataclass(frozen=True)
class Domain:
    """The boards a conjecture is about: ``n x n``, ``n x m``, or ``K x m`` with the rows fixed at K."""

    shape: str  # "square", "rectangle" or "rows"
    rows: int | None = None  # K, for "rows"

    @staticmethod
    def of(formula: Node, rows: int | None) -> Domain:
        """The domain a formula names: fixed rows if given, else n x m when it uses m, else n x n."""
        if rows is not None:
            return Domain("rows", rows)
        return Domain("rectangle" if "m" in variables(formula) else "square")

    @property
    def label(self) -> str:
        """The boards in words: ``n x n``, ``n x m`` or ``3 x m``."""
        return {"square": "n x n", "rectangle": "n x m"}.get(self.shape, f"{self.rows} x m")

    def boards(self, bound: int) -> Iterator[tuple[int, int]]:
        """Every board up to ``bound``, smallest first (by the longer side, then rows, then columns).

        >>> list(Domain("rectangle").boards(2)), list(Domain("rows", 3).boards(2))
        ([(1, 1), (1, 2), (2, 1), (2, 2)], [(3, 1), (3, 2)])
        """
        for side in range(1, bound + 1):
            if self.rows is not None:
                yield self.rows, side
            elif self.shape == "square":
                yield side, side
            else:
                yield from ((r, side) for r in range(1, side))
                yield from ((side, c) for c in range(1, side + 1))

    def cells(self, bound: int) -> int:
        """The cells of every board up to ``bound``, summed (the work of one run).

        >>> Domain("square").cells(3), Domain("rectangle").cells(2), Domain("rows", 2).cells(3)
        (14, 9, 12)
        """
        if self.rows is not None:
            return self.rows * bound * (bound + 1) // 2
        if self.shape == "rectangle":
            return (bound * (bound + 1) // 2) ** 2
        return bound * (bound + 1) * (2 * bound + 1) // 6


def default_bound(variant: Rules, domain: Domain) -> int:
    """``DEFAULT_BOUND``, or less where the variant's method or the workbench's limit stops sooner."""
    for bound in range(DEFAULT_BOUND, 0, -1):
        try:
            check_bound(variant, domain, bound)
        except InvalidParams:
            continue
        return bound
    return 1  # a 1 x 1 board is within every limit: check_bound says why not if ever it is not


def check_bound(variant: Rules, domain: Domain, bound: int) -> None:
    """Refuse a bound whose boards are too many cells in all, or too large for the variant's method."""
    total, most = domain.cells(bound), CHECK_TORUS_CELLS if variant.torus else CHECK_CELLS
    if total > most:
        reach = max((b for b in range(1, bound) if domain.cells(b) <= most), default=0)
        raise InvalidParams(f"--bound {bound}: the {domain.label} boards up to it have {total:,} cells in all, "
                            f"over the workbench's limit of {most:,}{' on a torus' if variant.torus else ''} "
                            "(docs/limits.md)"
                            + (f"; --bound {reach} is within it" if reach else ""))
    rows = domain.rows or bound
    try:
        engine.check_size(replace(variant, rows=rows, cols=bound))
    except InvalidParams as err:
        raise InvalidParams(f"--bound {bound}: {err}") from None


def check_conjecture(variant: Rules, formula: Node, of: str, bound: int | None = None,
                     rows: int | None = None) -> WorkbenchResult:
    """Test ``formula`` for the ``of`` of every board of the variant up to ``bound``; smallest counterexample first.

    ``variant`` gives the torus, neighbourhood and states (its size is ignored); ``rows`` fixes the rows; no
    ``bound`` is ``default_bound``.
    """
    if of not in OF:
        raise InvalidParams(f"--of must be one of {', '.join(OF)}, not {of!r}")
    domain = Domain.of(formula, rows)
    if bound is None:
        bound = default_bound(variant, domain)
    check_bound(variant, domain, bound)
    text = format_formula(formula)
    conjecture = f"{of}({domain.label}) = {text}"
    checked, method = 0, ""
    for rules, nullity, method in sweep(variant, domain, bound):
        expected = nullity if of == "nullity" else rules.cells - nullity
        got = _valued(formula, rules.rows, rules.cols)
        checked += 1
        if got != str(expected):
            counter = certificate(rules, expected, got, nullity, method)
            return WorkbenchResult(conjecture, text, of, domain, rules, False, bound, checked, method, counter,
                                   explain(rules, of, expected, got, nullity, method))
    largest = replace(variant, rows=domain.rows or bound, cols=bound)
    said = [f"Checked every {domain.label} board with sides up to {bound} ({checked} boards) against the engine "
            f"({method}): the formula gives the {of} of each."]
    proof = prove_rows(formula, domain.rows, of) if domain.rows is not None and variant.classic else None
    if proof is not None:
        return WorkbenchResult(conjecture, text, of, domain, largest, True, bound, checked, method, None,
                               [*said, *proved(domain.rows or 0, of, proof)], [], proved=True)
    return WorkbenchResult(conjecture, text, of, domain, largest, True, bound, checked, method, None, said,
                           proof_needs(variant))


def proved(rows: int, of: str, proof: Proof) -> list[str]:
    """The proof for every m, in steps: why the nullity repeats, that the formula repeats, one whole repeat checked."""
    d, q, span = proof.nullity_period, proof.formula_period, proof.checked
    part = "" if of == "nullity" else f" after taking away {rows}*m (the rank is {rows}*m less the nullity)"
    return [f"Sutner's theorem: the nullity of {rows} x m is deg gcd(f_m(x), f_{rows}(x + 1)) over GF(2). Taken "
            f"mod f_{rows}(x + 1), the pair f_m, f_(m+1) comes back to where it started, so the nullity repeats "
            f"every {plural(d, 'column')} (docs/lightsout.md, 'The conjecture workbench').",
            f"Your formula repeats every {plural(q, 'column')}{part}, so both depend only on m mod {span}; they "
            f"agree on m = 1 to {span}, so they agree on every m."]


def sweep(variant: Rules, domain: Domain, bound: int) -> Iterator[tuple[Rules, int, str]]:
    """Each board of the domain up to ``bound``, smallest first, with its nullity and the engine's method."""
    for n, m in domain.boards(bound):
        rules = replace(variant, rows=n, cols=m)
        nullity, method = engine.nullity(rules)
        yield rules, nullity, method


def _valued(formula: Node, rows: int, cols: int) -> str:
    """The formula's value at a board as text: ``"4"``, ``"7/2"``, or ``"undefined (a division by zero)"``."""
    try:
        return str(value(formula, {"n": rows, "m": cols}))
    except Undefined as why:
        return f"undefined ({why})"


def certificate(rules: Rules, expected: int, got: str, nullity: int, method: str) -> dict[str, Any]:
    """The counterexample as JSON: the board, the engine's numbers, the formula's value, and quiet patterns to try."""
    shown = []
    if nullity and rules.cells <= SHOWN_CELLS:
        shown = [format_board(rules, q) for q in engine.analyze(rules).quiet[:SHOWN_QUIET]]
    return {"n": rules.rows, "m": rules.cols, "rows": rules.rows, "cols": rules.cols, "expected": expected,
            "got": got, "nullity": nullity, "rank": rules.cells - nullity, "cells": rules.cells, "method": method,
            "quiet_patterns": shown}


def explain(rules: Rules, of: str, expected: int, got: str, nullity: int, method: str) -> list[str]:
    """Steps a learner can follow: what the formula says, what the engine found, and how to see it by hand."""
    board = f"{rules.rows}x{rules.cols}"
    lines = [f"On the {board} board (n = {rules.rows}" + ("" if rules.rows == rules.cols else f", m = {rules.cols}")
             + f") your formula gives {got}.",
             f"The engine ({method}) finds rank {rules.cells - nullity} of {rules.cells} cells, so nullity "
             f"{nullity}" + (f": the {of} is {expected}." if of != "nullity" else ".")]
    if nullity:
        k = rules.states
        lines.append(f"Its {k**nullity if nullity < 40 else f'{k}^{nullity}'} quiet patterns (press sets that change "
                     f"nothing) come from {nullity} independent one{'' if nullity == 1 else 's'}: "
                     f"`tutor analyze lightsout --size {board}{_flags(rules)}` lists them; "
                     "press one and watch the board stay as it is.")
    else:
        lines.append("It has no quiet pattern other than pressing nothing: every board of this shape has exactly "
                     "one solution.")
    if "/" in got and not got.startswith("undefined"):
        lines.append(f"A {of} is a whole number, so the formula cannot be right here.")
    return lines


def _flags(rules: Rules) -> str:
    """The variant flags that name these rules on the command line: `` --torus --states 3``."""
    return ((" --torus" if rules.torus else "")
            + (f" --neighbourhood {rules.neighbourhood}" if rules.neighbourhood != "plus" else "")
            + (f" --states {rules.states}" if rules.states != 2 else ""))


def proof_needs(variant: Rules) -> list[str]:
    """What remains to prove once every board checked agrees."""
    needs = ["Agreement up to a bound is evidence, not proof: the formula must hold for every board."]
    if variant.classic:
        needs.append("For the classic board the nullity of n x m is deg gcd(f_n(x), f_m(x + 1)) over GF(2), with "
                     "f_0 = 1, f_1 = x, f_(k+1) = x f_k + f_(k-1) (Sutner): a proof shows the formula equals that "
                     "degree for every n (tutor analyze lightsout shows the polynomial check).")
    else:
        needs.append("The nullity is the dimension of the quiet patterns: a proof exhibits that many independent "
                     "quiet patterns for every size and shows there are no more.")
    return needs

"""The coin conjecture workbench: a learner's formula in N and K, for which tables can be won, for the shortest
sure win, or for which blind bartenders can ring the bell, tested against the theorems of docs/coins.md on every
table up to a bound.

Each (N, K) with 1 <= N <= bound and 2 <= K <= bound, smallest first (by the larger of N and K,
then N, then K), is decided by the theorem (``theorem.decide``: arithmetic, and proved both ways
in docs/coins.md; the exhaustive belief search agrees with it wherever it runs, which the tests
check).  A formula for ``winnable`` must come to 1 (true) or 0 (false); one for ``shortest`` is
compared on the winnable tables only.  The verdict is the smallest counterexample with its
certificate - the engine's evidence for that table (``decide``): a shortest strategy, or the
Devil's trap or invariant - or "holds for every table up to the bound", which is evidence, not a
proof.  When the formula is, in canonical form, the theorem's own statement (``THEOREMS``), the
verdict is "holds for every table", citing the theorem.

``touch`` is the blind bartender's game (``engine.touch``): K is the number of positions touched a
move, 1 <= K <= N, coins with two faces, the Devil turns the table and the bell rings when the coins
are all alike.  Ehrenborg and Skinner's condition decides each (N, K); the certificate is the
exhaustive belief search up to ``touch_positions`` positions, else the fewest positions their
theorem says must be touched on N.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from tutor.errors import InvalidParams
from tutor.grammar.formula import Undefined
from tutor.puzzles.coins.engine.touch import least_touch
from tutor.puzzles.coins.engine.touch import solve as touch_search
from tutor.puzzles.coins.engine.touch import theorem_winnable as touch_winnable
from tutor.puzzles.coins.limits import TOUCH_POSITIONS
from tutor.puzzles.coins.rules import format_strategy, model
from tutor.puzzles.coins.rules.formula import Node, format_formula, parse_formula, value
from tutor.puzzles.coins.theory import decide
from tutor.puzzles.coins.theory.theorem import decide as theorem

OF = ("winnable", "shortest", "touch")
DEFAULT_BOUND = 32  # N and K checked up to this when no --bound is given
SHOWN_MOVES = 255  # a counterexample's strategy is listed up to this many moves

# The theorem (docs/coins.md, "The whole theorem") in the workbench's language, by (of, symmetry, goal):
# a formula that is one of these, in canonical form, holds for every table, not only up to the bound.
_WIN = "N = 1 or rad(N) = rad(K) and isprime(rad(K))"
THEOREMS = {
    ("winnable", "rotation"): _WIN,
    ("winnable", "dihedral"): f"{_WIN} and (N <= 2 or rad(K) = 2)",
    ("shortest", "heads"): "K^N - 1",
    ("shortest", "same"): "K^(N - 1) - 1",
    ("touch", "same"): "K >= N - N/gpf(N)",  # Ehrenborg and Skinner: K >= (1 - 1/p) N, p the largest prime of N
}
TOUCH_ONLY = ("--of touch is the blind bartender's game: two faces, the Devil only turns the table, and the bell "
              "rings when the coins are all alike (--goal same; no --symmetry)")


@dataclass(frozen=True)
class ConjectureResult:
    """The workbench's verdict: holds for every table checked (or proved), or its smallest counterexample."""

    conjecture: str
    formula: str
    of: str
    symmetry: str
    goal: str
    holds: bool
    proved: bool  # the formula is the theorem's statement: it holds for every N and K
    checked_up_to: int
    checked: int
    counterexample: dict[str, Any] | None
    explanation: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The JSON contract of ``tutor check coins --conjecture`` (docs/coins.md)."""
        return {"conjecture": self.conjecture, "formula": self.formula, "of": self.of, "symmetry": self.symmetry,
                "goal": self.goal, "holds": self.holds, "proved": self.proved, "checked_up_to": self.checked_up_to,
                "checked": self.checked, "counterexample": self.counterexample, "explanation": self.explanation}

    def summary(self) -> str:
        """One line: the verdict."""
        if self.proved:
            return f"{self.conjecture} holds for every N and K: it is the theorem of docs/coins.md"
        if self.holds:
            return (f"{self.conjecture} holds for every N and K up to {self.checked_up_to} "
                    f"({self.checked} tables checked)")
        c = self.counterexample
        assert c is not None
        truth = (f"the table {'can' if c['expected'] == 'true' else 'cannot'} be won" if self.of == "winnable"
                 else f"the bartender {'can' if c['expected'] == 'true' else 'cannot'} be sure to ring the bell"
                 if self.of == "touch" else f"the shortest sure win has {c['expected']} moves")
        return f"{self.conjecture} fails first at N = {c['n']}, K = {c['k']}: the formula gives {c['got']}, {truth}"


def tables(bound: int, of: str = "winnable") -> Iterator[tuple[int, int]]:
    """Every (N, K) up to ``bound``, smallest first: by the larger of the two, then N, then K; for ``touch``, every
    K from 1 to N, by N then K.

    >>> list(tables(3))
    [(1, 2), (2, 2), (1, 3), (2, 3), (3, 2), (3, 3)]
    >>> list(tables(3, "touch"))
    [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)]
    """
    if of == "touch":
        yield from ((n, k) for n in range(1, bound + 1) for k in range(1, n + 1))
        return
    for size in range(2, bound + 1):
        yield from ((n, size) for n in range(1, size))
        yield from ((size, k) for k in range(2, size + 1))


def _valued(formula: Node, n: int, k: int, of: str) -> str:
    """The formula's value as text: ``"1"``, ``"7/2"``, ``"undefined (a division by zero)"``."""
    try:
        got = value(formula, {"n": n, "k": k})
    except Undefined as why:
        return f"undefined ({why})"
    if of != "shortest" and got not in (0, 1):
        return f"{got} (neither true nor false)"
    return "true" if of != "shortest" and got == 1 else "false" if of != "shortest" else str(got)


_CHECKED = {"winnable": "N and K up to {bound} ({checked} tables): the formula says which can be won",
            "shortest": "N and K up to {bound} that can be won ({checked} tables): the formula gives each one's "
                        "shortest sure win",
            "touch": "N positions and K touched up to {bound} ({checked} tables): the formula says where the "
                     "bartender can be sure to ring the bell"}


def _truth(n: int, k: int, of: str, dihedral: bool, goal: str) -> str | None:
    """What the formula must give at (N, K), as text; None where it is not compared (no shortest win)."""
    if of == "touch":
        return "true" if touch_winnable(n, k) else "false"
    d = theorem(n, k, dihedral, goal)
    if of == "winnable":
        return "true" if d.winnable else "false"
    return None if d.length is None else str(d.length.json())


def check_conjecture(formula: Node, of: str, symmetry: str = "rotation", goal: str = "heads",
                     bound: int | None = None) -> ConjectureResult:
    """Test ``formula`` for ``of`` on every table up to ``bound``, against the theorem; smallest counterexample first.

    >>> check_conjecture(parse_formula("K^N - 1"), "shortest").proved
    True
    >>> check_conjecture(parse_formula("isprime(K)"), "winnable").counterexample["n"]
    2
    >>> check_conjecture(parse_formula("K >= N/2"), "touch", goal="same").counterexample["n"]
    5
    """
    if of == "touch" and (symmetry != "rotation" or goal != "same"):
        raise InvalidParams(TOUCH_ONLY)
    bound = DEFAULT_BOUND if bound is None else bound
    dihedral = symmetry == "dihedral"
    text = format_formula(formula)
    conjecture = f"{of}(N, K) = {text}"
    checked = 0
    for n, k in tables(bound, of):
        expected = _truth(n, k, of, dihedral, goal)
        if expected is None:
            continue
        got = _valued(formula, n, k, of)
        checked += 1
        if got != expected:
            found = touch_certificate(n, k, expected, got) if of == "touch" else \
                certificate(n, k, dihedral, goal, expected, got)
            return ConjectureResult(conjecture, text, of, symmetry, goal, False, False, bound, checked, found,
                                    explain(n, k, of, expected, got, dihedral, goal))
    proved = THEOREMS.get((of, symmetry if of == "winnable" else goal)) == text
    said = [f"Checked against the theorem every table with {_CHECKED[of].format(bound=bound, checked=checked)}."]
    said.append("It is the theorem's own statement (docs/coins.md), proved for every N and K."
                if proved else "Agreement up to a bound is evidence, not proof: the theorem in docs/coins.md "
                               "says what holds for every N and K.")
    return ConjectureResult(conjecture, text, of, symmetry, goal, True, proved, bound, checked, None, said)


def same_values(first: Node, second: Node, of: str, symmetry: str = "rotation", goal: str = "heads",
                bound: int | None = None) -> bool:
    """Whether two formulas give the same value on every table the workbench compares for ``of`` up to ``bound``
    (a wrong idea's formula against a learner's: the learner holds the idea).

    >>> same_values(parse_formula("K^N - 1"), parse_formula("K^N - 2 + 1"), "shortest")
    True
    """
    bound = DEFAULT_BOUND if bound is None else bound
    return _values(first, of, symmetry, goal, bound) == _values(second, of, symmetry, goal, bound)


@lru_cache(maxsize=512)
def _values(formula: Node, of: str, symmetry: str, goal: str, bound: int) -> tuple[str, ...]:
    """The formula's values on every table the workbench compares, in order (a wrong idea's formula is met again
    for every answer it is compared with: its values are worked out once)."""
    dihedral = symmetry == "dihedral"
    return tuple(_valued(formula, n, k, of) for n, k in tables(bound, of)
                 if _truth(n, k, of, dihedral, goal) is not None)


def certificate(n: int, k: int, dihedral: bool, goal: str, expected: str, got: str) -> dict[str, Any]:
    """The counterexample as JSON: the table, both values, and the engine's evidence for it."""
    sol = decide(model(n, k, dihedral, goal))
    out: dict[str, Any] = {"n": n, "k": k, "expected": expected, "got": got, "winnable": sol.solvable,
                           "method": sol.method, "reason": sol.reason, "strategy": None,
                           "trap": list(sol.trap) or None,
                           "invariant": None if sol.decision.invariant is None else sol.decision.invariant.json()}
    if sol.shortest is not None and sol.shortest <= SHOWN_MOVES and sol.strategy is not None:
        out["strategy"] = format_strategy(sol.strategy, k)
    return out


def touch_certificate(n: int, k: int, expected: str, got: str) -> dict[str, Any]:
    """A bartender's counterexample as JSON: the exhaustive belief search's verdict up to touch_positions
    positions (which must agree with the theorem), else the fewest positions the theorem says to touch on N."""
    wins = expected == "true"
    out: dict[str, Any] = {"n": n, "k": k, "expected": expected, "got": got, "winnable": wins, "method": "theorem",
                           "reason": "", "strategy": None, "trap": None, "invariant": None, "rounds": None}
    if n <= TOUCH_POSITIONS.value:
        found = touch_search(n, k, "same")
        if found.winnable != wins:
            raise AssertionError(f"the touch search and the theorem disagree on N = {n}, K = {k}")
        out.update(method="search", rounds=found.rounds, reason=(
            f"the exhaustive belief search over {found.beliefs:,} beliefs finds a sure win touching {k} of {n} "
            f"positions a move, in {found.rounds} moves at most" if wins else
            f"the exhaustive belief search over {found.beliefs:,} beliefs finds no sure win touching {k} of {n} "
            "positions a move: the Devil can keep the bell from ringing forever"))
    else:
        out["reason"] = (f"Ehrenborg and Skinner's theorem: on {n} positions a sure win needs {least_touch(n)} "
                         "positions touched a move, and that many suffice")
    return out


def explain(n: int, k: int, of: str, expected: str, got: str, dihedral: bool, goal: str) -> list[str]:
    """Steps a learner can follow to see the counterexample for themselves."""
    if of == "touch":
        can = "can" if expected == "true" else "cannot"
        return [f"At N = {n}, K = {k} your formula gives {got}; touching {k} of {n} positions a move, the bartender "
                f"{can} be sure to ring the bell.",
                f"`tutor solve coins --coins {n} --touch {k} --goal same` shows the evidence: the belief search's "
                "verdict, or the theorem's."]
    flags = (" --symmetry dihedral" if dihedral else "") + (" --goal same" if goal == "same" else "")
    return [f"At N = {n}, K = {k} your formula gives {got}; the theorem's {of} is {expected}.",
            f"`tutor solve coins --coins {n} --sides {k}{flags}` shows the evidence: a shortest strategy to check, or "
            "the Devil's trap or invariant that keeps the game going forever."]


__all__ = ["DEFAULT_BOUND", "OF", "THEOREMS", "ConjectureResult", "check_conjecture", "parse_formula", "same_values"]

"""Wythoff's game: two piles of pennies, the losing positions and the golden ratio.

Modules, in the order imports flow (the same roles in every family):

* ``limits`` - the family's limits on input sizes (docs/limits.md), below every layer;
* ``rules``  - the game object (``rules.passing.PassGame`` with ``pass = true``), positions, moves, sums of
  boards and their notations;
  ``rules.formula``, the restricted language of conjecture formulas;
* ``engine`` - the losing positions by exact integer formulas, winning moves, remoteness,
  sums of boards, the computer player; ``engine.table``, exhaustive retrograde tables and Grundy values;
* ``theory`` - the sympy-checked proof and the limit alpha; ``theory.evaluate``, exact values
  of formulas; ``theory.conjecture``, the workbench that tests them against the table;
* ``teach``  - ``teach.kinds``, answer kinds; ``teach.quantities``, lesson values with their reasons;
  ``teach.play``, games against the computer; ``teach.pictures``, the board drawn; and helpers
  (question arguments, verdicts, reasons, hint ladders);
* ``cli``    - the command-line reports and their JSON contract.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tutor.errors import InvalidParams, TutorError
from tutor.puzzles.base import Option, Puzzle, Sample
from tutor.puzzles.computed import explanation
from tutor.puzzles.options import NO_ARGS, Args
from tutor.puzzles.wythoff.cli import COMMANDS
from tutor.puzzles.wythoff.engine import outcome, p_positions_upto
from tutor.puzzles.wythoff.engine.passing import pass_losing, pass_p_positions_upto
from tutor.puzzles.wythoff.limits import LIMITS, RANDOM_CELLS
from tutor.puzzles.wythoff.rules import Position, Rules, WythoffGame, format_position
from tutor.puzzles.wythoff.rules.passing import PassGame, PassRules
from tutor.puzzles.wythoff.teach.kinds import KINDS
from tutor.puzzles.wythoff.teach.plays import PLAYS
from tutor.puzzles.wythoff.teach.quantities import QUANTITIES
from tutor.puzzles.wythoff.teach.skills import SKILLS

__all__ = ["Wythoff"]  # the family's Puzzle, named by its entry point in pyproject.toml

RANDOM_PILE_LIMIT = 10_000  # largest pile of a lesson's random position


class Wythoff(Puzzle[WythoffGame]):
    """Wythoff's game: exact losing positions, golden-ratio analysis, workbench, play."""

    name = "wythoff"
    title = "Wythoff's game"
    order = 2
    limits = LIMITS
    skills = SKILLS
    summary = ("two piles of pennies; take from one pile or the same from both; "
               "the losing positions follow the golden ratio")
    params = (
        Option("position", str, "", "the piles, 'A,B' (or a sum of boards 'A,B + C,D')", metavar="A,B"),
        Option("misere", bool, False, "misère play: whoever takes the last penny loses"),
        Option("a", int, 1, "Fraenkel's a-Wythoff: a two-pile move takes amounts differing by less than a",
               minimum=1, maximum=1000, metavar="N"),
        Option("pass", bool, False, "Wythoff with a pass: one pass per game, shared by both players, not allowed "
                                   "at (0, 0) (HikaruManabe/Wythoff-with-a-pass)"),
        Option("pass_at_end", bool, False, "with --pass: the pass is allowed at (0, 0) too (Wythoff plus a "
                                          "one-penny Nim heap)"),
    )
    kinds = KINDS
    quantities = QUANTITIES
    commands = COMMANDS
    play = PLAYS
    skeleton_params = {"position": "8,14"}  # a winning position: its winning move is the skeleton's whole answer
    samples = (
        Sample({"position": "8,14"}, {"index": 5, "count": 12, "min_total": 20, "max_total": 30, "bound": 300}),
        Sample({"position": "10,15"}, {"first": "computer"}),
        Sample({"position": "4,6", "misere": True}),
        Sample({"position": "3,5 + 4,6"}),
        Sample({"position": "1,1 + 0,3"}),
        Sample({"position": "5,9", "a": 2}, {"bound": 100}),
        Sample({"position": "30,40"}, {"blunder": 50}),
        Sample({}, {"size": 12}),
        Sample({"position": "3,5", "pass": True}, {"index": 3, "count": 6}),
        Sample({"position": "0,0", "pass": True, "pass_at_end": True}),
    )

    def build(self, values: Args) -> WythoffGame:
        """The game; positions must parse, and sums of boards need normal play; the pass game one board."""
        if values["pass_at_end"] and not values["pass"]:
            raise InvalidParams("pass_at_end (--pass-at-end) changes the pass game: give it with pass (--pass)")
        if values["pass"]:
            return PassGame(values["position"], values["misere"], values["a"], values["pass_at_end"])
        return WythoffGame(values["position"], values["misere"], values["a"])

    def warm(self) -> None:
        """The symbolic analysis of plain Wythoff (sympy's simplify: about 0.4 s at first, import included), which
        the lessons' proof steps show."""
        from tutor.puzzles.wythoff.theory import proof_text

        proof_text(Rules(), "all")

    def values(self, game: WythoffGame) -> dict[str, Any]:
        """The parameters, the pass among them (``pass`` is no attribute name: the game's type says it)."""
        at_end = game.at_end if isinstance(game, PassGame) else False
        return {"position": game.position, "misere": game.misere, "a": game.a, "pass": isinstance(game, PassGame),
                "pass_at_end": at_end}

    def no_answer(self, game: WythoffGame, kind: str, args: Mapping[str, Any] = NO_ARGS) -> str | None:
        """A winning move, or a game to win from the start, needs a winning position: from a losing one, the
        reply to every move says why there is none."""
        if kind not in ("move", "play"):
            return None
        name = "pass_outcome" if isinstance(game, PassGame) else "outcome"
        try:
            if self.compute(game, name) != "lose":
                return None
            return explanation(self.quantities[name], game, NO_ARGS)
        except TutorError:
            return None

    def random_param(self, name: str, spec: Mapping[str, Any], rng: random.Random,
                     fixed: Mapping[str, Any]) -> Any:
        """``position = {random = "win" | "lose" | "any", max = 30, min = 1}``: a random start of that outcome
        for the player to move (under the lesson's ``a`` and ``misere``), piles between min and max."""
        if name != "position":
            return super().random_param(name, spec, rng, fixed)
        unknown = sorted(set(spec) - {"random", "max", "min"})
        want = spec.get("random")
        if unknown or want not in ("win", "lose", "any"):
            raise InvalidParams(f"position: a random position is {{random = \"win\" | \"lose\" | \"any\", "
                                f"max = N, min = N}}, not {dict(spec)!r}")
        low, high = spec.get("min", 1), spec.get("max", 30)
        if not isinstance(low, int) or not isinstance(high, int) or not 0 <= low <= high <= RANDOM_PILE_LIMIT:
            raise InvalidParams(f"position: need whole numbers 0 <= min <= max <= 10000, not {dict(spec)!r}")
        if fixed.get("pass"):
            return format_position(_draw_passing(PassRules(bool(fixed.get("pass_at_end"))), want, low, high, rng))
        rules = Rules(a=int(fixed.get("a", 1)), misere=bool(fixed.get("misere", False)))
        if (high - low + 1) ** 2 > RANDOM_CELLS.value:  # too many to shuffle: draw them, never list them all
            return format_position(_draw_large(rules, want, low, high, rng))
        cells = [(x, y) for x in range(low, high + 1) for y in range(low, high + 1)
                 if not (rules.misere is False and x == y == 0)]
        rng.shuffle(cells)
        for pos in cells:
            if want == "any" or outcome(rules, pos) == want:
                return format_position(pos)
        raise InvalidParams(f"position: no {want!r} position with piles from {low} to {high}")


def _draw_large(rules: Rules, want: str, low: int, high: int, rng: random.Random) -> Position:
    """A uniform random position of outcome ``want`` with piles in ``low..high``, for ranges too large to list.

    Losing positions are few (about two per row): they are listed by the formula and one is picked.
    Winning ones are most of the square: draws are rejected until one wins.
    """
    if want == "lose":
        pairs = [p for p in p_positions_upto(rules, high) if p[0] >= low]
        both = sorted({q for a, b in pairs for q in ((a, b), (b, a))})
        if not both:
            raise InvalidParams(f"position: no 'lose' position with piles from {low} to {high}")
        return rng.choice(both)
    while True:  # a range this large is mostly winning positions: a handful of draws suffices
        pos = (rng.randint(low, high), rng.randint(low, high))
        if want == "any" or outcome(rules, pos) == want:
            return pos


def _draw_passing(rules: PassRules, want: str, low: int, high: int, rng: random.Random) -> Position:
    """A random position of the pass game (the pass left) of outcome ``want``, piles in ``low..high``: a losing
    one picked from the sieve's pairs (about two per row), a winning one drawn until one wins (most cells do)."""
    if want == "lose":
        pairs = [p for p in pass_p_positions_upto(rules, high) if p[0] >= low]
        both = sorted({q for a, b in pairs for q in ((a, b), (b, a))})
        if not both:
            raise InvalidParams(f"position: no 'lose' position of the pass game with piles from {low} to {high}")
        return rng.choice(both)
    for _ in range(200):
        pos = (rng.randint(low, high), rng.randint(low, high))
        if want == "any" or not pass_losing(rules, (*pos, 1)):
            return pos
    raise InvalidParams(f"position: no {want!r} position of the pass game with piles from {low} to {high}")

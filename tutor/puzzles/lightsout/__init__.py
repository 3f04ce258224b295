"""Lights Out (the "heads up" coin grid): press cells to darken a board, by chasing and by linear algebra.

Pressing a cell toggles it and its neighbours; make every cell dark.  A board
is a linear system over GF(2) (GF(p) with p states): rank, nullity, quiet
patterns, one solution, the fewest presses.  Classic boards are solved by
bit-parallel light chasing, which handles 1000 x 1000 in well under a second.

Modules, in the order imports flow (the same roles in every family):

* ``limits`` - the family's limits on input sizes (docs/limits.md), below every layer;
* ``rules``  - the game object, boards, cells and presses, and their notation (parse/format pairs);
* ``engine`` - solving over GF(2) and GF(p), the bit-parallel chase, the fewest presses;
* ``theory`` - the polynomial nullity over GF(2), and the press matrix seen through sympy;
* ``teach``  - verdicts, hint ladders, answer kinds, lesson quantities and texts, play;
* ``cli``    - the command-line reports and their JSON contract (docs/lightsout.md).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tutor.errors import InvalidParams, TutorError
from tutor.puzzles.base import Option, Puzzle, Sample
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.cli import COMMANDS
from tutor.puzzles.lightsout.limits import LIMITS
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import NEIGHBOURHOOD_HELP, NEIGHBOURHOODS, random_board
from tutor.puzzles.lightsout.rules.notation import format_board
from tutor.puzzles.lightsout.teach.kinds import KINDS
from tutor.puzzles.lightsout.teach.play import PLAY
from tutor.puzzles.lightsout.teach.quantities import QUANTITIES
from tutor.puzzles.lightsout.teach.skills import SKILLS
from tutor.puzzles.options import NO_ARGS, Args

__all__ = ["LightsOut"]  # the family's Puzzle, named by its entry point in pyproject.toml


class LightsOut(Puzzle[LightsGame]):
    """Lights Out on m x n boards, with torus, other neighbourhoods and k states."""

    name = "lightsout"
    title = "Lights Out (heads up)"
    order = 4
    limits = LIMITS
    skills = SKILLS
    summary = "press cells to darken a grid: light chasing, then linear algebra over GF(2)"
    params = (
        Option("size", str, "", "board size ROWSxCOLS (default: the board's own size, else 5x5)"),
        Option("board", str, "all-on",
               "the board: rows of X (lit) and . (dark) separated by / or newlines; "
               "all-on, all-off, random, @FILE or - (standard input)", readable=True),
        Option("torus", bool, False, "wrap around the edges"),
        Option("neighbourhood", str, "plus", "what a press changes: "
               + "; ".join(f"{k}: {v}" for k, v in NEIGHBOURHOOD_HELP.items()),
               choices=tuple(NEIGHBOURHOODS)),
        Option("states", int, 2, "states per cell (a prime; each press adds 1 mod states)", minimum=2, maximum=10),
        Option("seed", int, 0, "seed for --board random"),
        Option("any_board", bool, False, "let --board random draw unsolvable boards too"),
    )
    kinds = KINDS
    quantities = QUANTITIES
    commands = COMMANDS
    play = PLAY
    skeleton_params = {"size": "5x5"}  # the classic board, spelt out
    # Small boards, so random presses darken them soon.  None of them needs zero presses for any kind:
    # the empty answer means "no presses" here (not garbage), and is right wherever none are needed.
    samples = (
        Sample({"size": "2x2"}, {"row": 1}),
        Sample({"size": "2x3"}, {"row": 1}),
        Sample({"size": "4x1"}, {"row": 1}),
        Sample({"size": "2x3", "torus": True}),
        Sample({"size": "2x2", "states": 3, "board": "random", "seed": 1}, {"row": 1}),
        Sample({"size": "2x3", "neighbourhood": "hollow"}),
        Sample({"board": "XX./X.."}, {"row": 1}),
        Sample({"size": "2x3"}, {"row": 1, "boards": "rows", "bound": 8}),  # a conjecture about the 2 x m boards
    )

    def build(self, values: Args) -> LightsGame:
        """The game: size and board read, the rules checked against the engine's limits, the board drawn."""
        game = LightsGame(**values)
        engine.check_size(game.rules)
        game.lights  # noqa: B018 - read (or drawn) once, so a bad board fails here
        return game

    def random_param(self, name: str, spec: Mapping[str, Any], rng: random.Random,
                     fixed: Mapping[str, Any]) -> Any:
        """``board = {random = "solvable" | "any"}``: a random board of the lesson's size and rules,
        written out, so every learner's variant has a concrete board (and a computed solution)."""
        if name != "board":
            return super().random_param(name, spec, rng, fixed)
        want = spec.get("random")
        if set(spec) - {"random"} or want not in ("solvable", "any"):
            raise InvalidParams(f"board: a random board is {{random = \"solvable\"}} or {{random = \"any\"}}, "
                                f"not {dict(spec)!r}")
        rules = self.load({k: v for k, v in fixed.items() if k != "board"}).rules
        board = random_board(rules, rng, solvable_only=want == "solvable")
        if not any(board):  # a dark board is no puzzle: light something the rules can clear
            board = random_board(rules, rng, solvable_only=True)
        return format_board(rules, board)

    def solvable(self, game: LightsGame) -> bool | None:
        """Whether the board can be darkened."""
        return engine.solvable(game.rules, game.lights)

    def no_answer(self, game: LightsGame, kind: str, args: Mapping[str, Any] = NO_ARGS) -> str | None:
        """A press list that darkens the board, or a game to win, needs a board that can be darkened: where it
        cannot, the quiet pattern it breaks says why."""
        if kind not in ("presses", "minimal", "top_row", "play") or self.solvable(game) is not False:
            return None
        try:
            return str(self.compute(game, "obstruction"))
        except TutorError:
            return None

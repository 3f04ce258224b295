"""The rotating coin table (seeds 000 and 002): a blindfolded player, a Devil who turns the table.

Modules, in the order imports flow (the same roles in every family):

* ``limits`` - the family's limits on input sizes (docs/limits.md), below every layer;
* ``rules``  - the game object, tables, turns, classes, beliefs, and the move notation;
* ``engine`` - belief-state search, the layered construction, exact verification, the trap;
* ``theory`` - the algebra of x^N - 1 (sympy) and the decision: search, construction or trap;
* ``teach``  - answer kinds, lesson quantities, play against the Devil, pictures, verdicts, hint ladders;
* ``cli``    - the command-line reports and their JSON contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.errors import TutorError
from tutor.puzzles.base import Option, Puzzle, Sample
from tutor.puzzles.coins.cli import COMMANDS
from tutor.puzzles.coins.limits import LIMITS
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.teach.kinds import KINDS
from tutor.puzzles.coins.teach.play import PLAY
from tutor.puzzles.coins.teach.quantities import QUANTITIES
from tutor.puzzles.coins.teach.skills import SKILLS
from tutor.puzzles.coins.theory import decide
from tutor.puzzles.computed import explanation
from tutor.puzzles.options import NO_ARGS, Args

__all__ = ["CoinTable"]  # the family's Puzzle, named by its entry point in pyproject.toml

MAX_SIZE = 1_000_000  # the largest N and K: solve and analyze decide these instantly


class CoinTable(Puzzle[CoinGame]):
    """The blindfolded rotating coin table."""

    name = "coins"
    title = "The rotating coin table"
    order = 1
    limits = LIMITS
    skills = SKILLS
    summary = "flip coins blindfolded while the Devil turns the table; find a sure win"
    params = (
        Option("coins", int, 4, "number of positions N (check, hint and play need K^N <= 2^20)",
               minimum=1, maximum=MAX_SIZE),
        Option("sides", int, 2, "faces per counter K (2 = coins)", minimum=2, maximum=MAX_SIZE),
        Option("symmetry", str, "rotation", "what the Devil may do", choices=("rotation", "dihedral")),
        Option("goal", str, "heads", "all heads, or all coins alike", choices=("heads", "same")),
    )
    kinds = KINDS
    quantities = QUANTITIES
    commands = COMMANDS
    play = PLAY
    samples = (
        Sample({"coins": 2}),
        Sample({"coins": 1, "sides": 3}),
        Sample({"coins": 2, "symmetry": "dihedral", "goal": "same"}),
        Sample({"coins": 4}, random_games=False),
        Sample({"coins": 3}, random_games=False),
        Sample({"coins": 4, "goal": "same"}, random_games=False),
        Sample({"coins": 3, "sides": 3}, random_games=False),
        Sample({"coins": 4, "symmetry": "dihedral"}, random_games=False),
        Sample({"coins": 4, "sides": 4}, random_games=False),  # the layered strategy, 255 moves
        # the Klein four-group, and the blind bartender touching 2 of 4 positions: the lessons' group and touch values
        Sample({"coins": 4, "goal": "same"}, {"group": "(0 1)(2 3), (0 2)(1 3)", "touch": 2, "of": "touch"},
               random_games=False),
    )

    def build(self, values: Args) -> CoinGame:
        """The game, at any size: what enumerates every table refuses, in one line, past 2^20 tables."""
        return CoinGame(values["coins"], values["sides"], values["symmetry"], values["goal"])

    def solvable(self, game: CoinGame) -> bool | None:
        """Whether a sure win exists (the theorem decides every table)."""
        return decide(game.model).solvable

    def no_answer(self, game: CoinGame, kind: str, args: Mapping[str, Any] = NO_ARGS) -> str | None:
        """A strategy or a game to win needs a sure win: where there is none, the Devil's trap (the tables he
        can keep the game among forever) says why."""
        if kind not in ("strategy", "play") or self.solvable(game) is not False:
            return None
        try:
            return explanation(self.quantities["trap"], game, NO_ARGS).splitlines()[0]
        except TutorError:  # a trap too large to compute: the theorem's verdict alone
            return None

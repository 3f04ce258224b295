"""The three gods ("the hardest logic puzzle ever"): True, False and Random, who answer "da" or "ja".

Gods A, B, C are True, False and Random in some order and answer "da" or
"ja"; nobody knows which word means yes.  There is no step-by-step play: a
learner writes single questions and whole plans (question trees).

Modules, in the order imports flow (the same roles in every family):

* ``limits`` - the family's limits on input sizes (docs/limits.md), below every layer;
* ``rules``  - the game object, the worlds as bit sets, the question language and
  the plan notation (a subpackage: ``worlds``, ``lang``, ``tree``);
* ``engine`` - the memoised AND-OR solver and exact plan verification (``solver``, ``verify``);
* ``theory`` - questions as sympy logic, truth tables, the Random bound and the
  proof that one question fewer fails;
* ``teach``  - the answer kinds ``tree`` and ``question``, lesson quantities, hint
  ladders, counterexamples in words (``coach``);
* ``cli``    - the command-line reports and their JSON contract (docs/gods.md).
"""

from __future__ import annotations

from tutor.puzzles.base import Option, Puzzle, Sample
from tutor.puzzles.gods.cli import COMMANDS
from tutor.puzzles.gods.limits import LIMITS
from tutor.puzzles.gods.rules import GodsGame, make_game
from tutor.puzzles.gods.teach.kinds import KINDS
from tutor.puzzles.gods.teach.quantities import QUANTITIES
from tutor.puzzles.gods.teach.quantities.words import gods_named
from tutor.puzzles.gods.teach.skills import SKILLS
from tutor.puzzles.options import Args

__all__ = ["Gods"]  # the family's Puzzle, named by its entry point in pyproject.toml

CLASSIC_OPENING = "ask A: would you say ja to (B is Random)"


class Gods(Puzzle[GodsGame]):
    """True, False and Random: questions, plans, and the search behind them."""

    name = "gods"
    title = "The three gods"
    order = 3
    limits = LIMITS
    skills = SKILLS
    summary = "identify True, False and Random with three da/ja questions"
    params = (
        Option("gods", str, "True,False,Random", "the gods' roles, one per god (A, B, C, ...)", shown=gods_named),
        Option("known_language", bool, False, "the gods answer in plain yes/no"),
        Option("identify_language", bool, False, "also find out what 'ja' means"),
        Option("worlds", str, "", "start from the worlds where this proposition holds (default: all)"),
    )
    kinds = KINDS
    quantities = QUANTITIES
    commands = COMMANDS
    samples = (
        Sample({}, {"example": CLASSIC_OPENING}),
        Sample({}, {"example": "ask A: B is Random", "goal": "non-random"}),
        Sample({}, {"example": CLASSIC_OPENING, "goal": "target", "target": "B is Random"}),
        Sample({"gods": "True,False", "known_language": True},
               {"example": "ask A: A is True or A is False", "questions": 2}),
        Sample({"identify_language": True}, {"example": "ask A: would you say ja to (you are True)"}),
        Sample({"worlds": "C is not Random"}, {"example": "ask C: would you say ja to (A is Random)"}),
        Sample({"gods": "True,Random,Random"}, {"example": "ask A: you are True"}),
        Sample({"gods": "True,False,Random,True"}, {"example": CLASSIC_OPENING, "limit": 4}),
    )

    def build(self, values: Args) -> GodsGame:
        """The game; the roles, the two language flags and the ``worlds`` proposition must fit together."""
        return make_game(values["gods"], values["known_language"], values["identify_language"], values["worlds"])

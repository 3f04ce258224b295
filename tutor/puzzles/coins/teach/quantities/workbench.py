"""What a conjecture step asks for, in words: the lessons quote it where the question varies (a review on another
variant of the workbench)."""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.teach.conjecture import OF_OPTION, fits, task
from tutor.puzzles.options import Args

QUANTITIES = Quantities()


def explain_task(game: CoinGame, args: Args, value: Value) -> str:
    """The task, restated."""
    return f"The formula must give {value}."


def refute_task(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """A task is not an answer: it is restated."""
    return f"This is the question, not an answer to it: the formula must give {value}."


@QUANTITIES.register("workbench_task", "what a formula for the argument of must give, in words (text)",
                     args=(OF_OPTION,), explain=explain_task, refute=refute_task)
def workbench_task(game: CoinGame, args: Args) -> str:
    """The task for the step's variant; refused where the variant has no theorem for it."""
    if not fits(game, args["of"]):
        raise InvalidParams("the blind bartender's conjecture (of = touch) needs goal = \"same\" and turns only")
    return task(game, args["of"])

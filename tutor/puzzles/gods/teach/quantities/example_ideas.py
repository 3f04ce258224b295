"""What learners really answer about the example question (``Misconception``): whether it meets its goal, taken
from a belief under which it would (``teach.beliefs``), and which god is surely not Random after one answer.

Each value is computed from the worlds, and is None where the idea gives the right answer or an answer an
earlier idea of the same quantity gives (then the learner's answer cannot say which idea they hold).
"""

from __future__ import annotations

from functools import partial

from tutor.puzzles.answers import Misconception, Value
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.teach.beliefs import PICTURES, first_belief, question_says
from tutor.puzzles.gods.teach.coach import surely_not_random
from tutor.puzzles.gods.teach.questions import example_branch, example_of, target_of
from tutor.puzzles.gods.teach.verdicts import question_verdict
from tutor.puzzles.options import Args

# -- does the example meet its goal? -------------------------------------------------------------------------

def _believed(name: str, game: GodsGame, args: Args) -> Value | None:
    asked = example_of(game, args, "example_meets_goal")
    if question_verdict(game, asked, args["goal"], target_of(game, args)).correct:
        return None
    return "yes" if first_belief(game, args, asked) == name else None


def _says_believed(name: str, game: GodsGame, args: Args, given: Value) -> str:
    return question_says(name, game, args, example_of(game, args, "example_meets_goal"))


MEETS_GOAL = tuple(Misconception(name, partial(_believed, name), partial(_says_believed, name))
                   for name, _ in PICTURES)


# -- who is surely not Random after one answer ----------------------------------------------------------------

def _right(quantity: str, which: int, game: GodsGame, args: Args) -> str:
    return ", ".join(surely_not_random(game.universe, example_branch(game, args, quantity, which))) or "none"


def _asked_god(quantity: str, which: int, game: GodsGame, args: Args) -> str:
    return example_of(game, args, quantity)[0]


def _pointed_at(quantity: str, which: int, game: GodsGame, args: Args) -> str | None:
    """The one god who is Random in every world left where the god asked is not: the god the answer points at."""
    u = game.universe
    god = u.god_index(_asked_god(quantity, which, game, args))
    s = example_branch(game, args, quantity, which) & ~u.random(god)
    named = [g for i, g in enumerate(u.gods) if s and s & u.random(i) == s]
    return named[0] if len(named) == 1 else None


def _nobody(quantity: str, which: int, game: GodsGame, args: Args) -> str:
    return "none"


SAFE = (("asked_god_cleared", _asked_god), ("random_one_named", _pointed_at), ("nobody_safe", _nobody))


def _safe_value(quantity: str, which: int, name: str, game: GodsGame, args: Args) -> Value | None:
    seen: list[str | None] = [_right(quantity, which, game, args)]
    for other, rule in SAFE:
        said = rule(quantity, which, game, args)
        if other == name:
            return None if said is None or said in seen else said
        seen.append(said)
    return None


def _safe_says(quantity: str, which: int, name: str, game: GodsGame, args: Args, given: Value) -> str:
    god = _asked_god(quantity, which, game, args)
    word = game.universe.words[which]
    said = {
        "asked_god_cleared": f"{god} answered, but a Random god answers too: {word!r} from {god} cannot clear {god}.",
        "random_one_named": f"{given} is the god the answer points at as Random if {god} is not Random; the question "
                            f"asks for a god who is not Random in every world left, with {god} Random or not.",
        "nobody_safe": f"Random may be anyone at the start, but not after {word!r}: look for a god who is Random in "
                       "none of the worlds left, with the asked god Random or not.",
    }
    return said[name]


def safe_ideas(quantity: str, which: int) -> tuple[Misconception, ...]:
    """The misconceptions about who is surely not Random after one answer (module-level functions: they pickle)."""
    return tuple(Misconception(name, partial(_safe_value, quantity, which, name),
                               partial(_safe_says, quantity, which, name)) for name, _ in SAFE)

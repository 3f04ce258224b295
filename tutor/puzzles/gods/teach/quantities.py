"""The quantities gods lessons ask for, each computed by the engine (``explain`` fills their explanations).

Counts of worlds, assignments and questions; the shortest plans; the seed's
count of working first questions; and the ``example`` question's split.
"""

from __future__ import annotations

from tutor.puzzles.answers import Quantities
from tutor.puzzles.gods import engine, theory
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.teach.coach import surely_not_random
from tutor.puzzles.gods.teach.judge import (
    EXAMPLE,
    GOAL,
    LIMIT,
    TARGET,
    example_branch,
    example_of,
    example_table,
    question_verdict,
    target_of,
)
from tutor.puzzles.options import Args

QUANTITIES = Quantities()


@QUANTITIES.register("worlds", "the number of worlds (assignments x meanings of ja)")
def worlds(game: GodsGame, args: Args) -> int:
    """Role orders x meanings of ja."""
    return game.universe.size


@QUANTITIES.register("assignments", "the number of ways to give the gods their roles")
def assignments(game: GodsGame, args: Args) -> int:
    """Distinct role orders."""
    return len({w.roles for w in game.universe.worlds})


@QUANTITIES.register("identities", "what must be told apart (assignments, or worlds when ja must be found too)")
def identities(game: GodsGame, args: Args) -> int:
    """What the leaves must name."""
    return len(game.universe.identities)


@QUANTITIES.register("lower_bound", "the counting bound: ceil(log2(identities))")
def lower_bound(game: GodsGame, args: Args) -> int:
    """k questions have at most 2**k answer paths."""
    return engine.shared_solver(game).lower_bound()


@QUANTITIES.register("min_questions", "the fewest questions of a plan that always works (0 if none within the limit)",
                     args=(LIMIT,))
def min_questions(game: GodsGame, args: Args) -> int:
    """From every world, whatever the ``worlds`` parameter says."""
    return engine.min_questions(game, args["limit"], game.universe.full) or 0


@QUANTITIES.register("first_questions", "first questions in the seed's model: gods x subsets of the worlds")
def first_questions(game: GodsGame, args: Args) -> int:
    """A god and any subset of the worlds."""
    u = game.universe
    return len(u.gods) << u.size


def _working_first(game: GodsGame, args: Args, key: str) -> int:
    """One count of ``Solver.working_first`` for a shortest plan from every world (0: no plan)."""
    k = engine.min_questions(game, args["limit"], game.universe.full)
    return 0 if k is None else engine.shared_solver(game).working_first(k)[key]


@QUANTITIES.register("working_first_questions", "first questions (seed's model) that start a shortest plan",
                     args=(LIMIT,))
def working_first_questions(game: GodsGame, args: Args) -> int:
    """Counted over the seed's model, each branch judged by the solver."""
    return _working_first(game, args, "questions")


@QUANTITIES.register("working_first_splits",
                     "distinct splits of the worlds by a first question that start a shortest plan", args=(LIMIT,))
def working_first_splits(game: GodsGame, args: Args) -> int:
    """Questions that differ only on the asked god's Random worlds count once."""
    return _working_first(game, args, "splits")


@QUANTITIES.register("language_free_first_splits", "working first splits whose answer ignores what ja means",
                     args=(LIMIT,))
def language_free_first_splits(game: GodsGame, args: Args) -> int:
    """Splits that keep each world with its twin under the other meaning of ja."""
    return _working_first(game, args, "language_free")


@QUANTITIES.register("start_worlds", "the number of worlds where the 'worlds' proposition holds")
def start_worlds(game: GodsGame, args: Args) -> int:
    """The size of the start set."""
    return game.start.bit_count()


@QUANTITIES.register("start_min_questions", "the fewest questions that identify the gods from the start worlds",
                     args=(LIMIT,))
def start_min_questions(game: GodsGame, args: Args) -> int:
    """0 when there is no plan within the limit."""
    return engine.min_questions(game, args["limit"]) or 0


@QUANTITIES.register("solvable", "'yes' if some plan within the limit identifies the gods from all worlds, else 'no'",
                     args=(LIMIT,))
def solvable(game: GodsGame, args: Args) -> str:
    """From every world."""
    return "no" if engine.min_questions(game, args["limit"], game.universe.full) is None else "yes"


@QUANTITIES.register("first_worst_branch", "possibilities the worse answer to the best first question leaves "
                     "(Random's worlds go to both answers)")
def first_worst_branch(game: GodsGame, args: Args) -> int:
    """The exact closed form from the theory."""
    return theory.first_worst_branch(engine.shared_solver(game))


@QUANTITIES.register("example_table", "the example question: its sympy form, answer condition and truth table "
                     "(text)", args=(EXAMPLE,))
def example_table_quantity(game: GodsGame, args: Args) -> str:
    """The whole table as text."""
    return example_table(game, example_of(game, args, "example_table"))


@QUANTITIES.register("example_condition", "when the example's god answers the first word (ja, or yes), simplified "
                     "by sympy within the start worlds (text)", args=(EXAMPLE,))
def example_condition(game: GodsGame, args: Args) -> str:
    """"always", "never", or sympy's simplest condition."""
    god, question = example_of(game, args, "example_condition")
    return theory.answer_condition(game.universe, god, question, game.start)


@QUANTITIES.register("example_meets_goal", "'yes' if the example question meets the 'goal' from the start worlds, "
                     "else 'no'", args=(EXAMPLE, GOAL, TARGET))
def example_meets_goal(game: GodsGame, args: Args) -> str:
    """Judged as a ``question`` answer would be."""
    asked = example_of(game, args, "example_meets_goal")
    return "yes" if question_verdict(game, asked, args["goal"], target_of(game, args)).correct else "no"


@QUANTITIES.register("example_left_first", "possibilities left after the first word (ja, or yes) to the example",
                     args=(EXAMPLE,))
def example_left_first(game: GodsGame, args: Args) -> int:
    """Identities that may hear the first word."""
    return len(game.universe.identity_set(example_branch(game, args, "example_left_first", 0)))


@QUANTITIES.register("example_left_second", "possibilities left after the second word (da, or no) to the example",
                     args=(EXAMPLE,))
def example_left_second(game: GodsGame, args: Args) -> int:
    """Identities that may hear the second word."""
    return len(game.universe.identity_set(example_branch(game, args, "example_left_second", 1)))


@QUANTITIES.register("example_not_random_first", "gods surely not Random after the first word to the example "
                     "('none' if none)", args=(EXAMPLE,))
def example_not_random_first(game: GodsGame, args: Args) -> str:
    """Gods who are Random in none of the worlds left."""
    return ", ".join(surely_not_random(game.universe, example_branch(game, args, "example_not_random_first", 0))) \
        or "none"


@QUANTITIES.register("example_not_random_second", "gods surely not Random after the second word to the example "
                     "('none' if none)", args=(EXAMPLE,))
def example_not_random_second(game: GodsGame, args: Args) -> str:
    """Gods who are Random in none of the worlds left."""
    return ", ".join(surely_not_random(game.universe, example_branch(game, args, "example_not_random_second", 1))) \
        or "none"

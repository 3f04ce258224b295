"""The exact engine of the three gods: the memoised AND-OR solver and plan verification.

* ``solver`` - ``Solver``, the AND-OR search over bit sets of identities, and
  ``plan_tree``, its plans written as question trees;
* ``verify`` - a whole plan judged over every world and every answer Random could give, and its average;
* ``average`` - ``AverageSearch``, the least expected number of questions and a plan that reaches it;
* here       - the entry points the upper layers use with a game: the shared solver
  of its variant and the fewest questions from its start.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from tutor.puzzles import meter
from tutor.puzzles.gods.engine.average import AverageSearch
from tutor.puzzles.gods.engine.solver import Plan, Solver
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.worlds import Assignment, WorldSet, universe


@cache
def _variant_solver(roles: Assignment, known_language: bool, identify_language: bool) -> Solver:
    return Solver(universe(roles, known_language, identify_language))


def shared_solver(game: GodsGame) -> Solver:
    """The one memoising solver of the game's variant, shared by every call (the start does not matter to it)."""
    return _variant_solver(game.roles, game.known_language, game.identify_language)


def min_questions(game: GodsGame, limit: int, start: WorldSet | None = None) -> int | None:
    """The fewest questions that always work from ``start`` (default: the game's start), None past ``limit``."""
    solver = shared_solver(game)
    items = solver.items_of(game.start if start is None else start)
    low = solver.lower_bound(items)
    for k in range(low, limit + 1):
        meter.report(k - low, limit + 1 - low)  # depth by depth: each is one exhaustive search
        if solver.solvable(items, k):
            return k
    return None


def allowed(game: GodsGame, questions: int, limit: int) -> int | None:
    """Questions allowed per path: ``questions`` when set, else the fewest possible (None: none within ``limit``)."""
    return questions or min_questions(game, limit)


@cache
def _variant_average(roles: Assignment, known_language: bool, identify_language: bool) -> AverageSearch:
    return AverageSearch(_variant_solver(roles, known_language, identify_language))


def shared_average(game: GodsGame) -> AverageSearch:
    """The one memoising average search of the game's variant (on its shared solver)."""
    return _variant_average(game.roles, game.known_language, game.identify_language)


def least_average(game: GodsGame, k: int) -> tuple[Fraction | None, Plan | None]:
    """The least expected number of questions from the game's start within ``k`` a path, and a plan reaching it.

    ``SearchLimit`` before any work past ``MAX_AVERAGE_IDENTITIES``, or once the call's budget is spent.
    """
    return shared_average(game).least(game.start, k)


def opened_average(game: GodsGame, k: int, god: int, says_first: WorldSet) -> tuple[Fraction, Plan] | None:
    """The least average from the game's start within ``k`` a path among plans that open by asking ``god`` a
    question answered with the first word in ``says_first``, and such a plan (``AverageSearch.opened``)."""
    return shared_average(game).opened(game.start, k, god, says_first)

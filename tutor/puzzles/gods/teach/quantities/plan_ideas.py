"""What learners really answer when they count questions, as misconceptions (``Misconception``): three answers per
question instead of two, a leaf per world when only roles are asked, Random's possibilities sent down one answer
only, the possibilities taken for the questions, a question per god, splits taken for questions.

Each value is computed by the engine for the learner's own variant, None where the idea gives no answer or the
right one; no sentence states the right value.
"""

from __future__ import annotations

from dataclasses import replace

from tutor.puzzles.answers import Misconception, Value
from tutor.puzzles.gods import engine, theory
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.worlds import WorldSet
from tutor.puzzles.gods.teach.coach import surely_not_random
from tutor.puzzles.gods.teach.quantities.ideas import Ideas, portable, unless
from tutor.puzzles.gods.teach.quantities.words import twins
from tutor.puzzles.options import Args
from tutor.screen.text import plural


def questions_for(leaves: int, answers: int = 2) -> int:
    """The fewest questions whose ``answers``-way answer sequences give ``leaves`` leaves.

    >>> questions_for(6), questions_for(6, 3), questions_for(1), questions_for(12)
    (3, 2, 0, 4)
    """
    k = 0
    while answers ** k < leaves:
        k += 1
    return k


def items(game: GodsGame, start: WorldSet | None = None) -> int:
    """The possibilities to tell apart in ``start`` (default: every world)."""
    return len(game.universe.identity_set(game.universe.full if start is None else start))


# -- the counting bound ---------------------------------------------------------------------------------------

def _bound(game: GodsGame) -> int:
    return questions_for(items(game))


_LOWER_BOUND = (
    Misconception(
        "three_answers",
        # one question short of the bound has likelier causes (the three gods' famous 3, a logarithm rounded down):
        # there the counterexample speaks, and the idea only for a count further off
        lambda game, args: None if questions_for(items(game), 3) >= _bound(game) - 1
        else questions_for(items(game), 3),
        lambda game, args, given: (
            f"{plural(int(given), 'question')} would do if a question had three answers (3^{given} = "
            f"{3 ** int(given)} answer sequences). A god answers with one of two words; Random's coin picks one of "
            "the same two, not a third answer.")),
    Misconception(
        "worlds_counted",
        lambda game, args: None if items(game) == game.universe.size
        else unless(questions_for(game.universe.size), _bound(game)),
        lambda game, args, given: (
            f"{given} gives each of the {game.universe.size} worlds a leaf of its own; only the {items(game)} "
            f"assignments need one, since the meaning of ja need not be found "
            f"({twins(game.universe, game.universe.full)} share a leaf).")),
    Misconception(
        "one_at_a_time",
        lambda game, args: unless(items(game) - 1, _bound(game)),
        lambda game, args, given: (
            f"{plural(int(given), 'question')} ask about one possibility at a time ('is it this one?'). "
            "A question may split the "
            f"{items(game)} possibilities into any two groups, so each answer can rule out many at once.")),
)


def _lower_bound_ideas() -> Ideas:
    """The counting-bound ideas as written (``Found`` reads them through this function)."""
    return _LOWER_BOUND


LOWER_BOUND = portable(_lower_bound_ideas)


# -- what the worse answer to the best first question leaves ----------------------------------------------------

def _random_items(game: GodsGame) -> list[int]:
    """Per god, the possibilities where he is Random."""
    return [r.bit_count() for r in engine.shared_solver(game).rand]


def _worst(n: int, randoms: list[int]) -> int:
    """Random's share on both sides plus half of the rest, for the best god to ask."""
    return min(r + (n - r + 1) // 2 for r in randoms)


def _first_worst(game: GodsGame) -> int:
    return _worst(items(game), _random_items(game))


def _best_random(game: GodsGame) -> int:
    """How many possibilities have the best god to ask as Random."""
    n = items(game)
    return min(_random_items(game), key=lambda r: r + (n - r + 1) // 2)


_FIRST_WORST_BRANCH = (
    Misconception(
        "even_split",
        lambda game, args: None if not any(_random_items(game))
        else unless((items(game) + 1) // 2, _first_worst(game)),
        lambda game, args, given: (
            f"{given} splits all {items(game)} possibilities evenly, as if the asked god could not be Random. "
            "The possibilities where he is Random go to both answers, on top of his share of the split.")),
    Misconception(
        "random_left_out",
        lambda game, args: None if not any(_random_items(game))
        else unless(min((items(game) - r + 1) // 2 for r in _random_items(game)), _first_worst(game)),
        lambda game, args, given: (
            f"{given} splits the possibilities where the asked god is not Random and leaves out those where he "
            "is: Random may give either answer, so the worse answer keeps those too.")),
    Misconception(
        "worlds_counted",
        lambda game, args: None if items(game) == game.universe.size
        else unless(_worst(game.universe.size, [game.universe.random(g).bit_count()
                                                 for g in range(len(game.universe.gods))]), _first_worst(game)),
        lambda game, args, given: (
            f"{given} counts worlds; only the assignments must be told apart, so "
            f"{twins(game.universe, game.universe.full)} are one possibility.")),
    Misconception(
        "nothing_learned",
        lambda game, args: None if not any(_random_items(game)) else unless(items(game), _first_worst(game)),
        lambda game, args, given: (
            f"{given} keeps every possibility, as if the answer meant nothing. The asked god is Random in only "
            f"{_best_random(game)} of the {items(game)}; in the others his answer is real and rules some out.")),
)


def _first_worst_branch_ideas() -> Ideas:
    """The worse-branch ideas as written (``Found`` reads them through this function)."""
    return _FIRST_WORST_BRANCH


FIRST_WORST_BRANCH = portable(_first_worst_branch_ideas)


# -- the fewest questions -------------------------------------------------------------------------------------

def fewest(game: GodsGame, args: Args, start: WorldSet | None = None) -> int:
    """The fewest questions from ``start`` (default: every world), 0 when none within the limit."""
    return theory.fewest_decided(game, args["limit"], game.universe.full if start is None else start) or 0


def roles_only(game: GodsGame, args: Args) -> int | None:
    """The fewest questions when only the roles must be found (None when that is already the game)."""
    if not game.identify_language:
        return None
    plain = replace(game, identify_language=False, worlds="")
    return fewest(plain, args) or None


def _one_per_god(game: GodsGame, args: Args) -> int | None:
    n = len(game.roles)
    return None if roles_only(game, args) == n else unless(n, fewest(game, args))


def _one_question(game: GodsGame, args: Args, start: WorldSet | None) -> int | None:
    right = fewest(game, args, start)
    return unless(1, right) if right and items(game, start) > 2 else None


def _says_one_question(game: GodsGame, start: WorldSet | None, given: Value) -> str:
    return (f"One question has two answers, so it tells at most two possibilities apart; here "
            f"{items(game, start)} must be told apart.")


_MIN_QUESTIONS = (
    Misconception(
        "one_per_god",
        _one_per_god,
        lambda game, args, given: (
            f"{plural(int(given), 'question')} ask each of the {len(game.roles)} gods once. "
            "A question may be about anyone, so each "
            "answer can rule out several possibilities at once: you need not ask every god.")),
    Misconception(
        "roles_only",
        lambda game, args: unless(roles_only(game, args), fewest(game, args)) if fewest(game, args) else None,
        lambda game, args, given: (
            f"{plural(int(given), 'question')} find the roles alone. Here the meaning of ja must be found too: "
            f"{game.universe.size} worlds need a leaf each, and {plural(int(given), 'question')} give only "
            f"{2 ** int(given)} answer sequences.")),
    Misconception(
        "doubled",
        lambda game, args: None if roles_only(game, args) is None or not fewest(game, args)
        else unless(2 * (roles_only(game, args) or 0), fewest(game, args)),
        lambda game, args, given: (
            f"{given} doubles the questions because the possibilities doubled. Each question doubles the number "
            "of answer sequences, so twice the possibilities need far fewer than twice the questions.")),
    Misconception(
        "one_question",
        lambda game, args: _one_question(game, args, None),
        lambda game, args, given: _says_one_question(game, None, given)),
)


def _min_questions_ideas() -> Ideas:
    """The fewest-questions ideas as written (``Found`` reads them through this function)."""
    return _MIN_QUESTIONS


MIN_QUESTIONS = portable(_min_questions_ideas)


def _safe(game: GodsGame) -> str:
    safe = surely_not_random(game.universe, game.start)
    return f"{' and '.join(safe)} {'is' if len(safe) == 1 else 'are'} known to be safe" if safe \
        else "you know more than that"


_START_MIN_QUESTIONS = (
    Misconception(
        "random_still_priced",
        lambda game, args: None if game.start == game.universe.full or not fewest(game, args, game.start)
        else unless(fewest(game, args), fewest(game, args, game.start)),
        lambda game, args, given: (
            f"{plural(int(given), 'question')} are what it takes when any god may be Random, and a question goes "
            f"to finding a god who is surely not Random. Here {_safe(game)} from the start.")),
    Misconception(
        "leaves_not_questions",
        lambda game, args: unless(items(game, game.start), fewest(game, args, game.start))
        if fewest(game, args, game.start) else None,
        lambda game, args, given: (
            f"{given} counts the possibilities to tell apart: the leaves a plan needs. The question asks for "
            "questions, and each question doubles the number of answer sequences.")),
    Misconception(
        "one_question",
        lambda game, args: _one_question(game, args, game.start),
        lambda game, args, given: _says_one_question(game, game.start, given)),
)


def _start_min_questions_ideas() -> Ideas:
    """The fewest-questions-from-the-start ideas as written (``Found`` reads them through this function)."""
    return _START_MIN_QUESTIONS


START_MIN_QUESTIONS = portable(_start_min_questions_ideas)


# -- working first questions ----------------------------------------------------------------------------------

def _per_god(game: GodsGame, args: Args) -> dict[str, list[int]]:
    k = fewest(game, args)
    return engine.shared_solver(game).working_first_per_god(k) if k else {}


def _working(game: GodsGame, args: Args) -> int:
    return sum(_per_god(game, args).get("questions", []))


def _splits_times(game: GodsGame, args: Args, factor: list[int]) -> int | None:
    """The working splits, each counted ``factor[g]`` times for the god asked (None: no plan)."""
    per = _per_god(game, args)
    return unless(sum(s * f for s, f in zip(per["splits"], factor, strict=True)), _working(game, args)) \
        if per else None


def _one_god(game: GodsGame, args: Args) -> tuple[str, int] | None:
    """The first god some working first question is put to, and their count, when more gods have some."""
    per = _per_god(game, args).get("questions", [])
    asked = [(g, c) for g, c in zip(game.universe.gods, per, strict=False) if c]
    return asked[0] if len(asked) > 1 else None


def _random_doubles(game: GodsGame) -> list[int]:
    return [2 if game.universe.random(g) else 1 for g in range(len(game.roles))]


_WORKING_FIRST_QUESTIONS = (
    Misconception(
        "splits_not_questions",
        lambda game, args: _splits_times(game, args, [1] * len(game.roles)),
        lambda game, args, given: (
            f"{given} counts the different splits. A question is a set of worlds, and a world where the asked god "
            "is Random may be in the set or not without changing the split: each such choice is another "
            "question.")),
    Misconception(
        "one_god_only",
        lambda game, args: unless(one[1], _working(game, args)) if (one := _one_god(game, args)) else None,
        lambda game, args, given: (
            f"{given} counts the working first questions put to {(_one_god(game, args) or ('A', 0))[0]} only; "
            "questions put to the other gods can start a plan too.")),
    Misconception(
        "random_assignments_not_worlds",
        lambda game, args: None if game.universe.known_language else _splits_times(
            game, args, [1 << r for r in _random_items(game)]),
        lambda game, args, given: (
            f"{given} lets each assignment where the asked god is Random be in the set or not. A question is a "
            "set of worlds, and each such assignment is two worlds (ja meaning yes, and no), each in or out on "
            "its own.")),
    Misconception(
        "random_once",
        lambda game, args: None if not any(_random_items(game))
        else _splits_times(game, args, _random_doubles(game)),
        lambda game, args, given: (
            f"{given} doubles each split once, as if the worlds where the asked god is Random went in or out of "
            "the set all together; each of them may be in or out on its own.")),
)


def _working_first_questions_ideas() -> Ideas:
    """The working-first-question ideas as written (``Found`` reads them through this function)."""
    return _WORKING_FIRST_QUESTIONS


WORKING_FIRST_QUESTIONS = portable(_working_first_questions_ideas)

"""What learners answer for an average that is not it, as ideas with a value per plan (``Idea``): the worst or the
best case, the leaves as if equally likely, a Random god's worlds sent down both answers in full or down one path
only, the depths added up; for the least average, the worst case, an optimal code as if Random cost nothing, the
counting bound.

Each value is computed from the plan worked out (``averaged``), None where the idea gives the right value or one
an earlier idea gives already; each sentence works out one leaf at most (the example leaf) and never states the
average.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.teach.quantities.averaged import (
    Averaged,
    as_code,
    by_assignment,
    counting_bound,
    fraction_text,
    leaf_sum,
    leaves_alike,
    not_halved,
)


@dataclass(frozen=True)
class Idea:
    """A wrong idea about an average: the value it gives for a plan (None where it gives the right one, or none),
    and what to say to it (the learner's value, the game, the plan)."""

    name: str
    value: Callable[[GodsGame, Averaged], Fraction | None]
    says: Callable[[Fraction, GodsGame, Averaged], str]


def _unless(right: Fraction, x: Fraction) -> Fraction | None:
    return None if x == right else x


def _says_worst(w: Fraction, game: GodsGame, a: Averaged) -> str:
    ex = a.example
    sooner = (f"Some paths end sooner: {leaf_sum(game, a, ex)}." if ex.depth < a.deepest else
              f"Some paths end sooner: the shortest that is reached asks only {a.shallowest}.")
    return f"{fraction_text(w)} is this plan's longest path, its worst case; the average weighs every path. {sooner}"


def _says_alike(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} counts each of the {len(a.leaves)} leaves as equally likely. They are not: "
            f"{leaf_sum(game, a, a.example)}.")


def _says_halved(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} sends a world down both of a Random god's answers in full, so the probabilities "
            "add up to more than 1. A god who is Random in a world sends half of its probability down each answer: "
            f"{leaf_sum(game, a, a.example)}.")


def _says_best(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} is this plan's shortest path, its best case; the average weighs every path, and "
            f"some ask more. {leaf_sum(game, a, a.example)}.")


def _says_midrange(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} is halfway between the shortest path and the longest. The average weighs each "
            f"path by how likely it is: {leaf_sum(game, a, a.example)}.")


def _says_total(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} adds up the questions of every leaf without weighing them: each leaf counts with "
            f"the probability of ending there, and the probabilities add up to 1. {leaf_sum(game, a, a.example)}.")


def _says_longer(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} sends each assignment to its longest path. Where the asked god is Random, his "
            f"coin picks the path: half of the probability goes each way. {leaf_sum(game, a, a.example)}.")


def _says_shorter(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} sends each assignment to its shortest path. Where the asked god is Random, his "
            f"coin picks the path: half of the probability goes each way. {leaf_sum(game, a, a.example)}.")


PLAN_IDEAS = (
    Idea("worst-case-as-average", lambda g, a: _unless(a.average, Fraction(a.deepest)), _says_worst),
    Idea("best-case-as-average", lambda g, a: _unless(a.average, Fraction(a.shallowest)), _says_best),
    Idea("leaves-equally-likely", lambda g, a: _unless(a.average, leaves_alike(a)), _says_alike),
    Idea("random-not-halved", lambda g, a: _unless(a.average, not_halved(a)), _says_halved),
    Idea("random-takes-longer-path", lambda g, a: _unless(a.average, by_assignment(a, max)), _says_longer),
    Idea("random-takes-shorter-path", lambda g, a: _unless(a.average, by_assignment(a, min)), _says_shorter),
    Idea("halfway-best-and-worst", lambda g, a: _unless(a.average, Fraction(a.shallowest + a.deepest, 2)),
         _says_midrange),
    Idea("depths-added-up", lambda g, a: _unless(a.average, Fraction(sum(r.depth for r in a.leaves))), _says_total),
)


def _says_least_worst(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} is the worst case, the fewest questions that always work. On average a plan can "
            f"do better: the engine's plan with the least average ends some paths after only {a.shallowest}.")


def _says_code(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} is what a plan would average if every question could split the possibilities as "
            "you please. But whoever is asked may be Random, and the possibilities where he is go down both "
            "answers: that costs questions, on average too.")


def _says_counting(w: Fraction, game: GodsGame, a: Averaged) -> str:
    return (f"{fraction_text(w)} is the counting bound: the fewest questions whose answer sequences leave room for "
            "every possibility. It bounds the worst case; the average is a weighted sum over the leaves, and need "
            "not be a whole number.")


LEAST_IDEAS = (
    Idea("worst-case-as-average", lambda g, a: _unless(a.least, Fraction(a.fewest)), _says_least_worst),
    Idea("random-ignored", lambda g, a: _unless(a.least, as_code(g)), _says_code),
    Idea("counting-bound-as-average", lambda g, a: _unless(a.least, Fraction(counting_bound(a))), _says_counting),
)


def given_by(game: GodsGame, a: Averaged, ideas: tuple[Idea, ...]) -> dict[str, Fraction | None]:
    """The value each idea gives for the plan ``a``; None for one that gives no value here, or one an earlier idea
    gives already (a wrong answer is put down to the first idea that gives it)."""
    out: dict[str, Fraction | None] = {}
    for idea in ideas:
        x = idea.value(game, a)
        out[idea.name] = None if x in out.values() else x
    return out


def idea_for(game: GodsGame, a: Averaged, ideas: tuple[Idea, ...], wrong: Fraction) -> Idea | None:
    """The first of ``ideas`` that gives ``wrong`` for the plan ``a``."""
    given = given_by(game, a, ideas)
    return next((i for i in ideas if given[i.name] == wrong), None)

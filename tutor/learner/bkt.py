"""Bayesian knowledge tracing (Corbett and Anderson, 1995): one skill, known or not, observed through answers.

The four standard parameters: ``prior`` P(L0) that the skill is known before the first opportunity,
``learn`` P(T) that an opportunity teaches it, ``slip`` P(S) that a learner who knows it answers wrong,
``guess`` P(G) that one who does not answers right.  After each observation the estimate is the posterior
(Bayes' rule on the answer), then the learning transition ``p + (1 - p) * learn``.

The guess is the **item's own chance of a lucky guess** (``Step.chance``: one in the number of a choice's options, one
half for yes or no, one in the number of values a bounded number answer takes, ``OPEN`` for an open answer), not one
figure for every item: a right pick among two options says little, a right number out of hundreds says much.  A pack
that declares ``guess`` (a value fitted on its class's data) puts it in place of every item's own chance.

The update is the few lines it is; fitting the parameters from a class's data is a job for a library
such as pyBKT, whose fitted values a pack may then declare (``[mastery]`` in pack.toml).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

OPEN = 0.01  # the chance of a lucky guess at an open answer: a written answer, a game, an unbounded number
MAX_IN_A_ROW = 20  # the largest N a pack may ask for (a run longer than a practice step serves is never reached)


@dataclass(frozen=True)
class BktParams:
    """The four parameters of one skill; the defaults are the usual starting values of the BKT literature
    (a skill seldom known at first, learned a little at each try, answers with a little noise); ``guess`` None (the
    default) takes each item's own chance of a lucky guess, a number puts that in its place.  ``in_a_row`` rides
    along: the N of the mastery rule (``tutor.learner.mastery.mastered``), a whole number from 1 to 20."""

    prior: float = 0.2
    learn: float = 0.15
    slip: float = 0.1
    guess: float | None = None  # None: the item's own chance of a lucky guess (``update``'s ``chance``)
    in_a_row: int = 3  # the mastery rule's N: the last N items right at the first try without help (not BKT's own)

    def __post_init__(self) -> None:
        whole = self.in_a_row
        if isinstance(whole, bool) or not isinstance(whole, int | float) or whole != int(whole) \
                or not 1 <= whole <= MAX_IN_A_ROW:
            raise ValueError(f"in_a_row = {whole!r} is not a whole number of items from 1 to {MAX_IN_A_ROW}")
        object.__setattr__(self, "in_a_row", int(whole))
        for name in ("prior", "learn", "slip", "guess"):
            value = getattr(self, name)
            if not (value is None and name == "guess") and not 0 <= value <= 1:
                raise ValueError(f"BKT parameter {name} = {value!r} is not a probability between 0 and 1")
        if self.guess is not None and self.slip + self.guess >= 1:
            raise ValueError(f"BKT parameters slip + guess = {self.slip:g} + {self.guess:g} must stay below 1 "
                             "(else a right answer would be evidence against knowing the skill)")


DEFAULT = BktParams()


def update(p: float, correct: bool, params: BktParams, chance: float = OPEN) -> float:
    """The probability that the skill is known after one observation of an item whose chance of a lucky guess is
    ``chance`` (the guess, unless ``params`` declares one): the posterior given the answer (``correct`` or not), then
    the chance to learn it from this opportunity.  Exact with ``Fraction``s throughout (the tests check hand-computed
    sequences that way).

    >>> round(update(0.2, True, BktParams(), chance=0.2), 4), round(update(0.2, True, BktParams(), chance=0.5), 4)
    (0.6, 0.4138)
    >>> from fractions import Fraction
    >>> update(Fraction(1, 2), False, BktParams(0.5, 0, Fraction(1, 4), Fraction(1, 4)))
    Fraction(1, 4)
    """
    slip, learn = params.slip, params.learn
    guess = chance if params.guess is None else params.guess
    if correct:
        known = p * (1 - slip)
        posterior = known / (known + (1 - p) * guess)
    else:
        known = p * slip
        posterior = known / (known + (1 - p) * (1 - guess))
    return posterior + (1 - posterior) * learn


def trace(observations: Iterable[bool], params: BktParams, chance: float = OPEN) -> float:
    """The estimate after a sequence of observations of items whose chance of a lucky guess is ``chance``, starting
    from the prior."""
    p = params.prior
    for correct in observations:
        p = update(p, correct, params, chance)
    return p

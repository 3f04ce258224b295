"""Lesson steps: a set of classes, each owning everything the tutor asks of a step.

* ``Say``      - text to read (``say = ...``);
* ``Computed`` - a value the engine computes: a whole number or a choice (``answer = "number" | "choice"``);
* ``Written``  - a whole answer in one of the puzzle's answer kinds (``answer = "strategy"``, ``"tree"``, ...);
* ``Game``     - a game played move by move, to win or to explore (``answer = "play"``);
* ``Practice`` - fresh variants of a question until a skill is mastered (``practice = "family/skill"``).

A kind of step is declared once, by its class: ``@register`` with the schema model of its tables and the keys it
claims (``kinds``); the dispatch, the schema's union and every list of kinds are read from there.  Importing this
package registers the kinds above, in this order.  ``base`` has the protocol the session, lint, grading and
authoring call.
"""

from __future__ import annotations

from typing import Any

from tutor.course.schema import StepFile
from tutor.course.steps.base import Claim, Context, Entered, Outcome, Step, StepState
from tutor.course.steps.build import Setting
from tutor.course.steps.kinds import all_kinds, kind_of, register
from tutor.course.steps.question import Asked, Question

# The kinds register as they are imported, in the order `tutor new` writes their examples.
# isort: off
from tutor.course.steps.say import Say
from tutor.course.steps.computed import Computed
from tutor.course.steps.written import Drafted, Written
from tutor.course.steps.game import Game, Goal, Playing
from tutor.course.steps.practice import Practice, Practising
# isort: on

__all__ = ["Asked", "Claim", "Computed", "Context", "Drafted", "Entered", "Game", "Goal", "Outcome", "Playing",
           "Practice", "Practising", "Question", "Say", "Setting", "Step", "StepState", "Written", "all_kinds",
           "build_step", "kind_of", "register"]


def build_step(file: StepFile, setting: Setting) -> tuple[Step[Any], set[str]]:
    """The step a validated ``[[steps]]`` table describes, and the lesson-level arguments it uses."""
    return kind_of(file).build(file, setting)

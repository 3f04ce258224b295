"""Lesson steps: a closed set of classes, each owning everything the tutor asks of a step.

* ``Say``      - text to read (``say = ...``);
* ``Computed`` - a value the engine computes: a whole number or a choice (``answer = "number" | "choice"``);
* ``Written``  - a whole answer in one of the puzzle's answer kinds (``answer = "strategy"``, ``"tree"``, ...);
* ``Game``     - a game played move by move, to win or to explore (``answer = "play"``);
* ``Practice`` - fresh variants of a question until a skill is mastered (``practice = "family/skill"``).

Each is built from its schema variant (``tutor.course.schema``): a new kind of step is one class here, one
variant there, and one case in ``kind_of``.  ``base`` has the protocol the session, lint, grading and authoring call.
"""

from __future__ import annotations

from tutor.course.schema import ComputedFile, GameFile, PracticeFile, SayFile, StepFile, WrittenFile
from tutor.course.steps.base import Context, Entered, Outcome, Step, StepState
from tutor.course.steps.build import Setting
from tutor.course.steps.computed import Computed
from tutor.course.steps.game import Game, Goal, Playing
from tutor.course.steps.practice import Practice, Practising
from tutor.course.steps.question import Answered, Question
from tutor.course.steps.say import Say
from tutor.course.steps.written import Drafted, Written

__all__ = ["STEPS", "Answered", "Computed", "Context", "Drafted", "Entered", "Game", "Goal", "Outcome", "Playing",
           "Practice", "Practising", "Question", "Say", "Setting", "Step", "StepState", "Written", "build_step",
           "kind_of"]

STEPS: tuple[type[Step], ...] = (Say, Computed, Written, Game, Practice)  # the closed set, in skeleton order


def kind_of(file: StepFile) -> type[Step]:
    """The step class a validated ``[[steps]]`` table is built as."""
    match file:
        case SayFile():
            return Say
        case ComputedFile():
            return Computed
        case WrittenFile():
            return Written
        case GameFile():
            return Game
        case PracticeFile():
            return Practice


def build_step(file: StepFile, setting: Setting) -> tuple[Step, set[str]]:
    """The step a validated ``[[steps]]`` table describes, and the lesson-level arguments it uses."""
    return kind_of(file).build(file, setting)

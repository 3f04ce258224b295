"""The step protocol: what a session asks of a lesson step (``Step``); what lint, grading, previews and sweeps ask is
its companion base (``tutor.course.steps.checks``).

A step is one of a set of classes (``Say``, ``Computed``, ``Written``, ``Game``, ``Practice``), each declared once
as a kind: the schema model of its ``[[steps]]`` table and the ``Claim`` that says which tables are its
(``tutor.course.steps.kinds``).  Each owns how it is entered and shown, how an input is answered, its hint ladder,
its reveal and what it stores; callers call these methods and never ask a step what kind it is.

A step is pure: it never writes progress.  What happens to the learner's place is a value of the step's own state
type (``Step[S]``: ``Game`` is a ``Step[Playing]``), so a step never downcasts what it owns; a call returns an
``Outcome``: the replies, the new state, the progress events to store and whether the step is done.  The session
keeps the undo history, stores the events and moves between steps.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tutor.course.schema import StepFile
from tutor.course.steps.checks import Checks
from tutor.course.steps.state import Context, Entered, Outcome, S, StepState
from tutor.progress.events import Event
from tutor.puzzles.answers import Rung
from tutor.screen.shown import Reply

__all__ = ["Claim", "Context", "Entered", "Outcome", "Step", "StepState"]


@dataclass(frozen=True)
class Claim:
    """Which ``[[steps]]`` tables are of a kind: those with the key ``key`` (``say = ...``), or with one of ``values``
    as its value (``answer = "number"``).  ``named`` is what the kind's steps are called in messages ("only play
    steps take 'goal'"): its values, else the key."""

    key: str
    values: tuple[str, ...] = ()
    named: str = ""

    def matches(self, raw: Mapping[str, Any]) -> bool:
        """Whether the table ``raw`` is claimed."""
        return self.key in raw and (not self.values or raw[self.key] in self.values)

    @property
    def names(self) -> tuple[str, ...]:
        """What the kind's steps are called: ``("number", "choice")``, ``("say",)``."""
        return (self.named,) if self.named else self.values or (self.key,)


@dataclass(frozen=True)
class Step(Checks[S]):
    """One lesson step, as the session sees it: its state before anything happens (``blank``), how it is entered,
    shown and answered, its hint ladder and reveal, what tab completes, what it stores and hands in."""

    model: ClassVar[type[StepFile]]  # the schema model of this kind's ``[[steps]]`` tables
    claim: ClassVar[Claim]  # which tables are of this kind
    required: ClassVar[bool] = True  # the lesson is complete when every required step is
    gradable: ClassVar[int] = 0  # preference as the step `tutor grade` grades by default (0: never)
    fresh: ClassVar[bool] = False  # serves an item never served before each time (a review there needs no new variant)
    answered: ClassVar[str] = "complete the step"  # what typing a revealed answer in does
    no_hints: ClassVar[str] = "There are no hints for this step. /solution reveals the answer."

    @property
    def multiline(self) -> bool:
        """Whether an answer is written over several lines (a question tree), ended by an empty line."""
        return False

    @abstractmethod
    def blank(self) -> S:
        """The step's state before the learner does anything (before it is entered: a game not started yet)."""

    def enter(self, context: Context) -> Entered[S]:
        """Set the step up (a game starts, or resumes from the moves in ``context.saved``)."""
        return Entered(self.blank(), self.show(self.blank()))

    @abstractmethod
    def show(self, state: S) -> list[Reply]:
        """The step's text (and board) as shown on entering it and by /show."""

    @abstractmethod
    def respond(self, state: S, text: str, context: Context) -> Outcome[S]:
        """The learner's input on this step: judged, or taken as a move, or a note on what the step wants."""

    def ladder(self, state: S) -> list[Rung]:
        """The hint ladder for where the learner is, each rung telling more than the one before: the engine's
        nudges, the author's hints, the engine's concepts, its next move, and last the answer itself."""
        return []

    def ladder_restarts(self, before: S, after: S) -> bool:
        """Whether an answer that took the step from ``before`` to ``after`` put something new on screen, whose
        hint ladder starts again from its first rung (a move in a game); a whole answer keeps its ladder."""
        return False

    def solution_offer(self) -> str | None:
        """The question /solution asks before revealing (None: nothing to reveal here)."""
        return None

    def reveal(self, state: S) -> list[Reply]:
        """The answer (for where the learner is, mid-game), as /solution shows it."""
        return []

    def completions(self, state: S) -> list[str]:
        """Words worth offering to tab completion now."""
        return []

    def persist(self, state: S, context: Context) -> tuple[Event, ...]:
        """The progress events that make the store hold ``state`` again (after /undo or /reset)."""
        return ()

    def submission(self, state: S) -> str | None:
        """The learner's last whole answer in ``state``, to hand in (``/submit``); None when there is none (no
        answer yet, or a step whose answers are not whole answers to grade)."""
        return None

    def on_screen(self, state: S) -> Step[Any]:
        """The question on screen in ``state``, as a step: the step itself; a step that serves fresh items, the item
        served."""
        return self

    def items(self, count: int = 3) -> Sequence[Step[Any]]:
        """The questions this step puts to a learner, as steps a sweep over the course checks (what each asks, its
        reasons for wrong answers): the step itself; a step that serves fresh items, up to ``count`` of them."""
        return [self]

    @classmethod
    @abstractmethod
    def build(cls, file: Any, setting: Any) -> tuple[Step[Any], set[str]]:
        """The step a validated ``[[steps]]`` table of this kind describes (``setting``: where it is, its puzzle,
        game and arguments), and the lesson-level arguments it uses."""

    @classmethod
    def screen(cls, file: Any, where: str) -> None:
        """Checks on a validated ``[[steps]]`` table of this kind that need no engine (made when the file is
        read, before any variant is drawn); ``LessonError`` on a problem."""

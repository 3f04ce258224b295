"""Where the learner is: one immutable snapshot (``Place``), the value the session's pieces pass around.

Navigation makes new places, the help ladder climbs within one, the undo history keeps the ones left behind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tutor.course.steps import StepState


@dataclass(frozen=True)
class Place:
    """The lesson and step on screen, the hint rung reached and the step's own state (a value its step class
    owns; None before the step is entered), whether the item's solution was revealed and the help had on it."""

    lesson: str | None = None
    step: int = 0
    hint_level: int = 0
    state: StepState | None = None
    revealed: bool = False  # the solution of the item on screen was revealed
    aids: tuple[str, ...] = ()  # the help had on the item on screen (``tutor.session.evidence``)

    def restarted(self) -> Place:
        """The same step afresh, keeping the help had on its item (help is never taken back)."""
        return Place(self.lesson, self.step, aids=self.aids)

    def same_step(self, other: Place) -> bool:
        """Whether ``other`` is at this place's lesson and step."""
        return (self.lesson, self.step) == (other.lesson, other.step)

"""The undo history: the places the learner left, newest last, for ``/undo``.

A place is pushed before anything changes it (an answer, a move, a new step, a reset); ``take_back`` gives the
last one back.  Taking back a move within a step keeps the help had on the item since (``Back.within``: the
session charges the undo to it), so help is never undone with the move it came with.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from tutor.progress.evidence import aids_of
from tutor.session.place import Place

KEPT = 200  # places kept: the oldest go first


@dataclass(frozen=True)
class Back:
    """What ``/undo`` goes back to: the place, and whether it is at the lesson step the learner was at (``within``)."""

    place: Place
    within: bool


class History:
    """The places to go back to, at most ``kept`` of them."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.places: list[Place] = []

    def __len__(self) -> int:
        return len(self.places)

    def push(self, place: Place) -> None:
        """Keep ``place`` to come back to."""
        self.extend([place])

    def extend(self, places: Iterable[Place]) -> None:
        """Keep ``places`` (oldest first): a game restored from progress brings the places of its moves."""
        self.places += places
        del self.places[:-self.kept]

    def take_back(self, current: Place) -> Back | None:
        """The last place kept, leaving ``current`` (None when there is none); at the same step it carries the
        help had on ``current`` too."""
        if not self.places:
            return None
        place = self.places.pop()
        within = place.lesson is not None and place.same_step(current)
        if within:
            place = replace(place, aids=aids_of((*place.aids, *current.aids)))
        return Back(place, within)

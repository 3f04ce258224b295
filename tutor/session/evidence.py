"""The evidence fields of the attempts a session stores: which item and try each is, and the help had on the item.

The session stamps every ``Attempt`` it stores (``stamp_event``) by the rule of ``tutor.progress.evidence``: the
item of its instance still open at the step, or the next one, and the try in it, with the help had on the item on
screen.  The session's place on screen collects that help as it is given (``Place.aids``: a hint at any position of
a game, a revealed solution, an undo within the step, a reset) and forgets it when the item is answered right (a
right answer ends its item).  On entering a step the help stored for its open item is collected again
(``on_screen``: hints, solutions and the help earlier attempts of the item were stamped with, since the step was
last answered right), and an ``/undo`` or ``/reset`` is stored as an attempt that is not a try (``aid``), so help
stays with the item when the learner leaves and comes back.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tutor.progress import Progress
from tutor.progress.events import Attempt, Event
from tutor.progress.evidence import HINT, SOLUTION, aids_of, instance_of, stamp
from tutor.progress.helped import help_since, last_right
from tutor.progress.records import AttemptRecord, attempts
from tutor.session.review import under_review


def at_step(progress: Progress, lesson: str, step: int) -> list[AttemptRecord]:
    """The attempts stored at a step (0-based), oldest first, kept ones included."""
    return [r for r in attempts(progress, lesson) if r.step == step + 1]


def on_screen(progress: Progress, lesson: str, step: int, hint: int = 0, revealed: bool = False) -> tuple[str, ...]:
    """The help had on the item on screen at a step (0-based): given there since its last right answer, and the
    place's own ``hint`` rung and ``revealed`` flag."""
    since = last_right(progress, lesson, step)
    rung, shown = help_since(progress, lesson, step, since)
    kinds = [HINT] * (rung > 0 or hint > 0) + [SOLUTION] * (shown or revealed)
    for record in at_step(progress, lesson, step):
        if since is None or record.at > since:
            kinds += record.aids
    return aids_of(kinds)


def stamp_event(progress: Progress, event: Event, aids: tuple[str, ...]) -> Event:
    """``event`` with its evidence fields when it is an attempt (with ``aids`` and its own added); else as it is."""
    if not isinstance(event, Attempt):
        return event
    made = stamp(at_step(progress, event.lesson, event.step), instance_of(event.variant), event.judged,
                 (*aids, *event.aids))
    return replace(event, instance=made.instance, item=made.item, nth=made.nth, aids=made.aids)


def aid(kind: str, lesson: str, step: int, variant: str) -> Attempt:
    """The record of help that is not a hint or a solution (``undo``, ``reset``): an attempt that is not a try."""
    return Attempt(lesson, step, f"/{kind}", False, kind, 0.0, variant=variant, aids=(kind,), judged=False)


def chargeable(place: Any, step: Any) -> bool:
    """Whether help can be charged at ``place`` (a ``Place``) on ``step``: a lesson is open and the step asks
    something (an item to charge)."""
    return bool(place.lesson) and step is not None and step.required


def charged(place: Any, step: Any, kind: str) -> Any:
    """``place`` with help of ``kind`` charged to the item on screen at ``step`` (as it is when not ``chargeable``)."""
    return replace(place, aids=aids_of((*place.aids, kind))) if chargeable(place, step) else place


def solved(events: tuple[Event, ...]) -> bool:
    """Whether ``events`` hold a right try: its item is over, and the help on it with it."""
    return any(isinstance(e, Attempt) and e.judged and e.correct for e in events)


def with_item_help(session: Any, place: Any, step: Any) -> Any:
    """``place`` with the help stored for the open item at its step added (none at a review's step: it serves
    something new)."""
    if under_review(session, place.lesson, step.index):
        return place
    stored = on_screen(session.progress, place.lesson or "", step.index)
    return replace(place, aids=aids_of((*place.aids, *stored)))

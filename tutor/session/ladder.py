"""The help ladder: ``/hint`` climbs the hint ladder of the item on screen one rung at a time, ``/solution`` asks
first and then reveals its answer.

Help is charged to the item on screen (``Place.aids``, ``tutor.session.evidence``) and recorded (``HintShown``,
``Revealed``); the rung reached is kept with the place, so ``/undo`` and leaving a step keep it.  The ladder decides
and the session carries out: each call returns the ``Help`` given (the replies, the place after it, the events to
store) and the ladder itself only remembers whether a ``/solution`` awaits its yes or no.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from tutor.progress.events import Event, HintShown, Revealed
from tutor.progress.evidence import HINT, SOLUTION
from tutor.screen.shown import Markdown, Reply, join
from tutor.session.evidence import charged
from tutor.session.place import Place

if TYPE_CHECKING:
    from tutor.course.steps import Step

YES = ("y", "yes")  # the answers to /solution's question that reveal


@dataclass(frozen=True)
class Help:
    """What the ladder gave: its replies, the place after it and the progress events that record it."""

    replies: list[Reply]
    place: Place
    events: tuple[Event, ...] = ()


class HelpLadder:
    """The help on the item on screen: hints rung by rung, and the solution once asked for and confirmed."""

    def __init__(self) -> None:
        self.asking = False  # a /solution awaits its yes or no (the next line answers it)

    def hint(self, step: Step | None, state: Any, place: Place) -> Help:
        """One more rung of ``step``'s ladder at ``state`` (the last one again when it is reached)."""
        from tutor.puzzles.answers import Level  # the engines are imported once a lesson opens, not at the start

        if step is None or not place.lesson:
            return Help([Reply.info("Open a lesson first: /lessons.")], place)
        ladder = step.ladder(state)
        if not ladder:
            return Help([Reply.info(step.no_hints)], place)
        level = min(place.hint_level + 1, len(ladder))
        rung = ladder[level - 1]
        numbered, body = f"hint {level} of {len(ladder)}: ", rung.text
        shown = Reply.hint(Markdown(numbered + body.text) if isinstance(body, Markdown) else join([numbered, body], ""))
        told = rung.level is Level.REVEAL  # the last rung tells the answer: recorded as revealed
        if place.hint_level >= len(ladder):
            return Help([shown, Reply.info("That is the last hint: it is the answer." if told
                                           else "That is the last hint.")], place)
        climbed = charged(replace(place, hint_level=level), step, HINT)
        if not told:
            return Help([shown], climbed, (HintShown(place.lesson, step.index, level),))
        return Help([shown, Reply.info(f"That was the last hint: the answer itself. Type it in to {step.answered}.")],
                    charged(climbed, step, SOLUTION),
                    (HintShown(place.lesson, step.index, level), Revealed(place.lesson, step.index)))

    def offer(self, step: Step | None) -> list[Reply]:
        """``/solution``: the question asked before revealing (the next line answers it)."""
        offer = None if step is None else step.solution_offer()
        if offer is None:
            return [Reply.info("There is no question here to reveal.")]
        self.asking = True
        return [Reply.info(offer)]

    def answer(self, text: str, step: Step | None, state: Any, place: Place) -> Help:
        """The learner's answer to ``/solution``'s question: yes reveals, anything else does not."""
        self.asking = False
        if step is not None and text.strip().lower() in YES:
            return self.reveal(step, state, place)
        return Help([Reply.info("Not revealed. Keep going; /hint may help.")], place)

    def reveal(self, step: Step, state: Any, place: Place) -> Help:
        """The answer (mid-game: the moves that win from here), recorded as revealed."""
        return Help(step.reveal(state), charged(replace(place, revealed=True), step, SOLUTION),
                    (Revealed(place.lesson or "", step.index),))

"""What passes between a session and a step: the step's own state (``StepState``, a value of the step's own type
``S``), what the step needs from the session (``Context``), and what it makes of an input (``Outcome``) or of being
entered (``Entered``)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from tutor.learner.fresh import NOTHING, Seen
from tutor.learner.mastery import ParamsFor, defaults
from tutor.progress.events import Event
from tutor.screen.shown import Reply


@dataclass(frozen=True)
class StepState:
    """Where the learner is inside one step (nothing, for a step of text); each kind of step has its own subclass."""


S = TypeVar("S", bound=StepState)  # a kind of step's own state: ``Step[Playing]``


@dataclass(frozen=True)
class Context:
    """What a step needs from the session at the moment it is used: the lesson (for progress events), the
    seconds since the step was shown, the generator of its random start, and the moves saved in progress;
    for the attempt records: the hint rung reached at the step, whether its solution was revealed, and the
    variant the learner has (JSON text: the seed and parameters drawn)."""

    lesson: str
    seconds: float = 0.0
    rng: random.Random = field(default_factory=lambda: random.Random(0))
    saved: tuple[str, ...] = ()
    hint: int = 0
    revealed: bool = False
    variant: str = ""
    aids: tuple[str, ...] = ()  # the help had on the item on screen so far (``tutor.progress.evidence``)
    mastery: Callable[[], Mapping[str, float]] = field(default=lambda: {})  # each skill's mastery now, on call
    bkt: ParamsFor = defaults  # the knowledge-tracing parameters ``mastery`` is traced with (a pack's [mastery])
    seen: Callable[[str], Seen] = field(default=lambda skill: NOTHING)  # what the learner met of a skill, on call


@dataclass(frozen=True)
class Outcome(Generic[S]):
    """What a step made of the learner's input: replies to show, the new state (None: unchanged, and not an
    undo point), progress events to store, and whether the step is ``done`` (completed: recorded, and the
    lesson moves on) or only left (``advance``: a text step read)."""

    replies: list[Reply]
    state: S | None = None
    events: tuple[Event, ...] = ()
    done: bool = False
    advance: bool = False


@dataclass(frozen=True)
class Entered(Generic[S]):
    """A step set up for the learner: its first state, what to say about it, and the states before it that
    /undo may return to (the moves of a game replayed from progress)."""

    state: S
    replies: list[Reply]
    earlier: tuple[S, ...] = ()

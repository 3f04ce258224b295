"""What a session holds: replies, the learner's place (an immutable snapshot for /undo), and the shared state.

``SessionState`` keeps the catalog, the progress store, where the learner is and
the undo history; the answering and navigation layers build on it.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor import puzzles
from tutor.course import Catalog, Lesson, Step, instantiate, variant_seed
from tutor.progress import Progress
from tutor.puzzles.base import Puzzle
from tutor.shown import Shown, text_of

COMMANDS = {
    "/help": "this list",
    "/lessons": "the lessons, with your progress",
    "/open LESSON": "open a lesson by id or number",
    "/next": "go to the next step",
    "/back": "go back one step",
    "/show": "show the board, belief or question again",
    "/hint": "one more hint for this step",
    "/undo": "take back your last move or step",
    "/reset": "start this step again",
    "/solution": "reveal the answer (asks first; it is recorded)",
    "/progress": "what you have done so far",
    "/quit": "leave (progress is already saved)",
}
HISTORY = 200  # undo snapshots kept


@dataclass(frozen=True)
class Reply:
    """One thing the tutor says; ``kind`` picks the REPL's style.

    Kinds: title, say, ask, ok, wrong, hint, error, board, info.  ``body`` is what to show: the engines'
    plain text, a lesson author's ``Markdown``, or a ``Picture`` (``tutor.shown``); ``text`` is its text form.
    """

    kind: str
    body: Shown

    @property
    def text(self) -> str:
        """The text form of what is shown (plain mode, transcripts, tests)."""
        return text_of(self.body)


@dataclass(frozen=True)
class Place:
    """An immutable snapshot of where the learner is, for /undo."""

    lesson: str | None = None
    step: int = 0
    hint_level: int = 0
    game: Any = None  # the play state of this step's game
    last_answer: str = ""
    moves: int = 0  # moves played in this step's game
    played: tuple[str, ...] = ()  # their texts, saved so a resumed game is replayed
    defined: str = ""  # definitions kept for this step's answers (a coin strategy's let blocks)
    over: bool = False  # the game ended (lost): moves are refused until /reset or /undo


class SessionState:
    """The catalog, the progress store, the learner's place and the undo history."""

    def __init__(self, catalog: Catalog, progress: Progress | None = None,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None) -> None:
        self.catalog = catalog
        self.seed = seed  # --seed: fixes every lesson's variant instead of the learner's profile
        self.instances: dict[str, Lesson] = {}  # lessons with their variant drawn
        self.progress = progress if progress is not None else Progress(None)
        self.clock = clock
        self.place = Place()
        self.history: list[Place] = []
        self.pending_solution = False
        self.finished = False
        self.shown_at = clock()
        self.profile = self.progress.profile_id()

    @property
    def lesson(self) -> Lesson | None:
        """The open lesson (this learner's variant of it), if any."""
        if not self.place.lesson:
            return None
        return self.instances.get(self.place.lesson) or self.catalog.lessons.get(self.place.lesson)

    @property
    def step(self) -> Step | None:
        """The current step, if a lesson is open."""
        lesson = self.lesson
        return lesson.steps[self.place.step] if lesson else None

    @property
    def puzzle(self) -> Puzzle[Any]:
        """The open lesson's puzzle family."""
        lesson = self.lesson
        assert lesson is not None
        return puzzles.get(lesson.puzzle)

    @property
    def owner(self) -> str:
        """Whose variants and random games these are: the learner's profile, or ``--seed``."""
        return self.profile if self.seed is None else f"seed-{self.seed}"

    def variant_of(self, lesson: Lesson) -> Lesson:
        """This learner's variant of a lesson: drawn from their profile (or --seed) and the lesson id."""
        if lesson.id not in self.instances:
            self.instances[lesson.id] = instantiate(lesson, variant_seed(self.owner, lesson.id))
        return self.instances[lesson.id]

    def rng(self, step: Step) -> random.Random:
        """A generator fixed by the learner's profile, the lesson and the step (reproducible)."""
        key = f"{self.owner}:{self.place.lesson}:{step.index}".encode()
        return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))

    def remember(self) -> None:
        """Push the current place onto the undo history."""
        self.history.append(self.place)
        del self.history[:-HISTORY]

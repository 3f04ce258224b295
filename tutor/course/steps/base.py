"""The step protocol: what a session, lint, grading, preview and authoring ask of a lesson step.

A step is one of a set of classes (``Say``, ``Computed``, ``Written``, ``Game``, ``Practice``), each declared once
as a kind: the schema model of its ``[[steps]]`` table and the ``Claim`` that says which tables are its
(``tutor.course.steps.kinds``).  Each owns how
it is entered and shown, how an answer is judged and recorded, its hint ladder, its reveal, its
reference answer, its lint checks, an input that makes progress (for previews) and its skeleton (for
``tutor new``); callers call these methods and never ask a step what kind it is.

A step is pure: it never writes progress.  What happens to the learner's place is a ``StepState``
value owned by the step's class (the game being played, the last answer); a call returns an
``Outcome``: the replies, the new state, the progress events to store and whether the step is done.
The session keeps the undo history, stores the events and moves between steps.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tutor.course.model import Mistake
from tutor.course.schema import StepFile
from tutor.course.text import fill
from tutor.errors import TooLarge, TutorError
from tutor.learner.bkt import OPEN
from tutor.learner.fresh import NOTHING, Seen
from tutor.learner.mastery import ParamsFor, defaults
from tutor.learner.skills import covering, unknown
from tutor.progress.events import Event
from tutor.puzzles.answers import Rung, Verdict
from tutor.puzzles.base import Puzzle
from tutor.puzzles.options import NO_ARGS, Args
from tutor.shown import Drawn, Markdown, Reply


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
class StepState:
    """Where the learner is inside one step (nothing yet, for a fresh step); each step class has its own."""


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
class Outcome:
    """What a step made of the learner's input: replies to show, the new state (None: unchanged, and not an
    undo point), progress events to store, and whether the step is ``done`` (completed: recorded, and the
    lesson moves on) or only left (``advance``: a text step read)."""

    replies: list[Reply]
    state: StepState | None = None
    events: tuple[Event, ...] = ()
    done: bool = False
    advance: bool = False


@dataclass(frozen=True)
class Entered:
    """A step set up for the learner: its first state, what to say about it, and the states before it that
    /undo may return to (the moves of a game replayed from progress)."""

    state: StepState
    replies: list[Reply]
    earlier: tuple[StepState, ...] = ()


@dataclass(frozen=True)
class Step(ABC):
    """One lesson step: where it is, its text, and the puzzle's game it is about (with its arguments).

    ``game`` is the step's loaded puzzle game, ``params`` its parameter values (for display), ``args`` the
    question arguments and play settings its parts take.
    """

    index: int
    title: str
    text: str
    puzzle: Puzzle[Any]
    game: Any
    params: Mapping[str, Any]
    args: Args = NO_ARGS
    hints: tuple[str, ...] = ()  # the author's hints (a say step has none)
    mistakes: tuple[Mistake, ...] = ()  # the author's known wrong answers (a say step has none)
    success: str = ""  # said when the step is answered correctly
    named_skills: tuple[str, ...] = field(default=(), kw_only=True)  # the lesson's own ``skills = [...]``
    filled: dict[str, Markdown | TutorError] = field(default_factory=dict, init=False, repr=False, compare=False)
    model: ClassVar[type[StepFile]]  # the schema model of this kind's ``[[steps]]`` tables
    claim: ClassVar[Claim]  # which tables are of this kind
    required: ClassVar[bool] = True  # the lesson is complete when every required step is
    gradable: ClassVar[int] = 0  # preference as the step `tutor grade` grades by default (0: never)
    fresh: ClassVar[bool] = False  # serves an item never served before each time (a review there needs no new variant)
    answered: ClassVar[str] = "complete the step"  # what typing a revealed answer in does
    no_hints: ClassVar[str] = "There are no hints for this step. /solution reveals the answer."

    @property
    def key(self) -> str:
        """Where this step is in its file, for error messages: ``steps[3]``."""
        return f"steps[{self.index + 1}]"

    @property
    def label(self) -> str:
        """What the step takes, in the lesson format's words (``strategy``, ``number``; ``say`` for text)."""
        return "say"

    @property
    def multiline(self) -> bool:
        """Whether an answer is written over several lines (a question tree), ended by an empty line."""
        return False

    def fill(self, text: str) -> Markdown:
        """An author's text with its ``{{values}}`` computed for this step (once: ``prepare``)."""
        done = self.filled.get(text)
        if done is None:
            try:
                done = fill(text, self.puzzle, self.game, self.args)
            except TooLarge:
                raise
            except TutorError as err:  # a value that does not compute: said where the text is shown, and by lint
                done = err
            self.filled[text] = done
        if isinstance(done, TutorError):
            raise done
        return done

    def prepare(self) -> None:
        """Fill every text now, when the lesson is built within its work budget, so that showing a step never
        computes (a text too large to show refuses the lesson: ``TooLarge``, naming the limit)."""
        for _, text in self.texts():
            try:
                self.fill(text)
            except TooLarge:
                raise
            except TutorError:
                pass

    def texts(self) -> list[tuple[str, str]]:
        """Every text of the step a learner may read, with its key (``""`` for the main text)."""
        return [("", self.text)]

    # -- the session -------------------------------------------------------------------------------

    def enter(self, context: Context) -> Entered:
        """Set the step up (a game starts, or resumes from the moves in ``context.saved``)."""
        return Entered(StepState(), self.show(StepState()))

    @abstractmethod
    def show(self, state: StepState) -> list[Reply]:
        """The step's text (and board) as shown on entering it and by /show."""

    @abstractmethod
    def respond(self, state: StepState, text: str, context: Context) -> Outcome:
        """The learner's input on this step: judged, or taken as a move, or a note on what the step wants."""

    def skill_keys(self) -> tuple[str, ...]:
        """What the step exercises, in the words skills cover (``quantity:NAME``, ``kind:NAME``,
        ``misconception:NAME``); a say step exercises nothing."""
        return ()

    def skills(self) -> tuple[str, ...]:
        """The global names of the skills the step exercises: the lesson's own ``skills = [...]``, else every
        skill of the puzzle covering what it asks (``tutor.learner.skills``)."""
        return self.named_skills or covering(self.puzzle, self.skill_keys())

    def ladder(self, state: StepState) -> list[Rung]:
        """The hint ladder for where the learner is, each rung telling more than the one before: the engine's
        nudges, the author's hints, the engine's concepts, its next move, and last the answer itself."""
        return []

    def solution_offer(self) -> str | None:
        """The question /solution asks before revealing (None: nothing to reveal here)."""
        return None

    def reveal(self, state: StepState) -> list[Reply]:
        """The answer (for where the learner is, mid-game), as /solution shows it."""
        return []

    def completions(self, state: StepState) -> list[str]:
        """Words worth offering to tab completion now."""
        return []

    def persist(self, state: StepState, context: Context) -> tuple[Event, ...]:
        """The progress events that make the store hold ``state`` again (after /undo or /reset)."""
        return ()

    def submission(self, state: StepState) -> str | None:
        """The learner's last whole answer in ``state``, to hand in (``/submit``); None when there is none (no
        answer yet, or a step whose answers are not whole answers to grade)."""
        return None

    # -- lint, grading, previews and skeletons --------------------------------------------------------

    def reference(self) -> Drawn | None:
        """A correct answer: the author's own, else the engine's (None: there is nothing to answer)."""
        return None

    def judge(self, text: str) -> Verdict:
        """The verdict on ``text`` as a whole answer (grading, lint); ``TutorError`` if it cannot be read."""
        raise TutorError(f"{self.key} asks nothing")

    def ready(self) -> None:
        """``TutorError`` if the step cannot work as written for this variant (what it must compute does not),
        checked as the lesson opens so a lesson lint refuses for that is never half opened; nothing otherwise."""

    def lint(self) -> list[str]:
        """Every problem with the step, each ``KEY: message`` relative to the step (``.reference: ...``)."""
        problems = []
        for key, text in self.texts():
            try:
                self.fill(text)
            except TutorError as err:
                problems.append(f"{key}: a {{{{quantity}}}} does not compute: {err}")
        return problems + self.lint_skills()

    def lint_skills(self) -> list[str]:
        """The skills the lesson names are skills some family declares (``tutor progress --skills`` lists them)."""
        return [f".skills: unknown skill {name!r} (a family's skills are named like "
                f"'{self.puzzle.name}/...': see `tutor progress --skills`)" for name in unknown(self.named_skills)]

    def gives_away(self, text: str, learner: str = "") -> str | None:
        """What of this step's answer ``text`` gives away, directly or one obvious step from it and from the learner's
        answer ``learner`` (None: nothing, or nothing to give away): ``tutor.puzzles.giveaway``."""
        return None

    def probes(self) -> list[tuple[str, str]]:
        """What a learner who has not found the answer may be told here: (where, text) for the reply to each
        typical wrong answer and each hint rung but the last.  Lint checks none of them gives an answer away."""
        return []

    def misconceptions(self) -> list[tuple[str, Any]]:
        """The named misconceptions of what this step asks, with the value each gives for this step's game."""
        return []

    def accepts(self, text: str) -> bool:
        """Whether ``text``, given as a whole answer, completes this step (a remembered answer a fresh item must not
        take: ``tutor.learner.fresh``); False for what does not read, and on a step that asks nothing."""
        return False

    def guesses(self) -> tuple[str, ...]:
        """The answers a random guesser picks among at this step's items: a choice's options, the values a bounded
        number answer takes; none for an open answer (a written answer, a game, a number with no bound)."""
        return ()

    def chance(self) -> float:
        """The chance of a lucky guess at this step's items, knowledge tracing's guess parameter for them (``bkt``):
        one in the number of ``guesses`` (two at least: one half is the most a guess may earn), else ``bkt.OPEN``."""
        found = len(self.guesses())
        return 1 / max(2, found) if found else OPEN

    def answer_candidates(self) -> list[str] | None:
        """Whole answers a learner might give here, right and wrong, that ``judge`` reads: lint tries the declared
        mistakes on them (``tutor.lint.mistakes``).  None: the step's mistakes are not whole answers."""
        return None

    def items(self, count: int = 3) -> Sequence[Step]:
        """The questions this step puts to a learner, as steps a sweep over the course checks (what each asks, its
        reasons for wrong answers): the step itself; a step that serves fresh items, up to ``count`` of them."""
        return [self]

    def on_screen(self, state: StepState) -> Step:
        """The question on screen in ``state``, as a step: the step itself; a step that serves fresh items, the item
        served."""
        return self

    def ladder_restarts(self, before: StepState, after: StepState) -> bool:
        """Whether an answer that took the step from ``before`` to ``after`` put something new on screen, whose
        hint ladder starts again from its first rung (a move in a game); a whole answer keeps its ladder."""
        return False

    def sample(self, state: StepState, seed: int) -> str | None:
        """An input that makes progress on the step from ``state`` (a preview types it), or None if none."""
        return None

    @classmethod
    @abstractmethod
    def build(cls, file: Any, setting: Any) -> tuple[Step, set[str]]:
        """The step a validated ``[[steps]]`` table of this kind describes (``setting``: where it is, its puzzle,
        game and arguments), and the lesson-level arguments it uses."""

    @classmethod
    def screen(cls, file: Any, where: str) -> None:
        """Checks on a validated ``[[steps]]`` table of this kind that need no engine (made when the file is
        read, before any variant is drawn); ``LessonError`` on a problem."""

    @classmethod
    def skeleton(cls, puzzle: Puzzle[Any], game: Any) -> Sequence[str]:
        """TOML lines for a step of this kind that lints as written for ``puzzle``'s default game ([] if none)."""
        return []


def computable(puzzle: Puzzle[Any], game: Any) -> list[tuple[str, Any]]:
    """Each quantity of ``puzzle`` that computes for ``game`` with default arguments, and its value."""
    out = []
    for name in puzzle.quantities:
        try:
            value = puzzle.compute(game, name)
        except TutorError:
            continue
        out.append((name, value))
    return out

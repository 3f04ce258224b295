"""The conversation core: ``Session.handle(line) -> replies``, with no I/O inside.

A Session holds where the learner is (``Place``: the lesson, the step, the hint rung reached and the step's own
state, a value its step class owns) and conducts the pieces that act on it: the navigator (``tutor.session.
navigation``: /open, /next, /back, /lessons), the help ladder (``tutor.session.ladder``: /hint, /solution) and the
undo history (``tutor.session.undo``).  Each step answers for itself (``tutor.course.steps``); the session carries
out what the pieces and the step decide: it keeps undo points, enters steps and stores the progress events they
carry.  Everything the REPL shows comes from here, so whole lessons can be played in tests without a terminal.

Chat convention: a line starting with ``/`` is a command (``tutor.session.handlers``); ``help``, ``quit`` and
``exit`` also work bare; anything else answers the current step.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from tutor.course import Catalog, Lesson
from tutor.errors import TutorError
from tutor.learner.mastery import mastery
from tutor.limits import INPUT_BYTES
from tutor.progress import Progress
from tutor.progress.events import Completed, Event, Position
from tutor.progress.evidence import RESET, UNDO
from tutor.progress.learner_ids import learner_and_seed
from tutor.progress.records import variant_json
from tutor.screen.shown import Reply
from tutor.session.evidence import aid, chargeable, charged, solved, stamp_event, with_item_help
from tutor.session.ladder import Help, HelpLadder
from tutor.session.navigation import Move, Navigator
from tutor.session.place import Place
from tutor.session.registry import run_command
from tutor.session.review import Reviewing, under_review, with_stored_help
from tutor.session.saving import SavingNews, opening_text
from tutor.session.skills import bkt_params, chances, reviews_text
from tutor.session.summary import Summary
from tutor.session.undo import History
from tutor.submission import variant_owner

if TYPE_CHECKING:  # the steps (and the puzzles under them) are imported once a lesson opens, not at the start
    from tutor.course.steps import Context, Outcome, Step, StepState


class Session:
    """The tutor's side of the conversation: it conducts the navigator, the help ladder and the undo history."""

    def __init__(self, catalog: Catalog, progress: Progress | None = None,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None, learner: str = "") -> None:
        self.catalog, self.clock = catalog, clock
        self.progress = progress if progress is not None else Progress(None)
        self.news = SavingNews(self.progress)
        self.profile = self.progress.profile_id()
        self.learner, self.seed = learner_and_seed(self.progress, learner, seed)  # --learner, --seed: kept, reused
        self.navigator = Navigator(catalog, self.progress, lambda: self.owner)
        self.ladder = HelpLadder()
        self.history = History()
        self.place = Place()
        self.finished = False  # the learner has left
        self.shown_at = clock()
        self.reviewing: Reviewing | None = None  # the reviews under way (/review, tutor review)

    # -- where the learner is ---------------------------------------------------------------------------

    @property
    def lesson(self) -> Lesson | None:
        """The open lesson (this learner's variant of it), if any."""
        return self.navigator.lesson_at(self.place)

    @property
    def step(self) -> Step | None:
        """The current step, if a lesson is open."""
        lesson = self.lesson
        return lesson.steps[self.place.step] if lesson else None

    @property
    def state(self) -> StepState | None:
        """The current step's state (its blank one before it is entered; None when no lesson is open)."""
        step = self.step
        return self.place.state if self.place.state is not None or step is None else step.blank()

    @property
    def owner(self) -> str:
        """Whose variants and random games these are: the learner id and course seed (``variant_owner``)."""
        return variant_owner(self.learner or None, self.seed, self.profile)

    @property
    def multiline(self) -> bool:
        """Whether the current step's answer is written over several lines (ended by an empty line)."""
        step = self.step
        return step is not None and step.multiline and not self.ladder.asking  # the y/n of /solution is a line

    def summary(self) -> Summary:
        """The learner's progress over the catalog."""
        return Summary.of(self.catalog, self.progress)

    def variant_of(self, lesson: Lesson) -> Lesson:
        """This learner's variant of a lesson (``Navigator.variant_of``)."""
        return self.navigator.variant_of(lesson)

    def rng(self, step: Step) -> random.Random:
        """A generator fixed by the learner's profile, the lesson and the step (reproducible)."""
        key = f"{self.owner}:{self.place.lesson}:{step.index}".encode()
        return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))

    def context(self, step: Step, saved: bool = False) -> Context:
        """What the step needs from the session now (``saved``: with the moves progress holds for it)."""
        from tutor.course.steps import Context
        from tutor.session.fresh import seen
        lesson = self.place.lesson or ""
        moves = tuple(self.progress.game(lesson, step.index)) if saved else ()
        drawn = variant_json(self.lesson.seed, self.lesson.variant) if self.lesson is not None else ""
        params, chance = bkt_params(self.catalog), chances(self.catalog)  # as /progress traces: [mastery], guesses
        return Context(lesson, self.clock() - self.shown_at, self.rng(step), moves, hint=self.place.hint_level,
                       revealed=self.place.revealed, variant=drawn, aids=self.place.aids, bkt=params,
                       mastery=lambda: mastery(self.progress, params, chance), seen=lambda skill: seen(self, skill))

    def completions(self) -> list[str]:
        """Moves or words worth completing for the current step."""
        step = self.step
        return [] if step is None else step.completions(self.state)

    def toolbar(self, width: int = 1000) -> str:
        """The status line within ``width`` columns (``Navigator.status``)."""
        return self.navigator.status(self.place, width)

    # -- entry points ------------------------------------------------------------------------------------

    def start(self, lesson: str | None = None) -> list[Reply]:
        """The greeting: open ``lesson``, or resume the last one, or list the lessons."""
        out = [Reply.title("Welcome to tutor: puzzles of search and reasoning, every answer checked exactly.")]
        if self.progress.opening is not None:
            out.append(Reply.error(opening_text(self.progress.opening)))
        out += [Reply.error(f"lesson not loaded: {err}") for err in self.catalog.errors]
        out += [Reply.info(said) for said in [self.progress.repaired, reviews_text(self.progress)] if said]
        if lesson is not None:  # a lesson to open, or a command to start with (tutor review: /review)
            return out + self.handle(lesson if lesson.startswith("/") else f"/open {lesson}")
        last = self.progress.last_lesson()
        if last and last in self.catalog.lessons:
            out.append(Reply.info("Welcome back. Picking up where you left off."))
            return out + self.saving(self.open(self.catalog.lessons[last]))
        out.append(Reply.info("Type a lesson's number to open it (or /open ID). /help lists the commands."))
        return out + self.saving(self.lessons())

    def handle(self, line: str) -> list[Reply]:
        """Take one line from the learner and return the tutor's replies (with any news about saving)."""
        if len(line) > INPUT_BYTES.value:
            return self.saving([Reply.error(str(INPUT_BYTES.error(f"that input has {len(line):,} characters")))])
        return self.saving(self.converse(line))

    def saving(self, replies: list[Reply]) -> list[Reply]:
        """``replies``, and after them what the learner must know about saving progress, if anything changed."""
        notice = self.news.notice()
        if notice:
            replies.append(Reply.error(notice) if self.progress.status(seen=False).kept else Reply.info(notice))
        return replies

    def leave(self) -> list[Reply]:
        """Save what is kept before the tutor exits: nothing to say, or plainly what could not be saved."""
        lost = self.news.finish()
        return [Reply.error(lost)] if lost else []

    def converse(self, line: str) -> list[Reply]:
        """One line: the answer to /solution's question, a command, a lesson to open, or input for the step."""
        text = line.strip()
        step = self.step
        if self.ladder.asking:
            return self.helped(self.ladder.answer(text, step, self.state, self.place))
        bare = text.lower()
        if bare in ("help", "quit", "exit", "?"):
            text = "/" + ("help" if bare == "?" else bare)
        if text.startswith("/"):
            return run_command(self, text)
        if step is None:
            if not text:
                return [Reply.info("Type a lesson's number to open it, or /lessons to see them.")]
            try:
                return self.open(self.catalog.find(text))
            except TutorError as err:
                return [Reply.error(f"{err}. Type a lesson's number, or /help.")]
        return self.apply(step, step.respond(self.state, text, self.context(step)))

    # -- outcomes and progress ---------------------------------------------------------------------------

    def write(self, *events: Event) -> None:
        """Store progress events as they happen (an attempt stamped with its evidence fields)."""
        for event in events:
            self.progress.record(stamp_event(self.progress, event, self.place.aids))

    def apply(self, step: Step, outcome: Outcome) -> list[Reply]:
        """Carry out what a step made of the learner's input: store its events, keep an undo point when the
        place changes, and move on when the step is done (or only left)."""
        self.write(*outcome.events)
        if outcome.state is not None or outcome.done or outcome.advance:
            self.history.push(self.place)
        if outcome.state is not None:
            fresh = step.ladder_restarts(self.state, outcome.state)  # a new position on screen: its own ladder
            self.place = replace(self.place, state=outcome.state, hint_level=0 if fresh else self.place.hint_level,
                                 revealed=not fresh and self.place.revealed,
                                 aids=() if solved(outcome.events) else self.place.aids)
        if outcome.done:
            self.write(Completed(self.place.lesson or "", step.index))
            if self.reviewing is not None and (after := self.reviewing.finished(self, step)) is not None:
                return outcome.replies + after  # a review's step: the next review comes, not the lesson's next step
        if outcome.done or outcome.advance:
            return outcome.replies + self.advance(remember=False)  # one undo takes back the answer and the move
        return outcome.replies

    def helped(self, help: Help) -> list[Reply]:
        """Carry out what the help ladder gave: its place (the rung reached, the help charged), its events."""
        self.place = help.place
        self.write(*help.events)
        return help.replies

    def charge(self, kind: str) -> None:
        """Charge an ``/undo`` or a ``/reset`` to the item on screen: kept with its place, and stored as an attempt
        that is not a try (``tutor.session.evidence.aid``)."""
        step = self.step
        if step is not None and chargeable(self.place, step):
            self.place = charged(self.place, step, kind)
            self.write(aid(kind, self.place.lesson or "", step.index, self.context(step).variant))

    # -- moving: the navigator decides, the session keeps an undo point and enters the step ---------------

    def go(self, move: Move, remember: bool = True) -> list[Reply]:
        """Carry out a move: what it says, then the step it goes to, fresh (nothing more when it goes nowhere)."""
        if move.to is None:
            return move.said
        if remember:
            self.history.push(self.place)
        self.place = move.to
        return move.said + self.enter()

    def open(self, lesson: Lesson) -> list[Reply]:
        """Open a lesson (this learner's variant) where the learner left it."""
        return self.go(self.navigator.open(lesson))

    def advance(self, remember: bool = True) -> list[Reply]:
        """The next step, or the end of the lesson."""
        return self.go(self.navigator.forward(self.place), remember)

    def back(self) -> list[Reply]:
        """The step before, fresh."""
        return self.go(self.navigator.back(self.place))

    def enter(self) -> list[Reply]:
        """Show the current step (setting it up, a game restored from progress, if it is fresh)."""
        lesson, step = self.lesson, self.step
        assert lesson is not None and step is not None
        self.shown_at = self.clock()
        self.write(Position(lesson.id, step.index))
        self.place = with_item_help(self, with_stored_help(self, self.place, step), step)
        header = Reply.title(f"[{step.index + 1}/{len(lesson.steps)}]" + (f" {step.title}" if step.title else ""))
        if self.place.state is None:
            entered = step.enter(self.context(step, saved=True))
            self.history.extend(replace(self.place, state=s) for s in entered.earlier)
            self.place = replace(self.place, state=entered.state)
            shown = entered.replies
        else:
            shown = step.show(self.state)
        again = step.index in self.progress.completed(lesson.id) and not under_review(self, lesson.id, step.index)
        return [header, *shown,
                *([Reply.info("(You have answered this before: /next to move on, or answer again.)")] if again else [])]

    def show(self) -> list[Reply]:
        """The step again (its board, its options)."""
        step = self.step
        if step is None:
            return self.lessons()
        return step.show(self.state)

    def lessons(self) -> list[Reply]:
        """The lessons in course order, numbered, with the learner's progress."""
        return self.navigator.listing(self.place)

    # -- help and undo: the ladder and the history decide, the session stores what they record ------------

    def hint(self) -> list[Reply]:
        """One more rung of the step's ladder (recorded; not an undo point: /undo takes back moves)."""
        return self.helped(self.ladder.hint(self.step, self.state, self.place))

    def ask_solution(self) -> list[Reply]:
        """/solution asks before revealing."""
        return self.ladder.offer(self.step)

    def undo(self) -> list[Reply]:
        """Back to the place before the last change; the store is brought back to it too."""
        back = self.history.take_back(self.place)
        if back is None:
            return [Reply.info("Nothing to undo.")]
        self.place = back.place
        out = [Reply.info("Undone.")]
        lesson, step = self.lesson, self.step
        if lesson is None or step is None:
            return out + self.lessons()
        self.place = with_stored_help(self, self.place, step)
        if back.within:  # taken back within the item: the help had on it stays, and the undo is charged to it
            self.charge(UNDO)
        self.write(Position(lesson.id, step.index), *step.persist(self.state, self.context(step)))
        return out + self.show()

    def reset(self) -> list[Reply]:
        """The current step afresh."""
        step = self.step
        if step is None:
            return [Reply.info("No lesson is open.")]
        self.history.push(self.place)
        self.place = self.place.restarted()
        self.charge(RESET)
        self.write(*step.persist(self.state, self.context(step)))  # a fresh state: the place was just reset
        shown = self.enter()
        self.place = replace(self.place, hint_level=0)  # the ladder starts again with the step: "hint 1 of N"
        return [Reply.info("This step starts again."), *shown]

"""The conversation core: ``Session.handle(line) -> replies``, with no I/O inside.

A Session holds where the learner is (``Place``: the lesson, the step, the hint rung reached and the step's
own state, a value its step class owns) and an undo history of such snapshots.  Each step answers for
itself (``tutor.course.steps``); the session does what is the same for every step: navigation, undo, and
storing the progress events a step's outcome carries.  Everything the REPL shows comes from here, so whole
lessons can be played in tests without a terminal.

Chat convention: a line starting with ``/`` is a command (``tutor.session.commands``); ``help``, ``quit`` and ``exit``
also work bare; anything else answers the current step.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tutor.course import Catalog, Lesson, instantiate, toml_value, variant_seed
from tutor.errors import TutorError
from tutor.learner.mastery import mastery
from tutor.limits import INPUT_BYTES
from tutor.progress import Progress
from tutor.progress.events import Completed, Event, HintShown, Position, Revealed
from tutor.progress.evidence import HINT, RESET, SOLUTION, UNDO, aids_of
from tutor.progress.learner_ids import learner_and_seed
from tutor.progress.records import variant_json
from tutor.session.evidence import charge, solved, stamp_event, with_item_help
from tutor.session.registry import run_command
from tutor.session.review import Reviewing, under_review, with_stored_help
from tutor.session.saving import SavingNews, opening_text
from tutor.session.skills import bkt_params, chances, reviews_text
from tutor.session.summary import Summary, ending
from tutor.shown import Markdown, Reply, join
from tutor.submission import variant_owner

if TYPE_CHECKING:  # the steps (and the puzzles under them) are imported once a lesson opens, not at the start
    from tutor.course.steps import Context, Outcome, Step, StepState

HISTORY = 200  # undo snapshots kept


@dataclass(frozen=True)
class Place:
    """An immutable snapshot of where the learner is, for /undo (``state``: its step class's own value, or None)."""

    lesson: str | None = None
    step: int = 0
    hint_level: int = 0
    state: StepState | None = None
    revealed: bool = False  # the solution of the item on screen was revealed
    aids: tuple[str, ...] = ()  # the help had on the item on screen (``tutor.session.evidence``)


class Session:
    """The tutor's side of the conversation."""

    def __init__(self, catalog: Catalog, progress: Progress | None = None,
                 clock: Callable[[], float] = time.monotonic, seed: int | None = None, learner: str = "") -> None:
        self.catalog, self.clock = catalog, clock
        self.instances: dict[str, Lesson] = {}  # lessons with their variant drawn
        self.progress = progress if progress is not None else Progress(None)
        self.news = SavingNews(self.progress)
        self.place = Place()
        self.history: list[Place] = []
        self.pending_solution = self.finished = False  # a /solution awaiting y/n; the learner has left
        self.shown_at = clock()
        self.profile = self.progress.profile_id()
        self.learner, self.seed = learner_and_seed(self.progress, learner, seed)  # --learner, --seed: kept, reused
        self.reviewing: Reviewing | None = None  # the reviews under way (/review, tutor review)

    # -- where the learner is ---------------------------------------------------------------------------

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
        return step is not None and step.multiline and not self.pending_solution  # the y/n of /solution is a line

    def summary(self) -> Summary:
        """The learner's progress over the catalog."""
        return Summary.of(self.catalog, self.progress)

    def variant_of(self, lesson: Lesson) -> Lesson:
        """This learner's variant of a lesson: drawn from their profile (or --seed) and the lesson id."""
        if lesson.id not in self.instances:
            self.instances[lesson.id] = instantiate(lesson, variant_seed(self.owner, lesson.id))
        return self.instances[lesson.id]

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
        """A one-line status within ``width`` columns: lesson, step and progress; the title is shortened first,
        then the reminder of commands, so the lesson, the step and the count always show."""
        lesson = self.lesson
        if lesson is None:
            return f"no lesson open - /lessons to choose, /help for commands ({self.catalog.size_text()})"
        done = Summary.lesson(self.progress, lesson)
        unsaved = self.progress.status(seen=False).kept
        kept = f" | {len(unsaved)} NOT SAVED" if unsaved else ""
        where = f" | step {self.place.step + 1}/{lesson.size} | {done.answered}/{done.questions} answered"
        for tail in (" | /hint /help", ""):
            room = width - len(lesson.id) - len(where) - len(tail) - len(kept) - 3
            if room >= min(len(lesson.title), 8):
                title = lesson.title if len(lesson.title) <= room else lesson.title[: room - 1].rstrip() + "…"
                return f"{lesson.id}: {title}{where}{tail}{kept}"
        return f"{lesson.id}{where}{kept}"

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
        if self.pending_solution:
            self.pending_solution = False
            if text.lower() in ("y", "yes"):
                return self.reveal()
            return [Reply.info("Not revealed. Keep going; /hint may help.")]
        bare = text.lower()
        if bare in ("help", "quit", "exit", "?"):
            text = "/" + ("help" if bare == "?" else bare)
        if text.startswith("/"):
            return run_command(self, text)
        step = self.step
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
            self.remember()
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

    def remember(self) -> None:
        """Push the current place onto the undo history."""
        self.history.append(self.place)
        del self.history[:-HISTORY]

    # -- navigation --------------------------------------------------------------------------------------

    def open(self, lesson: Lesson) -> list[Reply]:
        """Open a lesson (this learner's variant) where the learner left it."""
        try:
            lesson = self.variant_of(lesson)
            lesson.ready()  # built here, within its budget, and what it computes computes: else one line
        except TutorError as err:
            return [Reply.error(f"lesson {lesson.id!r} cannot be opened: {err}")]
        self.remember()
        saved = self.progress.position(lesson.id)
        start = saved if saved is not None and 0 <= saved < len(lesson.steps) else 0
        self.place = Place(lesson.id, start)
        out = []
        pack = self.catalog.packs.get(lesson.pack)
        if pack is not None and start == 0:
            members = self.catalog.pack_lessons(pack.id)
            if members and members[0].id == lesson.id:
                out.append(Reply.title(pack.title))
                if pack.welcome:
                    out.append(Reply.say(pack.welcome))
        out += [Reply.title(f"{lesson.title} ({lesson.id})"), Reply.say(lesson.summary)]
        shown = ", ".join(f"{k} = {toml_value(v)}" for k, v in lesson.variant.items() if "." not in k)
        if shown:  # step-level draws (a random board) are shown at their step
            out.append(Reply.info(f"Your variant of this lesson: {shown}."))
        if start:
            out.append(Reply.info(f"Resuming at step {start + 1} of {len(lesson.steps)}."))
        return out + self.enter()

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
            self.history += [replace(self.place, state=s) for s in entered.earlier]
            self.place = replace(self.place, state=entered.state)
            shown = entered.replies
        else:
            shown = step.show(self.state)
        again = step.index in self.progress.completed(lesson.id) and not under_review(self, lesson.id, step.index)
        return [header, *shown,
                *([Reply.info("(You have answered this before: /next to move on, or answer again.)")] if again else [])]

    def move_to(self, index: int, remember: bool = True) -> list[Reply]:
        """Go to step ``index`` of the open lesson, fresh."""
        if remember:
            self.remember()
        self.place = Place(self.place.lesson, index)
        return self.enter()

    def advance(self, remember: bool = True) -> list[Reply]:
        """The next step, or the end of the lesson."""
        lesson = self.lesson
        if lesson is None:
            return [Reply.info("No lesson is open: /lessons to choose one.")]
        if self.place.step + 1 < len(lesson.steps):
            return self.move_to(self.place.step + 1, remember)
        return ending(self.catalog, self.progress, lesson)

    # -- hints, solutions, undo ----------------------------------------------------------------------------

    def hint(self) -> list[Reply]:
        """One more rung of the step's ladder (recorded; not an undo point: /undo takes back moves)."""
        from tutor.puzzles.answers import Level
        lesson, step = self.lesson, self.step
        if lesson is None or step is None:
            return [Reply.info("Open a lesson first: /lessons.")]
        ladder = step.ladder(self.state)
        if not ladder:
            return [Reply.info(step.no_hints)]
        level = min(self.place.hint_level + 1, len(ladder))
        rung = ladder[level - 1]
        numbered = f"hint {level} of {len(ladder)}: "
        body = rung.text
        shown = Reply.hint(Markdown(numbered + body.text) if isinstance(body, Markdown) else join([numbered, body], ""))
        if self.place.hint_level >= len(ladder):
            told = rung.level is Level.REVEAL
            return [shown, Reply.info("That is the last hint: it is the answer." if told else "That is the last hint.")]
        self.place = replace(self.place, hint_level=level)
        self.write(HintShown(lesson.id, step.index, level))
        charge(self, HINT)
        if rung.level is Level.REVEAL:
            self.write(Revealed(lesson.id, step.index))  # the last rung tells the answer: recorded as revealed
            charge(self, SOLUTION)
            return [shown, Reply.info(f"That was the last hint: the answer itself. Type it in to {step.answered}.")]
        return [shown]

    def ask_solution(self) -> list[Reply]:
        """/solution asks before revealing."""
        step = self.step
        offer = None if step is None else step.solution_offer()
        if offer is None:
            return [Reply.info("There is no question here to reveal.")]
        self.pending_solution = True
        return [Reply.info(offer)]

    def reveal(self) -> list[Reply]:
        """The answer (mid-game: the moves that win from here), recorded in progress."""
        lesson, step = self.lesson, self.step
        assert lesson is not None and step is not None
        self.write(Revealed(lesson.id, step.index))
        self.place = replace(self.place, revealed=True)
        charge(self, SOLUTION)
        return step.reveal(self.state)

    def undo(self) -> list[Reply]:
        """Back to the place before the last change; the store is brought back to it too."""
        if not self.history:
            return [Reply.info("Nothing to undo.")]
        before, self.place = self.place, self.history.pop()
        out = [Reply.info("Undone.")]
        lesson, step = self.lesson, self.step
        if lesson is None or step is None:
            return out + self.lessons()
        self.place = with_stored_help(self, self.place, step)
        if (before.lesson, before.step) == (self.place.lesson, self.place.step):  # taken back within the item
            self.place = replace(self.place, aids=aids_of((*self.place.aids, *before.aids)))
            charge(self, UNDO)
        self.write(Position(lesson.id, step.index), *step.persist(self.state, self.context(step)))
        return out + self.show()

    def reset(self) -> list[Reply]:
        """The current step afresh."""
        lesson, step = self.lesson, self.step
        if lesson is None or step is None:
            return [Reply.info("No lesson is open.")]
        self.remember()
        self.place = Place(lesson.id, step.index, aids=self.place.aids)
        charge(self, RESET)
        self.write(*step.persist(self.state, self.context(step)))  # a fresh state: the place was just reset
        shown = self.enter()
        self.place = replace(self.place, hint_level=0)  # the ladder starts again with the step: "hint 1 of N"
        return [Reply.info("This step starts again."), *shown]

    def show(self) -> list[Reply]:
        """The step again (its board, its options)."""
        step = self.step
        if step is None:
            return self.lessons()
        return step.show(self.state)

    def lessons(self) -> list[Reply]:
        """The lessons in course order, numbered, with the learner's progress."""
        if not self.catalog.lessons:
            return [Reply.error("no lessons are loaded")]
        lines = []
        for i, row in enumerate(self.summary().lessons, 1):
            here = " <- you are here" if row.lesson == self.place.lesson else ""
            lines.append(f"{i:>3}. {row.lesson:<24} {row.title} [{row.mark}]{here}")
        return [Reply.info("\n".join(lines))]

"""The conversation core: ``Session.handle(line) -> replies``, with no I/O inside.

A Session holds where the learner is (lesson, step), the step's state (hint
level, the game being played, the last attempt) and an undo history of
immutable snapshots.  Everything the REPL shows comes from here, so whole
lessons can be played in tests without a terminal.  Every answer, hint and
completed step is written to the progress store the moment it happens.

Chat convention: a line starting with ``/`` is a command; ``help``, ``quit``
and ``exit`` also work bare; anything else answers the current step.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from tutor import puzzles
from tutor.course import Catalog, Lesson, Step, fill, instantiate, toml_value, variant_seed
from tutor.errors import TutorError
from tutor.progress import Progress

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


@dataclass(frozen=True)
class Reply:
    """One thing the tutor says; ``kind`` picks the REPL's style.

    Kinds: title, say, ask, ok, wrong, hint, error, board, info.
    """

    kind: str
    text: str


@dataclass(frozen=True)
class Place:
    """An immutable snapshot of where the learner is, for /undo."""

    lesson: str | None = None
    step: int = 0
    hint_level: int = 0
    game: Any = None
    last_answer: str = ""
    moves: int = 0  # moves played in this step's game
    played: tuple[str, ...] = ()  # their texts, saved so a resumed game is replayed
    over: bool = False  # the game ended (lost): moves are refused until /reset or /undo


class Session:
    """The tutor's side of the conversation."""

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

    # -- what the shell needs -------------------------------------------------------------

    @property
    def lesson(self) -> Lesson | None:
        """The open lesson (this learner's variant of it), if any."""
        if not self.place.lesson:
            return None
        return self.instances.get(self.place.lesson) or self.catalog.lessons.get(self.place.lesson)

    def variant_of(self, lesson: Lesson) -> Lesson:
        """This learner's variant of a lesson: drawn from their profile (or --seed) and the lesson id."""
        if lesson.id not in self.instances:
            owner = self.profile if self.seed is None else f"seed-{self.seed}"
            self.instances[lesson.id] = instantiate(lesson, variant_seed(owner, lesson.id))
        return self.instances[lesson.id]

    @property
    def step(self) -> Step | None:
        """The current step, if a lesson is open."""
        lesson = self.lesson
        return lesson.steps[self.place.step] if lesson else None

    @property
    def expected(self) -> str | None:
        """The answer kind the current step expects (None on say steps and outside lessons)."""
        step = self.step
        return step.answer if step is not None and step.is_question else None

    def toolbar(self) -> str:
        """A one-line status: lesson, step and progress."""
        lesson = self.lesson
        if lesson is None:
            return f"no lesson open - /lessons to choose, /help for commands ({len(self.catalog.lessons)} lessons)"
        done = self.progress.completed(lesson.id)
        total = len(lesson.questions)
        answered = sum(1 for s in lesson.questions if s.index in done)
        return (f"{lesson.id}: {lesson.title} | step {self.place.step + 1}/{len(lesson.steps)} | "
                f"{answered}/{total} answered | /hint /help")

    def completions(self) -> list[str]:
        """Moves worth completing for the current step."""
        step = self.step
        if step is None or not step.is_question or step.answer is None:
            return []
        if step.answer == "choice":
            return list(step.options)
        if step.answer == "number":
            return []
        try:
            return puzzles.get(self.lesson.puzzle).completions(step.params, step.answer, "")  # type: ignore[union-attr]
        except TutorError:
            return []

    # -- entry points ------------------------------------------------------------------------

    def start(self, lesson: str | None = None) -> list[Reply]:
        """The greeting: open ``lesson``, or resume the last one, or list the lessons."""
        out = [Reply("title", "Welcome to tutor: puzzles of search and reasoning, every answer checked exactly.")]
        if self.progress.warning:
            out.append(Reply("error", self.progress.warning))
        for err in self.catalog.errors:
            out.append(Reply("error", f"lesson not loaded: {err}"))
        if lesson is not None:
            return out + self.handle(f"/open {lesson}")
        last = self.progress.last_lesson()
        if last and last in self.catalog.lessons:
            out.append(Reply("info", "Welcome back. Picking up where you left off."))
            return out + self._open(self.catalog.lessons[last], record=False)
        out.append(Reply("info", "Type a lesson's number to open it (or /open ID). /help lists the commands."))
        return out + self._lessons()

    def handle(self, line: str) -> list[Reply]:
        """Take one line from the learner and return the tutor's replies."""
        text = line.strip()
        if self.pending_solution:
            self.pending_solution = False
            if text.lower() in ("y", "yes"):
                return self._reveal()
            return [Reply("info", "Not revealed. Keep going; /hint may help.")]
        bare = text.lower()
        if bare in ("help", "quit", "exit", "?"):
            text = "/" + ("help" if bare == "?" else bare)
        if text.startswith("/"):
            return self._command(text)
        step = self.step
        if step is None:
            if not text:
                return [Reply("info", "Type a lesson's number to open it, or /lessons to see them.")]
            try:
                return self._open(self.catalog.find(text))
            except TutorError as err:
                return [Reply("error", f"{err}. Type a lesson's number, or /help.")]
        if not step.is_question:
            if text:
                return [Reply("info", "This step needs no answer: press Enter (or /next) to go on.")]
            return self._advance()
        if not text:
            return [Reply("info", "Type your answer, or /hint for a hint.")]
        return self._answer(step, text)

    # -- commands ------------------------------------------------------------------------------

    def _command(self, text: str) -> list[Reply]:
        name, _, arg = text.partition(" ")
        name = name.lower()
        arg = arg.strip()
        handlers: dict[str, Callable[[], list[Reply]]] = {
            "/help": self._help,
            "/lessons": self._lessons,
            "/next": self._advance,
            "/back": self._back,
            "/show": self._show,
            "/hint": self._hint,
            "/undo": self._undo,
            "/reset": self._reset,
            "/solution": self._ask_solution,
            "/progress": self._progress,
            "/quit": self._quit,
            "/exit": self._quit,
        }
        if name == "/open":
            if not arg:
                return [Reply("error", "/open needs a lesson: /open 1, or /open ID (see /lessons)")]
            try:
                return self._open(self.catalog.find(arg))
            except TutorError as err:
                return [Reply("error", str(err))]
        handler = handlers.get(name)
        if handler is None:
            return [Reply("error", f"unknown command {name!r} (try /help)")]
        if arg:
            return [Reply("error", f"{name} takes no argument (got {arg!r})")]
        return handler()

    def _help(self) -> list[Reply]:
        width = max(len(c) for c in COMMANDS)
        lines = [f"{c:<{width}}  {d}" for c, d in COMMANDS.items()]
        lines.append("Anything not starting with / is your answer to the current step. "
                     "Long answers: end a line with \\ to continue it.")
        return [Reply("info", "\n".join(lines))]

    def _lessons(self) -> list[Reply]:
        if not self.catalog.lessons:
            return [Reply("error", "no lessons are loaded")]
        lines = []
        for i, lesson in enumerate(self.catalog.ordered(), 1):
            done = self.progress.completed(lesson.id)
            total = len(lesson.questions)
            answered = sum(1 for s in lesson.questions if s.index in done)
            mark = "done" if total and answered == total else f"{answered}/{total}"
            here = " <- you are here" if lesson.id == self.place.lesson else ""
            lines.append(f"{i:>3}. {lesson.id:<24} {lesson.title} [{mark}]{here}")
        return [Reply("info", "\n".join(lines))]

    def _open(self, lesson: Lesson, record: bool = True) -> list[Reply]:
        try:
            lesson = self.variant_of(lesson)
        except TutorError as err:
            return [Reply("error", str(err))]
        self._remember()
        saved = self.progress.position(lesson.id)
        start = saved if saved is not None and 0 <= saved < len(lesson.steps) else 0
        self.place = Place(lesson.id, start)
        self.progress.set_position(lesson.id, start)
        out = []
        pack = self.catalog.packs.get(lesson.pack)
        if pack is not None and start == 0:
            members = self.catalog.pack_lessons(pack.id)
            if members and members[0].id == lesson.id:
                out.append(Reply("title", pack.title))
                if pack.welcome:
                    out.append(Reply("say", pack.welcome))
        out += [Reply("title", f"{lesson.title} ({lesson.id})"), Reply("say", lesson.summary)]
        shown = ", ".join(f"{k} = {toml_value(v)}" for k, v in lesson.variant.items() if "." not in k)
        if shown:  # step-level draws (a random board) are shown at their step
            out.append(Reply("info", f"Your variant of this lesson: {shown}."))
        if start:
            out.append(Reply("info", f"Resuming at step {start + 1} of {len(lesson.steps)}."))
        return out + self._enter_step()

    def _enter_step(self) -> list[Reply]:
        """Show the current step and set up its game."""
        lesson, step = self.lesson, self.step
        assert lesson is not None and step is not None
        self.shown_at = self.clock()
        self.progress.set_position(lesson.id, step.index)
        header = f"[{step.index + 1}/{len(lesson.steps)}]" + (f" {step.title}" if step.title else "")
        text = fill(step.text, lesson.puzzle, step.params)
        if not step.is_question:
            return [Reply("say", f"{header}\n{text}"), Reply("info", "(press Enter to continue)")]
        out = [Reply("ask", f"{header}\n{text}")]
        if step.answer == "choice":
            out.append(Reply("info", "  ".join(f"{i}) {o}" for i, o in enumerate(step.options, 1))))
        if step.answer == "play" and self.place.game is None:
            puzzle = puzzles.get(lesson.puzzle)
            game = puzzle.new_game(step.params, self._rng(step))
            played: list[str] = []
            for move in self.progress.game(lesson.id, step.index):
                self.history.append(replace(self.place, game=game, moves=len(played), played=tuple(played)))
                try:
                    turn = puzzle.play(step.params, game, move)
                except TutorError:
                    break
                if turn.finished:
                    break
                game = turn.state
                played.append(move)
            self.place = replace(self.place, game=game, moves=len(played), played=tuple(played))
            if played:
                out.append(Reply("info", f"Your game so far is restored ({len(played)} move(s)): "
                                         f"{' '.join(played)}"))
            board = puzzle.render(step.params, game)
            if board:
                out.append(Reply("board", board))
        if step.index in self.progress.completed(lesson.id):
            out.append(Reply("info", "(You have answered this before: /next to move on, or answer again.)"))
        return out

    def _rng(self, step: Step) -> random.Random:
        """A generator fixed by the learner's profile, the lesson and the step (reproducible)."""
        owner = self.profile if self.seed is None else f"seed-{self.seed}"
        key = f"{owner}:{self.place.lesson}:{step.index}".encode()
        return random.Random(int.from_bytes(hashlib.sha256(key).digest()[:8], "big"))

    def _move_to(self, index: int, remember: bool = True) -> list[Reply]:
        if remember:
            self._remember()
        self.place = Place(self.place.lesson, index)
        return self._enter_step()

    def _advance(self, remember: bool = True) -> list[Reply]:
        lesson = self.lesson
        if lesson is None:
            return [Reply("info", "No lesson is open: /lessons to choose one.")]
        if self.place.step + 1 < len(lesson.steps):
            return self._move_to(self.place.step + 1, remember)
        return self._finish_lesson(lesson)

    def _finish_lesson(self, lesson: Lesson) -> list[Reply]:
        done = self.progress.completed(lesson.id)
        missing = [s for s in lesson.questions if s.index not in done]
        if missing:
            steps = ", ".join(str(s.index + 1) for s in missing)
            return [Reply("info", f"That was the last step, but step(s) {steps} are not answered yet: "
                                  "/back to return to them.")]
        ordered = self.catalog.ordered()
        pos = next(i for i, les in enumerate(ordered) if les.id == lesson.id)
        nxt = ordered[pos + 1] if pos + 1 < len(ordered) else None
        tail = f" Next: /open {nxt.id} ({nxt.title})." if nxt else " That was the last lesson: well done!"
        out = [Reply("ok", f"Lesson complete: {lesson.title}.{tail}")]
        pack = self.catalog.packs.get(lesson.pack)
        if pack is not None and pack.final:
            members = self.catalog.pack_lessons(pack.id)
            if all({s.index for s in m.questions} <= self.progress.completed(m.id) for m in members):
                out.append(Reply("ok", pack.final))
        return out

    def _back(self) -> list[Reply]:
        if self.lesson is None:
            return [Reply("info", "No lesson is open.")]
        if self.place.step == 0:
            return [Reply("info", "This is the first step.")]
        return self._move_to(self.place.step - 1)

    def _show(self) -> list[Reply]:
        lesson, step = self.lesson, self.step
        if lesson is None or step is None:
            return self._lessons()
        out = [Reply("ask" if step.is_question else "say", fill(step.text, lesson.puzzle, step.params))]
        if self.place.game is not None:
            board = puzzles.get(lesson.puzzle).render(step.params, self.place.game)
            if board:
                out.append(Reply("board", board))
        if step.answer == "choice":
            out.append(Reply("info", "  ".join(f"{i}) {o}" for i, o in enumerate(step.options, 1))))
        return out

    def _ladder(self) -> list[str]:
        lesson, step = self.lesson, self.step
        assert lesson is not None and step is not None
        ladder = [fill(h, lesson.puzzle, step.params) for h in step.hints]
        if step.answer in (None, "number", "choice"):
            return ladder
        puzzle = puzzles.get(lesson.puzzle)
        try:
            if step.answer == "play" and self.place.game is not None:
                ladder += puzzle.game_hints(step.params, self.place.game)
            else:
                ladder += puzzle.hints(step.params, step.answer, self.place.last_answer)
        except TutorError:
            ladder += puzzle.hints(step.params, step.answer, "")
        return ladder

    def _hint(self) -> list[Reply]:
        lesson, step = self.lesson, self.step
        if lesson is None or step is None:
            return [Reply("info", "Open a lesson first: /lessons.")]
        if not step.is_question:
            return [Reply("info", "This step only explains: press Enter to go on.")]
        ladder = self._ladder()
        if not ladder:
            return [Reply("info", "There are no hints for this step. /solution reveals the answer.")]
        level = min(self.place.hint_level + 1, len(ladder))
        if self.place.hint_level >= len(ladder):
            return [Reply("hint", f"hint {level} of {len(ladder)}: {ladder[level - 1]}"),
                    Reply("info", "That is the last hint. /solution reveals the answer.")]
        self.place = replace(self.place, hint_level=level)  # not an undo point: /undo takes back moves
        self.progress.record_hint(lesson.id, step.index, level)
        return [Reply("hint", f"hint {level} of {len(ladder)}: {ladder[level - 1]}")]

    def _undo(self) -> list[Reply]:
        if not self.history:
            return [Reply("info", "Nothing to undo.")]
        self.place = self.history.pop()
        out = [Reply("info", "Undone.")]
        if self.lesson is not None:
            self.progress.set_position(self.lesson.id, self.place.step)
            if self.step is not None and self.step.answer == "play":
                self.progress.save_game(self.lesson.id, self.place.step, list(self.place.played))
            out += self._show()
        else:
            out += self._lessons()
        return out

    def _reset(self) -> list[Reply]:
        if self.lesson is None or self.step is None:
            return [Reply("info", "No lesson is open.")]
        self._remember()
        self.place = Place(self.place.lesson, self.place.step)
        self.progress.save_game(self.place.lesson or "", self.place.step, [])
        return [Reply("info", "This step starts again.")] + self._enter_step()

    def _ask_solution(self) -> list[Reply]:
        step = self.step
        if step is None or not step.is_question:
            return [Reply("info", "There is no question here to reveal.")]
        self.pending_solution = True
        return [Reply("info", "Reveal the solution? It is recorded in your progress. (y/n)")]

    def _reveal(self) -> list[Reply]:
        lesson, step = self.lesson, self.step
        assert lesson is not None and step is not None
        self.progress.record_solution(lesson.id, step.index)
        answer = self.solution_text(lesson, step)
        if step.answer == "play" and self.place.game is not None and self.place.moves:
            now = puzzles.get(lesson.puzzle).game_solution(step.params, self.place.game)
            if now is not None:
                return [Reply("hint", f"From here, this wins: {now}"),
                        Reply("info", "Type it in (moves may go on one line) to finish the step.")]
            if answer is not None:
                return [Reply("hint", f"From the start, this wins: {answer}"),
                        Reply("info", "Your game cannot be won as it stands: /reset and type it in.")]
        if answer is None:
            return [Reply("info", "There is no winning answer here: that is the point of this step. "
                                  "Say so in your own words, or /next.")]
        return [Reply("hint", f"A correct answer: {answer}"),
                Reply("info", "Type it in (or your own) to complete the step.")]

    @staticmethod
    def solution_text(lesson: Lesson, step: Step) -> str | None:
        """The correct answer for a step, computed by the engine (authored reference first)."""
        puzzle = puzzles.get(lesson.puzzle)
        if step.answer in ("number", "choice"):
            return str(puzzle.quantity(step.params, step.compute or ""))
        if step.reference is not None:
            return step.reference
        return puzzle.reference_answer(step.params, step.answer or "")

    def _progress(self) -> list[Reply]:
        lines = []
        for lesson in self.catalog.ordered():
            p = self.progress.summary(lesson.id)
            if not (p.attempts or p.completed or p.position is not None):
                continue
            total = len(lesson.questions)
            answered = sum(1 for s in lesson.questions if s.index in p.completed)
            lines.append(f"{lesson.id}: {answered}/{total} answered, {p.attempts} attempt(s), "
                         f"{p.hints} hint(s), {p.solutions} solution(s) shown, {p.seconds:.0f} s")
        return [Reply("info", "\n".join(lines) if lines else "Nothing recorded yet.")]

    def _quit(self) -> list[Reply]:
        self.finished = True
        return [Reply("info", "Progress saved. Bye!")]

    def _remember(self) -> None:
        self.history.append(self.place)
        del self.history[:-200]

    # -- answers --------------------------------------------------------------------------------

    def _answer(self, step: Step, text: str) -> list[Reply]:
        lesson = self.lesson
        assert lesson is not None
        seconds = self.clock() - self.shown_at
        if step.answer == "play":
            return self._play(lesson, step, text)
        try:
            correct, summary, detail, canonical = judge(lesson, step, text)
        except TutorError as err:
            return [Reply("error", str(err))]
        self.progress.record_attempt(lesson.id, step.index, text, correct, summary, seconds)
        self._remember()
        self.place = replace(self.place, last_answer=text)
        if correct:
            return self._complete(lesson, step, "" if step.success and step.answer in ("number", "choice")
                                  else summary)
        out = [Reply("wrong", summary)]
        if detail:
            out.append(Reply("board", detail))
        out += self._misconception(lesson, step, canonical, text)
        out.append(Reply("info", "Try again, or /hint."))
        return out

    @staticmethod
    def _misconception(lesson: Lesson, step: Step, canonical: str, text: str) -> list[Reply]:
        """The lesson's named misconception for this answer, if it declares one."""
        for mistake in step.mistakes:
            if mistake.matches(canonical, text):
                return [Reply("hint", fill(mistake.say, lesson.puzzle, step.params))]
        return []

    def _play(self, lesson: Lesson, step: Step, text: str) -> list[Reply]:
        puzzle = puzzles.get(lesson.puzzle)
        game = self.place.game
        if self.place.over:
            return [Reply("info", "This game is over: /reset to play again, /undo to take back your last move.")]
        if game is None:
            game = puzzle.new_game(step.params, self._rng(step))
        try:
            turn = puzzle.play(step.params, game, text)
        except TutorError as err:
            return [Reply("error", str(err))]
        self._remember()
        self.place = replace(self.place, game=turn.state, last_answer=text, moves=self.place.moves + 1,
                             played=(*self.place.played, text), over=turn.finished)
        self.progress.save_game(lesson.id, step.index, [] if turn.finished else list(self.place.played))
        out = [Reply("say", r) for r in turn.replies]
        out += self._misconception(lesson, step, " ".join(text.split()), text)
        seconds = self.clock() - self.shown_at
        if turn.finished:
            verdict = "won" if turn.won else "lost"
            self.progress.record_attempt(lesson.id, step.index, text, turn.won, f"game {verdict}", seconds)
            if turn.won or step.goal == "explore":
                return out + self._complete(lesson, step, "")
            return out + [Reply("wrong", "The game is over and you did not win it."),
                          Reply("info", "/reset to play again, /undo to take back moves, /hint for help.")]
        self.progress.record_attempt(lesson.id, step.index, text, False, "move", seconds)
        if step.goal == "explore" and self.place.moves >= step.explore:
            return out + self._complete(lesson, step, "")
        return out

    def _complete(self, lesson: Lesson, step: Step, summary: str) -> list[Reply]:
        self.progress.complete(lesson.id, step.index)
        out = []
        if summary:
            out.append(Reply("ok", summary))
        if step.success:
            out.append(Reply("ok", fill(step.success, lesson.puzzle, step.params)))
        elif not summary:
            out.append(Reply("ok", "Well done."))
        return out + self._advance(remember=False)  # one undo takes back the answer and the step change


def judge(lesson: Lesson, step: Step, text: str) -> tuple[bool, str, str, str]:
    """Judge an answer to an ask step: (correct, one-line verdict, laid-out detail, canonical answer).

    Shared by the Session and batch grading, so both judge alike.
    """
    puzzle = puzzles.get(lesson.puzzle)
    if step.answer == "number":
        cleaned = text.replace(",", "").replace("_", "").strip()
        if not (cleaned.lstrip("-").isdecimal() and cleaned.isascii()):
            raise TutorError(f"{text!r} is not a whole number")
        value = int(cleaned)
        expected = puzzle.quantity(step.params, step.compute or "")
        ok = value == expected
        return ok, ("Right: " if ok else "Not right: ") + f"{value}" + ("." if ok else " is not the answer."), \
            "", str(value)
    if step.answer == "choice":
        choice = pick_option(step, text)
        expected = str(puzzle.quantity(step.params, step.compute or ""))
        ok = choice.lower() == expected.lower()
        return ok, (f"Right: {choice}." if ok else f"Not right: {choice!r} is not the answer."), "", choice
    verdict = puzzle.check_answer(step.params, step.answer or "", text)
    return verdict.correct, verdict.summary, verdict.detail, verdict.canonical


def pick_option(step: Step, text: str) -> str:
    """The option meant by ``text``: its exact words, its number in the list, or a unique prefix."""
    t = text.strip().lower()
    exact = [o for o in step.options if o.lower() == t]
    if exact:
        return exact[0]
    if t.isdecimal() and t.isascii() and 1 <= int(t) <= len(step.options):
        return step.options[int(t) - 1]
    prefix = [o for o in step.options if o.lower().startswith(t)]
    if len(prefix) == 1:
        return prefix[0]
    options = ", ".join(f"{i}) {o}" for i, o in enumerate(step.options, 1))
    raise TutorError(f"{text!r} is not one of the options: {options}")

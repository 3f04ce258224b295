"""The conversation core: ``Session.handle(line) -> replies``, with no I/O inside.

A Session holds where the learner is (lesson, step), the step's state (hint
level, the game being played, the last attempt) and an undo history of
immutable snapshots.  Everything the REPL shows comes from here, so whole
lessons can be played in tests without a terminal.

Chat convention: a line starting with ``/`` is a command; ``help``, ``quit``
and ``exit`` also work bare; anything else answers the current step.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.course import Lesson, fill, toml_value
from tutor.errors import TutorError
from tutor.limits import INPUT_BYTES
from tutor.session.answers import Answering
from tutor.session.state import COMMANDS, Place, Reply
from tutor.text import plural


class Session(Answering):
    """The tutor's side of the conversation."""

    def toolbar(self) -> str:
        """A one-line status: lesson, step and progress."""
        lesson = self.lesson
        if lesson is None:
            return f"no lesson open - /lessons to choose, /help for commands ({len(self.catalog.lessons)} lessons)"
        done = self.progress.completed(lesson.id)
        total = len(lesson.questions)
        answered = sum(1 for s in lesson.questions if s.index in done)
        unsaved = f" | {plural(len(self.progress.pending), 'record')} NOT SAVED yet" if self.progress.pending else ""
        return (f"{lesson.id}: {lesson.title} | step {self.place.step + 1}/{len(lesson.steps)} | "
                f"{answered}/{total} answered | /hint /help{unsaved}")

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
            return out + self.saving(self._open(self.catalog.lessons[last]))
        out.append(Reply("info", "Type a lesson's number to open it (or /open ID). /help lists the commands."))
        return out + self.saving(self._lessons())

    def handle(self, line: str) -> list[Reply]:
        """Take one line from the learner and return the tutor's replies (with any news about saving)."""
        if len(line) > INPUT_BYTES.value:
            return self.saving([Reply("error", str(INPUT_BYTES.error(f"that input has {len(line):,} characters")))])
        return self.saving(self._handle(line))

    def saving(self, replies: list[Reply]) -> list[Reply]:
        """``replies``, and after them what the learner must know about saving progress, if anything changed."""
        notice = self.progress.notice()
        if notice:
            replies.append(Reply("error" if self.progress.pending else "info", notice))
        return replies

    def leave(self) -> list[Reply]:
        """Save what is kept before the tutor exits: nothing to say, or plainly what could not be saved."""
        lost = self.progress.finish()
        return [Reply("error", lost)] if lost else []

    def _handle(self, line: str) -> list[Reply]:
        text = line.strip()
        if self.pending_solution:
            self.pending_solution = False
            if text.lower() in ("y", "yes"):
                return self.reveal()
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
            return self.advance()
        if not text:
            return [Reply("info", "Type your answer, or /hint for a hint.")]
        return self.answer(step, text)

    # -- commands ------------------------------------------------------------------------------

    def _command(self, text: str) -> list[Reply]:
        name, _, arg = text.partition(" ")
        name = name.lower()
        arg = arg.strip()
        handlers: dict[str, Callable[[], list[Reply]]] = {
            "/help": self._help,
            "/lessons": self._lessons,
            "/next": self.advance,
            "/back": self._back,
            "/show": self._show,
            "/hint": self.hint,
            "/undo": self._undo,
            "/reset": self._reset,
            "/solution": self.ask_solution,
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

    def _open(self, lesson: Lesson) -> list[Reply]:
        try:
            lesson = self.variant_of(lesson)
        except TutorError as err:
            return [Reply("error", str(err))]
        self.remember()
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
        self.keep_hint_level()
        header = f"[{step.index + 1}/{len(lesson.steps)}]" + (f" {step.title}" if step.title else "")
        text = fill(step.text, self.puzzle, step.game, step.args)
        if not step.is_question:
            return [Reply("title", header), Reply("say", text), Reply("info", "(press Enter to continue)")]
        out = [Reply("title", header), Reply("ask", text)]
        if step.options:
            out.append(Reply("info", "  ".join(f"{i}) {o}" for i, o in enumerate(step.options, 1))))
        if step.plays and self.place.game is None:
            out += self.start_game(lesson, step)
        if step.index in self.progress.completed(lesson.id):
            out.append(Reply("info", "(You have answered this before: /next to move on, or answer again.)"))
        return out

    def _move_to(self, index: int, remember: bool = True) -> list[Reply]:
        if remember:
            self.remember()
        self.place = Place(self.place.lesson, index)
        return self._enter_step()

    def advance(self, remember: bool = True) -> list[Reply]:
        """The next step, or the end of the lesson."""
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
            which = f"step {steps} is" if len(missing) == 1 else f"steps {steps} are"
            return [Reply("info", f"That was the last step, but {which} not answered yet: "
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
        out = [Reply("ask" if step.is_question else "say", fill(step.text, self.puzzle, step.game, step.args))]
        if step.plays and self.place.game is not None:
            board = self.game_of(step).render(self.place.game)
            if board:
                out.append(Reply("board", board))
        if step.options:
            out.append(Reply("info", "  ".join(f"{i}) {o}" for i, o in enumerate(step.options, 1))))
        return out

    def _undo(self) -> list[Reply]:
        if not self.history:
            return [Reply("info", "Nothing to undo.")]
        self.place = self.history.pop()
        out = [Reply("info", "Undone.")]
        if self.lesson is not None:
            self.keep_hint_level()  # hints seen stay seen: the ladder goes on where it was
            self.progress.set_position(self.lesson.id, self.place.step)
            if self.step is not None and self.step.plays:
                self.progress.save_game(self.lesson.id, self.place.step, list(self.place.played))
            out += self._show()
        else:
            out += self._lessons()
        return out

    def _reset(self) -> list[Reply]:
        if self.lesson is None or self.step is None:
            return [Reply("info", "No lesson is open.")]
        self.remember()
        self.place = self.fresh_place()
        self.progress.save_game(self.place.lesson or "", self.place.step, [])
        return [Reply("info", "This step starts again.")] + self._enter_step()

    def _progress(self) -> list[Reply]:
        lines = []
        for lesson in self.catalog.ordered():
            p = self.progress.summary(lesson.id)
            if not (p.attempts or p.completed or p.position is not None):
                continue
            total = len(lesson.questions)
            answered = sum(1 for s in lesson.questions if s.index in p.completed)
            lines.append(f"{lesson.id}: {answered}/{total} answered, {plural(p.attempts, 'attempt')}, "
                         f"{plural(p.hints, 'hint')}, {plural(p.solutions, 'solution')} shown, {p.seconds:.0f} s")
        return [Reply("info", "\n".join(lines) if lines else "Nothing recorded yet.")]

    def _quit(self) -> list[Reply]:
        self.finished = True
        lost = self.leave()
        return lost + [Reply("info", "Bye!")] if lost else [Reply("info", "Progress saved. Bye!")]

"""Moving between lessons and steps: ``/open``, ``/next``, ``/back`` and ``/lessons``, and the status line that
says where the learner is.

The navigator knows the catalog, this learner's variants of its lessons (drawn from their profile or ``--seed``)
and the positions progress holds.  It decides where a move goes and what is said on the way (a pack's welcome, a
lesson's title and variant, where it resumes; at the end, what is still unanswered or the next lesson, and a pack's
closing words); the session carries the move out (``Move``): it keeps the place left for ``/undo`` and enters the
step.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tutor.course import Catalog, Lesson, instantiate, toml_value, variant_seed
from tutor.errors import TutorError
from tutor.progress import Progress
from tutor.screen.shown import Reply
from tutor.session.place import Place
from tutor.session.summary import Summary


@dataclass(frozen=True)
class Move:
    """Where a command goes (``to``: a fresh place at a step; None: the learner stays) and what is said first."""

    to: Place | None
    said: list[Reply] = field(default_factory=list)


class Navigator:
    """Where the learner can go: the catalog's lessons, in this learner's variants (``owner`` says whose)."""

    def __init__(self, catalog: Catalog, progress: Progress, owner: Callable[[], str]) -> None:
        self.catalog, self.progress, self.owner = catalog, progress, owner
        self.instances: dict[str, Lesson] = {}  # lessons with their variant drawn (a review puts its own here)

    def variant_of(self, lesson: Lesson) -> Lesson:
        """This learner's variant of a lesson: drawn from their profile (or --seed) and the lesson id."""
        if lesson.id not in self.instances:
            self.instances[lesson.id] = instantiate(lesson, variant_seed(self.owner(), lesson.id))
        return self.instances[lesson.id]

    def lesson_at(self, place: Place) -> Lesson | None:
        """The lesson open at ``place`` (its variant once drawn), if any."""
        if not place.lesson:
            return None
        return self.instances.get(place.lesson) or self.catalog.lessons.get(place.lesson)

    def open(self, lesson: Lesson) -> Move:
        """Open a lesson (this learner's variant) where the learner left it: a pack's welcome at its first lesson's
        start, the lesson's title, summary and variant, and where it resumes."""
        try:
            lesson = self.variant_of(lesson)
            lesson.ready()  # built here, within its budget, and what it computes computes: else one line
        except TutorError as err:
            return Move(None, [Reply.error(f"lesson {lesson.id!r} cannot be opened: {err}")])
        saved = self.progress.position(lesson.id)
        start = saved if saved is not None and 0 <= saved < len(lesson.steps) else 0
        said = self.welcome(lesson) if start == 0 else []
        said += [Reply.title(f"{lesson.title} ({lesson.id})"), Reply.say(lesson.summary)]
        shown = ", ".join(f"{k} = {toml_value(v)}" for k, v in lesson.variant.items() if "." not in k)
        if shown:  # step-level draws (a random board) are shown at their step
            said.append(Reply.info(f"Your variant of this lesson: {shown}."))
        if start:
            said.append(Reply.info(f"Resuming at step {start + 1} of {len(lesson.steps)}."))
        return Move(Place(lesson.id, start), said)

    def welcome(self, lesson: Lesson) -> list[Reply]:
        """A pack's title and welcome, when ``lesson`` is the first of its pack."""
        pack = self.catalog.packs.get(lesson.pack)
        if pack is None:
            return []
        members = self.catalog.pack_lessons(pack.id)
        if not members or members[0].id != lesson.id:
            return []
        return [Reply.title(pack.title), *([Reply.say(pack.welcome)] if pack.welcome else [])]

    def forward(self, place: Place) -> Move:
        """``/next``: the next step, or the end of the lesson."""
        lesson = self.lesson_at(place)
        if lesson is None:
            return Move(None, [Reply.info("No lesson is open: /lessons to choose one.")])
        if place.step + 1 < len(lesson.steps):
            return Move(Place(place.lesson, place.step + 1))
        return Move(None, self.ending(lesson))

    def back(self, place: Place) -> Move:
        """``/back``: the step before, fresh."""
        if self.lesson_at(place) is None:
            return Move(None, [Reply.info("No lesson is open.")])
        if place.step == 0:
            return Move(None, [Reply.info("This is the first step.")])
        return Move(Place(place.lesson, place.step - 1))

    def ending(self, lesson: Lesson) -> list[Reply]:
        """The end of a lesson: what is still unanswered, or the next lesson (and a pack's closing words)."""
        done = self.progress.completed(lesson.id)
        missing = [s for s in lesson.questions if s.index not in done]
        if missing:
            steps = ", ".join(str(s.index + 1) for s in missing)
            which = f"step {steps} is" if len(missing) == 1 else f"steps {steps} are"
            return [Reply.info(f"That was the last step, but {which} not answered yet: /back to return to them.")]
        ordered = self.catalog.ordered()
        pos = next(i for i, les in enumerate(ordered) if les.id == lesson.id)
        nxt = ordered[pos + 1] if pos + 1 < len(ordered) else None
        tail = f" Next: /open {nxt.id} ({nxt.title})." if nxt else " That was the last lesson: well done!"
        out = [Reply.ok(f"Lesson complete: {lesson.title}.{tail}")]
        pack = self.catalog.packs.get(lesson.pack)
        if pack is not None and pack.final:
            members = self.catalog.pack_lessons(pack.id)
            if all(m.required <= self.progress.completed(m.id) for m in members):
                out.append(Reply.ok(pack.final))
        return out

    def listing(self, place: Place) -> list[Reply]:
        """``/lessons``: the lessons in course order, numbered, with the learner's progress and where they are."""
        if not self.catalog.lessons:
            return [Reply.error("no lessons are loaded")]
        lines = []
        for i, row in enumerate(Summary.of(self.catalog, self.progress).lessons, 1):
            here = " <- you are here" if row.lesson == place.lesson else ""
            lines.append(f"{i:>3}. {row.lesson:<24} {row.title} [{row.mark}]{here}")
        return [Reply.info("\n".join(lines))]

    def status(self, place: Place, width: int = 1000) -> str:
        """A one-line status within ``width`` columns: lesson, step and progress; the title is shortened first,
        then the reminder of commands, so the lesson, the step and the count always show."""
        lesson = self.lesson_at(place)
        if lesson is None:
            return f"no lesson open - /lessons to choose, /help for commands ({self.catalog.size_text()})"
        done = Summary.lesson(self.progress, lesson)
        unsaved = self.progress.status(seen=False).kept
        kept = f" | {len(unsaved)} NOT SAVED" if unsaved else ""
        where = f" | step {place.step + 1}/{lesson.size} | {done.answered}/{done.questions} answered"
        for tail in (" | /hint /help", ""):
            room = width - len(lesson.id) - len(where) - len(tail) - len(kept) - 3
            if room >= min(len(lesson.title), 8):
                title = lesson.title if len(lesson.title) <= room else lesson.title[: room - 1].rstrip() + "…"
                return f"{lesson.id}: {title}{where}{tail}{kept}"
        return f"{lesson.id}{where}{kept}"

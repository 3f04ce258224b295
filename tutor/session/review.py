"""Running the reviews that are due: ``/review`` in the tutor, and ``tutor review`` on the command line.

``tutor.learner.review.due`` says which solved skills are due (FSRS, at the store's clock, ``Progress.clock``:
``TUTOR_NOW`` stops it).  Each due skill is reviewed on something the learner has not answered: at the practice step
of the lesson it was last practised in, if it has one (it serves items never served), else at a fresh instance
of a step of the skill (``tutor.session.fresh``: one the learner has not answered, whose answer is none they
gave or were shown).  A skill with nothing fresh left is said, and not reviewed.  When the step is completed
the next review comes up; after the last one the learner's own variants are back.

The session calls ``Reviewing.finished`` when a step is done (``Session.apply``); this module never imports
the session core, so the core may import it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from tutor.course import Lesson
from tutor.learner.review import due, upcoming
from tutor.progress.helped import item_help
from tutor.screen.shown import Reply
from tutor.screen.text import plural
from tutor.storage.clock import iso

if TYPE_CHECKING:
    from tutor.course import Step


@dataclass(frozen=True)
class Planned:
    """One review: the skill, the lesson variant it is reviewed in and the step (0-based) that asks about it."""

    skill: str
    lesson: Lesson
    step: int


def practice_step(lesson: Lesson, skill: str) -> Step | None:
    """The lesson's practice step for a skill, if it has one (it serves items never served, fresh to the learner)."""
    practice = [s for s in lesson.steps if s.required and s.fresh and skill in s.skills()]
    return practice[-1] if practice else None


def plan(session: Any) -> tuple[list[Planned], list[str]]:
    """The reviews due now, each at a step asking something fresh (``tutor.session.fresh``), and the skills due
    that have nothing fresh left to ask (skills whose lesson is not loaded are left out)."""
    out, stale = [], []
    for item in due(session.progress, session.progress.clock()):
        lesson = session.catalog.lessons.get(item.lesson)
        if lesson is None:
            continue
        base = session.variant_of(lesson)
        step = practice_step(base, item.skill)
        if step is not None:
            out.append(Planned(item.skill, base, step.index))
            continue
        from tutor.session.fresh import fresh_review  # the instance spaces: imported when a review is served

        found = fresh_review(session, item.skill, item.lesson)
        if found is None:
            stale.append(item.skill)
            continue
        out.append(Planned(item.skill, found[0], found[1]))
    return out, stale


@dataclass
class Reviewing:
    """The reviews of one ``/review``: what is planned, how far the learner is, and each lesson's own variant (put
    back when the reviews end)."""

    planned: list[Planned]
    at: int = 0
    own: dict[str, Lesson] = field(default_factory=dict)

    @property
    def current(self) -> Planned | None:
        """The review under way (None when they are over)."""
        return self.planned[self.at] if self.at < len(self.planned) else None

    def show(self, session: Any) -> list[Reply]:
        """Put the learner at the current review's step, in its variant."""
        planned = self.current
        assert planned is not None
        lesson = planned.lesson
        variants = session.navigator.instances
        self.own.setdefault(lesson.id, variants.get(lesson.id) or session.variant_of(lesson))
        variants[lesson.id] = lesson
        session.history.push(session.place)
        session.place = replace(session.place, lesson=lesson.id, step=planned.step, hint_level=0, state=None,
                                revealed=False)
        sentence = skill_sentence(planned.skill)
        how = "fresh practice items" if lesson.steps[planned.step].fresh else "a question you have not answered"
        head = Reply.title(f"Review {self.at + 1} of {len(self.planned)}: {sentence} ({lesson.id}; {how})")
        return [head, *session.enter()]

    def finished(self, session: Any, step: Step) -> list[Reply] | None:
        """After ``step`` was completed: the next review, or the end of them (None: not a review's step)."""
        planned = self.current
        if planned is None or session.place.lesson != planned.lesson.id or step.index != planned.step:
            return None
        self.at += 1
        if self.current is not None:
            return self.show(session)
        for lesson_id, lesson in self.own.items():
            session.navigator.instances[lesson_id] = lesson
        session.reviewing = None
        session.place = replace(session.place, lesson=None, step=0, hint_level=0, state=None, revealed=False)
        return [Reply.ok(f"Reviews done: {plural(len(self.planned), 'review')}. {next_review(session)}"),
                Reply.info("/lessons to choose a lesson, or /quit.")]


def skill_sentence(name: str) -> str:
    """A skill's sentence (its name when no family declares it)."""
    from tutor.learner.skills import all_skills

    found = all_skills().get(name)
    return found.sentence if found is not None else name


def next_review(session: Any) -> str:
    """When the next review comes, if one is scheduled."""
    moment = session.progress.clock()
    later = [d for d in upcoming(session.progress) if d.when > moment]
    if not later:
        return "No review is scheduled yet."
    return f"The next is due {when_text(later[0].when)} ({skill_sentence(later[0].skill)})."


def start(session: Any) -> list[Reply]:
    """``/review``: the first review due, or when the next one comes."""
    planned, stale = plan(session)
    left = ([Reply.info(f"Nothing fresh is left to review {', '.join(map(skill_sentence, stale))}: a question you "
                        "have answered before would only test your memory.")] if stale else [])
    if not planned:
        return [*left, Reply.info(f"No review is due now. {next_review(session)}")]
    session.reviewing = Reviewing(planned)
    intro = Reply.info(f"{plural(len(planned), 'review')} due. Each asks a skill you have shown before on "
                       "something you have not answered yet; answer it as usual (/hint and /solution work as "
                       "always).")
    return [*left, intro, *session.reviewing.show(session)]


def when_text(moment: Any) -> str:
    """A review's time as a learner reads it: ``2026-03-03 at 09:00 UTC``."""
    stamp = iso(moment)
    return f"{stamp[:10]} at {stamp[11:16]} UTC"


def under_review(session: Any, lesson: str | None, index: int) -> bool:
    """Whether step ``index`` of ``lesson`` is the step of the review under way."""
    planned = session.reviewing.current if session.reviewing is not None else None
    return planned is not None and planned.lesson.id == lesson and planned.step == index


def with_stored_help(session: Any, place: Any, step: Step) -> Any:
    """``place`` (a ``Place``) with the help the store holds for the item on screen added: none at a review's
    step (it serves something new), else the step's hints and reveal, or its item's when the step serves fresh
    items (``tutor.progress.helped``: help on one item is no help on the next)."""
    if under_review(session, place.lesson, step.index):
        return place
    rung, shown = item_help(session.progress, place.lesson or "", step.index, step.fresh)
    return replace(place, hint_level=max(place.hint_level, rung), revealed=place.revealed or shown)

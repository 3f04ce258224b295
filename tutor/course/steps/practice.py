"""``Practice``: fresh items until a skill is mastered.

A practice step is a number, choice or written question whose ``params`` and ``args`` vary
(``coins = {min = 2, max = 6}``).  Each item is a fresh draw of those slots that the learner has never been
served (the items served are kept in progress, one line each), that the engine can answer (solvable, its
reference judged right).  The skill's mastery is traced by Bayesian knowledge tracing (``tutor.learner.bkt``)
from the learner's mastery on entering, each item one observation by its first try (``tutor.learner.mastery``),
with the parameters mastery is traced with (``Context.bkt``: a pack's ``[mastery]``), and said after each answer.
The step is complete when the mastery rule holds (``mastery.mastered``): mastery at least ``threshold`` (default
0.95) and the last ``in_a_row`` items (the step's own, else the pack's) right at the first try without help.
After a wrong first try, the next item is aimed at the mistake (``tutor.learner.targets``): where the
misconception the engine named gives a wrong value, or else the variant closest to the one missed.
"""

from __future__ import annotations

import random
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any

from tutor.course.schema import COMPUTED, PLAY, ComputedFile, PracticeFile, WrittenFile
from tutor.course.steps.base import Claim, Context, Entered, Outcome, Step, StepState
from tutor.course.steps.build import Setting, declared
from tutor.course.steps.computed import Computed
from tutor.course.steps.kinds import register
from tutor.course.steps.pool import Pool
from tutor.course.steps.question import Asked, Question
from tutor.course.steps.written import Written
from tutor.course.variants import varies
from tutor.errors import LessonError, TutorError
from tutor.learner import bkt
from tutor.learner.mastery import mastered
from tutor.learner.practice import Served, bounded, key, read_record, standing, why
from tutor.learner.skills import all_skills
from tutor.progress.events import Attempt, Event, GameMoves
from tutor.progress.evidence import aids_of
from tutor.puzzles.answers import Rung, Verdict
from tutor.screen.shown import Drawn, Reply
from tutor.screen.text import plural

THRESHOLD = 0.95  # the mastery a practice step stops at, unless it says otherwise
MIN_ITEMS = 5  # the fewest distinct items a practice step's space may hold


@dataclass(frozen=True)
class Practising(StepState):
    """A practice step's state: the item on screen (its step, variant and own state; None before an item is served,
    and when none is left to serve), every item served (the one on screen last) and the skill's mastery now."""

    item: Question[Any] | None = None
    variant: Mapping[str, Any] = field(default_factory=dict)
    inner: Asked = field(default_factory=Asked)
    record: tuple[Served, ...] = ()
    mastery: float = 0.0


@register
@dataclass(frozen=True)
class Practice(Step[Practising]):
    """Items drawn from the step's ``pool`` until ``skill`` is mastered; ``sample_item`` is the smallest item it
    serves (lint, grading and previews read it)."""

    sample_item: Question[Any] = field(kw_only=True)
    pool: Pool = field(kw_only=True, repr=False)
    skill: str = ""
    threshold: float = THRESHOLD
    in_a_row: int | None = None
    model = PracticeFile
    claim = Claim("practice")
    fresh = True
    answered = "finish this item"  # the practice goes on until the skill is mastered

    @classmethod
    def screen(cls, file: PracticeFile, where: str) -> None:
        """Declared mistakes, an answer that is not a game, and at least one varied slot."""
        declared(where, file.mistakes)
        if file.answer == PLAY:
            raise LessonError(f"{where}.answer: a practice step asks a number, a choice or a written answer, "
                              "not a game")
        if not any(varies(v) for table in (file.params or {}, file.args or {}) for v in table.values()):
            raise LessonError(f"{where}.params: a practice step draws its items from varied params or args "
                              "(a list, a {min, max} range or a random table), and this one varies none")

    @classmethod
    def build(cls, file: PracticeFile, setting: Setting) -> tuple[Practice, set[str]]:
        """The item of the lesson's draw, built as its answer says, and the pool of items around it; the sample item
        the smallest one a learner may be served (the lesson's own draw may be one the step never serves)."""
        common: dict[str, Any] = {"title": file.title, "ask": file.ask, "hints": file.hints, "mistakes": file.mistakes,
                  "success": file.success}
        template: ComputedFile | WrittenFile
        first: Question
        if file.answer in COMPUTED:
            template = ComputedFile(**common, answer=typing.cast(Any, file.answer), compute=file.compute,
                                    options=file.options)
            first, used = Computed.build(template, setting)
        else:
            if file.compute is not None or file.options is not None:
                raise LessonError(f"{setting.where}.compute: only number and choice practice takes 'compute' "
                                  "and 'options'")
            template = WrittenFile(**common, answer=file.answer)
            first, used = Written.build(template, setting)
        specs = {**{name: s for name, s in (file.params or {}).items() if varies(s)},
                 **{f"args.{name}": s for name, s in (file.args or {}).items() if varies(s)}}
        pool = Pool(template, setting, specs)
        item = pool.smallest() or first
        own = {f.name: getattr(item, f.name) for f in fields(Step) if f.init}
        return cls(**own, sample_item=item, pool=pool, skill=file.practice,
                   threshold=THRESHOLD if file.threshold is None else file.threshold, in_a_row=file.in_a_row), used

    def items(self, count: int = 3) -> list[Question[Any]]:
        """Up to ``count`` items the step would serve, spread over its space from the smallest (its sample) up: what a
        sweep of the course checks the items ask and say across the whole range."""
        return self.pool.items(count)

    def guesses(self) -> tuple[str, ...]:
        """A choice's options; for a number, each whole number from the least to the largest answer in the space."""
        if not isinstance(self.sample_item, Computed) or self.sample_item.options:
            return self.sample_item.guesses()
        setting = self.pool.setting
        return bounded(f"{setting.where}:{key(self.pool.specs)}:{key(setting.params)}", self.pool.values)

    def on_screen(self, state: Practising) -> Question[Any]:
        """The item on screen (the sample item when none is)."""
        return state.item or self.sample_item

    # -- the session ------------------------------------------------------------------------------------

    def blank(self) -> Practising:
        """No item served yet."""
        return Practising()

    def enter(self, context: Context) -> Entered[Practising]:
        """The item on screen when the learner left (from the record in progress), or a fresh one."""
        record = read_record(context.saved)
        mastery = context.mastery().get(self.skill)
        params = context.bkt(context.lesson, self.skill)
        if mastery is None:  # no mastery known (a test, or a preview): traced from this step's first tries
            mastery = bkt.trace((s.unaided for s in record if s.first is not None), params, self.chance())
        last = record[-1] if record else None
        intro = Reply.info(f"Practice until mastered. {self.standing(record, mastery, params.in_a_row)}")
        if last is not None and not last.solved:
            try:
                item = self.pool.item(last.variant)
            except TutorError:
                item = None
            if item is not None:
                state = Practising(item, last.variant, item.blank(), tuple(record), mastery)
                return Entered(state, [intro, *item.show(state.inner)])
        drawn = self.pool.draw(record, self.seeded(context, record), context.seen(self.skill))
        if drawn is None:
            return Entered(Practising(record=tuple(record), mastery=mastery), [intro, Reply.info(self.used_up())])
        item, variant = drawn
        state = Practising(item, variant, item.blank(), (*record, Served(variant)), mastery)
        return Entered(state, [intro, *item.show(state.inner)])

    @staticmethod
    def seeded(context: Context, record: Sequence[Served]) -> random.Random:
        """The generator of the next draw: the step's own (the learner's profile, lesson and step), moved on by
        how many items were served."""
        return random.Random(f"{context.rng.getrandbits(64)}:{len(record)}")

    def used_up(self) -> str:
        """What is said when every item of the step's space has been served."""
        return "Every item this step can draw has been served: there is nothing fresh left to practise here."

    def standing(self, record: Sequence[Served], mastery: float, in_a_row: int, said: str = "") -> str:
        """Where the learner stands on the step's skill (``said``: why the last answer moved it as it did)."""
        return standing(self.sentence, mastery, self.threshold, self.in_a_row or in_a_row, record, said)

    @property
    def sentence(self) -> str:
        """The skill's sentence (its name when no family declares it)."""
        found = all_skills().get(self.skill)
        return found.sentence if found is not None else self.skill

    def show(self, state: Practising) -> list[Reply]:
        """The item on screen."""
        if state.item is None:
            return [Reply.info(self.used_up())]
        return state.item.show(state.inner)

    def respond(self, state: Practising, text: str, context: Context) -> Outcome[Practising]:
        """The answer to the item on screen: its first try traced, and after a right answer the next item (or
        the step complete, once the skill is mastered)."""
        if state.item is None:
            return Outcome([Reply.info(self.used_up() + " /next to go on.")], done=True)
        outcome = state.item.respond(state.inner, text, context)
        attempt = next((e for e in outcome.events if isinstance(e, Attempt)), None)
        inner = outcome.state if outcome.state is not None else state.inner
        if attempt is None:
            return Outcome(outcome.replies, None if outcome.state is None else replace(state, inner=inner))
        first = state.record[-1].first is None  # only an item's first try is evidence (``tutor.progress.evidence``)
        aids = aids_of([*context.aids, *["hint"] * (context.hint > 0), *["solution"] * context.revealed])
        params = context.bkt(context.lesson, self.skill)
        served = state.record[-1].tried(attempt.correct, attempt.misconception, aids)
        mastery = bkt.update(state.mastery, served.unaided, params, self.chance()) if first else state.mastery
        record = (*state.record[:-1], served)
        tagged = replace(attempt, skills=(self.skill,), variant=key(state.variant))
        now = replace(state, inner=inner, record=record, mastery=mastery)
        said = [Reply.info(self.standing(record, mastery, params.in_a_row, why(attempt.correct, first, aids)))]
        if not attempt.correct:
            return Outcome([*outcome.replies[:-1], *said, *outcome.replies[-1:]], now,
                           (tagged, self.saving(record, context)))
        return self.solved(now, [*outcome.replies, *said], tagged, context)

    def solved(self, state: Practising, replies: list[Reply], attempt: Attempt, context: Context
               ) -> Outcome[Practising]:
        """After a right answer: the step complete if the skill is mastered, else the next item."""
        record, rule = state.record, self.in_a_row or context.bkt(context.lesson, self.skill).in_a_row
        if mastered(state.mastery, record, rule, self.threshold):
            return Outcome([*replies, Reply.ok("Mastered: that completes the practice.")], state,
                           (attempt, self.saving(record, context)), done=True)
        drawn = self.pool.draw(record, self.seeded(context, record), context.seen(self.skill).plus(attempt.answer))
        if drawn is None:
            return Outcome([*replies, Reply.info(self.used_up())], state, (attempt, self.saving(record, context)),
                           done=True)
        item, variant = drawn
        record = (*record, Served(variant))
        nxt = Practising(item, variant, item.blank(), record, state.mastery)
        return Outcome([*replies, Reply.title("Next item"), *item.show(nxt.inner)], nxt,
                       (attempt, self.saving(record, context)))

    def saving(self, record: Sequence[Served], context: Context) -> Event:
        """The progress event that keeps the items served."""
        return GameMoves(context.lesson, self.index, tuple(s.line() for s in record))

    def ladder(self, state: Practising) -> list[Rung]:
        """The item's hint ladder."""
        return [] if state.item is None else state.item.ladder(state.inner)

    def ladder_restarts(self, before: Practising, after: Practising) -> bool:
        """A new item starts its own ladder."""
        return after.item is not None and (before.item is None or key(before.variant) != key(after.variant))

    def solution_offer(self) -> str | None:
        """/solution reveals the item's answer."""
        return self.sample_item.solution_offer()

    def reveal(self, state: Practising) -> list[Reply]:
        """The answer to the item on screen."""
        return [] if state.item is None else state.item.reveal(state.inner, self.answered)

    def completions(self, state: Practising) -> list[str]:
        """The item's words."""
        return [] if state.item is None else state.item.completions(state.inner)

    def persist(self, state: Practising, context: Context) -> tuple[Event, ...]:
        """The items served, while one is on screen (a fresh state keeps them: an item served is never served
        again)."""
        return () if state.item is None else (self.saving(state.record, context),)

    # -- lint, grading, previews ----------------------------------------------------------------------------

    @property
    def label(self) -> str:  # the answer the items take
        return self.sample_item.label

    @property
    def multiline(self) -> bool:  # whether the items are answered over several lines
        return self.sample_item.multiline

    def skills(self) -> tuple[str, ...]:  # the skill practised
        return (self.skill,)

    def texts(self) -> list[tuple[str, str]]:  # the texts of the lesson's own item
        return self.sample_item.texts()

    def reference(self) -> Drawn | None:  # the answer to the lesson's own item
        return self.sample_item.reference()

    def judge(self, text: str) -> Verdict:  # ``text`` judged as an answer to the lesson's own item
        return self.sample_item.judge(text)

    def answer_candidates(self) -> list[str] | None:
        """Answers to the lesson's own item (lint tries the declared mistakes on them)."""
        return self.sample_item.answer_candidates()

    def gives_away(self, text: str, learner: str = "") -> str | None:
        """What of the lesson's own item's answer ``text`` gives away."""
        return self.sample_item.gives_away(text, learner)

    def probes(self) -> list[tuple[str, str]]:  # what a learner is told before answering the lesson's own item
        return self.sample_item.probes()

    def misconceptions(self) -> list[tuple[str, Any]]:  # the misconceptions of the lesson's own item
        return self.sample_item.misconceptions()

    def sample(self, state: Practising, seed: int) -> str | None:
        """The answer to the item on screen (the sample item's when none is)."""
        if state.item is None:
            return self.sample_item.sample(self.sample_item.blank(), seed)
        return state.item.sample(state.inner, seed)

    def lint(self) -> list[str]:
        """The lesson's own item lints, the skill is one the puzzle's family declares, and the space holds more
        items than a mastered run needs."""
        problems = self.sample_item.lint()
        known = [s.name for s in all_skills().values() if s.family == self.puzzle.name]
        if self.skill not in known:
            problems.append(f".practice: unknown skill {self.skill!r} for puzzle {self.puzzle.name!r} "
                            f"(known: {', '.join(known) or 'none'})")
        need = max(MIN_ITEMS, self.in_a_row or 0)
        served = 0
        for variant in self.pool.space():
            try:
                served += self.pool.answerable(self.pool.item(variant))
            except TutorError:
                continue
            if served >= need:
                return problems
        problems.append(f".params: the step can serve only {plural(served, 'item')} (drawn, answerable and "
                        f"telling its misconceptions apart); a practice step needs at least {need}")
        return problems


"""What every step that asks shares: the answer kind that judges it, the author's hints, declared mistakes and
the success text, and how a whole answer is judged, recorded and answered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from tutor.course.schema import AskBase
from tutor.course.steps.base import Context, Outcome, Step, StepState
from tutor.course.steps.build import Part, Setting, check_args, declared, mistakes, quoted
from tutor.course.steps.screen import SHOWN, adds_away, screened, without_echo
from tutor.errors import TutorError
from tutor.grammar.arithmetic import evaluate
from tutor.grammar.remember import remembered_by
from tutor.limits import checkpoint
from tutor.progress.events import Attempt
from tutor.puzzles.answers import AnswerKind, Hint, Level, Rung, Verdict, rung
from tutor.puzzles.options import Option
from tutor.screen.shown import Drawn, Reply, Shown, join, text_of
from tutor.screen.text import LONG_DIGITS, number_text


@dataclass(frozen=True)
class Asked(StepState):
    """Where the learner is on a question: the last whole answer they gave ("" before any; a game's moves are not
    one), which the solver's hints read, and what the replies to their answers have said so far (the reply builder
    reads them with each new reply)."""

    last: str = ""
    shown: tuple[str, ...] = field(default=(), kw_only=True)


A = TypeVar("A", bound=Asked)  # a kind of question's own state


@dataclass(frozen=True)
class Question(Step[A]):
    """A step that asks: ``kind`` judges its answers; the author's hints, mistakes and success text."""

    kind: AnswerKind[Any, Any] = field(kw_only=True)
    given: str | None = field(default=None, kw_only=True)  # the author's reference answer, if any

    @classmethod
    def screen(cls, file: Any, where: str) -> None:
        """Declared mistakes: patterns and exclusivity."""
        declared(where, file.mistakes)

    @property
    def answer_kind(self) -> AnswerKind[Any, Any]:
        """The kind that judges this step's answers."""
        return self.kind

    @staticmethod
    def fields(file: AskBase, setting: Setting, game: Any, answer: str, takes: tuple[Option, ...]
               ) -> tuple[dict[str, Any], set[str]]:
        """The constructor fields every question has (texts, hints, mistakes), and the lesson-level arguments the
        step uses (its answer takes ``takes``; its texts may quote quantities)."""
        found = mistakes(setting, file.mistakes)
        hints = tuple(file.hints or ())
        success = file.success or ""
        texts = [(".ask", file.ask), (".success", success), *((f".hints[{i}]", h) for i, h in enumerate(hints, 1)),
                 *((f".mistakes[{i}].say", m.say) for i, m in enumerate(found, 1))]
        used = check_args(setting, [Part(f"answer {answer!r}", takes), *quoted(setting, texts, game)])
        fields = {**setting.common(game), "title": file.title or "", "text": file.ask, "hints": hints,
                  "mistakes": found, "success": success, "named_skills": tuple(file.skills or ())}
        return fields, used

    @property
    def label(self) -> str:
        """The answer kind's name."""
        return self.answer_kind.name

    def texts(self) -> list[tuple[str, str]]:
        """The question, the success text, the hints and what each mistake says."""
        return [("", self.text), (".success", self.success),
                *((f".hints[{i}]", h) for i, h in enumerate(self.hints, 1)),
                *((f".mistakes[{i}].say", m.say) for i, m in enumerate(self.mistakes, 1))]

    def show(self, state: A) -> list[Reply]:
        """The question; after an answer too long to show in a reply, its digits (issue 29.6)."""
        return [Reply.ask(self.fill(self.text)), *long_digits(state.last)]

    def solution_offer(self) -> str | None:
        """/solution asks before revealing."""
        return "Reveal the solution? It is recorded in your progress. (y/n)"

    def authored_hints(self) -> list[Shown]:
        """The author's hints, filled."""
        return [self.fill(h) for h in self.hints]

    def authored_for(self, state: A) -> list[Shown]:
        """The author's hints that hold for what is on screen in ``state`` (all of them, for a whole answer)."""
        return self.authored_hints()

    def ladder(self, state: A) -> list[Rung]:
        """The author's hints, then the answer."""
        return self.merged([], state)

    def merged(self, engine: Sequence[Hint], state: A) -> list[Rung]:
        """The ladder in order of how much each rung tells: the engine's nudges, the author's hints, the engine's
        concepts, its next move, and the reveal last; a rung before the last that would state the answer is left
        out (the last one tells it)."""
        rungs = [rung(h) for h in engine]
        authored = [Rung(text, Level.CONCEPT) for text in self.authored_for(state)]
        ordered = [*(r for r in rungs if r.level is Level.NUDGE), *authored,
                   *sorted((r for r in rungs if r.level is not Level.NUDGE), key=lambda r: r.level)]
        told = self.told(state)
        before = "\n".join(state.shown)
        hinted = [r for r in ordered
                  if r.level is not Level.REVEAL and not self.adds_away(before, text_of(r.text), state.last)]
        return [*hinted, *([Rung(told, Level.REVEAL)] if told else [])]  # only the last rung tells the answer

    def told(self, state: A) -> Shown | None:
        """The answer as the last rung tells it (None: there is none to tell)."""
        answer = self.reference()
        if answer is None:
            return None
        if "\n" in text_of(answer):
            return join(["The answer:", answer])
        return join(["The answer: ", answer], sep="")

    def submission(self, state: A) -> str | None:
        """The last answer given, if it is not blank (a game's moves are not one: its last answer stays blank)."""
        return state.last.rstrip("\n") if state.last.strip() else None

    def judge(self, text: str) -> Verdict:
        """Parse and judge ``text`` with the step's answer kind (pure: the same short text is judged once per step,
        ``remembered_by``)."""
        return remembered_by(self, "_judged", (text,), lambda: self.answer_kind.judge(self.game, text, self.args))

    def accepts(self, text: str) -> bool:
        """Whether the engine judges ``text`` right here."""
        try:
            return self.judge(text).correct
        except TutorError:
            return False

    def reference(self) -> Drawn | None:
        """The author's reference, else the engine's computed answer."""
        if self.given is not None:
            return self.given
        kind = self.answer_kind
        return kind.reference(self.game, kind.arguments(self.args))

    def gives_away(self, text: str, learner: str = "") -> str | None:
        """What of this step's answer ``text`` gives away, in any notation the answer kind knows, directly or one
        obvious step from it and the learner's answer ``learner`` (``tutor.puzzles.giveaway``)."""
        kind = self.answer_kind
        try:
            return remembered_by(self, "_given", (text, learner),
                                 lambda: kind.gives_away(self.game, kind.arguments(self.args), text, learner))
        except TutorError:  # never remembered: a work budget that ran out says nothing about the text
            return None

    def screened(self, replies: list[Reply], learner: str, before: str = "") -> list[Reply]:
        """``replies`` as the learner may read them before the last rung (``screen.screened`` with this step's
        ``gives_away``): none gives the answer away, by itself or read after what the step showed ``before``."""
        return screened(replies, learner, before, self.gives_away)

    def adds_away(self, before: str, text: str, learner: str) -> bool:
        """Whether ``text`` gives this step's answer away, alone or read after ``before`` (``screen.adds_away``)."""
        return adds_away(self.gives_away, before, text, learner)

    def seen(self, state: A, context: Context) -> str:
        """What the learner was shown on this step before their answer: the replies so far, and the hint rungs
        taken (``context.hint``), the last one (the answer) aside."""
        said = list(state.shown)
        if context.hint:
            said += [text_of(r.text) for r in self.ladder(state)[: context.hint] if r.level is not Level.REVEAL]
        return "\n".join(said)

    def wrong_answers(self) -> list[str]:
        """Typical wrong answers to this step: the declared mistakes, and what the answer kind proposes."""
        kind = self.answer_kind
        declared = [m.match for m in self.mistakes if m.match is not None]
        try:
            proposed = kind.wrong_answers(self.game, kind.arguments(self.args))
        except TutorError:
            proposed = []
        believed = [example for _, example in self.beliefs() if example is not None]
        return list(dict.fromkeys([*declared, *believed, *proposed]))

    def beliefs(self) -> list[tuple[str, str | None]]:
        """Each wrong idea about a whole answer of this step's kind, with the answer it gives here (None: none)."""
        try:
            return self.answer_kind.examples(self.game, self.args)
        except TutorError:
            return []

    def answer_candidates(self) -> list[str] | None:
        """A right answer, the typical wrong ones and the values of the misconceptions (as text)."""
        out: list[str] = []
        try:
            answer = self.reference()
            out += [] if answer is None else [text_of(answer)]
            out += [str(value) for _, value in self.misconceptions() if value is not None]
        except TutorError:
            pass  # the step's own checks report what does not compute
        return list(dict.fromkeys([*out, *self.wrong_answers()]))

    def probes(self) -> list[tuple[str, str]]:
        """The reply to each typical wrong answer (and the hints after the first), and the hint rungs but the last."""
        context = Context("lint")
        out: list[tuple[str, str]] = []
        ladders = [self.ladder(self.blank())]
        for wrong in self.wrong_answers():
            outcome = self.reply_to(self.blank(), wrong, context)
            if outcome.done:
                continue  # not wrong after all: lint reports a declared mistake the engine accepts elsewhere
            out.append((f"the reply to {wrong!r}", without_echo("\n".join(r.text for r in outcome.replies), wrong)))
            if outcome.state is not None and len(ladders) == 1:
                ladders.append(self.ladder(outcome.state))
        for ladder in ladders:
            out += [(f"hint {i} of {len(ladder)}", text_of(r.text)) for i, r in enumerate(ladder, 1)
                    if r.level is not Level.REVEAL]
        return out

    def misconception(self, canonical: str, text: str) -> list[Reply]:
        """The lesson's named misconception for this answer, if it declares one."""
        for mistake in self.mistakes:
            if mistake.matches(canonical, text):
                return [Reply.hint(self.fill(mistake.say))]
        return []

    def attempt(self, context: Context, text: str, verdict: Verdict) -> Attempt:
        """The progress record of one judged answer: its skills, the misconception diagnosed, the help before it."""
        return Attempt(context.lesson, self.index, text, verdict.correct, verdict.summary, context.seconds,
                       skills=self.skills(), misconception=None if verdict.correct else verdict.misconception,
                       hint=context.hint, revealed=context.revealed, variant=context.variant)

    def skill_keys(self) -> tuple[str, ...]:
        """The answer kind the step is answered in."""
        return (f"kind:{self.answer_kind.name}",)

    def judged(self, text: str, verdict: Verdict, state: A, context: Context) -> Outcome[A]:
        """The outcome of a judged whole answer: done and praised, or the verdict, the counterexample, the
        declared misconception and what to do next."""
        events = (self.attempt(context, text, verdict),)
        if verdict.correct:
            return Outcome(self.praise(verdict.summary), state, events, done=True)
        replies = [Reply.wrong(verdict.summary)]
        if verdict.detail:
            replies.append(Reply.board(verdict.detail))
        replies += self.misconception(verdict.canonical, text)
        replies.append(Reply.info("Try again, or /hint." + (" /show prints your answer's digits." if long_digits(text)
                                                            else "")))
        return Outcome(replies, state, events)

    def praise(self, summary: str) -> list[Reply]:
        """What a right answer hears: the verdict's summary, then the author's success text (or "Well done.")."""
        out = [Reply.ok(summary)] if summary else []
        if self.success:
            out.append(Reply.ok(self.fill(self.success)))
        elif not summary:
            out.append(Reply.ok("Well done."))
        return out

    def respond(self, state: A, text: str, context: Context) -> Outcome[A]:
        """The replies to ``text`` (``reply_to``) as the learner reads them: none gives the answer away, alone or
        with what the step showed before; what they say is kept in the step's state for the next answer."""
        outcome = self.reply_to(state, text, context)
        if outcome.done:
            return outcome
        replies = self.screened(outcome.replies, text, self.seen(state, context))
        after = outcome.state
        if after is not None:
            after = replace(after, shown=(*state.shown, *(r.text for r in replies))[-SHOWN:])
        return replace(outcome, replies=replies, state=after)

    def reply_to(self, state: A, text: str, context: Context) -> Outcome[A]:
        """Judge a whole answer (the replies as the engine and the author wrote them: ``respond`` screens them)."""
        if not text.strip():
            return Outcome([Reply.info("Type your answer, or /hint.")])
        try:
            verdict = self.judge(text)
        except TutorError as err:
            return Outcome([Reply.error(str(err))])
        return self.judged(text, verdict, replace(state, last=text), context)

    def reveal(self, state: A, answered: str | None = None) -> list[Reply]:
        """A correct answer (a plan on its own lines; a press list keeps its grid), and how to go on (typing it in
        does ``answered``: the step's own, unless a practice step asks it of its item)."""
        answer = self.reference()
        if answer is None:
            return [Reply.info("There is no winning answer here: that is the point of this step. "
                               "Say so in your own words, or /next.")]
        shown = ([Reply.hint("A correct answer:"), Reply.board(answer)] if "\n" in text_of(answer)
                 else [Reply.hint(join(["A correct answer: ", answer], sep=""))])
        why = self.explanation()
        return [*shown, *([Reply.board(why)] if why else []),
                Reply.info(f"Type it in (or your own) to {answered or self.answered}.")]

    def explanation(self) -> str:
        """Why the answer is right, in the engine's words ("" when there is nothing to say)."""
        return ""

    def sample(self, state: A, seed: int) -> str | None:
        """The reference answer."""
        answer = self.reference()
        return None if answer is None else text_of(answer)

    def completions(self, state: A) -> list[str]:
        """The answer kind's words."""
        kind = self.answer_kind
        try:
            return kind.completions(self.game, kind.arguments(self.args), "")
        except TutorError:
            return []

    # -- lint -----------------------------------------------------------------------------------------

    def lint_reference(self) -> list[str]:
        """The reference answer exists and the engine judges it correct."""
        try:
            answer = self.reference()
        except TutorError as err:
            return [f".reference: {err}"]
        if answer is None:
            return [".reference: the engine finds no correct answer for these parameters, so the step cannot be "
                    f"completed{self.why_no_answer()}"]
        if not text_of(answer).strip():
            return [".reference: the engine's answer is empty text, which a learner cannot type (an answer kind "
                    "writes an empty answer as a word such as 'none')"]
        try:
            verdict = self.judge(text_of(answer))
        except TutorError as err:
            return [f".reference: {err}"]
        return [] if verdict.correct else [f".reference: judged wrong by the engine: {verdict.summary}"]

    def why_no_answer(self) -> str:
        """The engine's certificate that no answer is right here (``Puzzle.no_answer``), as ``": ..."`` on one
        line; "" when it gives none."""
        kind = self.answer_kind
        try:
            reason = self.puzzle.no_answer(self.game, kind.name, kind.arguments(self.args))
        except TutorError:
            return ""
        return f": {' '.join(reason.split())}" if reason else ""

    def lint_mistakes(self) -> list[str]:
        """Each declared ``match`` parses, is judged wrong, and is written in canonical form."""
        problems = []
        kind = self.answer_kind
        for i, mistake in enumerate(self.mistakes, 1):
            if mistake.match is None:
                continue
            checkpoint()
            try:
                verdict = self.judge(mistake.match)
            except TutorError as err:
                problems.append(f".mistakes[{i}].match: does not parse: {' '.join(str(err).split())}")
                continue
            if verdict.correct:
                problems.append(f".mistakes[{i}].match: the engine judges this answer correct, so it is not a mistake")
            canonical = kind.normalize(self.game, mistake.match, self.args)
            if canonical != mistake.match:
                problems.append(f".mistakes[{i}].match: write it in canonical form {canonical!r} (answers are "
                                "compared after normalisation)")
        return problems


def long_digits(answer: str) -> list[Reply]:
    """The digits of a whole-number answer past ``LONG_DIGITS`` (replies show it as ``2^1000, a 302-digit number``)."""
    try:
        value = evaluate(answer) if answer.strip() and "\n" not in answer else None
    except TutorError:
        return []
    if not isinstance(value, int) or value.bit_length() > 13_000 or len(str(abs(value))) <= LONG_DIGITS:
        return []
    return [Reply.board(f"Your last answer, {number_text(value)}, in digits:\n{value}")]

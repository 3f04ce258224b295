"""``Written``: a step answered in one of the puzzle's answer kinds (a strategy, a question tree, a press list)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tutor.course.schema import COMPUTED, WrittenFile
from tutor.course.steps.base import Claim, Context, Outcome
from tutor.course.steps.build import Setting
from tutor.course.steps.kinds import register
from tutor.course.steps.question import Asked, Question
from tutor.errors import LessonError, TutorError
from tutor.puzzles.answers import Rung
from tutor.puzzles.base import Puzzle
from tutor.screen.shown import Reply, text_of


@dataclass(frozen=True)
class Drafted(Asked):
    """A written step's state: the last answer, and the definitions kept for later answers (``let`` blocks)."""

    defined: str = ""


@register
@dataclass(frozen=True)
class Written(Question[Drafted]):
    """A whole answer judged exactly by the engine, with the solver's hints for the learner's last answer."""

    model = WrittenFile
    claim = Claim("answer", named="engine-kind")  # any answer no other kind claims: one of the puzzle's kinds
    gradable = 2

    @classmethod
    def build(cls, file: WrittenFile, setting: Setting) -> tuple[Written, set[str]]:
        """A step in one of the puzzle's answer kinds, with the author's reference if given."""
        puzzle = setting.puzzle
        if file.answer not in puzzle.kinds:
            kinds = ", ".join((*COMPUTED, *puzzle.kind_names()))
            raise LessonError(f"{setting.where}.answer: {file.answer!r} is not an answer kind of puzzle "
                              f"{puzzle.name!r} (known: {kinds})")
        kind = puzzle.kinds[file.answer]
        game = setting.game()
        fields, used = cls.fields(file, setting, game, file.answer, kind.args)
        return cls(**fields, kind=kind, given=file.reference), used

    @property
    def multiline(self) -> bool:
        """Whether the kind is written over several lines (a question tree)."""
        return self.answer_kind.multiline

    def blank(self) -> Drafted:
        """No answer, and nothing defined yet."""
        return Drafted()

    def reply_to(self, state: Drafted, text: str, context: Context) -> Outcome[Drafted]:
        """Judge the answer, with the definitions kept so far; an answer of definitions only is checked and kept."""
        if not text.strip():
            return Outcome([Reply.info("Type your answer, or /hint.")])
        kind = self.answer_kind
        defined, rest = kind.definitions(text)
        known = "\n".join(d for d in (state.defined, defined) if d)
        if defined and not rest.strip():
            try:
                kind.parse(self.game, known, kind.arguments(self.args))
            except TutorError as err:
                return Outcome([Reply.error(str(err))])
            kept = "; ".join(known.splitlines())
            return Outcome([Reply.info(f"Kept for this step: {kept}. Use the names in your answer.")],
                           replace(state, defined=known))
        try:
            verdict = self.judge(f"{known}\n{rest}" if known else text)
        except TutorError as err:
            return Outcome([Reply.error(str(err))])
        return self.judged(text, verdict, replace(state, last=text, defined=known), context)

    def submission(self, state: Drafted) -> str | None:
        """The last answer with the definitions it was judged with (``let`` lines typed earlier), so that what is
        handed in reads and grades as it did here."""
        last = super().submission(state)
        if last is None or not state.defined:
            return last
        _, rest = self.answer_kind.definitions(last)
        return f"{state.defined}\n{rest}" if rest.strip() else None

    def ladder(self, state: Drafted) -> list[Rung]:
        """The author's hints, then the solver's for the learner's last answer (with its definitions)."""
        kind = self.answer_kind
        own = kind.arguments(self.args)
        written = "\n".join(t for t in (state.defined, state.last) if t)
        try:
            engine = kind.hints(self.game, own, written)
        except TutorError:
            engine = kind.hints(self.game, own, "")
        return self.merged(engine, state)

    def lint(self) -> list[str]:
        """The texts compute, the reference is judged correct, and every declared mistake is a wrong answer."""
        return [*super().lint(), *self.lint_reference(), *self.lint_mistakes(), *self.lint_beliefs()]

    def lint_beliefs(self) -> list[str]:
        """Each belief's answer here is wrong and diagnosed with that belief (a belief whose own answer is judged
        right, or named as another, would be said where it does not hold)."""
        problems = []
        for name, example in self.beliefs():
            if example is None:
                continue
            try:
                verdict = self.judge(example)
            except TutorError as err:
                problems.append(f".answer: belief {name!r} gives an answer that does not read here: {err}")
                continue
            if verdict.correct or verdict.misconception != name:
                problems.append(f".answer: belief {name!r} gives {example!r} here, judged "
                                f"{'right' if verdict.correct else f'as {verdict.misconception!r}'}")
        return problems

    @classmethod
    def skeleton(cls, puzzle: Puzzle[Any], game: Any) -> Sequence[str]:
        """A step in the first answer kind whose engine reference the engine accepts for the skeleton's game,
        preferring a kind whose description (the question asked) names none of its arguments."""
        named = [n for n, k in puzzle.kinds.items() if any(re.search(rf"\b{o.name}\b", k.description) for o in k.args)]
        for name in sorted(puzzle.kinds, key=lambda n: n in named):
            kind = puzzle.kinds[name]
            try:
                reference = kind.reference(game, kind.arguments({}))
                if reference is None or not kind.judge(game, text_of(reference)).correct:
                    continue
            except TutorError:
                continue
            said = kind.description.replace('"', "'")
            for option in kind.args if name in named else ():  # the values the learner is asked about, quoted
                said = re.sub(rf"\b{option.name}\b", f"{{{{{option.name}}}}}", said)
            return ["[[steps]]", f'title = "A whole answer ({name})"', f'ask = "Write {said}."',
                    f'answer = "{name}"  # judged exactly by the engine; kinds: {", ".join(puzzle.kind_names())}',
                    'hints = ["Your hints follow the engine\'s nudge and come before its concepts and next move."]',
                    "# reference = \"...\"  # optional: your own correct answer (lint checks it); "
                    "default: the engine's",
                    "# [[steps.mistakes]]", '# pattern = "regular expression matching a typical wrong answer"',
                    '# say = "The misconception."']
        return []

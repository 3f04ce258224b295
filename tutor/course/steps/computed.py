"""``Computed``: a step whose answer is a value the engine computes (a whole number, or one of its options)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.course.schema import COMPUTED, ComputedFile
from tutor.course.steps.base import Claim
from tutor.course.steps.build import Setting
from tutor.course.steps.checks import computable
from tutor.course.steps.kinds import register
from tutor.course.steps.question import Asked, Question
from tutor.errors import LessonError, TutorError
from tutor.grammar.wording import Wording
from tutor.limits import INT_DIGITS, checkpoint
from tutor.puzzles.answers import Quantity, Value
from tutor.puzzles.base import Puzzle
from tutor.puzzles.computed import ChoiceKind, NumberKind, explanation
from tutor.screen.shown import Reply, Shown
from tutor.screen.text import shorten


@register
@dataclass(frozen=True)
class Computed(Question[Asked]):
    """A quantity's value, asked as a number, or as a choice among ``options``."""

    model = ComputedFile
    claim = Claim("answer", COMPUTED)
    quantity: Quantity[Any] = field(kw_only=True)
    options: tuple[str, ...] = ()
    gradable = 1

    @classmethod
    def build(cls, file: ComputedFile, setting: Setting) -> tuple[Computed, set[str]]:
        """A number or choice step: a known quantity, and options exactly on a choice."""
        puzzle, where, answer = setting.puzzle, setting.where, file.answer
        known = ", ".join(puzzle.quantities)
        if file.compute is None:
            raise LessonError(f"{where}.compute: a {answer} step needs the engine quantity that gives its answer "
                              f"(known: {known})")
        if file.compute not in puzzle.quantities:
            raise LessonError(f"{where}.compute: unknown quantity {file.compute!r} for puzzle {puzzle.name!r} "
                              f"(known: {known})")
        options = tuple(file.options or ())
        if answer == "choice" and not options:
            raise LessonError(f"{where}.options: a choice step needs a list of at least two texts")
        if answer != "choice" and options:
            raise LessonError(f"{where}.options: only choice steps take 'options'")
        quantity = puzzle.quantities[file.compute]
        wording = Wording.of(file.ask)
        kind = ChoiceKind(quantity, options, wording) if options else NumberKind(quantity, wording)
        game = setting.game()
        fields, used = cls.fields(file, setting, game, answer, kind.args)
        return cls(**fields, kind=kind, quantity=quantity, options=options), used

    @property
    def computes(self) -> Quantity[Any]:
        """The quantity whose value is the answer."""
        return self.quantity

    def blank(self) -> Asked:
        """No answer yet."""
        return Asked()

    def skill_keys(self) -> tuple[str, ...]:
        """The quantity computed, and each misconception learners show on it."""
        return (f"quantity:{self.computes.name}", *(f"misconception:{m.name}" for m in self.computes.misconceptions))

    def guesses(self) -> tuple[str, ...]:
        """A choice's options (a number is open: it has no bound of its own)."""
        return self.options

    def value(self) -> Value:
        """The right answer, computed for the step's game and arguments."""
        quantity = self.computes
        return quantity.value(self.game, quantity.arguments(self.args))

    def ready(self) -> None:
        """The right answer computes (``TutorError`` naming the step if it does not: past an engine's limit)."""
        try:
            self.value()
        except TutorError as err:
            raise LessonError(f"{self.key}.compute: {err}") from None

    def show(self, state: Asked) -> list[Reply]:
        """The question, and the options numbered."""
        shown = super().show(state)
        if self.options:
            shown.append(Reply.info("  ".join(f"{i}) {o}" for i, o in enumerate(self.options, 1))))
        return shown

    def praise(self, summary: str) -> list[Reply]:
        """The author's success text says it all when there is one; else the verdict."""
        return super().praise("" if self.success else summary)

    def told(self, state: Asked) -> Shown | None:
        """The value, and why."""
        why = self.explanation()
        return f"The answer: {self.value()}." + (f" {why}" if why and "\n" not in why else f"\n{why}" if why else "")

    def explanation(self) -> str:
        """Why the computed value is right, in the engine's words."""
        quantity = self.computes
        return explanation(quantity, self.game, quantity.arguments(self.args))

    def lint(self) -> list[str]:
        """The quantity computes, a choice's value is an option, every wrong value gets a reason, and the declared
        mistakes are possible wrong answers."""
        problems = super().lint()
        name = self.computes.name
        try:
            value = self.value()
        except TutorError as err:
            return [*problems, f".compute: {err}"]
        lowered = [o.lower() for o in self.options]
        if self.options and str(value).lower() not in lowered:
            problems.append(f".options: the computed answer {value!r} is not among the options")
        if not self.options and isinstance(value, bool | str):
            problems.append(f".compute: quantity {name!r} is not a number ({value!r})")
        problems += self.lint_reasons(value) + self.lint_misconceptions(value)
        for i, mistake in enumerate(self.mistakes, 1):
            match = mistake.match
            if match is None:
                continue
            if match.strip().lower() == str(value).lower():
                problems.append(f".mistakes[{i}].match: {match!r} is the correct answer")
            if self.options and match.strip().lower() not in lowered:
                problems.append(f".mistakes[{i}].match: {match!r} is not one of the options")
            if not self.options and not (match.strip().lstrip("-").isdecimal() and match.isascii()):
                problems.append(f".mistakes[{i}].match: {shorten(match)} is not a whole number")
            elif not self.options and len(match.strip().lstrip("-")) > INT_DIGITS.value:
                problems.append(f".mistakes[{i}].match: a number of {len(match.strip()):,} digits: over the limit "
                                f"int_digits = {INT_DIGITS.value:,} digits (see docs/limits.md)")
        return problems

    def wrong_values(self, value: Value) -> list[Value]:
        """Wrong answers a learner might give: every other option; for a number, its neighbours, zero, its double
        and half, and the declared mistakes."""
        if self.options:
            return [o for o in self.options if o.lower() != str(value).lower()]
        if not isinstance(value, int) or isinstance(value, bool):
            return []
        declared = [int(m.match) for m in self.mistakes
                    if m.match and m.match.strip().lstrip("-").isdecimal() and len(m.match) <= INT_DIGITS.value]
        candidates = [value - 1, value + 1, 0, 1, 2 * value, value // 2, -1, *declared]
        return list(dict.fromkeys(c for c in candidates if c != value))

    def wrong_answers(self) -> list[str]:
        """The values the step's misconceptions give, the neighbours and other likely wrong values."""
        try:
            value = self.value()
        except TutorError:
            return []
        ideas = [str(v) for _, v in self.misconceptions() if v is not None and v != value]
        return list(dict.fromkeys([*ideas, *(str(w) for w in self.wrong_values(value))]))

    def misconceptions(self) -> list[tuple[str, Any]]:
        """Each misconception of the quantity, with the value it gives here."""
        quantity = self.computes
        args = quantity.arguments(self.args)
        return [(idea.name, idea.value(self.game, args)) for idea in quantity.misconceptions]

    def lint_misconceptions(self, value: Value) -> list[str]:
        """No misconception gives the right value (a learner holding it would be judged right), and no two give
        the same wrong one (the diagnosis would be a guess)."""
        problems = []
        seen: dict[Any, str] = {}
        for name, given in self.misconceptions():
            if given is None:
                continue
            if given == value:
                problems.append(f".compute: misconception {name!r} gives the right value {given!r} here, so it "
                                "cannot be told apart (choose other parameters, or a quantity it does not fit)")
            elif given in seen:
                problems.append(f".compute: misconceptions {seen[given]!r} and {name!r} both give {given!r} here, "
                                "so a learner's answer cannot say which one they hold")
            seen.setdefault(given, name)
        return problems

    def lint_reasons(self, value: Value) -> list[str]:
        """Every wrong value gets a reason from the engine: the quantity refutes, and says something each time."""
        quantity = self.computes
        args = quantity.arguments(self.args)
        for wrong in self.wrong_values(value):
            checkpoint()
            try:
                reason = quantity.refute(self.game, args, value, wrong)
            except TutorError as err:
                return [f".compute: quantity {quantity.name!r} cannot refute the wrong answer {wrong!r}: {err}"]
            if not reason.strip():
                return [f".compute: quantity {quantity.name!r} gives no reason why {wrong!r} is wrong"]
        return []

    @classmethod
    def skeleton(cls, puzzle: Puzzle[Any], game: Any) -> Sequence[str]:
        """A number step on the first whole-number quantity that takes no question arguments (so its
        description, the question asked, names no argument left unset), and a choice step on the first yes/no
        one."""
        values = [(n, v) for n, v in computable(puzzle, game) if not puzzle.quantities[n].args]
        numbers = [(n, v) for n, v in values if type(v) is int]
        choices = [n for n, v in values if isinstance(v, str) and v.lower() in ("yes", "no")]
        lines: list[str] = []
        if numbers:
            name, value = numbers[0]
            said = puzzle.quantities[name].description.replace('"', "'")
            lines += ["[[steps]]", 'title = "A number to find"', f'ask = "Work it out for this puzzle: {said}."',
                      'answer = "number"', f'compute = "{name}"  # any of: {", ".join(puzzle.quantities)}',
                      'hints = ["A first, gentle hint; /hint gives your hints in order, then the answer."]',
                      'success = "Shown when the answer is right."',
                      "# A known wrong answer and the misconception it shows:", "# [[steps.mistakes]]",
                      f'# match = "{value + 1}"', '# say = "Why this answer is tempting, and what it misses."']
        if choices:
            name = choices[0]
            lines += [*([""] if lines else []), "[[steps]]", 'title = "A choice"',
                      f'ask = "Yes or no: {name.replace("_", " ")}?"', 'answer = "choice"', 'options = ["yes", "no"]',
                      f'compute = "{name}"  # the engine computes which option is right', 'hints = ["Think about ..."]']
        return lines

"""``Say``: a step of text to read; Enter goes on."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.course.schema import SayFile
from tutor.course.steps.base import Claim, Context, Outcome, Step, StepState
from tutor.course.steps.build import Setting, check_args, quoted
from tutor.course.steps.checks import computable
from tutor.course.steps.kinds import register
from tutor.puzzles.base import Puzzle
from tutor.screen.shown import Reply


@register
@dataclass(frozen=True)
class Say(Step[StepState]):
    """Text to read (Markdown, with ``{{values}}`` computed); nothing to answer."""

    model = SayFile
    claim = Claim("say")
    required = False
    no_hints = "This step only explains: press Enter to go on."

    @classmethod
    def build(cls, file: SayFile, setting: Setting) -> tuple[Say, set[str]]:
        """A say step, and the lesson-level arguments its quoted quantities use."""
        game = setting.game()
        used = check_args(setting, quoted(setting, [(".say", file.say)], game))
        return cls(title=file.title or "", text=file.say, **setting.common(game)), used

    def blank(self) -> StepState:
        """Nothing happens on a step of text."""
        return StepState()

    def show(self, state: StepState) -> list[Reply]:
        """The text, and how to go on."""
        return [Reply.say(self.fill(self.text)), Reply.info("(press Enter to continue)")]

    def respond(self, state: StepState, text: str, context: Context) -> Outcome[StepState]:
        """Enter goes on; anything else is a note that nothing is asked."""
        if text.strip():
            return Outcome([Reply.info("This step needs no answer: press Enter (or /next) to go on.")])
        return Outcome([], advance=True)

    def sample(self, state: StepState, seed: int) -> str | None:
        """Enter."""
        return ""

    @classmethod
    def skeleton(cls, puzzle: Puzzle[Any], game: Any) -> Sequence[str]:
        """A text step that quotes one computed value."""
        number = next((name for name, value in computable(puzzle, game)
                       if type(value) is int and not puzzle.quantities[name].args), None)
        said = puzzle.quantities[number].description.replace('"', "'") if number else ""
        return ["[[steps]]", 'title = "The idea"', 'say = """',
                "Text the learner reads; Enter moves on. Computed values can be quoted:",
                *([f"for this puzzle, {said}: {{{{{number}}}}}."] if number else []), '"""']


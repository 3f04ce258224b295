"""Judging in one place: the answer a lesson step expects, and the verdict on a learner's text.

A step that asks for a number or a choice is judged against a quantity the
engine computes (``NumberAnswer``, ``ChoiceAnswer``); any other step against
one of the family's answer kinds.  The Session, batch grading and lint all
call ``judge``, so a learner, a grader and an author see the same verdict.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.arithmetic import evaluate
from tutor.errors import InvalidNotation
from tutor.puzzles.answers import AnswerKind, Quantity, Verdict
from tutor.puzzles.options import Args
from tutor.shown import Drawn

if TYPE_CHECKING:
    from tutor.course import Step


class NumberAnswer(AnswerKind[Any, int]):
    """A whole number, judged against a quantity the engine computes."""

    name = "number"
    description = "a whole number, computed by the engine (compute = QUANTITY)"

    def __init__(self, quantity: Quantity[Any]) -> None:
        self.quantity = quantity
        self.args = quantity.args  # type: ignore[misc]

    def parse(self, game: Any, text: str, args: Args) -> int:
        """A whole number, or an integer expression such as ``2^16 - 1`` (``tutor.arithmetic``)."""
        return evaluate(text)

    def format(self, game: Any, answer: int, args: Args) -> str:
        """The number in plain digits."""
        return str(answer)

    def check(self, game: Any, answer: int, args: Args) -> Verdict:
        """Right when it equals the computed value; a wrong one gets the quantity's own refutation."""
        value = self.quantity.compute(game, args)
        ok = answer == value
        if ok:
            return Verdict(True, f"Right: {answer:,}.", data={"correct": True}, canonical=str(answer))
        reason = refutation(self.quantity, game, args, value, answer)
        return Verdict(False, f"Not right: {answer:,} is not the answer.", reason, data={"correct": False},
                       canonical=str(answer))

    def reference(self, game: Any, args: Args) -> str | None:
        """The computed value."""
        return str(self.quantity.compute(game, args))


class ChoiceAnswer(AnswerKind[Any, str]):
    """One of a step's options, judged against a quantity the engine computes."""

    name = "choice"
    description = "one of the step's options, computed by the engine (compute = QUANTITY)"

    def __init__(self, quantity: Quantity[Any], options: tuple[str, ...]) -> None:
        self.quantity = quantity
        self.options = options
        self.args = quantity.args  # type: ignore[misc]

    def parse(self, game: Any, text: str, args: Args) -> str:
        """The option meant: its words first, then its number in the list, then a unique prefix."""
        return pick_option(self.options, text)

    def format(self, game: Any, answer: str, args: Args) -> str:
        """The option's own words."""
        return answer

    def check(self, game: Any, answer: str, args: Args) -> Verdict:
        """Right when it is the computed option (letter case ignored)."""
        value = self.quantity.compute(game, args)
        ok = answer.lower() == str(value).lower()
        if ok:
            return Verdict(True, f"Right: {answer}.", data={"correct": True}, canonical=answer)
        return Verdict(False, f"Not right: {answer!r} is not the answer.",
                       refutation(self.quantity, game, args, value, answer), data={"correct": False}, canonical=answer)

    def reference(self, game: Any, args: Args) -> str | None:
        """The computed value."""
        return str(self.quantity.compute(game, args))

    def completions(self, game: Any, args: Args, text: str) -> list[str]:
        """The options."""
        return list(self.options)


def refutation(quantity: Quantity[Any], game: Any, args: Args, value: Any, wrong: Any) -> str:
    """Why ``wrong`` is not the value, in the engine's words ("" when the quantity has no refutation)."""
    return quantity.refute(game, args, value, wrong) if quantity.refute is not None else ""


def explanation(step: Step) -> str:
    """Why a number or choice step's computed answer is right, in the engine's words ("" if it has none)."""
    kind = step.expects
    if not isinstance(kind, NumberAnswer | ChoiceAnswer) or kind.quantity.explain is None:
        return ""
    args = kind.arguments(step.args)
    return kind.quantity.explain(step.game, args, kind.quantity.compute(step.game, args))


def pick_option(options: tuple[str, ...], text: str) -> str:
    """The option meant by ``text``: its exact words, its number in the list, or a unique prefix.

    >>> pick_option(("yes", "no"), "2"), pick_option(("yes", "no"), "Y")
    ('no', 'yes')
    """
    t = text.strip().lower()
    exact = [o for o in options if o.lower() == t]
    if exact:
        return exact[0]
    if t.isdecimal() and t.isascii() and 1 <= int(t) <= len(options):
        return options[int(t) - 1]
    prefix = [o for o in options if o.lower().startswith(t)] if t else []
    if len(prefix) == 1:
        return prefix[0]
    listed = ", ".join(f"{i}) {o}" for i, o in enumerate(options, 1))
    raise InvalidNotation(f"{text!r} is not one of the options: {listed}")


def judge(step: Step, text: str) -> Verdict:
    """The verdict on ``text`` as the answer to an ask step."""
    if step.expects is None:
        raise ValueError(f"{step.key} asks nothing")
    return step.expects.judge(step.game, text, step.args)


def reference(step: Step) -> Drawn | None:
    """A correct answer to an ask step: the lesson's own reference, else the engine's."""
    if step.expects is None:
        return None
    if step.reference is not None and step.compute is None:
        return step.reference
    return step.expects.reference(step.game, step.expects.arguments(step.args))

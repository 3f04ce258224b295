"""Answers a quantity computes: a whole number (``NumberKind``) or one of a step's options (``ChoiceKind``).

They are answer kinds like a family's own, beside ``AnswerKind``: each wraps one registered quantity,
parses the learner's text (an integer expression, or an option by its words, number or prefix), and
judges it exactly against the value the engine computes; a wrong value gets the quantity's refutation.
"""

from __future__ import annotations

import re
from typing import Any

from tutor.errors import InvalidNotation
from tutor.grammar.arithmetic import read_answer
from tutor.grammar.wording import Wording, claim, example_number
from tutor.puzzles.answers import AnswerKind, Quantity, Verdict
from tutor.puzzles.giveaway import gives_away
from tutor.puzzles.giveaway import states_number as states_number  # where tests and families have read it
from tutor.puzzles.options import Args
from tutor.screen.text import number_text


class NumberKind(AnswerKind[Any, int]):
    """A whole number, judged against a quantity the engine computes."""

    name = "number"
    description = "a whole number, computed by the engine (compute = QUANTITY)"

    def __init__(self, quantity: Quantity[Any], wording: Wording | None = None) -> None:
        self.quantity = quantity
        self.args = quantity.args  # type: ignore[misc]
        self.wording = wording or Wording()  # the question's words, which an answer may echo

    def parse(self, game: Any, text: str, args: Args) -> int:
        """A whole number, or an integer expression such as ``2^16 - 1`` (``tutor.grammar.arithmetic``), in the
        learner's words around it (``there are 4``, ``4 worlds``); a refusal's example is a number that is not the
        answer."""
        def example() -> int:
            value = self.quantity.value(game, args)
            return example_number([value] if isinstance(value, int) else [])

        return read_answer(text, self.wording, example)

    def format(self, game: Any, answer: int, args: Args) -> str:
        """The number in plain digits."""
        return str(answer)

    def check(self, game: Any, answer: int, args: Args) -> Verdict:
        """Right when it equals the computed value; a wrong one is diagnosed with the misconception that gives it,
        or else gets the quantity's own refutation."""
        value = self.quantity.value(game, args)
        if answer == value:
            return Verdict(True, f"Right: {number_text(answer)}.", data={"correct": True}, canonical=str(answer))
        return wrong_verdict(self.quantity, game, args, value, answer,
                             f"Not right: {number_text(answer)} is not the answer.")

    def reference(self, game: Any, args: Args) -> str | None:
        """The computed value."""
        return str(self.quantity.value(game, args))

    def gives_away(self, game: Any, args: Args, text: str, learner: str = "") -> str | None:
        """Whether ``text`` gives the value away (``tutor.puzzles.giveaway``): written out (``65,535``, ``2^16 - 1``),
        pinned by the bounds it states, or one obvious step from the learner's answer; a count is at least 0."""
        value = self.quantity.value(game, args)
        if not isinstance(value, int) or isinstance(value, bool):
            return None
        return gives_away(text, str(value), learner, least=0 if value >= 0 else None)


class ChoiceKind(AnswerKind[Any, str]):
    """One of a step's options, judged against a quantity the engine computes."""

    name = "choice"
    description = "one of the step's options, computed by the engine (compute = QUANTITY)"

    def __init__(self, quantity: Quantity[Any], options: tuple[str, ...], wording: Wording | None = None) -> None:
        self.quantity = quantity
        self.options = options
        self.args = quantity.args  # type: ignore[misc]
        self.wording = wording or Wording()  # the question's words, which an answer may echo

    def parse(self, game: Any, text: str, args: Args) -> str:
        """The option meant: its words first, then its number in the list, then a unique prefix, then the one
        option a sentence in the question's words claims (``yes, it can``, ``none of them``, ``god C``)."""
        return pick_option(self.options, text, self.wording)

    def format(self, game: Any, answer: str, args: Args) -> str:
        """The option's own words."""
        return answer

    def check(self, game: Any, answer: str, args: Args) -> Verdict:
        """Right when it is the computed option (letter case ignored)."""
        value = self.quantity.value(game, args)
        if answer.lower() == str(value).lower():
            return Verdict(True, f"Right: {answer}.", data={"correct": True}, canonical=answer)
        return wrong_verdict(self.quantity, game, args, value, answer, f"Not right: {answer!r} is not the answer.")

    def reference(self, game: Any, args: Args) -> str | None:
        """The computed value."""
        return str(self.quantity.value(game, args))

    def completions(self, game: Any, args: Args, text: str) -> list[str]:
        """The options."""
        return list(self.options)

    def gives_away(self, game: Any, args: Args, text: str, learner: str = "") -> str | None:
        """Never: naming an option in a reason says nothing about which one is right."""
        return None


def wrong_verdict(quantity: Quantity[Any], game: Any, args: Args, value: Any, wrong: Any, summary: str) -> Verdict:
    """A wrong value's verdict: the misconception it shows, named for this game, or the quantity's refutation."""
    idea = quantity.diagnose(game, args, value, wrong)
    if idea is not None:
        return Verdict(False, summary, idea.says(game, args, wrong), {"correct": False, "misconception": idea.name},
                       str(wrong), misconception=idea.name)
    return Verdict(False, summary, refutation(quantity, game, args, value, wrong), {"correct": False}, str(wrong))


def refutation(quantity: Quantity[Any], game: Any, args: Args, value: Any, wrong: Any) -> str:
    """Why ``wrong`` is not the value, in the engine's words."""
    return quantity.refute(game, args, value, wrong)


def explanation(quantity: Quantity[Any], game: Any, args: Args) -> str:
    """Why the quantity's value is what it is, in the engine's words."""
    return quantity.explain(game, args, quantity.value(game, args))


SYNONYMS = {"yes": frozenset({"yeah", "yep", "yup", "sure"}), "no": frozenset({"nope", "nah"}),
            "none": frozenset({"nobody", "neither", "nothing"})}
NEGATIVE = frozenset({"no", "none", "never"})  # options that say no themselves


def claimed_option(options: tuple[str, ...], text: str, wording: Wording) -> str | None:
    """The one option of a single word that ``text`` claims in the question's words (``wording.claim``); a
    one-letter option (a god, ``A``) counts only written as a capital, so that "a" stays an article."""
    meanings: dict[str, frozenset[str]] = {}
    for option in options:
        if not option.isalpha() or (len(option) == 1 and not re.search(rf"\b{option.upper()}\b", text)):
            continue
        words = {option.lower(), *SYNONYMS.get(option.lower(), ())}
        if option.lower() == "none" and "no" not in (o.lower() for o in options):
            words.add("no")  # "no god", "no one"
        meanings[option] = frozenset(words)
    return claim(text, meanings, wording, frozenset(o for o in options if o.lower() in NEGATIVE))


def pick_option(options: tuple[str, ...], text: str, wording: Wording | None = None) -> str:
    """The option meant by ``text``: its exact words, its number in the list, a unique prefix, or the one option a
    sentence in the question's words claims.

    >>> pick_option(("yes", "no"), "2"), pick_option(("yes", "no"), "Y"), pick_option(("yes", "no"), "no, it can't")
    ('no', 'yes', 'no')
    >>> pick_option(("3/2", "pi/2"), "pi/2.")
    'pi/2'
    """
    t = text.strip().lower()
    if t.rstrip(".!?") and t.rstrip(".!?") != t and not any(o.lower() == t for o in options):
        t = t.rstrip(".!?").strip()  # an option said as a sentence: "3/2." (an option of its own wins)
    exact = [o for o in options if o.lower() == t]
    if exact:
        return exact[0]
    if t.isdecimal() and t.isascii() and len(t) <= 6 and 1 <= int(t) <= len(options):
        return options[int(t) - 1]
    prefix = [o for o in options if o.lower().startswith(t)] if t else []
    if len(prefix) == 1:
        return prefix[0]
    claimed = claimed_option(options, text, wording or Wording())
    if claimed is not None:
        return claimed
    listed = ", ".join(f"{i}) {o}" for i, o in enumerate(options, 1))
    raise InvalidNotation(f"{text!r} is not one of the options: {listed}")

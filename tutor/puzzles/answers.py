"""Answers and quantities: how a family's answer kinds and lesson quantities are registered.

* ``Verdict`` - an exact judgement of one answer.
* ``Quantity`` - a value a lesson may ask for, computed by the engine, registered
  with the explanation of its value and the refutation of a wrong one.
* ``AnswerKind`` - what an answer is: parse, format, check, reference, hints,
  completions, and whether it is written over several lines.
* ``Registry`` - named items in declaration order (``Quantities``, ``Kinds``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum
from typing import Any, ClassVar, Generic, TypeVar

from tutor.errors import InvalidNotation
from tutor.puzzles import giveaway
from tutor.puzzles.options import NO_ARGS, Args, Option, resolve
from tutor.screen.shown import Drawn, Shown, join, text_of

Value = int | str | bool  # a computed quantity: 15, "yes", True
JSON = dict[str, Any]
G = TypeVar("G")  # a family's game object
A = TypeVar("A")  # a parsed answer
T = TypeVar("T")
KNOWN_VALUES = 256  # values each quantity remembers (Quantity.value)


@dataclass(frozen=True)
class Verdict:
    """An exact judgement of an answer.

    ``summary`` is one line ("wins for every start and every turn: 15 moves");
    ``detail`` lays out the counterexample so a learner can follow it; ``data``
    is the JSON form; ``canonical`` is the answer in the kind's canonical
    notation (lessons match declared mistakes on it); ``length`` and
    ``shortest`` measure answers that have a size (moves, presses, questions),
    so grading reads no family-specific keys.
    """

    correct: bool
    summary: str
    detail: Drawn = ""
    data: JSON = field(default_factory=dict)
    canonical: str = ""
    length: int | None = None
    shortest: int | None = None
    misconception: str | None = None  # the name of the misconception the wrong answer shows, when one is known


class Level(IntEnum):
    """How much a hint rung tells: ladders only get more specific."""

    NUDGE = 1  # where to look
    CONCEPT = 2  # the idea that applies here
    MOVE = 3  # the next move itself
    REVEAL = 4  # the answer


@dataclass(frozen=True)
class Rung:
    """One rung of a hint ladder: what it says and how much it tells."""

    text: Shown
    level: Level = Level.CONCEPT


Hint = str | Rung  # an engine's hint: a bare text counts as a concept


def rung(hint: Hint) -> Rung:
    """A hint as a rung (a bare text is a concept)."""
    return hint if isinstance(hint, Rung) else Rung(hint, Level.CONCEPT)


class Registry(Generic[T]):
    """Named items in declaration order.

    A missing name is a programming error (``KeyError``): user-facing lookups
    (a lesson's ``compute``, a step's ``answer``) are validated with ``in`` first.
    """

    def __init__(self, what: str) -> None:
        self.what = what
        self._items: dict[str, T] = {}

    def add(self, name: str, item: T) -> T:
        """Register ``item`` under ``name`` (each name once)."""
        if name in self._items:
            raise KeyError(f"{self.what} {name!r} is registered twice")
        self._items[name] = item
        return item

    def __getitem__(self, name: str) -> T:
        try:
            return self._items[name]
        except KeyError:
            raise KeyError(f"no {self.what} {name!r} (known: {', '.join(self._items)})") from None

    def __contains__(self, name: object) -> bool:
        return name in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def names(self) -> list[str]:
        """Every registered name, in order."""
        return list(self._items)

    def items(self) -> list[tuple[str, T]]:
        """(name, item) pairs, in order."""
        return list(self._items.items())


# -- quantities -----------------------------------------------------------------------------

Compute = Callable[[Any, Args], Value]
C = TypeVar("C", bound=Compute)
Explain = Callable[[Any, Args, Value], str]
Refute = Callable[[Any, Args, Value, Value], str]


@dataclass(frozen=True)
class Misconception:
    """A wrong idea a learner may hold about a quantity, as engine data: ``value(game, args)`` is what a learner
    holding it would answer for this game (None where the idea gives no answer), and ``says(game, args, value)``
    names the idea for the learner's own variant ("16 counts the turned copies of a table apart").

    A wrong answer equal to a misconception's value is diagnosed with it before anything else; lint, grading and
    the choice of the next variant read the same table.
    """

    name: str
    value: Callable[[Any, Args], Value | None]
    says: Callable[[Any, Args, Value], str]

    def holds(self, game: Any, args: Args, right: Value, wrong: Value) -> bool:
        """Whether ``wrong`` is what this idea answers here (and differs from the right value)."""
        mine = self.value(game, args)
        return mine is not None and mine == wrong and mine != right


@dataclass(frozen=True)
class Belief:
    """A wrong idea about a whole answer (a move, an outcome, a list, a plan), as engine data: ``example(game,
    args)`` is an answer a learner holding it gives here, in the kind's notation (None where the idea gives none
    here, or only right ones); ``holds(game, args, answer)`` whether the parsed ``answer`` is one the idea gives
    here (the set of its answers, computed, not a resemblance); ``says(game, args, answer)`` names the idea for
    that answer.  A wrong answer is diagnosed with the first belief that holds of it, and with none otherwise:
    then the verdict's counterexample alone is said.
    """

    name: str
    example: Callable[[Any, Args], str | None]
    holds: Callable[[Any, Args, Any], bool]
    says: Callable[[Any, Args, Any], str]


class Quantity(Generic[G]):
    """A value a lesson may ask for, computed from the game and the question arguments, with its two reasons.

    ``explain(game, args, value)`` says why the value is what it is;
    ``refute(game, args, value, wrong)`` says why ``wrong`` is not it, with
    something the engine computed.  Both are required: a quantity is made with
    its reasons, never filled in later, so every quantity a lesson can ask for
    can say why.
    """

    def __init__(self, name: str, description: str, compute: Compute, args: tuple[Option, ...] = (), *,
                 explain: Explain, refute: Refute, misconceptions: tuple[Misconception, ...] = ()) -> None:
        self.name = name
        self.description = description
        self.compute = compute
        self.args = args
        self.explain = explain
        self.refute = refute
        self.misconceptions = misconceptions
        self._known: dict[tuple[Any, ...], Value] = {}  # values computed, by game and arguments (engines are pure)

    def value(self, game: G, args: Args) -> Value:
        """``compute(game, args)``, remembered for the last ``KNOWN_VALUES`` games and arguments (a step's value is
        asked for by its verdict, its reference and every screening of a reply); computed afresh when the game or an
        argument cannot be a key."""
        try:
            key = (game, *sorted(args.items()))
            if key in self._known:
                return self._known[key]
        except TypeError:
            return self.compute(game, args)
        if len(self._known) >= KNOWN_VALUES:
            self._known.pop(next(iter(self._known)))
        value = self._known[key] = self.compute(game, args)
        return value

    def diagnose(self, game: G, args: Args, right: Value, wrong: Value) -> Misconception | None:
        """The first misconception whose answer here is ``wrong``, if any."""
        return next((m for m in self.misconceptions if m.holds(game, args, right, wrong)), None)

    def __call__(self, game: G, args: Mapping[str, Any] = NO_ARGS) -> Value:
        """The value for ``game``; ``args`` may hold more names than this quantity takes."""
        return self.compute(game, self.arguments(args))

    def arguments(self, raw: Mapping[str, Any]) -> Args:
        """This quantity's own arguments out of ``raw`` (others are ignored), validated."""
        return resolve(self.args, raw, f"quantity {self.name!r}", strict=False)


class Quantities(Registry[Quantity[Any]]):
    """A family's quantities, registered by decorator with their explanation and refutation:

    >>> QUANTITIES = Quantities()
    >>> def why(game, args, value):
    ...     return "it is the answer"
    >>> def why_not(game, args, value, wrong):
    ...     return f"{wrong} is not the answer"
    >>> @QUANTITIES.register("answer", "the answer to everything", explain=why, refute=why_not)
    ... def answer(game, args):
    ...     return 42
    >>> QUANTITIES["answer"](None)
    42

    A family with many quantities keeps them by topic, one registry each, and joins them in order.
    """

    def __init__(self) -> None:
        super().__init__("quantity")

    def register(self, name: str, description: str, *, explain: Explain, refute: Refute,
                 args: tuple[Option, ...] = (), misconceptions: tuple[Misconception, ...] = ()) -> Callable[[C], C]:
        """Decorator: register a compute function as the quantity ``name``, with the functions that explain its
        value and refute a wrong one, and the misconceptions learners show on it (the function is returned as it
        is, so it stays importable, and picklable, under its own name)."""

        def wrap(fn: C) -> C:
            self.add(name, Quantity(name, description, fn, args, explain=explain, refute=refute,
                                    misconceptions=misconceptions))
            return fn

        return wrap

    @classmethod
    def joined(cls, *parts: Quantities) -> Quantities:
        """One registry with the quantities of every part, in order (a family's topics, joined)."""
        whole = cls()
        for part in parts:
            for name, quantity in part.items():
                whole.add(name, quantity)
        return whole


# -- answer kinds --------------------------------------------------------------------------


class AnswerKind(ABC, Generic[G, A]):
    """What an answer is, and how it is read, written, judged and coached.

    Subclasses implement ``parse``, ``format`` and ``check`` and may override the
    rest.  ``args`` declares the question arguments the kind takes (a lesson
    passes them next to the step; the command line as options).
    """

    name: ClassVar[str]
    description: ClassVar[str]
    multiline: ClassVar[bool] = False  # written over several lines, ended by an empty line
    args: ClassVar[tuple[Option, ...]] = ()
    beliefs: ClassVar[tuple[Belief, ...]] = ()  # the wrong ideas learners show in whole answers of this kind

    @abstractmethod
    def parse(self, game: G, text: str, args: Args) -> A:
        """Read an answer; ``InvalidNotation`` (quoting the text) if it cannot be read."""

    @abstractmethod
    def format(self, game: G, answer: A, args: Args) -> str:
        """Write an answer in canonical notation (``parse`` reads it back)."""

    @abstractmethod
    def check(self, game: G, answer: A, args: Args) -> Verdict:
        """Judge a parsed answer exactly."""

    def reference(self, game: G, args: Args) -> Drawn | None:
        """A correct answer computed by the engine (its text form is the answer; a picture may show it), or
        None if there is none."""
        return None

    def hints(self, game: G, args: Args, text: str) -> Sequence[Hint]:
        """The engine's hint ladder for a partial answer: rungs from nudge to concept to move (a bare text is a
        concept); the step adds the author's hints and the reveal, in order of how much each tells."""
        return []

    def completions(self, game: G, args: Args, text: str) -> list[str]:
        """Words worth offering to tab completion while typing an answer."""
        return []

    def wrong_answers(self, game: G, args: Args) -> list[str]:
        """Typical wrong answers in this kind's notation (a partial list, a plan that fails in one world), which
        lint sends through every step of this kind to check that no reply gives the answer away."""
        return []

    def gives_away(self, game: G, args: Args, text: str, learner: str = "") -> str | None:
        """What of this kind's answer ``text`` gives away (a reply, a hint, a refusal), or None, given that the learner
        answered ``learner``.  The default: the no-give-away rule (``tutor.puzzles.giveaway``) on the engine's
        reference answer: the number, the pair, the missing items of a list, or the whole answer written out."""
        reference = self.reference(game, args)
        if reference is None:
            return None
        return giveaway.gives_away(text, text_of(reference), learner)

    def definitions(self, text: str) -> tuple[str, str]:
        """``(definitions, rest)``: the lines of an answer that define names for later answers of the same step
        (a coin strategy's ``let`` blocks), and the rest.  The session keeps definitions through the step."""
        return "", text

    # -- derived: the same for every kind ------------------------------------------------

    def arguments(self, raw: Mapping[str, Any]) -> Args:
        """This kind's own arguments out of ``raw``, validated."""
        return resolve(self.args, raw, f"answer kind {self.name!r}", strict=False)

    def judge(self, game: G, text: str, args: Mapping[str, Any] = NO_ARGS) -> Verdict:
        """Parse and check ``text``; the verdict carries the canonical form of the answer."""
        own = self.arguments(args)
        answer = self.parse(game, text, own)
        verdict = self.check(game, answer, own)
        if not verdict.canonical:
            verdict = replace(verdict, canonical=self.format(game, answer, own))
        return verdict if verdict.correct or verdict.misconception else self.diagnosed(game, answer, own, verdict)

    def diagnosed(self, game: G, answer: A, args: Args, verdict: Verdict) -> Verdict:
        """A wrong verdict with the first belief that holds of ``answer`` named before its counterexample (the
        verdict as it is when none holds)."""
        belief = next((b for b in self.beliefs if b.holds(game, args, answer)), None)
        if belief is None:
            return verdict
        said = belief.says(game, args, answer)
        detail = join([said, verdict.detail]) if verdict.detail else said
        return replace(verdict, detail=detail, data={**verdict.data, "misconception": belief.name},
                       misconception=belief.name)

    def examples(self, game: G, args: Mapping[str, Any] = NO_ARGS) -> list[tuple[str, str | None]]:
        """Each belief of this kind with the answer it gives here (None where it gives none)."""
        own = self.arguments(args)
        return [(b.name, b.example(game, own)) for b in self.beliefs]

    def normalize(self, game: G, text: str, args: Mapping[str, Any] = NO_ARGS) -> str:
        """The answer in canonical notation, or the whitespace-folded text if it does not parse."""
        own = self.arguments(args)
        try:
            return self.format(game, self.parse(game, text, own), own)
        except InvalidNotation:
            return " ".join(text.split())


class Kinds(Registry[AnswerKind[Any, Any]]):
    """A family's answer kinds, registered by class decorator (the class is instantiated once)."""

    def __init__(self) -> None:
        super().__init__("answer kind")

    def register(self, cls: type[AnswerKind[Any, Any]]) -> type[AnswerKind[Any, Any]]:
        """Class decorator: register one instance of ``cls`` under ``cls.name``."""
        self.add(cls.name, cls())
        return cls

"""The puzzle protocol: the one small interface every puzzle family implements.

A family is pure: it never prints and never reads input.  The command line,
the lesson runner and the REPL are thin layers over it, so anything a learner
can see can also be computed in a test.

Vocabulary:

* a *game* ``G`` - the frozen, typed object ``Puzzle.load(params)`` builds once
  from validated parameters (the game variant, and the board or position it is
  played on); every other method takes it, none rebuilds it from a dict.
* an *answer kind* - what an answer is (``"strategy"``, ``"tree"``, ``"presses"``):
  a registered object with parse, format, check, reference, hints and
  completions (``tutor.puzzles.answers``).  ``"play"`` is the kind made from the
  family's ``Play`` (``tutor.puzzles.play``).
* a *quantity* - a value a lesson may ask for (``"shortest_length"``), computed by
  the engine, never typed into a lesson; registered with its description, the
  question arguments it takes, and the functions that explain its value and
  refute a wrong one.
* a *command* - ``solve``, ``check``, ``hint``, ``analyze``: typed options in,
  a ``Report`` (JSON data, text, exit code) out.
* *options* - every named input, declared once (``tutor.puzzles.options``).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar, Generic, TypeVar

from tutor.errors import InvalidParams
from tutor.limits import Limit
from tutor.puzzles.answers import (
    JSON,
    AnswerKind,
    Belief,
    Kinds,
    Misconception,
    Quantities,
    Quantity,
    Registry,
    Value,
    Verdict,
)
from tutor.puzzles.options import NO_ARGS, Args, Option, resolve
from tutor.puzzles.play import LEARNER, OPPONENT, Play, PlayKind, Turn
from tutor.puzzles.skills import Skill
from tutor.screen.shown import Drawn, text_of

__all__ = ["JSON", "LEARNER", "NO_ARGS", "OPPONENT", "AnswerKind", "Args", "Belief", "Command", "Commands", "Kinds",
           "Misconception", "Option", "Play", "PlayKind", "Puzzle", "Quantities", "Quantity", "Registry", "Report",
           "Sample", "Skill", "Turn", "Value", "Verdict"]

G = TypeVar("G")  # a family's game object


Pieces = Callable[[], Iterable[str]]  # output produced on demand, piece by piece


@dataclass(frozen=True)
class Report:
    """What one command-line command produced: JSON data, text, and exit code.

    Output too large to hold in memory is produced on demand: ``stream`` gives the whole
    JSON document in pieces (then ``data`` holds every key, with the streamed list left
    as None), and ``files`` are (path, pieces) the command line writes before printing.
    ``body`` is plain text or a ``Picture`` (a terminal shows its picture); ``text`` is its text form.
    """

    data: JSON
    body: Drawn
    exit_code: int = 0
    stream: Pieces | None = None
    files: tuple[tuple[str, Pieces], ...] = ()

    @property
    def text(self) -> str:
        """The text form of the report (what plain output and tests read)."""
        return text_of(self.body)


# -- commands ------------------------------------------------------------------------------------

Run = Callable[[Any, Args], Report]


@dataclass(frozen=True)
class Command:
    """One command-line command of a family: its options and what it does with them.

    ``run(game, args)`` gets the loaded game and the validated options; any text
    an option reads from a file or standard input has already been read.
    """

    name: str
    help: str
    options: tuple[Option, ...]
    run: Run


class Commands(Registry[Command]):
    """A family's commands, registered by decorator."""

    def __init__(self) -> None:
        super().__init__("command")

    def register(self, name: str, help: str, *options: Option) -> Callable[[Run], Run]:
        """Decorator: register a function ``(game, args) -> Report`` as the command ``name``."""

        def wrap(fn: Run) -> Run:
            self.add(name, Command(name, help, options, fn))
            return fn

        return wrap


# -- the family ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sample:
    """Parameters and question arguments the conformance suite runs a family with.

    ``random_games``: whether games of random legal moves from this sample end in
    reasonable time (a blindfolded player moving at random beats the Devil on two
    coins, but almost never on four).
    """

    params: Mapping[str, Any] = field(default_factory=dict)
    args: Mapping[str, Any] = field(default_factory=dict)
    random_games: bool = True


class Puzzle(ABC, Generic[G]):
    """One puzzle family behind the common interface.

    Subclasses set the class attributes and implement ``build``.  ``params``
    are the game variant (and the board or position it is played on) and
    nothing else: question arguments belong to the quantities, kinds and
    commands that declare them, play settings to ``play``.
    """

    name: ClassVar[str]  # registry key: "coins"
    title: ClassVar[str]  # "The rotating coin table"
    summary: ClassVar[str]  # one sentence for `tutor puzzles`
    params: ClassVar[tuple[Option, ...]] = ()
    kinds: ClassVar[Kinds]
    quantities: ClassVar[Quantities]
    commands: ClassVar[Commands]
    play: ClassVar[Play[Any, Any, Any] | None] = None
    samples: ClassVar[tuple[Sample, ...]] = (Sample(),)
    # The parameters ``tutor new``'s skeleton starts from, where a default is empty ("" meaning "none given"):
    # a lesson shows a concrete position or board, never an empty value.
    skeleton_params: ClassVar[Mapping[str, Any]] = {}
    order: ClassVar[int] = 0  # a built-in's place in the course (1 = first); other families are listed by name
    limits: ClassVar[tuple[Limit, ...]] = ()  # the family's own limits (docs/limits.md lists a built-in's)
    skills: ClassVar[tuple[Skill, ...]] = ()  # what a learner masters here (tutor.learner traces each one)

    # -- the game ------------------------------------------------------------------------------

    def load(self, raw: Mapping[str, Any] | None = None) -> G:
        """Validate parameters (defaults filled, unknown names refused) and build the game once."""
        return self.build(resolve(self.params, raw or {}, f"puzzle {self.name!r}"))

    @abstractmethod
    def build(self, values: Args) -> G:
        """The game for validated parameter values; ``InvalidParams`` for values that do not fit together."""

    def values(self, game: G) -> dict[str, Any]:
        """The parameter values a game was built from (games keep them as attributes)."""
        return {o.name: getattr(game, o.name) for o in self.params}

    def random_param(self, name: str, spec: Mapping[str, Any], rng: random.Random,
                     fixed: Mapping[str, Any]) -> Any:
        """A random value for parameter ``name`` from a lesson's variant table such as
        ``{random = "lose", max = 30}`` (``fixed``: the lesson's other parameters);
        families with random boards or positions override this."""
        raise InvalidParams(f"puzzle {self.name!r} cannot draw a random value for parameter {name!r} "
                            "(use a list of choices or {min = ..., max = ...})")

    def solvable(self, game: G) -> bool | None:
        """Whether the puzzle has a solution (None: not applicable or undecided)."""
        return None

    def no_answer(self, game: G, kind: str, args: Mapping[str, Any] = NO_ARGS) -> str | None:
        """Why no answer of the kind ``kind`` is right for ``game``, when the kind's reference is None: the engine's
        certificate in one sentence (the Devil's trap, the quiet pattern the board breaks, the losing position),
        which lint puts after "the engine finds no correct answer"; None: no reason to give."""
        return None

    def warm(self) -> None:
        """Compute ahead what a session would otherwise pay for on first use (a proof derived once with sympy);
        the REPL calls it in the background while the learner reads.  Most families have nothing to warm."""

    # -- lookups -----------------------------------------------------------------------------------

    def kind_names(self) -> list[str]:
        """Every answer kind, ``play`` last where the family has play."""
        return [*self.kinds, *([PlayKind.name] if self.play is not None else [])]

    def kind(self, name: str) -> AnswerKind[G, Any]:
        """The answer kind ``name``; ``KeyError`` (a bug) if there is none."""
        if name == PlayKind.name and self.play is not None and name not in self.kinds:
            return self.play_kind
        return self.kinds[name]

    @cached_property
    def play_kind(self) -> PlayKind:
        """The answer kind ``"play"`` made from this family's ``Play``."""
        if self.play is None:
            raise KeyError(f"puzzle {self.name!r} has no play")
        return PlayKind(self.play)

    def compute(self, game: G, name: str, args: Mapping[str, Any] = NO_ARGS) -> Value:
        """The quantity ``name`` for ``game``."""
        return self.quantities[name](game, args)

    def check(self, game: G, kind: str, text: str, args: Mapping[str, Any] = NO_ARGS) -> Verdict:
        """Judge ``text`` as an answer of ``kind``."""
        return self.kind(kind).judge(game, text, args)


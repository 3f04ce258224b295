"""The puzzle protocol: the one small interface every puzzle family implements.

A puzzle family is a pure engine.  It never prints and never reads input; it
takes parameters and text, and returns values.  The command line, the lesson
runner and the REPL are thin layers over these methods, so anything a learner
can see can also be computed in a test.

Vocabulary:

* ``Params`` - a validated mapping of parameter name to value, built by
  :meth:`Puzzle.make_params` from a lesson's TOML table or from command-line
  flags: ``{"coins": 4, "sides": 2, "symmetry": "rotation", "goal": "heads"}``.
* ``kind`` - what an answer is: ``"strategy"``, ``"tree"``, ``"presses"`` ...
  Each puzzle lists the kinds it can judge in ``answer_kinds``.
* ``quantity`` - a value a lesson may ask for, computed by the engine from the
  parameters (``"shortest_length"``), never typed into the lesson.
* a *game* - an immutable state for step-by-step play (a learner's move, then
  the computer's or the Devil's reply), used by ``ask`` steps of kind ``play``.
"""

from __future__ import annotations

import argparse
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tutor.errors import InvalidParams

Params = Mapping[str, Any]  # {"coins": 4, "sides": 2}
Value = int | str | bool  # a computed quantity: 15, "yes", True
JSON = dict[str, Any]


@dataclass(frozen=True)
class ParamSpec:
    """One declared parameter: its name, type, default, help and allowed values."""

    name: str
    type: type  # int, str or bool
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    @property
    def flag(self) -> str:
        """The command-line flag: ``coins`` -> ``--coins``."""
        return "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Verdict:
    """An exact judgement of an answer.

    ``summary`` is one line ("wins for every start and every turn: 15 moves,
    shortest 15"); ``detail`` lays out the counterexample so a learner can
    follow it; ``data`` is the JSON form; ``canonical`` is the answer rewritten
    in the puzzle's canonical notation (lessons match declared mistakes on it).
    """

    correct: bool
    summary: str
    detail: str = ""
    data: JSON = field(default_factory=dict)
    canonical: str = ""


@dataclass(frozen=True)
class Report:
    """What one command-line command produced: JSON data, text, and exit code."""

    data: JSON
    text: str
    exit_code: int = 0


@dataclass(frozen=True)
class Turn:
    """The result of one learner move in a game.

    ``state`` is the new immutable game state, ``replies`` what the tutor says
    (the opponent's reply included), ``finished`` whether the game is over and
    ``won`` whether the learner won it.
    """

    state: Any
    replies: tuple[str, ...]
    finished: bool = False
    won: bool = False


class Puzzle(ABC):
    """One puzzle family behind the common interface.

    Subclasses set the class attributes, implement the abstract methods, and
    override the optional ones (play, hints) where the family supports them.
    """

    name: ClassVar[str]  # registry key: "coins"
    title: ClassVar[str]  # "The rotating coin table"
    summary: ClassVar[str]  # one sentence for `tutor puzzles`
    param_specs: ClassVar[tuple[ParamSpec, ...]] = ()
    answer_kinds: ClassVar[Mapping[str, str]] = {}  # kind -> what it is
    quantities: ClassVar[Mapping[str, str]] = {}  # name -> what it is
    commands: ClassVar[tuple[str, ...]] = ("solve", "check", "hint", "analyze")

    # -- parameters ---------------------------------------------------------

    def make_params(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Validate ``raw`` against ``param_specs``, fill defaults, and return a new dict.

        Unknown names and values of the wrong type or out of range raise
        ``InvalidParams`` naming the parameter.
        """
        specs = {s.name: s for s in self.param_specs}
        for key in raw:
            if key not in specs:
                known = ", ".join(sorted(specs)) or "none"
                raise InvalidParams(
                    f"unknown parameter {key!r} for puzzle {self.name!r} (known: {known})"
                )
        params: dict[str, Any] = {}
        for spec in self.param_specs:
            value = raw.get(spec.name, spec.default)
            params[spec.name] = coerce_param(self.name, spec, value)
        self.validate_params(params)
        return params

    def validate_params(self, params: dict[str, Any]) -> None:
        """Check relations between parameters; raise ``InvalidParams``. Default: none."""

    def random_param(self, name: str, spec: Mapping[str, Any], rng: random.Random,
                     fixed: Mapping[str, Any]) -> Any:
        """A random value for parameter ``name`` from a lesson's variant table such as
        ``{random = "lose", max = 30}`` (``fixed``: the lesson's other parameters);
        families with random boards or positions override this."""
        raise InvalidParams(f"puzzle {self.name!r} cannot draw a random value for parameter {name!r} "
                            "(use a list of choices or {min = ..., max = ...})")

    def solvable(self, params: Params) -> bool | None:
        """Whether the puzzle with these parameters has a solution (None: not applicable)."""
        return None

    # -- command line -------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        """Add the command-specific arguments (beyond the declared parameters)."""

    @abstractmethod
    def run(self, command: str, params: Params, args: argparse.Namespace) -> Report:
        """Carry out ``tutor COMMAND PUZZLE ...``; raise ``TutorError`` on bad input."""

    # -- answers (lessons, grading) ------------------------------------------

    @abstractmethod
    def check_answer(self, params: Params, kind: str, text: str) -> Verdict:
        """Judge a whole answer of ``kind`` exactly; raise ``InvalidNotation`` if unparsable."""

    def reference_answer(self, params: Params, kind: str) -> str | None:
        """A correct answer of ``kind``, computed by the engine, or None if there is none."""
        return None

    def normalize(self, params: Params, kind: str, text: str) -> str:
        """Rewrite an answer in canonical notation (for matching declared mistakes)."""
        return " ".join(text.split()).lower()

    def quantity(self, params: Params, name: str) -> Value:
        """Compute the named quantity from the parameters."""
        raise InvalidParams(f"puzzle {self.name!r} has no quantity {name!r}")

    def hints(self, params: Params, kind: str, text: str) -> list[str]:
        """The engine's hint ladder for a partial answer (nudge, concept, move)."""
        return []

    def completions(self, params: Params, kind: str, text: str) -> list[str]:
        """Words worth offering to tab completion while typing an answer of ``kind``."""
        return []

    # -- step-by-step play ----------------------------------------------------

    def new_game(self, params: Params, rng: random.Random) -> Any:
        """A fresh immutable game state (a random start drawn from ``rng`` if needed)."""
        raise InvalidParams(f"puzzle {self.name!r} has no step-by-step play")

    def play(self, params: Params, state: Any, text: str) -> Turn:
        """Apply the learner's move ``text`` and the opponent's reply."""
        raise InvalidParams(f"puzzle {self.name!r} has no step-by-step play")

    def render(self, params: Params, state: Any) -> str:
        """The game state as text (board, belief, piles) for ``/show``."""
        return ""

    def game_hints(self, params: Params, state: Any) -> list[str]:
        """The hint ladder for the current game state."""
        return []

    def game_solution(self, params: Params, state: Any) -> str | None:
        """Moves that win from the current game state (for /solution mid-game), or None."""
        return None


def coerce_param(puzzle: str, spec: ParamSpec, value: Any) -> Any:
    """Check one parameter value against its spec; convert numeric strings from flags."""
    where = f"parameter {spec.name!r} of puzzle {puzzle!r}"
    if spec.type is bool:
        if not isinstance(value, bool):
            raise InvalidParams(f"{where} must be true or false, not {value!r}")
    elif spec.type is int:
        if isinstance(value, str) and value.strip().lstrip("-").isdecimal() and value.isascii():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidParams(f"{where} must be a whole number, not {value!r}")
        if spec.minimum is not None and value < spec.minimum:
            raise InvalidParams(f"{where} must be at least {spec.minimum}, not {value!r}")
        if spec.maximum is not None and value > spec.maximum:
            raise InvalidParams(f"{where} must be at most {spec.maximum}, not {value!r}")
    elif spec.type is str and not isinstance(value, str):
        raise InvalidParams(f"{where} must be text, not {value!r}")
    if spec.choices is not None and value not in spec.choices:
        options = ", ".join(repr(c) for c in spec.choices)
        raise InvalidParams(f"{where} must be one of {options}, not {value!r}")
    return value


def read_text_argument(text: str | None, path: str | None, stdin_text: str | None = None) -> str:
    """Pick the answer from a positional argument, ``--file PATH`` or ``-`` (standard input).

    Raises ``InvalidNotation`` naming the path when the file cannot be read.
    """
    from tutor.errors import InvalidNotation

    if path is not None:
        try:
            with open(path, encoding="utf-8") as handle:
                return handle.read()
        except OSError as err:
            raise InvalidNotation(f"cannot read {path!r}: {err.strerror}") from None
    if text == "-":
        if stdin_text is None:
            import sys

            stdin_text = sys.stdin.read()
        return stdin_text
    if text is None:
        raise InvalidNotation("no answer given: pass it as an argument, with --file PATH, or - for stdin")
    return text


def sequence_text(items: Sequence[str], limit: int = 12) -> str:
    """Join items with spaces, eliding the middle of long sequences for display."""
    if len(items) <= limit:
        return " ".join(items)
    head = " ".join(items[: limit // 2])
    tail = " ".join(items[-(limit // 2) :])
    return f"{head} ... ({len(items) - limit} more) ... {tail}"

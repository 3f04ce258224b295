"""The conformance checks every puzzle family passes, built in or plug-in (OpenSpiel-style), without pytest.

Each family declares ``samples`` (parameters and question arguments); over them every
quantity must compute the same value twice and explain it, every answer kind must have a
reference answer the engine judges correct, every verdict's data must be JSON,
normalising must be idempotent, garbage must be refused or judged wrong, and random games
through ``legal_moves`` must end with a winner.  A check returns a note of what it covered
(``"9 of 9 quantities computed over 3 samples"``) and raises ``Nonconformance`` saying what
is wrong; ``run_all`` runs every check and turns any other exception into a failure too.
The test suite (tests/test_conformance.py) and ``python -m tutor.testing NAME`` run the same checks.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tutor.errors import InvalidParams, TutorError
from tutor.puzzles.base import Puzzle, Sample, Verdict
from tutor.puzzles.play import LEARNER, OPPONENT, Play
from tutor.screen.shown import text_of
from tutor.screen.text import plural

GAME_MOVES = 20_000  # a random game longer than this counts as not ending
GAMES = 6  # random games per sample
COMMANDS = {"solve", "check", "hint", "analyze"}  # the command names the command line knows


class Nonconformance(AssertionError):
    """A family does not do what the protocol asks (the message says what, and where)."""


class Skipped(Exception):
    """A check that does not apply to this family (no play, say)."""


def expect(condition: object, message: str) -> None:
    """Raise ``Nonconformance(message)`` unless ``condition`` holds (an ``assert`` that ``-O`` cannot remove)."""
    if not condition:
        raise Nonconformance(message)


def games(puzzle: Puzzle[Any]) -> list[tuple[Sample, Any]]:
    """Every sample with its loaded game."""
    expect(puzzle.samples, f"{puzzle.name} declares no samples")
    return [(sample, puzzle.load(sample.params)) for sample in puzzle.samples]


def check_metadata(puzzle: Puzzle[Any]) -> str:
    """A name, title and summary; at least one answer kind; every kind and quantity described."""
    expect(puzzle.name and puzzle.title and puzzle.summary, "a family needs a name, a title and a summary")
    expect(puzzle.kind_names(), "a puzzle must judge at least one kind of answer")
    for name in puzzle.kind_names():
        kind = puzzle.kind(name)
        expect(kind.name == name and kind.description, f"answer kind {name!r} needs its name and a description")
    for name, quantity in puzzle.quantities.items():
        expect(quantity.name == name and quantity.description, f"quantity {name!r} needs a description")
    extra = sorted(set(puzzle.commands) - COMMANDS)
    expect(not extra, f"commands {extra} are not among {sorted(COMMANDS)}")
    return (f"{plural(len(puzzle.kind_names()), 'answer kind')}, "
            f"{plural(len(puzzle.quantities), 'quantity', 'quantities')}, "
            f"{plural(len(puzzle.commands), 'command')}")


def check_parameters(puzzle: Puzzle[Any]) -> str:
    """The defaults load, the game keeps exactly its parameters, an unknown parameter is refused."""
    game = puzzle.load({})
    expect(set(puzzle.values(game)) == {o.name for o in puzzle.params},
           "values(game) must give exactly the declared parameters")
    expect(puzzle.load(puzzle.values(game)) == game, "loading a game's own values must give an equal game")
    try:
        puzzle.load({"no_such_thing": 1})
    except InvalidParams as err:
        expect("unknown parameter 'no_such_thing'" in str(err), f"an unknown parameter is refused unclearly: {err}")
    else:
        raise Nonconformance("an unknown parameter 'no_such_thing' was accepted")
    return f"{plural(len(puzzle.params), 'parameter')} with defaults"


def check_unknown_names(puzzle: Puzzle[Any]) -> str:
    """An unknown quantity or answer kind is a bug that fails loudly (``KeyError`` naming it)."""
    game = puzzle.load({})
    for call, what in ((lambda: puzzle.compute(game, "no_such_quantity"), "quantity 'no_such_quantity'"),
                       (lambda: puzzle.check(game, "no_such_kind", "x"), "answer kind 'no_such_kind'")):
        try:
            call()
        except KeyError as err:
            expect(f"no {what}" in str(err), f"an unknown {what} fails with an unclear KeyError: {err}")
        else:
            raise Nonconformance(f"an unknown {what} did not raise KeyError")
    return "unknown names refused"


def wrong_value(value: Any) -> Any:
    """A value surely different from ``value``: the next number, the other of yes/no, else None."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str) and value.lower() in ("yes", "no"):
        return "no" if value.lower() == "yes" else "yes"
    return None


def check_quantities(puzzle: Puzzle[Any]) -> str:
    """Every quantity computes for some sample, the same value twice, and explains it and refutes a wrong one."""
    computed: Counter[str] = Counter()
    for sample, game in games(puzzle):
        for name, quantity in puzzle.quantities.items():
            try:
                value = puzzle.compute(game, name, sample.args)
            except TutorError:
                continue  # this sample lacks what the quantity needs (a position, a board ...)
            where = f"quantity {name!r} on {dict(sample.params)}"
            expect(isinstance(value, int | str | bool), f"{where} gives {value!r}, not an int, str or bool")
            expect(puzzle.compute(game, name, sample.args) == value, f"{where} is not deterministic")
            args = quantity.arguments(sample.args)
            expect(str(quantity.explain(game, args, value)).strip(), f"{where}: explain says nothing")
            wrong = wrong_value(value)
            if wrong is not None:
                expect(str(quantity.refute(game, args, value, wrong)).strip(),
                       f"{where}: refute says nothing about the wrong answer {wrong!r}")
            computed[name] += 1
    missing = [n for n in puzzle.quantities if not computed[n]]
    expect(not missing, f"no sample computes {missing}")
    return f"{len(puzzle.quantities)} of {plural(len(puzzle.quantities), 'quantity', 'quantities')} computed " \
           f"over {plural(len(puzzle.samples), 'sample')}"


def check_verdict(verdict: Verdict, where: str) -> None:
    """A verdict is right or wrong with a summary, its data is JSON and its sizes are whole numbers."""
    expect(isinstance(verdict.correct, bool) and verdict.summary, f"{where}: a verdict needs correct and a summary")
    try:
        json.dumps(verdict.data)
    except (TypeError, ValueError) as err:
        raise Nonconformance(f"{where}: the verdict's data is not JSON ({err})") from None
    expect(verdict.length is None or isinstance(verdict.length, int), f"{where}: length is not a whole number")
    expect(verdict.shortest is None or isinstance(verdict.shortest, int), f"{where}: shortest is not a whole number")


def check_references(puzzle: Puzzle[Any]) -> str:
    """Every answer kind has, for some sample, a reference answer the engine judges correct, in canonical form
    too; normalising is idempotent."""
    judged: Counter[str] = Counter()
    for sample, game in games(puzzle):
        for name in puzzle.kind_names():
            kind = puzzle.kind(name)
            try:
                drawn = kind.reference(game, kind.arguments(sample.args))
            except TutorError:
                continue
            if drawn is None:
                continue
            reference, where = text_of(drawn), f"answer kind {name!r} on {dict(sample.params)}"
            verdict = puzzle.check(game, name, reference, sample.args)
            check_verdict(verdict, where)
            expect(verdict.correct, f"{where}: the reference {reference!r} is judged wrong: {verdict.summary}")
            once = kind.normalize(game, reference, sample.args)
            expect(kind.normalize(game, once, sample.args) == once, f"{where}: normalising {reference!r} twice "
                                                                    "changes it")
            expect(puzzle.check(game, name, once, sample.args).correct,
                   f"{where}: the canonical form {once!r} of the reference is judged wrong")
            judged[name] += 1
    missing = [n for n in puzzle.kind_names() if not judged[n]]
    expect(not missing, f"no sample has a reference answer for {missing}")
    return f"{len(puzzle.kind_names())} of {plural(len(puzzle.kind_names()), 'answer kind')} judged " \
           f"over {plural(len(puzzle.samples), 'sample')}"


GARBAGE = ("@@ not an answer @@", "", "9" * 40)


def check_garbage(puzzle: Puzzle[Any]) -> str:
    """Garbage answers are input errors with a message, or judged wrong."""
    tried = 0
    for sample, game in games(puzzle):
        for name in puzzle.kind_names():
            for garbage in GARBAGE:
                where = f"answer kind {name!r} on {garbage!r}"
                try:
                    verdict = puzzle.check(game, name, garbage, sample.args)
                except TutorError as err:
                    expect(str(err).strip(), f"{where}: an input error without a message")
                else:
                    check_verdict(verdict, where)
                    expect(not verdict.correct, f"{where}: garbage is judged correct")
                tried += 1
    return f"{plural(tried, 'garbage answer')} refused or judged wrong"


def random_game(play: Play[Any, Any, Any], game: Any, settings: Any, seed: int) -> tuple[str | None, int]:
    """Play random legal moves until the game ends (or the cap); the winner and the number of moves."""
    rng = random.Random(seed)
    state = play.start(game, play.arguments(settings), rng)
    for count in range(GAME_MOVES):
        if play.terminal(state):
            expect(isinstance(text_of(play.render(state)), str), "render must give text or a picture")
            return play.winner(state), count
        moves = list(play.legal_moves(state))
        expect(moves, "a game that is not over must offer a legal move")
        move = rng.choice(moves)
        text = play.format_move(state, move)
        expect(play.parse_move(state, text) == move, f"the move {text!r} does not read back as the same move")
        state = play.apply(state, move).state
    return None, GAME_MOVES


def check_random_games(puzzle: Puzzle[Any]) -> str:
    """Random games of legal moves end with a winner (samples with ``random_games=False`` are left out)."""
    play = puzzle.play
    if play is None:
        raise Skipped(f"{puzzle.name} has no step-by-step play")
    played = 0
    for sample, game in games(puzzle):
        if not sample.random_games:
            continue  # random play would take astronomically long (the sample says so)
        try:
            play.start(game, play.arguments(sample.args), random.Random(0))
        except TutorError:
            continue  # this sample is not playable (no position ...)
        for seed in range(GAMES):
            winner, moves = random_game(play, game, sample.args, seed)
            expect(winner in (LEARNER, OPPONENT), f"{dict(sample.params)}: no winner after {moves} random moves")
            played += 1
    expect(played, "no sample could be played at random")
    return f"{plural(played, 'random game')} ended with a winner"


Check = Callable[[Puzzle[Any]], str]
CHECKS: dict[str, Check] = {
    "metadata": check_metadata,
    "parameters": check_parameters,
    "unknown_names": check_unknown_names,
    "quantities": check_quantities,
    "references": check_references,
    "garbage": check_garbage,
    "random_games": check_random_games,
}


@dataclass(frozen=True)
class Outcome:
    """One check on one family: ``passed`` (None: skipped) and what it covered or what is wrong."""

    check: str
    passed: bool | None
    note: str

    def line(self) -> str:
        """``ok   quantities: 9 of 9 ...``, ``FAIL ...`` or ``skip ...``."""
        word = {True: "ok  ", False: "FAIL", None: "skip"}[self.passed]
        return f"{word} {self.check}: {self.note}"


def run_check(name: str, puzzle: Puzzle[Any]) -> Outcome:
    """One check; a plug-in's own exception is a failure naming it, never a traceback."""
    try:
        return Outcome(name, True, CHECKS[name](puzzle))
    except Skipped as why:
        return Outcome(name, None, str(why))
    except Nonconformance as err:
        return Outcome(name, False, str(err))
    except Exception as err:  # the family's code failed: that is what the suite is for
        return Outcome(name, False, f"{type(err).__name__}: {' '.join(str(err).split())[:300]}")


def run_all(puzzle: Puzzle[Any]) -> list[Outcome]:
    """Every check on ``puzzle``, in order."""
    return [run_check(name, puzzle) for name in CHECKS]

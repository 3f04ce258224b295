"""One conformance suite over every registered puzzle family (OpenSpiel-style), the Nim plug-in included.

Each family declares ``samples`` (parameters and question arguments); over them
every quantity must compute, every answer kind must have a reference answer the
engine judges correct, every verdict's data must be JSON, normalising must be
idempotent, and random games through ``legal_moves`` must end with a winner.
Coverage is asserted at 100% and printed (``pytest -s``).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

from tutor import puzzles
from tutor.cli import main
from tutor.errors import InvalidParams, TutorError
from tutor.puzzles.base import Puzzle, Sample, Verdict
from tutor.puzzles.play import LEARNER, OPPONENT, Play
from tutor.shown import text_of

NAMES = puzzles.names()
GAME_MOVES = 20_000  # a random game longer than this counts as not ending
GAMES = 6  # random games per sample


@pytest.fixture(scope="module", params=["nim", *NAMES])
def puzzle(request: pytest.FixtureRequest, nim_installed: None) -> Puzzle[Any]:
    return puzzles.get(request.param)


@pytest.fixture(scope="module")
def nim_installed() -> None:
    """The example plug-in, importable in-process (the instructors' tests install it with pip)."""
    from pathlib import Path

    source = str(Path(__file__).parent / "plugins" / "nim")
    if source not in sys.path:
        sys.path.insert(0, source)
    if "nim" not in puzzles.names():
        puzzles.register("nim", "tutor_nim:Nim")


def games(puzzle: Puzzle[Any]) -> list[tuple[Sample, Any]]:
    """Every sample with its loaded game."""
    assert puzzle.samples, f"{puzzle.name} declares no samples"
    return [(sample, puzzle.load(sample.params)) for sample in puzzle.samples]


def test_registry_knows_the_four_families() -> None:
    assert {"coins", "wythoff", "gods", "lightsout"} <= set(NAMES)
    with pytest.raises(InvalidParams, match="unknown puzzle 'chess'"):
        puzzles.get("chess")


def test_built_in_families_are_the_entry_points_inside_tutor_puzzles_in_course_order() -> None:
    from importlib.metadata import entry_points

    found = {ep.name for ep in entry_points(group=puzzles.ENTRY_POINT_GROUP) if puzzles.builtin(ep.value)}
    assert found and set(puzzles.builtin_names()) == found
    orders = [puzzles.get(name).order for name in puzzles.builtin_names()]
    assert orders == sorted(set(orders)) and orders[0] >= 1, orders  # each built-in has a place of its own
    assert puzzles.names()[: len(found)] == puzzles.builtin_names()  # built-ins first, then the others by name


def test_metadata(puzzle: Puzzle[Any]) -> None:
    assert puzzle.name and puzzle.title and puzzle.summary
    assert puzzle.kind_names(), "a puzzle must judge at least one kind of answer"
    for name in puzzle.kind_names():
        assert puzzle.kind(name).name == name and puzzle.kind(name).description
    for name, quantity in puzzle.quantities.items():
        assert quantity.name == name and quantity.description
    assert set(puzzle.commands) <= {"solve", "check", "hint", "analyze"}


def test_default_params_load_and_unknown_ones_are_refused(puzzle: Puzzle[Any]) -> None:
    game = puzzle.load({})
    assert set(puzzle.values(game)) == {o.name for o in puzzle.params}
    assert puzzle.load(puzzle.values(game)) == game  # the game keeps exactly its parameters
    with pytest.raises(InvalidParams, match="unknown parameter 'no_such_thing'"):
        puzzle.load({"no_such_thing": 1})


def test_unknown_kind_or_quantity_is_a_bug_that_fails_loudly(puzzle: Puzzle[Any]) -> None:
    game = puzzle.load({})
    with pytest.raises(KeyError, match="no quantity 'no_such_quantity'"):
        puzzle.compute(game, "no_such_quantity")
    with pytest.raises(KeyError, match="no answer kind 'no_such_kind'"):
        puzzle.check(game, "no_such_kind", "x")


def test_every_quantity_computes_for_some_sample(puzzle: Puzzle[Any]) -> None:
    computed: Counter[str] = Counter()
    for sample, game in games(puzzle):
        for name in puzzle.quantities:
            try:
                value = puzzle.compute(game, name, sample.args)
            except TutorError:
                continue  # this sample lacks what the quantity needs (a position, a board ...)
            assert isinstance(value, int | str | bool), (name, value)
            assert puzzle.compute(game, name, sample.args) == value  # deterministic
            computed[name] += 1
    missing = [n for n in puzzle.quantities if not computed[n]]
    print(f"\n{puzzle.name}: {len(puzzle.quantities) - len(missing)} of {len(puzzle.quantities)} quantities "
          f"computed over {len(puzzle.samples)} samples")
    assert not missing, f"{puzzle.name}: no sample computes {missing}"


def check_verdict(verdict: Verdict) -> None:
    assert isinstance(verdict.correct, bool) and verdict.summary
    json.dumps(verdict.data)  # every verdict's data is JSON
    assert verdict.length is None or isinstance(verdict.length, int)
    assert verdict.shortest is None or isinstance(verdict.shortest, int)


def test_every_answer_kind_has_a_correct_reference_for_some_sample(puzzle: Puzzle[Any]) -> None:
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
            reference = text_of(drawn)
            verdict = puzzle.check(game, name, reference, sample.args)
            check_verdict(verdict)
            assert verdict.correct, f"{puzzle.name} {name} {sample}: {reference!r} -> {verdict.summary}"
            once = kind.normalize(game, reference, sample.args)
            assert kind.normalize(game, once, sample.args) == once, (name, reference)
            assert puzzle.check(game, name, once, sample.args).correct  # the canonical form means the same
            judged[name] += 1
    missing = [n for n in puzzle.kind_names() if not judged[n]]
    print(f"\n{puzzle.name}: {len(puzzle.kind_names()) - len(missing)} of {len(puzzle.kind_names())} answer "
          f"kinds judged over {len(puzzle.samples)} samples")
    assert not missing, f"{puzzle.name}: no sample has a reference answer for {missing}"


def test_garbage_answers_are_input_errors_or_wrong(puzzle: Puzzle[Any]) -> None:
    for sample, game in games(puzzle):
        for name in puzzle.kind_names():
            for garbage in ("@@ not an answer @@", "", "9" * 40):
                try:
                    verdict = puzzle.check(game, name, garbage, sample.args)
                except TutorError as err:
                    assert str(err).strip(), (name, garbage)
                else:
                    check_verdict(verdict)
                    assert not verdict.correct, (name, garbage)


def random_game(play: Play[Any, Any, Any], game: Any, settings: Any, seed: int) -> tuple[str | None, int]:
    """Play random legal moves until the game ends (or the cap); the winner and the number of moves."""
    rng = random.Random(seed)
    state = play.start(game, play.arguments(settings), rng)
    for count in range(GAME_MOVES):
        if play.terminal(state):
            assert isinstance(text_of(play.render(state)), str)
            return play.winner(state), count
        moves = list(play.legal_moves(state))
        assert moves, "a game that is not over must offer a legal move"
        move = rng.choice(moves)
        text = play.format_move(state, move)
        assert play.parse_move(state, text) == move  # the move notation round-trips
        state = play.apply(state, move).state
    return None, GAME_MOVES


def test_random_games_end_with_a_winner(puzzle: Puzzle[Any]) -> None:
    play = puzzle.play
    if play is None:
        pytest.skip(f"{puzzle.name} has no step-by-step play")
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
            assert winner in (LEARNER, OPPONENT), f"{puzzle.name} {sample}: no winner after {moves} moves"
            played += 1
    print(f"\n{puzzle.name}: {played} random games ended with a winner")
    assert played


@pytest.mark.parametrize("command", ["solve", "check", "hint", "analyze"])
def test_every_command_has_help(puzzle: Puzzle[Any], command: str) -> None:
    if puzzle.name not in NAMES:
        pytest.skip("plug-in commands are tested where the plug-in is pip-installed")
    if command not in puzzle.commands:
        pytest.skip(f"{puzzle.name} has no {command}")
    run = subprocess.run([sys.executable, "-m", "tutor", command, puzzle.name, "--help"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "--json" in run.stdout


def test_unknown_flag_is_one_line(puzzle: Puzzle[Any]) -> None:
    if puzzle.name not in NAMES:
        pytest.skip("plug-in commands are tested where the plug-in is pip-installed")
    run = subprocess.run([sys.executable, "-m", "tutor", "solve", puzzle.name, "--frobnicate"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1 and "--frobnicate" in run.stderr


def test_a_flag_appears_only_on_the_commands_that_use_it(puzzle: Puzzle[Any], capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    if puzzle.name not in NAMES:
        pytest.skip("plug-in commands are tested where the plug-in is pip-installed")
    refused = 0
    for command in puzzle.commands:
        own = {o.name for o in puzzle.commands[command].options}
        for other in puzzle.commands:
            for option in puzzle.commands[other].options:
                if option.name in own or option.positional:
                    continue
                value = [] if option.type is bool else ["1"]
                assert main([command, puzzle.name, option.flag, *value]) == 2, (command, option.flag)
                err = capsys.readouterr().err
                assert "unrecognized arguments" in err and len(err.strip().splitlines()) == 1
                refused += 1
    print(f"\n{puzzle.name}: {refused} flags refused on commands that do not use them")


def test_puzzles_command_lists_them() -> None:
    run = subprocess.run([sys.executable, "-m", "tutor", "puzzles"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0
    for name in NAMES:
        assert name in run.stdout

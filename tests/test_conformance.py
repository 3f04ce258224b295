"""One conformance suite over every registered puzzle family (OpenSpiel-style), the Nim plug-in included.

The checks live in ``tutor.testing`` (so ``python -m tutor.testing NAME`` runs them on an installed plug-in
without pytest); each is a test here for every family.  Over each family's ``samples`` every quantity must
compute and explain itself, every answer kind must have a reference answer the engine judges correct, every
verdict's data must be JSON, normalising must be idempotent, and random games through ``legal_moves`` must end
with a winner.  What each check covered is printed (``pytest -s``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from helpers import run_tutor

from tutor import puzzles
from tutor.cli import main
from tutor.errors import InvalidParams
from tutor.puzzles.base import Puzzle
from tutor.testing import CHECKS, run_check

NAMES = puzzles.names()


@pytest.fixture(scope="module", params=["nim", *NAMES])
def puzzle(request: pytest.FixtureRequest, nim_installed: None) -> Puzzle[Any]:
    return puzzles.get(request.param)


@pytest.fixture(scope="module")
def nim_installed() -> Iterator[None]:
    """The example plug-in, importable in-process (the instructors' tests install it with pip)."""
    from pathlib import Path

    source = str(Path(__file__).parent / "plugins" / "nim")
    if source not in sys.path:
        sys.path.insert(0, source)
    puzzles.register("nim", "tutor_nim:Nim")
    yield
    puzzles.unregister("nim")  # other tests in this worker see the installed families alone


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


@pytest.mark.parametrize("check", list(CHECKS))
def test_conformance(puzzle: Puzzle[Any], check: str) -> None:
    outcome = run_check(check, puzzle)
    print(f"\n{puzzle.name}: {outcome.line()}")
    if outcome.passed is None:
        pytest.skip(outcome.note)
    assert outcome.passed, f"{puzzle.name}: {outcome.note}"


@pytest.mark.parametrize("command", ["solve", "check", "hint", "analyze"])
def test_every_command_has_help(puzzle: Puzzle[Any], command: str) -> None:
    if puzzle.name not in NAMES:
        pytest.skip("plug-in commands are tested where the plug-in is pip-installed")
    if command not in puzzle.commands:
        pytest.skip(f"{puzzle.name} has no {command}")
    run = run_tutor(command, puzzle.name, "--help")
    assert run.returncode == 0 and "--json" in run.stdout


def test_unknown_flag_is_one_line(puzzle: Puzzle[Any]) -> None:
    if puzzle.name not in NAMES:
        pytest.skip("plug-in commands are tested where the plug-in is pip-installed")
    run = run_tutor("solve", puzzle.name, "--frobnicate")
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
    run = run_tutor("puzzles")
    assert run.returncode == 0
    for name in NAMES:
        assert name in run.stdout

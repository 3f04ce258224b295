"""One conformance test over every registered puzzle family (OpenSpiel-style)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tutor import puzzles
from tutor.errors import InvalidParams, TutorError
from tutor.puzzles.base import Puzzle

NAMES = puzzles.names()


@pytest.fixture(params=NAMES)
def puzzle(request) -> Puzzle:
    return puzzles.get(request.param)


def test_registry_knows_the_four_families():
    assert {"coins", "wythoff", "gods", "lightsout"} <= set(NAMES)
    with pytest.raises(InvalidParams, match="unknown puzzle 'chess'"):
        puzzles.get("chess")


def test_metadata(puzzle):
    assert puzzle.name in NAMES and puzzle.title and puzzle.summary
    assert puzzle.answer_kinds, "a puzzle must judge at least one kind of answer"
    assert all(isinstance(k, str) and d for k, d in puzzle.answer_kinds.items())
    assert all(isinstance(q, str) and d for q, d in puzzle.quantities.items())


def test_default_params_validate_and_unknown_ones_are_refused(puzzle):
    params = puzzle.make_params({})
    assert set(params) == {s.name for s in puzzle.param_specs}
    with pytest.raises(InvalidParams, match="unknown parameter 'no_such_thing'"):
        puzzle.make_params({"no_such_thing": 1})


def test_quantities_compute_for_default_params(puzzle):
    params = puzzle.make_params({})
    for name in puzzle.quantities:
        try:
            value = puzzle.quantity(params, name)
        except TutorError:
            continue  # some quantities need parameters the defaults do not set
        assert isinstance(value, int | str | bool)
    with pytest.raises(TutorError):
        puzzle.quantity(params, "no_such_quantity")


def test_reference_answers_are_judged_correct(puzzle):
    params = puzzle.make_params({})
    checked = 0
    for kind in puzzle.answer_kinds:
        if kind == "play":
            continue
        try:
            reference = puzzle.reference_answer(params, kind)
        except TutorError:
            continue
        if reference is None:
            continue
        verdict = puzzle.check_answer(params, kind, reference)
        assert verdict.correct, f"{puzzle.name} {kind}: {reference!r} -> {verdict.summary}"
        assert verdict.summary
        checked += 1
    assert checked, f"{puzzle.name}: no answer kind has a reference answer for the default parameters"


def test_unparsable_answer_is_a_narrow_error(puzzle):
    params = puzzle.make_params({})
    for kind in puzzle.answer_kinds:
        if kind == "play":
            continue
        try:
            verdict = puzzle.check_answer(params, kind, "@@ not an answer @@")
        except TutorError as err:
            assert isinstance(err, ValueError) and str(err)
        else:
            assert not verdict.correct


@pytest.mark.parametrize("command", ["solve", "check", "hint", "analyze"])
def test_every_command_has_help(puzzle, command):
    if command not in puzzle.commands:
        pytest.skip(f"{puzzle.name} has no {command}")
    run = subprocess.run([sys.executable, "-m", "tutor", command, puzzle.name, "--help"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and "--json" in run.stdout


def test_unknown_flag_is_one_line(puzzle):
    run = subprocess.run([sys.executable, "-m", "tutor", "solve", puzzle.name, "--frobnicate"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1 and "--frobnicate" in run.stderr


def test_puzzles_command_lists_them():
    run = subprocess.run([sys.executable, "-m", "tutor", "puzzles"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0
    for name in NAMES:
        assert name in run.stdout

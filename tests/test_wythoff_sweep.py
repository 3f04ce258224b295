"""One computation, one text: a sweep over Wythoff variants (a = 1, 2, 3; normal and misère) and positions.

For every position with piles up to SIDE, the ``solve`` report (text and JSON),
the quantities' explanations and the outcome verdicts must agree with each
other and with a second, independent computation: a brute-force search that
uses only the plain rules (no formula, no table, no engine).
"""

from __future__ import annotations

import re
from functools import cache

import pytest

from tutor import puzzles
from tutor.puzzles.wythoff.cli import analyze, solve
from tutor.puzzles.wythoff.engine import p_position
from tutor.puzzles.wythoff.rules import Rules, WythoffGame
from tutor.puzzles.wythoff.teach.decision import LINE_SHOWN
from tutor.puzzles.wythoff.teach.quantities import QUANTITIES

SIDE = 9
VARIANTS = [(a, misere) for a in (1, 2, 3) for misere in (False, True)]
W = puzzles.get("wythoff")


def plain_moves(a: int, x: int, y: int) -> list[tuple[int, int]]:
    """Every move by the rules as lesson 5 states them: any amount from one pile, or from both differing by < a."""
    moves = [(f, 0) for f in range(1, x + 1)] + [(0, s) for s in range(1, y + 1)]
    return moves + [(f, s) for f in range(1, x + 1) for s in range(1, y + 1) if abs(f - s) < a]


@cache
def brute(a: int, misere: bool, x: int, y: int) -> tuple[str, int]:
    """(outcome, remoteness) by search: win by the fastest move to a loss, lose as slowly as possible."""
    if (x, y) == (0, 0):
        return ("win" if misere else "lose"), 0  # misère: the opponent took the last penny
    results = [brute(a, misere, x - f, y - s) for f, s in plain_moves(a, x, y)]
    losing = [r for outcome, r in results if outcome == "lose"]
    if losing:
        return "win", 1 + min(losing)
    return "lose", 1 + max(r for _, r in results)


def positions():
    for a, misere in VARIANTS:
        for x in range(SIDE + 1):
            for y in range(SIDE + 1):
                yield a, misere, x, y


@pytest.mark.parametrize(("a", "misere"), VARIANTS)
def test_solve_text_json_and_brute_force_agree(a, misere):
    for x in range(SIDE + 1):
        for y in range(SIDE + 1):
            game = WythoffGame(f"{x},{y}", misere, a)
            outcome, far = brute(a, misere, x, y)
            report = solve(game, None)  # type: ignore[arg-type]
            data, text = report.data, report.text
            where = (a, misere, x, y, text)
            assert (data["outcome"], data["remoteness"]) == (outcome, far), where
            wins = sorted(tuple(m) for m in data["winning_moves"])
            assert wins == sorted(m for m in plain_moves(a, x, y)
                                  if brute(a, misere, x - m[0], y - m[1])[0] == "lose"), where
            first = text.splitlines()[0]
            if misere and (x, y) == (0, 0):
                assert "already won" in first and far == 0
                continue
            assert ("wins for the player to move" in first) == (outcome == "win"), where
            assert ("loses for the player to move" in first) == (outcome == "lose"), where
            stated = [int(n) for n in re.findall(r"(\d+) moves?\b", text)]
            assert stated == ([far] if (x, y) != (0, 0) else []), where
            listed = sorted((int(f), int(s)) for f, s in re.findall(r"^  (\d+),(\d+):", text, re.MULTILINE))
            assert listed == wins, where


@pytest.mark.parametrize(("a", "misere"), VARIANTS)
def test_explanations_agree_with_their_values(a, misere):
    for x in range(SIDE + 1):
        for y in range(SIDE + 1):
            game = WythoffGame(f"{x},{y}", misere, a)
            outcome, far = brute(a, misere, x, y)
            said = QUANTITIES["outcome"].explain(game, {}, QUANTITIES["outcome"](game))
            assert QUANTITIES["outcome"](game) == outcome
            if not (misere and (x, y) == (0, 0)):
                assert ("wins for the player to move" in said) == (outcome == "win"), said
                assert ("loses for the player to move" in said) == (outcome == "lose"), said
            value = QUANTITIES["remoteness"](game)
            explained = QUANTITIES["remoteness"].explain(game, {}, value)
            assert value == far
            if (x, y) != (0, 0):
                assert explained.endswith(f"{far} move{'s' if far != 1 else ''} in all."), explained
                replay(a, misere, (x, y), explained, far)
            for wrong in ("win", "lose"):
                verdict = W.check(game, "outcome", wrong)
                assert verdict.correct == (wrong == outcome)
                assert ("is not a win" in verdict.summary) == (wrong == "win" != outcome), verdict.summary


def replay(a: int, misere: bool, start: tuple[int, int], explained: str, far: int) -> None:
    """The line in an explanation, replayed with the plain rules: every move legal, the positions as stated,
    the winner always moving to a losing position, and the line as long as the game when it is shown whole."""
    steps = re.findall(r"(\d+),(\d+) to \((\d+), (\d+)\)", explained)
    assert len(steps) == min(far, LINE_SHOWN)
    x, y = start
    for f, s, nx, ny in steps:
        f, s = int(f), int(s)
        assert (f, s) in plain_moves(a, x, y)
        x, y = x - f, y - s
        assert (x, y) == (int(nx), int(ny))
    if far <= LINE_SHOWN:
        assert (x, y) == (0, 0)


@pytest.mark.parametrize(("a", "misere"), VARIANTS)
def test_the_proof_states_the_length_the_search_finds(a, misere):
    game = WythoffGame("", misere, a)
    report = analyze(game, _NoOptions())  # type: ignore[arg-type]
    length = next(s["text"] for s in report.data["analysis"] if s["title"] == "How long the game lasts")
    plus = " + 1" if misere else ""
    assert f"lasts exactly 2k{plus} moves" in length
    for k in range(3):
        x, y = p_position(Rules(a, misere), k)
        if x <= SIDE and y <= SIDE:
            assert brute(a, misere, x, y) == ("lose", 2 * k + (1 if misere else 0))


class _NoOptions(dict):
    """``analyze`` with no option given: the proof."""

    given: frozenset[str] = frozenset()

    def __getitem__(self, key):
        return None if key in ("upto", "table") else False

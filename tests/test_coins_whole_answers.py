"""Issue 20, whole coin strategies: a failed strategy says how its length compares with the shortest (where the step
compares), which block of doubled moves leaves the doubling pattern, and lays out every move the Devil turns before,
eliding only moves without a turn."""

from __future__ import annotations

import re
from itertools import pairwise

from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, format_strategy, parse_strategy
from tutor.puzzles.coins.teach.verdicts import verdict
from tutor.puzzles.coins.theory import decide
from tutor.screen.shown import text_of

FOUR = ["0123", "02", "0123", "01", "0123", "02", "0123", "0", "0123", "02", "0123", "01", "0123", "02", "0123"]
DOUBLED = {"0123": "01234567", "02": "0246", "01": "0145", "0": "04"}
D = " ".join(DOUBLED[m] for m in FOUR)


def test_a_short_block_is_named_with_the_length_of_d() -> None:
    short = " ".join(DOUBLED[m] for m in FOUR[:7])
    line = " ".join([D, "0123", D, "02", short, "0123", D])
    v = verdict(CoinGame(8), parse_strategy(line, 8, 2))
    detail = text_of(v.detail)
    assert not v.correct
    assert "your block of doubled moves after half move 2 has 7 moves" in detail and "of 15 moves" in detail
    assert "Your strategy has 55 moves; no sure win has fewer than 255" in detail
    assert "Your strategy has" not in text_of(verdict(CoinGame(8), parse_strategy(line, 8, 2), False).detail)


def test_every_turn_of_a_long_counterexample_is_shown() -> None:
    game = CoinGame(8)
    strategy = list(decide(game.model).strategy or [])
    strategy[100] = parse_strategy("02", 8, 2)[0]  # a doubled move made a half move: the Devil turns to win
    v = verdict(game, strategy)
    assert not v.correct
    ce = engine.verify(game.model, strategy).counterexample
    assert ce is not None and any(ce.turns)
    detail = text_of(v.detail)
    rows = {int(n) for n in re.findall(r"move\s+(\d+):", detail)}
    assert {i + 1 for i, t in enumerate(ce.turns) if t} <= rows  # every turn is on screen
    for gap in re.finditer(r"\.\.\. (\d+) moves? without a turn \.\.\.", detail):
        assert int(gap.group(1)) > 0
    shown = sorted(rows)
    for a, b in pairwise(shown):  # what is elided between two rows has no turn
        assert not any(ce.turns[a:b - 1])
    assert format_strategy(strategy, 2).count(" ") == 254

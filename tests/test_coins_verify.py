"""Exact verification against the plain rules: verdicts, "won by", and counterexample replays.

Strategies come from hypothesis (random ones, and shortest winning ones with a
few edits, so both verdicts are common) over every small table: N <= 4,
K = 2 or 3, rotations or rotations and reflections, goal all heads or all
alike.  Every counterexample is replayed move by move by ``Rules.replay``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_coins_rules import FIFTEEN, Move, Rules, flips, moves_of

from tutor.puzzles.coins import CoinTable, engine
from tutor.puzzles.coins.rules import CoinGame, Model, model
from tutor.puzzles.coins.teach.verdicts import verdict
from tutor.puzzles.coins.theory import decide
from tutor.screen.shown import text_of

Key = tuple[int, int, bool, str]
CONFIGS: list[Key] = [(n, k, d, g) for n in range(1, 5) for k in (2, 3) for d in (False, True)
                      for g in ("heads", "same")]
PUZZLE = CoinTable()


def game_of(m: Model) -> CoinGame:
    """The game object of an engine model."""
    return PUZZLE.load({"coins": m.n, "sides": m.k, "symmetry": "dihedral" if m.dihedral else "rotation",
                        "goal": m.goal})


@st.composite
def cases(draw: Any) -> tuple[Key, list[Move]]:
    """A table and a strategy: random, or a shortest win with up to two edits."""
    key = draw(st.sampled_from(CONFIGS))
    n, k = key[0], key[1]
    move = st.tuples(*[st.integers(0, k - 1)] * n)
    shortest = decide(model(*key)).strategy
    if shortest and draw(st.booleans()):
        strategy = list(shortest)
        for _ in range(draw(st.integers(0, 2))):
            if not strategy:
                break
            i = draw(st.integers(0, len(strategy) - 1))
            kind = draw(st.sampled_from(["drop", "change", "insert"]))
            if kind == "drop":
                del strategy[i]
            elif kind == "change":
                strategy[i] = draw(move)
            else:
                strategy.insert(i, draw(move))
    else:
        strategy = draw(st.lists(move, max_size=20))
    return key, strategy


def check_against_rules(m: Model, rules: Rules, strategy: list[Move]) -> bool:
    """verify() and the plain rules agree; a loss replays exactly.  Returns the verdict."""
    result = engine.verify(m, strategy)
    assert result.length == len(strategy)
    assert result.wins == rules.wins(strategy)
    assert result.won_by == rules.won_by(strategy)
    if result.wins:
        assert result.counterexample is None
        return True
    ce = result.counterexample
    assert ce is not None and len(ce.turns) == len(ce.tables) == len(strategy)
    # the engine's own counterexample, replayed by the plain rules
    tables = rules.replay(rules.read(m.show(ce.start)), [m.turn_label(t) for t in ce.turns], strategy)
    assert [rules.show(t) for t in tables] == [m.show(t) for t in ce.tables]
    # and the JSON form a learner sees, replayed from its strings alone
    data = verdict(game_of(m), strategy).data
    assert data["correct"] is False
    example = data["counterexample"]
    assert set(example) == {"start", "rotations", "final"}
    start = rules.read(example["start"])
    replayed = rules.replay(start, example["rotations"], strategy)
    final = replayed[-1] if replayed else start
    assert rules.show(final) == example["final"]
    assert not rules.is_goal(final)
    return False


@settings(max_examples=150)
@given(cases())
def test_verify_agrees_with_the_plain_rules(case: tuple[Key, list[Move]]) -> None:
    key, strategy = case
    check_against_rules(model(*key), Rules(*key), strategy)


@settings(max_examples=60)
@given(st.sampled_from([key for key in CONFIGS if decide(model(*key)).strategy]), st.data())
def test_a_win_with_one_move_removed_or_changed_is_rejected_unless_it_still_wins(key: Key, data: Any) -> None:
    m, rules = model(*key), Rules(*key)
    strategy = list(decide(m).strategy or [])
    if not strategy:
        return  # nothing to edit: the game is over before it starts
    i = data.draw(st.integers(0, len(strategy) - 1))
    edited = list(strategy)
    if data.draw(st.booleans()):
        del edited[i]
    else:
        edited[i] = data.draw(st.tuples(*[st.integers(0, key[1] - 1)] * key[0]))
    wins = check_against_rules(m, rules, edited)
    if len(edited) < len(strategy):
        assert not wins  # shorter than the shortest cannot win


def test_fifteen_move_strategy_with_each_move_removed_or_changed() -> None:
    m, rules = model(4), Rules(4)
    strategy = moves_of(FIFTEEN, 4)
    still_wins = []
    for i in range(len(strategy)):
        assert not check_against_rules(m, rules, strategy[:i] + strategy[i + 1:])
        for other in rules.moves():
            if other != strategy[i]:
                edited = [*strategy[:i], other, *strategy[i + 1:]]
                if check_against_rules(m, rules, edited):
                    still_wins.append((i, other))
    # a turned copy of a move changes nothing the blindfolded player controls: 02 -> 13
    assert (1, flips(4, 1, 3)) in still_wins
    # the middle move only has to flip an odd number of coins (it moves every odd table to an even one)
    assert {other for i, other in still_wins if i == 7} == {m for m in rules.moves() if sum(m) % 2} - {strategy[7]}


@pytest.mark.parametrize("key", [(4, 2, False, "heads"), (4, 3, True, "same"), (3, 2, False, "heads")])
def test_empty_strategy_loses_from_any_start(key: Key) -> None:
    m = model(*key)
    result = engine.verify(m, [])
    assert not result.wins and result.counterexample is not None
    assert result.counterexample.turns == () and result.counterexample.final == result.counterexample.start
    assert not m.is_goal(result.counterexample.start)


def test_verdict_texts_for_win_and_loss() -> None:
    m = model(4)
    win = verdict(game_of(m), moves_of(FIFTEEN, 4))
    assert win.correct and "15 moves" in win.summary and "shortest" in win.summary and win.detail == ""
    assert win.canonical == FIFTEEN
    longer = verdict(game_of(m), [*moves_of(FIFTEEN, 4), (1, 0, 0, 0)])
    assert longer.correct and "1 more than the shortest (15)" in longer.summary
    assert "already over after move 15" in longer.summary
    loss = verdict(game_of(m), moves_of("0123 02 0123 01", 4))
    assert not loss.correct and "\n" not in loss.summary
    lines = text_of(loss.detail).splitlines()
    start = loss.data["counterexample"]["start"]
    assert lines[0].startswith("Your strategy has 4 moves; no sure win has fewer than 15")  # issue 20: length first
    assert lines[1].startswith(f"Start: {start}") and loss.data["counterexample"]["final"] in lines[-1]
    assert len(lines) == 1 + 4 + 2


def test_long_counterexample_layout_is_elided() -> None:
    m = model(8)
    strategy = list(decide(m).strategy or [])[:-1]
    loss = verdict(game_of(m), strategy)
    assert not loss.correct
    assert not check_against_rules(m, Rules(8), strategy)  # a 254-move counterexample replays
    lines = text_of(loss.detail).splitlines()
    assert any("moves without a turn ..." in line for line in lines) and len(lines) < 40  # issue 20: turns shown


@pytest.mark.parametrize(("key", "strategy"), [
    ((2, 3, False, "heads"), [(1, 0)]),  # found by hypothesis: the walk-back once subtracted an unturned move
    ((3, 3, False, "heads"), [(0, 0, 0)]),
    ((4, 2, False, "heads"), moves_of("0123 02 0123 01 0123 02 0123 0 0123 02 0123 01 0123 02", 4)),
])
def test_counterexample_regressions(key: Key, strategy: list[Move]) -> None:
    assert not check_against_rules(model(*key), Rules(*key), strategy)

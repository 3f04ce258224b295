"""Wythoff engine: known answers, formula vs exhaustive table vs brute force, play, properties."""

from __future__ import annotations

import random
from functools import cache, reduce
from operator import xor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import IllegalMove, InvalidNotation
from tutor.puzzles import get
from tutor.puzzles.play import LEARNER, OPPONENT
from tutor.puzzles.wythoff.engine import (
    delaying_move,
    is_losing,
    p_index,
    p_position,
    p_positions,
    p_positions_upto,
    remoteness,
    winning_moves,
)
from tutor.puzzles.wythoff.engine.table import grundy_table, table_p_positions
from tutor.puzzles.wythoff.rules import (
    Rules,
    check_move,
    format_move,
    format_position,
    legal_moves,
    move_count,
    parse_move,
    parse_position,
)

# The first twenty losing positions, as listed in the seed.
SEED_TWENTY = [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15), (11, 18), (12, 20), (14, 23),
               (16, 26), (17, 28), (19, 31), (21, 34), (22, 36), (24, 39), (25, 41), (27, 44), (29, 47),
               (30, 49)]
VARIANTS = [Rules(a, m) for a in (1, 2, 3, 5) for m in (False, True)]
WYTHOFF = get("wythoff")
PLAY = WYTHOFF.play
assert PLAY is not None


def brute_moves(rules: Rules, x: int, y: int) -> list[tuple[int, int]]:
    """Every move straight from the rules, written independently of the engine."""
    moves = [(f, 0) for f in range(1, x + 1)] + [(0, s) for s in range(1, y + 1)]
    moves += [(f, s) for f in range(1, x + 1) for s in range(1, y + 1) if abs(f - s) < rules.a]
    return moves


def brute(rules: Rules):  # type: ignore[no-untyped-def]
    """(mover wins, remoteness) by plain recursion over all moves."""

    @cache
    def value(x: int, y: int) -> tuple[bool, int]:
        children = [value(x - f, y - s) for f, s in brute_moves(rules, x, y)]
        if not children:
            return (rules.misere, 0)
        wins = [r for w, r in children if not w]
        if wins:
            return (True, 1 + min(wins))
        return (False, 1 + max(r for _, r in children))

    return value


def test_seed_first_twenty() -> None:
    assert p_positions(Rules(), 20) == SEED_TWENTY
    assert table_p_positions(Rules(), 49) == SEED_TWENTY


def test_seed_twenty_to_thirty() -> None:
    game = WYTHOFF.load({})
    args = {"min_total": 20, "max_total": 30}
    assert WYTHOFF.compute(game, "losing_splits", args) == "(8, 13), (9, 15), (11, 18)"
    assert WYTHOFF.compute(game, "losing_totals", args) == "21, 24, 29"
    assert WYTHOFF.check(game, "p_positions", "(13,8) (9,15) and (11, 18)", args).correct
    assert not WYTHOFF.check(game, "p_positions", "(8,13) (9,15)", args).correct


def test_a_range_with_no_losing_split_is_answered_none() -> None:
    # a review draws min_total = max_total = 30: no split of 30 pennies loses (checked split by split on the
    # brute-force game), so the list is empty, and its answer is the word a learner can type
    game, args = WYTHOFF.load({}), {"min_total": 30, "max_total": 30}
    value = brute(Rules())
    assert all(value(a, 30 - a)[0] for a in range(31))
    for kind in ("p_positions", "losing_totals"):
        assert WYTHOFF.kind(kind).reference(game, args) == "none"
        for said in ("none", "None.", "nothing"):
            assert WYTHOFF.check(game, kind, said, args).correct, (kind, said)
    assert not WYTHOFF.check(game, "p_positions", "(12, 18)", args).correct
    assert not WYTHOFF.check(game, "losing_totals", "30", args).correct
    assert not WYTHOFF.check(game, "p_positions", "none", {"min_total": 20, "max_total": 30}).correct


def test_float_failure_is_avoided() -> None:
    k = 102334155
    assert int(k * (1 + 5**0.5) / 2) == 165580141  # floats are wrong here ...
    assert p_position(Rules(), k) == (165580140, 165580140 + k)  # ... the engine is not


def test_hundred_digit_index_matches_sympy() -> None:
    import sympy

    k = 10**100 + 12345
    a, b = p_position(Rules(), k)
    assert a == int(sympy.floor(k * sympy.GoldenRatio))
    assert b == int(sympy.floor(k * sympy.GoldenRatio**2))
    assert p_index(Rules(), a) == k and p_index(Rules(), b) == k
    assert is_losing(Rules(), (b, a)) and not is_losing(Rules(), (a, b + 1))


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_formula_table_and_brute_force_agree(rules: Rules) -> None:
    n = 45
    value = brute(rules)
    brute_losing = [(x, y) for x in range(n + 1) for y in range(x, n + 1) if not value(x, y)[0]]
    assert table_p_positions(rules, n) == brute_losing
    assert p_positions_upto(rules, n) == brute_losing


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_formula_matches_table_further(rules: Rules) -> None:
    assert p_positions_upto(rules, 1500) == table_p_positions(rules, 1500)


@pytest.mark.parametrize("rules", VARIANTS, ids=str)
def test_winning_moves_and_remoteness_match_brute_force(rules: Rules) -> None:
    value = brute(rules)
    for x in range(22):
        for y in range(22):
            expected = sorted(m for m in brute_moves(rules, x, y) if not value(x - m[0], y - m[1])[0])
            assert sorted(winning_moves(rules, (x, y))) == expected
            assert remoteness(rules, (x, y)) == value(x, y)[1]
            assert move_count(rules, (x, y)) == len(brute_moves(rules, x, y))
            assert sorted(legal_moves(rules, (x, y))) == sorted(brute_moves(rules, x, y))


@pytest.mark.parametrize("a", [1, 2, 3])
def test_grundy_matches_brute_force(a: int) -> None:
    rules = Rules(a)

    @cache
    def g(x: int, y: int) -> int:
        seen = {g(x - f, y - s) for f, s in brute_moves(rules, x, y)}
        return next(v for v in range(len(seen) + 1) if v not in seen)

    table = grundy_table(a, 18, 25)
    assert all(table[x][y] == g(x, y) for x in range(19) for y in range(26))
    assert all((table[x][y] == 0) == is_losing(rules, (x, y)) for x in range(19) for y in range(26))


positions = st.tuples(st.integers(0, 400), st.integers(0, 400))
variants = st.sampled_from(VARIANTS)


@given(variants, positions)
def test_losing_positions_only_reach_winning_ones(rules: Rules, pos: tuple[int, int]) -> None:
    k = p_index(rules, pos[0])
    lo, hi = p_position(rules, k)
    target = (lo, hi)
    assert is_losing(rules, target)
    for move in random.Random(pos[0] * 1000 + pos[1]).sample(list(legal_moves(rules, target)),
                                                              min(40, move_count(rules, target))):
        assert not is_losing(rules, (lo - move[0], hi - move[1]))


@given(variants, positions)
def test_winning_positions_reach_a_losing_one(rules: Rules, pos: tuple[int, int]) -> None:
    wins = winning_moves(rules, pos)
    if is_losing(rules, pos) or (rules.misere and pos == (0, 0)):
        assert wins == []
    else:
        assert wins
        for move in wins:
            assert is_losing(rules, check_move(rules, pos, move))
        first = check_move(rules, pos, wins[0])
        assert remoteness(rules, pos) == 1 + remoteness(rules, first)


@given(variants, st.tuples(st.integers(0, 60), st.integers(0, 60)))
def test_legal_moves_come_fewest_pennies_first(rules: Rules, pos: tuple[int, int]) -> None:
    """The order the delaying loser and the computer's random blunders rely on, against the plain rules."""
    expected = sorted(brute_moves(rules, *pos), key=lambda m: (m[0] + m[1], m[0]))
    assert list(legal_moves(rules, pos)) == expected


@given(st.integers(0, 10**40))
def test_pairs_partition_the_numbers(n: int) -> None:
    rules = Rules()
    lo, hi = p_position(rules, p_index(rules, n))
    assert n in (lo, hi)
    assert hi - lo == p_index(rules, n)


@given(positions)
def test_position_notation_round_trips(pos: tuple[int, int]) -> None:
    assert parse_position(format_position(pos)) == pos
    assert parse_move(format_move(pos)) == pos


@pytest.mark.parametrize("text", ["", "3", "3,", "a,b", "3,5,7", "-1,2", "3;5;"])
def test_bad_positions_are_rejected(text: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_position(text)


@pytest.mark.parametrize("move", [(0, 0), (4, 0), (0, 8), (1, 2), (-1, 1)])
def test_illegal_moves(move: tuple[int, int]) -> None:
    with pytest.raises(IllegalMove):
        check_move(Rules(), (3, 7), move)
    assert check_move(Rules(2), (3, 7), (1, 2)) == (2, 5)


def test_delaying_move_keeps_the_game_longest() -> None:
    for rules in VARIANTS:
        value = brute(rules)
        for k in range(1, 6):
            pos = p_position(rules, k)
            move = delaying_move(rules, pos)
            assert value(pos[0] - move[0], pos[1] - move[1])[1] == value(*pos)[1] - 1


@given(st.integers(0, 2**32 - 1), st.integers(0, 60), st.sampled_from([(1, False), (1, True), (2, False)]))
def test_computer_never_loses_a_won_position(seed: int, blunder_free: int, variant: tuple[int, bool]) -> None:
    settings = PLAY.arguments({"size": 30, "first": "computer"})
    rng = random.Random(seed)
    start = (rng.randint(0, 30), rng.randint(1, 30))
    rules = Rules(*variant)
    if is_losing(rules, start):
        return
    game = WYTHOFF.load({"a": variant[0], "misere": variant[1], "position": format_position(start)})
    state = PLAY.start(game, settings, rng)  # the computer moves first, from a winning position
    while True:
        if PLAY.terminal(state):
            assert PLAY.winner(state) == OPPONENT
            assert PLAY.legal_moves(state) == []
            return
        assert is_losing(rules, state.boards[0])
        moves = list(legal_moves(rules, state.boards[0]))
        turn = PLAY.play_text(state, format_move(rng.choice(moves)))
        assert PLAY.winner(turn.state) != LEARNER
        if PLAY.terminal(turn.state):
            return
        state = turn.state


def test_play_and_sums() -> None:
    game = WYTHOFF.load({"position": "3,5 + 4,6"})
    assert WYTHOFF.compute(game, "outcome") == "win"
    move_kind = WYTHOFF.kind("move")
    best = move_kind.reference(game, move_kind.arguments({}))
    assert best is not None
    verdict = WYTHOFF.check(game, "move", best)
    assert verdict.correct
    after = PLAY.play_text(PLAY.start(game, PLAY.arguments({}), random.Random(0)), best)
    values = [grundy_table(1, x, y)[x][y] for x, y in after.state.boards]
    assert reduce(xor, values, 0) != 0 or PLAY.terminal(after.state)  # the computer faced nim-sum 0 and had to break it
    assert "board" in PLAY.render(after.state)
    with pytest.raises(InvalidNotation):
        PLAY.play_text(after.state, "0,1")  # which board?


def test_blunders_are_reproducible() -> None:
    game = WYTHOFF.load({"position": "30,40"})
    settings = PLAY.arguments({"blunder": 50})
    a = PLAY.start(game, settings, random.Random(5))
    b = PLAY.start(game, settings, random.Random(5))
    assert PLAY.play_text(a, "1,0") == PLAY.play_text(b, "1,0")


def test_quantities_and_answer_kinds() -> None:
    game = WYTHOFF.load({"position": "8,14"})
    args = {"index": 5}
    assert WYTHOFF.compute(game, "kth_position", args) == "8,13"
    assert WYTHOFF.compute(game, "best_move", args) == "0,1"
    assert WYTHOFF.compute(game, "outcome", args) == "win"
    for kind in WYTHOFF.kind_names():
        answer = WYTHOFF.kind(kind)
        reference = answer.reference(game, answer.arguments(args))
        assert reference is not None, kind
        assert WYTHOFF.check(game, kind, reference, args).correct, kind
    assert not WYTHOFF.check(game, "outcome", "lose", args).correct
    assert not WYTHOFF.check(game, "move", "1,1", args).correct
    assert WYTHOFF.kind("move").normalize(game, " to 8,13 ", args) == "0,1"
    for kind in ("move", "conjecture", "p_positions", "kth"):
        answer = WYTHOFF.kind(kind)
        # nudge, concept, answer; the workbench's ladder at the default bound 1000 adds the equation before it
        assert len(answer.hints(game, answer.arguments(args), "")) == (4 if kind == "conjecture" else 3)


def test_misere_endgame() -> None:
    rules = Rules(misere=True)
    assert is_losing(rules, (0, 1)) and not is_losing(rules, (0, 0)) and is_losing(rules, (2, 2))
    assert winning_moves(rules, (0, 5)) == [(0, 4)]

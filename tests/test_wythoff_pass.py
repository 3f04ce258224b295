"""Wythoff with a pass: the sieve against two independent searches, the move notation, the engine's invariants.

The references are written here from the rules alone: a memoised win/lose recursion over (x, y, passes), and a
Grundy search that follows the source project's own rule set (HikaruManabe/Wythoff-with-a-pass: a pass goes from
p passes to any i < p, and only when some penny is left unless the pass is allowed at (0, 0)).  Neither uses the
sieve, Wythoff's formula or each other.
"""

from __future__ import annotations

import sys
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.errors import IllegalMove, InvalidNotation, TooLarge
from tutor.puzzles.wythoff.engine.passing import (
    pass_index,
    pass_losing,
    pass_p_positions,
    pass_p_positions_upto,
    pass_winning_moves,
    sieve,
)
from tutor.puzzles.wythoff.engine.table import grundy_table
from tutor.puzzles.wythoff.rules.passing import (
    PASS,
    PassRules,
    apply_pass_move,
    format_pass_move,
    read_pass_move,
)

SIDE = 40  # the brute-force searches cover every position with both piles up to SIDE
# The first losing positions with the pass left, as data (printed by a separate brute-force script while the
# sieve was written).  By hand: (0, 0) has no move; (1, 2) wins by the pass (it hands over Wythoff's losing
# (1, 2)), so row 1 loses at (1, 3): its pass hands over Wythoff's winning (1, 3), and its
# other moves reach (1, 2) or positions with a move to (0, 0).
FIRST_PAIRS = [(0, 0), (1, 3), (2, 5), (4, 8), (6, 7), (9, 14), (10, 16), (11, 19), (12, 21), (13, 20), (15, 25),
               (17, 29), (18, 31), (22, 33), (23, 37), (24, 40), (26, 41), (27, 45), (28, 47), (30, 50)]


def _wythoff_steps(x: int, y: int) -> list[tuple[int, int]]:
    """Every Wythoff move's result, listed from the rules: one pile, or the same number from both."""
    return ([(x - i, y) for i in range(1, x + 1)] + [(x, y - i) for i in range(1, y + 1)]
            + [(x - i, y - i) for i in range(1, min(x, y) + 1)])


def _moves(x: int, y: int, passes: int) -> list[object]:
    """Every legal move, listed from the rules: the Wythoff moves as pennies taken, and the pass."""
    taken = [(x - a, y - b) for a, b in _wythoff_steps(x, y)]
    return [*taken, *(["pass"] if passes and x + y > 0 else [])]


@cache
def _mover_wins(x: int, y: int, passes: int) -> bool:
    """Brute force: some move leaves the opponent a lost position (the pass only with a penny left)."""
    if passes and x + y > 0 and not _mover_wins(x, y, passes - 1):
        return True
    return any(not _mover_wins(a, b, passes) for a, b in _wythoff_steps(x, y))


def _project_grundy(side: int, at_end: bool) -> dict[tuple[int, int, int], int]:
    """Grundy values G(x, y, p), p = 0, 1, computed bottom-up from the source project's rule set."""
    values: dict[tuple[int, int, int], int] = {}
    for p in (0, 1):
        for total in range(2 * side + 1):
            for x in range(max(0, total - side), min(side, total) + 1):
                y = total - x
                options = {values[(a, b, p)] for a, b in _wythoff_steps(x, y)}
                if x + y > 0 or at_end:
                    options |= {values[(x, y, i)] for i in range(p)}
                values[(x, y, p)] = next(g for g in range(len(options) + 1) if g not in options)
    return values


@pytest.fixture(scope="module", autouse=True)
def _deep_recursion():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))
    yield
    sys.setrecursionlimit(old)


def test_first_pairs_known():
    assert pass_p_positions(PassRules(), 20) == FIRST_PAIRS
    assert pass_p_positions_upto(PassRules(), 21) == [p for p in FIRST_PAIRS if p[1] <= 21]


def test_sieve_matches_the_brute_force_search_on_every_position():
    rules = PassRules()
    for x in range(SIDE + 1):
        for y in range(SIDE + 1):
            for passes in (0, 1):
                pos = (x, y, passes)
                assert pass_losing(rules, pos) == (not _mover_wins(*pos)), pos


def test_winning_moves_are_exactly_the_moves_to_lost_positions():
    rules = PassRules()
    for x in range(SIDE + 1):
        for y in range(SIDE + 1):
            for passes in (0, 1):
                pos = (x, y, passes)
                expected = {m for m in _moves(*pos) if not _mover_wins(*apply_pass_move(rules, pos, m))}
                assert set(pass_winning_moves(rules, pos)) == expected, pos


@pytest.mark.parametrize("at_end", [False, True])
def test_sieve_matches_a_grundy_search_from_the_source_projects_rules(at_end):
    values = _project_grundy(30, at_end)
    losing = {(x, y) for (x, y, p), g in values.items() if p == 1 and g == 0 and x <= y}
    assert set(pass_p_positions_upto(PassRules(at_end), 30)) == losing


def test_pass_at_end_is_wythoff_plus_a_one_penny_heap():
    """A sum is lost when the Grundy values' XOR is 0: Wythoff's value must be 1 (the table is engine.table's)."""
    table = grundy_table(1, 120, 120)
    ones = {(x, y) for x in range(121) for y in range(x, 121) if table[x][y] == 1}
    assert set(pass_p_positions_upto(PassRules(at_end=True), 120)) == ones


def test_the_pairs_split_the_numbers_and_the_diagonals():
    table = sieve(100_000)
    numbers = list(table.firsts) + [b for b in table.seconds if b <= 100_000]
    assert sorted(numbers) == [0, *range(0, 100_001)]  # (0, 0) holds 0 twice, every other number once
    differences = [b - a for a, b in zip(table.firsts, table.seconds, strict=True)]
    assert len(set(differences)) == len(differences)


def test_struck_out_cells_are_wythoffs_losing_pairs():
    """The sieve's own Wythoff greedy gives the engine's Beatty pairs (integer formula), every pile to 10^5."""
    from tutor.puzzles.wythoff.engine import partner
    from tutor.puzzles.wythoff.engine.passing import _wythoff_partners
    from tutor.puzzles.wythoff.rules import Rules

    assert list(_wythoff_partners(100_000)) == [partner(Rules(), m) for m in range(100_001)]


def test_index_and_limits():
    rules = PassRules()
    assert pass_index(rules, (20, 13)) == 9 and pass_index(rules, (13, 21)) is None
    assert pass_losing(rules, (6, 7, 1)) and not pass_losing(rules, (6, 7, 0))
    with pytest.raises(TooLarge):
        pass_losing(rules, (3, 1_000_001, 1))


@given(st.integers(0, 3000), st.integers(0, 3000))
def test_losing_positions_reach_no_losing_position_and_winning_ones_do(x, y):
    """Every move from a loss wins for the opponent; every listed winning move reaches a loss."""
    rules = PassRules()
    pos = (x, y, 1)
    if pass_losing(rules, pos):
        assert pass_winning_moves(rules, pos) == []
        assert all(not pass_losing(rules, apply_pass_move(rules, pos, m)) for m in _moves(*pos))
    else:
        moves = pass_winning_moves(rules, pos)
        assert moves and all(pass_losing(rules, apply_pass_move(rules, pos, m)) for m in moves)


def test_pass_notation():
    rules = PassRules()
    for text in ("pass", "Pass.", "I pass", "skip my turn", "use the pass"):
        assert read_pass_move(rules, (3, 5, 1), text) == (PASS, None)
    assert read_pass_move(rules, (3, 5, 1), "to 1,3") == ((2, 2), None)
    assert read_pass_move(rules, (3, 5, 1), "take one from the second pile") == ((0, 1), None)
    for move in _moves(3, 5, 1):
        assert read_pass_move(rules, (3, 5, 1), format_pass_move(move))[0] == move
    with pytest.raises(IllegalMove, match="used already"):
        read_pass_move(rules, (3, 5, 0), "pass")
    with pytest.raises(IllegalMove, match="not allowed at"):
        read_pass_move(rules, (0, 0, 1), "pass")
    assert apply_pass_move(PassRules(at_end=True), (0, 0, 1), PASS) == (0, 0, 0)
    with pytest.raises(IllegalMove, match="say 'pass'"):
        apply_pass_move(rules, (3, 5, 1), (0, 0))
    with pytest.raises(InvalidNotation):
        read_pass_move(rules, (3, 5, 1), "passing through")

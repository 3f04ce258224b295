"""Wythoff's misconceptions checked a second way: each wrong idea's value is recomputed here from the plain rules
(a brute-force game tree, exact rationals, a list of splits), never from the engine, on a few small games; and
no sentence naming an idea states the right value.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import ceil, floor, isqrt

import pytest

from tutor.puzzles.computed import NumberKind
from tutor.puzzles.wythoff.rules import WythoffGame
from tutor.puzzles.wythoff.teach.quantities import QUANTITIES

Pos = tuple[int, int]
PHI = Fraction(16180339887498948482045868343656, 10**31)  # the golden ratio to 31 decimals: exact for k below 10^20


# -- the game from its rules, by brute force ----------------------------------------------------------------


def moves(a: int, pos: Pos) -> list[Pos]:
    """Every position one move away: take from one pile, or from both with amounts differing by less than a."""
    x, y = pos
    return [(x - f, y - s) for f in range(x + 1) for s in range(y + 1)
            if (f or s) and (f == 0 or s == 0 or abs(f - s) < a)]


@cache
def mover_loses(a: int, pos: Pos) -> bool:
    """Normal play: the player to move loses when every move hands the opponent a win."""
    return all(not mover_loses(a, p) for p in moves(a, pos))


@cache
def grundy(a: int, pos: Pos) -> int:
    """The mex of the values one move away."""
    seen = {grundy(a, p) for p in moves(a, pos)}
    return next(n for n in range(len(seen) + 1) if n not in seen)


@cache
def length(a: int, pos: Pos) -> int:
    """Best play: the winner hurries to a losing position, the loser delays."""
    if pos == (0, 0):
        return 0
    losing = [p for p in moves(a, pos) if mover_loses(a, p)]
    return 1 + (min(length(a, p) for p in losing) if losing else max(length(a, p) for p in moves(a, pos)))


@cache
def hurried(a: int, pos: Pos) -> int:
    """Both sides hurry, and the winner still wins."""
    if pos == (0, 0):
        return 0
    losing = [p for p in moves(a, pos) if mover_loses(a, p)]
    return 1 + min(hurried(a, p) for p in (losing or moves(a, pos)))


def pairs(a: int, count: int) -> list[Pos]:
    """The first losing positions, smaller pile first, found by scanning the grid."""
    found = sorted({(min(x, y), max(x, y)) for x in range(3 * count + 3) for y in range(3 * count + 3)
                    if mover_loses(a, (x, y))})
    return found[:count]


def ideas(quantity: str, game: WythoffGame, args: dict) -> dict[str, object]:
    q = QUANTITIES[quantity]
    own = q.arguments(args)
    return {m.name: m.value(game, own) for m in q.misconceptions}


def ceil_k_phi(k: int) -> int:
    """ceiling(k phi) for k >= 1, from k phi = (k + sqrt(5 k^2)) / 2, whose square root is never whole."""
    return (k + isqrt(5 * k * k)) // 2 + 1


# -- the values ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 2, 5, 9, 12])
def test_kth_pile_ideas_match_the_brute_force_list(k):
    table = pairs(1, k + 1)
    lo, hi = table[k]
    first = ideas("kth_first", WythoffGame(), {"index": k})
    assert first["rounded_up"] == ceil_k_phi(k) == lo + 1
    assert first["larger_pile"] == hi
    assert first["counted_from_one"] == table[k - 1][0]
    assert first["index_itself"] == (k if k != lo else None)  # pair number 1 is (1, 2): k is its pile too
    assert first["one_decimal"] == floor(k * Fraction(16, 10))
    assert first["pair_total"] == lo + hi  # the pennies of the pair, from the brute-force list
    second = ideas("kth_second", WythoffGame(), {"index": k})
    assert second["rounded_up"] == ceil(k * Fraction(26180339887, 10**10)) == hi + 1  # k phi^2 = k phi + k
    assert second["smaller_pile"] == lo
    assert second["counted_from_one"] == table[k - 1][1]
    assert second["times_phi"] == floor(lo * Fraction(16180339887498948482, 10**19))


@pytest.mark.parametrize("k", [1000, 777, 233, 55, 3])
def test_kth_decimal_ideas_by_exact_rationals(k):
    """phi cut to 1.61, rounded to 1.62, and its inverse 0.618... taken for it, each times k and rounded down with
    exact fractions; an idea gives nothing where its number is the right one or another idea's."""
    right = floor(k * PHI)
    first = ideas("kth_first", WythoffGame(), {"index": k})
    others = {first[n] for n in ("rounded_up", "larger_pile", "counted_from_one", "index_itself", "one_decimal")}

    def apart(value: int) -> int | None:
        return None if value == right or value in others else value

    assert first["two_decimals"] == apart(floor(k * Fraction(161, 100)))
    assert first["rounded_decimals"] == apart(floor(k * Fraction(162, 100)))
    assert first["inverse"] == apart(floor(k / PHI))
    assert first["not_halved"] == apart(floor(k * 2 * PHI))  # k (1 + sqrt 5), the halving of phi forgotten
    assert first["pair_total"] == apart(right + floor(k * PHI * PHI))  # A_k + B_k, and B_k = floor(k phi^2)
    if k == 1000:
        assert (first["two_decimals"], first["rounded_decimals"], first["inverse"]) == (1610, 1620, 618)


def test_kth_ideas_for_a_equal_2_follow_that_variant():
    table = pairs(2, 6)
    first = ideas("kth_first", WythoffGame(a=2), {"index": 5})
    assert first["larger_pile"] == table[5][1] and first["counted_from_one"] == table[4][0]
    assert first["one_decimal"] == floor(5 * Fraction(14, 10))  # sqrt(2) cut to 1.4
    assert ideas("kth_second", WythoffGame(a=2), {"index": 5})["times_phi"] is None


@pytest.mark.parametrize("board", [(1, 1), (2, 3), (1, 4), (3, 3)])
def test_single_board_grundy_ideas(board):
    game = WythoffGame(f"{board[0]},{board[1]}")
    found = ideas("grundy", game, {})
    reached = {grundy(1, p) for p in moves(1, board)}
    assert found["smallest_reached"] == min(reached)
    assert found["win_is_one"] == (0 if mover_loses(1, board) else 1)
    assert found["moves_counted"] == len(moves(1, board))
    assert {found[n] for n in ("added_not_xor", "power_not_xor", "or_not_xor", "mex_of_boards")} == {None}


@pytest.mark.parametrize(("first", "second"), [((1, 1), (0, 3)), ((2, 2), (1, 4)), ((1, 2), (2, 3))])
def test_sum_grundy_ideas(first, second):
    game = WythoffGame(f"{first[0]},{first[1]} + {second[0]},{second[1]}")
    v, w = grundy(1, first), grundy(1, second)
    found = ideas("grundy", game, {})
    assert found["added_not_xor"] == v + w
    assert found["power_not_xor"] == v ** w
    assert found["or_not_xor"] == v | w
    assert found["mex_of_boards"] == min({0, 1, 2} - {v, w})
    assert {found[n] for n in ("smallest_reached", "win_is_one", "moves_counted")} == {None}


@pytest.mark.parametrize("boards", [[(1, 1), (2, 2)], [(2, 3), (3, 4)], [(0, 1), (1, 2), (2, 2)], [(3, 5)],
                                    [(4, 4)]])
def test_winning_move_count_ideas_play_the_sum_out(boards):
    """A sum's winning moves found by brute force: every move of one board after which the player to move loses
    the whole sum, decided by the XOR of mex values computed here."""
    def total(bs):
        value = 0
        for b in bs:
            value ^= grundy(1, b)
        return value

    after = [(i, p) for i, b in enumerate(boards) for p in moves(1, b)]
    wins = [(i, p) for i, p in after if total(boards[:i] + [p] + boards[i + 1:]) == 0]
    game = WythoffGame(" + ".join(f"{x},{y}" for x, y in boards))
    assert QUANTITIES["winning_move_count"](game) == len(wins)
    found = ideas("winning_move_count", game, {})
    assert found["every_move_counted"] == len(after)
    single = len(boards) == 1
    assert found["each_board_alone"] == (None if single else
                                         sum(1 for b in boards for p in moves(1, b) if mover_loses(1, p)))
    assert found["one_per_board"] == (None if single else len({i for i, _ in wins}))


@pytest.mark.parametrize("board", [(8, 13), (3, 5), (4, 4), (2, 7), (6, 10)])
def test_remoteness_ideas_replay_the_game_tree(board):
    found = ideas("remoteness", WythoffGame(f"{board[0]},{board[1]}"), {})
    r = length(1, board)
    assert found["one_side_counted"] == ((r + 1) // 2 if r > 1 else None)  # a one-move game has one side
    assert found["positions_counted"] == r + 1
    assert found["loser_hurries"] == (hurried(1, board) if hurried(1, board) != r else None)


@pytest.mark.parametrize(("low", "high"), [(20, 30), (0, 10), (5, 9)])
def test_total_ideas_count_the_splits(low, high):
    unsafe = {t for t in range(low, high + 1) if any(mover_loses(1, (x, t - x)) for x in range(t + 1))}
    found = ideas("winning_total_count", WythoffGame(), {"min_total": low, "max_total": high})
    assert found["unsafe_counted"] == len(unsafe)
    assert found["every_total"] == (high - low + 1 if unsafe else None)
    assert found["range_one_short"] == high - low - len(unsafe)


# -- the sentences ------------------------------------------------------------------------------------------

CASES = [
    ("kth_first", WythoffGame(), {"index": k}) for k in (1, 5, 50, 1000)
] + [
    ("kth_second", WythoffGame(a=a), {"index": k}) for a in (1, 2) for k in (2, 13, 50)
] + [
    ("grundy", WythoffGame(p), {}) for p in ("1,1", "2,3", "1,1 + 0,3", "2,2 + 1,4")
] + [
    ("remoteness", WythoffGame(p), {}) for p in ("8,13", "6,10", "2,7")
] + [
    ("winning_move_count", WythoffGame(p), {}) for p in ("1,1 + 2,2", "2,3 + 3,4", "0,1 + 1,2 + 2,2")
] + [
    ("winning_total_count", WythoffGame(), {"min_total": lo, "max_total": hi}) for lo, hi in ((20, 30), (0, 10))
]


@pytest.mark.parametrize(("quantity", "game", "args"), CASES)
def test_no_idea_states_the_right_value(quantity, game, args):
    """An idea may give the right value on some variant (1.6 fits the first dozen pairs): it is then no diagnosis
    (``Misconception.holds``), and lint refuses it on a lesson's variant; what it says must never tell the answer."""
    q = QUANTITIES[quantity]
    own = q.arguments(args)
    right = q(game, own)
    kind = NumberKind(q)
    wrong = 0
    for idea in q.misconceptions:
        value = idea.value(game, own)
        if value is None or value == right:
            continue
        said = idea.says(game, own, value)
        assert str(value) in said, said  # the learner's own number, for their own variant
        assert kind.gives_away(game, own, said) is None, (idea.name, said)
        wrong += 1
    assert wrong >= 2, f"too few ideas give a wrong value for {quantity} {args}"

"""The exact engine for Wythoff with a pass: its losing positions by a sieve over rows, columns and diagonals.

Method.  Once the pass is used the game is Wythoff's, whose losing positions are the Beatty pairs of ``engine``.
With the pass still there, (x, y) loses exactly when every move loses for the mover's opponent: the pass must
hand over a *winning* Wythoff position, so (x, y) is not one of Wythoff's losing pairs (except (0, 0), where
there is no pass), and no pile or diagonal move may reach a losing position of the pass game.  That is Wythoff's
own greedy construction with Wythoff's losing pairs struck out:

    a_k = the least number in no earlier pair,
    b_k = a_k + d with d the least difference in no earlier pair such that a_k + d is in no earlier pair and
          (a_k, a_k + d) is not a losing pair of Wythoff (unless it is (0, 0)).

Why it is exact: each row x holds one losing cell, the first cell of the row that no earlier losing cell reaches
by a column or diagonal move and that is not struck out (a later cell of the row reaches it; an earlier one is
reached from an earlier row or struck out, by symmetry).  So the pairs split the whole numbers and sit on
distinct diagonals, as in Wythoff's game.  Each pair costs a few steps (the struck-out cells are one per row):
O(N) time and memory for every pair with a_k <= N, in plain Python (about 1.2 steps a pair, at most 6 observed
up to 10^6; no bound is proven).  The tests check the sieve against a memoised game search over (x, y, passes)
and against a Grundy search written from the source project's rules.

``at_end`` (the pass allowed at (0, 0) too) strikes out (0, 0) as well: the losing positions are then those of
Wythoff plus a one-penny Nim heap, Wythoff's positions of Grundy value 1.

Vocabulary: ``PassTable`` - the pairs ``(a_k, b_k)``, k = 0, 1, ..., with every a_k <= n, and the partner of
every pile up to n; ``p = 1`` (pass left) or ``0`` (used: Wythoff).
"""

from __future__ import annotations

import random
from array import array
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache

from tutor.errors import InvalidParams
from tutor.puzzles.wythoff.engine import is_losing, winning_moves
from tutor.puzzles.wythoff.limits import PASS_UPTO
from tutor.puzzles.wythoff.rules import Position
from tutor.puzzles.wythoff.rules.passing import (
    PASS,
    WYTHOFF,
    PassMove,
    PassPosition,
    PassRules,
    apply_pass_move,
    can_pass,
    pass_legal_moves,
)

SMALLEST_SIEVE = 1024  # sieves are made at least this large, and in powers of two, so a few serve every query


@dataclass(frozen=True)
class PassTable:
    """The losing positions of the pass game with the pass left, up to ``n``, as arrays of whole numbers
    (four bytes each: a million pennies cost about 16 MB, where tuples would cost ten times that)."""

    n: int
    firsts: array  # a_k for every k with a_k <= n, increasing
    seconds: array  # b_k, the partner of a_k (a_k <= b_k)
    partner: array  # partner[m] for 0 <= m <= n: the other pile of m's losing pair
    by_difference: array  # by_difference[d]: the k with b_k - a_k = d, or -1

    def pair(self, k: int) -> Position:
        """The k-th losing pair ``(a_k, b_k)``."""
        return (self.firsts[k], self.seconds[k])

    def __len__(self) -> int:
        return len(self.firsts)


def sieve(n: int, at_end: bool = False) -> PassTable:
    """Every losing pair of the pass game (pass left) with smaller pile at most ``n``, by the greedy sieve.

    >>> [sieve(12).pair(k) for k in range(9)]
    [(0, 0), (1, 3), (2, 5), (4, 8), (6, 7), (9, 14), (10, 16), (11, 19), (12, 21)]
    >>> [sieve(5, at_end=True).pair(k) for k in range(5)]
    [(0, 1), (2, 2), (3, 6), (4, 8), (5, 7)]
    """
    if n < 0:
        raise InvalidParams(f"piles hold 0 or more pennies, not {n!r}")
    PASS_UPTO.check(n, f"the pass game's losing positions with piles up to {n:,}")
    size = 2 * n + 64  # a_k + d_k for a_k <= n: d_k stays near k < n (observed; the arrays are checked)
    wythoff = _wythoff_partners(n)
    used = bytearray(size + 1)  # numbers already in a pair
    differences = bytearray(size + 1)  # differences b - a already taken (each diagonal holds one pair)
    firsts, seconds = array("i"), array("i")
    a = low = 0  # low: the least difference not yet taken
    while True:
        while used[a]:
            a += 1
        if a > n:
            break
        while differences[low]:
            low += 1
        d = low
        while differences[d] or used[a + d] or (wythoff[a] == a + d and (a > 0 or at_end)):
            d += 1
        used[a] = used[a + d] = differences[d] = 1
        firsts.append(a)
        seconds.append(a + d)
    partner = array("i", [-1]) * (n + 1)
    by_difference = array("i", [-1]) * (size + 1)
    for k, (lo, hi) in enumerate(zip(firsts, seconds, strict=True)):
        partner[lo] = hi
        if hi <= n:
            partner[hi] = lo
        by_difference[hi - lo] = k
    return PassTable(n, firsts, seconds, partner, by_difference)


def _wythoff_partners(n: int) -> array:
    """Wythoff's partner of every pile up to ``n`` (the cell struck out of its row), by Wythoff's own greedy:
    A_j is the least number in no earlier pair and B_j = A_j + j (the Beatty pairs of ``engine``; the tests
    check the sieve built on it against game searches).  Bytes and four-byte numbers only: no pair is a tuple."""
    partners = array("i", [-1]) * (n + 1)
    taken = bytearray(3 * n + 8)  # B_j = A_j + j < 2.62 n + 2 while A_j <= n
    lo = j = 0
    while True:
        while taken[lo]:
            lo += 1
        if lo > n:
            return partners
        hi = lo + j
        taken[lo] = taken[hi] = 1
        partners[lo] = hi
        if hi <= n:
            partners[hi] = lo
        j += 1


@lru_cache(maxsize=4)
def _sized(size: int, at_end: bool) -> PassTable:
    return sieve(size, at_end)


def table_for(rules: PassRules, n: int) -> PassTable:
    """A sieve covering piles up to ``n`` (shared: made in powers of two from ``SMALLEST_SIEVE``)."""
    PASS_UPTO.check(n, f"a pile of {n:,} pennies in the pass game")
    size = SMALLEST_SIEVE
    while size < n:
        size *= 2
    return _sized(min(size, max(n, PASS_UPTO.value)), rules.at_end)


def pass_p_positions_upto(rules: PassRules, n: int) -> list[Position]:
    """The losing pairs (a, b), a <= b <= n, of the pass game with the pass left."""
    table = table_for(rules, n)
    return [(lo, hi) for lo, hi in zip(table.firsts, table.seconds, strict=True) if hi <= n]


def pass_p_positions(rules: PassRules, count: int) -> list[Position]:
    """The first ``count`` losing pairs of the pass game (pass left), k = 0, 1, ... (a_k < 0.62 k + 2 observed)."""
    n = SMALLEST_SIEVE
    while len(table_for(rules, n)) < count:
        n *= 2
    table = table_for(rules, n)
    return [table.pair(k) for k in range(count)]


def pass_index(rules: PassRules, pos: Position) -> int | None:
    """k when ``pos`` (either order) is the k-th losing pair of the pass game with the pass left, else None."""
    lo, hi = min(pos), max(pos)
    table = table_for(rules, hi)
    if table.partner[lo] != hi:
        return None
    return bisect_right(table.firsts, lo) - 1


def pass_losing(rules: PassRules, pos: PassPosition) -> bool:
    """Whether the player to move loses ``pos`` against best play (no pass left: Wythoff's own answer)."""
    x, y, passes = pos
    if passes == 0:
        return is_losing(WYTHOFF, (x, y))
    return pass_index(rules, (x, y)) is not None


def pass_winning_moves(rules: PassRules, pos: PassPosition) -> list[PassMove]:
    """Every move to a losing position for the opponent: the pass first, then fewest pennies taken."""
    x, y, passes = pos
    if passes == 0:
        return list(winning_moves(WYTHOFF, (x, y)))
    moves: list[PassMove] = []
    if can_pass(rules, pos) and is_losing(WYTHOFF, (x, y)):
        moves.append(PASS)
    table = table_for(rules, max(x, y))
    takes: set[tuple[int, int]] = set()
    if table.partner[x] < y:
        takes.add((0, y - table.partner[x]))
    if table.partner[y] < x:
        takes.add((x - table.partner[y], 0))
    k = table.by_difference[abs(y - x)]
    if k >= 0:
        tx, ty = table.pair(k) if y >= x else table.pair(k)[::-1]
        if 0 <= tx < x:
            takes.add((x - tx, y - ty))
    fewest: list[tuple[int, int]] = sorted(takes, key=lambda m: (m[0] + m[1], m))
    return moves + fewest


def pass_computer_move(rules: PassRules, pos: PassPosition, blunder: int, rng: random.Random) -> PassMove:
    """The computer's move: with probability ``blunder`` percent a random legal move; else the first winning move
    (``pass_winning_moves``); from a losing position, a move after which the opponent cannot end the game at once,
    with the fewest winning replies, fewest pennies taken among those - the opponent must find a rare move, and the
    game lasts.  Deterministic when ``blunder`` is 0 (no random number drawn).  Every legal move is tried once:
    piles of the pass game's play are bounded (``teach.pass_play``)."""
    moves = list(pass_legal_moves(rules, pos))
    if blunder and rng.random() * 100 < blunder:
        return rng.choice(moves)
    wins = pass_winning_moves(rules, pos)
    if wins:
        return wins[0]

    def cost(move: PassMove) -> tuple[bool, int, int]:
        left = apply_pass_move(rules, pos, move)
        replies = pass_winning_moves(rules, left)
        at_once = any(next(pass_legal_moves(rules, apply_pass_move(rules, left, r)), None) is None for r in replies)
        return (at_once, len(replies), 0 if move == PASS else move[0] + move[1])

    return min(moves, key=cost)

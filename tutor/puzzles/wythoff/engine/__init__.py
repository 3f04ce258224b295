"""The exact engine for Wythoff's game: losing positions by closed formulas, single boards, sums of boards.

Method: the losing positions (P-positions) are computed from closed formulas in
integer arithmetic, never from floating point, so the k-th one is exact for any
k (a float ``floor(k*phi)`` is already wrong at k = 102334155).  Every other
question about a single board - outcome, winning moves, remoteness - is reduced
to "which losing positions can this position reach?", and a position reaches at
most one losing position per pile and at most ``2a - 1`` along the diagonals.

Normal play: ``A_k = floor(k*alpha)``, ``B_k = A_k + a*k`` with
``alpha = (2 - a + sqrt(a^2 + 4)) / 2`` (``phi`` when a = 1).  Misère with
a = 1 changes only the first two pairs to (0, 1), (2, 2).  Misère with a >= 2
has ``A_k = mex``, ``B_k = A_k + a*k + 1`` from (0, 1) on, and Fraenkel's closed
form ``A_k = floor(k*alpha + 1/alpha)`` for every k >= 0 (the same alpha: the
positive root of ``x^2 + (a - 2)x - a``; "Wythoff games, continued fractions,
cedar trees and Fibonacci searches", TCS 29, 1984).  Since ``1/alpha =
(alpha + a - 2)/a``, that floor is ``((ak - 1)(2 - a) + isqrt((ak + 1)^2
(a^2 + 4))) // 2a`` in whole numbers.  The tests check all of this against the
exhaustive tables (``engine.table``): misère a = 2..6 for piles up to 10^5.

Remoteness (moves left when the winner hurries and the loser delays) of the k-th
losing pair is ``2k`` in normal play and ``2k + 1`` in misère play; the tests
check that against an exhaustive retrograde search too.

Sums of boards (normal play only) use Grundy values from ``engine.table``: a
sum loses exactly when the XOR of the boards' values (the nim-sum) is 0, and a
winning move brings the nim-sum back to 0 (lowering a board's value, or raising
it: an option may have a larger value than its board).  A losing position has
Grundy value 0 whatever its size, by the formula, so a sum whose large boards
are all losing positions reduces to its small boards; a large board that is not
losing has a Grundy value out of reach, and such a sum is refused.  The computer player uses
remoteness on one board (the fastest win, or the longest loss) and the nim-sum
on several; with ``blunder = p`` it plays a uniformly random legal move with
probability p percent instead.

Vocabulary: the k-th losing pair ``(A_k, B_k)`` with ``A_k <= B_k``, k = 0, 1, 2, ...
"""

from __future__ import annotations

import random
from functools import reduce
from math import isqrt
from operator import xor

from tutor.errors import IllegalMove, InvalidParams
from tutor.puzzles.wythoff.engine.table import GRUNDY_CELLS, grundy_table
from tutor.puzzles.wythoff.rules import (
    Boards,
    Move,
    Position,
    Rules,
    SumMove,
    format_position,
    format_positions,
    legal_moves,
    move_count,
)


def _floor_alpha(rules: Rules, k: int) -> int:
    """``floor(k*alpha)`` exactly: floor((N + sqrt(M)) / 2) == (N + isqrt(M)) // 2 for integer N."""
    a = rules.a
    return (k * (2 - a) + isqrt(k * k * (a * a + 4))) // 2


def _count_a(rules: Rules, n: int) -> int:
    """How many k >= 1 have ``floor(k*alpha) <= n``: floor((n+1)/alpha), with 1/alpha = (a-2+sqrt(a^2+4))/(2a)."""
    a = rules.a
    m = n + 1
    return (m * (a - 2) + isqrt(m * m * (a * a + 4))) // (2 * a)


def _misere_first(a: int, k: int) -> int:
    """Misère a-Wythoff (a >= 2): ``A_k = floor(k*alpha + 1/alpha)``, exactly.

    ``k*alpha + 1/alpha = ((ak - 1)(2 - a) + (ak + 1) sqrt(a^2 + 4)) / 2a``, whose
    floor needs only ``isqrt`` (the square root is irrational: a^2 < a^2 + 4 < (a + 1)^2).
    """
    return ((a * k - 1) * (2 - a) + isqrt((a * k + 1) ** 2 * (a * a + 4))) // (2 * a)


def _misere_count(a: int, n: int) -> int:
    """How many k >= 0 have ``A_k <= n`` in misère a-Wythoff (a >= 2), for n >= 0.

    ``A_k <= n`` exactly when ``k < (n + 1 - 1/alpha)/alpha``, and that bound is
    ``(a(n+1)(a-2) - (a^2 - 2a + 4) + (an + 2) sqrt(a^2 + 4)) / 2a^2``, irrational and positive.
    """
    return (a * (n + 1) * (a - 2) - (a * a - 2 * a + 4) + isqrt((a * n + 2) ** 2 * (a * a + 4))) // (2 * a * a) + 1


def p_position(rules: Rules, k: int) -> Position:
    """The k-th losing pair ``(A_k, B_k)`` (k from 0), exactly, for any size of k.

    >>> p_position(Rules(), 5)
    (8, 13)
    >>> p_position(Rules(), 10**30)[0]
    1618033988749894848204586834365
    >>> [p_position(Rules(2, misere=True), k) for k in range(4)]
    [(0, 1), (2, 5), (3, 8), (4, 11)]
    """
    if k < 0:
        raise InvalidParams(f"losing positions are numbered from 0, not {k!r}")
    if rules.misere:
        if rules.a == 1:
            if k < 2:
                return ((0, 1), (2, 2))[k]
        else:
            first = _misere_first(rules.a, k)
            return (first, first + rules.a * k + 1)
    lo = _floor_alpha(rules, k)
    return (lo, lo + rules.a * k)


def p_index(rules: Rules, n: int) -> int:
    """The index k of the losing pair that contains pile size ``n`` (every n >= 0 is in exactly one).

    >>> p_index(Rules(), 13), p_index(Rules(), 8)
    (5, 5)
    """
    if rules.misere:
        if rules.a == 1:
            if n <= 2:
                return 0 if n < 2 else 1
        else:
            count = _misere_count(rules.a, n)
            if n == 0 or count > _misere_count(rules.a, n - 1):
                return count - 1  # n = A_(count - 1)
            return n - count  # the B's up to n are the other n + 1 - count numbers
    if n == 0:
        return 0
    count = _count_a(rules, n)
    if count > _count_a(rules, n - 1):
        return count  # n = A_count
    return n - count  # n = B_(n - count): A's and B's partition the positive integers


def partner(rules: Rules, n: int) -> int:
    """The other pile of the losing pair that contains ``n``: ``partner(Rules(), 8) == 13``."""
    lo, hi = p_position(rules, p_index(rules, n))
    return hi if lo == n else lo


def losing_index(rules: Rules, pos: Position) -> int | None:
    """The index k if ``pos`` (in either order) is the k-th losing pair, else None."""
    k = p_index(rules, pos[0])
    return k if p_position(rules, k) == (min(pos), max(pos)) else None


def is_losing(rules: Rules, pos: Position) -> bool:
    """Whether the player to move loses ``pos`` against best play."""
    return losing_index(rules, pos) is not None


def _diff_index(rules: Rules, d: int) -> int | None:
    """The index of the losing pair whose piles differ by ``d >= 0``, if any (at most one)."""
    if rules.misere:
        if rules.a == 1:
            if d < 2:
                return 1 - d  # (2, 2) and (0, 1)
            return d
        return (d - 1) // rules.a if d >= 1 and (d - 1) % rules.a == 0 else None
    return d // rules.a if d % rules.a == 0 else None


def p_remoteness(rules: Rules, k: int) -> int:
    """Moves left from the k-th losing pair under best play: 2k, or 2k + 1 in misère."""
    return 2 * k + (1 if rules.misere else 0)


def winning_moves(rules: Rules, pos: Position) -> list[Move]:
    """Every move to a losing position, fastest win first (then fewest pennies taken)."""
    x, y = pos
    targets: set[Position] = set()
    ty = partner(rules, x)
    if ty < y:
        targets.add((x, ty))
    tx = partner(rules, y)
    if tx < x:
        targets.add((tx, y))
    d = y - x
    for e in range(d - rules.a + 1, d + rules.a):  # ordered difference of the target
        k = _diff_index(rules, abs(e))
        if k is None:
            continue
        lo, hi = p_position(rules, k)
        target = (lo, hi) if e >= 0 else (hi, lo)
        f, s = x - target[0], y - target[1]
        if f >= 1 and s >= 1 and abs(f - s) < rules.a:
            targets.add(target)
    moves = [(x - t[0], y - t[1]) for t in targets]
    moves = [m for m in moves if m != (0, 0)]

    def speed(move: Move) -> tuple[int, int, Move]:
        k = losing_index(rules, (x - move[0], y - move[1]))
        return (k if k is not None else -1, move[0] + move[1], move)

    return sorted(moves, key=speed)


def remoteness(rules: Rules, pos: Position) -> int:
    """Moves left with best play (the winner hurries, the loser delays); even = mover loses in normal play."""
    k = losing_index(rules, pos)
    if k is not None:
        return p_remoteness(rules, k)
    if rules.misere and pos == (0, 0):
        return 0  # the opponent took the last penny and lost: the game is already over
    best = winning_moves(rules, pos)[0]
    target = losing_index(rules, (pos[0] - best[0], pos[1] - best[1]))
    assert target is not None
    return 1 + p_remoteness(rules, target)


def outcome(rules: Rules, pos: Position) -> str:
    """``"lose"`` if the player to move loses against best play, else ``"win"``."""
    return "lose" if is_losing(rules, pos) else "win"


def delaying_move(rules: Rules, pos: Position) -> Move:
    """From a losing position, a move that makes the game last longest (the loser's best)."""
    goal = remoteness(rules, pos) - 1
    best: tuple[int, Move] | None = None
    for move in legal_moves(rules, pos):
        r = remoteness(rules, (pos[0] - move[0], pos[1] - move[1]))
        if r == goal:
            return move
        if best is None or r > best[0]:
            best = (r, move)
    if best is None:
        raise IllegalMove(f"position {format_position(pos)!r} has no move left")
    return best[1]


def p_positions(rules: Rules, count: int) -> list[Position]:
    """The first ``count`` losing pairs, from k = 0."""
    return p_positions_upto(rules, None, count)


def p_positions_upto(rules: Rules, largest: int | None, count: int | None = None) -> list[Position]:
    """Losing pairs ``(A, B)`` with ``B <= largest`` (or the first ``count``), vectorised with numpy."""
    import numpy as np

    if count is None:
        assert largest is not None
        count = largest // (rules.a + 1) + 3  # B_k >= (a + 1) k, so this is enough
    if rules.misere or count < 64 or count * count * (rules.a * rules.a + 4) >= 2**62:
        pairs = [p_position(rules, k) for k in range(count)]
    else:
        a = rules.a
        k = np.arange(count, dtype=np.int64)
        square = k * k * (a * a + 4)
        root = np.floor(np.sqrt(square.astype(np.float64))).astype(np.int64)
        root -= (root * root > square).astype(np.int64)  # float sqrt is off by at most one here
        root += ((root + 1) * (root + 1) <= square).astype(np.int64)
        first = (k * (2 - a) + root) // 2
        second = first + a * k
        pairs = list(zip(first.tolist(), second.tolist(), strict=True))
    if largest is not None:
        pairs = [p for p in pairs if p[1] <= largest]
    return pairs


# -- the seed's question: splits of a number of pennies ----------------------------------


def losing_splits(rules: Rules, low: int, high: int) -> list[Position]:
    """Losing positions (x <= y) whose total x + y lies in [low, high] - the seed's question."""
    pairs = []
    k = 0
    while True:
        x, y = p_position(rules, k)
        if x + y > high:  # totals grow with k in every variant
            break
        if low <= x + y <= high:
            pairs.append((x, y))
        k += 1
    return sorted(pairs)


def winning_totals(low: int, high: int, splits: list[Position]) -> list[int]:
    """Totals in [low, high] with no losing split: the first player wins however they are split."""
    losing = {x + y for x, y in splits}
    return [t for t in range(low, high + 1) if t not in losing]


# -- sums of boards -----------------------------------------------------------------------


def grundy_value(rules: Rules, board: Position) -> int | None:
    """One board's Grundy value (normal play): 0 for a losing position of any size, a table lookup
    for a board of at most ``GRUNDY_CELLS`` cells, else None (out of reach)."""
    if is_losing(rules, board):
        return 0
    x, y = board
    if not tabled(board):
        return None
    return grundy_table(rules.a, x, y)[x][y]


def tabled(board: Position) -> bool:
    """Whether the board's Grundy table (every position it can reach) is small enough to compute."""
    return (board[0] + 1) * (board[1] + 1) <= GRUNDY_CELLS


def grundy_values(rules: Rules, boards: Boards) -> list[int]:
    """The Grundy value of each board (normal play); ``InvalidParams`` names a board out of reach."""
    values = []
    for i, board in enumerate(boards, 1):
        value = grundy_value(rules, board)
        if value is None:
            x, y = board
            raise InvalidParams(
                f"board {i} of {format_positions(boards)!r}, {format_position(board)!r}, is not a losing position, "
                f"and its Grundy value needs a table of {(x + 1) * (y + 1)} cells (at most {GRUNDY_CELLS}): "
                "a sum is decided when each board is small or a losing position (Grundy value 0)"
            )
        values.append(value)
    return values


def nim_sum(rules: Rules, boards: Boards) -> int:
    """The XOR of the boards' Grundy values (normal play): 0 exactly when the player to move loses."""
    return reduce(xor, grundy_values(rules, boards), 0)


def sum_winning_moves(rules: Rules, boards: Boards) -> list[SumMove]:
    """Every move of a sum of boards that brings the nim-sum to 0 (on one board: to a losing position).

    A board too large for a table (a losing position of any size) is not
    searched: its moves lead to positions whose values are out of reach, so on
    a sum with such a board the list holds the winning moves on the other boards.
    """
    if len(boards) == 1:
        return [(0, m) for m in winning_moves(rules, boards[0])]
    values = grundy_values(rules, boards)
    total = reduce(xor, values, 0)
    moves: list[SumMove] = []
    if total == 0:
        return moves
    for i, (x, y) in enumerate(boards):
        if not tabled((x, y)):
            continue
        goal = values[i] ^ total  # lower or higher than the board's value: both restore nim-sum 0
        table = grundy_table(rules.a, x, y)
        moves.extend((i, (f, s)) for f, s in legal_moves(rules, (x, y)) if table[x - f][y - s] == goal)
    return moves


def losing(rules: Rules, boards: Boards) -> bool:
    """Whether the player to move loses the (sum of) boards against best play."""
    if len(boards) == 1:
        return is_losing(rules, boards[0])
    return nim_sum(rules, boards) == 0


def random_move(rules: Rules, boards: Boards, rng: random.Random) -> SumMove:
    """A uniformly random legal move (board chosen by its share of the moves)."""
    counts = [move_count(rules, b) for b in boards]
    pick = rng.randrange(sum(counts))
    for i, count in enumerate(counts):
        if pick < count:
            moves = legal_moves(rules, boards[i])
            for _ in range(pick):
                next(moves)
            return (i, next(moves))
        pick -= count
    raise IllegalMove("no legal move: the game is over")


def computer_move(rules: Rules, boards: Boards, blunder: int, rng: random.Random) -> SumMove:
    """The computer's choice: random with probability ``blunder`` percent, else best play."""
    if blunder and rng.random() * 100 < blunder:
        return random_move(rules, boards, rng)
    if len(boards) == 1:
        board = boards[0]
        wins = winning_moves(rules, board)
        return (0, wins[0] if wins else delaying_move(rules, board))
    sum_wins = sum_winning_moves(rules, boards)
    if sum_wins:
        return min(sum_wins, key=lambda m: (m[1][0] + m[1][1], m))
    largest = max(range(len(boards)), key=lambda i: sum(boards[i]))
    return (largest, next(legal_moves(rules, boards[largest])))

"""Wythoff's game and its variants: notation, moves, and the exact theory of losing positions.

Method: the losing positions (P-positions) are computed from closed formulas in
integer arithmetic, never from floating point, so the k-th one is exact for any
k (a float ``floor(k*phi)`` is already wrong at k = 102334155).  Every other
question about a single board - outcome, winning moves, remoteness - is reduced
to "which losing positions can this position reach?", and a position reaches at
most one losing position per pile and at most ``2a - 1`` along the diagonals.

Vocabulary:

* ``Position = tuple[int, int]`` - the two piles, in board order: ``(3, 7)``.
* ``Move = tuple[int, int]`` - pennies taken from the first and second pile:
  ``(0, 2)`` takes two from the second pile, ``(1, 1)`` one from each.
* ``Rules(a, misere)`` - ``a = 1`` is Wythoff's game; Fraenkel's a-Wythoff
  lets a move take ``k`` and ``l`` from both piles with ``|k - l| < a``;
  ``misere`` makes the player who takes the last penny lose.
* the k-th losing pair ``(A_k, B_k)`` with ``A_k <= B_k``, k = 0, 1, 2, ...

Normal play: ``A_k = floor(k*alpha)``, ``B_k = A_k + a*k`` with
``alpha = (2 - a + sqrt(a^2 + 4)) / 2`` (``phi`` when a = 1).  Misère with
a = 1 changes only the first two pairs to (0, 1), (2, 2); misère with a >= 2 has
the pairs (0, 1) and then ``A_k = mex``, ``B_k = A_k + a*k + 1`` (Fraenkel); the
tests check all of this against an exhaustive table.

Remoteness (moves left when the winner hurries and the loser delays) of the k-th
losing pair is ``2k`` in normal play and ``2k + 1`` in misère play; the tests
check that against an exhaustive retrograde search too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from math import isqrt

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams

Position = tuple[int, int]  # the two piles in board order: (3, 7)
Move = tuple[int, int]  # taken from (first, second): (0, 2)

MISERE_TABLE_LIMIT = 2_000_000  # largest pile for misère a >= 2 (computed by recurrence)


@dataclass(frozen=True)
class Rules:
    """Which Wythoff game: ``a`` bounds the difference of a two-pile move; misère or normal."""

    a: int = 1
    misere: bool = False

    def describe(self) -> str:
        """A short name: "Wythoff", "misère 2-Wythoff"."""
        name = "Wythoff" if self.a == 1 else f"{self.a}-Wythoff"
        return ("misère " if self.misere else "") + name


# -- notation -------------------------------------------------------------------

_PAIR = re.compile(r"^\s*\(?\s*(-?\d+)\s*[, ]\s*(-?\d+)\s*\)?\s*$")


def parse_position(text: str) -> Position:
    """Parse ``"3,5"`` or ``"(3, 5)"`` into ``(3, 5)``; ``InvalidNotation`` otherwise.

    >>> parse_position("(8, 13)")
    (8, 13)
    """
    match = _PAIR.match(text)
    if not match:
        raise InvalidNotation(f"position {text!r} is not two pile sizes like '8,13'")
    x, y = int(match.group(1)), int(match.group(2))
    if x < 0 or y < 0:
        raise InvalidNotation(f"position {text!r} has a negative pile; piles hold 0 or more pennies")
    return (x, y)


def format_position(pos: Position) -> str:
    """The canonical text of a position: ``"3,5"`` (round-trips with parse_position)."""
    return f"{pos[0]},{pos[1]}"


def parse_positions(text: str) -> tuple[Position, ...]:
    """Parse one board or a sum of boards: ``"3,5 + 4,7"`` (also ``;`` between boards)."""
    parts = [p for p in re.split(r"[+;]", text)]
    if not text.strip() or any(not p.strip() for p in parts):
        raise InvalidNotation(f"positions {text!r}: give boards like '3,5' or '3,5 + 4,7'")
    return tuple(parse_position(p) for p in parts)


def format_positions(boards: tuple[Position, ...]) -> str:
    """The canonical text of one or several boards: ``"3,5 + 4,7"``."""
    return " + ".join(format_position(b) for b in boards)


def show_positions(boards: tuple[Position, ...]) -> str:
    """Boards for reading: ``"(3, 5)"`` or ``"(3, 5) + (4, 7)"``."""
    return " + ".join(f"({x}, {y})" for x, y in boards)


_TO = re.compile(r"^\s*(?:to|->)\s*(.*)$", re.IGNORECASE)


def parse_move(text: str, pos: Position | None = None) -> Move:
    """Parse a move: ``"0,2"`` (taken from first, second) or ``"to 3,5"`` (the result).

    The ``to`` form needs the current position ``pos``.
    >>> parse_move("1, 1")
    (1, 1)
    >>> parse_move("to 3,5", (4, 6))
    (1, 1)
    """
    target = _TO.match(text)
    if target:
        if pos is None:
            raise InvalidNotation(f"move {text!r}: 'to X,Y' needs a current position")
        try:
            x, y = parse_position(target.group(1))
        except InvalidNotation:
            raise InvalidNotation(f"move {text!r}: after 'to' give the piles left, like 'to 3,5'") from None
        return (pos[0] - x, pos[1] - y)
    match = _PAIR.match(text)
    if not match:
        raise InvalidNotation(
            f"move {text!r} is not 'F,S' (pennies taken from the first and second pile) or 'to X,Y'"
        )
    return (int(match.group(1)), int(match.group(2)))


def format_move(move: Move) -> str:
    """The canonical text of a move: ``"0,2"``."""
    return f"{move[0]},{move[1]}"


def describe_move(move: Move) -> str:
    """A move in words: ``"take 2 from the second pile"``."""
    f, s = move
    if s == 0:
        return f"take {f} from the first pile"
    if f == 0:
        return f"take {s} from the second pile"
    if f == s:
        return f"take {f} from both piles"
    return f"take {f} from the first pile and {s} from the second"


# -- moves ----------------------------------------------------------------------


def check_move(rules: Rules, pos: Position, move: Move) -> Position:
    """Apply ``move`` to ``pos`` and return the new position; ``IllegalMove`` says why not."""
    f, s = move
    text = format_move(move)
    if f < 0 or s < 0:
        raise IllegalMove(f"move {text!r} takes a negative number of pennies")
    if f == 0 and s == 0:
        raise IllegalMove(f"move {text!r} takes nothing; every move takes at least one penny")
    if f > pos[0]:
        raise IllegalMove(f"move {text!r} takes {f} from the first pile, which holds only {pos[0]}")
    if s > pos[1]:
        raise IllegalMove(f"move {text!r} takes {s} from the second pile, which holds only {pos[1]}")
    if f > 0 and s > 0 and abs(f - s) >= rules.a:
        rule = "the same number from both piles" if rules.a == 1 else f"amounts differing by less than {rules.a}"
        raise IllegalMove(f"move {text!r} takes from both piles, which must be {rule}")
    return (pos[0] - f, pos[1] - s)


def legal_moves(rules: Rules, pos: Position) -> Iterator[Move]:
    """Every legal move, fewest pennies first (so a delaying loser finds small moves early)."""
    x, y = pos
    for total in range(1, x + y + 1):
        for f in range(max(0, total - y), min(x, total) + 1):
            s = total - f
            if f == 0 or s == 0 or abs(f - s) < rules.a:
                yield (f, s)


def move_count(rules: Rules, pos: Position) -> int:
    """How many legal moves ``pos`` has, counted by formula (no enumeration)."""
    x, y = pos
    both = 0
    for e in range(-(rules.a - 1), rules.a):  # s = f + e with f >= 1, s >= 1
        lo = max(1, 1 - e)
        hi = min(x, y - e)
        both += max(0, hi - lo + 1)
    return x + y + both


# -- losing positions ----------------------------------------------------------


def _floor_alpha(rules: Rules, k: int) -> int:
    """``floor(k*alpha)`` exactly: floor((N + sqrt(M)) / 2) == (N + isqrt(M)) // 2 for integer N."""
    a = rules.a
    return (k * (2 - a) + isqrt(k * k * (a * a + 4))) // 2


def _count_a(rules: Rules, n: int) -> int:
    """How many k >= 1 have ``floor(k*alpha) <= n``: floor((n+1)/alpha), with 1/alpha = (a-2+sqrt(a^2+4))/(2a)."""
    a = rules.a
    m = n + 1
    return (m * (a - 2) + isqrt(m * m * (a * a + 4))) // (2 * a)


@lru_cache(maxsize=16)
def _misere_pairs(a: int, limit: int) -> tuple[tuple[int, ...], tuple[int, ...], dict[int, int]]:
    """Misère a-Wythoff (a >= 2) pairs with ``A_k <= limit``: lists A, B and pile -> index."""
    first: list[int] = [0]
    second: list[int] = [1]
    index = {0: 0, 1: 0}
    candidate = 2
    k = 0
    while True:
        while candidate in index:
            candidate += 1
        if candidate > limit:
            break
        k += 1
        first.append(candidate)
        second.append(candidate + a * k + 1)
        index[candidate] = k
        index[candidate + a * k + 1] = k
    return tuple(first), tuple(second), index


def _misere_table(rules: Rules, pile: int) -> tuple[tuple[int, ...], tuple[int, ...], dict[int, int]]:
    """The misère a >= 2 recurrence, grown in powers of two to cover ``pile``."""
    if pile > MISERE_TABLE_LIMIT:
        raise InvalidParams(
            f"misère play with a = {rules.a} is computed by recurrence; piles up to "
            f"{MISERE_TABLE_LIMIT} only, not {pile}"
        )
    limit = 64
    while limit < pile:
        limit *= 2
    return _misere_pairs(rules.a, min(limit, 2 * MISERE_TABLE_LIMIT))


def p_position(rules: Rules, k: int) -> Position:
    """The k-th losing pair ``(A_k, B_k)`` (k from 0), exactly, for any size of k.

    >>> p_position(Rules(), 5)
    (8, 13)
    >>> p_position(Rules(), 10**30)[0]
    1618033988749894848204586834365
    """
    if k < 0:
        raise InvalidParams(f"losing positions are numbered from 0, not {k!r}")
    if rules.misere:
        if rules.a == 1:
            if k < 2:
                return ((0, 1), (2, 2))[k]
        else:
            bound = 4 * k + 64
            while True:
                first, second, _ = _misere_table(rules, bound)
                if k < len(first):
                    return (first[k], second[k])
                bound *= 2
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
            return _misere_table(rules, n)[2][n]
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


def game_over(rules: Rules, pos: Position) -> bool:
    """Whether no penny is left."""
    return pos == (0, 0)


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

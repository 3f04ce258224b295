"""Exact engine for the rotating coin table: belief-state search, construction, verification.

* ``solve`` - breadth-first search over beliefs (bit sets over rotation classes);
  exhaustive, so "no strategy" is a proof, and the first win found is shortest.
* ``construct`` - the layered strategy wherever a sure win exists (N = 1, or N
  and K powers of one prime p, and p = 2 with reflections): clear the table one
  level of a chain of subgroups at a time, K**N - 1 moves, which equals the
  lower bound below, so it is shortest.  ``layered_pieces`` streams it as text.
* ``verify`` - replays any strategy over *every* class at once (numpy), and on
  failure walks back through the stored beliefs to a concrete counterexample:
  a start table and a turn before each move that never reach the goal.
* ``trap`` - the Devil's certificate: a set of classes he can keep the table in
  forever, whatever the player flips (even a player who could see the class).

Lower bound: if the Devil never turns the table, the table after i moves is the
start plus the i-th prefix sum of the moves, so every non-goal start must be
cancelled by some prefix: a winning strategy has at least K**N - 1 moves
(K**(N-1) - 1 when the goal is "all alike", since K tables are goals).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from operator import or_
from typing import Any

from tutor.limits import CHECK_WORK
from tutor.puzzles import meter
from tutor.puzzles.coins.rules import Model, Move, Table
from tutor.search import breadth_first

SEARCH_CLASS_LIMIT = 200  # belief search is offered up to this many classes
SEARCH_STEP_LIMIT = 2_000_000

Belief = int  # bit set over class indices: 0b101110


@dataclass(frozen=True)
class Counterexample:
    """A replayable loss: start table, the Devil's turn before each move, tables after each move."""

    start: Table
    turns: tuple[int, ...]
    tables: tuple[Table, ...]  # the table after each move; the last is the final table

    @property
    def final(self) -> Table:
        """The table after the last move."""
        return self.tables[-1] if self.tables else self.start


@dataclass(frozen=True)
class Verification:
    """Exact verdict on a strategy: whether it wins and, if so, after how many moves at most."""

    wins: bool
    length: int
    won_by: int | None  # every game is over after this many moves
    counterexample: Counterexample | None


# -- transitions over class bit sets (for the search) -------------------------------


@dataclass(frozen=True)
class Transitions:
    """For each useful move, successor bit sets per class, chunked 8 classes at a time."""

    moves: tuple[Move, ...]
    succ: tuple[tuple[Belief, ...], ...]  # succ[i][c]: classes reachable from class c by moves[i]
    chunks: tuple[tuple[tuple[Belief, ...], ...], ...]  # chunks[i][j][byte]
    by_chunk: tuple[tuple[tuple[Belief, ...], ...], ...]  # by_chunk[j][byte][i], every move at once

    def expand(self, belief: Belief) -> list[Belief]:
        """The belief after each move, in move order (ORs of precomputed per-byte rows, in C)."""
        rows = []
        j = 0
        while belief:
            byte = belief & 0xFF
            if byte:
                rows.append(self.by_chunk[j][byte])
            belief >>= 8
            j += 1
        if not rows:
            return [0] * len(self.moves)
        out: Iterable[Belief] = rows[0]
        for row in rows[1:]:
            out = map(or_, out, row)
        return list(out)

    def step(self, belief: Belief, index: int) -> Belief:
        """The belief after move ``index``."""
        tables = self.chunks[index]
        out = 0
        j = 0
        while belief:
            out |= tables[j][belief & 0xFF]
            belief >>= 8
            j += 1
        return out


@cache
def transitions(model: Model) -> Transitions:
    """Successor tables for every class of moves, duplicates (same effect) removed."""
    count = model.class_count
    seen: dict[tuple[Belief, ...], Move] = {}
    for move in model.move_classes():
        pred = model.predecessors(move)
        succ = [0] * count
        goal = model.goal_classes()
        for row in pred.tolist():
            for target, source in enumerate(row):
                if not goal[target]:
                    succ[source] |= 1 << target
        seen.setdefault(tuple(succ), move)
    moves = tuple(seen.values())
    succs = tuple(seen.keys())
    chunks = []
    for row_bits in succs:
        per_chunk = []
        for j in range(0, count, 8):
            table = [0] * 256
            for byte in range(1, 256):
                low = byte & -byte
                c = j + low.bit_length() - 1
                table[byte] = table[byte ^ low] | (row_bits[c] if c < count else 0)
            per_chunk.append(tuple(table))
        chunks.append(tuple(per_chunk))
    by_chunk = tuple(tuple(tuple(chunks[i][j][byte] for i in range(len(moves))) for byte in range(256))
                     for j in range(len(chunks[0]) if chunks else 0))
    return Transitions(moves, succs, tuple(chunks), by_chunk)


def searchable(model: Model) -> bool:
    """Whether exhaustive belief search is offered for this model."""
    return model.class_count <= SEARCH_CLASS_LIMIT


def to_bits(belief: Any) -> Belief:
    """numpy bool vector over classes -> int bit set."""
    import numpy as np

    return int.from_bytes(np.packbits(belief, bitorder="little").tobytes(), "little")


def from_bits(model: Model, bits: Belief) -> Any:
    """int bit set -> numpy bool vector over classes."""
    import numpy as np

    count = model.class_count
    packed = np.frombuffer(bits.to_bytes((count + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(packed, count=count, bitorder="little").astype(bool)


def start_bits(model: Model) -> Belief:
    """Every class not already won, as a bit set."""
    return to_bits(model.start_belief())


@dataclass(frozen=True)
class SearchOutcome:
    """Shortest strategy from a belief (None when none exists), best first moves, states explored."""

    strategy: list[Move] | None
    best_first: list[Move]
    explored: int


@cache
def search_from(model: Model, belief: Belief) -> SearchOutcome:
    """Exhaustive belief-state BFS from ``belief`` to the empty belief (everything won).

    Raises ``SearchLimit`` if the space is larger than the engine will search.
    """
    trans = transitions(model)
    # the budget is in belief steps (states x moves), so giving up takes seconds, not minutes
    limit = max(20_000, SEARCH_STEP_LIMIT // max(1, len(trans.moves)))
    result = breadth_first(belief, lambda b: b == 0, range(len(trans.moves)), trans.step, limit=limit,
                           expand=trans.expand)
    if result.path is None:
        return SearchOutcome(None, [], result.explored)
    strategy = [trans.moves[i] for i in result.path]
    best = [trans.moves[i] for i in sorted(result.first_actions)]
    return SearchOutcome(strategy, best, result.explored)


def solve(model: Model) -> SearchOutcome:
    """Shortest winning strategy by exhaustive search from the full belief."""
    return search_from(model, start_bits(model))


# -- the Devil's trap ---------------------------------------------------------------


TRAP_CLASS_LIMIT = 1500


def trap(model: Model) -> Belief:
    """The largest set of non-goal classes the Devil can keep the table in forever.

    Computed as a greatest fixed point: drop any class from which some move
    forces every turned result out of the set.  Non-empty means no strategy
    exists, even for a player told the class before each move.
    """
    import numpy as np

    count = model.class_count
    alive = model.start_belief().copy()
    preds = [model.predecessors(move) for move in model.move_classes()]
    while True:
        keep = alive.copy()
        for pred in preds:
            # a class keeps a successor in the set if it is the predecessor of some live class
            has_next = np.bincount(pred[:, alive].ravel(), minlength=count) > 0
            keep &= has_next
        if (keep == alive).all():
            break
        alive = keep
    return to_bits(alive)


# -- construction ---------------------------------------------------------------------
#
# A *level* is a pair (e, q): a subgroup chain V = U_0 > U_1 > ... > U_L = W (W: the goal
# tables) whose steps U_i / U_(i+1) are cyclic of order q_i, generated by the move e_i, and
# fixed by every turn.  Then S_L = [] and S_i = S_(i+1), e_i, S_(i+1), ..., e_i, S_(i+1)
# (q_i copies of S_(i+1)) wins from every table of U_i: S_(i+1) never changes the table's
# class modulo U_(i+1) (its moves lie in U_(i+1), and turns fix the class), each e_i steps
# the class once round the q_i classes, so one copy of S_(i+1) starts inside U_(i+1).
# Its length is q_0 q_1 ... q_(L-1) - 1 = |V / W| - 1, the lower bound.

Level = tuple[Move, int]  # ((1, 1, 0, 0), 2): the move e stepping across one level, and the level's order q


def prime_power(n: int) -> tuple[int, int] | None:
    """(p, a) with n == p**a, p prime and a >= 1; None for 1 and for n with two prime factors.

    >>> prime_power(8), prime_power(9), prime_power(12), prime_power(1)
    ((2, 3), (3, 2), None, None)
    """
    if n < 2:
        return None
    p = smallest_prime_factor(n)
    a = 0
    while n % p == 0:
        n //= p
        a += 1
    return (p, a) if n == 1 else None


def smallest_prime_factor(n: int) -> int:
    """The smallest prime dividing n >= 2 (trial division: instant for n up to 10**12)."""
    if n % 2 == 0:
        return 2
    d = 3
    while d * d <= n:
        if n % d == 0:
            return d
        d += 2
    return n


def winnable(n: int, k: int, dihedral: bool) -> bool:
    """The theorem's condition (either goal): N = 1, or N and K powers of one prime p, and p = 2 if
    the Devil may reflect (theory.py proves both directions)."""
    if n == 1:
        return True
    pn, pk = prime_power(n), prime_power(k)
    return pn is not None and pk is not None and pn[0] == pk[0] and (pk[0] == 2 or not dihedral)


def levels(n: int, k: int, dihedral: bool = False, goal: str = "heads") -> list[Level]:
    """The levels of the layered strategy, outermost first (ValueError when no sure win exists).

    N = 1: one level, Z/K itself, stepped by adding 1.  N = p**a, K = p**b: read a table as
    a polynomial mod x**N - 1 with coefficients mod p**b; the levels are
    U_(i,j) = p**(i+1) V + p**i (x - 1)**j V for i < b, j < N, each of order p, stepped by
    e_(i,j) = p**i (x - 1)**j.  A turn by r multiplies by x**r = (1 + (x - 1))**r, which
    fixes every class; a reflection sends (x - 1)**j to (-x**-1)**j (x - 1)**j, acting by
    (-1)**j, which is the identity exactly when p = 2.  For the goal "all alike" the level
    j = N - 1 of each i vanishes: p**i (x - 1)**(N - 1) equals p**i times the all-ones table
    plus a multiple of p**(i+1).

    >>> [("".join(map(str, e)), q) for e, q in levels(2, 4)]
    [('10', 2), ('31', 2), ('20', 2), ('22', 2)]
    """
    if not winnable(n, k, dihedral):
        raise ValueError(f"no sure win for N = {n}, K = {k}" + (" with reflections" if dihedral else ""))
    if n == 1:
        return [] if goal == "same" else [((1,), k)]
    pk = prime_power(k)
    assert pk is not None
    p, b = pk
    rows = [(1,) + (0,) * (n - 1)]
    for _ in range(n - 1):  # multiply by (x - 1): the coefficients of (x - 1)**j, as integers mod K
        prev = rows[-1]
        rows.append(tuple((prev[t - 1] if t else 0) - prev[t] for t in range(n)))
    steps = n - 1 if goal == "same" else n
    return [(tuple(p**i * c % k for c in rows[j]), p) for i in range(b) for j in range(steps)]


def layered(levels: list[Level]) -> list[Move]:
    """The layered strategy S_0 of ``levels``, as a list (see the section comment).

    >>> ["".join(map(str, m)) for m in layered(levels(2, 2))]
    ['11', '10', '11']
    """
    strategy: list[Move] = []
    for move, order in reversed(levels):
        inner = strategy
        strategy = list(inner)
        for _ in range(order - 1):
            strategy.append(move)
            strategy.extend(inner)
    return strategy


def layered_length(levels: list[Level]) -> int:
    """How many moves ``layered(levels)`` has: q_0 q_1 ... - 1."""
    total = 1
    for _, order in levels:
        total *= order
    return total - 1


def layered_pieces(levels: list[Level], word: Callable[[Move], str], sep: str,
                   block: int = 1 << 14) -> Iterator[str]:
    """The layered strategy as text, in pieces of about ``block`` moves: each move written by
    ``word``, moves separated by ``sep``.  Memory stays bounded whatever the length.

    The inner levels whose strategy has at most ``block`` moves are written once; the outer
    levels' moves between copies of it follow a mixed-radix counter (the ruler sequence).

    >>> "".join(layered_pieces(levels(2, 2), lambda m: "".join(map(str, m)), " ", block=1))
    '11 10 11'
    >>> "".join(layered_pieces(levels(1, 4), str, ",", block=0))  # no inner block: no leading separator
    '(1,),(1,),(1,)'
    """
    cut = len(levels)
    while cut and layered_length(levels[cut - 1:]) <= block:
        cut -= 1
    inner = sep.join(word(m) for m in layered(levels[cut:]))
    outer = levels[:cut]
    words = [word(move) for move, _ in outer]
    digits = [0] * cut
    pieces = [inner] if inner else []
    size = len(inner)
    for count in range(layered_length(outer)):
        i = cut - 1
        while digits[i] == outer[i][1] - 1:
            digits[i] = 0
            i -= 1
        digits[i] += 1
        piece = (sep if count or inner else "") + words[i] + (sep + inner if inner else "")
        pieces.append(piece)
        size += len(piece)
        if size >= 1 << 16:  # hand out about 64 KB at a time, however small the inner block
            yield "".join(pieces)
            pieces = []
            size = 0
    if pieces:
        yield "".join(pieces)


def construction_applies(model: Model) -> bool:
    """Whether the layered strategy exists (exactly when a sure win exists: theory.py)."""
    return winnable(model.n, model.k, model.dihedral)


def construct(model: Model) -> list[Move]:
    """The layered strategy of K**N - 1 moves (K**(N-1) - 1 for "all alike"), which equals the
    lower bound below, so it is shortest.

    >>> from tutor.puzzles.coins.rules import model
    >>> ["".join(map(str, m)) for m in construct(model(2))]
    ['11', '10', '11']
    """
    if not construction_applies(model):
        raise ValueError(f"no winning strategy exists for {model}")
    return layered(levels(model.n, model.k, model.dihedral, model.goal))


def lower_bound(model: Model) -> int:
    """No winning strategy is shorter than this (prefix-sum argument, module docstring)."""
    return model.tables - 1 if model.goal == "heads" else model.tables // model.k - 1


# -- verification -----------------------------------------------------------------------


def verify(model: Model, strategy: list[Move]) -> Verification:
    """Exactly decide whether ``strategy`` wins for every start and every turn.

    Beliefs are stored bit-packed so a failure can be walked back to a
    concrete counterexample.
    """
    import numpy as np

    cost = model.check_cost(strategy)
    CHECK_WORK.check(cost, f"checking {len(strategy):,} moves over {model.class_count:,} classes takes {cost:,} steps")
    belief = model.start_belief()
    history = [np.packbits(belief)]
    for i, move in enumerate(strategy):
        if not belief.any():
            return Verification(True, len(strategy), i, None)
        belief = model.step(belief, move)
        history.append(np.packbits(belief))
        if i % 64 == 63:
            meter.report(i + 1, len(strategy))
    if not belief.any():
        return Verification(True, len(strategy), len(strategy), None)
    return Verification(False, len(strategy), None, _walk_back(model, strategy, history))


def _walk_back(model: Model, strategy: list[Move], history: list[Any]) -> Counterexample:
    """From a class still possible at the end, recover a start and turns that never win.

    The beliefs hold classes, so the concrete table after move i may be any
    turned copy of the one the walk reached (the Devil's next turn is free):
    take a copy whose table before move i is in a class possible after move i - 1.
    """
    import numpy as np

    count = model.class_count

    def possible(step: int, table: Table) -> bool:
        bits = np.unpackbits(history[step], count=count)
        return bool(bits[model.class_of(table)])

    final_bits = np.unpackbits(history[-1], count=count)
    target = model.representative(int(np.flatnonzero(final_bits)[0]))
    tables: list[Table] = []  # the table after each move, last move first
    turns: list[int] = []  # the Devil's turn before each move, last move first
    for step in range(len(strategy), 0, -1):
        undo = tuple((-d) % model.k for d in strategy[step - 1])
        for g in range(len(model.group)):
            after = model.apply_turn(target, g)
            if possible(step - 1, model.add(after, undo)):
                break
        else:  # pragma: no cover - the stored beliefs guarantee a predecessor
            raise AssertionError("belief history is inconsistent")
        if tables:  # the turn before the following move takes ``after`` to ``target``
            turns.append(next(h for h in range(len(model.group)) if model.apply_turn(after, h) == target))
        tables.append(after)
        target = model.add(after, undo)
    if strategy:
        turns.append(0)  # start from ``target`` itself: no turn needed before the first move
    tables.reverse()
    turns.reverse()
    return Counterexample(target, tuple(turns), tuple(tables))


"""The Lights Out engine: solvability, solutions, counts, minimal presses, quiet patterns.

Pressing is linear: the board after presses ``x`` is ``b + A x`` (mod k) with
``A`` the press matrix, so the presses that darken ``b`` are the solutions of
``A x = -b``.  Hence

* the board is solvable iff ``-b`` is in the column space of ``A``; ``A`` is
  symmetric, so iff ``b`` is orthogonal to every *quiet pattern* (null vector
  of ``A``: presses that change nothing);
* a solvable board has exactly ``k ** nullity`` solutions, one per quiet
  pattern added to any one solution;
* the fewest presses is a minimum over that coset, found by enumerating the
  null space when it is small enough (Gray-code order, one XOR per step) and by
  local search otherwise (then reported as not proven minimal).

Classic rules use the chase (``engine.chase``); a torus with plus or hollow
presses and 2 states uses the torus chase (``engine.torus``); every other
variant uses full elimination on the press matrix, GF(2) bit-packed or GF(p)
byte-packed (``engine.packed``) for k prime.

Sutner's theorem decides one board without any of this: with 2 states, when
every press toggles its own cell, the all-on board is always solvable
(``sutner``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from tutor.errors import InvalidParams
from tutor.maths import gf2
from tutor.puzzles.lightsout.engine import chase, coset, packed, torus
from tutor.puzzles.lightsout.rules.grid import (
    NEIGHBOURHOODS,
    Board,
    Pattern,
    Rules,
    dot,
    from_bitmask,
    negate,
    press_rows_gf2,
    press_rows_packed,
    to_bitmask,
    transpose,
)

PRIME_STATES = (2, 3, 5, 7)  # the primes up to the 10 states allowed: a cell's states form the field GF(p)
MAX_GF2_CELLS = 4096  # full elimination (variants): about a second at this size
MAX_GFP_CELLS = 625  # dense GF(p) elimination
MAX_TORUS_CELLS = 1_000_000  # the torus chase: a 1000 x 1000 torus is analysed in well under a second
COSET_BITS = 1 << 26  # nullity x cells past this: the quiet patterns are too many to search (torus chase)
SEARCH_BUDGET = 1 << 20  # coset members x (cells / 4096) tried exhaustively
GFP_CHUNK_BYTES = 1 << 22  # the table of low combinations in the GF(p) coset search
LOCAL_SEARCH_TRIES = 20_000  # past the budget: greedy descent, this many candidates


@dataclass(frozen=True)
class Analysis:
    """What the rules alone determine: rank, nullity, and a basis of quiet patterns."""

    rules: Rules
    rank: int
    nullity: int
    quiet: Sequence[Pattern]  # a basis of the quiet patterns (press counts); read lazily on a big torus
    method: str  # "chase", "torus chase" or "elimination"

    @property
    def solutions_per_board(self) -> int:
        """How many press patterns solve each solvable board: k ** nullity."""
        return self.rules.states**self.nullity

    @property
    def solvable_boards(self) -> int:
        """How many boards can be solved: k ** rank."""
        return self.rules.states**self.rank


@dataclass(frozen=True)
class Solution:
    """A board solved: one solution (minimal if ``minimal``), or the reason there is none."""

    rules: Rules
    board: Board
    analysis: Analysis
    pattern: Pattern | None  # fewest presses found, None if unsolvable
    minimal: bool  # True when the whole coset was searched
    searched: int  # coset members examined
    obstruction: Pattern | None  # a quiet pattern not orthogonal to the board

    @property
    def solvable(self) -> bool:
        """Whether some presses darken the board."""
        return self.pattern is not None

    @property
    def press_count(self) -> int:
        """The number of presses of the solution found (0 if unsolvable)."""
        return sum(self.pattern) if self.pattern is not None else 0

    @property
    def solutions(self) -> int:
        """The number of solutions (0 if unsolvable)."""
        return self.analysis.solutions_per_board if self.solvable else 0


def check_size(rules: Rules) -> None:
    """Refuse boards too large for the method that solves them, naming its limit."""
    if rules.classic:
        return
    if torus.applies(rules):
        if rules.cells > MAX_TORUS_CELLS:
            raise InvalidParams(
                f"board {rules.rows}x{rules.cols} has {rules.cells} cells: a torus with {rules.neighbourhood} "
                f"presses is solved by the torus chase, limited to {MAX_TORUS_CELLS} cells"
            )
        return
    limit = MAX_GF2_CELLS if rules.states == 2 else MAX_GFP_CELLS
    if rules.cells > limit:
        chased = (" (a torus with plus or hollow presses and 2 states is chased up to "
                  f"{MAX_TORUS_CELLS} cells)" if rules.torus else "")
        raise InvalidParams(
            f"board {rules.rows}x{rules.cols} has {rules.cells} cells: variants ({rules.describe()}) "
            f"are solved by full elimination, limited to {limit} cells; the classic rules have no limit"
            + chased
        )
    if rules.states not in PRIME_STATES:
        raise InvalidParams(f"states must be a prime number (solved over GF(p)): one of "
                            f"{', '.join(map(str, PRIME_STATES))}, not {rules.states!r}")


def sutner(rules: Rules) -> bool:
    """Whether Sutner's theorem makes the all-on board solvable: 2 states, every press toggles its own cell.

    The press matrix A is symmetric; over GF(2), ``x . A x`` is the sum of
    ``A_ii x_i`` (the other terms pair up and cancel), so with an odd diagonal
    it is ``x . (all on)``.  A quiet pattern has ``A x = 0``, so it covers an
    even number of cells, and the all-on board is orthogonal to every quiet
    pattern: solvable.  The diagonal counts the offsets that land on the cell
    itself (only ``(0, 0)`` on a flat board; on a torus also whole turns).
    """
    if rules.states != 2:
        return False
    if rules.torus:
        own = sum(1 for dr, dc in NEIGHBOURHOODS[rules.neighbourhood]
                  if dr % rules.rows == 0 and dc % rules.cols == 0)
    else:
        own = sum(1 for offset in NEIGHBOURHOODS[rules.neighbourhood] if offset == (0, 0))
    return own % 2 == 1


@lru_cache(maxsize=32)
def analyze(rules: Rules) -> Analysis:
    """Rank, nullity and quiet patterns of the rules (cached: rules are immutable)."""
    check_size(rules)
    if rules.classic:
        return _analyze_chase(rules)
    if torus.applies(rules):
        nullity = torus.nullity(rules)
        return Analysis(rules, rules.cells - nullity, nullity, torus.QuietBasis(rules, nullity), "torus chase")
    if rules.states == 2:
        rows = press_rows_gf2(rules)
        ech = gf2.rref(rows, rules.cells)
        quiet = tuple(from_bitmask(v, rules.cells) for v in gf2.nullspace(rows, rules.cells))
        return Analysis(rules, ech.rank, len(quiet), quiet, "elimination")
    null = packed.nullspace(press_rows_packed(rules), rules.cells, rules.states)
    quiet = tuple(v.to_bytes(rules.cells, "little") for v in null)
    return Analysis(rules, rules.cells - len(quiet), len(quiet), quiet, "elimination")


def _analyze_chase(rules: Rules) -> Analysis:
    flipped = rules.cols > rules.rows  # chase along the long side: min(m, n) unknowns
    inner = Rules(rules.cols, rules.rows) if flipped else rules
    system = chase.chase_system(inner.rows, inner.cols)
    tops = gf2.nullspace(system.rows, inner.cols)
    quiet = tuple(chase.quiet_pattern(inner, t) for t in tops)
    if flipped:
        quiet = tuple(transpose(inner, q) for q in quiet)
    return Analysis(rules, rules.cells - len(quiet), len(quiet), quiet, "chase")


def one_solution(rules: Rules, board: Board) -> Pattern | None:
    """Some press pattern that darkens ``board``, or None if it cannot be darkened."""
    check_size(rules)
    if rules.classic:
        if rules.cols > rules.rows:
            inner = Rules(rules.cols, rules.rows)
            pattern = chase.solve_by_chase(inner, transpose(rules, board))
            return None if pattern is None else transpose(inner, pattern)
        return chase.solve_by_chase(rules, board)
    if torus.applies(rules):
        return torus.solve_by_chase(rules, board)
    if rules.states == 2:
        rows = press_rows_gf2(rules)
        mask = to_bitmask(board)
        x = gf2.solve(rows, rules.cells, [(mask >> i) & 1 for i in range(rules.cells)])
        return None if x is None else from_bitmask(x, rules.cells)
    sol = packed.solve(press_rows_packed(rules), negate(rules, board), rules.cells, rules.states)
    return None if sol is None else sol.to_bytes(rules.cells, "little")


def obstruction(analysis: Analysis, board: Board) -> Pattern | None:
    """A quiet pattern the board is not orthogonal to (proof it is unsolvable), or None.

    The first in the basis order; on a big torus found from every inner product at once.
    """
    if isinstance(analysis.quiet, torus.QuietBasis):
        index = analysis.quiet.first_obstruction(board)
        return None if index is None else analysis.quiet[index]
    for q in analysis.quiet:
        if dot(q, board, analysis.rules.states):
            return q
    return None


@lru_cache(maxsize=16)
def solve(rules: Rules, board: Board, *, minimize: bool = True, budget: int = SEARCH_BUDGET) -> Solution:
    """Solve ``board``: one solution, made minimal by searching the quiet patterns (cached: a step's quantity,
    its explanation and its refutation all ask about the same board, which may have a million cells)."""
    analysis = analyze(rules)
    pattern = one_solution(rules, board)
    if pattern is None:
        return Solution(rules, board, analysis, None, False, 0, obstruction(analysis, board))
    if not minimize or analysis.nullity == 0 or (
            isinstance(analysis.quiet, torus.QuietBasis) and analysis.nullity * rules.cells > COSET_BITS):
        return Solution(rules, board, analysis, pattern, analysis.nullity == 0, 1, None)
    best, exhaustive, searched = minimal_in_coset(rules, pattern, analysis.quiet, budget)
    return Solution(rules, board, analysis, best, exhaustive, searched, None)


def minimal_in_coset(
    rules: Rules, pattern: Pattern, quiet: Sequence[Pattern], budget: int = SEARCH_BUDGET
) -> tuple[Pattern, bool, int]:
    """The fewest-press member of ``pattern + span(quiet)``: (best, proven minimal, tried)."""
    k, d = rules.states, len(quiet)
    scale = max(1, rules.cells // 4096)
    if k**d * scale <= budget:
        if k == 2:
            return _gray_search(rules, pattern, quiet)
        return _gfp_search(rules, pattern, quiet)
    tries = min(budget // scale, LOCAL_SEARCH_TRIES)
    if k == 2:
        return _local_search_gf2(rules, pattern, quiet, tries)
    return _local_search(rules, pattern, quiet, tries)


def _gray_search(rules: Rules, pattern: Pattern, quiet: Sequence[Pattern]) -> tuple[Pattern, bool, int]:
    x = to_bitmask(pattern)
    vecs = [to_bitmask(q) for q in quiet]
    best, best_w = x, x.bit_count()
    for i in range(1, 1 << len(vecs)):
        x ^= vecs[(i & -i).bit_length() - 1]  # Gray code: one basis vector flips per step
        w = x.bit_count()
        if w < best_w:
            best, best_w = x, w
    return from_bitmask(best, rules.cells), True, 1 << len(vecs)


def _gfp_search(rules: Rules, pattern: Pattern, quiet: Sequence[Pattern]) -> tuple[Pattern, bool, int]:
    """Every coset member, in the order of its coefficients read as a base-k number (quiet[0] fastest): the
    first with the fewest presses.  The low coefficients' combinations are one uint8 table, reused for each
    combination of the high ones, so a step is three byte-wide numpy passes (add, reduce mod k, sum)."""
    import numpy as np

    k, d, n = rules.states, len(quiet), rules.cells
    low = 0
    while low < d and k ** (low + 1) * n <= GFP_CHUNK_BYTES:
        low += 1
    vecs = np.array([np.frombuffer(q, dtype=np.uint8) for q in quiet], dtype=np.int64).reshape(d, n)
    digits = np.array(list(itertools.product(range(k), repeat=low)), dtype=np.int64).reshape(k**low, low)
    table = ((digits[:, ::-1] @ vecs[:low]) % k).astype(np.uint8)  # row i = the low combination numbered i
    base = np.frombuffer(pattern, dtype=np.uint8).astype(np.int64)
    best, best_w = base.astype(np.uint8), int(base.sum())
    total = np.uint16 if n * (k - 1) < 1 << 16 else np.int64  # a narrow sum is 10x faster
    for high in itertools.product(range(k), repeat=d - low):
        row = ((base + np.array(high[::-1], dtype=np.int64) @ vecs[low:]) % k).astype(np.uint8)
        cands = table + row
        np.minimum(cands, cands - np.uint8(k), out=cands)  # entries below 2k: c - k wraps above 2k when c < k
        weights = np.add.reduce(cands, axis=1, dtype=total)
        i = int(weights.argmin())
        if int(weights[i]) < best_w:
            best, best_w = cands[i].copy(), int(weights[i])
    return best.tobytes(), True, k**d


def _local_search_gf2(
    rules: Rules, pattern: Pattern, quiet: Sequence[Pattern], budget: int
) -> tuple[Pattern, bool, int]:
    """Best found by greedy descent from seeded random coset members (not a proof)."""
    rng = random.Random(0)
    base = to_bitmask(pattern)
    vecs = [to_bitmask(q) for q in quiet]
    best, best_w, tried = base, base.bit_count(), 0
    while tried < budget:
        cur = base
        for v in vecs:
            if rng.getrandbits(1):
                cur ^= v
        cur_w = cur.bit_count()
        improved = True
        while improved and tried < budget:
            improved = False
            for v in vecs:
                tried += 1
                w = (cur ^ v).bit_count()
                if w < cur_w:
                    cur, cur_w, improved = cur ^ v, w, True
        if cur_w < best_w:
            best, best_w = cur, cur_w
        tried += 1
    return from_bitmask(best, rules.cells), False, tried


def _local_search(
    rules: Rules, pattern: Pattern, quiet: Sequence[Pattern], budget: int
) -> tuple[Pattern, bool, int]:
    """Best found by greedy descent from seeded random coset members (not a proof)."""
    import numpy as np

    k = rules.states
    rng = random.Random(0)
    base = np.frombuffer(pattern, dtype=np.uint8).astype(np.int64)
    vecs = [np.frombuffer(q, dtype=np.uint8).astype(np.int64) for q in quiet]
    best, best_w = base, int(base.sum())
    tried = 0
    while tried < budget:
        cur = base.copy()
        for v in vecs:
            cur = (cur + rng.randrange(k) * v) % k
        cur_w = int(cur.sum())
        improved = True
        while improved and tried < budget:
            improved = False
            for v in vecs:
                for a in range(1, k):
                    tried += 1
                    cand = (cur + a * v) % k
                    w = int(cand.sum())
                    if w < cur_w:
                        cur, cur_w, improved = cand, w, True
        if cur_w < best_w:
            best, best_w = cur, cur_w
        tried += 1
    return best.astype(np.uint8).tobytes(), False, tried


def solvable(rules: Rules, board: Board) -> bool:
    """Whether ``board`` can be darkened (orthogonal to every quiet pattern)."""
    return obstruction(analyze(rules), board) is None


def all_solutions(rules: Rules, board: Board) -> coset.AllSolutions:
    """Every solution of ``board`` (2 states): one solution plus each quiet pattern, listed or counted by presses;
    kept for boards of up to ``KEPT_CELLS`` (a practice step weighs hundreds of small boards, each many times).

    Refused (``InvalidParams``) with more states, or when the solutions are too many to count (``coset``).
    """
    if rules.cells <= KEPT_CELLS:
        return _kept_solutions(rules, board)
    return _all_solutions(rules, board)


KEPT_CELLS = 400  # boards whose solutions are kept, 1,024 of them (20 x 20 at most: a few MB in all)


@lru_cache(maxsize=1024)
def _kept_solutions(rules: Rules, board: Board) -> coset.AllSolutions:
    return _all_solutions(rules, board)


def _all_solutions(rules: Rules, board: Board) -> coset.AllSolutions:
    coset.check_states(rules)
    return coset.coset(rules, one_solution(rules, board), analyze(rules).quiet)


def nullity(rules: Rules) -> tuple[int, str]:
    """The nullity of the rules and the method that found it, without building the quiet patterns.

    Classic: the chase system along the long side (min(m, n) unknowns); a torus with plus or hollow presses
    and 2 states: the torus chase; otherwise the rank by full elimination.
    """
    check_size(rules)
    if rules.classic:
        short, long = sorted((rules.rows, rules.cols))
        return short - gf2.rank(chase.chase_system(long, short).rows), "chase"
    if torus.applies(rules):
        return torus.nullity(rules), "torus chase"
    if rules.states == 2:
        return rules.cells - gf2.rank(press_rows_gf2(rules)), "elimination"
    return rules.cells - packed.rref(press_rows_packed(rules), rules.cells, rules.states).rank, "elimination"

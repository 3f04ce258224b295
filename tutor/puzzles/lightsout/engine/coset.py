"""Every solution of a 2-state board: the coset ``x0 + ker A``, listed, or counted by presses.

Vocabulary::

    Weights = tuple[tuple[int, int], ...]  # (presses, solutions) pairs, fewest first: 5x5 all on -> ((15, 4),)
    Packed = numpy array of uint64         # coset members as rows of 64-bit words, bit i = cell i

A solvable board has ``2^nullity`` solutions: one solution ``x0`` plus any
quiet pattern.  They are enumerated without a Python loop per member: the
combinations of the first basis vectors (at most ``LOW_BITS``, and a table of at
most ``TABLE_BYTES``) are one packed table built by doubling, and each
combination of the remaining vectors, taken in Gray-code order (one XOR per
step), is XORed onto the whole table at once; popcounts of the words give every
member's presses.  That is 2^nullity x words of work, so it is bounded
(``COUNT_NULLITY``, ``COUNT_WORK``) and refused past the bound.  The MacWilliams
identity would count a coset through the dual code instead, but for a press
matrix the dual code is the column space, of dimension rank = cells - nullity,
which is never the smaller side: it would not reach further.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tutor.errors import InvalidParams
from tutor.puzzles.lightsout.rules.grid import Pattern, Rules, from_bitmask, to_bitmask

Weights = tuple[tuple[int, int], ...]  # (presses, solutions), fewest presses first, only counts above 0

LIST_LIMIT = 4096  # solutions listed one by one (nullity 12)
LIST_CELLS = 1 << 22  # solutions x cells listed at most (4096 solutions of 1024 cells)
COUNT_NULLITY = 24  # the largest nullity whose 2^nullity solutions are counted by presses
COUNT_WORK = 1 << 30  # 2^nullity x 64-bit words per solution: a few seconds
LOW_BITS = 12  # basis vectors combined in the table
TABLE_BYTES = 1 << 24  # the table's size at most


@dataclass(frozen=True)
class AllSolutions:
    """Every solution of a board: how many, how many of each number of presses, and the list when short."""

    count: int  # 2^nullity, or 0 when the board cannot be darkened
    weights: Weights
    listed: tuple[Pattern, ...] | None  # every solution, fewest presses first; None past the listing limits
    nullity: int

    @property
    def fewest(self) -> int | None:
        """The fewest presses of any solution (None when there is none)."""
        return self.weights[0][0] if self.weights else None


def check_states(rules: Rules) -> None:
    """Refuse rules with more than 2 states: a solution's presses are then counted with multiplicity."""
    if rules.states != 2:
        raise InvalidParams(f"--all lists and counts solutions with 2 states only, not {rules.states} "
                            f"(with k states a solvable board has k^nullity solutions: see --json's 'solutions')")


def check_countable(rules: Rules, nullity: int) -> None:
    """Refuse a board whose solutions are too many to count one by one, naming the limit."""
    check_states(rules)
    words = -(-rules.cells // 64)
    if nullity > COUNT_NULLITY or (1 << nullity) * words > COUNT_WORK:
        raise InvalidParams(
            f"--all: the {rules.describe()} board has nullity {nullity}: its 2^{nullity} solutions are past the "
            f"limit for counting them one by one (nullity at most {COUNT_NULLITY}, and 2^nullity x {words} "
            f"words of 64 cells at most 2^{COUNT_WORK.bit_length() - 1}; docs/limits.md)")


def listable(rules: Rules, nullity: int) -> bool:
    """Whether every solution is listed: at most ``LIST_LIMIT`` of them, and ``LIST_CELLS`` cells in all."""
    return (1 << nullity) <= LIST_LIMIT and (1 << nullity) * rules.cells <= LIST_CELLS


def coset(rules: Rules, x0: Pattern | None, quiet: Sequence[Pattern]) -> AllSolutions:
    """Every solution ``x0 + span(quiet)`` (2 states; ``x0`` None: the board cannot be darkened)."""
    nullity = len(quiet)
    check_states(rules)
    if x0 is None:
        return AllSolutions(0, (), (), nullity)
    check_countable(rules, nullity)
    words = -(-rules.cells // 64)
    start = _pack([to_bitmask(x0)], words)[0]
    basis = _pack([to_bitmask(q) for q in quiet], words)
    if listable(rules, nullity):
        members = _table(start, basis)
        weights = _popcounts(members)
        order = sorted(range(len(members)), key=lambda i: (int(weights[i]), _cells_key(members[i])))
        listed = tuple(from_bitmask(_unpack(members[i]), rules.cells) for i in order)
        return AllSolutions(1 << nullity, _tally(weights, rules.cells), listed, nullity)
    return AllSolutions(1 << nullity, _count(start, basis, rules.cells), None, nullity)


def _pack(masks: Sequence[int], words: int) -> Any:
    """Bit sets as rows of little-endian 64-bit words."""
    import numpy as np

    raw = b"".join(m.to_bytes(words * 8, "little") for m in masks)
    return np.frombuffer(raw, dtype="<u8").reshape(len(masks), words).copy()


def _unpack(row: Any) -> int:
    """One packed row back as a bit set."""
    return int.from_bytes(row.tobytes(), "little")


def _cells_key(row: Any) -> tuple[int, ...]:
    """The pressed cells of a packed row, in row-major order (to order solutions of equal presses): read from its
    bits at once (peeling one bit at a time off a million-cell int would be quadratic)."""
    import numpy as np

    bits = np.unpackbits(np.ascontiguousarray(row).view(np.uint8), bitorder="little")
    return tuple(int(i) for i in np.flatnonzero(bits))


def _table(start: Any, basis: Any) -> Any:
    """``start`` plus every combination of ``basis``: row j adds the vectors of j's bits (by doubling)."""
    import numpy as np

    table = np.empty((1 << len(basis), start.shape[0]), dtype=np.uint64)
    table[0] = start
    for i, vector in enumerate(basis):
        half = 1 << i
        np.bitwise_xor(table[:half], vector, out=table[half : 2 * half])
    return table


def _popcounts(rows: Any) -> Any:
    """The presses of each packed row."""
    import numpy as np

    return np.bitwise_count(rows).sum(axis=1, dtype=np.int64)


def _tally(weights: Any, cells: int) -> Weights:
    """``(presses, members)`` pairs from every member's presses."""
    import numpy as np

    counts = np.bincount(weights, minlength=cells + 1)
    return tuple((int(w), int(c)) for w, c in enumerate(counts) if c)


def _count(start: Any, basis: Any, cells: int) -> Weights:
    """How many members of ``start + span(basis)`` have each number of presses, without listing them."""
    import numpy as np

    words = start.shape[0]
    low = min(len(basis), LOW_BITS, max(0, (TABLE_BYTES // (8 * words)).bit_length() - 1))
    table = _table(start, basis[:low])
    high = basis[low:]
    counts = np.zeros(cells + 1, dtype=np.int64)
    shift = np.zeros(words, dtype=np.uint64)
    scratch = np.empty_like(table)
    for step in range(1 << len(high)):
        if step:
            shift ^= high[(step & -step).bit_length() - 1]  # Gray code: one vector changes per step
        np.bitwise_xor(table, shift, out=scratch)
        counts += np.bincount(_popcounts(scratch), minlength=cells + 1)
    return tuple((int(w), int(c)) for w, c in enumerate(counts) if c)


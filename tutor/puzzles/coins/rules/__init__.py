"""The rotating coin table as data: the game, tables, turns, classes, beliefs, and the move notation (``notation``).

A *table* of N counters with K faces is a vector of digits, position p holding
the face of the coin at p (0 = heads).  It is encoded as an int in base K,
digit p for position p: with coins, bit p set means "tails at p".  The Devil's
*turn* is a permutation of positions (a rotation, or with dihedral symmetry
also a reflection); the learner's *move* adds a digit vector mod K.

Because the Devil turns the table before every move, only a table's *class*
(its orbit under the turns) matters to the player: a *belief* is the set of
classes the table may still be in, stored as a numpy bool vector (or, for the
search, as a Python int bit set over class indices).

Vocabulary (N = 4, K = 2):
    Table = int     # 0b0110: tails at positions 1 and 2  -> "HTTH"
    Move = tuple    # (1, 0, 1, 0): flip positions 0 and 2 -> "02"
    Turn = int      # index into Model.group: r < N rotates by r, r >= N reflects
    Belief = numpy bool array over class indices
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from tutor.errors import InvalidParams
from tutor.puzzles.coins.limits import CHECK_WORK, MOVE_TABLE_BYTES
from tutor.puzzles.coins.rules import classes
from tutor.puzzles.coins.rules.notation import (
    Move,
    format_move,
    format_strategy,
    parse_move,
    parse_strategy,
    positions,
)

if TYPE_CHECKING:
    import numpy as np

Table = int

PER_MOVE = 25_000  # check_work steps for what a check does in Python per move
MAX_TABLES = 1 << 20  # K**N limit for exact work over every table (check, hint, play, lesson counts)


def fits(n: int, k: int, limit: int = MAX_TABLES) -> bool:
    """Whether K**N <= limit, without computing K**N for huge N.

    >>> fits(20, 2), fits(21, 2), fits(10**6, 2)
    (True, False, False)
    """
    total = 1
    for _ in range(n):
        total *= k
        if total > limit:
            return False
    return True


@dataclass(frozen=True)
class Model:
    """N positions, K faces, the Devil's symmetry and the goal; with precomputed classes."""

    n: int
    k: int = 2
    dihedral: bool = False
    goal: str = "heads"  # "heads": every coin 0; "same": every coin alike
    _cache: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        if self.n < 1 or self.k < 2:
            raise InvalidParams(f"need at least 1 coin and 2 faces, not {self.n} and {self.k}")

    @property
    def enumerable(self) -> bool:
        """Whether every table can be enumerated (K**N <= MAX_TABLES): check, hint and play need it."""
        return fits(self.n, self.k)

    def require_enumerable(self) -> None:
        """Refuse, in one line naming the limit, work that enumerates every table of a table too large."""
        if not self.enumerable:
            raise InvalidParams(
                f"{self.n} coins with {self.k} faces make {self.k}^{self.n} tables, more than the "
                f"{MAX_TABLES:,} (2^20) that check, hint and play enumerate; solve and analyze work at any size"
            )

    # -- the group of turns -------------------------------------------------

    @cached_property
    def group(self) -> tuple[tuple[int, ...], ...]:
        """Every turn as a permutation: coin at position p moves to position g[p]."""
        self.require_enumerable()
        n = self.n
        turns = [tuple((p + r) % n for p in range(n)) for r in range(n)]
        if self.dihedral:
            turns += [tuple((r - p) % n for p in range(n)) for r in range(n)]
        return tuple(turns)

    def turn_label(self, index: int) -> int | str:
        """A turn for people and JSON: rotation r as the int r, reflection as "mirror r"."""
        return index if index < self.n else f"mirror {index - self.n}"

    # -- tables ---------------------------------------------------------------

    @property
    def tables(self) -> int:
        """How many tables there are: K**N."""
        return self.k**self.n

    def encode(self, digits: Move) -> Table:
        """Digit vector -> table code."""
        code = 0
        for d in reversed(digits):
            code = code * self.k + d
        return code

    def decode(self, table: Table) -> Move:
        """Table code -> digit vector."""
        out = []
        for _ in range(self.n):
            table, d = divmod(table, self.k)
            out.append(d)
        return tuple(out)

    def apply_turn(self, table: Table, turn: int) -> Table:
        """The table after turn ``turn``: the coin at p moves to group[turn][p]."""
        digits = self.decode(table)
        perm = self.group[turn]
        moved = [0] * self.n
        for p, d in enumerate(digits):
            moved[perm[p]] = d
        return self.encode(tuple(moved))

    def add(self, table: Table, move: Move) -> Table:
        """The table after adding ``move`` (flipping, for coins)."""
        digits = self.decode(table)
        return self.encode(tuple((d + m) % self.k for d, m in zip(digits, move, strict=True)))

    def is_goal(self, table: Table) -> bool:
        """Whether the game is over at ``table``."""
        digits = self.decode(table)
        return digits[0] == 0 and len(set(digits)) == 1 if self.goal == "heads" else len(set(digits)) == 1

    def show(self, table: Table) -> str:
        """A table as text indexed by position: "HTTH" for coins, "1202" otherwise."""
        digits = self.decode(table)
        if self.k == 2:
            return "".join("T" if d else "H" for d in digits)
        return "".join(str(d) for d in digits)

    # -- classes (numpy, built once) -----------------------------------------------

    def _arrays(self) -> dict[Any, Any]:
        """Class index of every table, class representatives, their digits, the goal classes (``classes``)."""
        if "cls" in self._cache:
            return self._cache
        self.require_enumerable()
        import numpy as np

        cls, reps = classes.canonical(self.n, self.k, self.dihedral)
        goal_mask = np.zeros(len(reps), dtype=bool)
        goal_tables = [0] if self.goal == "heads" else [self.encode((d,) * self.n) for d in range(self.k)]
        goal_mask[cls[goal_tables]] = True
        self._cache.update(cls=cls, reps=reps, goal=goal_mask, open=~goal_mask)
        return self._cache

    @property
    def class_count(self) -> int:
        """How many classes of tables there are under the Devil's turns."""
        return len(self._arrays()["reps"])

    @property
    def class_total(self) -> int:
        """The same count by Burnside's lemma, without enumerating a table (for costs estimated before work)."""
        self.require_enumerable()
        return classes.class_total(self.n, self.k, self.dihedral)

    @property
    def class_index(self) -> np.ndarray:
        """The class of every table, as an array indexed by table code."""
        return self._arrays()["cls"]

    @property
    def representatives(self) -> np.ndarray:
        """The smallest table of every class, by class index (ascending: class 0 is the table 0 alone)."""
        return self._arrays()["reps"]

    def class_of(self, table: Table) -> int:
        """The class index of a table."""
        return int(self._arrays()["cls"][table])

    def representative(self, cls: int) -> Table:
        """The smallest table code in class ``cls``."""
        return int(self._arrays()["reps"][cls])

    def goal_classes(self) -> np.ndarray:
        """Bool vector over classes: which classes end the game."""
        return self._arrays()["goal"]

    def start_belief(self) -> np.ndarray:
        """Every class that is not already won."""
        return ~self.goal_classes()

    def orbit(self, move: Move) -> list[Move]:
        """The distinct turned copies of a move (the moves the Devil can make of it)."""
        seen: dict[Move, None] = {}
        for perm in self.group:
            moved = [0] * self.n
            for p, d in enumerate(move):
                moved[perm[p]] = d
            seen.setdefault(tuple(moved), None)
        return list(seen)

    def predecessors(self, move: Move) -> np.ndarray:
        """Array P[j, c] (intp): the class of rep(c) minus the j-th turned copy of ``move``.

        Class c can follow ``move`` from a belief B exactly when some P[j, c] is in B.
        """
        tables: dict[Move, np.ndarray] = self._cache.setdefault("pred", {})
        cached = tables.pop(move, None)
        if cached is not None:
            tables[move] = cached  # most recently used last
            return cached
        import numpy as np

        arrays = self._arrays()
        orbit = np.array([self.encode(copy) for copy in self.orbit(move)], dtype=np.int64)
        pred = classes.predecessor_table(arrays["cls"], arrays["reps"], orbit, self.n, self.k)
        held = self._cache.get("pred_bytes", 0) + pred.nbytes
        while tables and held > MOVE_TABLE_BYTES.value:  # drop the least recently used: memory stays bounded
            held -= tables.pop(next(iter(tables))).nbytes
        tables[move] = pred
        self._cache["pred_bytes"] = held
        return pred

    def check_cost(self, strategy: list[Move]) -> int:
        """The work of checking ``strategy`` (docs/limits.md, check_work), in steps of about a nanosecond, from the
        moves and Burnside's count alone (nothing is enumerated before the work is allowed): per move, one step per
        class and copy of the move (its distinct turned copies) and one per class, and PER_MOVE for what is done in
        Python (the step itself, walking back to a counterexample); per per-move table built, coins + 8 per class
        and copy.  Hints and games replay moves the same way, without the walk back, and are charged the same."""
        count, distinct = self.class_total, Counter(strategy)
        cheapest = len(strategy) * (2 * count + PER_MOVE) + len(distinct) * count * (self.n + 8)
        if cheapest > CHECK_WORK.value:  # over the limit even if no move had two copies: no need to count them
            return cheapest
        rows = self.copies(list(distinct)) if distinct else []
        uses = list(distinct.values())
        fits = sum(rows) * count * 8 <= MOVE_TABLE_BYTES.value  # intp entries: every table stays cached
        built = sum(rows) if fits else sum(r * u for r, u in zip(rows, uses, strict=True))  # rows of tables built
        stepping = sum(u * (count * (r + 1) + PER_MOVE) for r, u in zip(rows, uses, strict=True))
        return stepping + built * count * (self.n + 8)

    def copies(self, moves: list[Move]) -> list[int]:
        """How many distinct turned copies each move has (the rows of its per-move table), without building it."""
        import numpy as np

        codes = np.array([self.encode(move) for move in moves], dtype=np.int64)
        return [int(c) for c in classes.copies(codes, self.n, self.k, self.dihedral).tolist()]

    def step(self, belief: np.ndarray, move: Move) -> np.ndarray:
        """The belief after the Devil's turn and ``move``; won classes drop out."""
        import numpy as np

        after = np.take(belief, self.predecessors(move)).any(axis=0)
        after &= self._arrays()["open"]
        return after

    def move_classes(self) -> list[Move]:
        """One representative of every class of non-empty moves (turned copies are equal)."""
        reps = self._arrays()["reps"]
        return [tuple(row) for row in classes.digits_of(reps[reps != 0], self.n, self.k).tolist()]

    def names_in(self, bits: int, limit: int | None = None) -> list[str]:
        """The names of the classes in a bit set, in class order (the first ``limit`` of them)."""
        import numpy as np

        names = self.class_names()
        count = len(names)
        packed = np.frombuffer(bits.to_bytes((count + 7) // 8, "little"), dtype=np.uint8)
        chosen = np.flatnonzero(np.unpackbits(packed, count=count, bitorder="little"))[:limit]
        return [names[c] for c in chosen.tolist()]

    def class_names(self) -> list[str]:
        """Each class shown as the first of its tables in reading order ("HHHT", not "THHH")."""
        names = self._cache.get("names")
        if names is None:
            arrays = self._arrays()
            names = self._cache["names"] = classes.names(arrays["cls"], arrays["reps"], self.n, self.k,
                                                         self.dihedral)
        return names


@cache
def model(n: int, k: int = 2, dihedral: bool = False, goal: str = "heads") -> Model:
    """The shared Model for these parameters (classes are built once per process)."""
    return Model(n, k, dihedral, goal)


class Symmetry(StrEnum):
    """What the Devil may do to the table between moves."""

    ROTATION = "rotation"  # turn it
    DIHEDRAL = "dihedral"  # turn it or turn it over (reflect it)


class Goal(StrEnum):
    """When the game ends."""

    HEADS = "heads"  # every coin shows heads
    SAME = "same"  # every coin shows the same face


@dataclass(frozen=True)
class CoinGame:
    """The puzzle's parameters, validated once: N positions, K faces, the Devil's symmetry, the goal.

    The enumerated structures (classes, moves) live in ``model``, built on first use.
    """

    coins: int = 4
    sides: int = 2
    symmetry: Symmetry = Symmetry.ROTATION
    goal: Goal = Goal.HEADS

    def __post_init__(self) -> None:
        object.__setattr__(self, "symmetry", Symmetry(self.symmetry))
        object.__setattr__(self, "goal", Goal(self.goal))

    @property
    def model(self) -> Model:
        """The shared enumerated model of this table."""
        return model(self.coins, self.sides, self.symmetry is Symmetry.DIHEDRAL, self.goal.value)

    @property
    def goal_text(self) -> str:
        """The goal in words: "all heads" or "all alike"."""
        return {Goal.HEADS: "all heads", Goal.SAME: "all alike"}[self.goal]


__all__ = [
    "MAX_TABLES",
    "CoinGame",
    "Goal",
    "Model",
    "Move",
    "Symmetry",
    "Table",
    "fits",
    "format_move",
    "format_strategy",
    "model",
    "parse_move",
    "parse_strategy",
    "positions",
]

"""An independent statement of the coin-table rules, written from the issue alone.

The engine under test works on rotation classes with numpy and bit sets.  This
module knows none of that: a table is a tuple of digits indexed by position,
the Devil's turns are explicit permutations, and a belief is a plain set of
tables.  It is deliberately slow and obvious, so that the other coin tests can
check every engine result against it (``from test_coins_rules import Rules``).

The tests at the bottom pin the rules themselves to hand-worked examples, so a
mistake here cannot silently agree with a mistake in the engine.
"""

from __future__ import annotations

from collections import deque
from functools import cached_property
from itertools import product
from math import gcd

Table = tuple[int, ...]  # (0, 1, 1, 0): heads at 0, tails at 1 and 2 -> "HTTH"
Move = tuple[int, ...]  # (1, 0, 1, 0): flip positions 0 and 2


class Rules:
    """N positions, K faces, the Devil's turns (rotations, optionally reflections), the goal."""

    def __init__(self, n: int, k: int = 2, dihedral: bool = False, goal: str = "heads") -> None:
        self.n, self.k, self.dihedral, self.goal = n, k, dihedral, goal
        self.tables: list[Table] = list(product(range(k), repeat=n))
        self.index = {t: i for i, t in enumerate(self.tables)}

    # -- the rules, stated plainly -----------------------------------------------------

    @cached_property
    def turns(self) -> list[tuple[int, ...]]:
        """Each turn as "coin at p goes to position perm[p]"; rotations first, as labels 0..N-1."""
        n = self.n
        perms = [tuple((p + r) % n for p in range(n)) for r in range(n)]
        if self.dihedral:
            perms += [tuple((r - p) % n for p in range(n)) for r in range(n)]
        return perms

    def turn(self, table: Table, perm: tuple[int, ...]) -> Table:
        """The table after the Devil moves the coin at p to position perm[p]."""
        out = [0] * self.n
        for p, face in enumerate(table):
            out[perm[p]] = face
        return tuple(out)

    def label(self, label: int | str) -> tuple[int, ...]:
        """A JSON turn label (an int r, or "mirror r") as a permutation."""
        if isinstance(label, int):
            return tuple((p + label) % self.n for p in range(self.n))
        word, r = label.split()
        assert word == "mirror"
        return tuple((int(r) - p) % self.n for p in range(self.n))

    def add(self, table: Table, move: Move) -> Table:
        """Flip (add mod K) the positions the move names."""
        return tuple((a + b) % self.k for a, b in zip(table, move, strict=True))

    def is_goal(self, table: Table) -> bool:
        """All heads, or (goal "same") all faces alike."""
        return all(d == 0 for d in table) if self.goal == "heads" else len(set(table)) == 1

    def show(self, table: Table) -> str:
        """"HTTH" for coins, digits for counters."""
        return "".join(("HT"[d] if self.k == 2 else str(d)) for d in table)

    def read(self, text: str) -> Table:
        """The inverse of ``show``."""
        return tuple(("HT".index(c) if self.k == 2 else int(c)) for c in text)

    # -- beliefs -------------------------------------------------------------------------

    def start(self) -> frozenset[Table]:
        """Every table on which the game is not already over."""
        return frozenset(t for t in self.tables if not self.is_goal(t))

    def step(self, belief: frozenset[Table], move: Move) -> frozenset[Table]:
        """Every table possible after the Devil's turn and the move, unless the game ended."""
        after = {self.add(self.turn(t, g), move) for t in belief for g in self.turns}
        return frozenset(t for t in after if not self.is_goal(t))

    def after(self, strategy: list[Move]) -> frozenset[Table]:
        """The tables still possible after playing ``strategy``."""
        belief = self.start()
        for move in strategy:
            if not belief:
                break
            belief = self.step(belief, move)
        return belief

    def won_by(self, strategy: list[Move]) -> int | None:
        """How many moves it takes until every game is over (None if some game never ends)."""
        belief = self.start()
        for i, move in enumerate(strategy):
            if not belief:
                return i
            belief = self.step(belief, move)
        return None if belief else len(strategy)

    def wins(self, strategy: list[Move]) -> bool:
        """Whether the strategy ends the game for every start and every choice of turns."""
        return not self.after(strategy)

    def moves(self) -> list[Move]:
        """Every move, the empty one included."""
        return list(self.tables)

    def shortest(self, start: frozenset[Table] | None = None, limit: int = 200_000) -> int | None:
        """Length of a shortest winning strategy from ``start`` (default: every non-won table)
        by plain BFS over beliefs; None when none exists.

        Raises ``RuntimeError`` past ``limit`` beliefs, so a None is always a proof.
        """
        moves = self.moves()
        # successor sets per (move, table): the belief step is their union
        succ = {m: {t: self.step(frozenset([t]), m) for t in self.tables} for m in moves}
        start = self.start() if start is None else start
        if not start:
            return 0
        seen = {start}
        frontier = deque([(start, 0)])
        while frontier:
            belief, depth = frontier.popleft()
            for m in moves:
                nxt = frozenset().union(*(succ[m][t] for t in belief))
                if not nxt:
                    return depth + 1
                if nxt not in seen:
                    seen.add(nxt)
                    if len(seen) > limit:
                        raise RuntimeError("belief space too large for the brute force")
                    frontier.append((nxt, depth + 1))
        return None

    # -- classes ---------------------------------------------------------------------------

    def name(self, table: Table) -> str:
        """A class's name: the first, in reading order, of the table's turned copies."""
        return min(self.show(self.turn(table, g)) for g in self.turns)

    def names(self, belief: frozenset[Table] | set[Table]) -> set[str]:
        """The classes a set of tables meets."""
        return {self.name(t) for t in belief}

    def class_count(self) -> int:
        """Classes by enumeration."""
        return len(self.names(set(self.tables)))

    def class_count_formula(self) -> int:
        """Burnside's lemma with math.gcd: a rotation by r fixes K**gcd(r, N) tables."""
        n, k = self.n, self.k
        fixed = sum(k ** gcd(r, n) for r in range(n))
        if not self.dihedral:
            return fixed // n
        # a reflection fixes K**(orbits of positions it makes); count its cycles directly
        for r in range(n):
            perm = [(r - p) % n for p in range(n)]
            cycles = len({frozenset((p, perm[p])) for p in range(n)})
            fixed += k**cycles
        return fixed // (2 * n)

    # -- traps and replays -----------------------------------------------------------------

    def is_trap(self, names: set[str]) -> bool:
        """Whether the Devil can keep the table inside these classes forever, whatever is flipped."""
        cells = {t for t in self.tables if self.name(t) in names}
        if not cells or any(self.is_goal(t) for t in cells):
            return False
        reps = {}
        for t in cells:
            reps.setdefault(self.name(t), t)
        return all(any(self.add(self.turn(t, g), m) in cells for g in self.turns)
                   for t in reps.values() for m in self.moves())

    def replay(self, start: Table, labels: list[int | str], strategy: list[Move]) -> list[Table]:
        """The tables after each move when the Devil turns by ``labels``; asserts the game never ends."""
        assert not self.is_goal(start), f"{self.show(start)} is already won"
        table = start
        out = []
        for i, (label, move) in enumerate(zip(labels, strategy, strict=True), 1):
            table = self.add(self.turn(table, self.label(label)), move)
            assert not self.is_goal(table), f"the game ends at move {i}"
            out.append(table)
        return out


def flips(n: int, *positions: int) -> Move:
    """A coin move naming positions: flips(4, 0, 2) == (1, 0, 1, 0)."""
    return tuple(1 if p in positions else 0 for p in range(n))


def moves_of(text: str, n: int) -> list[Move]:
    """Position-digit moves written by hand: "0123 02" (independent of the engine's parser)."""
    return [flips(n, *(int(c) for c in word if c != "-")) for word in text.split()]


FIFTEEN = "0123 02 0123 01 0123 02 0123 012 0123 02 0123 01 0123 02 0123"


# -- the rules themselves, on hand-worked examples -------------------------------------------


def test_turn_moves_coin_at_p_to_p_plus_r() -> None:
    rules = Rules(4)
    assert rules.show(rules.turn(rules.read("TTHH"), rules.label(1))) == "HTTH"
    assert rules.show(rules.turn(rules.read("THHH"), rules.label(3))) == "HHHT"
    assert rules.show(rules.turn(rules.read("TTHH"), rules.label("mirror 0"))) == "THHT"


def test_flip_and_goal() -> None:
    rules = Rules(4)
    assert rules.show(rules.add(rules.read("HHHT"), flips(4, 0, 2))) == "THTT"
    assert rules.is_goal(rules.read("HHHH")) and not rules.is_goal(rules.read("TTTT"))
    assert Rules(4, goal="same").is_goal(rules.read("TTTT"))


def test_flipping_everything_rules_out_all_tails() -> None:
    rules = Rules(4)
    after = rules.step(rules.start(), flips(4, 0, 1, 2, 3))
    assert len(rules.start()) == 15 and len(after) == 14 and rules.read("TTTT") not in after


def test_the_known_fifteen_move_strategy_wins_and_shorter_prefixes_do_not() -> None:
    rules = Rules(4)
    strategy = moves_of(FIFTEEN, 4)
    assert rules.wins(strategy)
    assert not rules.wins(strategy[:-1])


def test_brute_force_shortest_for_tiny_tables() -> None:
    assert Rules(1).shortest() == 1
    assert Rules(2).shortest() == 3
    assert Rules(3).shortest() is None


def test_class_counts_by_hand() -> None:
    assert Rules(4).names(set(Rules(4).tables)) == {"HHHH", "HHHT", "HHTT", "HTHT", "HTTT", "TTTT"}
    assert Rules(6, dihedral=True).class_count() == Rules(6, dihedral=True).class_count_formula() == 13

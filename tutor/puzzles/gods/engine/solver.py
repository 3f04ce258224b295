"""The solver: memoised AND-OR search over bit sets of identities.

What must be identified is an *identity* (the assignment of roles, plus the
meaning of "ja" when that is asked for too).  A question to god g splits the
possible identities freely among the worlds where g is not Random, and the
identities where g is Random land in both branches.  So a state is a bit set
of identities, a move is (god, subset of the non-Random part), and
``solvable(S, k)`` - "S can be told apart with k more questions" - is an
AND-OR search memoised on ``(S, k)``.

Why identities, not worlds, when the language need not be found: any tree can
be rewritten so that each world answers exactly as its twin with the other
meaning of "ja" (questions are arbitrary sets of worlds, so the twin can be
made to follow the same path).  Hence a world set is solvable iff its
identity closure is - the set form of the embedded-question lemma - and the
search needs only 6 bits for the classic puzzle.  The count of working first
questions in the classic computer model (any subset of the 12 worlds) is still exact: a
question is counted by which branch each world lands in, and each branch is
judged by its closure.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product

from tutor.bits import members
from tutor.errors import SearchLimit
from tutor.puzzles.gods.rules.lang import Bin, InWorlds, Means, Node, Not, Pattern, Role, Say, You, truth_mask
from tutor.puzzles.gods.rules.tree import Ask, Leaf, Tree, display_words
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet

ItemSet = int  # bit set over identities: 0b111111 for the six assignments
Split = tuple[ItemSet, ItemSet, ItemSet]  # (the asked god's non-Random "first word" part, first branch, second)


@dataclass(frozen=True)
class Plan:
    """A solution over identities: a leaf (``god`` is None) or a question and its two subplans.

    ``ja`` is the set of identities that (when the asked god is not Random)
    answer with ``Universe.words[0]``; ``first``/``second`` are the subplans for
    ``words[0]`` / ``words[1]``.
    """

    items: ItemSet
    god: int | None = None
    ja: ItemSet = 0
    first: Plan | None = None
    second: Plan | None = None

    @property
    def depth(self) -> int:
        """The most questions asked on any path."""
        if self.god is None:
            return 0
        assert self.first is not None and self.second is not None
        return 1 + max(self.first.depth, self.second.depth)


class Solver:
    """Exact search for one universe; results are memoised across calls."""

    def __init__(self, u: Universe, budget: int = 2_000_000, prune: bool = True) -> None:
        self.u = u
        self.prune = prune  # False: no counting bounds (for an exhaustive certificate)
        self.n = len(u.identities)
        self.all_items: ItemSet = (1 << self.n) - 1
        self.rand = tuple(self.items_of(u.random(g)) for g in range(len(u.gods)))
        self.memo: dict[tuple[int, int], bool] = {}
        self.budget = budget
        self.moves = 0
        self._formulas: list[tuple[ItemSet, WorldSet, Node]] | None = None

    # -- worlds <-> identities -------------------------------------------------

    def items_of(self, worlds: WorldSet) -> ItemSet:
        """The identities present in a world set (its closure)."""
        out = 0
        ident = self.u.identity
        while worlds:
            low = worlds & -worlds
            out |= 1 << ident[low.bit_length() - 1]
            worlds ^= low
        return out

    def worlds_of(self, items: ItemSet) -> WorldSet:
        """Every world whose identity is in ``items``."""
        out = 0
        for i, ident in enumerate(self.u.identity):
            if items >> ident & 1:
                out |= 1 << i
        return out

    # -- the search -------------------------------------------------------------

    def lower_bound(self, items: ItemSet | None = None) -> int:
        """The counting bound: k questions have at most 2**k answer paths."""
        count = (self.all_items if items is None else items).bit_count()
        k = 0
        while (1 << k) < count:
            k += 1
        return k

    def splits(self, s: ItemSet, k: int, god: int, candidates: list[ItemSet] | None = None) -> Iterator[Split]:
        """Useful splits of ``s`` by a question to ``god`` with ``k`` questions left.

        Yields (ja part, first branch, second branch); skips splits that leave a
        branch equal to ``s`` or too big for the questions left, and (unless
        ``candidates`` are given) yields each unordered pair once.
        """
        r = s & self.rand[god]
        rest = s & ~r
        if not rest:
            return
        cap = (1 << (k - 1)) - r.bit_count() if self.prune else self.n
        total = rest.bit_count()
        if cap < 1 or total > 2 * cap:
            return
        if candidates is None:
            low = rest & -rest
            rem = rest ^ low
            sub = rem
            while True:
                x = sub | low
                c = x.bit_count()
                if x != rest and c <= cap and total - c <= cap:
                    yield x, x | r, (rest ^ x) | r
                if sub == 0:
                    break
                sub = (sub - 1) & rem
            return
        for cand in candidates:
            x = cand & rest
            c = x.bit_count()
            if x and x != rest and c <= cap and total - c <= cap:
                yield x, x | r, (rest ^ x) | r

    def solvable(self, s: ItemSet, k: int) -> bool:
        """Whether the identities in ``s`` can be told apart with at most ``k`` questions."""
        if s & (s - 1) == 0:
            return True
        if k == 0 or (self.prune and s.bit_count() > (1 << k)):
            return False
        key = (s, k)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        result = False
        for g in range(len(self.u.gods)):
            for _, a, b in self.splits(s, k, g):
                self.moves += 1
                if self.moves > self.budget:
                    raise SearchLimit(f"search budget of {self.budget} moves spent")
                if self.solvable(a, k - 1) and self.solvable(b, k - 1):
                    result = True
                    break
            if result:
                break
        self.memo[key] = result
        return result

    def plan(self, s: ItemSet, k: int) -> Plan | None:
        """A plan telling ``s`` apart in at most ``k`` questions, preferring simply-worded questions."""
        if s & (s - 1) == 0:
            return Plan(s)
        if not self.solvable(s, k):
            return None
        cands = [m for m, _, _ in self.formulas()]
        for tried in (cands, None):
            for g in range(len(self.u.gods)):
                for x, a, b in self.splits(s, k, g, tried):
                    if self.solvable(a, k - 1) and self.solvable(b, k - 1):
                        first, second = self.plan(a, k - 1), self.plan(b, k - 1)
                        return Plan(s, g, x, first, second)
        raise AssertionError("solvable state without a working split")

    def shortest(self, limit: int) -> tuple[int | None, Plan | None]:
        """The fewest questions (at most ``limit``) that identify every world, and a plan."""
        for k in range(self.lower_bound(), limit + 1):
            if self.solvable(self.all_items, k):
                return k, self.plan(self.all_items, k)
        return None, None

    # -- counting first questions ----------------------------------------------

    def working_first(self, k: int) -> dict[str, int]:
        """Count first questions after which both branches finish in ``k - 1`` questions.

        ``questions`` counts the classic computer model (god, any subset of all worlds);
        ``splits`` the distinct ways of sending worlds to the two answers;
        ``language_free`` the splits that keep each world with its twin.
        """
        per = self.working_first_per_god(k)
        return {**{key: sum(counts) for key, counts in per.items()}, "all_questions": len(self.u.gods) << self.u.size}

    def working_first_per_god(self, k: int) -> dict[str, list[int]]:
        """The counts of ``working_first`` per asked god, in god order."""
        u = self.u
        out: dict[str, list[int]] = {"questions": [], "splits": [], "language_free": []}
        for g in range(len(u.gods)):
            r_worlds = u.random(g)
            r_items = self.rand[g]
            # worlds per identity outside Random's worlds: a twin pair may be split
            twins = {i: (self.worlds_of(1 << i) & ~r_worlds).bit_count() for i in members(self.all_items & ~r_items)}
            order = list(twins)
            g_splits = g_free = 0
            for choice in product((0, 1, 2), repeat=len(order)):
                a = b = r_items
                weight = 1
                for item, c in zip(order, choice, strict=True):
                    bit = 1 << item
                    if c == 0:
                        a |= bit
                    elif c == 1:
                        b |= bit
                    else:
                        if twins[item] < 2:
                            weight = 0
                            break
                        a |= bit
                        b |= bit
                        weight *= (1 << twins[item]) - 2
                if weight and self.solvable(a, k - 1) and self.solvable(b, k - 1):
                    g_splits += weight
                    if 2 not in choice:
                        g_free += 1
            out["questions"].append(g_splits << r_worlds.bit_count())
            out["splits"].append(g_splits)
            out["language_free"].append(g_free)
        return out

    # -- readable questions ------------------------------------------------------

    def formulas(self) -> list[tuple[ItemSet, WorldSet, Node]]:
        """Short propositions in the question language, simplest first: (identities, worlds, formula).

        Literals, then and/or of two literals, then xor of two atoms; each
        identity set is kept once, with its first (simplest) formula.
        """
        if self._formulas is not None:
            return self._formulas
        u = self.u
        atoms: list[Node] = [Role(g, r) for g in u.gods for r in ("True", "False", "Random") if r in u.roles]
        if u.identify_language:
            atoms.append(Means("ja", "yes"))
        lits: list[Node] = atoms + [Not(a) for a in atoms]
        cands: list[Node] = list(lits)
        for op in ("and", "or"):
            for i, x in enumerate(lits):
                for y in lits[i + 1:]:
                    if y != Not(x) and x != Not(y):
                        cands.append(Bin(op, x, y))
        for i, x in enumerate(atoms):
            for y in atoms[i + 1:]:
                cands.append(Bin("xor", x, y))
        seen: set[WorldSet] = set()
        out = []
        for f in cands:
            w = truth_mask(f, u, 0)
            if w in seen or w in (0, u.full):
                continue
            seen.add(w)
            out.append((self.items_of_formula(w), w, f))
        self._formulas = out
        return out

    def items_of_formula(self, worlds: WorldSet) -> ItemSet:
        """The identities on which a formula is true (formulas here never split twins)."""
        return self.items_of(worlds)

    def proposition(self, x: ItemSet, care: ItemSet) -> Node:
        """A proposition true on the identities ``x`` and false on ``care - x`` (others: don't care)."""
        for items, _, f in self.formulas():
            if items & care == x:
                return f
        u = self.u
        pats = []
        for i in members(x):
            ident = u.identities[i]
            roles = ident if isinstance(ident, tuple) else ident.roles
            ja = None if isinstance(ident, tuple) else ("yes" if ident.ja_yes else "no")
            pats.append(Pattern(tuple(zip(u.gods, roles, strict=True)), ja))
        return InWorlds(tuple(pats))

    def question(self, node: Plan) -> Node:
        """The question of a plan node, worded so that the first word means "in ``node.ja``"."""
        assert node.god is not None
        u = self.u
        care = node.items & ~self.rand[node.god]
        p = to_you(self.proposition(node.ja, care), u.gods[node.god])
        liars = self.items_of(u.liar(node.god)) & care
        if u.known_language and not liars:
            return p
        return Say(u.words[0], p)


def to_you(node: Node, god: str) -> Node:
    """Reword atoms about the asked god as ``you are ...`` (the same proposition, read naturally)."""
    match node:
        case Role(asked, role) if asked == god:
            return You(role)
        case Not(body):
            return Not(to_you(body, god))
        case Bin(op, left, right):
            return Bin(op, to_you(left, god), to_you(right, god))
    return node


def plan_tree(solver: Solver, plan: Plan) -> Tree:
    """The plan as a question tree in the learner's notation (questions in the question language)."""
    u = solver.u
    if plan.god is None:
        if plan.items == 0:
            return Leaf(None)
        ident = u.identities[members(plan.items)[0]]
        if isinstance(ident, tuple):
            return Leaf(ident)
        return Leaf(ident.roles, "yes" if ident.ja_yes else "no")
    assert plan.first is not None and plan.second is not None
    subs = {u.words[0]: plan_tree(solver, plan.first), u.words[1]: plan_tree(solver, plan.second)}
    return Ask(u.gods[plan.god], solver.question(plan), tuple((w, subs[w]) for w in display_words(u)))

"""The solver: what must be identified, as bit sets of identities, searched by class counts.

What must be identified is an *identity* (the assignment of roles, plus the
meaning of "ja" when that is asked for too).  A question to god g splits the
possible identities freely among the worlds where g is not Random, and the
identities where g is Random land in both branches.  So a state is a bit set
of identities and a move is (god, subset of the non-Random part); the search
itself (``classes.ClassSearch``) runs on how many identities of each Random
set are left, since identities with the same Random gods are interchangeable.
``Solver`` turns bit sets into those counts and the search's moves back into
questions about particular identities.

Why identities, not worlds, when the language need not be found: any tree can
be rewritten so that each world answers exactly as its twin with the other
meaning of "ja" (questions are arbitrary sets of worlds, so the twin can be
made to follow the same path).  Hence a world set is solvable iff its
identity closure is - the set form of the embedded-question lemma - and the
search needs only 6 bits for the classic puzzle.  The count of working first
questions in the classic computer model (any subset of the 12 worlds) is still exact: a
question is counted by which branch each world lands in, and each branch is
judged by its closure (``counting``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from tutor.errors import SearchLimit
from tutor.maths.bits import members
from tutor.puzzles.gods.engine.classes import SEARCH_BUDGET, ClassSearch, Counts
from tutor.puzzles.gods.engine.counting import FIRST_SHAPES, branch_shapes, first_splits
from tutor.puzzles.gods.rules.meaning import truth_mask
from tutor.puzzles.gods.rules.question import Bin, InWorlds, Means, Node, Not, Pattern, Role, Say, You
from tutor.puzzles.gods.rules.tree import Ask, Leaf, Tree, display_words
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet

ItemSet = int  # bit set over identities: 0b111111 for the six assignments


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
    """Exact search for one universe; results are memoised across calls.

    ``budget`` bounds the splits one call of ``solvable`` may examine (``SearchLimit`` past it); ``prune``
    False searches without the counting bounds (for an independent certificate).
    """

    def __init__(self, u: Universe, budget: int = SEARCH_BUDGET, prune: bool = True) -> None:
        self.u = u
        self.prune = prune
        self.n = len(u.identities)
        self.all_items: ItemSet = (1 << self.n) - 1
        self.rand = tuple(self.items_of(u.random(g)) for g in range(len(u.gods)))
        randoms = [sum(1 << g for g, r in enumerate(self.rand) if r >> i & 1) for i in range(self.n)]
        kinds = sorted(set(randoms))
        # the identities of each class (one set of Random gods), as bit sets
        self.class_items = tuple(sum(1 << i for i in range(self.n) if randoms[i] == c) for c in kinds)
        self.search = ClassSearch(kinds, len(u.gods), budget, prune)
        self._formulas: list[tuple[ItemSet, WorldSet, Node]] | None = None

    @property
    def memo(self) -> dict[tuple[Counts, int], bool]:
        """The search's memo: one entry per state and questions left (in a canonical naming, and as asked)."""
        return self.search.memo

    @property
    def states(self) -> int:
        """The states searched so far (up to a renaming of the gods, with the questions left)."""
        return self.search.states

    @property
    def moves(self) -> int:
        """The splits examined so far (those the counting bound does not rule out)."""
        return self.search.moves

    # -- worlds <-> identities <-> counts ---------------------------------------

    def items_of(self, worlds: WorldSet) -> ItemSet:
        """The identities present in a world set (its closure)."""
        out = 0
        ident = self.u.identity
        while worlds:
            low = worlds & -worlds
            out |= 1 << ident[low.bit_length() - 1]
            worlds ^= low
        return out

    def counts(self, items: ItemSet) -> Counts:
        """How many identities of ``items`` each class holds: the search's state."""
        return tuple((items & c).bit_count() for c in self.class_items)

    def pick(self, items: ItemSet, counts: Counts) -> ItemSet:
        """The first ``counts[j]`` identities of ``items`` in each class ``j``."""
        out = 0
        for c, want in zip(self.class_items, counts, strict=True):
            out |= _lowest(items & c, want)
        return out

    # -- the search -------------------------------------------------------------

    def lower_bound(self, items: ItemSet | None = None) -> int:
        """The counting bound: k questions have at most 2**k answer paths."""
        count = (self.all_items if items is None else items).bit_count()
        k = 0
        while (1 << k) < count:
            k += 1
        return k

    def solvable(self, s: ItemSet, k: int) -> bool:
        """Whether the identities in ``s`` can be told apart with at most ``k`` questions."""
        return self.search.solvable_within(self.counts(s), k)

    def split_items(self, s: ItemSet, god: int, ja: ItemSet) -> tuple[ItemSet, ItemSet]:
        """The two branches of ``s`` when ``god`` says the first word exactly on ``ja`` (Random's part: both)."""
        r = s & self.rand[god]
        rest = s & ~r
        return (ja & rest) | r, (rest & ~ja) | r

    def plan(self, s: ItemSet, k: int) -> Plan | None:
        """A plan telling ``s`` apart in at most ``k`` questions, preferring simply-worded questions."""
        if s & (s - 1) == 0:
            return Plan(s)
        if not self.solvable(s, k):
            return None
        for g in range(len(self.u.gods)):
            for x in self._candidates(s, g):
                a, b = self.split_items(s, g, x)
                if self.solvable(a, k - 1) and self.solvable(b, k - 1):
                    return Plan(s, g, x & ~self.rand[g], self.plan(a, k - 1), self.plan(b, k - 1))
        g, first = self.search.witness(self.counts(s), k)
        x = self.pick(s & ~self.rand[g], first)
        a, b = self.split_items(s, g, x)
        return Plan(s, g, x, self.plan(a, k - 1), self.plan(b, k - 1))

    def _candidates(self, s: ItemSet, god: int) -> Iterator[ItemSet]:
        """The simply-worded questions' identity sets that split the non-Random part of ``s`` in two."""
        rest = s & ~self.rand[god]
        seen = set()
        for items, _, _ in self.formulas():
            x = items & rest
            if x and x != rest and x not in seen:
                seen.add(x)
                yield x

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
        """The counts of ``working_first`` per asked god, in god order (from every world).

        ``SearchLimit`` before any work when judging the branches would take more than ``FIRST_SHAPES``.
        """
        u = self.u
        twins = u.size // self.n  # worlds per identity: 2 when only the roles are to be found, else 1
        start = self.counts(self.all_items)
        same = self.search.god_orbits(start)  # gods a renaming swaps have the same counts
        shapes = sum(branch_shapes(self.search, start, g) for g in set(same))
        if shapes > FIRST_SHAPES:
            raise SearchLimit(f"counting the working first questions would judge {shapes:,} branch shapes: over "
                              f"the limit of {FIRST_SHAPES:,} (docs/limits.md)")
        found = {g: first_splits(self.search, start, k, g, twins) for g in set(same)}
        out: dict[str, list[int]] = {"questions": [], "splits": [], "language_free": []}
        for g in range(len(u.gods)):
            splits, free = found[same[g]]
            out["questions"].append(splits << u.random(g).bit_count())
            out["splits"].append(splits)
            out["language_free"].append(free)
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


def _lowest(items: ItemSet, count: int) -> ItemSet:
    """The ``count`` lowest members of ``items``."""
    out = 0
    for _ in range(count):
        low = items & -items
        out |= low
        items ^= low
    return out


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

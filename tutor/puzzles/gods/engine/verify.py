"""Exact verification of a plan: every world, and every answer Random could give, in one pass.

The plan is walked with *sets* of worlds: at each question the set splits by
the answer (Random's worlds go both ways), so every world and every choice
Random could make is covered by bit operations.  A failure names one world,
the answers it gave, and every world that reaches the same place, so a
learner can replay it.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tutor.bits import members
from tutor.puzzles.gods.rules.lang import Node, first_word_mask, format_question
from tutor.puzzles.gods.rules.tree import Hole, Leaf, Tree, format_leaf
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet, answers


@dataclass(frozen=True)
class Step:
    """One question on a counterexample's path and the answer given."""

    god: str
    question: str
    answer: str
    role: str  # the asked god's role in the counterexample's world


@dataclass(frozen=True)
class Failure:
    """Why a plan fails: a world, the answers it gave, and the worlds that reach the same place."""

    reason: str  # "wrong", "ambiguous", "unfinished", "unreachable-leaf", "too-long"
    world: int
    path: tuple[Step, ...]
    remaining: WorldSet
    line: int
    leaf: str = ""

    def as_json(self, u: Universe) -> dict[str, Any]:
        """The counterexample in the documented JSON shape (plus extra keys)."""
        return {
            "world": u.worlds[self.world].as_json(u.gods),
            "answers": [s.answer for s in self.path],
            "remaining": [u.worlds[i].as_json(u.gods) for i in members(self.remaining)],
            "reason": self.reason,
            "line": self.line,
            "leaf": self.leaf,
            "path": [{"god": s.god, "question": s.question, "answer": s.answer, "role": s.role}
                     for s in self.path],
        }


def _matches(leaf: Leaf, u: Universe, i: int) -> bool:
    w = u.worlds[i]
    if leaf.roles != w.roles:
        return False
    return leaf.ja is None or w.ja_yes is None or (leaf.ja == "yes") == w.ja_yes


def verify(tree: Tree, u: Universe, max_questions: int | None = None,
           start: WorldSet | None = None) -> Failure | None:
    """Exactly judge a plan: None when every world, whatever Random says, ends at its own leaf.

    Otherwise the first failure in display order (``da`` before ``ja``): a leaf
    reached by a world it does not name, a leaf several identities reach, an
    unfinished branch, or (with ``max_questions``) a path that asks too many.
    """
    s = u.full if start is None else start
    return _verify(tree, u, s, (), max_questions)


def _verify(tree: Tree, u: Universe, s: WorldSet, path: tuple[tuple[int, str, Node, str], ...],
            limit: int | None) -> Failure | None:
    if s == 0:
        return None

    def fail(reason: str, world: int, line: int, leaf: str = "") -> Failure:
        steps = tuple(Step(g_name, format_question(q), word, u.worlds[world].roles[g])
                      for g, g_name, q, word in path)
        return Failure(reason, world, steps, s, line, leaf)

    if isinstance(tree, Hole):
        return fail("unfinished", members(s)[0], tree.line)
    if isinstance(tree, Leaf):
        text = format_leaf(tree, u)
        if tree.roles is None:
            return fail("unreachable-leaf", members(s)[0], tree.line, text)
        bad = [i for i in members(s) if not _matches(tree, u, i)]
        if not bad:
            return None
        idents = u.identity_set(s)
        return fail("ambiguous" if len(idents) > 1 else "wrong", bad[0], tree.line, text)
    if limit is not None and len(path) >= limit:
        return fail("too-long", members(s)[0], tree.line)
    g = u.god_index(tree.god)
    first, second = answers(u, g, first_word_mask(tree.question, u, g), s)
    parts = {u.words[0]: first, u.words[1]: second}
    for word, sub in tree.branches:
        found = _verify(sub, u, parts[word], (*path, (g, tree.god, tree.question, word)), limit)
        if found is not None:
            return found
    return None


def average_questions(tree: Tree, u: Universe, start: WorldSet | None = None) -> Fraction | None:
    """The plan's expected number of questions: the start worlds uniform, Random's two words 1/2 each.

    Every world is walked with its probability: a question to a god who is Random in it sends half of
    it down each answer, otherwise all of it down the answer it gives.  None when some world reaches an
    unfinished branch (``?``), where no number of questions is known.
    """
    s = u.full if start is None else start
    if s == 0:
        return Fraction(0)
    share = Fraction(1, s.bit_count())
    return _average(tree, u, {i: share for i in members(s)}, 0)


def _average(tree: Tree, u: Universe, mass: dict[int, Fraction], asked: int) -> Fraction | None:
    """The sum over the leaves below ``tree`` of the mass reaching each times its depth."""
    if not mass:
        return Fraction(0)
    if isinstance(tree, Hole):
        return None
    if isinstance(tree, Leaf):
        return asked * sum(mass.values(), Fraction(0))
    g = u.god_index(tree.god)
    says = first_word_mask(tree.question, u, g)
    rand = u.random(g)
    parts: dict[str, dict[int, Fraction]] = {w: {} for w in u.words}
    for i, m in mass.items():
        if rand >> i & 1:
            for word in u.words:
                parts[word][i] = m / 2
        else:
            parts[u.words[0] if says >> i & 1 else u.words[1]][i] = m
    total = Fraction(0)
    for word, sub in tree.branches:
        found = _average(sub, u, parts[word], asked + 1)
        if found is None:
            return None
        total += found
    return total

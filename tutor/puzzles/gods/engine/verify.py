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

from tutor.maths.bits import members
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.question import Node, format_question
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


@dataclass(frozen=True)
class Reached:
    """One leaf of a plan as its average sees it: the answers on the way, the leaf, and who reaches it how often."""

    answers: tuple[str, ...]  # ("da", "ja"): the words on the path, in order
    asked: tuple[int, ...]  # the god asked at each question on the path (indices)
    leaf: Leaf
    mass: dict[int, Fraction]  # world -> the probability of that world ending here (halved at each Random answer)

    @property
    def depth(self) -> int:
        """The questions asked on the way."""
        return len(self.answers)

    @property
    def probability(self) -> Fraction:
        """The probability of ending at this leaf."""
        return sum(self.mass.values(), Fraction(0))


def leaves_reached(tree: Tree, u: Universe, start: WorldSet | None = None) -> list[Reached] | None:
    """Every leaf some start world reaches, in display order, with the probability of each world ending there: the
    start worlds uniform, and a question to a god who is Random in a world sends half of it down each answer.  None
    when some world reaches an unfinished branch (``?``)."""
    s = u.full if start is None else start
    found: list[Reached] = []
    share = Fraction(1, s.bit_count()) if s else Fraction(0)
    whole = _walk(tree, u, {i: share for i in members(s)}, (), (), found)
    return found if whole else None


def _walk(tree: Tree, u: Universe, mass: dict[int, Fraction], path: tuple[str, ...], asked: tuple[int, ...],
          found: list[Reached]) -> bool:
    """Send ``mass`` down ``tree``, adding a ``Reached`` per leaf; False at an unfinished branch reached."""
    if not mass:
        return True
    if isinstance(tree, Hole):
        return False
    if isinstance(tree, Leaf):
        found.append(Reached(path, asked, tree, mass))
        return True
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
    return all(_walk(sub, u, parts[word], (*path, word), (*asked, g), found) for word, sub in tree.branches)


def average_questions(tree: Tree, u: Universe, start: WorldSet | None = None) -> Fraction | None:
    """The plan's expected number of questions: the start worlds uniform, Random's two words 1/2 each.

    Every world is walked with its probability (``leaves_reached``): the average is the sum over the leaves of the
    probability of ending there times the questions on the way.  None when some world reaches an unfinished
    branch (``?``), where no number of questions is known.
    """
    found = leaves_reached(tree, u, start)
    if found is None:
        return None
    return sum((r.depth * r.probability for r in found), Fraction(0))

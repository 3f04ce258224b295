"""Typical wrong answers to the gods' answer kinds, which ``tutor lint`` sends through every step of a kind to check
that no reply gives the answer away: a shortest plan with two answers swapped (it fails in the worlds that reach
them), the same plan cut short, and plain questions that trust whoever is asked."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.tree import Ask, Hole, Leaf, Tree, format_tree
from tutor.puzzles.gods.teach.verdicts import reference_tree
from tutor.puzzles.options import Args


def swapped(tree: Tree) -> Tree | None:
    """The plan with the two answers of its first question whose branches are both answers swapped."""
    if not isinstance(tree, Ask):
        return None
    kids = [branch for _, branch in tree.branches]
    if len(kids) == 2 and all(isinstance(k, Leaf) for k in kids) and kids[0] != kids[1]:
        words = [word for word, _ in tree.branches]
        return replace(tree, branches=((words[0], kids[1]), (words[1], kids[0])))
    for i, (word, branch) in enumerate(tree.branches):
        changed = swapped(branch)
        if changed is not None:
            return replace(tree, branches=(*tree.branches[:i], (word, changed), *tree.branches[i + 1:]))
    return None


def cut(tree: Tree) -> Tree:
    """The plan with its last question's branches left open."""
    if not isinstance(tree, Ask):
        return tree
    word, last = tree.branches[-1]
    if isinstance(last, Ask):
        return replace(tree, branches=(*tree.branches[:-1], (word, cut(last))))
    return replace(tree, branches=tuple((w, Hole()) for w, _ in tree.branches))


def failing_plans(kind: Any, game: GodsGame, args: Args) -> list[str]:
    """A shortest plan with two answers swapped, and the same plan with its last question left open."""
    tree = reference_tree(game, args["limit"])
    if tree is None:
        return []
    plans = [swapped(tree), cut(tree)]
    return [format_tree(plan, game.universe) for plan in plans if plan is not None and plan != tree]


def trusting_questions(kind: Any, game: GodsGame, args: Args) -> list[str]:
    """A question to each god that trusts his answer: 'is A True?'."""
    u = game.universe
    return [f"ask {god}: {u.gods[0]} is {u.roles[0]}" for god in u.gods]

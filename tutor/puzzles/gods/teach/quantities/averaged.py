"""A plan a question about averages is about, worked out once: its leaves, its average, and the least average.

The average is over the start worlds, each equally likely, and over Random's words, 1/2 each
(``engine.verify.leaves_reached``, ``engine.average``).  A step asks about the plan in its ``plan`` argument, or,
when that is empty, about the engine's plan with the least average; ``of`` says whether it asks for that plan's
average or for the least one over every plan.  Everything a reason says about a plan is read off one leaf, the
*example leaf*, so that replies to several wrong answers never add up to the whole sum.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from tutor.errors import InvalidParams
from tutor.puzzles.gods import engine
from tutor.puzzles.gods.engine.average import huffman
from tutor.puzzles.gods.engine.solver import plan_tree
from tutor.puzzles.gods.engine.verify import Reached, leaves_reached, verify
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import QuestionError, parse_asked
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.tree import (
    Ask,
    Leaf,
    Tree,
    TreeError,
    depth,
    display_words,
    format_leaf,
    format_tree,
    parse_tree,
)
from tutor.puzzles.gods.rules.worlds import Universe
from tutor.puzzles.options import Args, Option
from tutor.screen.text import plural

Identity = tuple[tuple[str, ...], str | None]  # (("True", "False", "Random"), None), or with "yes"/"no" for ja

OF = Option("of", str, "plan", "what an 'average' step asks: 'plan', the average of its plan (the 'plan' argument, "
            "or the engine's plan with the least average), or 'least', the least average over every plan",
            choices=("plan", "least"))


@dataclass(frozen=True)
class Averaged:
    """One plan with its leaves and average, beside the least average over plans of at most ``k`` questions a
    path and the fewest questions in the worst case."""

    tree: Tree
    leaves: tuple[Reached, ...]
    average: Fraction
    k: int  # the questions a path the least average is taken within
    least: Fraction
    fewest: int  # the fewest questions that always work (the worst case of the best plan)
    given: bool  # the step's own plan; else the engine's plan with the least average
    shares: dict[Identity, Fraction]  # each possibility's probability at the start

    @property
    def deepest(self) -> int:
        """The most questions any path that is reached asks."""
        return max(r.depth for r in self.leaves)

    @property
    def shallowest(self) -> int:
        """The fewest questions any path that is reached asks."""
        return min(r.depth for r in self.leaves)

    def share(self, r: Reached) -> Fraction:
        """The start probability of the possibility that ends at ``r``."""
        return self.shares[identity_of(r.leaf)]

    def halvings(self, r: Reached) -> int:
        """How many questions on the way to ``r`` go to a god who is Random in its assignment."""
        assert r.leaf.roles is not None
        return sum(1 for g in r.asked if r.leaf.roles[g] == "Random")

    @property
    def example(self) -> Reached:
        """The one leaf reasons work out: reached through a Random god's answer if any, shallow, and with a
        probability other than an equal share of the leaves (so it shows what an even split would miss)."""
        even = Fraction(1, len(self.leaves))
        return min(self.leaves, key=lambda r: (self.halvings(r) == 0, r.probability == even, r.depth))


def averaged(game: GodsGame, args: Args) -> Averaged:
    """The plan the step is about, worked out (``InvalidParams`` for a plan that is not correct, or no plan)."""
    return worked_out(game, str(args.get("plan", "")), args["questions"], args["limit"], str(args.get("opening", "")))


@cache
def worked_out(game: GodsGame, plan: str, questions: int, limit: int, opening: str = "") -> Averaged:
    """``plan``, or the plan that opens with ``opening`` and goes on with the least average, or else the engine's
    plan with the least average, worked out, beside the least average within ``questions`` a path (0: the fewest
    that always work, or the plan's own longest path if that is more)."""
    u, start = game.universe, game.start
    fewest = engine.min_questions(game, limit)
    if fewest is None:
        raise InvalidParams(f"no plan of at most {plural(limit, 'question')} identifies the gods {game.gods}, so "
                            "there is no average")
    if plan.strip() and opening.strip():
        raise InvalidParams("an average step takes a 'plan' or an 'opening', not both")
    given = bool(plan.strip() or opening.strip())
    tree = given_plan(game, plan) if plan.strip() else opened_plan(game, opening, questions, fewest, limit) \
        if opening.strip() else None
    k = questions or max(fewest, depth(tree) if tree is not None else 0)
    least, best = engine.least_average(game, k)
    if least is None or best is None:
        raise InvalidParams(f"no plan of at most {plural(k, 'question')} a path identifies the gods {game.gods}")
    if tree is None:
        tree = plan_tree(engine.shared_solver(game), best)
    leaves = leaves_reached(tree, u, start)
    assert leaves is not None, "a verified plan has no unfinished branch"
    average = sum((r.depth * r.probability for r in leaves), Fraction(0))
    total = start.bit_count()
    shares: dict[Identity, Fraction] = {}
    for i in range(u.size):
        if start >> i & 1:
            key = world_identity(u, i)
            shares[key] = shares.get(key, Fraction(0)) + Fraction(1, total)
    return Averaged(tree, tuple(leaves), average, k, least, fewest, given, shares)


def opened_plan(game: GodsGame, opening: str, questions: int, fewest: int, limit: int) -> Tree:
    """The plan that opens with the question ``opening`` and goes on with the least average, within ``questions`` a
    path (0: the fewest that allow it, from the fewest that always work up to ``limit``), verified."""
    u = game.universe
    try:
        god, question = parse_asked(opening, u)
    except QuestionError as err:
        raise InvalidParams(f"parameter 'opening' of puzzle 'gods': {err}") from None
    g = u.god_index(god)
    solver = engine.shared_solver(game)
    for k in [questions] if questions else range(fewest, limit + 1):
        try:
            found = engine.opened_average(game, k, g, first_word_mask(question, u, g))
        except ValueError as err:
            raise InvalidParams(f"parameter 'opening' of puzzle 'gods': {err}; wrap it") from None
        if found is not None:
            _, plan = found
            assert plan.first is not None and plan.second is not None
            subs = {u.words[0]: plan_tree(solver, plan.first), u.words[1]: plan_tree(solver, plan.second)}
            tree = Ask(god, question, tuple((w, subs[w]) for w in display_words(u)))
            assert verify(tree, u, None, game.start) is None
            return tree
    raise InvalidParams(f"parameter 'opening' of puzzle 'gods': no plan that opens with it identifies the gods "
                        f"within {plural(questions or limit, 'question')} a path")


def given_plan(game: GodsGame, text: str) -> Tree:
    """A lesson's plan, read and checked in every start world (``InvalidParams`` if it is not a correct plan)."""
    u = game.universe
    try:
        tree = parse_tree(text, u)
    except (TreeError, QuestionError) as err:
        raise InvalidParams(f"parameter 'plan' of puzzle 'gods': {err}") from None
    failure = verify(tree, u, None, game.start)
    if failure is not None:
        raise InvalidParams(f"parameter 'plan' of puzzle 'gods' is not a correct plan: it fails at line "
                            f"{failure.line} ({failure.reason})")
    return tree


def asked_about(game: GodsGame, args: Args) -> Averaged:
    """The plan an ``average`` step is about: the step's plan, or the engine's best one when it asks for the least."""
    return worked_out(game, "", args["questions"], args["limit"]) if args["of"] == "least" else averaged(game, args)


def value_of(game: GodsGame, args: Args) -> Fraction:
    """What the step asks: the plan's average, or the least average (``of``)."""
    a = averaged(game, args)
    return a.least if args["of"] == "least" else a.average


def fraction_text(x: Fraction) -> str:
    """``19/8``, or ``3`` for a whole number: an average as a learner may write it."""
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def leaf_sum(game: GodsGame, a: Averaged, r: Reached) -> str:
    """How one leaf's probability is made, and what it adds to the average: ``1/4 x 1/2 = 1/8, after 2 questions:
    1/8 x 2 = 1/4``."""
    h = a.halvings(r)
    share = fraction_text(a.share(r))
    made = share + " x 1/2" * h + (f" = {fraction_text(r.probability)}" if h else "")
    return (f"{format_leaf(r.leaf, game.universe)}, after {', '.join(r.answers)}: probability {made}, "
            f"{plural(r.depth, 'question')} in, so it adds {fraction_text(r.probability)} x {r.depth} = "
            f"{fraction_text(r.probability * r.depth)} to the average")


def leaves_alike(a: Averaged) -> Fraction:
    """The mean of the leaves' depths, as if every leaf were equally likely."""
    return Fraction(sum(r.depth for r in a.leaves), len(a.leaves))


def not_halved(a: Averaged) -> Fraction:
    """The sum of share x depth over the leaves: every world counted in full down both of a Random god's answers."""
    return sum((a.share(r) * r.depth for r in a.leaves), Fraction(0))


def by_assignment(a: Averaged, pick: Callable[[list[int]], int]) -> Fraction:
    """The average if each assignment took one of its paths, the longest (``max``) or the shortest (``min``), in
    full: what forgetting a Random god's coin gives."""
    depths: dict[Identity, list[int]] = {}
    for r in a.leaves:
        depths.setdefault(identity_of(r.leaf), []).append(r.depth)
    return sum((a.shares[key] * pick(d) for key, d in depths.items()), Fraction(0))


def counting_bound(a: Averaged) -> int:
    """The fewest questions whose answer sequences leave a leaf for every assignment."""
    return max(len(a.shares) - 1, 0).bit_length()


def as_code(game: GodsGame) -> Fraction:
    """The least average if every question could split the possibilities as one likes (an optimal code for the
    possibilities' shares, Random or not): below the least average wherever Random costs something."""
    u, start = game.universe, game.start
    weights: dict[Identity, int] = {}
    for i in range(u.size):
        if start >> i & 1:
            weights[world_identity(u, i)] = weights.get(world_identity(u, i), 0) + 1
    return Fraction(huffman(tuple(weights.values())), sum(weights.values()))


def world_identity(u: Universe, i: int) -> Identity:
    """What world ``i`` must be told apart as: its roles, with the meaning of ja when that must be found."""
    w = u.worlds[i]
    return w.roles, ("yes" if w.ja_yes else "no") if u.identify_language else None


def identity_of(leaf: Leaf) -> Identity:
    """What a leaf names, as ``world_identity`` keys it."""
    assert leaf.roles is not None, "only a leaf some world reaches is looked up"
    return leaf.roles, leaf.ja


def plan_text(game: GodsGame, a: Averaged) -> str:
    """The plan in the tree notation, indented as a reason shows it."""
    return "\n".join("  " + line for line in format_tree(a.tree, game.universe).splitlines())

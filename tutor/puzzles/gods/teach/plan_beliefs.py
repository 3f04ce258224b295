"""What learners really believe when they write a whole plan for the gods, as beliefs
(``tutor.puzzles.answers.Belief``) of the ``tree`` answer kind.

A plan's belief is one of two sorts, each judged exactly:

* a picture of the gods under which the learner's plan passes ``verify`` and fails in the real worlds: ja means
  yes (or da does), every answer word read the other way round, the liar or Random answering truthfully, Random
  lying like False, plain questions taken at their word in the words of a yes;
* a plan that cannot pass, for a reason a learner's plan shows: a god asked whether he is Random himself, a first
  question whose answer leaves more possibilities than the questions left can tell apart, every question put to
  one god who may be Random.

A belief is named only where its picture makes the learner's own plan right (or its reason holds of it) and the
plan is wrong; never for a draft with open places (``?``), which the hints work on.  Its example is the first of
a few changes to the engine's own plan (the wrapper's word changed, the answers swapped, the wrapper dropped, the
questions moved to one god, the first question changed, one question fewer), of a plan for the worlds as Random
answering truthfully or lying pictures them, or of the plan for the worlds where one god is not Random, that this
belief alone explains.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from functools import cache, partial
from typing import Any

from tutor.maths.bits import members
from tutor.puzzles.answers import Belief
from tutor.puzzles.gods import engine
from tutor.puzzles.gods.engine.solver import Solver, plan_tree
from tutor.puzzles.gods.engine.verify import verify
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.question import Node, Role, Say, You
from tutor.puzzles.gods.rules.tree import Ask, Hole, Leaf, Tree, depth, format_tree
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet, answers
from tutor.puzzles.gods.teach.verdicts import reference_tree
from tutor.puzzles.options import Args


@dataclass(frozen=True)
class Pictured(Universe):
    """The worlds as a belief pictures them: the liar, or Random, answering as True does (or Random as False)."""

    honest_liar: bool = False
    honest_random: bool = False
    lying_random: bool = False

    def random(self, god: int) -> WorldSet:
        """No Random where he is pictured answering like another god."""
        return 0 if self.honest_random or self.lying_random else super().random(god)

    def liar(self, god: int) -> WorldSet:
        """The worlds where the god answers as a liar, in the picture."""
        lies = 0 if self.honest_liar else super().liar(god)
        return lies | (super().random(god) if self.lying_random else 0)


def pictured(u: Universe, **how: bool) -> Pictured:
    """``u`` with the gods answering as ``how`` pictures them (the worlds and their facts unchanged)."""
    values: dict[str, Any] = {f.name: getattr(u, f.name) for f in fields(Universe)}
    return Pictured(**values | how)


def _questions(tree: Tree) -> list[Ask]:
    if not isinstance(tree, Ask):
        return []
    return [tree, *(q for _, sub in tree.branches for q in _questions(sub))]


def _swapped(tree: Tree) -> Tree:
    """Every answer's branch under the other word."""
    if not isinstance(tree, Ask):
        return tree
    (w0, b0), (w1, b1) = tree.branches
    return replace(tree, branches=((w0, _swapped(b1)), (w1, _swapped(b0))))


def _passes(game: GodsGame, args: Args, tree: Tree, u: Universe | None = None, start: WorldSet | None = None) -> bool:
    k = engine.allowed(game, args["questions"], args["limit"])
    return verify(tree, game.universe if u is None else u, k, game.start if start is None else start) is None


def _only(game: GodsGame, keep: Callable[[Universe], WorldSet]) -> WorldSet | None:
    """The start worlds a belief keeps, None where it keeps them all or none (it pictures nothing new here)."""
    s = game.start & keep(game.universe)
    return s if s and s != game.start else None


def _pictures(name: str, game: GodsGame, args: Args, tree: Tree) -> bool:
    """Whether the plan passes in the picture of belief ``name``."""
    u = game.universe
    yes = _only(game, lambda w: w.full & ~w.ja_no) if u.words[0] == "ja" else None
    if name == "ja_means_yes":
        return yes is not None and _passes(game, args, tree, start=yes)
    if name == "da_means_yes":
        da = _only(game, lambda w: w.ja_no) if u.words[0] == "ja" else None
        return da is not None and _passes(game, args, tree, start=da)
    if name == "answers_read_backwards":
        return _passes(game, args, _swapped(tree))
    if name == "plain_questions":
        return yes is not None and any(u.liar(g) & yes for g in range(len(u.gods))) \
            and _passes(game, args, tree, pictured(u, honest_liar=True), yes)
    if name == "liar_trusted":
        return any(u.liar(g) & game.start for g in range(len(u.gods))) \
            and _passes(game, args, tree, pictured(u, honest_liar=True))
    there = any(u.random(g) & game.start for g in range(len(u.gods)))
    there = there and _counts_on_random(game, args, tree)  # Random's beliefs: only where Random's word is relied on
    if name == "random_tells_the_truth":
        return there and _passes(game, args, tree, pictured(u, honest_random=True))
    if name == "random_lies":
        return there and _passes(game, args, tree, pictured(u, lying_random=True))
    if name == "assumes_a_safe_god":
        return _counts_on_random(game, args, tree) and any(_passes(game, args, tree, start=safe)
                                                           for safe in _safe_starts(game))
    return _cannot_pass(name, game, args, tree)


def _counts_on_random(game: GodsGame, args: Args, tree: Tree) -> bool:
    """Whether the plan fails somewhere by counting on Random: a world whose first failing path (``verify`` of that
    world alone) asks a god who is Random there.  A plan wrong only where Random is never asked (two leaves swapped)
    holds no belief about Random, though a picture without him would pass it."""
    k = engine.allowed(game, args["questions"], args["limit"])
    return any(failure is not None and any(step.role == "Random" for step in failure.path)
               for world in members(game.start) if (failure := verify(tree, game.universe, k, 1 << world)))


def _safe_starts(game: GodsGame) -> list[WorldSet]:
    """The start worlds where one god is not Random, for each god who may be (and may also not be)."""
    u = game.universe
    return [s for g in range(len(u.gods)) if (s := game.start & ~u.random(g)) and s != game.start]


def _about_himself(ask: Ask) -> bool:
    """Whether ``ask`` asks its god whether he is Random (plainly or wrapped)."""
    q: Node = ask.question.body if isinstance(ask.question, Say) else ask.question
    return q == You("Random") or q == Role(ask.god, "Random")


def _cannot_pass(name: str, game: GodsGame, args: Args, tree: Tree) -> bool:
    u = game.universe
    asked = _questions(tree)
    if not asked:
        return False
    if name == "asks_if_random":
        return "Random" in u.roles and any(_about_himself(a) for a in asked)
    k = engine.allowed(game, args["questions"], args["limit"])
    if name == "too_few_questions":
        fewest = engine.min_questions(game, args["limit"])
        return fewest is not None and depth(tree) < fewest
    if name == "first_split_too_wide":
        first = asked[0]
        g = u.god_index(first.god)
        sides = answers(u, g, first_word_mask(first.question, u, g), game.start)
        return k is not None and k >= 1 and any(len(u.identity_set(s)) > 2 ** (k - 1) for s in sides)
    if name == "one_god_asked":
        g = u.god_index(asked[0].god)
        return len({a.god for a in asked}) == 1 and bool(u.random(g) & game.start) and len(asked) > 1
    return False


TREE_BELIEFS = ("ja_means_yes", "da_means_yes", "answers_read_backwards", "plain_questions", "liar_trusted",
                "random_tells_the_truth", "random_lies", "one_god_asked", "asks_if_random", "assumes_a_safe_god",
                "too_few_questions", "first_split_too_wide")


def _unfinished(tree: Tree) -> bool:
    """Whether a plan still has an open place (``?``): a draft, not yet a belief."""
    return isinstance(tree, Hole) or (isinstance(tree, Ask) and any(_unfinished(b) for _, b in tree.branches))


def _tree_holds(name: str, game: GodsGame, args: Args, answer: Any) -> bool:
    return not _unfinished(answer) and not _passes(game, args, answer) and _pictures(name, game, args, answer)


def first_tree_belief(game: GodsGame, args: Args, tree: Tree) -> str | None:
    """The first belief that holds of a wrong plan."""
    return next((n for n in TREE_BELIEFS if _tree_holds(n, game, args, tree)), None)


# -- examples: the engine's plan, changed as learners change it ------------------------------------------------

def _remap(tree: Tree, change: Callable[[int, Ask], Ask], depth: int = 0) -> Tree:
    if not isinstance(tree, Ask):
        return tree
    ask = change(depth, tree)
    return replace(ask, branches=tuple((w, _remap(b, change, depth + 1)) for w, b in ask.branches))


def _rewrapped(word: str) -> Callable[[int, Ask], Ask]:
    return lambda d, a: replace(a, question=replace(a.question, word=word)) if isinstance(a.question, Say) else a


def _unwrapped(d: int, a: Ask) -> Ask:
    return replace(a, question=a.question.body) if isinstance(a.question, Say) else a


def _shortened(tree: Tree) -> Tree:
    """The plan with each last question replaced by the leaf of its first answer: one question fewer."""
    if not isinstance(tree, Ask):
        return tree
    if all(isinstance(b, Leaf) for _, b in tree.branches):
        return tree.branches[0][1]
    return replace(tree, branches=tuple((w, _shortened(b)) for w, b in tree.branches))


def _believed_plans(game: GodsGame, k: int | None) -> list[Tree]:
    """A shortest plan for the worlds as Random answering truthfully, or lying, pictures them."""
    out = []
    for how in ({"honest_random": True}, {"lying_random": True}):
        if k is None or not any(game.universe.random(g) & game.start for g in range(len(game.universe.gods))):
            break
        solver = Solver(pictured(game.universe, **how))
        plan = solver.plan(solver.items_of(game.start), k)
        if plan is not None:
            out.append(plan_tree(solver, plan))
    return out


def _halves(game: GodsGame, limit: int) -> list[Tree]:
    """The engine's plan for the worlds where one god is not Random (the half a learner may take for the whole)."""
    u = game.universe
    out = []
    for g in u.gods:
        if "Random" in u.roles and not game.worlds:
            tree = reference_tree(replace(game, worlds=f"{g} is not Random"), limit)
            out += [] if tree is None else [tree]
    return out


def _changes(game: GodsGame, tree: Tree, k: int | None) -> list[Tree]:
    """The engine's plan changed as learners change it, most common first, and plans for a pictured Random."""
    u = game.universe
    first = tree.god if isinstance(tree, Ask) else u.gods[0]
    said = _remap(tree, _rewrapped("yes"))
    others = [g for g in u.gods if g != first]
    return [said, _swapped(said), _swapped(tree), _remap(tree, _unwrapped),
            *_believed_plans(game, k), _remap(tree, lambda d, a: replace(a, god=first)),
            *([_remap(tree, lambda d, a: a if d else replace(a, question=Say(u.words[0], You("Random"))))]
              if "Random" in u.roles else []), _shortened(tree),
            _remap(tree, lambda d, a: a if d else replace(a, question=Say(u.words[0], Role(others[0], u.roles[0])))),
            _remap(tree, lambda d, a: replace(a, god=u.gods[d % len(u.gods)]))]


@cache
def _tree_examples(game: GodsGame, args: Args) -> dict[str, str]:
    tree = reference_tree(game, args["limit"])
    found: dict[str, str] = {}
    if tree is None:
        return found
    plans = [*_changes(game, tree, engine.allowed(game, args["questions"], args["limit"])),
             *_halves(game, args["limit"])]
    for plan in plans:
        name = first_tree_belief(game, args, plan)
        if name is not None:
            found.setdefault(name, format_tree(plan, game.universe))
    return found


def _tree_example(name: str, game: GodsGame, args: Args) -> str | None:
    return _tree_examples(game, args).get(name)


def _tree_says(name: str, game: GodsGame, args: Args, answer: Any) -> str:
    said = {
        "ja_means_yes": "Your plan works only in the worlds where ja means yes; where ja means no, it reads every "
                        "answer the wrong way.",
        "da_means_yes": "Your plan works only in the worlds where da means yes; where da means no, it reads every "
                        "answer the wrong way.",
        "answers_read_backwards": "Your plan would work with ja and da exchanged at every question: it reads each "
                                  "answer the other way round. Wrapped, ja means the statement holds.",
        "plain_questions": "Your plan works only if every god tells the truth and ja means yes; neither is known. "
                           "Wrapped questions (would you say ja to (...)) work whoever answers.",
        "liar_trusted": "Your plan works only if the liar tells the truth; a plain question to him gets a lie.",
        "random_tells_the_truth": "Your plan works only if Random tells the truth; but Random may say either word, "
                                  "so an answer from a god who may be Random cannot be relied on.",
        "random_lies": "Your plan works only if Random always lies, like False; but Random may say either word.",
        "asks_if_random": "Your plan asks a god whether he is Random himself: True and False both say he is not, "
                          "and Random says what he likes, so the answer tells nothing.",
        "too_few_questions": "Your plan asks fewer questions than the worlds need: each question at most halves "
                             "the possibilities, and there are too many for this many questions to tell apart.",
        "first_split_too_wide": "Your first question leaves, after one of its answers, more possibilities than the "
                                "questions left can tell apart: each question at most halves them.",
        "assumes_a_safe_god": "Your plan works only in the worlds where one god you count on is not Random; but "
                              "any god may be Random until a question has made one safe.",
        "one_god_asked": "Your plan puts every question to one god, who may be Random: then none of his answers "
                         "tells anything.",
    }
    return said[name]


def tree_beliefs() -> tuple[Belief, ...]:
    """The beliefs about a whole plan, in the order they are tried."""
    return tuple(Belief(n, partial(_tree_example, n), partial(_tree_holds, n), partial(_tree_says, n))
                 for n in TREE_BELIEFS)

"""The fewest questions: the counting bound, and plans the verifier accepted with why one question fewer fails."""

from __future__ import annotations

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.gods import engine, theory
from tutor.puzzles.gods.engine.solver import Solver, plan_tree
from tutor.puzzles.gods.engine.verify import verify
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.tree import Ask, format_tree
from tutor.puzzles.gods.rules.worlds import WorldSet
from tutor.puzzles.gods.teach.quantities import plan_ideas
from tutor.puzzles.gods.teach.quantities.words import BIG, indented, negative, power
from tutor.puzzles.gods.teach.questions import LIMIT
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()


def explain_lower_bound(game: GodsGame, args: Args, value: Value) -> str:
    """Powers of two around the number of possibilities."""
    n = len(game.universe.identities)
    k = int(value)
    if k == 0:
        return "Only one possibility: no question is needed."
    return (f"{n} possibilities need {n} leaves. With {plural(k - 1, 'question')} there are at most "
            f"{power(k - 1)} answer sequences, too few; with {plural(k, 'question')}, {power(k)}: enough.")


def refute_lower_bound(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """Too few: 2^wrong sequences are fewer than the possibilities; too many: already half of 2^wrong suffices."""
    w = int(wrong)
    n = len(game.universe.identities)
    bad = negative(w, "questions")
    if bad:
        return bad
    if w < int(value):
        sequences = power(w) if 1 << w != int(value) else f"2^{w}"  # "2^2 = 4" would state a bound of 4
        return (f"Not {w}: with {plural(w, 'question')} there {'is' if w == 0 else 'are'} at most {sequences} "
                f"answer {'sequence' if w == 0 else 'sequences'}, fewer than the {n} possibilities that need a "
                "leaf each.")
    if w >= BIG:
        return f"Not {w}: that is far from the smallest; already {power(BIG // 2)} answer sequences exceed {n}."
    return (f"Not {w}: that is not the smallest. With {plural(w, 'question')} there are {power(w)} answer "
            f"sequences, at least twice the {n} possibilities, so with one question fewer there would still be a "
            "leaf for each.")


@QUANTITIES.register("lower_bound", "the counting bound: ceil(log2(identities))",
                     explain=explain_lower_bound, refute=refute_lower_bound,
                     misconceptions=plan_ideas.LOWER_BOUND)
def lower_bound(game: GodsGame, args: Args) -> int:
    """k questions have at most 2**k answer paths."""
    return engine.shared_solver(game).lower_bound()


def fewest(game: GodsGame, args: Args, start: WorldSet) -> tuple[Solver, int, int | None]:
    """(the solver, the identities of ``start``, the fewest questions within the limit or None)."""
    solver = engine.shared_solver(game)
    return solver, solver.items_of(start), theory.fewest_decided(game, args["limit"], start)


def plan_text(game: GodsGame, solver: Solver, items: int, k: int, start: WorldSet) -> str:
    """A plan of at most ``k`` questions for ``items``, verified from ``start`` once more, indented."""
    plan = solver.plan(items, k)
    assert plan is not None
    tree = plan_tree(solver, plan)
    assert verify(tree, solver.u, k, start) is None
    return indented(format_tree(tree, solver.u))


def no_plan(game: GodsGame, args: Args, start: WorldSet) -> str:
    """Why no plan within the limit exists: two worlds never told apart, or the limit."""
    u = game.universe
    pair = theory.inseparable_pair(u, start)
    if pair is not None:
        proof = theory.never_proof(u, pair)
        rule = f" {theory.random_rule(u)}" if start == u.full else ""
        return proof[0].upper() + proof[1:] + "." + rule
    return f"No plan of at most {plural(args['limit'], 'question')} exists (the solver tried every one)."


def explain_fewest(game: GodsGame, args: Args, value: Value, start: WorldSet) -> str:
    """The plan of that length and why one question fewer fails."""
    solver, items, k = fewest(game, args, start)
    if k is None:
        return no_plan(game, args, start)
    if k == 0:
        return "Only one possibility from the start: no question is needed."
    whatever = ", whatever Random answers" if "Random" in game.universe.roles else ""
    return (f"{plural(k, 'question')}: this plan identifies the gods in every world{whatever}:\n"
            f"{plan_text(game, solver, items, k, start)}\n"
            f"One question fewer cannot work: {theory.insufficient(solver, items, k - 1)}.")


def refute_fewest(game: GodsGame, args: Args, wrong: int, start: WorldSet) -> str:
    """Too few: why that many fail; too many: a shorter plan the verifier accepts."""
    bad = negative(wrong, "questions")
    if bad:
        return bad
    solver, items, k = fewest(game, args, start)
    if k is None:
        return f"Not {wrong}: {no_plan(game, args, start)}"
    if wrong < k:
        return f"Not {wrong}: {plural(wrong, 'question')} cannot work: {theory.insufficient(solver, items, wrong)}."
    return f"Not {wrong}: fewer questions suffice. {shorter_plan(game, solver, items, k, start, wrong)}"


def shorter_plan(game: GodsGame, solver: Solver, items: int, k: int, start: WorldSet, than: int | None) -> str:
    """A plan of ``k`` questions described, not listed (the learner may be asked to write it): fewer questions
    than ``than`` (when given), who its first question goes to, and that the verifier checked it; a plan shown in
    full would answer the next step."""
    plan = solver.plan(items, k)
    assert plan is not None
    tree = plan_tree(solver, plan)
    assert verify(tree, solver.u, k, start) is None
    whatever = ", whatever Random answers" if "Random" in game.universe.roles else ""
    first = f" Its first question goes to {tree.god}." if isinstance(tree, Ask) else ""
    fewer = f" that asks fewer than {plural(than, 'question')} on every path," if than else ""
    return (f"The solver found a plan{fewer} and the verifier checked that it names the gods in every "
            f"world{whatever}.{first}")


def explain_min_questions(game: GodsGame, args: Args, value: Value) -> str:
    """From every world."""
    return explain_fewest(game, args, value, game.universe.full)


def refute_min_questions(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """From every world."""
    return refute_fewest(game, args, int(wrong), game.universe.full)


@QUANTITIES.register("min_questions", "the fewest questions of a plan that always works (0 if none within the limit)",
                     args=(LIMIT,), explain=explain_min_questions, refute=refute_min_questions,
                     misconceptions=plan_ideas.MIN_QUESTIONS)
def min_questions(game: GodsGame, args: Args) -> int:
    """From every world, whatever the ``worlds`` parameter says."""
    return theory.fewest_decided(game, args["limit"], game.universe.full) or 0


def explain_start_min_questions(game: GodsGame, args: Args, value: Value) -> str:
    """From the start worlds."""
    return explain_fewest(game, args, value, game.start)


def refute_start_min_questions(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """From the start worlds."""
    return refute_fewest(game, args, int(wrong), game.start)


@QUANTITIES.register("start_min_questions", "the fewest questions that identify the gods from the start worlds",
                     args=(LIMIT,), explain=explain_start_min_questions, refute=refute_start_min_questions,
                     misconceptions=plan_ideas.START_MIN_QUESTIONS)
def start_min_questions(game: GodsGame, args: Args) -> int:
    """0 when there is no plan within the limit."""
    return theory.fewest_decided(game, args["limit"], game.start) or 0


def explain_solvable(game: GodsGame, args: Args, value: Value) -> str:
    """The certificate: a plan, or why there is none."""
    u = game.universe
    solver, items, k = fewest(game, args, u.full)
    if k is None:
        return f"No. {no_plan(game, args, u.full)}"
    plan = plan_text(game, solver, items, k, u.full)
    rule = f" {theory.random_rule(u)}" if "Random" in u.roles else ""
    return f"Yes: this plan of {plural(k, 'question')} works in every world.{rule}\n{plan}"


def refute_solvable(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """Why not: two worlds no answer tells apart, or a plan the solver found and the verifier checked, described
    (a lesson may ask for the plan next)."""
    u = game.universe
    solver, items, k = fewest(game, args, u.full)
    if k is None:
        return f"Not {wrong}: {no_plan(game, args, u.full)}"
    return (f"Not {wrong}: some plan works. {shorter_plan(game, solver, items, k, u.full, None)} "
            "Finding its questions is the puzzle.")


@QUANTITIES.register("solvable", "'yes' if some plan within the limit identifies the gods from all worlds, else 'no'",
                     args=(LIMIT,), explain=explain_solvable, refute=refute_solvable)
def solvable(game: GodsGame, args: Args) -> str:
    """From every world."""
    return "no" if theory.fewest_decided(game, args["limit"], game.universe.full) is None else "yes"

"""Averages against the worst case: a plan's expected number of questions, the least over every plan, and whether
a plan can beat its worst case on average.

The values are exact fractions, as text (``19/8``): lessons show them, ask yes or no about them, and ask for them
in the ``average`` answer kind (``teach.kinds``), which reads a learner's fraction and judges it with the reasons
here.  A refutation of an average never states it, and says of a plan only what one leaf adds (``averaged``).
"""

from __future__ import annotations

from fractions import Fraction

from tutor.puzzles.answers import Misconception, Quantities, Value
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.teach.average import averaging
from tutor.puzzles.gods.teach.quantities.average_ideas import LEAST_IDEAS, PLAN_IDEAS, idea_for
from tutor.puzzles.gods.teach.quantities.averaged import (
    Averaged,
    averaged,
    fraction_text,
    leaf_sum,
    plan_text,
    worked_out,
)
from tutor.puzzles.gods.teach.questions import LIMIT, OPENING, PLAN, QUESTIONS
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()


def best(game: GodsGame, args: Args) -> Averaged:
    """The engine's plan with the least average, within the questions allowed (``questions``, else the fewest)."""
    return worked_out(game, "", args["questions"], args["limit"])


def about(x: Fraction) -> str:
    """``19/8 (about 2.38)``, or ``3``."""
    return fraction_text(x) if x.denominator == 1 else f"{fraction_text(x)} (about {float(x):.2f})"


# -- reasons ---------------------------------------------------------------------------------


def refute_plan(game: GodsGame, a: Averaged, wrong: Fraction) -> str:
    """Why ``wrong`` is not the plan's average: the idea that gives it, else the side it is on and one leaf's share
    of the sum, worked out (never the average itself)."""
    head = f"Not {fraction_text(wrong)}:"
    if wrong < 0:
        return f"{head} a number of questions is never negative."
    idea = idea_for(game, a, PLAN_IDEAS, wrong)
    if idea is not None:
        return f"{head} {idea.says(wrong, game, a)}"
    side = "fewer" if wrong > a.average else "more"
    return (f"{head} this plan asks {side} questions than that on average. Check one leaf: "
            f"{leaf_sum(game, a, a.example)}. Do the same for every leaf, and add up.")


def refute_least(game: GodsGame, a: Averaged, wrong: Fraction) -> str:
    """Why ``wrong`` is not the least average: the idea that gives it, the exhaustive search (too low), or a plan
    that does better (too high), described and not shown."""
    head = f"Not {fraction_text(wrong)}:"
    if wrong < 0:
        return f"{head} a number of questions is never negative."
    idea = idea_for(game, a, LEAST_IDEAS, wrong)
    if idea is not None:
        return f"{head} {idea.says(wrong, game, a)}"
    within = f"of at most {plural(a.k, 'question')} a path"
    if wrong < a.least:
        return (f"{head} no plan {within} does that well on average. The engine's search went through every plan "
                "(every god asked, every split of the possibilities), and none does.")
    early = f"; some of its paths end after only {a.shallowest}" if a.shallowest < a.deepest else ""
    return (f"{head} some plan does better on average. The engine found one {within}, and the verifier checked it "
            f"in every world{early}.")


def as_fraction(value: Value) -> Fraction:
    """A quantity's value or a wrong one, as a fraction (``"19/8"``, ``3``)."""
    return Fraction(str(value))


def explain_plan(game: GodsGame, a: Averaged) -> str:
    """Leaf by leaf, and the sum."""
    lines = [f"{about(a.average)}, {averaging(game)}: each leaf adds the probability of ending there times the "
             "questions on its path."]
    lines += [f"  {leaf_sum(game, a, r)}" for r in a.leaves]
    lines.append(f"Together: {about(a.average)}.")
    return "\n".join(lines)


def explain_least(game: GodsGame, a: Averaged) -> str:
    """The least average, the plan that has it, and how it was found."""
    worst = f" Its worst case asks {a.deepest}; the fewest questions that always work are {a.fewest}."
    return (f"{about(a.least)}: the least average over plans of at most {plural(a.k, 'question')} a path, "
            f"{averaging(game)}; the engine's search went through every plan.{worst} A plan that has it:\n"
            f"{plan_text(game, a)}")


# -- the quantities ----------------------------------------------------------------------------


@QUANTITIES.register("least_average", "the least expected number of questions over plans of at most 'questions' a "
                     "path (0: the fewest possible), as a fraction (text)", args=(QUESTIONS, LIMIT),
                     explain=lambda g, args, v: explain_least(g, best(g, args)),
                     refute=lambda g, args, v, w: refute_least(g, best(g, args), as_fraction(w)))
def least_average(game: GodsGame, args: Args) -> str:
    """Exact, from the engine's memoised search."""
    return fraction_text(best(game, args).least)


@QUANTITIES.register("average_plan", "the plan that opens with 'opening' and goes on with the least expected number "
                     "of questions (empty: the engine's plan with the least average), in the plan notation (text)",
                     args=(OPENING, QUESTIONS, LIMIT), explain=lambda g, args, v: explain_plan(g, averaged(g, args)),
                     refute=lambda g, args, v, w: f"Not that: the plan is\n{plan_text(g, averaged(g, args))}")
def average_plan(game: GodsGame, args: Args) -> str:
    """The plan, two spaces per level (shown in a lesson's text block)."""
    return "\n".join(line[2:] for line in plan_text(game, averaged(game, args)).splitlines())


@QUANTITIES.register("plan_average", "the expected number of questions of the 'plan' argument, or of the plan that "
                     "opens with 'opening' and goes on with the least average (neither: the engine's plan with the "
                     "least average), as a fraction (text)", args=(PLAN, OPENING, QUESTIONS, LIMIT),
                     explain=lambda g, args, v: explain_plan(g, averaged(g, args)),
                     refute=lambda g, args, v, w: refute_plan(g, averaged(g, args), as_fraction(w)))
def plan_average(game: GodsGame, args: Args) -> str:
    """Exact: every world walked with its probability."""
    return fraction_text(averaged(game, args).average)


def explain_saves(game: GodsGame, args: Args, value: Value) -> str:
    """The least average against the worst case."""
    a = best(game, args)
    if a.least < a.fewest:
        return (f"Yes: the least average is {about(a.least)}, below the worst case of {a.fewest}; the engine's plan "
                f"ends some paths after {a.shallowest}:\n{plan_text(game, a)}")
    return f"No: {no_saving(a)}."


def no_saving(a: Averaged) -> str:
    """Why no plan within the bound averages less than the worst case."""
    within = f"plan of at most {plural(a.k, 'question')} a path"
    if a.k == a.fewest:
        return (f"in every {within} that identifies the gods, every path that is reached asks all {a.k} (the "
                "engine's search went through every plan), so none ends early")
    return (f"no {within} averages less than {a.fewest}, the worst case of the best plan: a path that ends early "
            "makes others longer (the engine's search went through every plan)")


def refute_saves(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """A plan that saves (described), or the search that finds none."""
    a = best(game, args)
    if a.least < a.fewest:
        return (f"Not {wrong}: the engine found a plan of at most {plural(a.k, 'question')} a path whose average is "
                f"below {a.fewest}: some of its paths end after only {a.shallowest}, and the verifier checked it in "
                "every world.")
    return f"Not {wrong}: {no_saving(a)}."


def _room_saves(game: GodsGame, args: Args) -> str | None:
    """'yes' where the leaves leave room for a short path (the possibilities are not a power of two)."""
    a = best(game, args)
    return _flip(average_saves(game, args), "yes" if len(a.shares) & (len(a.shares) - 1) else None)


def _says_room(game: GodsGame, args: Args, given: Value) -> str:
    a = best(game, args)
    return (f"{given}: {len(a.shares)} possibilities leave room for some to end early in the "
            f"{1 << a.fewest} answer sequences of {plural(a.fewest, 'question')}, but room is not enough: where the "
            "asked god is Random, his possibilities go down both answers and fill both sides.")


def _random_forbids(game: GodsGame, args: Args) -> str | None:
    """'no' where a Random god is about: the idea that Random always costs the whole worst case."""
    return _flip(average_saves(game, args), "no" if "Random" in game.universe.roles else None)


def _says_forbids(game: GodsGame, args: Args, given: Value) -> str:
    a = best(game, args)
    return (f"{given}: a Random god does not stop every path from ending early. Where the possibilities are many "
            f"beside his, some can be told apart sooner: the engine's plan ends some paths after only "
            f"{a.shallowest}.")


def _flip(right: str, idea: str | None) -> str | None:
    """The idea's answer, where it is a wrong one."""
    return None if idea is None or idea == right else idea


@QUANTITIES.register("average_saves", "'yes' if some plan of at most 'questions' a path asks fewer questions on "
                     "average than the fewest that always work, else 'no'", args=(QUESTIONS, LIMIT),
                     explain=explain_saves, refute=refute_saves,
                     misconceptions=(Misconception("room-means-saving", _room_saves, _says_room),
                                     Misconception("random-forbids-saving", _random_forbids, _says_forbids)))
def average_saves(game: GodsGame, args: Args) -> str:
    """The least average against the worst case."""
    a = best(game, args)
    return "yes" if a.least < a.fewest else "no"


def explain_plan_least(game: GodsGame, args: Args, value: Value) -> str:
    """The plan's average beside the least."""
    a = averaged(game, args)
    within = f"plans of at most {plural(a.k, 'question')} a path"
    if a.average == a.least:
        return (f"Yes: this plan averages {about(a.average)}, and the engine's search over every one of the "
                f"{within} finds none with less.")
    return (f"No: this plan averages {about(a.average)}; the least over {within} is {about(a.least)}, for "
            f"example:\n{plan_text(game, worked_out(game, '', a.k, args['limit']))}")


def refute_plan_least(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The search (no plan does better), or a better plan described; the plan's own average is not said."""
    a = averaged(game, args)
    within = f"of at most {plural(a.k, 'question')} a path"
    if a.average == a.least:
        return (f"Not {wrong}: the engine's search went through every plan {within}, and none has a smaller "
                "average than this one.")
    other = worked_out(game, "", a.k, args["limit"])
    early = f"; some of its paths end after only {other.shallowest}" if other.shallowest < other.deepest else ""
    return (f"Not {wrong}: the engine found a plan {within} with a smaller average, and the verifier checked it in "
            f"every world{early}.")


def _shortest_path_wins(game: GodsGame, args: Args) -> str | None:
    """'yes' for a plan whose shortest path is shorter than every path of the best plan: a short path taken for a
    short average."""
    a, other = averaged(game, args), worked_out(game, "", averaged(game, args).k, args["limit"])
    return _flip(plan_least(game, args), "yes" if a.shallowest < other.shallowest else None)


def _says_shortest(game: GodsGame, args: Args, given: Value) -> str:
    return (f"{given}: a short path lowers the average only as much as it is likely. A path of "
            f"{plural(averaged(game, args).shallowest, 'question')} taken rarely can cost a longer path that is "
            "taken often.")


def _worst_case_decides(game: GodsGame, args: Args) -> str | None:
    """'no' for a plan whose worst case is more than the fewest that always work: the worst case taken to decide."""
    a = averaged(game, args)
    return _flip(plan_least(game, args), "no" if a.deepest > a.fewest else None)


def _says_worst_decides(game: GodsGame, args: Args, given: Value) -> str:
    a = averaged(game, args)
    return (f"{given}: this plan's longest path asks {a.deepest}, more than the {a.fewest} that always work, but "
            "the average weighs each path by how likely it is: a long path taken rarely costs little.")


@QUANTITIES.register("plan_least", "'yes' if the 'plan' argument has the least expected number of questions of "
                     "the plans of at most as many questions a path (or 'questions'), else 'no'",
                     args=(PLAN, QUESTIONS, LIMIT), explain=explain_plan_least, refute=refute_plan_least,
                     misconceptions=(Misconception("shortest-path-wins", _shortest_path_wins, _says_shortest),
                                     Misconception("worst-case-decides", _worst_case_decides, _says_worst_decides)))
def plan_least(game: GodsGame, args: Args) -> str:
    """The plan's average against the least."""
    a = averaged(game, args)
    return "yes" if a.average == a.least else "no"

"""Plans judged on their average: the least expected number of questions, and whether a plan reaches it.

The average is over the start worlds, each equally likely, and over Random's words, each 1/2
(``engine.average``); it is taken over plans of at most ``k`` questions a path, the bound ``check``
judges a plan by (the fewest possible, unless ``--questions`` says otherwise).
"""

from __future__ import annotations

from fractions import Fraction

from tutor.puzzles.answers import JSON
from tutor.puzzles.gods import engine
from tutor.puzzles.gods.engine.average import average_text, fraction_json
from tutor.puzzles.gods.engine.solver import plan_tree
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.tree import depth, format_tree
from tutor.screen.text import plural


def averaging(game: GodsGame) -> str:
    """What the average is taken over, in one sentence (Random named only where the variant has him)."""
    u = game.universe
    worlds = plural(game.start.bit_count(), "world")
    coin = ", and each answer of a god who is Random is either word with probability 1/2" if "Random" in u.roles else ""
    return f"averaged over the {worlds}, each equally likely{coin}"


def bound(game: GodsGame, questions: int, limit: int) -> int | None:
    """Questions allowed a path: ``questions`` when set, else the fewest that always work (None: none within)."""
    return engine.allowed(game, questions, limit)


def expected_report(game: GodsGame, questions: int, limit: int) -> tuple[JSON, str]:
    """``analyze --expected``: the least average within the bound, and a plan in the plan notation that has it."""
    u = game.universe
    fewest = engine.min_questions(game, limit)
    k = bound(game, questions, limit)
    data: JSON = {"expected_questions": None, "questions": k, "min_questions": fewest, "tree": None,
                  "plan_questions": None, "worlds": game.start.bit_count(), "averaging": averaging(game)}
    if k is None:
        reason = f"no plan of at most {plural(limit, 'question')} identifies the gods, so there is no average"
        data["reason"] = reason
        return data, reason
    least, plan = engine.least_average(game, k)
    if least is None or plan is None:
        reason = f"no plan of at most {plural(k, 'question')} a path identifies the gods, so there is no average"
        data["reason"] = reason
        return data, reason
    tree = plan_tree(engine.shared_solver(game), plan)
    text = format_tree(tree, u)
    data.update(expected_questions=fraction_json(least), tree=text, plan_questions=depth(tree))
    worst = "" if fewest is None else f" (the fewest in the worst case: {fewest})"
    lines = [f"least expected number of questions: {average_text(least)}, over plans of at most "
             f"{plural(k, 'question')} a path{worst}",
             f"  {averaging(game)}",
             "a plan that reaches it:", "", text.rstrip("\n")]
    return data, "\n".join(lines)


def average_of(data: object) -> Fraction | None:
    """The exact average back from its JSON (``{"fraction": "8/3", ...}``; None stays None)."""
    return Fraction(data["fraction"]) if isinstance(data, dict) else None


def judge_average(game: GodsGame, mean: Fraction | None, k: int | None) -> tuple[JSON, str, bool]:
    """``check --expected``: whether a plan whose average is ``mean`` (None: incorrect) reaches the least one.

    Returns the JSON keys to add, a line for the text, and whether the plan reaches the least average.
    """
    least = None if k is None else engine.least_average(game, k)[0]
    data: JSON = {"least_expected_questions": fraction_json(least), "reaches_least_expected": False}
    if least is None or k is None:
        return data, "no plan within the limit, so no least average to reach", False
    within = f"the least for plans of at most {plural(k, 'question')} a path"
    if mean is None:
        return data, f"average: only a correct plan has one; {within} is {average_text(least)}", False
    reaches = mean == least
    data["reaches_least_expected"] = reaches
    if reaches:
        return data, f"average: {average_text(mean)}, {within}", True
    return data, f"average: {average_text(mean)}, more than {within}, {average_text(least)}", False

"""The one decision a plan or a question gets, and the engine's own answers: what every text about them is made from.

* ``tree_verdict`` / ``question_verdict`` - the answer kinds, the quantities, their
  explanations and the command line all read them;
* ``reference_tree`` / ``reference_question`` - a shortest plan, a question that works.
"""

from __future__ import annotations

from tutor.puzzles.answers import Verdict
from tutor.puzzles.gods import engine
from tutor.puzzles.gods.engine.average import average_text, fraction_json
from tutor.puzzles.gods.engine.solver import plan_tree
from tutor.puzzles.gods.engine.verify import average_questions, verify
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import parse_asked
from tutor.puzzles.gods.rules.question import Node, format_question
from tutor.puzzles.gods.rules.tree import Tree, depth, format_tree
from tutor.puzzles.gods.teach.coach import failure_text, first_bad_split, holes, judge_question, unfinished_text
from tutor.puzzles.gods.teach.questions import Asked
from tutor.screen.text import plural


def tree_verdict(game: GodsGame, tree: Tree, questions: int, limit: int) -> Verdict:
    """A whole plan judged over every start world and every answer Random could give."""
    u = game.universe
    failure = verify(tree, u, engine.allowed(game, questions, limit), game.start)
    canonical = format_tree(tree, u)
    n = depth(tree)
    fewest = engine.min_questions(game, limit)
    if failure is None:
        whatever = ", whatever Random answers," if "Random" in u.roles else ""
        mean = average_questions(tree, u, game.start)
        return Verdict(True, f"correct: every world{whatever} reaches its own leaf after at most "
                             f"{plural(n, 'question')}, {average_text(mean)} on average",
                       data={"correct": True, "counterexample": None, "questions": n, "min_questions": fewest,
                             "expected_questions": fraction_json(mean)},
                       canonical=canonical, length=n, shortest=fewest)
    summary, detail = failure_text(failure, u)
    k = engine.allowed(game, questions, limit)
    where = first_bad_split(tree, engine.shared_solver(game), k, game.start) if k else ""
    if where and failure.reason != "unfinished":
        detail = f"{where}\n{detail}"
    places = holes(tree, u, game.start) if failure.reason == "unfinished" else []
    if len(places) > 1:  # the counterexample follows one of them; the summary names every one
        summary = unfinished_text(places)
    return Verdict(False, summary, detail, {"correct": False, "counterexample": failure.as_json(u),
                                            "questions": n, "min_questions": fewest, "expected_questions": None},
                   canonical, n, fewest)


def question_verdict(game: GodsGame, asked: Asked, goal: str, target: Node | None) -> Verdict:
    """One question judged against its goal from the start worlds."""
    god, question = asked
    j = judge_question(engine.shared_solver(game), god, question, game.start, goal, target)
    return Verdict(j.correct, j.summary, j.detail, {"correct": j.correct, "goal": goal},
                   f"ask {god}: {format_question(question)}")


def reference_tree(game: GodsGame, limit: int) -> Tree | None:
    """A shortest plan from the start worlds, None when there is none within ``limit``."""
    solver = engine.shared_solver(game)
    k = engine.min_questions(game, limit)
    if k is None:
        return None
    plan = solver.plan(solver.items_of(game.start), k)
    return None if plan is None else plan_tree(solver, plan)


def reference_question(game: GodsGame, goal: str, target: Node | None, limit: int) -> str | None:
    """A question meeting ``goal``: the wrapped target, a shortest plan's first question, or a search."""
    u = game.universe
    tree = reference_tree(game, limit)
    if tree is None:
        return None
    if goal == "target":
        assert target is not None
        return f"ask A: would you say {u.words[0]} to ({format_question(target)})"

    def meets(text: str) -> bool:
        return question_verdict(game, parse_asked(text, u), goal, target).correct

    first = format_tree(tree, u).splitlines()[0]
    if meets(first):
        return first
    for g in u.gods:
        for _, _, f in engine.shared_solver(game).formulas():
            text = f"ask {g}: would you say {u.words[0]} to ({format_question(f)})"
            if meets(text):
                return text
    return None

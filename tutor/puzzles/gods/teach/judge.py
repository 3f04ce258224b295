"""Judging one plan or one question, and the engine's own answers: what every text about them is made from.

* the question arguments lessons pass next to a step (the command line: options);
* ``tree_verdict`` / ``question_verdict`` - the one decision a plan or a question gets;
  the answer kinds, the quantities, their explanations and the CLI all read it;
* ``reference_tree`` / ``reference_question`` - a shortest plan, a question that works;
* the ``example`` argument: one question as a lesson shows it (its table and branches).
"""

from __future__ import annotations

from tutor.bits import members
from tutor.errors import InvalidParams
from tutor.puzzles.answers import Verdict
from tutor.puzzles.gods import engine, theory
from tutor.puzzles.gods.engine.solver import plan_tree
from tutor.puzzles.gods.engine.verify import verify
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import (
    Node,
    QuestionError,
    first_word_mask,
    format_question,
    parse_asked,
    parse_question,
)
from tutor.puzzles.gods.rules.tree import Tree, depth, format_tree
from tutor.puzzles.gods.rules.worlds import answers
from tutor.puzzles.gods.teach.coach import GOALS, failure_text, judge_question
from tutor.puzzles.options import Args, Option
from tutor.text import plural

# -- the question arguments (lessons pass them next to a step; the command line as options) ---------

QUESTIONS = Option("questions", int, 0, "questions allowed per path in a plan (0: the fewest possible)",
                   minimum=0, maximum=10)
LIMIT = Option("limit", int, 6, "the solver looks for plans of at most this many questions", minimum=1, maximum=10)
GOAL = Option("goal", str, "progress", "what a single question must achieve", choices=GOALS)
TARGET = Option("target", str, "", "for goal 'target': the proposition the answer must reveal")
EXAMPLE = Option("example", str, "", "a question 'ask G: QUESTION' for lessons to show and ask about "
                 "(the example_* quantities)")

Asked = tuple[str, Node]  # ("A", the question): one question put to one god


def target_of(game: GodsGame, args: Args) -> Node | None:
    """The parsed ``target`` argument; ``InvalidParams`` if it does not parse, or goal 'target' has none."""
    target = None
    if args["target"].strip():
        try:
            target = parse_question(args["target"], game.universe)
        except QuestionError as err:
            raise InvalidParams(f"parameter 'target' of puzzle 'gods': {err}") from None
    if args["goal"] == "target" and target is None:
        raise InvalidParams("parameter 'goal' of puzzle 'gods' is 'target' but no 'target' is given")
    return target


# -- verdicts ---------------------------------------------------------------------------------------


def tree_verdict(game: GodsGame, tree: Tree, questions: int, limit: int) -> Verdict:
    """A whole plan judged over every start world and every answer Random could give."""
    u = game.universe
    failure = verify(tree, u, engine.allowed(game, questions, limit), game.start)
    canonical = format_tree(tree, u)
    n = depth(tree)
    fewest = engine.min_questions(game, limit)
    if failure is None:
        whatever = ", whatever Random answers," if "Random" in u.roles else ""
        return Verdict(True, f"correct: every world{whatever} reaches its own leaf after at most "
                             f"{plural(n, 'question')}",
                       data={"correct": True, "counterexample": None, "questions": n, "min_questions": fewest},
                       canonical=canonical, length=n, shortest=fewest)
    summary, detail = failure_text(failure, u)
    return Verdict(False, summary, detail, {"correct": False, "counterexample": failure.as_json(u),
                                            "questions": n, "min_questions": fewest}, canonical, n, fewest)


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


# -- the example question (the example_* quantities) ----------------------------------------------------


def example_of(game: GodsGame, args: Args, quantity: str) -> Asked:
    """The parsed ``example`` argument; ``InvalidParams`` if it is missing or does not parse."""
    if not args["example"].strip():
        raise InvalidParams(f"quantity {quantity!r} of puzzle 'gods' needs the parameter 'example' "
                            "(a question 'ask G: QUESTION')")
    try:
        return parse_asked(args["example"], game.universe)
    except QuestionError as err:
        raise InvalidParams(f"parameter 'example' of puzzle 'gods': {err}") from None


def example_table(game: GodsGame, asked: Asked) -> str:
    """One question as a lesson shows it: its sympy form, answer condition, and the start worlds' table.

    The condition is simplified *within* the start worlds (``theory.answer_condition``);
    the rows are the start worlds, each with the truth of the question (computed by
    sympy) and the asked god's answer.
    """
    god, question = asked
    u, start = game.universe, game.start
    sym = theory.explain(question, u, god)
    condition = theory.answer_condition(u, god, question, start)
    world_width = max(len(u.world_text(i)) for i in members(start)) if start else 5
    lines = [f"ask {god}: {format_question(question)}",
             f"  in logic (sympy):   {sym['proposition']}",
             f"  {god} answers {u.words[0]!r} "
             + (f"{condition}" if condition in ("always", "never") else f"exactly when: {condition}"),
             *(["  (unless Random, who may say either word)"] if start & u.random(u.god_index(god)) else []),
             "",
             f"  {'world':{world_width}}  {'true?':6} {god} answers"]
    for i, row in enumerate(sym["table"]):
        if start >> i & 1:
            lines.append(f"  {u.world_text(i):{world_width}}  {'yes' if row['holds'] else 'no':6} {row['answer']}")
    return "\n".join(lines)


def example_branch(game: GodsGame, args: Args, quantity: str, which: int) -> int:
    """The start worlds that may hear the first (0) or second (1) word to the example."""
    god, question = example_of(game, args, quantity)
    u = game.universe
    g = u.god_index(god)
    return answers(u, g, first_word_mask(question, u, g), game.start)[which]

"""Teaching the three gods: the answer kinds ``tree`` and ``question``, lesson quantities, hint ladders.

The engine verifies plans and searches for them; the theory explains one
question with sympy and proves why plans cannot be shorter.  This layer turns
their results into what a learner reads:

* ``coach`` - one question judged against its goal, the open places of a
  partial plan, a failed plan's counterexample in words;
* here      - the question arguments, the two answer kinds, the quantities
  lessons ask for, and the hint ladders (nudge, concept, concrete move).
"""

from __future__ import annotations

from tutor.bits import members
from tutor.errors import InvalidParams
from tutor.puzzles.answers import AnswerKind, Kinds, Quantities, Verdict
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
from tutor.puzzles.gods.rules.tree import Tree, depth, format_tree, parse_tree
from tutor.puzzles.gods.rules.worlds import answers
from tutor.puzzles.gods.teach.coach import GOALS, failure_text, judge_question, open_places, surely_not_random
from tutor.puzzles.options import Args, Option

# -- the question arguments (lessons pass them next to a step; the command line as options) ---------

QUESTIONS = Option("questions", int, 0, "questions allowed per path in a plan (0: the fewest possible)",
                   minimum=0, maximum=10)
LIMIT = Option("limit", int, 6, "the solver looks for plans of at most this many questions", minimum=1, maximum=10)
GOAL = Option("goal", str, "progress", "what a single question must achieve", choices=GOALS)
TARGET = Option("target", str, "", "for goal 'target': the proposition the answer must reveal")
EXAMPLE = Option("example", str, "", "a question 'ask G: QUESTION' for lessons to show and ask about "
                 "(the example_* quantities)")

VOCABULARY = ("ask", "is", "not", "True", "False", "Random", "you", "are", "ja", "da", "means", "yes",
              "no", "and", "or", "xor", "iff", "would", "say", "to", "if", "I", "asked", "world", "in")

KINDS = Kinds()
QUANTITIES = Quantities()

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


def completions(game: GodsGame) -> list[str]:
    """Question-language words and the god names."""
    u = game.universe
    return [*u.gods, *VOCABULARY, *u.words, "da:", "ja:"]


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
        return Verdict(True, f"correct: every world{whatever} reaches its own leaf after at most {n} question(s)",
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


# -- hint ladders -------------------------------------------------------------------------------------


def question_ladder(game: GodsGame, goal: str, target: Node | None, limit: int) -> list[str]:
    """Nudge, concept, and a question that works (for one question, or a plan not yet begun)."""
    u = game.universe
    ref = reference_question(game, goal, target, limit)
    if "Random" in u.roles:
        nudge = ("Random may answer either word, so any answer Random gives is useless: aim the "
                 "question at a god you can be sure is not Random, or find one.")
    else:
        nudge = ("True says what is so and False says the opposite: a question helps only if the "
                 "possibilities you must tell apart get different answers.")
    if u.known_language:
        concept = ("A question whose truth is the same in every world (one you already know the "
                   "answer to) gets opposite answers from True and False; so does "
                   "'would you say yes to (P)', which both answer 'yes' exactly when P holds.")
    else:
        concept = (f"Asked 'would you say {u.words[0]} to (P)', True and False both answer "
                   f"{u.words[0]!r} exactly when P holds, whatever the words mean.")
    return [nudge, concept, f"One question that works: {ref}" if ref else "No single question achieves this goal."]


def tree_ladder(game: GodsGame, text: str, questions: int, limit: int) -> list[str]:
    """Nudge, concept, concrete move for a partial plan (its first open place)."""
    if not text.strip():
        return question_ladder(game, GOAL.default, None, limit)
    u = game.universe
    k = engine.allowed(game, questions, limit) or limit
    places = open_places(parse_tree(text, u), engine.shared_solver(game), k, game.start)
    if not places:
        return ["Your plan is complete: every world reaches its own leaf."]
    p = places[0]
    where = "after " + ", ".join(repr(a) for a in p["answers"]) if p["answers"] else "at the start"
    nudge = (f"{len(places)} place(s) still need work; {sum(x['finishable'] for x in places)} of them can "
             f"still be finished in the questions left.")
    nr = ", ".join(p["not_random"]) or "no god"
    what = {"unfinished": "the branch is unfinished", "wrong-leaf": "the leaf is wrong",
            "dead-end": "the question here leaves an answer that cannot be finished in time"}[p["kind"]]
    concept = (f"{where.capitalize()} (line {p['line']}) {what}: {p['possibilities']} possibilities "
               f"remain with {p['questions_left']} question(s) left; {nr} is surely not Random there.")
    move = (f"There, try: {p['suggestion']}" if p["suggestion"]
            else "That branch cannot be finished in time: change the question above it.")
    return [nudge, concept, move]


# -- the answer kinds ------------------------------------------------------------------------------------


@KINDS.register
class TreeKind(AnswerKind[GodsGame, Tree]):
    """A whole plan, verified over every start world and every answer Random could give."""

    name = "tree"
    description = "a whole plan, one line per node (ask G: QUESTION / da: / ja: / leaves)"
    multiline = True
    args = (QUESTIONS, LIMIT)

    def parse(self, game: GodsGame, text: str, args: Args) -> Tree:
        """The plan in the tree notation."""
        return parse_tree(text, game.universe)

    def format(self, game: GodsGame, answer: Tree, args: Args) -> str:
        """Two-space indentation, questions in canonical wording."""
        return format_tree(answer, game.universe)

    def check(self, game: GodsGame, answer: Tree, args: Args) -> Verdict:
        """Exact, with the question limit from ``questions`` (0: the fewest possible)."""
        return tree_verdict(game, answer, args["questions"], args["limit"])

    def reference(self, game: GodsGame, args: Args) -> str | None:
        """A shortest plan."""
        tree = reference_tree(game, args["limit"])
        return None if tree is None else format_tree(tree, game.universe)

    def hints(self, game: GodsGame, args: Args, text: str) -> list[str]:
        """The ladder for the first open place of the plan written so far."""
        return tree_ladder(game, text, args["questions"], args["limit"])

    def completions(self, game: GodsGame, args: Args, text: str) -> list[str]:
        """Question-language words and the god names."""
        return completions(game)


@KINDS.register
class QuestionKind(AnswerKind[GodsGame, Asked]):
    """One question to one god, judged against the ``goal`` argument."""

    name = "question"
    description = "one question 'ask G: QUESTION', judged against the 'goal' parameter"
    args = (GOAL, TARGET, LIMIT)

    def parse(self, game: GodsGame, text: str, args: Args) -> Asked:
        """``ask G: QUESTION``, or a bare question (asked to A)."""
        return parse_asked(text, game.universe)

    def format(self, game: GodsGame, answer: Asked, args: Args) -> str:
        """``ask G: QUESTION`` in canonical wording."""
        god, question = answer
        return f"ask {god}: {format_question(question)}"

    def check(self, game: GodsGame, answer: Asked, args: Args) -> Verdict:
        """Whether the question meets the goal from the start worlds."""
        return question_verdict(game, answer, args["goal"], target_of(game, args))

    def reference(self, game: GodsGame, args: Args) -> str | None:
        """A question that meets the goal."""
        return reference_question(game, args["goal"], target_of(game, args), args["limit"])

    def hints(self, game: GodsGame, args: Args, text: str) -> list[str]:
        """The ladder ends with a question that works."""
        return question_ladder(game, args["goal"], target_of(game, args), args["limit"])

    def completions(self, game: GodsGame, args: Args, text: str) -> list[str]:
        """Question-language words and the god names."""
        return completions(game)


# -- quantities ----------------------------------------------------------------------------------------


@QUANTITIES.register("worlds", "the number of worlds (assignments x meanings of ja)")
def worlds(game: GodsGame, args: Args) -> int:
    """Role orders x meanings of ja."""
    return game.universe.size


@QUANTITIES.register("assignments", "the number of ways to give the gods their roles")
def assignments(game: GodsGame, args: Args) -> int:
    """Distinct role orders."""
    return len({w.roles for w in game.universe.worlds})


@QUANTITIES.register("identities", "what must be told apart (assignments, or worlds when ja must be found too)")
def identities(game: GodsGame, args: Args) -> int:
    """What the leaves must name."""
    return len(game.universe.identities)


@QUANTITIES.register("lower_bound", "the counting bound: ceil(log2(identities))")
def lower_bound(game: GodsGame, args: Args) -> int:
    """k questions have at most 2**k answer paths."""
    return engine.shared_solver(game).lower_bound()


@QUANTITIES.register("min_questions", "the fewest questions of a plan that always works (0 if none within the limit)",
                     args=(LIMIT,))
def min_questions(game: GodsGame, args: Args) -> int:
    """From every world, whatever the ``worlds`` parameter says."""
    return engine.min_questions(game, args["limit"], game.universe.full) or 0


@QUANTITIES.register("first_questions", "first questions in the seed's model: gods x subsets of the worlds")
def first_questions(game: GodsGame, args: Args) -> int:
    """A god and any subset of the worlds."""
    u = game.universe
    return len(u.gods) << u.size


def _working_first(game: GodsGame, args: Args, key: str) -> int:
    """One count of ``Solver.working_first`` for a shortest plan from every world (0: no plan)."""
    k = engine.min_questions(game, args["limit"], game.universe.full)
    return 0 if k is None else engine.shared_solver(game).working_first(k)[key]


@QUANTITIES.register("working_first_questions", "first questions (seed's model) that start a shortest plan",
                     args=(LIMIT,))
def working_first_questions(game: GodsGame, args: Args) -> int:
    """Counted over the seed's model, each branch judged by the solver."""
    return _working_first(game, args, "questions")


@QUANTITIES.register("working_first_splits",
                     "distinct splits of the worlds by a first question that start a shortest plan", args=(LIMIT,))
def working_first_splits(game: GodsGame, args: Args) -> int:
    """Questions that differ only on the asked god's Random worlds count once."""
    return _working_first(game, args, "splits")


@QUANTITIES.register("language_free_first_splits", "working first splits whose answer ignores what ja means",
                     args=(LIMIT,))
def language_free_first_splits(game: GodsGame, args: Args) -> int:
    """Splits that keep each world with its twin under the other meaning of ja."""
    return _working_first(game, args, "language_free")


@QUANTITIES.register("start_worlds", "the number of worlds where the 'worlds' proposition holds")
def start_worlds(game: GodsGame, args: Args) -> int:
    """The size of the start set."""
    return game.start.bit_count()


@QUANTITIES.register("start_min_questions", "the fewest questions that identify the gods from the start worlds",
                     args=(LIMIT,))
def start_min_questions(game: GodsGame, args: Args) -> int:
    """0 when there is no plan within the limit."""
    return engine.min_questions(game, args["limit"]) or 0


@QUANTITIES.register("solvable", "'yes' if some plan within the limit identifies the gods from all worlds, else 'no'",
                     args=(LIMIT,))
def solvable(game: GodsGame, args: Args) -> str:
    """From every world."""
    return "no" if engine.min_questions(game, args["limit"], game.universe.full) is None else "yes"


@QUANTITIES.register("first_worst_branch", "possibilities the worse answer to the best first question leaves "
                     "(Random's worlds go to both answers)")
def first_worst_branch(game: GodsGame, args: Args) -> int:
    """The exact closed form from the theory."""
    return theory.first_worst_branch(engine.shared_solver(game))


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
             + (f"{condition}" if condition in ("always", "never") else f"exactly when: {condition}")
             + ("   (unless Random, who may say either word)" if start & u.random(u.god_index(god)) else ""),
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


@QUANTITIES.register("example_table", "the example question: its sympy form, answer condition and truth table "
                     "(text)", args=(EXAMPLE,))
def example_table_quantity(game: GodsGame, args: Args) -> str:
    """The whole table as text."""
    return example_table(game, example_of(game, args, "example_table"))


@QUANTITIES.register("example_condition", "when the example's god answers the first word (ja, or yes), simplified "
                     "by sympy within the start worlds (text)", args=(EXAMPLE,))
def example_condition(game: GodsGame, args: Args) -> str:
    """"always", "never", or sympy's simplest condition."""
    god, question = example_of(game, args, "example_condition")
    return theory.answer_condition(game.universe, god, question, game.start)


@QUANTITIES.register("example_meets_goal", "'yes' if the example question meets the 'goal' from the start worlds, "
                     "else 'no'", args=(EXAMPLE, GOAL, TARGET))
def example_meets_goal(game: GodsGame, args: Args) -> str:
    """Judged as a ``question`` answer would be."""
    asked = example_of(game, args, "example_meets_goal")
    return "yes" if question_verdict(game, asked, args["goal"], target_of(game, args)).correct else "no"


@QUANTITIES.register("example_left_first", "possibilities left after the first word (ja, or yes) to the example",
                     args=(EXAMPLE,))
def example_left_first(game: GodsGame, args: Args) -> int:
    """Identities that may hear the first word."""
    return len(game.universe.identity_set(example_branch(game, args, "example_left_first", 0)))


@QUANTITIES.register("example_left_second", "possibilities left after the second word (da, or no) to the example",
                     args=(EXAMPLE,))
def example_left_second(game: GodsGame, args: Args) -> int:
    """Identities that may hear the second word."""
    return len(game.universe.identity_set(example_branch(game, args, "example_left_second", 1)))


@QUANTITIES.register("example_not_random_first", "gods surely not Random after the first word to the example "
                     "('none' if none)", args=(EXAMPLE,))
def example_not_random_first(game: GodsGame, args: Args) -> str:
    """Gods who are Random in none of the worlds left."""
    return ", ".join(surely_not_random(game.universe, example_branch(game, args, "example_not_random_first", 0))) \
        or "none"


@QUANTITIES.register("example_not_random_second", "gods surely not Random after the second word to the example "
                     "('none' if none)", args=(EXAMPLE,))
def example_not_random_second(game: GodsGame, args: Args) -> str:
    """Gods who are Random in none of the worlds left."""
    return ", ".join(surely_not_random(game.universe, example_branch(game, args, "example_not_random_second", 1))) \
        or "none"

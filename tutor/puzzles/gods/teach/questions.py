"""What a question about the gods takes: the question arguments, and the ``example`` question lessons show.

The arguments are declared once here; lessons pass them next to a step and the
command line as options.  ``example`` is one question as a lesson shows it:
its sympy form and truth table, and the worlds each answer leaves (the
``example_*`` quantities).
"""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.maths.bits import members
from tutor.puzzles.gods import theory
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import QuestionError, SpokenOrder, parse_asked, parse_question
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.question import Node, format_question
from tutor.puzzles.gods.rules.worlds import Universe, answers
from tutor.puzzles.gods.teach.coach import GOALS
from tutor.puzzles.options import Args, Option

QUESTIONS = Option("questions", int, 0, "questions allowed per path in a plan (0: the fewest possible)",
                   minimum=0, maximum=10)
LIMIT = Option("limit", int, 6, "the solver looks for plans of at most this many questions", minimum=1, maximum=10)
GOAL = Option("goal", str, "progress", "what a single question must achieve", choices=GOALS)
TARGET = Option("target", str, "", "for goal 'target': the proposition the answer must reveal")
TO = Option("to", str, "", "the god a question must be put to (empty: any god)")
EXAMPLE = Option("example", str, "", "a question 'ask G: QUESTION' for lessons to show and ask about "
                 "(the example_* quantities)")
OPENING = Option("opening", str, "", "a first question 'ask G: QUESTION' (wrapped): the plan an 'average' step asks "
                 "about opens with it and goes on with the least average (empty: the best opening)")
PLAN = Option("plan", str, "", "a plan in the tree notation whose average a step asks about (empty: the engine's "
              "plan with the least average)")

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


def statement_form(text: str, u: Universe) -> str | None:
    """What to say when ``text`` is a question in the word order people speak ("are you True?"), which the question
    grammar reads and refuses (``SpokenOrder``): the statement to write, in the learner's own words where they read;
    None when ``text`` is not such a question.

    >>> from tutor.puzzles.gods.rules.worlds import universe
    >>> statement_form("ask A: are you True?", universe())
    "a question is the statement the god answers yes or no to: write 'ask A: you are True' for 'are you True?'"
    """
    try:
        parse_asked(text.strip(), u)
    except SpokenOrder as spoken:
        return spoken.said
    except QuestionError:
        return None
    return None


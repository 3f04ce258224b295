"""Teaching the three gods: the answer kinds ``tree`` and ``question``, lesson quantities, hint ladders.

The engine verifies plans and searches for them; the theory explains one
question with sympy and proves why plans cannot be shorter.  This layer turns
their results into what a learner reads:

* ``coach``      - one question judged against its goal, the open places of a
  partial plan, a failed plan's counterexample in words;
* ``judge``      - the one decision a plan or a question gets (every text about it
  is made from it), the question arguments, the engine's reference answers;
* ``quantities`` - the values lessons ask for; ``explain`` - why each value is
  what it is, and why any other value is not;
* here           - the two answer kinds and the hint ladders (nudge, concept, concrete move).
"""

from __future__ import annotations

from tutor.puzzles.answers import AnswerKind, Kinds, Verdict
from tutor.puzzles.gods import engine
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import Node, format_question, parse_asked
from tutor.puzzles.gods.rules.tree import Tree, draw_tree, format_tree, parse_tree
from tutor.puzzles.gods.teach import explain as _explain  # noqa: F401 - fills the quantities' explanation slots
from tutor.puzzles.gods.teach import proofs as _proofs  # noqa: F401 - and those of the question counts
from tutor.puzzles.gods.teach.coach import open_places
from tutor.puzzles.gods.teach.judge import (
    GOAL,
    LIMIT,
    QUESTIONS,
    TARGET,
    Asked,
    question_verdict,
    reference_question,
    reference_tree,
    target_of,
    tree_verdict,
)
from tutor.puzzles.gods.teach.quantities import QUANTITIES
from tutor.puzzles.options import Args
from tutor.shown import Drawn
from tutor.text import plural

__all__ = ["GOAL", "KINDS", "LIMIT", "QUANTITIES", "QUESTIONS", "TARGET", "target_of", "tree_ladder",
           "tree_verdict"]

VOCABULARY = ("ask", "is", "not", "True", "False", "Random", "you", "are", "ja", "da", "means", "yes",
              "no", "and", "or", "xor", "iff", "would", "say", "to", "if", "I", "asked", "world", "in")

KINDS = Kinds()


def completions(game: GodsGame) -> list[str]:
    """Question-language words and the god names."""
    u = game.universe
    return [*u.gods, *VOCABULARY, *u.words, "da:", "ja:"]


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
    """Nudge, concept, concrete move for a partial plan: every open or failing place, with the worlds reaching it."""
    if not text.strip():
        return question_ladder(game, GOAL.default, None, limit)
    u = game.universe
    k = engine.allowed(game, questions, limit) or limit
    places = open_places(parse_tree(text, u), engine.shared_solver(game), k, game.start)
    if not places:
        return ["Your plan is complete: every world reaches its own leaf."]
    finishable = sum(p["finishable"] for p in places)
    lines = ", ".join(str(p["line"]) for p in places)
    nudge = (f"{plural(len(places), 'place')} still need work (line{'s' if len(places) > 1 else ''} {lines}); "
             f"{finishable} of them can still be finished in the questions left.")
    what = {"unfinished": "the branch is unfinished", "wrong-leaf": "the leaf is wrong",
            "dead-end": "the question here leaves an answer that cannot be finished in time"}
    concept, move = [], []
    for p in places:
        where = f"Line {p['line']}, " + ("after " + ", ".join(repr(a) for a in p["answers"]) if p["answers"]
                                        else "at the start")
        safe = ""
        if "Random" in u.roles:
            gods = p["not_random"]
            who = " and ".join([", ".join(gods[:-1]), gods[-1]] if len(gods) > 1 else gods) or "no god"
            safe = f"; {who} {'are' if len(gods) > 1 else 'is'} surely not Random there"
        concept.append(f"{where}: {what[p['kind']]}; {plural(p['possibilities'], 'possibility', 'possibilities')} "
                       f"remain with {plural(p['questions_left'], 'question')} left{safe}. The worlds that reach it:")
        concept.extend("    " + " ".join(f"{g}={r}" for g, r in w.items()) for w in p["remaining"])
        move.append(f"{where}: try {p['suggestion']}" if p["suggestion"]
                    else f"{where}: this branch cannot be finished in time, so change the question above it.")
    return [nudge, "\n".join(concept), "\n".join(move)]


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

    def reference(self, game: GodsGame, args: Args) -> Drawn | None:
        """A shortest plan."""
        tree = reference_tree(game, args["limit"])
        return None if tree is None else draw_tree(tree, game.universe)

    def hints(self, game: GodsGame, args: Args, text: str) -> list[str]:
        """The ladder over every open or failing place of the plan written so far."""
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

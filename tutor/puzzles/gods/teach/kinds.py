"""The gods' answer kinds: ``tree``, a whole plan verified over every world, and ``question``, one question
judged against its goal."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.puzzles.answers import AnswerKind, Hint, Kinds, Verdict
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import QuestionError, format_question, parse_asked
from tutor.puzzles.gods.rules.tree import Tree, TreeError, draw_tree, format_tree, parse_tree
from tutor.puzzles.gods.teach import wrong
from tutor.puzzles.gods.teach.beliefs import question_beliefs
from tutor.puzzles.gods.teach.hints import question_ladder, tree_ladder
from tutor.puzzles.gods.teach.plan_beliefs import tree_beliefs
from tutor.puzzles.gods.teach.questions import (
    GOAL,
    LIMIT,
    QUESTIONS,
    TARGET,
    TO,
    Asked,
    read_asked,
    statement_form,
    target_of,
)
from tutor.puzzles.gods.teach.verdicts import question_verdict, reference_question, reference_tree, tree_verdict
from tutor.puzzles.options import Args
from tutor.shown import Drawn

VOCABULARY = ("ask", "is", "not", "True", "False", "Random", "you", "are", "ja", "da", "means", "yes",
              "no", "and", "or", "xor", "iff", "would", "say", "to", "if", "I", "asked", "world", "in")

KINDS = Kinds()


def completions(game: GodsGame) -> list[str]:
    """Question-language words and the god names."""
    u = game.universe
    return [*u.gods, *VOCABULARY, *u.words, "da:", "ja:"]


def spoken_question(game: GodsGame, line: str) -> str | None:
    """What a question looks like, when ``line`` of a plan is a question in spoken word order that does not read."""
    text = line.strip()
    try:
        parse_asked(text, game.universe)
    except QuestionError:
        return statement_form(text, game.universe)
    return None


@KINDS.register
class TreeKind(AnswerKind[GodsGame, Tree]):
    """A whole plan, verified over every start world and every answer Random could give."""

    name = "tree"
    description = "a whole plan, one line per node (ask G: QUESTION / da: / ja: / leaves)"
    multiline = True
    args = (QUESTIONS, LIMIT)
    wrong_answers = wrong.failing_plans
    beliefs = tree_beliefs()

    def parse(self, game: GodsGame, text: str, args: Args) -> Tree:
        """The plan in the tree notation; a question in spoken word order is refused by what a question looks like."""
        try:
            return parse_tree(text, game.universe)
        except TreeError:
            for number, line in enumerate(text.splitlines(), 1):
                said = spoken_question(game, line)
                if said:
                    raise TreeError(f"line {number}: {line.strip()!r}: {said}") from None
            raise

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

    def hints(self, game: GodsGame, args: Args, text: str) -> Sequence[Hint]:
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
    args = (GOAL, TARGET, LIMIT, TO)
    wrong_answers = wrong.trusting_questions
    beliefs = question_beliefs()

    def parse(self, game: GodsGame, text: str, args: Args) -> Asked:
        """``ask G: QUESTION``, or a bare question (asked to A)."""
        return read_asked(text, game.universe)

    def format(self, game: GodsGame, answer: Asked, args: Args) -> str:
        """``ask G: QUESTION`` in canonical wording."""
        god, question = answer
        return f"ask {god}: {format_question(question)}"

    def check(self, game: GodsGame, answer: Asked, args: Args) -> Verdict:
        """Whether the question meets the goal from the start worlds, put to the god ``to`` names (if any)."""
        to = args["to"].strip().upper()
        if to and answer[0] != to:
            return Verdict(False, f"this question goes to {answer[0]}; the step asks for a question to {to}",
                           data={"correct": False, "goal": args["goal"]}, canonical=self.format(game, answer, args))
        return question_verdict(game, answer, args["goal"], target_of(game, args))

    def reference(self, game: GodsGame, args: Args) -> str | None:
        """A question that meets the goal."""
        return reference_question(game, args["goal"], target_of(game, args), args["limit"])

    def hints(self, game: GodsGame, args: Args, text: str) -> Sequence[Hint]:
        """The ladder ends with a question that works."""
        return question_ladder(game, args["goal"], target_of(game, args), args["limit"])

    def completions(self, game: GodsGame, args: Args, text: str) -> list[str]:
        """Question-language words and the god names."""
        return completions(game)

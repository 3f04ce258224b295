"""The gods' answer kinds: ``tree``, a whole plan verified over every world; ``question``, one question judged
against its goal; ``average``, an exact expected number of questions; ``conjecture``, a rule about every set of gods
checked by the workbench."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tutor.errors import TutorError
from tutor.puzzles.answers import AnswerKind, Belief, Hint, Kinds, Verdict
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.formula import Conjecture, format_conjecture
from tutor.puzzles.gods.rules.lang import parse_asked
from tutor.puzzles.gods.rules.question import format_question
from tutor.puzzles.gods.rules.tree import Tree, TreeError, draw_tree, format_tree, parse_tree
from tutor.puzzles.gods.teach import wrong
from tutor.puzzles.gods.teach.average_answers import least_ladder, plan_ladder, read_average, stated_average
from tutor.puzzles.gods.teach.beliefs import question_beliefs
from tutor.puzzles.gods.teach.conjecture import BOUND, workbench
from tutor.puzzles.gods.teach.hints import question_ladder, tree_ladder
from tutor.puzzles.gods.teach.plan_beliefs import tree_beliefs
from tutor.puzzles.gods.teach.quantities.average_ideas import LEAST_IDEAS, PLAN_IDEAS, Idea, given_by, idea_for
from tutor.puzzles.gods.teach.quantities.averaged import OF, asked_about, fraction_text, value_of
from tutor.puzzles.gods.teach.quantities.averages import refute_least, refute_plan
from tutor.puzzles.gods.teach.questions import (
    GOAL,
    LIMIT,
    OPENING,
    PLAN,
    QUESTIONS,
    TARGET,
    TO,
    Asked,
    statement_form,
    target_of,
)
from tutor.puzzles.gods.teach.rule_answers import (
    CLAIM,
    LIKELY,
    RULE_BELIEFS,
    read_claim,
    rule_ladder,
    stated_rule,
    the_rule,
)
from tutor.puzzles.gods.teach.verdicts import question_verdict, reference_question, reference_tree, tree_verdict
from tutor.puzzles.options import Args
from tutor.screen.shown import Drawn

VOCABULARY = ("ask", "is", "not", "True", "False", "Random", "you", "are", "ja", "da", "means", "yes",
              "no", "and", "or", "xor", "iff", "would", "say", "to", "if", "I", "asked", "world", "in")

KINDS = Kinds()


def completions(game: GodsGame) -> list[str]:
    """Question-language words and the god names."""
    u = game.universe
    return [*u.gods, *VOCABULARY, *u.words, "da:", "ja:"]


def spoken_question(game: GodsGame, line: str) -> str | None:
    """What a question looks like, when ``line`` of a plan is a question in spoken word order (``statement_form``:
    None when the line reads or is no such question)."""
    return statement_form(line, game.universe)


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
        return parse_asked(text, game.universe)

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


def _believed(idea: Idea, of: str) -> Belief:
    """An average's wrong idea as a belief about the answer (the value it gives here)."""
    def given(game: GodsGame, args: Args) -> Fraction | None:
        if args["of"] != of:
            return None
        try:
            a = asked_about(game, args)
        except TutorError:
            return None
        return given_by(game, a, LEAST_IDEAS if of == "least" else PLAN_IDEAS)[idea.name]

    return Belief(idea.name, lambda game, args: None if (v := given(game, args)) is None else fraction_text(v),
                  lambda game, args, answer: answer == given(game, args),
                  lambda game, args, answer: idea.says(answer, game, asked_about(game, args)))


@KINDS.register
class AverageKind(AnswerKind[GodsGame, Fraction]):
    """The expected number of questions, exactly: of the step's plan (``plan``, or the plan that opens with
    ``opening`` and goes on as well as it can), or the least over every plan (``of``)."""

    name = "average"
    description = "an exact average number of questions, as a fraction such as 19/8 (or a sum such as (2 + 3)/2)"
    args = (OF, PLAN, OPENING, QUESTIONS, LIMIT)
    beliefs = (*(_believed(i, "plan") for i in PLAN_IDEAS), *(_believed(i, "least") for i in LEAST_IDEAS))

    def parse(self, game: GodsGame, text: str, args: Args) -> Fraction:
        """A fraction, a mixed number, an exact decimal or a sum, valued exactly."""
        return read_average(text, value_of(game, args))

    def format(self, game: GodsGame, answer: Fraction, args: Args) -> str:
        """``19/8``, or ``3``."""
        return fraction_text(answer)

    def check(self, game: GodsGame, answer: Fraction, args: Args) -> Verdict:
        """Right when it is the exact value; a wrong one gets the idea that gives it, or the side it is on and
        one leaf worked out (the plan's), or the search's verdict (the least)."""
        right = value_of(game, args)
        what = "the least average" if args["of"] == "least" else "this plan's average"
        if answer == right:
            return Verdict(True, f"Right: {fraction_text(answer)} is {what}.", data={"correct": True})
        a = asked_about(game, args)
        least = args["of"] == "least"
        idea = idea_for(game, a, LEAST_IDEAS if least else PLAN_IDEAS, answer)
        detail = refute_least(game, a, answer) if least else refute_plan(game, a, answer)
        return Verdict(False, f"Not right: {fraction_text(answer)} is not {what}.", detail,
                       {"correct": False, **({"misconception": idea.name} if idea else {})},
                       misconception=idea.name if idea else None)

    def reference(self, game: GodsGame, args: Args) -> str | None:
        """The exact value."""
        return fraction_text(value_of(game, args))

    def gives_away(self, game: GodsGame, args: Args, text: str, learner: str = "") -> str | None:
        """The value written in any terms, as a mixed number, or rounded to two places."""
        return stated_average(text, value_of(game, args), learner)

    def wrong_answers(self, game: GodsGame, args: Args) -> list[str]:
        """Near misses: a whole question more or less, one more or less over the denominator, the worst case."""
        right = value_of(game, args)
        near = [right + 1, right - 1, right + Fraction(1, right.denominator), right - Fraction(1, right.denominator),
                Fraction(int(right) + 1), 2 * right]
        return [fraction_text(x) for x in dict.fromkeys(near) if x >= 0 and x != right]

    def hints(self, game: GodsGame, args: Args, text: str) -> Sequence[Hint]:
        """Leaf by leaf (a plan's average), or what a plan that ends early can save (the least)."""
        a = asked_about(game, args)
        return least_ladder(game, a) if args["of"] == "least" else plan_ladder(game, a)


@KINDS.register
class ConjectureKind(AnswerKind[GodsGame, Conjecture]):
    """A rule about every set of gods (how many are True, False and Random), checked by the workbench on every set
    of up to ``bound`` gods: it holds that far, or the smallest counterexample with the engine's certificate."""

    name = "conjecture"
    description = ("a condition (or, with claim = 'questions', a number) in n, t, f, r about every set of gods, "
                   "checked on every set of up to 'bound' gods")
    args = (BOUND, CLAIM)
    beliefs = RULE_BELIEFS

    def parse(self, game: GodsGame, text: str, args: Args) -> Conjecture:
        """The formula language (``rules.formula``, never ``eval``), of the kind the step asks for."""
        return read_claim(text, args["claim"])

    def format(self, game: GodsGame, answer: Conjecture, args: Args) -> str:
        """The canonical text: ``r < n - r or r = n``."""
        return format_conjecture(answer)

    def check(self, game: GodsGame, answer: Conjecture, args: Args) -> Verdict:
        """The workbench's verdict: holds up to the bound (evidence, not proof), or its smallest counterexample."""
        said = format_conjecture(answer)
        data, text, held = workbench(game, said, args["bound"])
        summary, _, detail = text.replace(f" {said} gives ", " your rule gives ", 1).partition("\n")
        return Verdict(held, summary, detail, data, said)

    def reference(self, game: GodsGame, args: Args) -> str | None:
        """The rule (with the all-Random corner where it is identifiable); none is known for a number."""
        return the_rule(game, args["bound"]) if args["claim"] == "identifiable" else None

    def gives_away(self, game: GodsGame, args: Args, text: str, learner: str = "") -> str | None:
        """A condition written in the text that holds up to the bound; the learner's own conjecture, echoed as typed
        or in canonical form, is left out (a part of it may hold: they wrote it)."""
        if args["claim"] != "identifiable":
            return None
        for echo in {learner.strip(), self.normalize(game, learner, args)} - {""}:
            text = text.replace(echo, " ")
        return stated_rule(game, text, args["bound"])

    def wrong_answers(self, game: GodsGame, args: Args) -> list[str]:
        """Conditions a learner may try first (those that hold here left out)."""
        return [rule for rule in LIKELY if stated_rule(game, rule, args["bound"]) is None]

    def hints(self, game: GodsGame, args: Args, text: str) -> Sequence[Hint]:
        """From the small sets to what to compare."""
        return rule_ladder(game, args["bound"]) if args["claim"] == "identifiable" else []

    def completions(self, game: GodsGame, args: Args, text: str) -> list[str]:
        """The formula's words."""
        return ["n", "t", "f", "r", "and", "or", "not", "floor(", "ceiling(", "log2("]

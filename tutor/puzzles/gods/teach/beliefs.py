"""What learners really believe when they write one question or a whole plan for the gods, as beliefs
(``tutor.puzzles.answers.Belief``): the answer holds of a belief exactly when it would be right in the world the
belief pictures, and is not right in the real one.

* ``liar_trusted`` - the god asked answers a plain question truthfully (the liar's lie forgotten);
* ``random_relied_on`` - the god asked is not Random (his answer is taken as information);
* ``ja_means_yes`` / ``da_means_yes`` - the meaning of the words is known, the one way or the other;
* ``plain_question`` - all at once: a plain question, taken at its word in the words of a yes.

Each is judged by the same rules as the answer itself, with the worlds the belief keeps or the answers it
pictures (a question: the goal checked on that split), so a belief named is one under which the learner's own
answer is right, and under which a question that tells nothing is not.  The example of a belief is the first
question built from the engine's own short propositions (plain, or wrapped in either word) that it alone explains.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Any

from tutor.puzzles.answers import Belief
from tutor.puzzles.gods import engine
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import QuestionError, parse_asked
from tutor.puzzles.gods.rules.meaning import first_word_mask, truth_mask
from tutor.puzzles.gods.rules.question import Node, Say, format_question
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet, answers
from tutor.puzzles.gods.teach.coach import PROGRESS_REACH, surely_not_random
from tutor.puzzles.gods.teach.questions import target_of
from tutor.puzzles.options import Args

CANDIDATE_FORMULAS = 24  # the engine's shortest propositions tried when a belief's example question is looked for

# a belief as what it changes: (the worlds it keeps, where the god asked says the first word) from the real ones,
# given the question (None where the belief pictures nothing new here)
Picture = Callable[[Universe, int, Node, WorldSet, WorldSet], tuple[WorldSet, WorldSet] | None]


def _trusted(u: Universe, g: int, q: Node, start: WorldSet, first: WorldSet) -> tuple[WorldSet, WorldSet] | None:
    """A plain question answered truthfully by the liar too (a wrapped one already is: no picture)."""
    return (start, first ^ u.liar(g)) if start & u.liar(g) and not isinstance(q, Say) else None


def _not_random(u: Universe, g: int, q: Node, start: WorldSet, first: WorldSet) -> tuple[WorldSet, WorldSet] | None:
    return (start & ~u.random(g), first) if start & u.random(g) else None


def _ja_yes(u: Universe, g: int, q: Node, start: WorldSet, first: WorldSet) -> tuple[WorldSet, WorldSet] | None:
    return (start & ~u.ja_no, first) if u.words[0] == "ja" and start & u.ja_no else None


def _da_yes(u: Universe, g: int, q: Node, start: WorldSet, first: WorldSet) -> tuple[WorldSet, WorldSet] | None:
    return (start & u.ja_no, first) if u.words[0] == "ja" and start & ~u.ja_no else None


def _plain(u: Universe, g: int, q: Node, start: WorldSet, first: WorldSet) -> tuple[WorldSet, WorldSet] | None:
    yes = _ja_yes(u, g, q, start, first)
    return None if yes is None else _trusted(u, g, q, *yes)


PICTURES: tuple[tuple[str, Picture], ...] = (
    ("liar_trusted", _trusted), ("random_relied_on", _not_random), ("ja_means_yes", _ja_yes),
    ("da_means_yes", _da_yes), ("plain_question", _plain))


# -- one question ---------------------------------------------------------------------------------------------

def meets(game: GodsGame, args: Args, g: int, target: Node | None, start: WorldSet, first: WorldSet) -> bool:
    """Whether a question to god ``g`` that draws the first word in ``first`` meets the step's goal from ``start``,
    by the rules of ``coach.judge_question`` (the number of questions left is the real start's)."""
    u, goal = game.universe, args["goal"]
    if goal == "target":
        assert target is not None
        care = start & ~u.random(g)
        return not (truth_mask(target, u, g) ^ first) & care
    a, b = answers(u, g, first, start)
    if goal == "non-random":
        return (not a or bool(surely_not_random(u, a))) and (not b or bool(surely_not_random(u, b)))
    solver = engine.shared_solver(game)
    need = solver.lower_bound(solver.items_of(game.start))
    k = next((k for k in range(need, need + PROGRESS_REACH) if solver.solvable(solver.items_of(game.start), k)),
             None)
    if not k:
        return False
    return solver.solvable(solver.items_of(a), k - 1) and solver.solvable(solver.items_of(b), k - 1)


def _question_holds(name: str, game: GodsGame, args: Args, answer: Any) -> bool:
    god, question = answer
    u = game.universe
    g = u.god_index(god)
    to = str(args.get("to", "")).strip().upper()
    if to and god != to:
        return False
    first = first_word_mask(question, u, g)
    target = target_of(game, args)
    pictured = dict(PICTURES)[name](u, g, question, game.start, first & game.start)
    if pictured is None or meets(game, args, g, target, game.start, first):
        return False
    kept, drawn = pictured  # the belief explains the answer, not any question: one that tells nothing fails there
    return meets(game, args, g, target, kept, drawn) and not meets(game, args, g, target, kept, u.full)


def first_belief(game: GodsGame, args: Args, asked: tuple[str, Node]) -> str | None:
    """The first belief under which question ``asked`` meets the step's goal (None: none, or it meets it)."""
    return next((name for name, _ in PICTURES if _question_holds(name, game, args, asked)), None)


@cache
def _question_examples(game: GodsGame, own: Args) -> dict[str, str]:
    """The first candidate question each belief alone explains (the first belief that holds of it), by name."""
    u = game.universe
    to = own["to"].strip().upper()
    found: dict[str, str] = {}
    for _, _, formula in engine.shared_solver(game).formulas()[:CANDIDATE_FORMULAS]:
        body = format_question(formula)
        for god in [to] if to else u.gods:
            for text in (f"ask {god}: {body}", *(f"ask {god}: would you say {w} to ({body})"
                                                 for w in (*u.words, "yes") if w in ("ja", "da", "yes"))):
                try:
                    asked = parse_asked(text, u)
                except QuestionError:
                    continue
                name = first_belief(game, own, asked)
                if name is not None:
                    found.setdefault(name, text)
    return found


def _question_example(name: str, game: GodsGame, args: Args) -> str | None:
    return _question_examples(game, args).get(name)


def question_says(name: str, game: GodsGame, args: Args, answer: Any) -> str:
    """The sentence of belief ``name`` for the question ``answer``."""
    god = answer[0]
    said = {
        "liar_trusted": f"This question works only if {god} tells the truth; but {god} may be the liar, and then "
                        "his answer turns the other way.",
        "random_relied_on": f"This question works only if {god} is not Random; but {god} may be Random, and then "
                            "his answer says nothing: both words can come back in those worlds.",
        "ja_means_yes": "This question works only if ja means yes; but ja may mean no, and then every answer you "
                        "read turns the other way.",
        "da_means_yes": "This question works only if da means yes; but da may mean no as well as yes.",
        "plain_question": f"This question works only if {god} tells the truth and ja means yes; neither is known. "
                          "Wrap it (would you say ja to (...)) so that neither matters.",
    }
    return said[name]


def question_beliefs() -> tuple[Belief, ...]:
    """The beliefs about one question, in the order they are tried."""
    return tuple(Belief(name, partial(_question_example, name), partial(_question_holds, name),
                        partial(question_says, name)) for name, _ in PICTURES)

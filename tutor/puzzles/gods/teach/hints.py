"""The gods' hint ladders: a nudge, the concept, and a concrete move, from the solver's search, each rung with how
much it tells (``Level``) so the step merges them with the author's hints in order."""

from __future__ import annotations

from tutor.puzzles.answers import Hint, Level, Rung
from tutor.puzzles.gods import engine
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.question import Node
from tutor.puzzles.gods.rules.tree import parse_tree
from tutor.puzzles.gods.teach.coach import open_places
from tutor.puzzles.gods.teach.questions import GOAL
from tutor.puzzles.gods.teach.verdicts import reference_question
from tutor.screen.text import plural


def question_ladder(game: GodsGame, goal: str, target: Node | None, limit: int) -> list[Hint]:
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
    move = f"One question that works: {ref}" if ref else "No single question achieves this goal."
    # A ladder only gets more specific. The wrapper trick nearly answers when the goal names the proposition, or
    # when no god can be Random (any wrapped question about who is who works): then it comes after the author's
    # hints. With Random about, finding what to ask is the puzzle and the trick is only where to look: before them.
    near = goal == "target" or "Random" not in u.roles
    return [Rung(nudge, Level.NUDGE), Rung(concept, Level.CONCEPT if near else Level.NUDGE), Rung(move, Level.MOVE)]


def tree_ladder(game: GodsGame, text: str, questions: int, limit: int) -> list[Hint]:
    """For a partial plan: first every open or failing place with the worlds reaching it (the rung the lessons
    promise after a plan with '?'), then a concrete move for each."""
    if not text.strip():
        return list(question_ladder(game, GOAL.default, None, limit))
    u = game.universe
    k = engine.allowed(game, questions, limit) or limit
    places = open_places(parse_tree(text, u), engine.shared_solver(game), k, game.start)
    if not places:
        return ["Your plan is complete: every world reaches its own leaf."]
    finishable = sum(p["finishable"] for p in places)
    lines = ", ".join(str(p["line"]) for p in places)
    one = len(places) == 1
    can = (("it can" if finishable else "it cannot") if one else f"{finishable} of them can")
    # said of the plan the learner last gave, not of the empty page on screen
    need = f"{plural(len(places), 'place')} still need{'s' if one else ''} work (line{'' if one else 's'} {lines})"
    nudge = f"In your plan, {need}; {can} still be finished in the questions left."
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
    return [Rung("\n".join([nudge, *concept]), Level.NUDGE), Rung("\n".join(move), Level.MOVE)]

"""The three gods' command-line contract: ``tutor solve|check|hint|analyze gods``.

JSON keys are documented in README.md and docs/gods.md; they may be added to,
never renamed or removed.  A search that spends its budget is bad input for
the variant asked about (too many gods for the limit): one line, exit 2.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from tutor.errors import InvalidNotation, InvalidParams, SearchLimit
from tutor.maths.bits import members
from tutor.puzzles.answers import JSON, rung
from tutor.puzzles.base import Commands, Report
from tutor.puzzles.gods import engine, theory
from tutor.puzzles.gods.engine.solver import plan_tree
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import parse_asked
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.question import Node, format_question
from tutor.puzzles.gods.rules.tree import draw_tree, parse_tree
from tutor.puzzles.gods.rules.worlds import answers
from tutor.puzzles.gods.teach.average import average_of, expected_report, judge_average
from tutor.puzzles.gods.teach.coach import judge_question, open_places
from tutor.puzzles.gods.teach.conjecture import BOUND, workbench
from tutor.puzzles.gods.teach.hints import tree_ladder
from tutor.puzzles.gods.teach.questions import GOAL, LIMIT, QUESTIONS, TARGET, target_of
from tutor.puzzles.gods.teach.verdicts import tree_verdict
from tutor.puzzles.options import Args, Option, required_text
from tutor.screen.shown import Drawn, join, text_of
from tutor.screen.text import plural

COMMANDS = Commands()

TREE = Option("tree", str, None, "the plan as text, or - to read standard input", positional=True, readable=True,
              metavar="TREE")
QUESTION = Option("question", str, None, "show how one question ('ask B: ...' or a bare question) splits the worlds",
                  metavar="TEXT")
ASK = Option("ask", str, "A", "the god asked by --question", metavar="GOD")
CONJECTURE = Option("conjecture", str, None, "a formula in n, t, f, r for the fewest questions "
                    "(ceiling(log2(n!/(t!*f!*r!)))), or a condition for when the gods can be identified (r < n - r), "
                    "checked on every set of up to --bound gods", metavar="EXPR")
EXPECTED = Option("expected", bool, False, "the average over the worlds and Random's words: analyze gives the "
                  "least and a plan with it, check judges whether the plan has the least (exit 1 if not)")

Run = Callable[[GodsGame, Args], Report]


def bounded(run: Run) -> Run:
    """A command whose search may spend its budget: that is reported as bad input for the variant."""

    @wraps(run)
    def wrapper(game: GodsGame, args: Args) -> Report:
        try:
            return run(game, args)
        except SearchLimit as err:
            exists = ("" if theory.inseparable_pair(game.universe, game.start) else
                      " (a plan does exist: every two identities have a god who is Random in neither)")
            advice = "fewer gods" if args.get("expected") else "fewer gods or a lower --limit"
            raise InvalidParams(f"gods {game.gods!r}: {err}{exists}; try {advice}") from None

    return wrapper


# -- solve ---------------------------------------------------------------------------------------------


@COMMANDS.register("solve", "a shortest plan, or why there is none", LIMIT)
@bounded
def solve(game: GodsGame, args: Args) -> Report:
    """The shortest plan from the start worlds; exit 1 when there is none within the limit."""
    u = game.universe
    solver = engine.shared_solver(game)
    start = game.start
    items = solver.items_of(start)
    limit = args["limit"]
    # the theorem first: two worlds that can never be told apart settle it without a search
    k = None if theory.inseparable_pair(u, start) else engine.min_questions(game, limit)
    model = theory.model(u)
    if k is None:
        data, reason = never_data(game, limit)
        return Report({"questions": None, "tree": None, "solvable": False, "reason": reason,
                       "proved_never": data["proved_never"], "limit": limit, "model": model,
                       "indistinguishable": data["indistinguishable"]},
                      "\n".join([reason, *theory.model_lines(u)]), 1)
    plan = solver.plan(items, k)
    assert plan is not None
    tree_text = draw_tree(plan_tree(solver, plan), u)
    fewer = f"; {k - 1} cannot suffice (exhaustive search)" if k > 0 else ""
    data = {"questions": k, "tree": str(tree_text), "solvable": True, "worlds": start.bit_count(),
            "gods": list(zip(u.gods, u.roles, strict=True)), "lower_bound": solver.lower_bound(items),
            "model": model}
    text: list[Drawn] = [f"Shortest plan: {plural(k, 'question')}{fewer}.", "", tree_text, "", *theory.model_lines(u)]
    return Report(data, join(text), 0)


def never_data(game: GodsGame, limit: int) -> tuple[JSON, str]:
    """When no plan within ``limit`` exists: is there none at all (two worlds never told apart), and why."""
    u = game.universe
    pair = theory.inseparable_pair(u, game.start)
    if pair is None:
        return ({"proved_never": False, "indistinguishable": None},
                f"no solution within {plural(limit, 'question')} (enough questions do suffice: every two identities "
                f"have a god who is Random in neither). {theory.random_rule(u)}")
    worlds = [u.worlds[i].as_json(u.gods) for i in pair]
    proof = f"{theory.never_proof(u, pair)}. {theory.random_rule(u)}"
    return {"proved_never": True, "indistinguishable": worlds}, proof


# -- check -----------------------------------------------------------------------------------------------


@COMMANDS.register("check", "judge a whole plan exactly (exit 0 correct, 1 incorrect), or show one question's split",
                   TREE, QUESTIONS, LIMIT, QUESTION, ASK, GOAL, TARGET, EXPECTED, CONJECTURE, BOUND)
@bounded
def check(game: GodsGame, args: Args) -> Report:
    """A plan judged over every world; with ``--question``, one question's split (graded with --goal/--target);
    with ``--conjecture``, a formula for every set of gods (exit 0 holds, 1 counterexample)."""
    if args["conjecture"] is not None:
        return check_conjecture(game, args)
    if "bound" in args.given:
        raise InvalidParams("--bound is read only with --conjecture (the most gods a set has)")
    target = target_of(game, args)
    if args["question"] is not None:
        return check_question(game, args, target)
    v = tree_verdict(game, parse_tree(required_text(args, "tree"), game.universe), args["questions"], args["limit"])
    data = dict(v.data)
    k = engine.allowed(game, args["questions"], args["limit"])
    data.update(min_questions=engine.min_questions(game, args["limit"]), max_questions=k, summary=v.summary)
    lines = [v.summary, *([v.detail] if v.detail else [])]
    passed = v.correct
    if args["expected"]:
        mean = average_of(data["expected_questions"])
        keys, line, reaches = judge_average(game, mean, k)
        data.update(keys, expected_verdict=line)
        lines.append(line)
        passed = passed and reaches
    return Report(data, join(lines), 0 if passed else 1)


def check_conjecture(game: GodsGame, args: Args) -> Report:
    """``check --conjecture``: exit 0 when it holds on every set up to ``--bound`` gods, 1 at a counterexample."""
    clash = sorted({"tree", "question", "expected"} & args.given)
    if clash:
        named = {"tree": "the plan", "question": "--question", "expected": "--expected"}
        raise InvalidParams(f"--conjecture is checked on its own: drop {', '.join(named[c] for c in clash)}")
    data, text, held = workbench(game, args["conjecture"], args["bound"])
    return Report({**data, "summary": text.splitlines()[0]}, text, 0 if held else 1)


def check_question(game: GodsGame, args: Args, target: Node | None) -> Report:
    """``check --question``: exit 1 for a missed goal only when --goal or --target was given."""
    u = game.universe
    god, question = parse_asked(args["question"], u, default_god=str(args["ask"]).upper())
    if god not in u.gods:
        raise InvalidNotation(f"no god {args['ask']!r} to ask (gods: {', '.join(u.gods)})")
    data, text = question_report(game, god, question, args["goal"], target, args["limit"])
    graded = "goal" in args.given or "target" in args.given
    return Report(data, text, (0 if data["meets_goal"] else 1) if graded else 0)


def question_report(game: GodsGame, god: str, question: Node, goal: str, target: Node | None,
                    limit: int) -> tuple[JSON, str]:
    """How one question splits the starting worlds, its sympy form and truth table, and the goal verdict."""
    u = game.universe
    solver = engine.shared_solver(game)
    start = game.start
    g = u.god_index(god)
    first, second = answers(u, g, first_word_mask(question, u, g), start)
    either = start & u.random(g)
    k = engine.min_questions(game, limit)
    left = None if k is None else max(k - 1, 0)
    finish = {w: (left is not None and solver.solvable(solver.items_of(part), left))
              for w, part in zip(u.words, (first, second), strict=True)}
    verdict = judge_question(solver, god, question, start, goal, target)
    sym = theory.explain(question, u, god)
    text_q = f"ask {god}: {format_question(question)}"

    def worlds(s: int) -> list[dict[str, str]]:
        return [u.worlds[i].as_json(u.gods) for i in members(s)]

    data: JSON = {
        "god": god, "question": format_question(question),
        u.words[0]: worlds(first & ~either), u.words[1]: worlds(second & ~either), "either": worlds(either),
        "branches": {u.words[0]: worlds(first), u.words[1]: worlds(second)},
        "questions_left": left, "finishable": finish,
        "sympy": {k2: v for k2, v in sym.items() if k2 != "table"}, "truth_table": sym["table"],
        "goal": goal, "meets_goal": verdict.correct, "verdict": verdict.summary,
    }
    lines = [text_q,
             f"as logic (sympy): {sym['proposition']}",
             f"{god} answers {u.words[0]!r} (unless Random) exactly when: {sym['answer_simplified']}",
             "",
             f"{'world':34} {'holds':6} answer"]
    for row in sym["table"]:
        w = " ".join(f"{a}={b}" for a, b in row["world"].items())
        lines.append(f"{w:34} {'yes' if row['holds'] else 'no':6} {row['answer']}")
    lines.append("")
    for w, part in zip(u.words, (first, second), strict=True):
        state = "" if left is None else (f", can be finished in {left} more" if finish[w]
                                         else f", cannot be finished in {left} more")
        ids = plural(len(u.identity_set(part)), "possibility", "possibilities")
        lines.append(f"after {w!r}: {ids} ({plural(part.bit_count(), 'world')}){state}")
    lines.append(f"goal {goal!r}: {verdict.summary}")
    return data, "\n".join(lines)


# -- hint --------------------------------------------------------------------------------------------------


@COMMANDS.register("hint", "every open place of a partial plan, and a question that would work there",
                   TREE, QUESTIONS, LIMIT)
@bounded
def hint(game: GodsGame, args: Args) -> Report:
    """The open places of a partial plan and the hint ladder for the first of them."""
    text = required_text(args, "tree", "partial plan (a plan with '?' where it is still open; '?' alone to begin)")
    tree = parse_tree(text, game.universe)
    k = engine.allowed(game, args["questions"], args["limit"]) or args["limit"]
    places = open_places(tree, engine.shared_solver(game), k, game.start)
    ladder = [text_of(rung(h).text) for h in tree_ladder(game, text, args["questions"], args["limit"])]
    return Report({"complete": not places, "questions": k, "places": places, "hints": ladder}, "\n".join(ladder), 0)


def first_lines(game: GodsGame, k: int, data: dict[str, Any]) -> list[str]:
    """The working first questions of ``analyze``, counted into ``data``; over the counting limit, said so."""
    u = game.universe
    head = (f"first questions in the classic computer model ('are we in one of these worlds?', put to one god: "
            f"a god x a subset of the {u.size} worlds): {data['first_questions']}")
    try:
        counts = engine.shared_solver(game).working_first(k)
    except SearchLimit as err:  # estimated before any work: the rest of the analysis stands
        data.update(working_first_splits=None, language_free_first_splits=None, working_first_not_computed=str(err))
        return [f"{head}; how many start a {k}-question plan: not computed ({err})"]
    data.update(working_first_questions=counts["questions"], working_first_splits=counts["splits"],
                language_free_first_splits=counts["language_free"])
    free = "" if u.known_language else f", {counts['language_free']} of them whatever ja means"
    return [f"{head}, of which {counts['questions']} start a {k}-question plan",
            f"  as distinct splits of the worlds: {counts['splits']} work{free}"]


# -- analyze ---------------------------------------------------------------------------------------------------


@COMMANDS.register("analyze", "counts, the shortest length, why one question fewer fails, working first questions; "
                   "with --expected, the least average number of questions", LIMIT, QUESTIONS, EXPECTED)
@bounded
def analyze(game: GodsGame, args: Args) -> Report:
    """Counts, the shortest length, why one question fewer fails, first questions; or the least average."""
    if args["expected"]:
        data, text = expected_report(game, args["questions"], args["limit"])
        data["model"] = theory.model(game.universe)
        return Report(data, "\n".join([text, "", *theory.model_lines(game.universe)]), 0)
    if "questions" in args.given:
        raise InvalidParams("--questions is read by 'analyze gods' only with --expected (the questions a path)")
    data, text = analysis(game, args["limit"])
    return Report(data, text, 0)


def analysis(game: GodsGame, limit: int) -> tuple[dict[str, Any], str]:
    """The ``analyze`` report over every world of the variant."""
    u = game.universe
    solver = engine.shared_solver(game)
    k = None if theory.inseparable_pair(u, u.full) else engine.min_questions(game, limit, u.full)
    assignments = len({w.roles for w in u.worlds})
    lang = ("plain yes/no" if u.known_language else
            "the meaning of ja unknown" + (" and to be found" if u.identify_language else ""))
    data: dict[str, Any] = {
        "worlds": u.size, "min_questions": k, "working_first_questions": None,
        "gods": dict(zip(u.gods, u.roles, strict=True)), "assignments": assignments,
        "identities": len(u.identities), "lower_bound": solver.lower_bound(),
        "first_questions": len(u.gods) << u.size,
    }
    text = [f"{plural(len(u.gods), 'god')} {', '.join(u.gods)} hold the roles {', '.join(u.roles)} in an order you "
            f"must find; {lang}.",
            f"worlds: {u.size} ({assignments} assignments"
            + ("" if u.known_language else " x 2 meanings of ja") + f"); to tell apart: {len(u.identities)}",
            f"counting bound: {plural(solver.lower_bound(), 'question')} (k questions have 2^k answer paths)"]
    data["model"] = theory.model(u)
    if k is None:
        never, reason = never_data(GodsGame(game.gods, game.known_language, game.identify_language), limit)
        data.update(never, reason=reason)
        text.append(reason)
        text.extend(theory.model_lines(u))
        return data, "\n".join(text)
    first = first_lines(game, k, data)
    proof = theory.impossibility(solver, k) if k > 0 else []  # no questions: nothing to prove impossible
    data.update(fewer_questions_suffice=False, proof=proof)
    text.append(f"shortest plan: {plural(k, 'question')}")
    if k == 0:
        text.append("only one possibility from the start: no question is needed")
        return data, "\n".join(text)
    text.append(f"why {k - 1} cannot suffice:")
    text.extend("  - " + line for line in proof)
    text.extend(first)
    text.extend(theory.model_lines(u))
    return data, "\n".join(text)

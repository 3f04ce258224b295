"""The three gods ("the hardest logic puzzle ever") behind the puzzle protocol.

Gods A, B, C are True, False and Random in some order and answer "da" or
"ja"; nobody knows which word means yes.  The engine is split by concern:
``gods_world`` (worlds as bit sets), ``gods_lang`` (the question language),
``gods_sympy`` (questions as sympy expressions), ``gods_tree`` (plans and
exact verification), ``gods_solve`` (the memoised AND-OR search) and
``gods_hints`` (judging one question, coaching a partial plan).  This module
validates parameters, answers the lesson runner and builds the command-line
reports (JSON contract in docs/gods.md).
"""

from __future__ import annotations

import argparse
from functools import cache
from typing import Any, ClassVar

from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles.base import Params, ParamSpec, Puzzle, Report, Value, Verdict, read_text_argument
from tutor.puzzles.gods_hints import GOALS, judge_question, open_places, surely_not_random
from tutor.puzzles.gods_lang import (
    QuestionError,
    first_word_mask,
    format_question,
    parse_asked,
    parse_question,
    truth_mask,
)
from tutor.puzzles.gods_solve import SearchLimit, Solver, plan_tree
from tutor.puzzles.gods_text import analysis, example_text, failure_text, first_worst_branch, question_report
from tutor.puzzles.gods_tree import depth, format_tree, parse_tree, verify
from tutor.puzzles.gods_world import Universe, WorldSet, answers, parse_roles, universe

VOCABULARY = ("ask", "is", "not", "True", "False", "Random", "you", "are", "ja", "da", "means", "yes",
              "no", "and", "or", "xor", "iff", "would", "say", "to", "if", "I", "asked", "world", "in")


@cache
def solver_for(roles: tuple[str, ...], known: bool, identify: bool) -> Solver:
    """One memoising solver per variant, shared by every call."""
    return Solver(universe(roles, known, identify))


class Gods(Puzzle):
    """True, False and Random: questions, plans, and the search behind them."""

    name = "gods"
    title = "The three gods"
    summary = "identify True, False and Random with three da/ja questions"
    param_specs = (
        ParamSpec("gods", str, "True,False,Random", "the gods' roles, one per god (A, B, C, ...)"),
        ParamSpec("known_language", bool, False, "the gods answer in plain yes/no"),
        ParamSpec("identify_language", bool, False, "also find out what 'ja' means"),
        ParamSpec("questions", int, 0, "questions allowed per path in a plan (0: the fewest possible)",
                  minimum=0, maximum=10),
        ParamSpec("limit", int, 6, "the solver looks for plans of at most this many questions",
                  minimum=1, maximum=10),
        ParamSpec("worlds", str, "", "start from the worlds where this proposition holds (default: all)"),
        ParamSpec("goal", str, "progress", "what a single question must achieve", choices=GOALS),
        ParamSpec("target", str, "", "for goal 'target': the proposition the answer must reveal"),
        ParamSpec("example", str, "", "a question 'ask G: QUESTION' for lessons to show and ask about "
                  "(the example_* quantities)"),
    )
    answer_kinds: ClassVar[dict[str, str]] = {
        "tree": "a whole plan, one line per node (ask G: QUESTION / da: / ja: / leaves)",
        "question": "one question 'ask G: QUESTION', judged against the 'goal' parameter",
    }
    quantities: ClassVar[dict[str, str]] = {
        "worlds": "the number of worlds (assignments x meanings of ja)",
        "assignments": "the number of ways to give the gods their roles",
        "identities": "what must be told apart (assignments, or worlds when ja must be found too)",
        "lower_bound": "the counting bound: ceil(log2(identities))",
        "min_questions": "the fewest questions of a plan that always works (0 if none within the limit)",
        "first_questions": "first questions in the seed's model: gods x subsets of the worlds",
        "working_first_questions": "first questions (seed's model) that start a shortest plan",
        "working_first_splits": "distinct splits of the worlds by a first question that start a shortest plan",
        "language_free_first_splits": "working first splits whose answer ignores what ja means",
        "start_worlds": "the number of worlds where the 'worlds' proposition holds",
        "start_min_questions": "the fewest questions that identify the gods from the start worlds",
        "solvable": "'yes' if some plan within the limit identifies the gods from all worlds, else 'no'",
        "first_worst_branch": "possibilities the worse answer to the best first question leaves "
                              "(Random's worlds go to both answers)",
        "example_table": "the example question: its sympy form, answer condition and truth table (text)",
        "example_condition": "when the example's god answers the first word (ja, or yes), simplified by "
                             "sympy within the start worlds (text)",
        "example_meets_goal": "'yes' if the example question meets the 'goal' from the start worlds, else 'no'",
        "example_left_first": "possibilities left after the first word (ja, or yes) to the example",
        "example_left_second": "possibilities left after the second word (da, or no) to the example",
        "example_not_random_first": "gods surely not Random after the first word to the example ('none' if none)",
        "example_not_random_second": "gods surely not Random after the second word to the example ('none' if none)",
    }

    # -- parameters ---------------------------------------------------------

    def validate_params(self, params: dict[str, Any]) -> None:
        """Parse the roles and the propositions once, so later calls cannot fail on them."""
        try:
            roles = parse_roles(params["gods"])
        except ValueError as err:
            raise InvalidParams(f"parameter 'gods' of puzzle 'gods': {err}") from None
        if params["known_language"] and params["identify_language"]:
            raise InvalidParams("parameters 'known_language' and 'identify_language' exclude each other: "
                                "with plain yes/no there is no 'ja' to identify")
        params["gods"] = ",".join(roles)
        u = self.universe(params)
        for key in ("worlds", "target", "example"):
            if params[key].strip():
                try:
                    (parse_asked if key == "example" else parse_question)(params[key], u)
                except QuestionError as err:
                    raise InvalidParams(f"parameter {key!r} of puzzle 'gods': {err}") from None
        if params["goal"] == "target" and not params["target"].strip():
            raise InvalidParams("parameter 'goal' of puzzle 'gods' is 'target' but no 'target' is given")

    @staticmethod
    def universe(params: Params) -> Universe:
        """The worlds of the variant named by ``params``."""
        return universe(parse_roles(params["gods"]), params["known_language"], params["identify_language"])

    def solver(self, params: Params) -> Solver:
        """The shared solver of the variant."""
        return solver_for(parse_roles(params["gods"]), params["known_language"], params["identify_language"])

    def start(self, params: Params) -> WorldSet:
        """The starting worlds: all, or those where the ``worlds`` proposition holds."""
        u = self.universe(params)
        if not params["worlds"].strip():
            return u.full
        return truth_mask(parse_question(params["worlds"], u), u, 0)

    def min_questions(self, params: Params, start: WorldSet | None = None) -> int | None:
        """The fewest questions that always work from the start worlds (None: none within the limit)."""
        solver = self.solver(params)
        items = solver.items_of(self.start(params) if start is None else start)
        for k in range(solver.lower_bound(items), params["limit"] + 1):
            if solver.solvable(items, k):
                return k
        return None

    def allowed(self, params: Params) -> int | None:
        """Questions allowed per path: the ``questions`` parameter, else the fewest possible."""
        return params["questions"] or self.min_questions(params)

    # -- answers ------------------------------------------------------------

    def check_answer(self, params: Params, kind: str, text: str) -> Verdict:
        """Judge a plan (``tree``) or one question (``question``) exactly."""
        u = self.universe(params)
        if kind == "tree":
            tree = parse_tree(text, u)
            failure = verify(tree, u, self.allowed(params), self.start(params))
            canonical = format_tree(tree, u)
            if failure is None:
                n = depth(tree)
                whatever = ", whatever Random answers," if "Random" in u.roles else ""
                return Verdict(True, f"correct: every world{whatever} reaches its own "
                               f"leaf after at most {n} question(s)",
                               data={"correct": True, "counterexample": None, "questions": n,
                                     "min_questions": self.min_questions(params)},
                               canonical=canonical)
            summary, detail = failure_text(failure, u)
            return Verdict(False, summary, detail, {"correct": False, "counterexample": failure.as_json(u),
                                                    "questions": depth(tree),
                                                    "min_questions": self.min_questions(params)}, canonical)
        if kind == "question":
            god, question = parse_asked(text, u)
            target = parse_question(params["target"], u) if params["target"].strip() else None
            j = judge_question(self.solver(params), god, question, self.start(params), params["goal"], target)
            return Verdict(j.correct, j.summary, j.detail, {"correct": j.correct, "goal": params["goal"]},
                           f"ask {god}: {format_question(question)}")
        raise InvalidParams(f"puzzle 'gods' has no answer kind {kind!r} (kinds: tree, question)")

    def reference_answer(self, params: Params, kind: str) -> str | None:
        """A correct plan, or a question meeting the goal."""
        solver = self.solver(params)
        u = solver.u
        k = self.min_questions(params)
        if k is None:
            return None
        plan = solver.plan(solver.items_of(self.start(params)), k)
        if plan is None:
            return None
        tree = plan_tree(solver, plan)
        if kind == "tree":
            return format_tree(tree, u)
        if kind == "question":
            if params["goal"] == "target":
                return f"ask A: would you say {u.words[0]} to ({format_question(parse_question(params['target'], u))})"
            first = format_tree(tree, u).splitlines()[0]
            if self.check_answer(params, "question", first).correct:
                return first
            for g in u.gods:
                for _, _, f in solver.formulas():
                    text = f"ask {g}: would you say {u.words[0]} to ({format_question(f)})"
                    if self.check_answer(params, "question", text).correct:
                        return text
            return None
        return None

    def normalize(self, params: Params, kind: str, text: str) -> str:
        """The canonical text of a plan or question (unparsable text: whitespace-folded)."""
        u = self.universe(params)
        try:
            if kind == "tree":
                return format_tree(parse_tree(text, u), u)
            god, q = parse_asked(text, u)
            return f"ask {god}: {format_question(q)}"
        except InvalidNotation:
            return super().normalize(params, kind, text)

    def quantity(self, params: Params, name: str) -> Value:
        """Computed counts (see ``quantities``)."""
        u = self.universe(params)
        solver = self.solver(params)
        if name == "worlds":
            return u.size
        if name == "assignments":
            return len({w.roles for w in u.worlds})
        if name == "identities":
            return len(u.identities)
        if name == "lower_bound":
            return solver.lower_bound()
        if name == "first_questions":
            return len(u.gods) << u.size
        if name == "start_worlds":
            return self.start(params).bit_count()
        if name == "start_min_questions":
            return self.min_questions(params) or 0
        if name == "solvable":
            return "no" if self.min_questions(params, u.full) is None else "yes"
        if name == "first_worst_branch":
            return first_worst_branch(solver)
        if name.startswith("example_"):
            return self.example_quantity(params, name)
        k = self.min_questions(params, u.full)
        if name == "min_questions":
            return k or 0
        if name in ("working_first_questions", "working_first_splits", "language_free_first_splits"):
            if k is None:
                return 0
            counts = solver.working_first(k)
            return {"working_first_questions": counts["questions"], "working_first_splits": counts["splits"],
                    "language_free_first_splits": counts["language_free"]}[name]
        raise InvalidParams(f"puzzle 'gods' has no quantity {name!r} (known: {', '.join(self.quantities)})")

    def example_quantity(self, params: Params, name: str) -> Value:
        """The ``example_*`` quantities: facts about the question in the ``example`` parameter."""
        u = self.universe(params)
        if not params["example"].strip():
            raise InvalidParams(f"quantity {name!r} of puzzle 'gods' needs the parameter 'example' "
                                "(a question 'ask G: QUESTION')")
        god, question = parse_asked(params["example"], u)
        start = self.start(params)
        if name in ("example_table", "example_condition"):
            condition, table = example_text(u, god, question, start)
            return table if name == "example_table" else condition
        if name == "example_meets_goal":
            return "yes" if self.check_answer(params, "question", params["example"]).correct else "no"
        g = u.god_index(god)
        parts = dict(zip(("first", "second"), answers(u, g, first_word_mask(question, u, g), start), strict=True))
        which = name.rsplit("_", 1)[1]
        if name.startswith("example_left_"):
            return len(u.identity_set(parts[which]))
        if name.startswith("example_not_random_"):
            return ", ".join(surely_not_random(u, parts[which])) or "none"
        raise InvalidParams(f"puzzle 'gods' has no quantity {name!r} (known: {', '.join(self.quantities)})")

    def hints(self, params: Params, kind: str, text: str) -> list[str]:
        """Nudge, concept, concrete move - for a partial plan or a single question."""
        u = self.universe(params)
        solver = self.solver(params)
        k = self.allowed(params) or params["limit"]
        if kind == "question" or not text.strip():
            ref = self.reference_answer(params, "question")
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
            return [nudge, concept,
                    f"One question that works: {ref}" if ref else "No single question achieves this goal."]
        places = open_places(parse_tree(text, u), solver, k, self.start(params))
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

    def completions(self, params: Params, kind: str, text: str) -> list[str]:
        """Question-language words and the god names."""
        u = self.universe(params)
        return [*u.gods, *VOCABULARY, *u.words, "da:", "ja:"]

    # -- command line ---------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        """``check``/``hint`` read a plan (``--file``, ``-`` or text); ``check --question`` one question."""
        if command in ("check", "hint"):
            parser.add_argument("tree", nargs="?", help="the plan as text, or - to read standard input")
            parser.add_argument("--file", metavar="TREE", help="read the plan from this file")
        if command == "check":
            parser.add_argument("--question", metavar="TEXT",
                                help="show how one question ('ask B: ...' or a bare question) splits the worlds")
            parser.add_argument("--ask", metavar="GOD", default="A", help="the god asked by --question (default A)")

    def run(self, command: str, params: Params, args: argparse.Namespace) -> Report:
        """Carry out ``tutor solve|check|hint|analyze gods``."""
        u = self.universe(params)
        solver = self.solver(params)
        try:
            if command == "solve":
                return self._solve(params, u, solver)
            if command == "analyze":
                data, text = analysis(self, params, u, solver)
                return Report(data, text, 0)
            if command == "check" and getattr(args, "question", None) is not None:
                return self._check_question(params, args, u)
            text = read_text_argument(args.tree, args.file)
            if command == "check":
                v = self.check_answer(params, "tree", text)
                data = dict(v.data)
                data.update(min_questions=self.min_questions(params), max_questions=self.allowed(params),
                            summary=v.summary)
                return Report(data, v.summary + ("\n" + v.detail if v.detail else ""), 0 if v.correct else 1)
            tree = parse_tree(text, u)
            k = self.allowed(params) or params["limit"]
            places = open_places(tree, solver, k, self.start(params))
            ladder = self.hints(params, "tree", text)
            return Report({"complete": not places, "questions": k, "places": places, "hints": ladder},
                          "\n".join(ladder), 0)
        except SearchLimit as err:
            raise InvalidParams(f"gods {params['gods']!r}: {err}; try fewer gods or a lower --limit") from None

    def _solve(self, params: Params, u: Universe, solver: Solver) -> Report:
        start = self.start(params)
        items = solver.items_of(start)
        k = self.min_questions(params)
        if k is None:
            never = start == u.full and solver.never_solvable()
            reason = ("no number of questions suffices (the solvable sets reach a fixpoint without it)"
                      if never else f"no solution within {params['limit']} questions")
            return Report({"questions": None, "tree": None, "solvable": False, "reason": reason,
                           "proved_never": never, "limit": params["limit"]}, reason, 1)
        plan = solver.plan(items, k)
        assert plan is not None
        tree_text = format_tree(plan_tree(solver, plan), u)
        fewer = f"; {k - 1} cannot suffice (exhaustive search)" if k > 0 else ""
        data = {"questions": k, "tree": tree_text, "solvable": True, "worlds": start.bit_count(),
                "gods": list(zip(u.gods, u.roles, strict=True)), "lower_bound": solver.lower_bound(items)}
        return Report(data, f"Shortest plan: {k} question(s){fewer}.\n\n{tree_text}", 0)

    def _check_question(self, params: Params, args: argparse.Namespace, u: Universe) -> Report:
        god, question = parse_asked(args.question, u, default_god=str(args.ask).upper())
        if god not in u.gods:
            raise InvalidNotation(f"no god {args.ask!r} to ask (gods: {', '.join(u.gods)})")
        target = parse_question(params["target"], u) if params["target"].strip() else None
        data, text = question_report(self, params, u, god, question, target)
        graded = args.param_goal is not None or args.param_target is not None
        return Report(data, text, (0 if data["meets_goal"] else 1) if graded else 0)

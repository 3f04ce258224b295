"""Reports for the three gods: the analysis, counterexamples, and one question's split.

Pure functions from engine results to (JSON data, text); the command line and
the lesson runner print them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.puzzles.gods_hints import judge_question
from tutor.puzzles.gods_lang import Node, format_question
from tutor.puzzles.gods_solve import Solver
from tutor.puzzles.gods_tree import Failure
from tutor.puzzles.gods_world import Universe, answers, members, popcount

if TYPE_CHECKING:
    from tutor.puzzles.base import Params
    from tutor.puzzles.gods import Gods


def failure_text(f: Failure, u: Universe) -> tuple[str, str]:
    """A one-line verdict and a step-by-step counterexample."""
    world = u.world_text(f.world)
    said = ", ".join(repr(s.answer) for s in f.path) or "no answers"
    summary = {
        "wrong": f"incorrect: in world {world} the answers {said} lead to the leaf on line {f.line}, "
                 f"which names {f.leaf}",
        "ambiguous": f"incorrect: the answers {said} (leaf on line {f.line}) still leave "
                     f"{len(u.identity_set(f.remaining))} possibilities, e.g. {world}",
        "unfinished": f"incorrect: the branch after {said} (line {f.line}) is unfinished; "
                      f"{popcount(f.remaining)} worlds reach it",
        "unreachable-leaf": f"incorrect: the leaf '-' on line {f.line} is reached, e.g. by world {world}",
        "too-long": f"incorrect: in world {world} the answers {said} lead to one question too many "
                    f"(line {f.line})",
    }[f.reason]
    lines = [f"Counterexample: world {world}"]
    for n, s in enumerate(f.path, 1):
        who = f"{s.god} is Random and may say either word" if s.role == "Random" else f"{s.god} is {s.role}"
        lines.append(f"  {n}. ask {s.god}: {s.question}")
        lines.append(f"     {who}: answers {s.answer!r}")
    if f.leaf:
        lines.append(f"  reaches the leaf on line {f.line}: {f.leaf}")
    lines.append("  worlds that give the same answers:")
    lines.extend("    " + u.world_text(i) for i in members(f.remaining))
    return summary, "\n".join(lines)


def analysis(puzzle: Gods, params: Params, u: Universe, solver: Solver) -> tuple[dict[str, Any], str]:
    """The ``analyze`` report: counts, the shortest plan's length, why one fewer fails, first questions."""
    k = puzzle.min_questions(params, u.full)
    assignments = len({w.roles for w in u.worlds})
    lang = ("plain yes/no" if u.known_language else
            "the meaning of ja unknown" + (" and to be found" if u.identify_language else ""))
    data: dict[str, Any] = {
        "worlds": u.size, "min_questions": k, "working_first_questions": None,
        "gods": dict(zip(u.gods, u.roles, strict=True)), "assignments": assignments,
        "identities": len(u.identities), "lower_bound": solver.lower_bound(),
        "first_questions": len(u.gods) << u.size,
    }
    text = [f"The gods {', '.join(f'{g}={r}' for g, r in zip(u.gods, u.roles, strict=True))}; {lang}.",
            f"worlds: {u.size} ({assignments} assignments"
            + ("" if u.known_language else " x 2 meanings of ja") + f"); to tell apart: {len(u.identities)}",
            f"counting bound: {solver.lower_bound()} questions (2^k answer paths)"]
    if k is None:
        never = solver.never_solvable()
        data["proved_never"] = never
        data["reason"] = ("no number of questions suffices (the solvable sets reach a fixpoint without it)"
                          if never else f"no plan within {params['limit']} questions")
        text.append(data["reason"])
        return data, "\n".join(text)
    counts = solver.working_first(k)
    proof = impossibility(solver, k)
    data.update(working_first_questions=counts["questions"], working_first_splits=counts["splits"],
                language_free_first_splits=counts["language_free"], fewer_questions_suffice=False,
                proof=proof)
    text.append(f"shortest plan: {k} questions")
    if k > 0:
        text.append(f"why {k - 1} cannot suffice:")
        text.extend("  - " + line for line in proof)
    text.append(f"first questions in the seed's model (a god x a subset of the {u.size} worlds): "
                f"{data['first_questions']}, of which {counts['questions']} start a {k}-question plan")
    text.append(f"  as distinct splits of the worlds: {counts['splits']} work, "
                f"{counts['language_free']} of them whatever ja means")
    return data, "\n".join(text)


def impossibility(solver: Solver, k: int) -> list[str]:
    """Why ``k - 1`` questions cannot suffice: counting, the Random argument, and the exhaustive search."""
    u = solver.u
    n = len(u.identities)
    k1 = k - 1
    out = []
    if n > (1 << k1):
        out.append(f"counting: {k1} questions have at most {1 << k1} answer sequences, "
                   f"but there are {n} possibilities")
    if k1 >= 1:
        worst = []
        for g, name in enumerate(u.gods):
            r = popcount(solver.rand[g])
            rest = n - r
            worst.append((r + (rest + 1) // 2, name, r))
        if all(w > (1 << (k1 - 1)) for w, _, _ in worst):
            w, name, r = min(worst)
            out.append(f"Random: whoever is asked first, the possibilities where that god is Random "
                       f"reach both answers, so one answer leaves at least {w} (asking {name}: {r} with "
                       f"{name} Random plus half of the rest), more than the {1 << (k1 - 1)} that "
                       f"{k1 - 1} question(s) can separate")
    fresh = Solver(u, prune=False)
    found = fresh.solvable(fresh.all_items, k1)
    out.append(f"exhaustive: the memoised search over every god and every split finds "
               f"{'a' if found else 'no'} {k1}-question plan even without the counting bounds "
               f"({len(fresh.memo)} states, {fresh.moves} questions examined)")
    return out


def question_report(puzzle: Gods, params: Params, u: Universe, god: str, question: Node,
                    target: Node | None) -> tuple[dict[str, Any], str]:
    """How one question splits the starting worlds, its sympy form and truth table, and the goal verdict."""
    from tutor.puzzles.gods_sympy import explain

    solver = puzzle.solver(params)
    start = puzzle.start(params)
    g = u.god_index(god)
    from tutor.puzzles.gods_lang import first_word_mask

    first, second = answers(u, g, first_word_mask(question, u, g), start)
    either = start & u.random(g)
    k = puzzle.min_questions(params)
    left = None if k is None else max(k - 1, 0)
    finish = {w: (left is not None and solver.solvable(solver.items_of(part), left))
              for w, part in zip(u.words, (first, second), strict=True)}
    goal = params["goal"]
    verdict = judge_question(solver, god, question, start, goal, target)
    sym = explain(question, u, god)
    text_q = f"ask {god}: {format_question(question)}"

    def worlds(s: int) -> list[dict[str, str]]:
        return [u.worlds[i].as_json(u.gods) for i in members(s)]

    data: dict[str, Any] = {
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
        lines.append(f"after {w!r}: {len(u.identity_set(part))} possibilities ({popcount(part)} worlds){state}")
    lines.append(f"goal {goal!r}: {verdict.summary}")
    return data, "\n".join(lines)


def example_text(u: Universe, god: str, question: Node, start: int) -> tuple[str, str]:
    """One question as a lesson shows it: (simplified answer condition, the whole table as text).

    The condition is simplified *within* the start worlds (see
    ``gods_sympy.simplify_in_worlds``), the rows are the start worlds, each with
    the truth of the question (computed by sympy) and the asked god's answer.
    """
    from tutor.puzzles.gods_sympy import explain, says, simplify_in_worlds, to_sympy

    sym = explain(question, u, god)
    import sympy

    simple = simplify_in_worlds(says(to_sympy(question, u, god), u.words[0], u, god), u, start, god)
    condition = "always" if simple == sympy.true else "never" if simple == sympy.false else str(simple)
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
    return condition, "\n".join(lines)


def first_worst_branch(solver: Solver) -> int:
    """The fewest possibilities the worse answer to the best first question can leave.

    Asking god g, the r possibilities where g is Random reach both answers and
    the other n - r are split by the question, at best evenly; any split is
    some question (a set of worlds), so the best is min over g of
    r + ceil((n - r) / 2).  Exact, not just a bound.
    """
    n = popcount(solver.all_items)
    return min(popcount(r) + (n - popcount(r) + 1) // 2 for r in solver.rand)

"""Judging single questions, explaining failed plans, coaching partial plans: from the engine's search.

A lesson step can ask for one question with a *goal*:

* ``progress``   - after either answer, the worlds left can still be told apart
  in the questions that remain (the question starts some shortest plan);
* ``non-random`` - after either answer, some god is surely not Random;
* ``target``     - whenever the asked god is not Random, he answers the first
  word ("ja", or "yes" in the known language) exactly when the target holds.

For a partial tree, every open place (an unfinished branch, a wrong leaf, a
question that cannot be followed up in time) is listed with the worlds that
reach it, whether it can still be finished, and a question that would work.
A failed plan is explained by its counterexample, laid out answer by answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.maths.bits import members
from tutor.puzzles.gods.engine.solver import Solver, plan_tree
from tutor.puzzles.gods.engine.verify import Failure
from tutor.puzzles.gods.rules.meaning import first_word_mask, truth_mask
from tutor.puzzles.gods.rules.question import Node, format_question
from tutor.puzzles.gods.rules.tree import Ask, Hole, Leaf, Tree, format_leaf, format_tree
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet, answers
from tutor.screen.text import plural

GOALS = ("progress", "non-random", "target")
PROGRESS_REACH = 8  # goal "progress" looks for the shortest plan among this many lengths from the counting bound


@dataclass(frozen=True)
class QuestionJudgement:
    """Whether one question meets its goal; ``detail`` shows the split it makes."""

    correct: bool
    summary: str
    detail: str


def surely_not_random(u: Universe, s: WorldSet) -> list[str]:
    """The gods who are not Random in any world of ``s``."""
    return [g for i, g in enumerate(u.gods) if s and not (u.random(i) & s)]


def describe(u: Universe, s: WorldSet, limit: int = 12) -> str:
    """A world set as text, one world per line (elided past ``limit``)."""
    ws = [u.world_text(i) for i in members(s)]
    if len(ws) > limit:
        ws = [*ws[:limit], f"... and {len(ws) - limit} more"]
    return "\n".join("    " + w for w in ws) if ws else "    (none)"


def judge_question(solver: Solver, god: str, question: Node, start: WorldSet, goal: str,
                   target: Node | None = None) -> QuestionJudgement:
    """Judge ``ask god: question`` from the worlds ``start`` against ``goal`` (see the module doc)."""
    u = solver.u
    g = u.god_index(god)
    w0, w1 = u.words
    first, second = answers(u, g, first_word_mask(question, u, g), start)
    split = (f"  answer {w0!r}: {plural(first.bit_count(), 'world')}\n{describe(u, first)}\n"
             f"  answer {w1!r}: {plural(second.bit_count(), 'world')}\n{describe(u, second)}")
    text = f"ask {god}: {format_question(question)}"
    if goal == "target":
        assert target is not None
        care = start & ~u.random(g)
        want = truth_mask(target, u, g) & care
        got = first_word_mask(question, u, g) & care
        bad = members((want ^ got) & care)
        if not bad:
            # "not Random" only where Random can be: a lesson may not have introduced him yet
            unless = f"whenever {god} is not Random, " if start & u.random(g) else "in every world, "
            return QuestionJudgement(True, f"correct: {unless}{god} answers {w0!r} "
                                     f"exactly when {format_question(target)}", split)
        i = bad[0]
        said = w0 if got >> i & 1 else w1
        holds = "holds" if want >> i & 1 else "does not hold"
        return QuestionJudgement(False, f"not quite: in world {u.world_text(i)} the target {holds} "
                                 f"but {god} answers {said!r}", f"{text}\n{split}")
    if goal == "non-random":
        a, b = surely_not_random(u, first), surely_not_random(u, second)
        if (a or not first) and (b or not second):
            return QuestionJudgement(True, f"correct: after {w0!r} {', '.join(a) or 'nobody'} and after "
                                     f"{w1!r} {', '.join(b) or 'nobody'} is surely not Random",
                                     split)
        word, part = (w0, first) if not a else (w1, second)
        return QuestionJudgement(False, f"not yet: after {word!r} every god may still be Random",
                                 f"{text}\n  after {word!r} these worlds remain:\n{describe(u, part)}")
    need = solver.lower_bound(solver.items_of(start))
    k = next((k for k in range(need, need + PROGRESS_REACH) if solver.solvable(solver.items_of(start), k)), None)
    if k is None:  # no plan at all (Random can imitate another god): no question makes progress
        return QuestionJudgement(False, f"not enough: no plan of at most {need + PROGRESS_REACH - 1} questions "
                                 "tells these worlds apart, so no question can make progress",
                                 f"{text}\n{split}")
    if k == 0:  # one possibility from the start (a single god): there is nothing left to find out
        return QuestionJudgement(True, "correct: only one possibility is left already, so no question is needed",
                                 split)
    ok0 = solver.solvable(solver.items_of(first), k - 1)
    ok1 = solver.solvable(solver.items_of(second), k - 1)
    if ok0 and ok1:
        done = ("only one possibility is left" if k == 1 else
                f"the worlds left can be told apart in {plural(k - 1, 'more question')}")
        return QuestionJudgement(True, f"correct: after either answer {done}", split)
    word, part = (w0, first) if not ok0 else (w1, second)
    ids = len(u.identity_set(part))
    short = "and no question is left to separate them" if k == 1 else \
        f"that {plural(k - 1, 'more question')} cannot separate"
    return QuestionJudgement(False, f"not enough: after {word!r}, {ids} possibilities remain {short}",
                             f"{text}\n  after {word!r} these worlds remain:\n{describe(u, part)}")


def suggest(solver: Solver, s: WorldSet, left: int) -> str | None:
    """A next step for the worlds ``s`` with ``left`` questions: a question, a leaf, or None."""
    items = solver.items_of(s)
    plan = solver.plan(items, left)
    if plan is None:
        return None
    tree = plan_tree(solver, plan)
    first = format_tree(tree, solver.u).splitlines()[0]
    return first.strip()


def open_places(tree: Tree, solver: Solver, budget: int, start: WorldSet | None = None) -> list[dict[str, Any]]:
    """Every place in a partial tree still to fix, with worlds, questions left and a suggestion."""
    u = solver.u
    out: list[dict[str, Any]] = []

    def record(kind: str, t: Tree, s: WorldSet, path: tuple[str, ...], left: int, line: int) -> None:
        finishable = left >= 0 and solver.solvable(solver.items_of(s), left)
        out.append({
            "kind": kind, "line": line, "answers": list(path),
            "remaining": [u.worlds[i].as_json(u.gods) for i in members(s)],
            "possibilities": len(u.identity_set(s)), "questions_left": max(left, 0),
            "finishable": finishable,
            "not_random": surely_not_random(u, s),
            "suggestion": suggest(solver, s, left) if finishable else None,
            "written": format_leaf(t, u) if isinstance(t, Leaf | Hole) else "",
        })

    def walk(t: Tree, s: WorldSet, path: tuple[str, ...], left: int) -> None:
        if s == 0:
            return
        if isinstance(t, Hole):
            record("unfinished", t, s, path, left, t.line)
            return
        if isinstance(t, Leaf):
            ok = t.roles is not None and all(
                u.worlds[i].roles == t.roles and (t.ja is None or u.worlds[i].ja_yes == (t.ja == "yes"))
                for i in members(s))
            if not ok:
                record("wrong-leaf", t, s, path, left, t.line)
            return
        assert isinstance(t, Ask)
        g = u.god_index(t.god)
        first, second = answers(u, g, first_word_mask(t.question, u, g), s)
        parts = {u.words[0]: first, u.words[1]: second}
        if left <= 0 or (solver.solvable(solver.items_of(s), left) and not all(
                solver.solvable(solver.items_of(parts[w]), left - 1) for w in u.words)):
            record("dead-end", t, s, path, left, t.line)
            return
        for word, sub in t.branches:
            walk(sub, parts[word], (*path, word), left - 1)

    walk(tree, u.full if start is None else start, (), budget)
    return out


def holes(tree: Tree, u: Universe, start: WorldSet) -> list[tuple[int, tuple[str, ...], WorldSet]]:
    """Every '?' some world reaches: (its line, the answers that lead there, the worlds that reach it)."""
    out: list[tuple[int, tuple[str, ...], WorldSet]] = []

    def walk(t: Tree, s: WorldSet, path: tuple[str, ...]) -> None:
        if not s:
            return
        if isinstance(t, Hole):
            out.append((t.line, path, s))
        elif isinstance(t, Ask):
            g = u.god_index(t.god)
            parts = dict(zip(u.words, answers(u, g, first_word_mask(t.question, u, g), s), strict=True))
            for word, sub in t.branches:
                walk(sub, parts[word], (*path, word))

    walk(tree, start, ())
    return out


def unfinished_text(places: list[tuple[int, tuple[str, ...], WorldSet]]) -> str:
    """The verdict on a plan with several open places, naming each of them."""
    each = [f"line {line} ({'after ' + ', '.join(repr(a) for a in path) if path else 'at the start'}: "
            f"{plural(s.bit_count(), 'world')})" for line, path, s in places]
    return f"incorrect: the plan is unfinished in {len(places)} places: {', '.join(each[:-1])} and {each[-1]}"


def first_bad_split(tree: Tree, solver: Solver, budget: int, start: WorldSet) -> str:
    """Where a plan first goes wrong, when that is a question: the first (by line) whose worlds could still be
    finished in the questions left but one of whose answers leaves more than the rest of the plan can separate
    ('' when no question does: the fault is then a leaf, or the plan starts from too many worlds)."""
    u = solver.u
    found: list[tuple[int, str]] = []

    def walk(t: Tree, s: WorldSet, path: tuple[str, ...], left: int) -> None:
        if not s or not isinstance(t, Ask) or left <= 0:
            return
        g = u.god_index(t.god)
        parts = dict(zip(u.words, answers(u, g, first_word_mask(t.question, u, g), s), strict=True))
        stuck = [w for w in u.words if not solver.solvable(solver.items_of(parts[w]), left - 1)]
        if stuck and solver.solvable(solver.items_of(s), left):
            word = max(stuck, key=lambda w: len(u.identity_set(parts[w])))
            after = "after " + ", ".join(repr(a) for a in path) if path else "at the start"
            more = f"{plural(left - 1, 'more question')} cannot" if left > 1 else "no question is left to"
            found.append((t.line, f"Where it first goes wrong: the question on line {t.line} ({after}) leaves "
                                  f"{plural(len(u.identity_set(parts[word])), 'possibility', 'possibilities')} "
                                  f"after {word!r} that {more} separate; another question there can do better."))
            return
        for word, sub in t.branches:
            walk(sub, parts[word], (*path, word), left - 1)

    walk(tree, start, (), budget)
    return min(found)[1] if found else ""


def failure_text(f: Failure, u: Universe) -> tuple[str, str]:
    """A one-line verdict and a step-by-step counterexample."""
    world = u.world_text(f.world)
    said = ", ".join(repr(s.answer) for s in f.path) or "no answers"
    n = f.remaining.bit_count()
    reaching = f"{plural(n, 'world')} reach{'es' if n == 1 else ''} it"
    summary = {
        "wrong": f"incorrect: in world {world} the answers {said} lead to the leaf on line {f.line}, "
                 f"which names {f.leaf}",
        "ambiguous": f"incorrect: the answers {said} (leaf on line {f.line}) still leave "
                     f"{len(u.identity_set(f.remaining))} possibilities, e.g. {world}",
        "unfinished": f"incorrect: the branch after {said} (line {f.line}) is unfinished; "
                      f"{reaching}",
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

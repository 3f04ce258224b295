"""Explanations and refutations of the gods quantities about questions: bounds, shortest plans, first questions.

The certificates come from the engine: a plan the verifier accepted (indented,
so it is shown as it is), the reason one question fewer fails
(``theory.insufficient``: counting, Random, or the exhaustive search), two
worlds no question can tell apart (``theory.never_proof``), the solver's count
of working first questions per asked god, a best first question's split, and
the example question's table and verdict.  Counts are refuted without their
right value; yes/no answers and conditions with their certificate.
"""

from __future__ import annotations

import re

from tutor.puzzles.gods import engine, theory
from tutor.puzzles.gods.engine.solver import Plan, Solver, plan_tree
from tutor.puzzles.gods.engine.verify import verify
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import first_word_mask, format_question
from tutor.puzzles.gods.rules.tree import format_tree
from tutor.puzzles.gods.rules.worlds import WorldSet, answers
from tutor.puzzles.gods.teach.explain import identity_texts
from tutor.puzzles.gods.teach.judge import example_of, example_table, question_verdict, target_of
from tutor.puzzles.gods.teach.quantities import QUANTITIES
from tutor.puzzles.options import Args
from tutor.shown import text_of
from tutor.text import plural

Value = int | str | bool
BIG = 60  # 2^k is written out only below this


def negative(wrong: int, what: str) -> str | None:
    """The refutation of a negative count, or None."""
    return f"Not {wrong}: a number of {what} is never negative." if wrong < 0 else None


def power(k: int) -> str:
    """``2^k = N`` (just ``2^k`` when N is huge)."""
    return f"2^{k} = {1 << k:,}" if k < BIG else f"2^{k}"


def indented(text: str) -> str:
    """A plan or a table as preformatted lines."""
    return "\n".join("  " + line for line in text.splitlines())


# -- the counting bound ----------------------------------------------------------------------------------


@QUANTITIES.explains("lower_bound")
def explain_lower_bound(game: GodsGame, args: Args, value: Value) -> str:
    """Powers of two around the number of possibilities."""
    n = len(game.universe.identities)
    k = int(value)
    if k == 0:
        return "Only one possibility: no question is needed."
    return (f"{n} possibilities need {n} leaves. With {plural(k - 1, 'question')} there are at most "
            f"{power(k - 1)} answer sequences, too few; with {plural(k, 'question')}, {power(k)}: enough.")


@QUANTITIES.refutes("lower_bound")
def refute_lower_bound(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """Too few: 2^wrong sequences are fewer than the possibilities; too many: already half of 2^wrong suffices."""
    w = int(wrong)
    n = len(game.universe.identities)
    bad = negative(w, "questions")
    if bad:
        return bad
    if w < int(value):
        return (f"Not {w}: with {plural(w, 'question')} there {'is' if w == 0 else 'are'} at most {power(w)} "
                f"answer {'sequence' if w == 0 else 'sequences'}, fewer than the {n} possibilities that need a "
                "leaf each.")
    if w >= BIG:
        return f"Not {w}: that is far from the smallest; already {power(BIG // 2)} answer sequences exceed {n}."
    return (f"Not {w}: that is not the smallest. With {plural(w, 'question')} there are {power(w)} answer "
            f"sequences, at least twice the {n} possibilities, so with one question fewer there would still be a "
            "leaf for each.")


# -- the fewest questions ---------------------------------------------------------------------------------


def fewest(game: GodsGame, args: Args, start: WorldSet) -> tuple[Solver, int, int | None]:
    """(the solver, the identities of ``start``, the fewest questions within the limit or None)."""
    solver = engine.shared_solver(game)
    return solver, solver.items_of(start), engine.min_questions(game, args["limit"], start)


def plan_text(game: GodsGame, solver: Solver, items: int, k: int, start: WorldSet) -> str:
    """A plan of at most ``k`` questions for ``items``, verified from ``start`` once more, indented."""
    plan = solver.plan(items, k)
    assert plan is not None
    tree = plan_tree(solver, plan)
    assert verify(tree, solver.u, k, start) is None
    return indented(format_tree(tree, solver.u))


def no_plan(game: GodsGame, args: Args, start: WorldSet) -> str:
    """Why no plan within the limit exists: two worlds never told apart, or the limit."""
    pair = theory.inseparable_pair(game.universe, start)
    if pair is not None:
        proof = theory.never_proof(game.universe, pair)
        return proof[0].upper() + proof[1:] + "."
    return f"No plan of at most {plural(args['limit'], 'question')} exists (the solver tried every one)."


def explain_fewest(game: GodsGame, args: Args, value: Value, start: WorldSet) -> str:
    """The plan of that length and why one question fewer fails."""
    solver, items, k = fewest(game, args, start)
    if k is None:
        return no_plan(game, args, start)
    if k == 0:
        return "Only one possibility from the start: no question is needed."
    whatever = ", whatever Random answers" if "Random" in game.universe.roles else ""
    return (f"{plural(k, 'question')}: this plan identifies the gods in every world{whatever}:\n"
            f"{plan_text(game, solver, items, k, start)}\n"
            f"One question fewer cannot work: {theory.insufficient(solver, items, k - 1)}.")


def refute_fewest(game: GodsGame, args: Args, wrong: int, start: WorldSet) -> str:
    """Too few: why that many fail; too many: a shorter plan the verifier accepts."""
    bad = negative(wrong, "questions")
    if bad:
        return bad
    solver, items, k = fewest(game, args, start)
    if k is None:
        return f"Not {wrong}: {no_plan(game, args, start)}"
    if wrong < k:
        return f"Not {wrong}: {plural(wrong, 'question')} cannot work: {theory.insufficient(solver, items, wrong)}."
    whatever = ", whatever Random answers," if "Random" in game.universe.roles else ""
    return (f"Not {wrong}: fewer questions suffice. This plan identifies the gods in every world{whatever} "
            f"and asks fewer than {wrong} on every path:\n{plan_text(game, solver, items, k, start)}")


@QUANTITIES.explains("min_questions")
def explain_min_questions(game: GodsGame, args: Args, value: Value) -> str:
    """From every world."""
    return explain_fewest(game, args, value, game.universe.full)


@QUANTITIES.refutes("min_questions")
def refute_min_questions(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """From every world."""
    return refute_fewest(game, args, int(wrong), game.universe.full)


@QUANTITIES.explains("start_min_questions")
def explain_start_min_questions(game: GodsGame, args: Args, value: Value) -> str:
    """From the start worlds."""
    return explain_fewest(game, args, value, game.start)


@QUANTITIES.refutes("start_min_questions")
def refute_start_min_questions(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """From the start worlds."""
    return refute_fewest(game, args, int(wrong), game.start)


@QUANTITIES.explains("solvable")
def explain_solvable(game: GodsGame, args: Args, value: Value) -> str:
    """The certificate: a plan, or why there is none."""
    u = game.universe
    solver, items, k = fewest(game, args, u.full)
    if k is None:
        return f"No. {no_plan(game, args, u.full)}"
    plan = plan_text(game, solver, items, k, u.full)
    return f"Yes: this plan of {plural(k, 'question')} works in every world:\n{plan}"


@QUANTITIES.refutes("solvable")
def refute_solvable(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The same certificate (a yes/no cannot be refuted without it)."""
    return f"Not {wrong}: " + explain_solvable(game, args, value).split(" ", 1)[1]


# -- first questions ------------------------------------------------------------------------------------


@QUANTITIES.explains("first_questions")
def explain_first_questions(game: GodsGame, args: Args, value: Value) -> str:
    """Gods x sets of worlds."""
    u = game.universe
    return (f"A first question in the seed's model is a god ({len(u.gods)} choices) and any set of the {u.size} "
            f"worlds ({power(u.size)} sets): {int(value):,} in all.")


@QUANTITIES.refutes("first_questions")
def refute_first_questions(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The product, without its value."""
    u = game.universe
    w = int(wrong)
    note = " That counts the sets of worlds for one god only." if w == 1 << u.size else ""
    return (f"Not {w}: a first question is a god ({len(u.gods)} choices) together with any set of the {u.size} "
            f"worlds, the empty and the full set included (2^{u.size} sets).{note}")


def working(game: GodsGame, args: Args) -> tuple[int | None, dict[str, list[int]]]:
    """The fewest questions from every world and the solver's counts of working first questions per asked god."""
    k = engine.min_questions(game, args["limit"], game.universe.full)
    return k, ({} if k is None else engine.shared_solver(game).working_first_per_god(k))


WHAT = {"questions": ("first questions", "first question"),
        "splits": ("splits", "split"),
        "language_free": ("splits that ignore the meaning of ja", "split that ignores the meaning of ja")}


def explain_working(game: GodsGame, args: Args, value: Value, key: str) -> str:
    """Per asked god: the working splits and, for questions, the versions of each split."""
    u = game.universe
    k, counts = working(game, args)
    if k is None:
        return f"None: {no_plan(game, args, u.full)}"
    many, _ = WHAT[key]
    lines = [f"{int(value):,} {many} start a {k}-question plan (both answers can be finished in "
             f"{plural(k - 1, 'question')}); by the god asked:"]
    for g, count, split in zip(u.gods, counts[key], counts["splits"], strict=True):
        r = u.random(u.god_index(g)).bit_count()
        versions = f" ({split} splits x 2^{r}: the {r} worlds where {g} is Random may be in the set or not)" \
            if key == "questions" and r else ""
        lines.append(f"    asking {g}: {count:,}{versions}")
    return "\n".join(lines)


def refute_working(game: GodsGame, args: Args, wrong: int, key: str) -> str:
    """Partial sums over the asked gods that exceed ``wrong``, or one god's count and a bound on the rest."""
    u = game.universe
    bad = negative(wrong, WHAT[key][0])
    if bad:
        return bad
    k, counts = working(game, args)
    if k is None:
        return f"Not {wrong}: none works. {no_plan(game, args, u.full)}"
    per = counts[key]
    total = sum(per)
    many, _ = WHAT[key]
    note = ""
    if key == "questions" and wrong == sum(counts["splits"]):
        note = ("That counts the distinct splits. Questions that differ only in worlds where the asked god is "
                "Random make the same split, and each of them is a different question. ")
    elif key == "splits" and wrong == sum(counts["questions"]):
        note = ("That counts questions. Questions that differ only in worlds where the asked god is Random make "
                "the same split, and count once here. ")
    # bounds per asked god whose sum just refutes ``wrong``: exact counts only when ``wrong`` is off by one
    if wrong > total:
        bounds = spread(per, wrong - 1 - total)
        each = "; ".join(f"asking {g}, at most {b:,}" for g, b in zip(u.gods, bounds, strict=True))
        return (f"{note}Not {wrong}: fewer work. The solver counted the {many} that start a {k}-question plan "
                f"by the god asked: {each}: fewer than {wrong:,} together.")
    bounds = spread(per, wrong + 1 - total)
    each = "; ".join(f"asking {g}, at least {b:,}" for g, b in zip(u.gods, bounds, strict=True) if b)
    return (f"{note}Not {wrong}: more work. The solver counted the {many} that start a {k}-question plan by "
            f"the god asked: {each}: more than {wrong:,} together.")


def spread(counts: list[int], change: int) -> list[int]:
    """``counts`` moved by ``change`` in all (up when positive, down when negative, never below 0), spread as
    evenly as the counts allow, so the bounds say no more than they must (a few passes, whatever the size).

    >>> spread([32, 32, 32], 4), spread([32, 32, 32], -89), spread([1, 5], -4)
    ([34, 33, 33], [2, 2, 3], [0, 2])
    """
    out = list(counts)
    if change >= 0:
        q, r = divmod(change, len(out))
        return [c + q + (i < r) for i, c in enumerate(out)]
    left = -change
    while left:
        active = [i for i, c in enumerate(out) if c > 0]
        if not active:
            break
        q, r = divmod(left, len(active))
        for n, i in enumerate(active):
            take = min(out[i], q + (n < r))
            out[i] -= take
            left -= take
    return out


def register_working(name: str, key: str) -> None:
    """Fill both slots of one working-first count."""

    def explain(game: GodsGame, args: Args, value: Value) -> str:
        return explain_working(game, args, value, key)

    def refute(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
        return refute_working(game, args, int(wrong), key)

    QUANTITIES.explains(name)(explain)
    QUANTITIES.refutes(name)(refute)


register_working("working_first_questions", "questions")
register_working("working_first_splits", "splits")
register_working("language_free_first_splits", "language_free")


# -- what the best first question leaves ----------------------------------------------------------------------


def best_first(game: GodsGame) -> tuple[str, str, list[str], list[str]]:
    """A first question whose worse answer leaves the fewest possibilities: (god, question, each side)."""
    solver = engine.shared_solver(game)
    u = game.universe
    n = solver.all_items.bit_count()
    g = min(range(len(u.gods)), key=lambda i: solver.rand[i].bit_count()
            + (n - solver.rand[i].bit_count() + 1) // 2)
    rest = solver.all_items & ~solver.rand[g]
    half = 0
    for i in range(solver.n):
        if rest >> i & 1 and (half.bit_count() + 1) * 2 <= rest.bit_count() + 1:
            half |= 1 << i
    question = solver.question(Plan(solver.all_items, g, half))
    first, second = answers(u, g, first_word_mask(question, u, g), u.full)
    return u.gods[g], format_question(question), identity_texts(u, first), identity_texts(u, second)


@QUANTITIES.explains("first_worst_branch")
def explain_first_worst_branch(game: GodsGame, args: Args, value: Value) -> str:
    """Random's possibilities on both sides plus half the rest, for the best god; a question that achieves it."""
    solver = engine.shared_solver(game)
    u = game.universe
    n = solver.all_items.bit_count()
    god, question, first, second = best_first(game)
    w0, w1 = u.words
    per = "; ".join(f"asking {g}: {r.bit_count()} with {g} Random + half of {n - r.bit_count()} = "
                    f"{r.bit_count() + (n - r.bit_count() + 1) // 2}" for g, r in zip(u.gods, solver.rand, strict=True))
    return (f"{int(value)}: the possibilities where the asked god is Random reach both answers, the others are split "
            f"at best evenly ({per}). For example, ask {god}: {question}\n"
            f"    after {w0!r}: {', '.join(first)}\n    after {w1!r}: {', '.join(second)}")


@QUANTITIES.refutes("first_worst_branch")
def refute_first_worst_branch(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """Too few: Random's share on both sides; too many: a question whose both answers leave fewer."""
    w = int(wrong)
    bad = negative(w, "possibilities")
    if bad:
        return bad
    solver = engine.shared_solver(game)
    u = game.universe
    n = solver.all_items.bit_count()
    if w < int(value):
        per = "; ".join(f"asking {g}, {plural(r.bit_count(), 'possibility', 'possibilities')} of {n} have {g} Random"
                        for g, r in zip(u.gods, solver.rand, strict=True))
        return (f"Not {w}: no first question does that well. The possibilities where the asked god is Random reach "
                f"both answers ({per}), and the question splits the others, so the worse answer gets the asked "
                "god's Random ones plus at least half of the others.")
    god, question, first, second = best_first(game)
    w0, w1 = u.words
    return (f"Not {w}: a better first question exists. ask {god}: {question} leaves fewer than {w} after either "
            f"answer:\n    after {w0!r}: {', '.join(first)}\n    after {w1!r}: {', '.join(second)}")


# -- the example question ------------------------------------------------------------------------------------


@QUANTITIES.explains("example_table")
def explain_example_table(game: GodsGame, args: Args, value: Value) -> str:
    """The table itself, indented."""
    return indented(str(value))


@QUANTITIES.refutes("example_table")
def refute_example_table(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The computed table to compare with."""
    return f"The tutor computes this table:\n{indented(str(value))}"


@QUANTITIES.explains("example_condition")
def explain_example_condition(game: GodsGame, args: Args, value: Value) -> str:
    """The example's table, which shows the condition and every world."""
    return indented(example_table(game, example_of(game, args, "example_condition")))


_TOKEN = re.compile(r"\s*(?:(?P<name>[A-Za-z_][A-Za-z_0-9]*)|(?P<op>[~&|^()]))")


def holds(condition: str, truth: dict[str, bool]) -> bool | None:
    """The truth of a condition as sympy prints it (names, ~ & ^ |, parentheses) in one world; None if unreadable.

    >>> holds("A_True & ~ja_yes", {"A_True": True, "ja_yes": False}), holds("never", {}), holds("2 +", {})
    (True, False, None)
    """
    tokens: list[str] = []
    pos = 0
    while pos < len(condition.rstrip()):
        m = _TOKEN.match(condition, pos)
        if not m:
            return None
        tokens.append(m.group("name") or m.group("op"))
        pos = m.end()
    values = {"always": True, "never": False, "True": True, "False": False, **truth}

    def expr(i: int, level: int) -> tuple[bool, int]:
        ops = ("|", "^", "&")
        if level == 3:
            if i < len(tokens) and tokens[i] == "~":
                v, i = expr(i + 1, 3)
                return not v, i
            if i < len(tokens) and tokens[i] == "(":
                v, i = expr(i + 1, 0)
                if i >= len(tokens) or tokens[i] != ")":
                    raise KeyError(")")
                return v, i + 1
            return values[tokens[i]], i + 1
        v, i = expr(i, level + 1)
        while i < len(tokens) and tokens[i] == ops[level]:
            w, i = expr(i + 1, level + 1)
            v = v or w if level == 0 else v != w if level == 1 else v and w
        return v, i

    try:
        v, end = expr(0, 0)
    except (KeyError, IndexError):
        return None
    return v if end == len(tokens) else None


@QUANTITIES.refutes("example_condition")
def refute_example_condition(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """A start world where the asked god (not Random) answers against the wrong condition."""
    u = game.universe
    god, question = example_of(game, args, "example_condition")
    g = u.god_index(god)
    says = first_word_mask(question, u, g)
    for i in [i for i in range(u.size) if game.start >> i & 1 and not u.random(g) >> i & 1]:
        truth = {str(s): v for s, v in theory.valuation(u, i).items()}
        value_here = holds(str(wrong), truth)
        answer = u.words[0] if says >> i & 1 else u.words[1]
        if value_here is not None and value_here != bool(says >> i & 1):
            return (f"Not {wrong}: in the world {u.world_text(i)}, {god} answers {answer!r}, but {wrong!r} is "
                    f"{'true' if value_here else 'false'} there.")
    return f"Not {wrong}. The tutor's table:\n{indented(example_table(game, (god, question)))}"


@QUANTITIES.explains("example_meets_goal")
def explain_example_meets_goal(game: GodsGame, args: Args, value: Value) -> str:
    """The question's verdict against the goal, with the split it makes."""
    asked = example_of(game, args, "example_meets_goal")
    v = question_verdict(game, asked, args["goal"], target_of(game, args))
    detail = "\n".join(line for line in text_of(v.detail).splitlines() if line.startswith(" "))
    return f"{v.canonical}: {v.summary}\n{detail}".rstrip()


@QUANTITIES.refutes("example_meets_goal")
def refute_example_meets_goal(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The verdict is the certificate."""
    return f"Not {wrong}. {explain_example_meets_goal(game, args, value)}"


"""First questions: how many there are in the classic computer model (a god asked whether the world is in a given
set), how many start a shortest plan, and what the best one leaves."""

from __future__ import annotations

from functools import partial

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.gods import engine, theory
from tutor.puzzles.gods.engine.solver import Plan
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.question import format_question
from tutor.puzzles.gods.rules.worlds import Universe, answers
from tutor.puzzles.gods.teach.quantities import plan_ideas
from tutor.puzzles.gods.teach.quantities.plans import no_plan
from tutor.puzzles.gods.teach.quantities.words import identity_texts, negative, power
from tutor.puzzles.gods.teach.questions import LIMIT
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()


def explain_first_questions(game: GodsGame, args: Args, value: Value) -> str:
    """Gods x sets of worlds."""
    u = game.universe
    return (f"In the classic computer model, a first question asks one god ({len(u.gods)} choices) whether we are "
            f"in one of a set of the {u.size} worlds (any set: {power(u.size)} sets): {int(value):,} in all.")


def refute_first_questions(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The product, without its value."""
    u = game.universe
    w = int(wrong)
    note = " That counts the sets of worlds for one god only." if w == 1 << u.size else ""
    return (f"Not {w}: a first question is a god ({len(u.gods)} choices) together with any set of the {u.size} "
            f"worlds, the empty and the full set included (2^{u.size} sets).{note}")


@QUANTITIES.register("first_questions", "first questions in the classic computer model: gods x subsets of the worlds",
                     explain=explain_first_questions, refute=refute_first_questions)
def first_questions(game: GodsGame, args: Args) -> int:
    """A god and any subset of the worlds."""
    u = game.universe
    return len(u.gods) << u.size


def working(game: GodsGame, args: Args) -> tuple[int | None, dict[str, list[int]]]:
    """The fewest questions from every world and the solver's counts of working first questions per asked god."""
    k = theory.fewest_decided(game, args["limit"], game.universe.full)
    return k, ({} if k is None else engine.shared_solver(game).working_first_per_god(k))


WHAT = {"questions": ("first questions", "first question"),
        "splits": ("splits", "split"),
        "language_free": ("splits that ignore the meaning of ja", "split that ignores the meaning of ja")}


def explain_working(key: str, game: GodsGame, args: Args, value: Value) -> str:
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


def refute_working(key: str, game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """Partial sums over the asked gods that exceed ``wrong``, or one god's count and a bound on the rest."""
    wrong = int(wrong)
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
    by_splits = splits_reason(u, key, wrong, sum(counts["splits"]))
    if by_splits:
        return note + by_splits
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


def splits_reason(u: Universe, key: str, wrong: int, splits: int) -> str:
    """Why ``wrong`` first questions cannot be right, from how questions make splits: each working split is made
    by 2^r questions (the r worlds where the asked god is Random may each be in the set or not), so the count is
    a multiple of 2^r, and ``wrong`` / 2^r would be the number of splits ('' where this does not apply)."""
    randoms = {u.random(g).bit_count() for g in range(len(u.gods))}
    if key != "questions" or len(randoms) != 1 or not min(randoms):
        return ""
    r = randoms.pop()
    unit = 1 << r
    made = (f"each working split is made by 2^{r} = {unit} questions (the {r} worlds where the asked god is Random "
            "may each be in the set or not)")
    if wrong % unit:
        return f"Not {wrong}: {made}, so the count is a multiple of {unit}, and {wrong:,} is not."
    many = wrong // unit
    return (f"Not {wrong}: {made}, so {wrong:,} would mean {plural(many, 'working split')}; the solver finds "
            f"{'more' if splits > many else 'fewer'} than {many:,}.")


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


def _working_first(game: GodsGame, args: Args, key: str) -> int:
    """One count of ``Solver.working_first`` for a shortest plan from every world (0: no plan)."""
    k = theory.fewest_decided(game, args["limit"], game.universe.full)
    return 0 if k is None else engine.shared_solver(game).working_first(k)[key]


@QUANTITIES.register("working_first_questions", "first questions (classic computer model) that start a shortest plan",
                     args=(LIMIT,), explain=partial(explain_working, "questions"),
                     refute=partial(refute_working, "questions"),
                     misconceptions=plan_ideas.WORKING_FIRST_QUESTIONS)
def working_first_questions(game: GodsGame, args: Args) -> int:
    """Counted over the classic computer model, each branch judged by the solver."""
    return _working_first(game, args, "questions")


@QUANTITIES.register("working_first_splits",
                     "distinct splits of the worlds by a first question that start a shortest plan", args=(LIMIT,),
                     explain=partial(explain_working, "splits"), refute=partial(refute_working, "splits"))
def working_first_splits(game: GodsGame, args: Args) -> int:
    """Questions that differ only on the asked god's Random worlds count once."""
    return _working_first(game, args, "splits")


@QUANTITIES.register("language_free_first_splits", "working first splits whose answer ignores what ja means",
                     args=(LIMIT,), explain=partial(explain_working, "language_free"),
                     refute=partial(refute_working, "language_free"))
def language_free_first_splits(game: GodsGame, args: Args) -> int:
    """Splits that keep each world with its twin under the other meaning of ja."""
    return _working_first(game, args, "language_free")


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
    # the counterexample stops before the answer: a side that leaves as many as the answer is not listed to count
    sides = [f"\n    after {word!r}: {', '.join(side)}" for word, side in zip(u.words, (first, second), strict=True)
             if len(side) != int(value)]
    return (f"Not {w}: a better first question exists. ask {god}: {question} leaves fewer than {w} after either "
            f"answer" + (":" + "".join(sides) if sides else "."))


@QUANTITIES.register("first_worst_branch", "possibilities the worse answer to the best first question leaves "
                     "(Random's worlds go to both answers)",
                     explain=explain_first_worst_branch, refute=refute_first_worst_branch,
                     misconceptions=plan_ideas.FIRST_WORST_BRANCH)
def first_worst_branch(game: GodsGame, args: Args) -> int:
    """The exact closed form from the theory."""
    return theory.first_worst_branch(engine.shared_solver(game))

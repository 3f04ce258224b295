"""The ``example`` question as lessons show it: its table and answer condition, whether it meets the goal, and
what each answer leaves."""

from __future__ import annotations

from functools import partial

from tutor.maths.bits import members
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.gods import theory
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.condition import holds
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.question import format_question
from tutor.puzzles.gods.rules.worlds import WorldSet
from tutor.puzzles.gods.teach.coach import describe, surely_not_random
from tutor.puzzles.gods.teach.quantities.example_ideas import MEETS_GOAL, safe_ideas
from tutor.puzzles.gods.teach.quantities.ideas import left_ideas
from tutor.puzzles.gods.teach.quantities.words import identity_texts, indented, listing, refute_count, twins
from tutor.puzzles.gods.teach.questions import (
    EXAMPLE,
    GOAL,
    TARGET,
    example_branch,
    example_of,
    example_table,
    target_of,
)
from tutor.puzzles.gods.teach.verdicts import question_verdict
from tutor.puzzles.options import Args
from tutor.screen.shown import text_of
from tutor.screen.text import plural

QUANTITIES = Quantities()


def explain_example_table(game: GodsGame, args: Args, value: Value) -> str:
    """The table itself, indented."""
    return indented(str(value))


def refute_example_table(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The computed table to compare with."""
    return f"The tutor computes this table:\n{indented(str(value))}"


@QUANTITIES.register("example_table", "the example question: its sympy form, answer condition and truth table "
                     "(text)", args=(EXAMPLE,), explain=explain_example_table, refute=refute_example_table)
def example_table_quantity(game: GodsGame, args: Args) -> str:
    """The whole table as text."""
    return example_table(game, example_of(game, args, "example_table"))


def explain_example_condition(game: GodsGame, args: Args, value: Value) -> str:
    """The example's table, which shows the condition and every world."""
    return indented(example_table(game, example_of(game, args, "example_condition")))


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


@QUANTITIES.register("example_condition", "when the example's god answers the first word (ja, or yes), simplified "
                     "by sympy within the start worlds (text)", args=(EXAMPLE,),
                     explain=explain_example_condition, refute=refute_example_condition)
def example_condition(game: GodsGame, args: Args) -> str:
    """"always", "never", or sympy's simplest condition."""
    god, question = example_of(game, args, "example_condition")
    return theory.answer_condition(game.universe, god, question, game.start)


def explain_example_meets_goal(game: GodsGame, args: Args, value: Value) -> str:
    """The question's verdict against the goal, with the split it makes."""
    asked = example_of(game, args, "example_meets_goal")
    v = question_verdict(game, asked, args["goal"], target_of(game, args))
    detail = "\n".join(line for line in text_of(v.detail).splitlines() if line.startswith(" "))
    return f"{v.canonical}: {v.summary}\n{detail}".rstrip()


def refute_example_meets_goal(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The verdict is the certificate."""
    return f"Not {wrong}. {explain_example_meets_goal(game, args, value)}"


@QUANTITIES.register("example_meets_goal", "'yes' if the example question meets the 'goal' from the start worlds, "
                     "else 'no'", args=(EXAMPLE, GOAL, TARGET),
                     explain=explain_example_meets_goal, refute=refute_example_meets_goal, misconceptions=MEETS_GOAL)
def example_meets_goal(game: GodsGame, args: Args) -> str:
    """Judged as a ``question`` answer would be."""
    asked = example_of(game, args, "example_meets_goal")
    return "yes" if question_verdict(game, asked, args["goal"], target_of(game, args)).correct else "no"


def branch(game: GodsGame, args: Args, quantity: str, which: int) -> tuple[str, str, WorldSet, str]:
    """(asked god, the answer word, the worlds that may hear it, the question as text)."""
    god, question = example_of(game, args, quantity)
    return god, game.universe.words[which], example_branch(game, args, quantity, which), \
        f"ask {god}: {format_question(question)}"


def explain_left(quantity: str, which: int, game: GodsGame, args: Args, value: Value) -> str:
    """The possibilities after one answer, listed."""
    u = game.universe
    god, word, s, text = branch(game, args, quantity, which)
    g = u.god_index(god)
    random = f" (with {god} Random, either word may come)" if s & u.random(g) else ""
    return (f"After {word!r} to '{text}', {plural(int(value), 'possibility', 'possibilities')} remain{random}:"
            f"\n{listing(identity_texts(u, s))}")


def refute_left(quantity: str, which: int, game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The possibilities after one answer; notes for leaving out Random's worlds or counting worlds."""
    wrong = int(wrong)
    u = game.universe
    god, word, s, text = branch(game, args, quantity, which)
    g = u.god_index(god)
    ids = identity_texts(u, s)
    without = identity_texts(u, s & ~u.random(g))
    note = ""
    if s & u.random(g) and wrong == len(without) != len(ids):
        extra = next(x for x in ids if x not in without)
        note = (f"That leaves out the possibilities where {god} is Random: Random may answer {word!r} too, "
                f"so {extra} remains.")
    elif wrong == s.bit_count() != len(ids):
        note = f"That counts worlds; the meaning of ja is not asked: {twins(u, s)} are one assignment."
    made = (f"A possibility remains when {god} may answer {word!r} in one of its worlds: he gives that answer "
            f"there{', or he is Random' if s & u.random(g) else ''}.")
    return refute_count(ids, wrong, "possibility", "possibilities", note, f" after {word!r} to '{text}'", made)


@QUANTITIES.register("example_left_first", "possibilities left after the first word (ja, or yes) to the example",
                     args=(EXAMPLE,), explain=partial(explain_left, "example_left_first", 0),
                     refute=partial(refute_left, "example_left_first", 0),
                     misconceptions=left_ideas("example_left_first", 0))
def example_left_first(game: GodsGame, args: Args) -> int:
    """Identities that may hear the first word."""
    return len(game.universe.identity_set(example_branch(game, args, "example_left_first", 0)))


@QUANTITIES.register("example_left_second", "possibilities left after the second word (da, or no) to the example",
                     args=(EXAMPLE,), explain=partial(explain_left, "example_left_second", 1),
                     refute=partial(refute_left, "example_left_second", 1),
                     misconceptions=left_ideas("example_left_second", 1))
def example_left_second(game: GodsGame, args: Args) -> int:
    """Identities that may hear the second word."""
    return len(game.universe.identity_set(example_branch(game, args, "example_left_second", 1)))


def explain_safe(quantity: str, which: int, game: GodsGame, args: Args, value: Value) -> str:
    """The worlds after one answer and who is Random in none of them."""
    u = game.universe
    _, word, s, text = branch(game, args, quantity, which)
    safe = surely_not_random(u, s)
    who = (f"{' and '.join(safe)} {'is' if len(safe) == 1 else 'are'} Random in none of them" if safe
           else "every god is Random in one of them")
    return f"After {word!r} to '{text}', these worlds remain, and {who}:\n{describe(u, s)}"


def refute_safe(quantity: str, which: int, game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """A world left after the answer where the named god is Random, or the worlds when 'none' is wrong."""
    wrong = str(wrong)
    u = game.universe
    god, word, s, text = branch(game, args, quantity, which)
    g = u.god_index(god)
    named = [x.strip().upper() for x in wrong.split(",") if x.strip().upper() in u.gods]
    for x in named:
        risky = s & u.random(u.god_index(x))
        if risky:
            i = members(risky)[0]
            role = u.worlds[i].roles[g]
            how = (f"{god} is Random there and may say {word!r}" if role == "Random" else
                   f"{god} is {role} there and answers {word!r}")
            return f"After {word!r} to '{text}', {x} may still be Random: in the world {u.world_text(i)}, {how}."
    return (f"Not {wrong}: after {word!r} to '{text}', some god is Random in none of the worlds left. "
            f"The worlds left:\n{describe(u, s)}")


@QUANTITIES.register("example_not_random_first", "gods surely not Random after the first word to the example "
                     "('none' if none)", args=(EXAMPLE,), explain=partial(explain_safe, "example_not_random_first", 0),
                     refute=partial(refute_safe, "example_not_random_first", 0),
                     misconceptions=safe_ideas("example_not_random_first", 0))
def example_not_random_first(game: GodsGame, args: Args) -> str:
    """Gods who are Random in none of the worlds left."""
    return ", ".join(surely_not_random(game.universe, example_branch(game, args, "example_not_random_first", 0))) \
        or "none"


@QUANTITIES.register("example_not_random_second", "gods surely not Random after the second word to the example "
                     "('none' if none)", args=(EXAMPLE,), explain=partial(explain_safe, "example_not_random_second", 1),
                     refute=partial(refute_safe, "example_not_random_second", 1),
                     misconceptions=safe_ideas("example_not_random_second", 1))
def example_not_random_second(game: GodsGame, args: Args) -> str:
    """Gods who are Random in none of the worlds left."""
    return ", ".join(surely_not_random(game.universe, example_branch(game, args, "example_not_random_second", 1))) \
        or "none"

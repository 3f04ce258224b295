"""Why each gods quantity has its value, and why any other value is wrong: from the engine's own results.

Every quantity gets an explanation (``QUANTITIES.explains``) and a refutation
of any wrong value (``QUANTITIES.refutes``), made from what the engine
computed:

* a count is refuted with the objects counted: more of them than the wrong
  number, or every one of them when the wrong number is too big (and, where
  the wrong number is a related count - worlds for assignments, say - with
  what it counted instead);
* a fewest number of questions with the reason one question fewer fails
  (counting, Random, or the exhaustive search), or a shorter plan that the
  verifier accepted;
* a yes/no with its certificate (a plan, or two worlds never told apart);
* a condition with a world where the wrong condition and the god's answer differ.

A refutation never states the right value of a count (the learner may try
again); a plan or a world it shows is the certificate itself.  Text is plain:
one paragraph per line, lists and plans on lines that start with spaces.
"""

from __future__ import annotations

from tutor.bits import members
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.lang import format_question
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet
from tutor.puzzles.gods.teach.coach import describe, surely_not_random
from tutor.puzzles.gods.teach.judge import example_branch, example_of
from tutor.puzzles.gods.teach.quantities import QUANTITIES
from tutor.puzzles.options import Args
from tutor.text import plural

Value = int | str | bool
LISTED = 24  # a refutation lists at most this many objects


# -- the objects counted ------------------------------------------------------------------------------


def listing(items: list[str]) -> str:
    """One object per preformatted line (elided past ``LISTED``)."""
    lines = ["    " + x for x in items[:LISTED]]
    if len(items) > LISTED:
        lines.append("    ...")
    return "\n".join(lines)


def identity_texts(u: Universe, s: WorldSet) -> list[str]:
    """What must be told apart in ``s``, in world order: assignments, or worlds when ja must be found."""
    out: list[str] = []
    for i in members(s):
        w = u.worlds[i]
        text = w.text(u.gods) if u.identify_language else " ".join(
            f"{g}={r}" for g, r in zip(u.gods, w.roles, strict=True))
        if text not in out:
            out.append(text)
    return out


def refute_count(objects: list[str], wrong: int, noun: str, many: str, note: str = "", where: str = "") -> str:
    """Why ``wrong`` is not how many ``objects`` there are, without saying how many there are.

    ``note`` says what a related wrong count counted instead; ``where`` qualifies the count ("after 'ja'").
    """
    n = len(objects)
    head = f"Not {wrong}{where}:"
    note = f" {note}" if note else ""
    if wrong < 0:
        return f"{head} a count is never negative, and here is one {noun} already:\n{listing(objects[:1])}"
    if wrong == 0:
        return f"{head} there is at least one:\n{listing(objects[:1])}"
    if wrong < n:
        return f"{head} there are more than {wrong}.{note} These {many} are all different:\n" \
            f"{listing(objects[:wrong + 1])}"
    return f"{head} there are fewer.{note} Every {noun} there is, is one of these:\n{listing(objects)}"


def twins(u: Universe, s: WorldSet) -> str:
    """Two worlds of ``s`` with the same roles and both meanings of ja ('' when there are none)."""
    for i in members(s):
        for j in members(s):
            if i < j and u.worlds[i].roles == u.worlds[j].roles:
                return f"{u.world_text(i)} and {u.world_text(j)}"
    return ""


def role_texts(u: Universe) -> list[str]:
    """Every assignment of roles, in world order."""
    return identity_texts(u, u.full) if not u.identify_language else list(dict.fromkeys(
        " ".join(f"{g}={r}" for g, r in zip(u.gods, w.roles, strict=True)) for w in u.worlds))


# -- counts of worlds and assignments -------------------------------------------------------------------


@QUANTITIES.explains("worlds")
def explain_worlds(game: GodsGame, args: Args, value: Value) -> str:
    """Assignments x meanings of ja, listed."""
    u = game.universe
    how = ("one world per assignment of roles, since the gods answer in plain yes and no" if u.known_language
           else f"{plural(len(role_texts(u)), 'assignment')} of roles, each with ja meaning yes or no")
    return f"{plural(u.size, 'world')}: {how}.\n{listing([u.world_text(i) for i in members(u.full)])}"


@QUANTITIES.refutes("worlds")
def refute_worlds(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The worlds, with a note when the wrong number counts the assignments."""
    u = game.universe
    note = ""
    if wrong == len(role_texts(u)) and not u.known_language:
        note = (f"That counts the assignments of roles. Each comes with both meanings of ja, and those are "
                f"different worlds: {twins(u, u.full)}.")
    return refute_count([u.world_text(i) for i in members(u.full)], int(wrong), "world", "worlds", note)


def assignments_note(u: Universe, wrong: int) -> str:
    """What a wrong count of assignments counted instead, when it is a related count."""
    distinct = len(set(u.roles))
    if wrong == u.size != len(role_texts(u)):
        return (f"That counts worlds. The meaning of ja does not change who is who: {twins(u, u.full)} "
                "are one assignment.")
    if wrong == distinct ** len(u.gods) != len(role_texts(u)):
        same = " ".join(f"{g}={u.roles[0]}" for g in u.gods)
        return f"That lets gods share a role. {same} is not possible: {theory_roles(u)}."
    return ""


def theory_roles(u: Universe) -> str:
    """The roles the gods have, as a sentence."""
    return f"the roles are {', '.join(u.roles)}, one per god"


@QUANTITIES.explains("assignments")
def explain_assignments(game: GodsGame, args: Args, value: Value) -> str:
    """Every assignment, listed."""
    u = game.universe
    return f"{plural(int(value), 'assignment')}: {theory_roles(u)}.\n{listing(role_texts(u))}"


@QUANTITIES.refutes("assignments")
def refute_assignments(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The assignments, with a note for the worlds (or a free choice of roles) counted instead."""
    u = game.universe
    return refute_count(role_texts(u), int(wrong), "assignment", "assignments", assignments_note(u, int(wrong)))


@QUANTITIES.explains("identities")
def explain_identities(game: GodsGame, args: Args, value: Value) -> str:
    """What the leaves must name, listed."""
    u = game.universe
    what = "worlds (the meaning of ja must be found too)" if u.identify_language else \
        "assignments of roles (the meaning of ja need not be found)"
    return f"{int(value)} {what}:\n{listing(identity_texts(u, u.full))}"


@QUANTITIES.refutes("identities")
def refute_identities(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """What must be told apart, listed."""
    u = game.universe
    note = ""
    if not u.identify_language and wrong == u.size != int(value):
        note = f"That counts worlds, but the meaning of ja need not be found: {twins(u, u.full)} need one leaf."
    elif u.identify_language and wrong == len(role_texts(u)):
        note = f"That counts assignments, but the meaning of ja must be found too: {twins(u, u.full)} need two leaves."
    return refute_count(identity_texts(u, u.full), int(wrong), "possibility", "possibilities", note)


@QUANTITIES.explains("start_worlds")
def explain_start_worlds(game: GodsGame, args: Args, value: Value) -> str:
    """The start worlds, listed."""
    u = game.universe
    where = f" where {game.worlds}" if game.worlds.strip() else ""
    return f"{plural(int(value), 'world')}{where}:\n{listing([u.world_text(i) for i in members(game.start)])}"


@QUANTITIES.refutes("start_worlds")
def refute_start_worlds(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The start worlds, listed; a note when the assignments were counted."""
    u = game.universe
    note = ""
    if not u.known_language and wrong == len(identity_texts(u, game.start)) and not u.identify_language:
        note = (f"That counts assignments of roles. Each comes with both meanings of ja: "
                f"{twins(u, game.start)} are two worlds.")
    return refute_count([u.world_text(i) for i in members(game.start)], int(wrong), "world", "worlds", note)


# -- the example question's branches ----------------------------------------------------------------------


def branch(game: GodsGame, args: Args, quantity: str, which: int) -> tuple[str, str, WorldSet, str]:
    """(asked god, the answer word, the worlds that may hear it, the question as text)."""
    god, question = example_of(game, args, quantity)
    return god, game.universe.words[which], example_branch(game, args, quantity, which), \
        f"ask {god}: {format_question(question)}"


def explain_left(game: GodsGame, args: Args, value: Value, quantity: str, which: int) -> str:
    """The possibilities after one answer, listed."""
    u = game.universe
    god, word, s, text = branch(game, args, quantity, which)
    g = u.god_index(god)
    random = f" (with {god} Random, either word may come)" if s & u.random(g) else ""
    return (f"After {word!r} to '{text}', {plural(int(value), 'possibility', 'possibilities')} remain{random}:"
            f"\n{listing(identity_texts(u, s))}")


def refute_left(game: GodsGame, args: Args, wrong: int, quantity: str, which: int) -> str:
    """The possibilities after one answer; notes for leaving out Random's worlds or counting worlds."""
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
    return refute_count(ids, wrong, "possibility", "possibilities", note, f" after {word!r} to '{text}'")


def register_left(name: str, which: int) -> None:
    """Fill both slots of one example_left_* count."""

    def explain(game: GodsGame, args: Args, value: Value) -> str:
        return explain_left(game, args, value, name, which)

    def refute(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
        return refute_left(game, args, int(wrong), name, which)

    QUANTITIES.explains(name)(explain)
    QUANTITIES.refutes(name)(refute)


register_left("example_left_first", 0)
register_left("example_left_second", 1)


def explain_safe(game: GodsGame, args: Args, quantity: str, which: int) -> str:
    """The worlds after one answer and who is Random in none of them."""
    u = game.universe
    _, word, s, text = branch(game, args, quantity, which)
    safe = surely_not_random(u, s)
    who = (f"{' and '.join(safe)} {'is' if len(safe) == 1 else 'are'} Random in none of them" if safe
           else "every god is Random in one of them")
    return f"After {word!r} to '{text}', these worlds remain, and {who}:\n{describe(u, s)}"


def refute_safe(game: GodsGame, args: Args, wrong: str, quantity: str, which: int) -> str:
    """A world left after the answer where the named god is Random, or the worlds when 'none' is wrong."""
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


def register_safe(name: str, which: int) -> None:
    """Fill both slots of one example_not_random_* choice."""

    def explain(game: GodsGame, args: Args, value: Value) -> str:
        return explain_safe(game, args, name, which)

    def refute(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
        return refute_safe(game, args, str(wrong), name, which)

    QUANTITIES.explains(name)(explain)
    QUANTITIES.refutes(name)(refute)


register_safe("example_not_random_first", 0)
register_safe("example_not_random_second", 1)

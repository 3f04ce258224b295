"""Counting what must be told apart: worlds, assignments of roles, the possibilities a plan must name."""

from __future__ import annotations

from tutor.maths.bits import members
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.worlds import Universe
from tutor.puzzles.gods.teach.quantities import ideas
from tutor.puzzles.gods.teach.quantities.words import identity_texts, listing, refute_count, role_texts, twins
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()


def explain_worlds(game: GodsGame, args: Args, value: Value) -> str:
    """Assignments x meanings of ja, listed."""
    u = game.universe
    how = ("one world per assignment of roles, since the gods answer in plain yes and no" if u.known_language
           else f"{plural(len(role_texts(u)), 'assignment')} of roles, each with ja meaning yes or no")
    return f"{plural(u.size, 'world')}: {how}.\n{listing([u.world_text(i) for i in members(u.full)])}"


def refute_worlds(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The worlds, with a note when the wrong number counts the assignments."""
    u = game.universe
    note = ""
    if wrong == len(role_texts(u)) and not u.known_language:
        note = (f"That counts the assignments of roles. Each comes with both meanings of ja, and those are "
                f"different worlds: {twins(u, u.full)}.")
    return refute_count([u.world_text(i) for i in members(u.full)], int(wrong), "world", "worlds", note,
                        made=world_made(u))


def world_made(u: Universe) -> str:
    """How one world is made, as a sentence."""
    ja = ", and fixes whether ja means yes or no" if not u.known_language else ""
    return f"A world gives each god one role ({theory_roles(u)}){ja}."


@QUANTITIES.register("worlds", "the number of worlds (assignments x meanings of ja)",
                     explain=explain_worlds, refute=refute_worlds, misconceptions=ideas.WORLDS)
def worlds(game: GodsGame, args: Args) -> int:
    """Role orders x meanings of ja."""
    return game.universe.size


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


def explain_assignments(game: GodsGame, args: Args, value: Value) -> str:
    """Every assignment, listed."""
    u = game.universe
    return f"{plural(int(value), 'assignment')}: {theory_roles(u)}.\n{listing(role_texts(u))}"


def refute_assignments(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The assignments, with a note for the worlds (or a free choice of roles) counted instead."""
    u = game.universe
    return refute_count(role_texts(u), int(wrong), "assignment", "assignments", assignments_note(u, int(wrong)),
                        made=f"An assignment gives each god one role: {theory_roles(u)}.")


@QUANTITIES.register("assignments", "the number of ways to give the gods their roles",
                     explain=explain_assignments, refute=refute_assignments,
                     misconceptions=ideas.ASSIGNMENTS)
def assignments(game: GodsGame, args: Args) -> int:
    """Distinct role orders."""
    return len({w.roles for w in game.universe.worlds})


def explain_identities(game: GodsGame, args: Args, value: Value) -> str:
    """What the leaves must name, listed."""
    u = game.universe
    what = "worlds (the meaning of ja must be found too)" if u.identify_language else \
        "assignments of roles (the meaning of ja need not be found)"
    return f"{int(value)} {what}:\n{listing(identity_texts(u, u.full))}"


def refute_identities(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """What must be told apart, listed."""
    u = game.universe
    note = ""
    if not u.identify_language and wrong == u.size != int(value):
        note = f"That counts worlds, but the meaning of ja need not be found: {twins(u, u.full)} need one leaf."
    elif u.identify_language and wrong == len(role_texts(u)):
        note = f"That counts assignments, but the meaning of ja must be found too: {twins(u, u.full)} need two leaves."
    made = world_made(u) if u.identify_language else f"An assignment gives each god one role: {theory_roles(u)}."
    return refute_count(identity_texts(u, u.full), int(wrong), "possibility", "possibilities", note, made=made)


@QUANTITIES.register("identities", "what must be told apart (assignments, or worlds when ja must be found too)",
                     explain=explain_identities, refute=refute_identities)
def identities(game: GodsGame, args: Args) -> int:
    """What the leaves must name."""
    return len(game.universe.identities)


def explain_start_worlds(game: GodsGame, args: Args, value: Value) -> str:
    """The start worlds, listed."""
    u = game.universe
    where = f" where {game.worlds}" if game.worlds.strip() else ""
    return f"{plural(int(value), 'world')}{where}:\n{listing([u.world_text(i) for i in members(game.start)])}"


def refute_start_worlds(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The start worlds, listed; a note when the assignments were counted."""
    u = game.universe
    note = ""
    if not u.known_language and wrong == len(identity_texts(u, game.start)) and not u.identify_language:
        note = (f"That counts assignments of roles. Each comes with both meanings of ja: "
                f"{twins(u, game.start)} are two worlds.")
    where = game.worlds.strip()
    made = (f"Only worlds where {where} count: fix that first, then hand out the other roles"
            f"{'' if u.known_language else ', then the meaning of ja'}." if where else world_made(u))
    return refute_count([u.world_text(i) for i in members(game.start)], int(wrong), "world", "worlds", note,
                        made=made)


@QUANTITIES.register("start_worlds", "the number of worlds where the 'worlds' proposition holds",
                     explain=explain_start_worlds, refute=refute_start_worlds,
                     misconceptions=ideas.START_WORLDS)
def start_worlds(game: GodsGame, args: Args) -> int:
    """The size of the start set."""
    return game.start.bit_count()

"""Whether a set of gods can be identified at all, with enough questions: decided by the theorem, not by a search.

Two worlds whose Random gods cover every god can never be told apart (whoever is asked is Random in one of them);
with no such pair, any two possibilities left have a god who is Random in neither, and a question to him separates
them (``theory.inseparable_pair``).  So the answer is exact and immediate for every set of up to five gods, and its
certificate is the pair, or the reason none exists.
"""

from __future__ import annotations

from functools import partial

from tutor.puzzles.answers import Misconception, Quantities, Value
from tutor.puzzles.gods import theory
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.worlds import MAX_GODS
from tutor.puzzles.gods.teach import conjecture
from tutor.puzzles.gods.teach.conjecture import GodSet, god_sets, separable
from tutor.puzzles.gods.teach.quantities.words import refute_count
from tutor.puzzles.options import NO_ARGS, Args, Option

QUANTITIES = Quantities()


def explain_identifiable(game: GodsGame, args: Args, value: Value) -> str:
    """The pair never told apart, or why there is none."""
    u = game.universe
    pair = theory.inseparable_pair(u, u.full)
    if pair is not None:
        return f"No: {theory.never_proof(u, pair)}."
    return f"Yes: {separable(game)}."


def refute_identifiable(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The certificate of the right answer: two worlds never told apart, or the reason any two can be."""
    u = game.universe
    pair = theory.inseparable_pair(u, u.full)
    if pair is not None:
        return f"Not {wrong}: {theory.never_proof(u, pair)}."
    return f"Not {wrong}: {separable(game)}."


def counts(game: GodsGame) -> GodSet:
    """How many of the game's gods are True, False and Random."""
    roles = game.universe.roles
    return GodSet(roles.count("True"), roles.count("False"), roles.count("Random"))


def _ideas(game: GodsGame) -> dict[str, str | None]:
    """What each wrong idea answers for these gods (None: no answer, the right one, or one an earlier idea gives)."""
    s, right = counts(game), identifiable(game, NO_ARGS)
    said = {"all-random-never": "no" if s.r == s.n else None,
            "half-is-few-enough": "yes" if s.r and 2 * s.r == s.n else None,
            "random-spoils": "no" if s.r else None,
            "liar-needed": "no" if s.r and not (s.t and s.f) else None}
    out: dict[str, str | None] = {}
    for name, value in said.items():
        out[name] = None if value == right or value in out.values() else value
    return out


IDEA_SAYS = {
    "all-random-never": "with every god Random there is one way to hand out the roles, so nothing is left to find "
                        "out.",
    "half-is-few-enough": "half of the gods Random is already too many: split the gods into the Random ones and the "
                          "others, and swap the two groups; whoever you ask is Random in one of the two worlds.",
    "random-spoils": "a Random god does not always spoil the puzzle: True, False and Random, the classic three, can "
                     "be identified.",
    "liar-needed": "no liar is needed beside a Random god: True, True and Random can be identified, since a god who "
                   "is surely not Random answers truly about Random whatever his role.",
}


def _idea_value(name: str, game: GodsGame, args: Args) -> str | None:
    return _ideas(game)[name]


def _idea_says(name: str, game: GodsGame, args: Args, given: Value) -> str:
    return f"{given}: {IDEA_SAYS[name]}"


def _idea(name: str) -> Misconception:
    return Misconception(name, partial(_idea_value, name), partial(_idea_says, name))


@QUANTITIES.register("identifiable", "'yes' if enough questions identify the gods from every world, else 'no' "
                     "(the theorem, no search)", explain=explain_identifiable, refute=refute_identifiable,
                     misconceptions=tuple(_idea(name) for name in IDEA_SAYS))
def identifiable(game: GodsGame, args: Args) -> str:
    """No two worlds whose Random gods cover every god."""
    u = game.universe
    return "no" if theory.inseparable_pair(u, u.full) is not None else "yes"


# -- how many sets of n gods can be identified ------------------------------------------------------------

SIZE = Option("size", int, 3, "the number of gods in every set 'identifiable_sets' counts", minimum=1,
              maximum=MAX_GODS)


def sets_of(size: int) -> list[GodSet]:
    """Every set of exactly ``size`` gods (how many are True, False and Random), fewer Random first."""
    return [s for s in god_sets(size) if s.n == size]


def named(s: GodSet) -> str:
    """``True, Random, Random``."""
    return s.roles.replace(",", ", ")


def counted(game: GodsGame, args: Args) -> list[GodSet]:
    """The sets of ``size`` gods that can be identified, in the variant's language."""
    return [s for s in sets_of(args["size"]) if conjecture.identifiable(s, game)]


def _unless(right: int, x: int) -> int | None:
    return None if x == right else x


def _half_counted(game: GodsGame, args: Args) -> int | None:
    """The count if a set with exactly half of its gods Random were counted too."""
    return _unless(len(counted(game, args)), sum(
        1 for s in sets_of(args["size"]) if 2 * s.r <= s.n or conjecture.identifiable(s, game)))


def _says_half(game: GodsGame, args: Args, given: Value) -> str:
    return (f"{given} counts sets where exactly half of the gods are Random. Those can never be identified: "
            f"{never_named(game, args)}")


def _random_never(game: GodsGame, args: Args) -> int | None:
    """The count if no set with a Random god could be identified: the sets without one."""
    return _unless(len(counted(game, args)), args["size"] + 1)


def _says_never(game: GodsGame, args: Args, given: Value) -> str:
    return (f"{given} counts only the sets without a Random god. A Random god does not always spoil the puzzle: "
            "True, False and Random, the classic three, can be identified.")


def _liar_needed(game: GodsGame, args: Args) -> int | None:
    """The count if a Random god needed both a truth-teller and a liar beside him."""
    return _unless(len(counted(game, args)), sum(
        1 for s in sets_of(args["size"]) if conjecture.identifiable(s, game) and (s.r in (0, s.n) or (s.t and s.f))))


def _says_liar(game: GodsGame, args: Args, given: Value) -> str:
    return (f"{given} leaves out sets with a Random god but no liar, or no truth-teller. None is needed: True, True "
            "and Random can be identified, since a god who is surely not Random answers a wrapped question truly "
            "whatever his role.")


IDENTIFIABLE_SETS = (
    Misconception("half-random-counted", _half_counted, _says_half),
    Misconception("random-never-counted", _random_never, _says_never),
    Misconception("liar-needed", _liar_needed, _says_liar),
)


def never_named(game: GodsGame, args: Args) -> str:
    """A set of ``size`` gods, half of them Random, and the two worlds it never tells apart."""
    s = next(s for s in sets_of(args["size"]) if 2 * s.r == s.n)
    g = type(game)(s.roles, game.known_language, game.identify_language)
    u = g.universe
    pair = theory.inseparable_pair(u, u.full)
    assert pair is not None, "half of the gods Random: two worlds are never told apart"
    return f"for {named(s)}, {theory.never_proof(u, pair)}."


def explain_identifiable_sets(game: GodsGame, args: Args, value: Value) -> str:
    """Every set of ``size`` gods, and whether it can be identified."""
    lines = [f"{value} of the {len(sets_of(args['size']))} sets of {args['size']} gods can be identified:"]
    lines += [f"    {named(s)}: {'yes' if conjecture.identifiable(s, game) else 'no'}" for s in sets_of(args["size"])]
    return "\n".join(lines)


def refute_identifiable_sets(game: GodsGame, args: Args, value: Value, wrong: Value) -> str:
    """The sets that can be identified, as many as refute the count (never all of them when that gives it away)."""
    found = counted(game, args)
    never = next((s for s in sets_of(args["size"]) if s not in found), None)
    note = f"{named(never)}, for one, can never be identified." if never and int(wrong) > len(found) else ""
    return refute_count([named(s) for s in found], int(wrong), "set", "sets that can be identified", note=note,
                        made="A set counts when no two of its worlds have Random gods that cover every god.")


@QUANTITIES.register("identifiable_sets", "how many sets of 'size' gods (any numbers of True, False and Random) can "
                     "be identified with enough questions", args=(SIZE,), explain=explain_identifiable_sets,
                     refute=refute_identifiable_sets, misconceptions=IDENTIFIABLE_SETS)
def identifiable_sets(game: GodsGame, args: Args) -> int:
    """Counted set by set with the theorem (``conjecture.identifiable``)."""
    return len(counted(game, args))

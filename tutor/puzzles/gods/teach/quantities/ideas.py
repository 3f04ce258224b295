"""What learners really answer when they count the gods' worlds, as misconceptions (``Misconception``): the value a
learner holding each idea gives for this variant, and a sentence naming the idea in the variant's own terms.

Each value is computed from the universe, never typed for one lesson, and is None where the idea gives no answer
or gives the right one (then it is no mistake here).  No sentence states the right value: it says what the
learner's own number counts instead.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from math import factorial
from typing import Any

from tutor.maths.bits import members
from tutor.puzzles.answers import Misconception, Value
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet
from tutor.puzzles.gods.teach.quantities.words import identity_texts, twins
from tutor.puzzles.gods.teach.questions import example_branch, example_of
from tutor.puzzles.options import Args

Count = Callable[[GodsGame, Args], int]


Ideas = tuple[Misconception, ...]


@dataclass(frozen=True)
class Found:
    """One function of a misconception kept in a table of lambdas, found again through ``table`` (a module-level
    function returning the table, which pickles by its qualified name) and its position when called, so a quantity
    holding it pickles (grading runs in worker processes) though the function is a lambda."""

    table: Callable[[], Ideas]  # _assignment_ideas
    index: int
    says: bool  # the sentence (else the value)

    def __call__(self, *args: Any) -> Any:
        idea = self.table()[self.index]
        return (idea.says if self.says else idea.value)(*args)


def portable(table: Callable[[], Ideas]) -> Ideas:
    """The misconceptions of the table ``table()`` returns, with functions that pickle (``Found``)."""
    return tuple(Misconception(m.name, Found(table, i, False), Found(table, i, True)) for i, m in enumerate(table()))


def unless(value: int | None, right: int) -> int | None:
    """``value``, or None when it is the right value (an idea that answers right is no mistake here).

    >>> unless(12, 6), unless(6, 6), unless(None, 6)
    (12, None, None)
    """
    return None if value is None or value == right else value


def assignment_count(u: Universe, s: WorldSet) -> int:
    """The distinct assignments of roles among the worlds of ``s``."""
    return len({u.worlds[i].roles for i in members(s)})


def roles_sentence(u: Universe) -> str:
    """The roles as a sentence: 'the roles True, False, Random go one to each god'."""
    return f"the roles {', '.join(u.roles)} go one to each god"


def same_role(u: Universe) -> str:
    """An impossible assignment where every god has the first role: 'A=True B=True'."""
    return " ".join(f"{g}={u.roles[0]}" for g in u.gods)


def shared_role(u: Universe) -> str:
    """The roles more than one god holds, as a clause: 'two gods are False'."""
    counts = {r: u.roles.count(r) for r in dict.fromkeys(u.roles) if u.roles.count(r) > 1}
    return " and ".join(f"{NUMBER_WORDS.get(c, str(c))} gods are {r}" for r, c in counts.items())


NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}


def meanings(u: Universe) -> int:
    """How many meanings of ja a world may fix: 1 with plain yes and no, else 2."""
    return 1 if u.known_language else 2


# -- assignments ------------------------------------------------------------------------------------------------

def _assignments(game: GodsGame) -> int:
    return assignment_count(game.universe, game.universe.full)


_ASSIGNMENTS = (
    Misconception(
        "worlds_for_assignments",
        lambda game, args: None if game.universe.known_language else unless(game.universe.size, _assignments(game)),
        lambda game, args, given: (
            f"{given} counts worlds: each assignment of roles comes with both meanings of ja "
            f"({twins(game.universe, game.universe.full)}), but those two are one assignment, and only the roles "
            "are asked for.")),
    Misconception(
        "roles_repeat",
        lambda game, args: unless(len(set(game.roles)) ** len(game.roles), _assignments(game)),
        lambda game, args, given: (
            f"{given} = {len(set(game.roles))}^{len(game.roles)} lets each god take any role on his own, so "
            f"{same_role(game.universe)} would count; but {roles_sentence(game.universe)}, so a role given to "
            "one god is gone for the next.")),
    Misconception(
        "two_choices_per_god",
        lambda game, args: None if len(set(game.roles)) == 2 else unless(2 ** len(game.roles), _assignments(game)),
        lambda game, args, given: (
            f"{given} = 2^{len(game.roles)} gives each god two choices, as if a god were only truthful or not; "
            f"but there are {len(set(game.roles))} roles, and {roles_sentence(game.universe)}.")),
    Misconception(
        "copies_told_apart",
        lambda game, args: None if len(set(game.roles)) == len(game.roles)
        else unless(factorial(len(game.roles)), _assignments(game)),
        lambda game, args, given: (
            f"{given} = {len(game.roles)}! orders {len(game.roles)} different roles; here some role is held by "
            "two gods, and swapping those two gods gives the same assignment.")),
    Misconception(
        "one_real_assignment",
        lambda game, args: _one_assignment(game, args),
        lambda game, args, given: (
            f"{given} counts the assignment the gods really have; but you do not know which one it is, and the "
            "question asks how many are possible, as far as you know.")),
)


def _assignment_ideas() -> Ideas:
    """The assignment ideas as written (``Found`` reads them through this function)."""
    return _ASSIGNMENTS


ASSIGNMENTS = portable(_assignment_ideas)


def _one_assignment(game: GodsGame, args: Args) -> int | None:
    """1, or None where it is the right count or what one of the first four assignment ideas gives."""
    earlier: set[Value | None] = {m.value(game, args) for m in _ASSIGNMENTS[:4]}
    return None if 1 in {_assignments(game), *earlier} else 1


# -- worlds -----------------------------------------------------------------------------------------------------

def _first_world_ideas(game: GodsGame) -> tuple[int | None, ...]:
    """The worlds, and what the first four world ideas give: a later idea must differ from them to be told apart."""
    u = game.universe
    distinct, n = len(set(game.roles)), len(game.roles)
    return (u.size, None if u.known_language else _assignments(game), distinct**n * meanings(u),
            None if u.known_language else _assignments(game) + 2,
            None if distinct == n else factorial(n) * meanings(u))


def _new_world_count(value: int, game: GodsGame) -> int | None:
    """``value``, or None where the right count or an earlier idea gives the same number."""
    return None if value in _first_world_ideas(game) else value


_WORLDS = (
    Misconception(
        "meanings_of_ja_forgotten",
        lambda game, args: None if game.universe.known_language
        else unless(_assignments(game), game.universe.size),
        lambda game, args, given: (
            f"{given} counts the assignments of roles only. A world also fixes what ja means, and each "
            f"assignment comes with both meanings: {twins(game.universe, game.universe.full)} are two worlds.")),
    Misconception(
        "roles_repeat",
        lambda game, args: unless(len(set(game.roles)) ** len(game.roles) * meanings(game.universe),
                                  game.universe.size),
        lambda game, args, given: (
            f"{given} = {len(set(game.roles))}^{len(game.roles)}{' x 2' if meanings(game.universe) == 2 else ''} "
            f"lets each god take any of the {len(set(game.roles))} roles on his own, so "
            f"{same_role(game.universe)} would be a world; but {roles_sentence(game.universe)}.")),
    Misconception(
        "meanings_added",
        lambda game, args: None if game.universe.known_language
        else unless(_assignments(game) + 2, game.universe.size),
        lambda game, args, given: (
            f"{given} adds the two meanings of ja to the assignments. Every assignment comes with both meanings, "
            f"so each one is two worlds: {twins(game.universe, game.universe.full)}.")),
    Misconception(
        "copies_told_apart",
        lambda game, args: None if len(set(game.roles)) == len(game.roles)
        else unless(factorial(len(game.roles)) * meanings(game.universe), game.universe.size),
        lambda game, args, given: (
            f"{given} = {len(game.roles)}!{' x 2' if meanings(game.universe) == 2 else ''} counts identical gods "
            f"as different: it orders {len(game.roles)} roles as if each were held by one god, but "
            f"{shared_role(game.universe)}, and swapping them gives the same world.")),
    Misconception(
        "own_language",
        lambda game, args: None if game.universe.known_language
        else _new_world_count(_assignments(game) * 2 ** len(game.roles), game),
        lambda game, args, given: (
            f"{given} = {_assignments(game)} x 2^{len(game.roles)} lets each god have his own meaning of ja; but "
            "the gods share one language: in a world ja means the same for all of them.")),
    Misconception(
        "words_independent",
        lambda game, args: None if game.universe.known_language
        else _new_world_count(_assignments(game) * 4, game),
        lambda game, args, given: (
            f"{given} = {_assignments(game)} x 4 lets ja and da each mean yes or no on its own; but one of the two "
            "words means yes and the other no, so fixing what ja means fixes da too.")),
    Misconception(
        "roles_added",
        lambda game, args: _new_world_count(len(game.roles) * len(set(game.roles)) * meanings(game.universe), game),
        lambda game, args, given: (
            f"{given} = {len(game.roles)} x {len(set(game.roles))}"
            f"{' x 2' if meanings(game.universe) == 2 else ''} gives each god each role once, side by side; but a "
            f"world hands out all the roles at once: {roles_sentence(game.universe)}, so the choices for one "
            "god narrow the next one's.")),
    Misconception(
        "one_real_world",
        lambda game, args: _unclaimed(1, game, args, 7),
        lambda game, args, given: (
            f"{given} counts the world the gods are really in; but you do not know which one that is, and a plan must "
            "work in every world that may be the real one, as far as you know.")),
    Misconception(
        "answer_patterns",
        lambda game, args: _unclaimed(2 ** len(game.roles), game, args, 8),
        lambda game, args, given: (
            f"{given} = 2^{len(game.roles)} counts the ways {len(game.roles)} gods could each answer one question "
            "with one of two words; a world is not a row of answers but who holds which role"
            f"{'' if game.universe.known_language else ' and what ja means'}.")),
    Misconception(
        "own_role_and_language",
        lambda game, args: None if game.universe.known_language
        else _unclaimed((len(set(game.roles)) * 2) ** len(game.roles), game, args, 9),
        lambda game, args, given: (
            f"{given} = ({len(set(game.roles))} x 2)^{len(game.roles)} lets each god pick his role and his meaning of "
            f"ja on his own; but {roles_sentence(game.universe)}, and ja means the same for all of them.")),
)


def _world_ideas() -> Ideas:
    """The world ideas as written (``Found`` reads them through this function)."""
    return _WORLDS


WORLDS = portable(_world_ideas)


def _unclaimed(value: int, game: GodsGame, args: Args, index: int) -> int | None:
    """``value``, or None where it is the right count or what one of the first ``index`` world ideas gives."""
    earlier = {_WORLDS[i].value(game, args) for i in range(index)}
    return None if value == game.universe.size or value in earlier else value


# -- the start worlds -------------------------------------------------------------------------------------------

def _start(game: GodsGame) -> int:
    return int(game.start.bit_count())


def _where(game: GodsGame) -> str:
    return game.worlds.strip() or "anything"


_START_WORLDS = (
    Misconception(
        "assignments_not_worlds",
        lambda game, args: None if game.universe.known_language
        else unless(assignment_count(game.universe, game.start), _start(game)),
        lambda game, args, given: (
            f"{given} counts the assignments of roles where {_where(game)}. Each comes with both meanings of ja: "
            f"{twins(game.universe, game.start)} are two worlds.")),
    Misconception(
        "other_side",
        lambda game, args: None if game.start == game.universe.full
        else unless(game.universe.size - _start(game), _start(game)),
        lambda game, args, given: (
            f"{given} counts the worlds where '{_where(game)}' is false; the question asks for those where it "
            "holds.")),
    Misconception(
        "all_worlds",
        lambda game, args: unless(game.universe.size, _start(game)),
        lambda game, args, given: (
            f"{given} counts every world of the puzzle; only those where {_where(game)} are asked for.")),
)


def _start_world_ideas() -> Ideas:
    """The start-world ideas as written (``Found`` reads them through this function)."""
    return _START_WORLDS


START_WORLDS = portable(_start_world_ideas)


# -- what an answer to the example leaves ---------------------------------------------------------------------

def _left(quantity: str, which: int, game: GodsGame, args: Args) -> tuple[str, str, WorldSet, int]:
    """(asked god, the answer word, the worlds that may hear it, the possibilities they hold)."""
    god, _ = example_of(game, args, quantity)
    s = example_branch(game, args, quantity, which)
    return god, game.universe.words[which], s, len(game.universe.identity_set(s))


def _random_left_out(quantity: str, which: int, game: GodsGame, args: Args) -> int | None:
    god, _, s, right = _left(quantity, which, game, args)
    u = game.universe
    rest = s & ~u.random(u.god_index(god))
    return None if rest == s else unless(len(u.identity_set(rest)), right)


def _says_random_left_out(quantity: str, which: int, game: GodsGame, args: Args, given: Value) -> str:
    god, word, s, _ = _left(quantity, which, game, args)
    u = game.universe
    without = identity_texts(u, s & ~u.random(u.god_index(god)))
    extra = next(x for x in identity_texts(u, s) if x not in without)
    return (f"{given} leaves out the possibilities where {god} is Random: Random may answer {word!r} too, so "
            f"{extra} remains.")


def _worlds_counted(quantity: str, which: int, game: GodsGame, args: Args) -> int | None:
    _, _, s, right = _left(quantity, which, game, args)
    return None if game.universe.identify_language else unless(s.bit_count(), right)


def _says_worlds_counted(quantity: str, which: int, game: GodsGame, args: Args, given: Value) -> str:
    _, _, s, _ = _left(quantity, which, game, args)
    return (f"{given} counts worlds; the meaning of ja is not asked for: {twins(game.universe, s)} are one "
            "possibility.")


def _halves(quantity: str, which: int, game: GodsGame, args: Args) -> int | None:
    _, _, _, right = _left(quantity, which, game, args)
    return unless((len(game.universe.identity_set(game.start)) + 1) // 2, right)


def _says_halves(quantity: str, which: int, game: GodsGame, args: Args, given: Value) -> str:
    god, _, s, _ = _left(quantity, which, game, args)
    u = game.universe
    n = len(u.identity_set(game.start))
    why = (f"the possibilities where {god} is Random reach both answers" if s & u.random(u.god_index(god))
           else "this question does not split them evenly")
    return f"{given} is half of the {n} possibilities, as if every answer halved them; but {why}."


def left_ideas(quantity: str, which: int) -> tuple[Misconception, ...]:
    """The misconceptions about what one answer to the example leaves (module-level functions: they pickle)."""
    return (
        Misconception("random_left_out", partial(_random_left_out, quantity, which),
                      partial(_says_random_left_out, quantity, which)),
        Misconception("worlds_not_assignments", partial(_worlds_counted, quantity, which),
                      partial(_says_worlds_counted, quantity, which)),
        Misconception("answer_halves", partial(_halves, quantity, which), partial(_says_halves, quantity, which)),
    )

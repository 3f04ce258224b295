"""The conjecture workbench: a learner's formula for every set of gods, checked against the engine.

A set of gods is how many are True, False and Random (``t``, ``f``, ``r``; ``n`` gods in all); the puzzle's
other flags (the language known, or to be found) hold for every set.  A conjecture is a number, the fewest
questions that always identify the set, or a condition, when the set can be identified at all
(``rules.formula``).  The sets are taken in order - fewer gods first, then fewer Random, then fewer False - up
to ``bound`` gods, and the first where the formula and the engine differ is the smallest counterexample,
with both values and the engine's certificate: the theorem that two worlds are never told apart, a plan
``tutor solve`` prints, and why one question fewer fails.  A number is compared on the sets that can be
identified only; the others are counted as skipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tutor.errors import InvalidParams
from tutor.puzzles.answers import JSON
from tutor.puzzles.gods import engine, theory
from tutor.puzzles.gods.rules import GodsGame, make_game
from tutor.puzzles.gods.rules.formula import Conjecture, FormulaError, format_conjecture, parse_conjecture
from tutor.puzzles.gods.rules.worlds import MAX_GODS
from tutor.puzzles.gods.theory.values import Undefined, holds, value
from tutor.puzzles.options import Option
from tutor.screen.text import plural

BOUND = Option("bound", int, MAX_GODS, f"--conjecture checks every set of 1 to this many gods (at most {MAX_GODS})",
               minimum=1, maximum=MAX_GODS, metavar="N")
CLAIM_KINDS = ("identifiable", "questions")  # what a conjecture claims: a condition, or a number of questions
SEARCH_LIMIT = 10  # the fewest questions are searched up to this (every set of up to 5 gods needs at most 7)


@dataclass(frozen=True)
class GodSet:
    """One set of gods: how many are True, False and Random."""

    t: int
    f: int
    r: int

    @property
    def n(self) -> int:
        """The number of gods."""
        return self.t + self.f + self.r

    @property
    def roles(self) -> str:
        """``True,False,Random``: the ``--gods`` value of this set."""
        return ",".join(["True"] * self.t + ["False"] * self.f + ["Random"] * self.r)

    def counts(self) -> dict[str, int]:
        """The formula's variables."""
        return {"n": self.n, "t": self.t, "f": self.f, "r": self.r}


def god_sets(bound: int) -> list[GodSet]:
    """Every set of 1 to ``bound`` gods, smallest first: by the number of gods, then of Random, then of False.

    >>> [s.roles for s in god_sets(2)][:4]
    ['True', 'False', 'Random', 'True,True']
    """
    return [GodSet(n - r - f, f, r) for n in range(1, bound + 1) for r in range(n + 1) for f in range(n - r + 1)]


@dataclass(frozen=True)
class Truth:
    """What the engine says of one set: identifiable or not (with the proof), and the fewest questions."""

    identifiable: bool
    fewest: int | None
    proof: str  # the theorem's sentence when never; else how the fewest is certified


def engine_truth(s: GodSet, like: GodsGame) -> Truth:
    """The engine's answer for a set, in the language flags of ``like``."""
    game = make_game(s.roles, like.known_language, like.identify_language)
    u = game.universe
    pair = theory.inseparable_pair(u, u.full)
    if pair is not None:
        return Truth(False, None, theory.never_proof(u, pair))
    k = engine.min_questions(game, SEARCH_LIMIT, u.full)
    if k is None:  # not met for up to five gods; said rather than guessed
        raise InvalidParams(f"gods {s.roles}: no plan of at most {SEARCH_LIMIT} questions, the workbench stops")
    if k == 0:
        return Truth(True, 0, "one possibility from the start: nothing to ask")
    fewer = "; ".join(theory.impossibility(engine.shared_solver(game), k))
    return Truth(True, k, f"a plan of {plural(k, 'question')} exists (tutor solve gods --gods {s.roles}), and "
                          f"{k - 1} cannot suffice: {fewer}")


def separable(game: GodsGame) -> str:
    """Why enough questions always identify these gods: no two worlds whose Random gods cover every god."""
    u = game.universe
    r = u.roles.count("Random")
    if len(u.identities) == 1:
        return "there is only one way to hand out the roles, so there is nothing to find out: no question is needed"
    if r == 0:
        return ("no god is Random, so every god answers every question as his role says: a question to any of "
                "them tells two possibilities apart as you please, and enough questions separate them all")
    what = "the worlds" if u.identify_language else "the possibilities"
    return (f"no two of {what} have Random gods that cover every god ({r} of the {len(u.gods)} "
            f"{'is' if r == 1 else 'are'} Random), so any two of them have a god who is Random in neither; a "
            "question to him, wrapped, tells them apart, and enough questions separate them all")


def identifiable_truth(s: GodSet, like: GodsGame) -> Truth:
    """Whether the set can be identified, with the theorem's proof (no search): two worlds never told apart, or
    why any two can be told apart (``tutor solve`` prints a plan)."""
    game = make_game(s.roles, like.known_language, like.identify_language)
    u = game.universe
    pair = theory.inseparable_pair(u, u.full)
    if pair is not None:
        return Truth(False, None, theory.never_proof(u, pair))
    if len(u.identities) == 1:
        return Truth(True, 0, "one possibility from the start: nothing to ask")
    return Truth(True, None, f"{separable(game)} (tutor solve gods --gods {s.roles} prints a plan)")


def identifiable(s: GodSet, like: GodsGame) -> bool:
    """Whether the set can be identified with enough questions, in the language flags of ``like``: no two worlds
    whose Random gods cover every god (``theory.inseparable_pair``, exact, no search)."""
    return _identifiable(s, like.known_language, like.identify_language)


@cache
def _identifiable(s: GodSet, known: bool, identify: bool) -> bool:
    u = make_game(s.roles, known, identify).universe
    return theory.inseparable_pair(u, u.full) is None


def claimed(c: Conjecture, s: GodSet) -> int | bool | str:
    """The conjecture's value for a set: a whole number, True/False, or a text saying why it has none."""
    try:
        if c.condition is not None:
            return holds(c.condition, s.counts())
        assert c.amount is not None
        x = value(c.amount, s.counts())
    except Undefined as err:
        return f"undefined: {err}"
    if x.denominator != 1:
        return f"{x} (not a whole number)"
    return int(x)


def read_conjecture(text: str) -> Conjecture:
    """The parsed conjecture; a ``FormulaError`` is bad input (one line, exit 2)."""
    try:
        return parse_conjecture(text)
    except FormulaError as err:
        raise InvalidParams(f"--conjecture: {err}") from None


def workbench(game: GodsGame, text: str, bound: int) -> tuple[JSON, str, bool]:
    """Check a conjecture on every set of up to ``bound`` gods: the JSON, the text, and whether it holds."""
    c = read_conjecture(text)
    kind = "identifiable" if c.condition is not None else "questions"
    checked = skipped = 0
    data: JSON = {"conjecture": format_conjecture(c), "kind": kind, "bound": bound, "correct": True, "holds": True,
                  "counterexample": None}
    for s in god_sets(bound):
        if kind == "identifiable":  # the theorem decides it at once, and proves it
            checked += 1
            got = claimed(c, s)
            if got is identifiable(s, game):
                continue
            truth = identifiable_truth(s, game)
        else:
            truth = engine_truth(s, game)
            if not truth.identifiable:
                skipped += 1
                continue
            checked += 1
            got = claimed(c, s)
        want: int | bool | None = truth.identifiable if kind == "identifiable" else truth.fewest
        if got != want or isinstance(got, bool) != isinstance(want, bool):
            data.update(correct=False, holds=False, holds_up_to=s.n - 1, checked=checked, skipped=skipped,
                        counterexample={"gods": s.roles, **s.counts(), "expected": want, "got": _as_text(got),
                                        "certificate": truth.proof})
            return data, _refuted(c, s, got, want, truth), False
    data.update(holds_up_to=bound, checked=checked, skipped=skipped)
    return data, _held(c, kind, bound, checked, skipped), True


def _as_text(got: int | bool | str) -> str:
    """The formula's value as the JSON gives it (as Lights Out's workbench does): ``"2"``, ``"true"``, or why none."""
    return str(got).lower() if isinstance(got, bool) else str(got)


def _what(kind: str) -> str:
    return "whether the gods can be identified" if kind == "identifiable" else "the fewest questions"


def _held(c: Conjecture, kind: str, bound: int, checked: int, skipped: int) -> str:
    """The text of a conjecture that held on every set."""
    never = f" ({skipped} that can never be identified skipped)" if skipped else ""
    return (f"holds up to {plural(bound, 'god')}: {format_conjecture(c)} gives {_what(kind)} for all "
            f"{plural(checked, 'set')} of gods checked{never}.\nEvidence, not proof: the engine decides each set "
            "exactly, but only up to the bound.")


def _refuted(c: Conjecture, s: GodSet, got: int | bool | str, want: int | bool | None, truth: Truth) -> str:
    """The text of the smallest counterexample, with the engine's certificate."""
    said = {True: "identifiable", False: "never identifiable"}
    theirs = said[got] if isinstance(got, bool) else str(got)
    ours = said[bool(want)] if isinstance(want, bool) else str(want)
    return (f"counterexample: gods {s.roles} (n={s.n}, t={s.t}, f={s.f}, r={s.r}): {format_conjecture(c)} "
            f"gives {theirs}, the engine {ours}.\nWhy: {truth.proof}.\n"
            "It agrees on every set before this one (fewer gods, then fewer Random, then fewer False).")

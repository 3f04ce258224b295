"""A rule about every set of gods as a lesson asks for it: the reference rule, the hints towards it, what gives it
away, and the wrong rules learners write first, each recognised by what it says of every set (``Belief``).

The rule itself is checked by the workbench (``conjecture``): a condition in n, t, f, r that holds exactly for the
sets of up to ``bound`` gods that can be identified, in the variant's language flags.
"""

from __future__ import annotations

import re
from functools import cache

from tutor.grammar.remember import remembered
from tutor.puzzles.answers import Belief, Hint, Level, Rung
from tutor.puzzles.gods.rules import GodsGame, make_game
from tutor.puzzles.gods.rules.formula import Conjecture, FormulaError, format_conjecture, parse_conjecture
from tutor.puzzles.gods.teach.conjecture import CLAIM_KINDS, GodSet, claimed, god_sets, identifiable, workbench
from tutor.puzzles.options import Args, Option

CLAIM = Option("claim", str, "identifiable", "what a conjecture step asks for: 'identifiable', a condition for "
               "when a set of gods can be identified, or 'questions', the fewest questions", choices=CLAIM_KINDS)
RULES = ("r < n - r or r = n", "r < n - r")  # the rule, with the all-Random corner where it is identifiable
LIKELY = ("r < n - r", "r = 0", "r <= 1", "r < 2", "t > 0 and f > 0", "r < t", "r <= n - r", "r < n - r or r = n",
          "2*r < n or n = 1", "r < n")  # conditions a learner may try first


def the_rule(game: GodsGame, bound: int) -> str | None:
    """The rule as the lesson's reference writes it, for this variant's language flags: the first of ``RULES`` the
    workbench finds holds up to ``bound`` gods (None if neither does)."""
    return next((rule for rule in RULES if holds_up_to(game, rule, bound)), None)


def holds_up_to(game: GodsGame, text: str, bound: int) -> bool:
    """Whether the condition ``text`` holds on every set of up to ``bound`` gods (``workbench``, identifiability)."""
    return _holds(game.known_language, game.identify_language, text, bound)


@cache
def _holds(known: bool, identify: bool, text: str, bound: int) -> bool:
    return workbench(make_game(known_language=known, identify_language=identify), text, bound)[2]


def stated_rule(game: GodsGame, text: str, bound: int) -> str | None:
    """A condition that holds up to ``bound`` gods written in ``text``, or None: every stretch of words that could
    be a formula (``FORMULA_WORD``) is read as one, and the workbench asked about each condition found."""
    for said in _stretches(text):
        condition = _condition(said)
        if condition is not None and holds_up_to(game, condition, bound):
            return f"the rule {said!r}"
    return None


@remembered
def _condition(said: str) -> str | None:
    """The condition a stretch of words reads as, in the workbench's form (None: it is no condition): read once,
    however many replies and hint rungs say it again."""
    try:
        c = parse_conjecture(said, brief=True)  # only whether it reads: no message is built
    except FormulaError:
        return None
    return None if c.condition is None else format_conjecture(c)


FORMULA_WORD = re.compile(r"[ntfr0-9+\-*/^!<>=()]+|and|or|not", re.IGNORECASE)
MAX_WORDS = 24  # words in a stretch of formula read as a candidate rule


def _stretches(text: str) -> list[str]:
    """Each stretch of consecutive formula words in ``text`` that holds a comparison, longest first from each
    start: ``try r < t + f or t + f = 0 next`` gives ``r < t + f or t + f = 0``, ``r < t + f``, ..."""
    words = [w.strip(".,;:!?`'\"") for w in text.split()]
    runs: list[list[str]] = [[]]
    for word in words:
        if word and FORMULA_WORD.fullmatch(word):
            runs[-1].append(word)
        elif runs[-1]:
            runs.append([])
    out = []
    for run in runs:
        run = run[:MAX_WORDS]
        out += [" ".join(run[i:j]) for i in range(len(run)) for j in range(len(run), i, -1)
                if any(op in " ".join(run[i:j]) for op in "<>=")]
    return out


def rule_ladder(game: GodsGame, bound: int) -> list[Hint]:
    """Towards the rule: the small sets with Random and whether each can be identified, then what to compare."""
    small = [s for s in god_sets(min(bound, 4)) if s.r]
    said = "; ".join(f"{s.roles.replace(',', ', ')}: {'yes' if identifiable(s, game) else 'no'}" for s in small)
    corner = identifiable(GodSet(0, 0, 1), game)
    move = ("Compare r with the number of gods who are not Random, and look on its own at the sets where every god "
            "is Random." if corner else "Compare r with the number of gods who are not Random.")
    return [Rung("Sets with no Random god can always be identified. Go through the small sets that have one: which "
                 "can be identified, and which cannot?", Level.NUDGE),
            Rung(f"The sets of up to {min(bound, 4)} gods with a Random god, and whether each can be identified: "
                 f"{said}.", Level.CONCEPT),
            Rung(move, Level.MOVE)]


def read_claim(text: str, claim: str) -> Conjecture:
    """The conjecture, of the kind the step asks for (``InvalidNotation`` quoting it otherwise)."""
    c = parse_conjecture(text)
    if claim == "identifiable" and c.condition is None:
        raise FormulaError(f"{text!r} is a number; this step asks for a condition that holds exactly for the sets "
                           "that can be identified, such as r = 0 or t > f (compare with < <= = != >= >)")
    if claim == "questions" and c.amount is None:
        raise FormulaError(f"{text!r} is a condition; this step asks for a number, the fewest questions, such as "
                           "n - 1")
    return c


# -- the wrong rules learners write first ------------------------------------------------------------------

WRONG_RULES = (
    ("vallstrom-without-corner", "r < n - r",
     "fewer Random gods than others is the heart of it; now look at the sets where every god is Random: how many "
     "ways are there to hand out their roles?"),
    ("random-spoils", "r = 0",
     "a Random god does not always spoil the puzzle: True, False and Random, the classic three, can be identified."),
    ("one-random-at-most", "r <= 1",
     "two Random gods are not always too many: with three True gods beside them, any two assignments leave a god "
     "who is Random in neither."),
    ("half-is-few-enough", "2*r <= n",
     "half of the gods Random is already too many: swap the Random gods and the others, and whoever you ask is "
     "Random in one of the two worlds."),
    ("liar-needed", "t > 0 and f > 0 or r = 0",
     "no liar is needed beside a Random god: True, True and Random can be identified."),
)


@cache
def table(text: str, bound: int) -> tuple[bool | int | str, ...]:
    """What a conjecture says of every set of up to ``bound`` gods, in order."""
    c = parse_conjecture(text)
    return tuple(claimed(c, s) for s in god_sets(bound))


def _wrong_rule(name: str, rule: str, says: str) -> Belief:
    """A wrong rule as a belief: it holds of any conjecture that says the same of every set (where the rule is
    wrong in this variant's language)."""
    def wrong_here(game: GodsGame, args: Args) -> bool:
        return args["claim"] == "identifiable" and not holds_up_to(game, rule, args["bound"])

    return Belief(name, lambda game, args: rule if wrong_here(game, args) else None,
                  lambda game, args, answer: wrong_here(game, args)
                  and table(format_conjecture(answer), args["bound"]) == table(rule, args["bound"]),
                  lambda game, args, answer: says[0].upper() + says[1:])


RULE_BELIEFS = tuple(_wrong_rule(*idea) for idea in WRONG_RULES)

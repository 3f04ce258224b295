"""The three gods as data: the game object, the worlds, and the two notations.

* ``worlds`` - every world of a variant (roles x meanings of "ja") as bit sets;
* ``lang``   - the question language: parse/format pair and its meaning as a world set;
* ``tree``   - plans: the indented tree notation, a parse/format pair;
* here       - ``GodsGame``, the variant and its starting knowledge, validated once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles.gods.rules.lang import QuestionError, parse_question
from tutor.puzzles.gods.rules.meaning import truth_mask
from tutor.puzzles.gods.rules.worlds import Assignment, Universe, WorldSet, parse_roles, universe


@dataclass(frozen=True)
class GodsGame:
    """One variant of the puzzle and what is known at the start, validated by ``make_game``.

    ``gods`` is the canonical roles text (``"True,False,Random"``); ``worlds`` a
    proposition in the question language restricting the starting worlds (empty:
    all of them).  The universe and the start set are built on first use.
    """

    gods: str = "True,False,Random"
    known_language: bool = False  # the gods answer plain yes/no
    identify_language: bool = False  # the meaning of "ja" must be found as well
    worlds: str = ""

    @cached_property
    def roles(self) -> Assignment:
        """A role per god, in god order."""
        return parse_roles(self.gods)

    @cached_property
    def universe(self) -> Universe:
        """Every world of the variant (shared between games of the same variant)."""
        return universe(self.roles, self.known_language, self.identify_language)

    @cached_property
    def start(self) -> WorldSet:
        """The starting worlds: all, or those where the ``worlds`` proposition holds."""
        u = self.universe
        if not self.worlds.strip():
            return u.full
        return truth_mask(parse_question(self.worlds, u), u, 0)


def make_game(gods: str = "True,False,Random", known_language: bool = False, identify_language: bool = False,
              worlds: str = "") -> GodsGame:
    """The game for these parameter values; ``InvalidParams`` quoting the value that does not fit.

    >>> make_game("t,f,r").gods
    'True,False,Random'
    """
    try:
        roles = parse_roles(gods)
    except InvalidNotation as err:
        raise InvalidParams(f"parameter 'gods' of puzzle 'gods': {err}") from None
    if known_language and identify_language:
        raise InvalidParams("parameters 'known_language' and 'identify_language' exclude each other: "
                            "with plain yes/no there is no 'ja' to identify")
    game = GodsGame(",".join(roles), known_language, identify_language, worlds)
    try:
        game.start  # noqa: B018 - parses the 'worlds' proposition once, so later calls cannot fail on it
    except QuestionError as err:
        raise InvalidParams(f"parameter 'worlds' of puzzle 'gods': {err}") from None
    return game

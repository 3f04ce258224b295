"""Win or lose, in the learner's words: ``lose``, ``a loss``, ``it's a loss for the player to move``, ``P``."""

from __future__ import annotations

from tutor.errors import InvalidNotation
from tutor.grammar.wording import Wording, claim

OUTCOME_WORDS = {"win": frozenset({"win", "wins", "winning", "won", "winner", "n"}),
                 "lose": frozenset({"lose", "loses", "losing", "lost", "loss", "loser", "p"})}
ABOUT = Wording.of("Is the position a win or a loss for the player to move, the first player or the second? "
                   "An N-position or a P-position? The mover, whoever moves next.")  # what an answer may echo


def read_outcome(text: str) -> str:
    """``win`` or ``lose``, from the words a learner answers with (one of them, and no negation).

    >>> read_outcome("lose"), read_outcome("It's a loss."), read_outcome("the player to move wins"), read_outcome("P")
    ('lose', 'lose', 'win', 'lose')
    """
    found = claim(text, dict(OUTCOME_WORDS), ABOUT)
    if found is None:
        raise InvalidNotation(f"outcome {text!r}: answer 'win' or 'lose' (a loss is 'lose'), for the player to move")
    return found

"""``--touch K``: the blind bartender's game on ``solve``, ``analyze``, ``check`` and ``hint coins`` (Ehrenborg and
Skinner 1995).

Each move the player touches K of the N positions, feels those coins and flips any of them; then the Devil turns
the table.  A strategy is written in the touch notation (``rules.touch``: ``02:HH 01:HH>x.,HH``).

``solve``, ``analyze`` -> ``{"touch", "winnable", "solvable", "rounds", "method", "theorem", "largest_prime",
                            "threshold", "beliefs", "reason"}``
``check``   -> ``{"correct", "length", "shortest", "counterexample": null | {"start", "rotations", "final", "tables",
               "felt", "flipped"}, "won_by", "touch", "canonical"}`` (exit 0 / 1)
``hint``    -> ``{"belief", "distance", "best_moves", "hints", "touch"}``

Documented in docs/coins.md; keys may be added to, never renamed or removed.
"""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import JSON
from tutor.puzzles.base import Report
from tutor.puzzles.coins.engine.touch import solve as search
from tutor.puzzles.coins.engine.touch import theorem_winnable
from tutor.puzzles.coins.limits import TOUCH_POSITIONS
from tutor.puzzles.coins.rules import CoinGame, Goal, Symmetry
from tutor.puzzles.options import Option
from tutor.screen.text import plural

TOUCH = Option("touch", int, None, "the blind bartender's game: each move touch K positions, feel those coins and "
               "flip any of them, then the Devil turns the table (two faces, turns only)", minimum=1, maximum=1_000_000,
               metavar="K")


def largest_prime(n: int) -> int:
    """The largest prime factor of n >= 2 (trial division).

    >>> largest_prime(12), largest_prime(7)
    (3, 7)
    """
    p, d = 1, 2
    while n > 1:
        if d * d > n:
            return n
        if n % d == 0:
            p, n = d, n // d
        else:
            d += 1
    return p


def playable(game: CoinGame, k: int) -> None:
    """Refuse, in one line, what the touch game is not: more faces, reflections, more touched than there are."""
    if game.sides != 2 or game.symmetry is not Symmetry.ROTATION:
        raise InvalidParams("--touch is the two-faced game with turns only: leave --sides and --symmetry out")
    if k > game.coins:
        raise InvalidParams(f"--touch {k}: the table has only {plural(game.coins, 'position')}")


def report(game: CoinGame, k: int) -> Report:
    """The decision: by Ehrenborg and Skinner's theorem (goal all alike) and, up to touch_positions, by search."""
    n = game.coins
    playable(game, k)
    same = game.goal is Goal.SAME
    if not same:
        TOUCH_POSITIONS.check(n, f"--touch with the goal all heads is decided by search only, and {n} positions")
    p = largest_prime(n) if n > 1 else None
    threshold = None if p is None else -((1 - p) * n // p)  # ceil((1 - 1/p) n)
    predicted = theorem_winnable(n, k) if same else None
    data: JSON = {"touch": k, "winnable": predicted, "solvable": predicted, "rounds": None, "method": "theorem",
                  "theorem": predicted, "largest_prime": p, "threshold": threshold, "beliefs": None, "reason": ""}
    lines = [f"{plural(n, 'position')}, touch {k} a move, goal {game.goal_text}"]
    if same:
        lines.append(f"Ehrenborg and Skinner: a sure win exists exactly when K >= (1 - 1/p) N, p = {p} the largest "
                     f"prime factor of N, that is K >= {threshold}: " + ("yes" if predicted else "no"))
    if n <= TOUCH_POSITIONS.value:
        outcome = search(n, k, game.goal.value)
        if same and outcome.winnable != predicted:
            raise AssertionError(f"the touch search and the theorem disagree on N = {n}, K = {k}")
        data.update(winnable=outcome.winnable, solvable=outcome.winnable, rounds=outcome.rounds, method="search",
                    beliefs=outcome.beliefs)
        lines.append(f"exhaustive belief search ({plural(outcome.beliefs, 'belief')}): "
                     + (f"a sure win in {plural(outcome.rounds or 0, 'move')} at most" if outcome.winnable else
                        "no sure win: the Devil can keep the game going forever"))
    data["reason"] = lines[-1]
    return Report(data, "\n".join(lines))

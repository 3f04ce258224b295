"""More wrong counts of the tables up to turning (``classes``), each from N and K alone: the groups of N turned
copies with the tables of one face forgotten, every table not of one face taken to have N turned copies, and the
power with N and K swapped.

A later idea gives no answer where the answer or an earlier idea gives the same number (``later_class_ideas``
takes the earlier ones): the learner's number could not say which idea they hold.
"""

from __future__ import annotations

from tutor.puzzles.answers import Misconception
from tutor.puzzles.coins.rules import CoinGame, Symmetry
from tutor.puzzles.coins.teach.quantities.counts import (
    Count,
    Later,
    every_table,
    face,
    later_ideas,
    minus,
    up_to_turning,
)


def _groups(game: CoinGame) -> Count:
    """(K^N - K) / N: the tables not of one face, in groups of N turned copies (None where it is not whole, or the
    Devil may turn the table over)."""
    rest = minus(every_table(game), game.sides)
    if rest is None or game.symmetry is not Symmetry.ROTATION or rest % game.coins:
        return None
    return rest // game.coins


def _smallest_factor(n: int) -> int:
    return next(p for p in range(2, n + 1) if n % p == 0)


def _periodic(game: CoinGame) -> str:
    """A table not of one face with fewer than N turned copies: a block of p positions repeated, p the smallest
    prime factor of N ("HTHT" on four coins: two turned copies)."""
    p = _smallest_factor(game.coins)
    return (face(game, 1) + face(game, 0) * (p - 1)) * (game.coins // p)


def _says_one_face(game: CoinGame, w: int) -> str:
    return (f"{w:,} = ({game.sides}^{game.coins} - {game.sides}) / {game.coins} puts the tables that are not all one "
            f"face in groups of {game.coins} turned copies; but a table of one face, such as "
            f"{face(game, 0) * game.coins}, is a table too, alone in its group.")


def _says_full_groups(game: CoinGame, w: int) -> str:
    table = _periodic(game)
    copies = _smallest_factor(game.coins)
    return (f"{w:,} gives every table that is not all one face {game.coins} different turned copies; but some have "
            f"fewer: {table} has only {copies}, as turning it by {copies} positions gives it back.")


LATER: Later = (
    ("one_face_forgotten", _groups, _says_one_face),
    ("full_groups", lambda g: None if (n := _groups(g)) is None or g.coins < 4 else n + g.sides, _says_full_groups),
    ("power_swapped", lambda g: g.coins**g.sides if g.sides <= 64 else None,
     lambda g, w: f"{w:,} = {g.coins}^{g.sides} swaps the two numbers: each of the {g.coins} positions shows one of "
                  f"{g.sides} faces, so {g.sides} is the number multiplied by itself, once per position, before "
                  "turned copies count as one."),
)


def later_class_ideas(earlier: tuple[Misconception, ...]) -> tuple[Misconception, ...]:
    """``LATER`` as misconceptions (``counts.later_ideas``)."""
    return later_ideas(up_to_turning, LATER, earlier)

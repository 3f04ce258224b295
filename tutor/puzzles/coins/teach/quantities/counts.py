"""Counts of the coin table from N and K alone, for the numbers a learner holding a misconception answers.

Nothing here enumerates tables: the counts are powers and Burnside's lemma, so a misconception's value is
instant at any size; past ``DIGITS`` digits an idea gives no answer (None), as no learner types such a number.

    every_table(CoinGame(4))   # 16: K^N, turned copies counted apart
    up_to_turning(CoinGame(4))  # 6: HHHH, HHHT, HHTT, HTHT, HTTT, TTTT
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tutor.puzzles.answers import Misconception, Value
from tutor.puzzles.coins.rules import CoinGame, Goal, Symmetry
from tutor.puzzles.coins.theory.theorem import Power, necklace_count
from tutor.puzzles.options import NO_ARGS, Args

DIGITS = 4000  # a misconception gives a number only up to this many digits (Python's int limit is near)

SHOWN_COINS = 12  # a table of more coins is not written out as an example

Count = int | None  # a count, or None where an idea gives no answer: 16


def every_table(game: CoinGame, coins: int | None = None) -> Count:
    """K^N: every table of ``coins`` positions (default the game's), turned copies counted apart."""
    power = Power(game.sides, game.coins if coins is None else coins)
    return int(power) if power.digits() <= DIGITS else None


def up_to_turning(game: CoinGame, dihedral: bool | None = None) -> Count:
    """The tables up to the Devil's turns (Burnside); ``dihedral`` overrides whether mirror images are one."""
    mirror = game.symmetry is Symmetry.DIHEDRAL if dihedral is None else dihedral
    if Power(game.sides, game.coins).digits() > DIGITS:
        return None
    count = necklace_count(game.coins, game.sides, mirror)
    return count if isinstance(count, int) else None


def finished(game: CoinGame) -> int:
    """How many tables end the game before any move: all heads, or the K tables all alike."""
    return 1 if game.goal is Goal.HEADS else game.sides


def turns(game: CoinGame) -> int:
    """How many turns the Devil has: N rotations, and N reflections if he may turn the table over."""
    return game.coins * (2 if game.symmetry is Symmetry.DIHEDRAL else 1)


def minus(count: Count, taken: int) -> Count:
    """``count - taken``, None staying None."""
    return None if count is None else count - taken


def idea(name: str, right: Callable[[CoinGame], Count], value: Callable[[CoinGame], Count],
         says: Callable[[CoinGame, int], str]) -> Misconception:
    """A misconception whose value is a count of the game: it gives no answer where the count is unknown,
    not a whole number, or the right value (a learner holding it would be right there)."""

    def given(game: Any, args: Args) -> Value | None:
        mine = value(game)
        return None if mine is None or mine < 0 or mine == right(game) else mine

    def named(game: Any, args: Args, wrong: Value) -> str:
        return says(game, int(wrong))

    return Misconception(name, given, named)


Later = tuple[tuple[str, Callable[[CoinGame], Count], Callable[[CoinGame, int], str]], ...]  # name, value, says


def later_ideas(right: Callable[[CoinGame], Count], later: Later, earlier: tuple[Misconception, ...]) -> tuple[
        Misconception, ...]:
    """The ``later`` ideas as misconceptions, each giving no answer where the answer, an ``earlier`` idea or a
    later idea before it gives its number (so each number is told by the first idea that gives it)."""

    def fresh(i: int) -> Callable[[CoinGame], Count]:
        def value(game: CoinGame) -> Count:
            seen = [m.value(game, NO_ARGS) for m in earlier] + [f(game) for _, f, _ in later[:i]]
            mine = later[i][1](game)
            return None if mine in seen else mine
        return value

    return tuple(idea(name, right, fresh(i), says) for i, (name, _, says) in enumerate(later))


def face(game: CoinGame, digit: int) -> str:
    """How a table writes a face: H and T for coins, the digit otherwise."""
    return "HT"[digit] if game.sides == 2 else str(digit)


def finished_names(game: CoinGame) -> list[str]:
    """The tables where the game is over before it starts, by name: ["HHHH"], or ["HHHH", "TTTT"] for all alike."""
    return [face(game, d) * game.coins for d in range(finished(game))] if game.coins <= 64 else []


def turned_pair(game: CoinGame) -> tuple[str, str] | None:
    """Two different tables one turn makes equal, one coin away from all heads ("THHH", "HTHH"); None for one coin
    or a table too long to read at a glance."""
    if game.coins < 2 or game.coins > SHOWN_COINS:
        return None
    rest = face(game, 0) * (game.coins - 2)
    one = face(game, 1)
    return one + face(game, 0) + rest, face(game, 0) + one + rest

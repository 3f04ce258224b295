"""Where a failed coin strategy goes wrong: the first move after which its remaining moves can no longer finish
every table still possible, found by the belief-state search; and, on a doubling table, its half moves read as a
strategy of the half table.

The further moves a sure win needs from a belief drop by at most one per move, so once the moves left are fewer
than a belief needs they stay too few: the first such move is found by bisection, with a handful of searches.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from tutor.errors import SearchLimit
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Goal, Move, Symmetry, format_move
from tutor.screen.text import plural

WHOLE_MOVES = 4_096  # strategies up to this long are searched for the move that goes wrong
SHOWN = 8  # arrangements named from the belief there


@dataclass(frozen=True)
class WrongMove:
    """The move (counted from 1) after which the moves left are too few, the belief after it (bit set), and the
    moves a sure win needs from there (None: no sure win exists from there)."""

    at: int
    belief: int
    need: int | None


def needs(game: CoinGame, bits: int) -> int | None:
    """Further moves a sure win needs from a belief (None: none exists); ``SearchLimit`` past the search."""
    outcome = engine.search_from(game.model, bits)
    return None if outcome.strategy is None else len(outcome.strategy)


def find_wrong_move(game: CoinGame, strategy: list[Move]) -> WrongMove | None:
    """Where a failing strategy goes wrong, or None (a table too large to search, a strategy too short from the
    start, one that cannot be won at all, or one that wins)."""
    m = game.model
    if not engine.searchable(m) or len(strategy) > WHOLE_MOVES:
        return None
    beliefs = [m.start_belief()]
    for move in strategy:
        beliefs.append(m.step(beliefs[-1], move))
    bits = [engine.to_bits(b) for b in beliefs]

    def too_few(i: int) -> bool:
        need = needs(game, bits[i])
        return need is None or need > len(strategy) - i

    try:
        if too_few(0) or not too_few(len(strategy)):
            return None  # too short or unwinnable from the start (the length note or the trap says why), or it wins
        low, high = 0, len(strategy)  # too_few(low) is false, too_few(high) is true: the strategy fails
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (low, mid) if too_few(mid) else (mid, high)
        return WrongMove(high, bits[high], needs(game, bits[high]))
    except SearchLimit:
        return None


def _could(game: CoinGame, wrong: WrongMove, left: int, moves: str = "move") -> str:
    """What the belief after the wrong move could be, and why the moves left cannot finish it."""
    names = game.model.names_in(wrong.belief)
    shown = ", ".join(names[:SHOWN]) + (" ..." if len(names) > SHOWN else "")
    finish = "no strategy can win from there" if wrong.need is None else \
        f"a sure win from there needs {plural(wrong.need, 'more move')}, and {plural(left, moves)} remain"
    could = f"can only be {shown}" if len(names) == 1 else \
        f"could be any of {plural(len(names), 'arrangement')} ({shown})"
    return f"{could}, and {finish}"


def first_wrong_move(game: CoinGame, strategy: list[Move]) -> str:
    """The move after which the rest of a failing strategy cannot win any more, with the belief there, or ""."""
    wrong = find_wrong_move(game, strategy)
    if wrong is None:
        return ""
    move = format_move(strategy[wrong.at - 1], game.sides)
    return (f"Your strategy goes wrong at move {wrong.at} ({move}): before it, the moves left were still enough for "
            f"a sure win, but after it the table {_could(game, wrong, len(strategy) - wrong.at)}.")


def half_moves_note(game: CoinGame, strategy: list[Move]) -> str:
    """On a doubling table (coins, all heads, turns only, N a power of two, at least 8): the half moves (those that
    do not do the same to both halves) read as moves of the half table on the pattern of disagreeing pairs, which
    they must win as a game of its own: too few or too many of them, or where they go wrong; "" when they win."""
    n = game.coins
    if (game.sides != 2 or game.goal is not Goal.HEADS or game.symmetry is not Symmetry.ROTATION or n < 8
            or n & (n - 1) or len(strategy) > WHOLE_MOVES):
        return ""
    half = n // 2
    pairs = [tuple(a ^ b for a, b in zip(move[:half], move[half:], strict=True)) for move in strategy]
    halves = [move for move in pairs if any(move)]  # the change each move makes to which pairs disagree
    if not halves:
        return ("Your strategy makes no half moves: every move does the same to both halves, so which pairs disagree "
                "never changes, and a table whose halves differ never shows all heads.")
    if len(halves) != 2**half - 1:
        return (f"Your strategy makes {plural(len(halves), 'half move')} (moves that do not do the same to both "
                f"halves); the doubling pattern has one for each move of the {half}-coin strategy.")
    small = replace(game, coins=half)
    if engine.verify(small.model, halves).wins:
        return ""
    said = (f"Your half moves, read as {half}-coin moves on the pattern of disagreeing pairs, are no sure win of the "
            f"{half}-coin game")
    wrong = find_wrong_move(small, halves)
    if wrong is None:
        return f"{said}."
    move = format_move(halves[wrong.at - 1], 2)
    return (f"{said}: they go wrong at half move {wrong.at} ({move}), after which the pattern "
            f"{_could(small, wrong, len(halves) - wrong.at, 'half move')}.")

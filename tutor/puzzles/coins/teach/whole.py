"""Where a failed coin strategy goes wrong: the first move after which its remaining moves can no longer finish
every table still possible, found by the belief-state search.

The further moves a sure win needs from a belief drop by at most one per move, so once the moves left are fewer
than a belief needs they stay too few: the first such move is found by bisection, with a handful of searches.
"""

from __future__ import annotations

from tutor.errors import SearchLimit
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Move, format_move
from tutor.text import plural

WHOLE_MOVES = 4_096  # strategies up to this long are searched for the move that goes wrong
SHOWN = 8  # arrangements named from the belief there


def needs(game: CoinGame, bits: int) -> int | None:
    """Further moves a sure win needs from a belief (None: none exists); ``SearchLimit`` past the search."""
    outcome = engine.search_from(game.model, bits)
    return None if outcome.strategy is None else len(outcome.strategy)


def first_wrong_move(game: CoinGame, strategy: list[Move]) -> str:
    """The move after which the rest of a failing strategy cannot win any more, with the belief there, or "" (a
    table too large to search, a strategy too short from the start, or one that cannot be won at all)."""
    m = game.model
    if not engine.searchable(m) or len(strategy) > WHOLE_MOVES:
        return ""
    beliefs = [m.start_belief()]
    for move in strategy:
        beliefs.append(m.step(beliefs[-1], move))
    bits = [engine.to_bits(b) for b in beliefs]

    def too_few(i: int) -> bool:
        need = needs(game, bits[i])
        return need is None or need > len(strategy) - i

    try:
        if too_few(0) or not too_few(len(strategy)):
            return ""  # too short or unwinnable from the start (the length note or the trap says why), or it wins
        low, high = 0, len(strategy)  # too_few(low) is false, too_few(high) is true: the strategy fails
        while high - low > 1:
            mid = (low + high) // 2
            low, high = (low, mid) if too_few(mid) else (mid, high)
        need = needs(game, bits[high])
    except SearchLimit:
        return ""
    names = m.names_in(bits[high])
    shown = ", ".join(names[:SHOWN]) + (" ..." if len(names) > SHOWN else "")
    left = len(strategy) - high
    finish = "no strategy can win from there" if need is None else \
        f"a sure win from there needs {plural(need, 'more move')}, and {plural(left, 'move')} remain"
    could = f"can only be {shown}" if len(names) == 1 else \
        f"could be any of {plural(len(names), 'arrangement')} ({shown})"
    return (f"Your strategy goes wrong at move {high} ({format_move(strategy[high - 1], m.k)}): before it, the "
            f"moves left were still enough for a sure win, but after it the table {could}, and {finish}.")

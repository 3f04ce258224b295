"""The totals with no losing split: however the pennies are split, the first player wins."""

from __future__ import annotations

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import winning_totals
from tutor.puzzles.wythoff.rules import WythoffGame
from tutor.puzzles.wythoff.teach.quantities.lists import explain_losing_totals
from tutor.puzzles.wythoff.teach.questions import TOTALS, splits, total_range
from tutor.puzzles.wythoff.teach.reasons import count_reason, totals_reason
from tutor.text import plural

QUANTITIES = Quantities()


def _winning_totals(game: WythoffGame, args: Args) -> list[int]:
    return winning_totals(*total_range(args), splits(game, args))


def explain_winning_totals(game: WythoffGame, args: Args, value: Value) -> str:
    """The totals without a losing split."""
    low, high = total_range(args)
    return (f"Of the totals {low} to {high}, the ones with a losing split are not safe. "
            f"{explain_losing_totals(game, args, value)} The others are safe: {value or 'none'}.")


def refute_winning_totals(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """Each wrong or missing total, named with its reason."""
    return totals_reason(game.rules, str(wrong), splits(game, args), total_range(args), safe=True)


@QUANTITIES.register("winning_totals",
                     "the totals in [min_total, max_total] with no losing split (the first player wins)",
                     args=TOTALS, explain=explain_winning_totals, refute=refute_winning_totals)
def winning_totals_quantity(game: WythoffGame, args: Args) -> str:
    """``20, 22, 23``."""
    return ", ".join(map(str, _winning_totals(game, args)))


def explain_winning_total_count(game: WythoffGame, args: Args, value: Value) -> str:
    """The safe totals, with the unsafe ones' splits."""
    return explain_winning_totals(game, args, winning_totals_quantity(game, args))


def refute_winning_total_count(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """More safe totals than ``wrong`` named, or each unsafe total with its losing split."""
    low, high = total_range(args)
    unsafe = ", ".join(f"{sum(p)} = {p[0]} + {p[1]}" for p in splits(game, args))
    return count_reason(int(wrong), [str(t) for t in _winning_totals(game, args)], "safe total",
                        f"of the {plural(high - low + 1, 'total')} from {low} to {high}, these split into a losing "
                        f"position and are not safe: {unsafe}.")


@QUANTITIES.register("winning_total_count", "how many totals in [min_total, max_total] have no losing split",
                     args=TOTALS, explain=explain_winning_total_count, refute=refute_winning_total_count)
def winning_total_count(game: WythoffGame, args: Args) -> int:
    """How many safe totals."""
    return len(_winning_totals(game, args))

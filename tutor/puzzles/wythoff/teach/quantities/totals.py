"""The totals with no losing split: however the pennies are split, the first player wins."""

from __future__ import annotations

from tutor.puzzles.answers import Misconception, Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import winning_totals
from tutor.puzzles.wythoff.rules import WythoffGame
from tutor.puzzles.wythoff.teach.quantities.lists import explain_losing_totals
from tutor.puzzles.wythoff.teach.questions import TOTALS, splits, total_range
from tutor.puzzles.wythoff.teach.reasons import totals_reason
from tutor.screen.text import plural

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
    """What ``wrong`` safe totals would mean for the unsafe ones, without naming either."""
    low, high = total_range(args)
    n, span = int(wrong), high - low + 1
    if n < 0:
        return "A count cannot be negative."
    if n > span:
        return f"There are only {plural(span, 'total')} from {low} to {high}, both ends included."
    return (f"A total is safe when none of its splits is a losing position. {plural(n, 'safe total')} would leave "
            f"{span - n} of the {span} totals from {low} to {high} with a losing split: compare that with the "
            f"losing positions holding {low} to {high} pennies, one total each.")


# -- misconceptions: the unsafe totals counted, every total counted, the range counted one short ---------------


def unsafe_counted(game: WythoffGame, args: Args) -> int:
    """The totals that do have a losing split: the opposite count."""
    return len({sum(p) for p in splits(game, args)})


def says_unsafe_counted(game: WythoffGame, args: Args, given: Value) -> str:
    """Unsafe for safe."""
    return (f"{given} counts the totals that CAN be split into a losing position: those are the totals where your "
            "friend traps you. The question asks for the totals where no split is a trap.")


def every_total(game: WythoffGame, args: Args) -> int | None:
    """Every total of the range, the unsafe ones kept (the idea applies only when some total is unsafe)."""
    low, high = total_range(args)
    return high - low + 1 if splits(game, args) else None


def says_every_total(game: WythoffGame, args: Args, given: Value) -> str:
    """All for safe."""
    low, high = total_range(args)
    return (f"{given} counts every total from {low} to {high}. A total is safe only when none of its splits is a "
            "losing position, and some of these totals have one.")


def range_one_short(game: WythoffGame, args: Args) -> int | None:
    """The safe totals with the range counted as high - low totals: one end left out."""
    low, high = total_range(args)
    short = high - low - unsafe_counted(game, args)
    return short if short >= 0 else None


def says_range_one_short(game: WythoffGame, args: Args, given: Value) -> str:
    """A fence-post slip."""
    low, high = total_range(args)
    return (f"{given} takes the totals from {low} to {high} to be {high} - {low} = {plural(high - low, 'total')}: "
            f"both ends count, so there are {high - low + 1} of them before you take the unsafe ones away.")


TOTAL_MISTAKES = (
    Misconception("unsafe_counted", unsafe_counted, says_unsafe_counted),
    Misconception("every_total", every_total, says_every_total),
    Misconception("range_one_short", range_one_short, says_range_one_short),
)


@QUANTITIES.register("winning_total_count", "how many totals in [min_total, max_total] have no losing split",
                     args=TOTALS, explain=explain_winning_total_count, refute=refute_winning_total_count,
                     misconceptions=TOTAL_MISTAKES)
def winning_total_count(game: WythoffGame, args: Args) -> int:
    """How many safe totals."""
    return len(_winning_totals(game, args))

"""Lists of losing positions: the first ones, and those whose totals lie in a range (the seed's riddle)."""

from __future__ import annotations

from tutor.errors import TutorError
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import losing_index, p_positions
from tutor.puzzles.wythoff.rules import WythoffGame, format_pairs, parse_pairs
from tutor.puzzles.wythoff.teach.questions import COUNT, TOTALS, splits, total_range, totals_text
from tutor.puzzles.wythoff.teach.reasons import pair_text, pairs_reason, total_rule, total_scope_of, totals_reason

QUANTITIES = Quantities()


def explain_losing_splits(game: WythoffGame, args: Args, value: Value) -> str:
    """The losing positions in order, with their totals."""
    pairs = splits(game, args)
    low, high = total_range(args)
    if not pairs:
        return f"No losing position holds {low} to {high} pennies."
    shown = ", ".join(f"{pair_text(p)} ({sum(p)})" for p in pairs)
    return (f"Listing the losing positions in order (each new pile size with a new difference), those holding "
            f"{low} to {high} pennies are {shown}.")


def refute_losing_splits(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """Each wrong or missing pair, named with its reason."""
    return pairs_reason(game.rules, str(wrong), splits(game, args), total_scope_of(str(wrong), total_range(args)))


@QUANTITIES.register("losing_splits", "the losing positions with total in [min_total, max_total], as text",
                     args=TOTALS, explain=explain_losing_splits, refute=refute_losing_splits)
def losing_splits_quantity(game: WythoffGame, args: Args) -> str:
    """``(8, 13), (9, 15), (11, 18)``."""
    return format_pairs(splits(game, args))


def explain_losing_split_count(game: WythoffGame, args: Args, value: Value) -> str:
    """The splits counted."""
    return explain_losing_splits(game, args, value)


def refute_losing_split_count(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """How the losing positions in a range of totals are found, without counting them for the learner."""
    if int(wrong) < 0:
        return "A count cannot be negative."
    low, high = total_range(args)
    return (f"Count again: {total_rule(game.rules)}, one total for each k, and the totals grow with k. So the "
            f"losing positions holding {low} to {high} pennies are consecutive numbers k: find the first and the "
            "last.")


@QUANTITIES.register("losing_split_count", "how many losing positions have a total in [min_total, max_total]",
                     args=TOTALS, explain=explain_losing_split_count, refute=refute_losing_split_count)
def losing_split_count(game: WythoffGame, args: Args) -> int:
    """How many losing splits."""
    return len(splits(game, args))


def explain_losing_totals(game: WythoffGame, args: Args, value: Value) -> str:
    """The totals with the losing split of each."""
    pairs = splits(game, args)
    if not pairs:
        return explain_losing_splits(game, args, value)
    return "Each of these totals splits into a losing position: " + ", ".join(
        f"{sum(p)} = {p[0]} + {p[1]}" for p in pairs) + "."


def refute_losing_totals(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """Each wrong or missing total, named with its reason."""
    return totals_reason(game.rules, str(wrong), splits(game, args), total_range(args), safe=False)


@QUANTITIES.register("losing_totals", "the totals in [min_total, max_total] with a losing split, as text",
                     args=TOTALS, explain=explain_losing_totals, refute=refute_losing_totals)
def losing_totals(game: WythoffGame, args: Args) -> str:
    """``21, 24, 29``."""
    return totals_text(splits(game, args))


def explain_p_positions(game: WythoffGame, args: Args, value: Value) -> str:
    """How the list is built."""
    a = game.rules.a
    step = "k" if a == 1 else f"{a}k"
    return (f"Losing position number k takes the smallest pile size not used before, and its piles differ by "
            f"{step}" + (" + 1" if game.rules.misere and a > 1 else "") + f": {value}.")


def refute_p_positions(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """Each wrong or missing pair, named with its reason."""
    count = args["count"]
    truth = p_positions(game.rules, count)
    try:
        given = parse_pairs(str(wrong))
    except TutorError as error:
        return str(error)
    scope = {p: f"it comes after the first {count}" for p in given
             if losing_index(game.rules, p) is not None}
    return pairs_reason(game.rules, str(wrong), truth, scope)


@QUANTITIES.register("p_positions", "the first count losing positions, as text", args=(COUNT,),
                     explain=explain_p_positions, refute=refute_p_positions)
def p_positions_quantity(game: WythoffGame, args: Args) -> str:
    """From (0, 0) on."""
    return format_pairs(p_positions(game.rules, args["count"]))

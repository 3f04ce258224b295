"""The k-th losing position: the formula that gives it, and the pair a wrong number really belongs to."""

from __future__ import annotations

from tutor.errors import TutorError
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import losing_index, p_index, p_position, winning_moves
from tutor.puzzles.wythoff.rules import Position, Rules, WythoffGame, describe_move, format_position, parse_position
from tutor.puzzles.wythoff.teach.decision import after
from tutor.puzzles.wythoff.teach.questions import INDEX
from tutor.puzzles.wythoff.teach.reasons import pair_text
from tutor.puzzles.wythoff.theory import alpha_text

QUANTITIES = Quantities()


def kth_explanation(rules: Rules, k: int) -> str:
    """``A_5 = floor(5 phi) = 8 and B_5 = A_5 + 5 = 13``: the formula of the variant, evaluated exactly."""
    lo, hi = p_position(rules, k)
    if rules.misere and (rules.a == 1 and k < 2):
        return f"In misère play the first two losing positions are special: number {k} is {pair_text((lo, hi))}."
    name = "phi" if rules.a == 1 else alpha_text(rules.a)
    step = "k" if rules.a == 1 else f"{rules.a}k"
    if rules.misere and rules.a > 1:
        return (f"In misère play A_k is the smallest pile size not used before and B_k = A_k + {step} + 1: "
                f"A_{k} = {lo} and B_{k} = {hi}.")
    return (f"A_k = floor(k {name}) (exact, in whole numbers) and B_k = A_k + {step}: A_{k} = {lo} and "
            f"B_{k} = {hi}.")


def pile_owner(rules: Rules, n: int) -> str:
    """``13 is the larger pile of losing position number 5`` (every size lies in one pair)."""
    j = p_index(rules, n)
    lo, hi = p_position(rules, j)
    role = "both piles" if lo == hi == n else "the smaller pile" if lo == n else "the larger pile"
    return f"{n} is {role} of losing position number {j}"


def kth_pile_reason(rules: Rules, k: int, wrong: int, larger: bool) -> str:
    """Why ``wrong`` is not A_k (``larger``: B_k), without naming A_k or B_k."""
    name = "B" if larger else "A"
    if wrong < 0:
        return "Pile sizes are 0 or more."
    owner = pile_owner(rules, wrong)
    if p_index(rules, wrong) == k:  # the other pile of the same pair
        return f"{owner}: you want its {'larger' if larger else 'smaller'} pile, {name}_{k}."
    j = p_index(rules, wrong)
    tail = f"; each pile size is in exactly one pair, and number {k} comes {'later' if k > j else 'earlier'}."
    if wrong == k and not larger:
        return f"That is k itself; {owner}{tail}"
    return owner + tail


def kth_pair_reason(rules: Rules, k: int, pair: Position) -> str:
    """Why ``pair`` is not losing position number k, without giving the k-th away."""
    pair = (min(pair), max(pair))
    j = losing_index(rules, pair)
    if j is not None:
        return (f"{pair_text(pair)} is a losing position, but it is number {j}: number {k} comes "
                f"{'later' if k > j else 'earlier'}.")
    wins = winning_moves(rules, pair)
    if rules.misere and pair == (0, 0):
        return "(0, 0) wins in misère play: your opponent has just taken the last penny."
    f, s = wins[0]
    x, y = sorted(after(pair, (f, s)))
    return (f"{pair_text(pair)} is not a losing position at all: from it you can {describe_move((f, s))} and "
            f"reach the losing ({x}, {y}).")


def explain_kth(game: WythoffGame, args: Args, value: Value) -> str:
    """The formula, evaluated (the pair, its smaller pile and its larger pile alike)."""
    return kth_explanation(game.rules, args["index"])


def refute_kth_position(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """Where the pair really stands."""
    try:
        pair = parse_position(str(wrong))
    except TutorError as error:
        return str(error)
    return kth_pair_reason(game.rules, args["index"], pair)


@QUANTITIES.register("kth_position", "the index-th losing position 'A,B'", args=(INDEX,),
                     explain=explain_kth, refute=refute_kth_position)
def kth_position(game: WythoffGame, args: Args) -> str:
    """Exact for any index."""
    return format_position(p_position(game.rules, args["index"]))


def refute_kth_first(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The pair ``wrong`` belongs to."""
    return kth_pile_reason(game.rules, args["index"], int(wrong), larger=False)


@QUANTITIES.register("kth_first", "A_index, the smaller pile of the index-th losing position", args=(INDEX,),
                     explain=explain_kth, refute=refute_kth_first)
def kth_first(game: WythoffGame, args: Args) -> int:
    """A_index."""
    return p_position(game.rules, args["index"])[0]


def refute_kth_second(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The pair ``wrong`` belongs to."""
    return kth_pile_reason(game.rules, args["index"], int(wrong), larger=True)


@QUANTITIES.register("kth_second", "B_index, the larger pile of the index-th losing position", args=(INDEX,),
                     explain=explain_kth, refute=refute_kth_second)
def kth_second(game: WythoffGame, args: Args) -> int:
    """B_index."""
    return p_position(game.rules, args["index"])[1]

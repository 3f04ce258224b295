"""The k-th losing position: the formula that gives it, and the pair a wrong number really belongs to."""

from __future__ import annotations

from functools import partial
from math import isqrt

from tutor.errors import TutorError
from tutor.puzzles.answers import Misconception, Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import losing_index, p_index, p_position, winning_moves
from tutor.puzzles.wythoff.rules import Position, Rules, WythoffGame, format_position, parse_position
from tutor.puzzles.wythoff.teach.questions import INDEX
from tutor.puzzles.wythoff.teach.reasons import pair_text
from tutor.puzzles.wythoff.teach.verdicts import not_losing
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
    return not_losing(rules, pair, wins, p_position(rules, k))


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


# -- misconceptions: rounding the wrong way, the other pile, counting the pairs from 1 -------------------------


def _name(rules: Rules) -> str:
    """The limit as the lesson names it: phi, or its exact form."""
    return "phi" if rules.a == 1 else alpha_text(rules.a)


def _step(rules: Rules, k: int) -> str:
    """The difference of pair number ``k``, as a number: ``37``, or ``74 (2 x 37)`` when it is a multiple of k."""
    return f"{k}" if rules.a == 1 else f"{rules.a * k} ({rules.a} x {k})"


def rounded_up(pile: int, game: WythoffGame, args: Args) -> int | None:
    """The pile with k alpha rounded up, not down (normal play, k >= 1: k alpha is never whole)."""
    k = args["index"]
    return None if game.misere or k < 1 else p_position(game.rules, k)[pile] + 1


def says_first_rounded_up(game: WythoffGame, args: Args, given: Value) -> str:
    """Ceiling for floor."""
    k, name = args["index"], _name(game.rules)
    return (f"{given} rounds {k} {name} up (the ceiling). A_k rounds it down (the floor): keep the whole part and "
            "drop the decimals.")


def says_second_rounded_up(game: WythoffGame, args: Args, given: Value) -> str:
    """Ceiling (or nearest) for floor."""
    k, name = args["index"], _name(game.rules)
    return (f"{given} rounds up. A_{k} is {k} times {name} rounded DOWN, and B_{k} adds {_step(game.rules, k)} to it "
            "exactly: nothing in the formula rounds up or to the nearest.")


def other_pile(pile: int, game: WythoffGame, args: Args) -> int | None:
    """The other pile of the same pair (A_k asked, B_k given, or the reverse); None for a pair of equal piles."""
    pair = p_position(game.rules, args["index"])
    return None if pair[0] == pair[1] else pair[1 - pile]


def says_larger_pile(game: WythoffGame, args: Args, given: Value) -> str:
    """B for A."""
    k = args["index"]
    return (f"{given} is B_{k}, the larger pile of losing position number {k}. The question asks for the smaller "
            "pile, A_k.")


def says_smaller_pile(game: WythoffGame, args: Args, given: Value) -> str:
    """A for B."""
    k = args["index"]
    return (f"{given} is A_{k}, the smaller pile of losing position number {k}. The question asks for its partner, "
            "the larger pile.")


def counted_from_one(pile: int, game: WythoffGame, args: Args) -> int | None:
    """The pile of pair number k - 1: pairs counted from 1, with (0, 0) as the first."""
    k = args["index"]
    return p_position(game.rules, k - 1)[pile] if k >= 1 else None


def says_counted_from_one(game: WythoffGame, args: Args, given: Value) -> str:
    """Numbered from 1 for from 0."""
    k = args["index"]
    first = pair_text(p_position(game.rules, 0))
    return (f"{given} belongs to pair number {k - 1}: counting {first} as pair 1 makes it the pair you call {k}. The "
            f"pairs are numbered from 0 ({first} is number 0), so number {k} comes one pair later.")


def index_itself(game: WythoffGame, args: Args) -> int | None:
    """k itself, the number of the pair (None for number 0, where the pile is 0 too in normal play)."""
    k = int(args["index"])
    return k if k != p_position(game.rules, k)[0] else None


def says_index_itself(game: WythoffGame, args: Args, given: Value) -> str:
    """The pair's number for its pile."""
    name = _name(game.rules)
    return (f"{given} is k itself, the number of the pair. A_{given} is {given} times {name} rounded down, and "
            f"{name} is more than 1.")


def one_decimal(game: WythoffGame, args: Args) -> int | None:
    """k times alpha cut to one decimal (1.6 for phi), rounded down: it fits the first pairs only."""
    tenths = p_position(Rules(game.a), 10)[0]  # floor(10 alpha)
    if game.misere or tenths == 10 or args["index"] == 0:
        return None  # an alpha under 1.1 cuts to 1.0, which is k itself; pair number 0 is (0, 0) by every rule
    return int(args["index"]) * tenths // 10


def says_one_decimal(game: WythoffGame, args: Args, given: Value) -> str:
    """A short decimal for the exact number."""
    tenths = p_position(Rules(game.a), 10)[0]
    name = _name(game.rules)
    k = args["index"]
    return (f"{given} is {k} times {tenths // 10}.{tenths % 10}, {name} cut to one decimal, rounded down. A short "
            f"decimal fits the first pairs and then falls behind: use {name} itself.")


def times_phi(game: WythoffGame, args: Args) -> int | None:
    """floor(A_k phi), exactly: the ratio B_k / A_k taken for phi (a = 1, normal play)."""
    if game.a != 1 or game.misere:
        return None
    first = p_position(game.rules, args["index"])[0]
    return (first + isqrt(5 * first * first)) // 2


def says_times_phi(game: WythoffGame, args: Args, given: Value) -> str:
    """B = A phi for B = A + k."""
    k = args["index"]
    return (f"{given} is A_{k} times phi, rounded down: B_k / A_k only tends to phi, it is not equal to it. The "
            f"pair's piles differ by exactly {k}.")


def _apart(value: int | None, game: WythoffGame, args: Args) -> int | None:
    """``value``, or None where the right A_k or another idea's value is the same number (the learner's answer
    could not say which idea they hold)."""
    if value is None or value == p_position(game.rules, args["index"])[0]:
        return None
    others = (rounded_up(0, game, args), other_pile(0, game, args), counted_from_one(0, game, args),
              index_itself(game, args), one_decimal(game, args))
    return None if value in others else value


def two_decimals(game: WythoffGame, args: Args) -> int | None:
    """k times alpha cut to two decimals (1.61 for phi), rounded down: closer than one decimal, still behind."""
    k = int(args["index"])
    if game.misere or k == 0:
        return None
    return _apart(k * p_position(Rules(game.a), 100)[0] // 100, game, args)


def says_two_decimals(game: WythoffGame, args: Args, given: Value) -> str:
    """Two decimals, cut."""
    hundredths = p_position(Rules(game.a), 100)[0]
    name = _name(game.rules)
    return (f"{given} is {args['index']} times {hundredths // 100}.{hundredths % 100:02}, {name} cut to two "
            f"decimals, rounded down. The decimals cut off still add up over {args['index']} copies: use {name} "
            "itself, exactly.")


def rounded_decimals(game: WythoffGame, args: Args) -> int | None:
    """k times alpha rounded (not cut) to two decimals, 1.62 for phi, where that rounds up: it runs ahead."""
    k = int(args["index"])
    thousandths = p_position(Rules(game.a), 1000)[0]
    hundredths = (thousandths + 5) // 10
    if game.misere or k == 0 or hundredths * 10 <= thousandths:
        return None
    return _apart(k * hundredths // 100, game, args)


def says_rounded_decimals(game: WythoffGame, args: Args, given: Value) -> str:
    """Two decimals, rounded up."""
    hundredths = (p_position(Rules(game.a), 1000)[0] + 5) // 10
    name = _name(game.rules)
    return (f"{given} is {args['index']} times {hundredths // 100}.{hundredths % 100:02}, {name} rounded to two "
            f"decimals. {hundredths // 100}.{hundredths % 100:02} is a little more than {name}, and over "
            f"{args['index']} copies the difference reaches a whole pile: use {name} itself, exactly.")


def inverse(game: WythoffGame, args: Args) -> int | None:
    """k times 1/phi = 0.618..., rounded down (phi's inverse taken for phi; a = 1, normal play): floor(k phi) - k,
    since 1/phi = phi - 1."""
    k = int(args["index"])
    if game.a != 1 or game.misere or k == 0:
        return None
    return _apart(p_position(game.rules, k)[0] - k, game, args)


def says_inverse(game: WythoffGame, args: Args, given: Value) -> str:
    """0.618 for 1.618."""
    return (f"{given} is {args['index']} times 0.618..., which is 1/phi. The golden ratio phi itself is 1.618...: "
            "each losing pair's smaller pile is more than its number, not less.")


def not_halved(game: WythoffGame, args: Args) -> int | None:
    """k (1 + sqrt 5) rounded down: phi = (1 + sqrt 5) / 2 with the halving forgotten (a = 1, normal play)."""
    k = int(args["index"])
    if game.a != 1 or game.misere or k == 0:
        return None
    return _apart(k + isqrt(5 * k * k), game, args)  # sqrt(5 k^2) is never whole for k >= 1


def says_not_halved(game: WythoffGame, args: Args, given: Value) -> str:
    """(1 + sqrt 5) for (1 + sqrt 5) / 2."""
    return (f"{given} is {args['index']} times (1 + sqrt 5), rounded down: phi is (1 + sqrt 5) / 2, about 1.618, "
            "so the halving is missing.")


def pair_total(game: WythoffGame, args: Args) -> int | None:
    """A_k + B_k, the pennies of the whole pair, for its smaller pile."""
    lo, hi = p_position(game.rules, args["index"])
    return _apart(lo + hi, game, args) if hi else None


def says_pair_total(game: WythoffGame, args: Args, given: Value) -> str:
    """The total for one pile."""
    return (f"{given} adds up both piles of losing position number {args['index']}, the pennies on the table; the "
            "question asks for one pile, the smaller.")


FIRST_MISTAKES = (
    Misconception("rounded_up", partial(rounded_up, 0), says_first_rounded_up),
    Misconception("larger_pile", partial(other_pile, 0), says_larger_pile),
    Misconception("counted_from_one", partial(counted_from_one, 0), says_counted_from_one),
    Misconception("index_itself", index_itself, says_index_itself),
    Misconception("one_decimal", one_decimal, says_one_decimal),
    Misconception("two_decimals", two_decimals, says_two_decimals),
    Misconception("rounded_decimals", rounded_decimals, says_rounded_decimals),
    Misconception("inverse", inverse, says_inverse),
    Misconception("not_halved", not_halved, says_not_halved),
    Misconception("pair_total", pair_total, says_pair_total),
)
SECOND_MISTAKES = (
    Misconception("rounded_up", partial(rounded_up, 1), says_second_rounded_up),
    Misconception("smaller_pile", partial(other_pile, 1), says_smaller_pile),
    Misconception("counted_from_one", partial(counted_from_one, 1), says_counted_from_one),
    Misconception("times_phi", times_phi, says_times_phi),
)


def refute_kth_first(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The pair ``wrong`` belongs to."""
    return kth_pile_reason(game.rules, args["index"], int(wrong), larger=False)


@QUANTITIES.register("kth_first", "A_index, the smaller pile of the index-th losing position", args=(INDEX,),
                     explain=explain_kth, refute=refute_kth_first, misconceptions=FIRST_MISTAKES)
def kth_first(game: WythoffGame, args: Args) -> int:
    """A_index."""
    return p_position(game.rules, args["index"])[0]


def refute_kth_second(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The pair ``wrong`` belongs to."""
    return kth_pile_reason(game.rules, args["index"], int(wrong), larger=True)


@QUANTITIES.register("kth_second", "B_index, the larger pile of the index-th losing position", args=(INDEX,),
                     explain=explain_kth, refute=refute_kth_second, misconceptions=SECOND_MISTAKES)
def kth_second(game: WythoffGame, args: Args) -> int:
    """B_index."""
    return p_position(game.rules, args["index"])[1]

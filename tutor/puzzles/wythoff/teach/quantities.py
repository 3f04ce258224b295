"""Wythoff's lesson quantities: values a lesson computes and shows, one registered function each.

A quantity takes the game and the question arguments it declares (``index``,
``count``, ``min_total``/``max_total``); those about the position need one.
"""

from __future__ import annotations

from functools import partial

from tutor.errors import TutorError
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import (
    losing_index,
    p_position,
    p_positions,
    sum_winning_moves,
    winning_totals,
)
from tutor.puzzles.wythoff.rules import (
    SumMove,
    WythoffGame,
    describe_move,
    format_pairs,
    format_position,
    format_sum_move,
    move_count,
    parse_pairs,
    parse_position,
)
from tutor.puzzles.wythoff.teach import (
    COUNT,
    INDEX,
    TOTALS,
    board_remoteness,
    grundy,
    outcome,
    splits,
    total_range,
    totals_text,
)
from tutor.puzzles.wythoff.teach.decision import decide
from tutor.puzzles.wythoff.teach.reasons import (
    alpha_explanation,
    alpha_reason,
    best_move_reason,
    count_reason,
    grundy_explanation,
    grundy_reason,
    kth_explanation,
    kth_pair_reason,
    kth_pile_reason,
    move_kinds,
    outcome_explanation,
    outcome_reason,
    pair_text,
    pairs_reason,
    remoteness_explanation,
    remoteness_reason,
    total_scope_of,
    totals_reason,
)
from tutor.puzzles.wythoff.theory import PROOF_KEYS, alpha_decimal, alpha_text, proof_text
from tutor.text import plural

QUANTITIES = Quantities()


# -- the position ----------------------------------------------------------------------------


@QUANTITIES.register("outcome", "'win' or 'lose' for the player to move at the position")
def outcome_quantity(game: WythoffGame, args: Args) -> str:
    """From the closed formula on one board, the nim-sum on several."""
    return outcome(game)


@QUANTITIES.register("remoteness", "moves left from the position with best play")
def remoteness_quantity(game: WythoffGame, args: Args) -> int:
    """One board only."""
    return board_remoteness(game)


@QUANTITIES.register("winning_move_count", "how many winning moves the position has")
def winning_move_count(game: WythoffGame, args: Args) -> int:
    """Moves to a losing position (to nim-sum 0 on several boards)."""
    return len(sum_winning_moves(game.rules, game.boards))


@QUANTITIES.register("best_move", "the fastest winning move 'F,S' ('' if none)")
def best_move(game: WythoffGame, args: Args) -> str:
    """The first of the winning moves, fastest win first."""
    wins = sum_winning_moves(game.rules, game.boards)
    return format_sum_move(wins[0], game.boards) if wins else ""


@QUANTITIES.register("move_count", "how many legal moves the position has")
def move_count_quantity(game: WythoffGame, args: Args) -> int:
    """Counted by formula, over every board."""
    return sum(move_count(game.rules, b) for b in game.boards)


# -- the k-th losing position -------------------------------------------------------------------


@QUANTITIES.register("kth_position", "the index-th losing position 'A,B'", args=(INDEX,))
def kth_position(game: WythoffGame, args: Args) -> str:
    """Exact for any index."""
    return format_position(p_position(game.rules, args["index"]))


@QUANTITIES.register("kth_first", "A_index, the smaller pile of the index-th losing position", args=(INDEX,))
def kth_first(game: WythoffGame, args: Args) -> int:
    """A_index."""
    return p_position(game.rules, args["index"])[0]


@QUANTITIES.register("kth_second", "B_index, the larger pile of the index-th losing position", args=(INDEX,))
def kth_second(game: WythoffGame, args: Args) -> int:
    """B_index."""
    return p_position(game.rules, args["index"])[1]


# -- the seed's question: totals of pennies -----------------------------------------------------------


@QUANTITIES.register("losing_splits", "the losing positions with total in [min_total, max_total], as text",
                     args=TOTALS)
def losing_splits_quantity(game: WythoffGame, args: Args) -> str:
    """``(8, 13), (9, 15), (11, 18)``."""
    return format_pairs(splits(game, args))


@QUANTITIES.register("losing_split_count", "how many losing positions have a total in [min_total, max_total]",
                     args=TOTALS)
def losing_split_count(game: WythoffGame, args: Args) -> int:
    """How many losing splits."""
    return len(splits(game, args))


@QUANTITIES.register("losing_totals", "the totals in [min_total, max_total] with a losing split, as text",
                     args=TOTALS)
def losing_totals(game: WythoffGame, args: Args) -> str:
    """``21, 24, 29``."""
    return totals_text(splits(game, args))


@QUANTITIES.register("p_positions", "the first count losing positions, as text", args=(COUNT,))
def p_positions_quantity(game: WythoffGame, args: Args) -> str:
    """From (0, 0) on."""
    return format_pairs(p_positions(game.rules, args["count"]))


@QUANTITIES.register("grundy", "the Grundy value (nim-sum) of the position")
def grundy_quantity(game: WythoffGame, args: Args) -> int:
    """Normal play only."""
    return grundy(game)


def _winning_totals(game: WythoffGame, args: Args) -> list[int]:
    return winning_totals(*total_range(args), splits(game, args))


@QUANTITIES.register("winning_totals",
                     "the totals in [min_total, max_total] with no losing split (the first player wins)",
                     args=TOTALS)
def winning_totals_quantity(game: WythoffGame, args: Args) -> str:
    """``20, 22, 23``."""
    return ", ".join(map(str, _winning_totals(game, args)))


@QUANTITIES.register("winning_total_count", "how many totals in [min_total, max_total] have no losing split",
                     args=TOTALS)
def winning_total_count(game: WythoffGame, args: Args) -> int:
    """How many safe totals."""
    return len(_winning_totals(game, args))


# -- the theory ----------------------------------------------------------------------------------------


@QUANTITIES.register("alpha", "the limit of A_k / k, exactly: '(1 + sqrt(5))/2' for a = 1")
def alpha(game: WythoffGame, args: Args) -> str:
    """Simplified by hand, checked against sympy in the tests."""
    return alpha_text(game.a)


@QUANTITIES.register("alpha_decimal", "the limit of A_k / k to ten decimals")
def alpha_decimal_quantity(game: WythoffGame, args: Args) -> str:
    """Truncated, from whole numbers."""
    return alpha_decimal(game.a)


def _proof_step(key: str, game: WythoffGame, args: Args) -> str:
    return proof_text(game.rules, key)


for _key in PROOF_KEYS:
    QUANTITIES.register(f"proof_{_key}", f"the analysis step {_key!r} as text (sympy-checked)")(
        partial(_proof_step, _key))


@QUANTITIES.register("proof", "the whole step-by-step analysis as text")
def proof(game: WythoffGame, args: Args) -> str:
    """Every step, numbered."""
    return proof_text(game.rules, "all")


# -- explanations and refutations: every quantity says why, from the engine ------------------------------


@QUANTITIES.explains("outcome")
def explain_outcome(game: WythoffGame, args: Args, value: Value) -> str:
    """The winning move, or a reply to every move."""
    return outcome_explanation(game.rules, game.boards)


@QUANTITIES.refutes("outcome")
def refute_outcome(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The certificate, phrased as the learner's claim meeting it."""
    return outcome_reason(game.rules, game.boards, str(wrong))


@QUANTITIES.explains("remoteness")
def explain_remoteness(game: WythoffGame, args: Args, value: Value) -> str:
    """The best-play line."""
    return remoteness_explanation(decide(game.rules, game.boards[0]))


@QUANTITIES.refutes("remoteness")
def refute_remoteness(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The line goes on past ``wrong`` moves, or ends before."""
    return remoteness_reason(decide(game.rules, game.boards[0]), int(wrong))


def _winning_moves_text(game: WythoffGame, moves: list[SumMove]) -> str:
    return "; ".join(f"{format_sum_move(m, game.boards)} ({describe_move(m[1])})" for m in moves)


@QUANTITIES.explains("winning_move_count")
def explain_winning_move_count(game: WythoffGame, args: Args, value: Value) -> str:
    """The winning moves, each named."""
    wins = sum_winning_moves(game.rules, game.boards)
    if not wins:
        return f"No move wins: {outcome_explanation(game.rules, game.boards)}"
    return f"The moves that leave a losing position: {_winning_moves_text(game, wins)}."


@QUANTITIES.refutes("winning_move_count")
def refute_winning_move_count(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """More than ``wrong`` winning moves named, or the winning moves listed (so an extra one is seen)."""
    n = int(wrong)
    wins = sum_winning_moves(game.rules, game.boards)
    if n < 0:
        return "A count cannot be negative."
    if n < len(wins):
        return (f"There are more than {n}: each of these {plural(n + 1, 'move')} leaves a losing position: "
                f"{_winning_moves_text(game, wins[:n + 1])}.")
    return explain_winning_move_count(game, args, value) + " Every other move leaves a winning position."


@QUANTITIES.explains("best_move")
def explain_best_move(game: WythoffGame, args: Args, value: Value) -> str:
    """The fastest winning move and the line after it."""
    if not value:
        return f"There is no winning move: {outcome_explanation(game.rules, game.boards)}"
    if len(game.boards) > 1:
        return outcome_explanation(game.rules, game.boards)
    return remoteness_explanation(decide(game.rules, game.boards[0]))


@QUANTITIES.refutes("best_move")
def refute_best_move(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The move judged: illegal, losing (the reply), or winning but slower."""
    return best_move_reason(game, str(wrong))


@QUANTITIES.explains("move_count")
def explain_move_count(game: WythoffGame, args: Args, value: Value) -> str:
    """The moves counted by kind, board by board."""
    return " ".join(move_kinds(game.rules, b) for b in game.boards)


@QUANTITIES.refutes("move_count")
def refute_move_count(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The moves by kind (a count is the objects counted)."""
    if int(wrong) < 0:
        return "A count cannot be negative."
    return f"Count by kind: {explain_move_count(game, args, value)}"


# the k-th pair


def explain_kth(game: WythoffGame, args: Args, value: Value) -> str:
    """The formula, evaluated (the pair, its smaller pile and its larger pile alike)."""
    return kth_explanation(game.rules, args["index"])


for _name in ("kth_position", "kth_first", "kth_second"):
    QUANTITIES.explains(_name)(explain_kth)


@QUANTITIES.refutes("kth_position")
def refute_kth_position(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """Where the pair really stands."""
    try:
        pair = parse_position(str(wrong))
    except TutorError as error:
        return str(error)
    return kth_pair_reason(game.rules, args["index"], pair)


@QUANTITIES.refutes("kth_first")
def refute_kth_first(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The pair ``wrong`` belongs to."""
    return kth_pile_reason(game.rules, args["index"], int(wrong), larger=False)


@QUANTITIES.refutes("kth_second")
def refute_kth_second(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The pair ``wrong`` belongs to."""
    return kth_pile_reason(game.rules, args["index"], int(wrong), larger=True)


# the lists and the totals


@QUANTITIES.explains("losing_splits")
def explain_losing_splits(game: WythoffGame, args: Args, value: Value) -> str:
    """The losing positions in order, with their totals."""
    pairs = splits(game, args)
    low, high = total_range(args)
    if not pairs:
        return f"No losing position holds {low} to {high} pennies."
    shown = ", ".join(f"{pair_text(p)} ({sum(p)})" for p in pairs)
    return (f"Listing the losing positions in order (each new pile size with a new difference), those holding "
            f"{low} to {high} pennies are {shown}.")


@QUANTITIES.refutes("losing_splits")
def refute_losing_splits(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """Each wrong or missing pair, named with its reason."""
    return pairs_reason(game.rules, str(wrong), splits(game, args), total_scope_of(str(wrong), total_range(args)))


@QUANTITIES.explains("losing_split_count")
def explain_losing_split_count(game: WythoffGame, args: Args, value: Value) -> str:
    """The splits counted."""
    return explain_losing_splits(game, args, value)


@QUANTITIES.refutes("losing_split_count")
def refute_losing_split_count(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """More than ``wrong`` named, or the splits listed."""
    return count_reason(int(wrong), [pair_text(p) for p in splits(game, args)], "losing position",
                         explain_losing_splits(game, args, value))


@QUANTITIES.explains("losing_totals")
def explain_losing_totals(game: WythoffGame, args: Args, value: Value) -> str:
    """The totals with the losing split of each."""
    pairs = splits(game, args)
    if not pairs:
        return explain_losing_splits(game, args, value)
    return "Each of these totals splits into a losing position: " + ", ".join(
        f"{sum(p)} = {p[0]} + {p[1]}" for p in pairs) + "."


@QUANTITIES.refutes("losing_totals")
def refute_losing_totals(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """Each wrong or missing total, named with its reason."""
    return totals_reason(game.rules, str(wrong), splits(game, args), total_range(args), safe=False)


@QUANTITIES.explains("p_positions")
def explain_p_positions(game: WythoffGame, args: Args, value: Value) -> str:
    """How the list is built."""
    a = game.rules.a
    step = "k" if a == 1 else f"{a}k"
    return (f"Losing position number k takes the smallest pile size not used before, and its piles differ by "
            f"{step}" + (" + 1" if game.rules.misere and a > 1 else "") + f": {value}.")


@QUANTITIES.refutes("p_positions")
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


@QUANTITIES.explains("grundy")
def explain_grundy(game: WythoffGame, args: Args, value: Value) -> str:
    """The mex of the options, or the XOR of the boards."""
    return grundy_explanation(game.rules, game.boards)


@QUANTITIES.refutes("grundy")
def refute_grundy(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """An option with that value, or the binary column that differs."""
    return grundy_reason(game.rules, game.boards, int(wrong))


@QUANTITIES.explains("winning_totals")
def explain_winning_totals(game: WythoffGame, args: Args, value: Value) -> str:
    """The totals without a losing split."""
    low, high = total_range(args)
    return (f"Of the totals {low} to {high}, the ones with a losing split are not safe. "
            f"{explain_losing_totals(game, args, value)} The others are safe: {value or 'none'}.")


@QUANTITIES.refutes("winning_totals")
def refute_winning_totals(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """Each wrong or missing total, named with its reason."""
    return totals_reason(game.rules, str(wrong), splits(game, args), total_range(args), safe=True)


@QUANTITIES.explains("winning_total_count")
def explain_winning_total_count(game: WythoffGame, args: Args, value: Value) -> str:
    """The safe totals, with the unsafe ones' splits."""
    return explain_winning_totals(game, args, winning_totals_quantity(game, args))


@QUANTITIES.refutes("winning_total_count")
def refute_winning_total_count(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """More safe totals than ``wrong`` named, or each unsafe total with its losing split."""
    low, high = total_range(args)
    unsafe = ", ".join(f"{sum(p)} = {p[0]} + {p[1]}" for p in splits(game, args))
    return count_reason(int(wrong), [str(t) for t in _winning_totals(game, args)], "safe total",
                        f"of the {plural(high - low + 1, 'total')} from {low} to {high}, these split into a losing "
                        f"position and are not safe: {unsafe}.")


# the theory


@QUANTITIES.explains("alpha")
def explain_alpha(game: WythoffGame, args: Args, value: Value) -> str:
    """The equation alpha solves."""
    return alpha_explanation(game.rules)


@QUANTITIES.refutes("alpha")
def refute_alpha(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The workbench's first k where floor(k * wrong) misses A_k."""
    return alpha_reason(game.rules, str(wrong))


@QUANTITIES.explains("alpha_decimal")
def explain_alpha_decimal(game: WythoffGame, args: Args, value: Value) -> str:
    """The exact number, computed to ten decimals with whole numbers."""
    return f"{alpha_explanation(game.rules)} In whole numbers, to ten decimals (cut, not rounded): {value}."


@QUANTITIES.refutes("alpha_decimal")
def refute_alpha_decimal(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The workbench's first k where floor(k * wrong) misses A_k."""
    return alpha_reason(game.rules, str(wrong))


def _explain_proof(game: WythoffGame, args: Args, value: Value) -> str:
    return f"The analysis of {game.rules.describe()}, step by step, each identity checked by sympy."


def _refute_proof(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    return f"That is not the text of this step; it reads: {value}"


for _name in [f"proof_{key}" for key in PROOF_KEYS] + ["proof"]:
    QUANTITIES.explains(_name)(_explain_proof)
    QUANTITIES.refutes(_name)(_refute_proof)

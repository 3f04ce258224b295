"""Wythoff's lesson quantities: values a lesson computes and shows, one registered function each.

A quantity takes the game and the question arguments it declares (``index``,
``count``, ``min_total``/``max_total``); those about the position need one.
"""

from __future__ import annotations

from functools import partial

from tutor.puzzles.answers import Quantities
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import p_position, p_positions, sum_winning_moves, winning_totals
from tutor.puzzles.wythoff.rules import WythoffGame, format_pairs, format_position, format_sum_move, move_count
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
from tutor.puzzles.wythoff.theory import PROOF_KEYS, alpha_decimal, alpha_text, proof_text

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

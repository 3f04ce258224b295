"""Teaching Wythoff's game: the question arguments, the values lessons ask about, and the hint ladders.

The engine knows every losing position; this layer turns that into what a
learner reads.  The role is split by size:

* here - the question arguments (declared once, used by quantities, answer
  kinds and commands), the values several of them share, and the hint ladders;
* ``teach.kinds`` - the answer kinds: parse, format, exact verdicts, reference answers;
* ``teach.quantities`` - the values a lesson may compute and show;
* ``teach.play`` - the game against the computer, move by move or as a whole line.
"""

from __future__ import annotations

from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles.options import Args, Option
from tutor.puzzles.wythoff.engine import (
    delaying_move,
    grundy_values,
    losing,
    losing_splits,
    nim_sum,
    p_position,
    p_positions,
    remoteness,
    sum_winning_moves,
    winning_moves,
)
from tutor.puzzles.wythoff.rules import (
    Boards,
    Position,
    Rules,
    WythoffGame,
    describe_move,
    finished,
    format_pairs,
    pile,
    show_positions,
)
from tutor.text import shorten

# -- question arguments ------------------------------------------------------------------

INDEX = Option("index", int, 0, "k for the k-th losing position (any size)", minimum=0, metavar="K")
COUNT = Option("count", int, 20, "how many losing positions to list, from (0, 0)", minimum=0,
               maximum=1_000_000, metavar="K")
MIN_TOTAL = Option("min_total", int, 0, "smallest total of pennies for the splits question", minimum=0,
                   metavar="N")
MAX_TOTAL = Option("max_total", int, 20, "largest total of pennies for the splits question", minimum=0,
                   maximum=100_000, metavar="N")
BOUND = Option("bound", int, 1000, "the workbench checks conjectures for k = 0..bound", minimum=1,
               maximum=100_000, metavar="M")
TOTALS = (MIN_TOTAL, MAX_TOTAL)


def numbers(text: str) -> list[int]:
    """The whole numbers of an answer, separated by spaces, commas or semicolons."""
    words = text.replace(",", " ").replace(";", " ").split()
    for word in words:
        if not (word.isascii() and word.isdecimal()):
            raise InvalidNotation(f"answer {shorten(text)}: {shorten(word, 20)} is not a whole number")
    return [pile(w, text) for w in words]


def total_range(args: Args) -> tuple[int, int]:
    """``(min_total, max_total)``; ``InvalidParams`` when the range is empty."""
    low, high = args["min_total"], args["max_total"]
    if low > high:
        raise InvalidParams(f"min_total {low!r} is larger than max_total {high!r}")
    return low, high


def splits(game: WythoffGame, args: Args) -> list[Position]:
    """The losing positions whose total lies in [min_total, max_total]."""
    return losing_splits(game.rules, *total_range(args))


def totals_text(pairs: list[Position]) -> str:
    """The totals of some pairs, ascending: ``"21, 24, 29"``."""
    return ", ".join(str(t) for t in sorted({x + y for x, y in pairs}))


# -- values of the position --------------------------------------------------------------


def outcome(game: WythoffGame) -> str:
    """``"win"`` or ``"lose"`` for the player to move at the position (or sum of boards)."""
    return "lose" if losing(game.rules, game.boards) else "win"


def grundy(game: WythoffGame) -> int:
    """The Grundy value of the position: the nim-sum of its boards (normal play only)."""
    boards = game.boards
    if game.misere:
        raise InvalidParams("Grundy values belong to normal play; drop --misere")
    return nim_sum(game.rules, boards)


def board_remoteness(game: WythoffGame) -> int:
    """Moves left from the (single) board with best play."""
    boards = game.boards
    if len(boards) > 1:
        raise InvalidParams("remoteness is computed for one board; give a single position A,B")
    return remoteness(game.rules, boards[0])


# -- hint ladders: a nudge, the concept, then the concrete answer ---------------------------


def position_hints(rules: Rules, boards: Boards) -> list[str]:
    """The hint ladder for the player to move: a nudge, the concept, then the concrete move."""
    if finished(boards):
        return ["The game is over: no pennies are left."]
    text = show_positions(boards)
    if len(boards) > 1:
        values = grundy_values(rules, boards)
        total = nim_sum(rules, boards)
        sum_wins = sum_winning_moves(rules, boards)
        ladder = [
            "Each board is a game of its own; what matters is one number per board, its Grundy value.",
            f"The Grundy values are {values}; their XOR (nim-sum) is {total}. "
            "A position loses exactly when the nim-sum is 0, so move to make it 0.",
        ]
        if sum_wins:
            number, choice = sum_wins[0]
            ladder.append(f"On board {number + 1}, {describe_move(choice)}: "
                          f"that board's value becomes {values[number] ^ total} and the nim-sum 0.")
        elif total:
            ladder.append("The move that wins is on a board too large for a Grundy table: find an option of it "
                          f"whose Grundy value is {total} (the small boards have none).")
        else:
            ladder.append("The nim-sum is already 0: every move loses against perfect play; take little and wait.")
        return ladder
    board = boards[0]
    wins = winning_moves(rules, board)
    ladder = [
        f"Can you reach a losing position from {text}? Losing positions are those where every move "
        "hands your opponent a win; (0, 0) is one of them" + (" in normal play." if not rules.misere else
                                                              "? No - in misère play (0, 1) is the first."),
        "List the losing positions from the smallest up: each pile size appears in exactly one losing pair, "
        f"and the piles of the k-th pair differ by {'k' if rules.a == 1 else f'{rules.a}k'}"
        + (" (plus one in misère play)." if rules.misere and rules.a > 1 else ".")
        + " Look along your row, your column and your diagonal.",
    ]
    if wins:
        f, s = wins[0]
        ladder.append(f"{describe_move((f, s)).capitalize()}: that leaves ({board[0] - f}, {board[1] - s}), "
                      "a losing position for your opponent.")
    else:
        move = delaying_move(rules, board)
        ladder.append(f"{text} is itself a losing position: every move loses against perfect play. "
                      f"Make the game last: {describe_move(move)}.")
    return ladder


def conjecture_hints(rules: Rules) -> list[str]:
    """The ladder towards floor(k*alpha)."""
    first = p_positions(rules, 8)
    return [
        "Look at the losing pairs " + format_pairs(first) + ": what is A_k / k for large k?",
        "A_k / k and B_k / k approach two numbers alpha < beta with 1/alpha + 1/beta = 1 "
        f"(every whole number is in exactly one pair) and beta - alpha = {rules.a}.",
        "Solve 1/x + 1/(x + " + str(rules.a) + ") = 1: for a = 1 that is x = (1 + sqrt(5))/2 = phi; "
        "try floor(k*(1 + sqrt(5))/2).",
    ]


def list_hints(pairs: list[Position]) -> list[str]:
    """The ladder for listing the losing positions ``pairs`` (the answer, last)."""
    return [
        "Start from (0, 0) and go up: a position loses when no move reaches a smaller losing position.",
        "Each pile size is used by exactly one losing pair, and the k-th pair's piles differ by k: "
        "take the smallest unused number and add k.",
        "The losing positions here are " + format_pairs(pairs) + ".",
    ]


def kth_hints(rules: Rules, k: int) -> list[str]:
    """The ladder for the k-th losing position (the answer, last)."""
    return ["Compute the first few losing pairs and look at how A_k grows with k.",
            "A_k = floor(k*phi) and B_k = A_k + k; use exact integers: (k + isqrt(5k^2)) // 2.",
            f"Pair number {k} is {p_position(rules, k)}."]

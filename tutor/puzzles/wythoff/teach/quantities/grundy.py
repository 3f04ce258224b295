"""The Grundy value of a position: the mex of its options on one board, the XOR of the boards on several."""

from __future__ import annotations

from collections.abc import Iterable
from functools import reduce
from operator import or_

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Misconception, Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import grundy_value, grundy_values, is_losing, tabled
from tutor.puzzles.wythoff.rules import Boards, Position, Rules, WythoffGame, legal_moves, move_count
from tutor.puzzles.wythoff.teach.decision import after
from tutor.puzzles.wythoff.teach.questions import grundy
from tutor.puzzles.wythoff.teach.reasons import pair_text
from tutor.screen.text import plural

QUANTITIES = Quantities()


def option_values(rules: Rules, pos: Position) -> dict[int, Position]:
    """For each Grundy value one move away, one position that has it."""
    seen: dict[int, Position] = {}
    for move in legal_moves(rules, pos):
        left = after(pos, move)
        value = grundy_value(rules, left)
        if value is not None and value not in seen:
            seen[value] = left
    return seen


def grundy_explanation(rules: Rules, boards: Boards) -> str:
    """The mex of the options' values (one board), or the XOR of the boards' values."""
    values = grundy_values(rules, boards)
    if len(boards) > 1:
        total = 0
        for v in values:
            total ^= v
        width = max(1, max(values).bit_length())
        binary = " XOR ".join(format(v, f"0{width}b") for v in values)
        return (f"The boards' values are {', '.join(map(str, values))}; XOR in binary: {binary} = "
                f"{format(total, f'0{width}b')}, which is {total}.")
    pos = boards[0]
    seen = sorted(option_values(rules, pos))
    return (f"The moves from {pair_text(pos)} reach the values {{{', '.join(map(str, seen))}}}; the smallest "
            f"whole number not among them (the mex) is {values[0]}.")


def grundy_reason(rules: Rules, boards: Boards, wrong: int) -> str:
    """Why ``wrong`` is not the Grundy value: an option that has it, or the binary column that differs."""
    if wrong < 0:
        return "Grundy values are whole numbers, 0 or more."
    values = grundy_values(rules, boards)
    if len(boards) > 1:
        total = 0
        for v in values:
            total ^= v
        bit = (total ^ wrong) & -(total ^ wrong)
        ones = sum(1 for v in values if v & bit)
        added = " (adding them is not the same as XOR)" if wrong == sum(values) else ""
        return (f"The boards' values are {', '.join(map(str, values))}{added}. In the {bit}s column of their binary "
                f"digits they have {plural(ones, 'one')}, an {'even' if ones % 2 == 0 else 'odd'} number, so the "
                f"XOR has a {ones % 2} there, but {wrong} in binary ({wrong:b}) has a {1 - ones % 2}.")
    pos = boards[0]
    options = option_values(rules, pos)
    if wrong in options:
        return (f"{pair_text(pos)} can move to {pair_text(options[wrong])}, of value {wrong}: the mex skips "
                "every value one move away.")
    # only a value above the mex is missing from the options: name a smaller missing one that is not the mex
    # (listing the options' values would spell the mex out)
    below = wrong - 1
    while below > values[0] and below in options:  # at most one step per option: a huge guess costs nothing
        below -= 1
    if below > values[0]:
        return (f"No move from {pair_text(pos)} reaches {wrong}, but none reaches {below} either, and {below} is "
                "smaller. The value is the SMALLEST whole number no move reaches.")
    return (f"No move from {pair_text(pos)} reaches {wrong}, but the moves reach fewer than {wrong} different "
            f"values below it, so a smaller number is missing too. The value is the SMALLEST whole number no move "
            "reaches.")


# -- misconceptions: on one board the mex of a wrong set, on several a wrong way to combine ----------------


def _one_board(game: WythoffGame) -> Position | None:
    """The board of a single-board game in normal play, else None (the ideas about one board do not apply)."""
    boards = game.boards
    return boards[0] if len(boards) == 1 and not game.misere and tabled(boards[0]) else None


def _board_values(game: WythoffGame) -> list[int] | None:
    """The boards' values of a sum in normal play, else None (the ideas about combining do not apply)."""
    boards = game.boards
    if len(boards) < 2 or game.misere:
        return None
    try:
        return grundy_values(game.rules, boards)
    except InvalidParams:  # a board out of the table's reach: no idea about combining gives a number here
        return None


def smallest_reached(game: WythoffGame, args: Args) -> int | None:
    """The smallest value one move away (the minimum, not the mex)."""
    pos = _one_board(game)
    reached = option_values(game.rules, pos) if pos is not None else {}
    return min(reached) if reached else None


def says_smallest_reached(game: WythoffGame, args: Args, given: Value) -> str:
    """Minimum for mex."""
    return (f"{given} is the smallest value one move from {pair_text(game.boards[0])} reaches. The Grundy value is "
            "the smallest whole number that NO move reaches (the mex): a value one move away is exactly what it "
            "skips.")


def win_bit(game: WythoffGame, args: Args) -> int | None:
    """1 for a winning board, 0 for a losing one: the outcome, not the value."""
    pos = _one_board(game)
    return None if pos is None else 0 if is_losing(game.rules, pos) else 1


def says_win_bit(game: WythoffGame, args: Args, given: Value) -> str:
    """Outcome for value."""
    return (f"{given} scores {pair_text(game.boards[0])} as a {'loss' if given == 0 else 'win'} (a loss as 0, a "
            "win as 1). A Grundy value says more than win or lose: it is the mex of the values one move away, "
            "and it can be larger than 1.")


def moves_counted(game: WythoffGame, args: Args) -> int | None:
    """How many moves the board has: a count of moves, not a mex of values."""
    pos = _one_board(game)
    return None if pos is None else move_count(game.rules, pos)


def says_moves_counted(game: WythoffGame, args: Args, given: Value) -> str:
    """Moves for values."""
    return (f"{given} counts the moves from {pair_text(game.boards[0])}. The Grundy value is not a count of "
            "moves: list the values the moves reach, and take the smallest whole number missing from that list.")


def added(game: WythoffGame, args: Args) -> int | None:
    """The boards' values added, not XORed."""
    values = _board_values(game)
    return None if values is None else sum(values)


def says_added(game: WythoffGame, args: Args, given: Value) -> str:
    """Sum for XOR."""
    values = _board_values(game) or []
    return (f"{given} adds the boards' values, {' + '.join(map(str, values))}. Separate boards combine by XOR: "
            "write the values in binary and add each column without carrying.")


def powered(game: WythoffGame, args: Args) -> int | None:
    """``2^3`` read as a power: two boards' values, the first raised to the second (kept small)."""
    values = _board_values(game)
    if values is None or len(values) != 2 or values[1] > 64:
        return None
    return int(values[0] ** values[1])


def says_powered(game: WythoffGame, args: Args, given: Value) -> str:
    """Power for XOR."""
    v, w = _board_values(game) or [0, 0]
    return (f"{given} is {v}^{w}, {v} to the power {w}: the tutor reads ^ as a power, as a calculator does. The "
            f"nim-sum is {v} XOR {w}, worked out on the binary digits; type its value as a plain number.")


def ored(game: WythoffGame, args: Args) -> int | None:
    """The boards' values ORed: a 1 wherever some value has one."""
    values = _board_values(game)
    return None if values is None else reduce(or_, values, 0)


def says_ored(game: WythoffGame, args: Args, given: Value) -> str:
    """OR for XOR."""
    return (f"{given} keeps a 1 in every binary column where some board's value has one (OR). XOR keeps a 1 only "
            "where an odd number of the values have one: two 1s in a column cancel.")


def mex_of_boards(game: WythoffGame, args: Args) -> int | None:
    """The mex of the boards' values, as if the boards were the options of one position."""
    values = _board_values(game)
    return None if values is None else mex(values)


def says_mex_of_boards(game: WythoffGame, args: Args, given: Value) -> str:
    """Mex for XOR."""
    values = _board_values(game) or []
    return (f"{given} is the mex of the boards' values {{{', '.join(map(str, values))}}}: the mex makes ONE board's "
            "value out of the values its moves reach. Boards played side by side combine by XOR.")


def mex(values: Iterable[int]) -> int:
    """The smallest whole number not among ``values``."""
    seen = set(values)
    return next(n for n in range(len(seen) + 1) if n not in seen)


GRUNDY_MISTAKES = (
    Misconception("smallest_reached", smallest_reached, says_smallest_reached),
    Misconception("win_is_one", win_bit, says_win_bit),
    Misconception("moves_counted", moves_counted, says_moves_counted),
    Misconception("added_not_xor", added, says_added),
    Misconception("power_not_xor", powered, says_powered),
    Misconception("or_not_xor", ored, says_ored),
    Misconception("mex_of_boards", mex_of_boards, says_mex_of_boards),
)


def explain_grundy(game: WythoffGame, args: Args, value: Value) -> str:
    """The mex of the options, or the XOR of the boards."""
    return grundy_explanation(game.rules, game.boards)


def refute_grundy(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """An option with that value, or the binary column that differs."""
    return grundy_reason(game.rules, game.boards, int(wrong))


@QUANTITIES.register("grundy", "the Grundy value (nim-sum) of the position",
                     explain=explain_grundy, refute=refute_grundy, misconceptions=GRUNDY_MISTAKES)
def grundy_quantity(game: WythoffGame, args: Args) -> int:
    """Normal play only."""
    return grundy(game)

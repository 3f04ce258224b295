"""The Grundy value of a position: the mex of its options on one board, the XOR of the boards on several."""

from __future__ import annotations

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import grundy_value, grundy_values
from tutor.puzzles.wythoff.rules import Boards, Position, Rules, WythoffGame, legal_moves
from tutor.puzzles.wythoff.teach.decision import after
from tutor.puzzles.wythoff.teach.questions import grundy
from tutor.puzzles.wythoff.teach.reasons import pair_text
from tutor.text import plural

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
        return (f"{pair_text(pos)} can move to {pair_text(options[wrong])}, whose value is {wrong}: the mex skips "
                "every value one move away.")
    near = ", ".join(map(str, sorted(options)))
    return (f"The value is the SMALLEST whole number not one move away. The values one move from {pair_text(pos)} "
            f"are {{{near}}}: a number smaller than {wrong} is missing from them too.")


def explain_grundy(game: WythoffGame, args: Args, value: Value) -> str:
    """The mex of the options, or the XOR of the boards."""
    return grundy_explanation(game.rules, game.boards)


def refute_grundy(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """An option with that value, or the binary column that differs."""
    return grundy_reason(game.rules, game.boards, int(wrong))


@QUANTITIES.register("grundy", "the Grundy value (nim-sum) of the position",
                     explain=explain_grundy, refute=refute_grundy)
def grundy_quantity(game: WythoffGame, args: Args) -> int:
    """Normal play only."""
    return grundy(game)

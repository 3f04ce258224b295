"""Why a value is what it is, and why a wrong one is not: the reasons Wythoff's answers and quantities give.

Every reason is made from something the engine computed - the reply that
refutes a move, the best-play line of a game, the pair a pile size really
belongs to, the options of a position and their Grundy values, the first k
where a rounded number fails - never from a number typed in.  Refutations
avoid stating the right value where they can (the learner may try again).
"""

from __future__ import annotations

from typing import Any

from tutor.errors import TutorError
from tutor.puzzles.wythoff.engine import (
    grundy_value,
    grundy_values,
    losing,
    losing_index,
    p_index,
    p_position,
    sum_winning_moves,
    winning_moves,
)
from tutor.puzzles.wythoff.rules import (
    Boards,
    Move,
    Position,
    Rules,
    SumMove,
    WythoffGame,
    apply_sum_move,
    describe_move,
    format_move,
    format_sum_move,
    legal_moves,
    parse_pairs,
    parse_sum_move,
    show_positions,
)
from tutor.puzzles.wythoff.rules.formula import parse_conjecture
from tutor.puzzles.wythoff.teach import numbers
from tutor.puzzles.wythoff.teach.decision import Decision, after, decide
from tutor.puzzles.wythoff.theory import alpha_text
from tutor.puzzles.wythoff.theory.conjecture import check_conjecture
from tutor.text import plural

SHOWN_REPLIES = 6  # a losing position's moves each answered, shown up to this many


def pair_text(pos: Position) -> str:
    """``(8, 13)``."""
    return f"({pos[0]}, {pos[1]})"


# -- outcome: the certificate (a move that wins, or a reply to every move) ------------------------


def reply_text(rules: Rules, pos: Position, move: Move) -> str:
    """``1,0 leaves (0, 2), answered by 0,2`` - a move from a losing position and the reply that wins."""
    left = after(pos, move)
    if rules.misere and left == (0, 0):
        return f"{format_move(move)} takes the last penny, and in misère play that loses"
    wins = winning_moves(rules, left)
    reply = format_move(wins[0]) if wins else "a winning move"
    return f"{format_move(move)} leaves {pair_text(left)}, answered by {reply}"


def replies(rules: Rules, pos: Position) -> str:
    """Every move from the losing ``pos`` with its winning reply (the first few, then how many more)."""
    moves = list(legal_moves(rules, pos))
    shown = "; ".join(reply_text(rules, pos, m) for m in moves[:SHOWN_REPLIES])
    more = len(moves) - SHOWN_REPLIES
    return shown + (f"; and each of the other {plural(more, 'move')} has a winning reply too" if more > 0 else "")


def outcome_reason(rules: Rules, boards: Boards, wrong: str) -> str:
    """Why ``wrong`` ('win' or 'lose') is not the outcome, from the certificate, without stating the outcome."""
    where = show_positions(boards)
    if len(boards) > 1:
        values = grundy_values(rules, boards)
        total = 0
        for v in values:
            total ^= v
        return (f"Add the boards with Grundy values: they are {', '.join(map(str, values))}, and their XOR "
                f"(nim-sum) is {total}. The player to move loses exactly when the nim-sum is 0.")
    pos = boards[0]
    if wrong == "win":
        if rules.misere and pos == (0, 0):
            return "At (0, 0) there is no move left to make: the game is already over."
        return (f"A win needs a move after which your opponent has no good answer, but every move from {where} "
                f"has one: {replies(rules, pos)}.")
    if rules.misere and pos == (0, 0):
        return "At (0, 0) your opponent has just taken the last penny, and in misère play that loses."
    wins = winning_moves(rules, pos)
    kinds = sorted({"takes from both piles" if f and s else "takes from one pile" for f, s in wins})
    return (f"A loss would need every move from {where} to hand your opponent a win, but "
            f"{plural(len(wins), 'move')} from {where} leave{'s' if len(wins) == 1 else ''} a position where every "
            f"move of your opponent can be answered (one {kinds[0]}). Look along the row, the column and the "
            "diagonal.")


def outcome_explanation(rules: Rules, boards: Boards) -> str:
    """Why the outcome is what it is: the winning move, or a reply to every move."""
    if len(boards) > 1:
        values = grundy_values(rules, boards)
        total = 0
        for v in values:
            total ^= v
        sum_wins = sum_winning_moves(rules, boards)
        text = f"The boards' Grundy values are {', '.join(map(str, values))}; their nim-sum is {total}"
        if total == 0:
            return text + ", so every move leaves a nonzero nim-sum: the player to move loses."
        move = f" ({describe_move(sum_wins[0][1])} on board {sum_wins[0][0] + 1})" if sum_wins else ""
        return text + f", so a move to nim-sum 0 exists{move}: the player to move wins."
    return decision_explanation(decide(rules, boards[0]))


def decision_explanation(decision: Decision) -> str:
    """Why one board wins or loses, from its decision: the winning move, or a reply to every move."""
    pos = decision.position
    if decision.won_already:
        return "At (0, 0) the opponent has just taken the last penny and lost: the player to move has won."
    if decision.wins:
        return (f"{pair_text(pos)} wins for the player to move: {describe_move(decision.wins[0])} leaves "
                f"{pair_text(after(pos, decision.wins[0]))}, a losing position.")
    return f"{pair_text(pos)} loses for the player to move: {replies(decision.rules, pos)}."


# -- remoteness: the best-play line ----------------------------------------------------------------


def line_text(pos: Position, line: tuple[tuple[Move, Position], ...], length: int) -> str:
    """``(8, 13), 0,1 to (8, 12), ...``: the moves of a best-play line written out (``...`` when it goes on)."""
    parts = [pair_text(pos)] + [f"{format_move(move)} to {pair_text(left)}" for move, left in line]
    return ", ".join(parts) + (", ..." if length > len(line) else "")


def remoteness_explanation(decision: Decision) -> str:
    """The best-play line, and who hurries and who delays."""
    pos, k = decision.position, decision.index
    if decision.won_already:
        return "(0, 0): your opponent took the last penny and lost - the game is over, 0 moves are left."
    who = (f"{pair_text(pos)} is losing position number {k}: the loser delays as long as possible, the winner "
           "answers each move by returning to a losing position" if k is not None else
           f"{pair_text(pos)} wins: the winner hurries to the losing position with the smallest number, then "
           "the loser delays")
    return (f"{who}. Best play: {line_text(pos, decision.line, decision.length)} - "
            f"{plural(decision.length, 'move')} in all.")


def remoteness_reason(decision: Decision, wrong: int) -> str:
    """Why a game of ``wrong`` moves is not best play: the line that goes on past it, or ends before it."""
    pos, length = decision.position, decision.length
    if wrong < 0:
        return "A game cannot last a negative number of moves."
    if wrong < length:
        if wrong > len(decision.line):
            return (f"The side that is losing can keep the game going past move {wrong}: best play starts "
                    f"{line_text(pos, decision.line, length)} and goes on from one losing pair to the previous one.")
        line = decision.line[:wrong]
        reached = line[-1][1] if line else pos
        return (f"After {plural(wrong, 'move')} of best play the game is not over: the line "
                f"{line_text(pos, line, 0)} still leaves {pair_text(reached)} on the table, and the side "
                "that is losing keeps delaying.")
    return (f"Best play does not last {plural(wrong, 'move')}: the winning side does not waste time. "
            f"Follow the line {line_text(pos, decision.line, length)}: the game is over before move {wrong}.")


# -- the k-th pair: where a number really belongs -------------------------------------------------


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


# -- Grundy values: the options, and the first binary digit that differs ----------------------------


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


# -- lists: each wrong or missing entry named, with its reason ----------------------------------------


def extra_pair_reason(rules: Rules, pair: Position, scope: str, inside: bool) -> str:
    """Why ``pair`` does not belong in the list: not losing (the move that escapes), or outside ``scope``."""
    if losing_index(rules, pair) is None:
        if rules.misere and pair == (0, 0):
            return "(0, 0) is not losing in misère play: your opponent has just taken the last penny and lost"
        move = winning_moves(rules, pair)[0]
        return (f"{pair_text(pair)} is not losing: {describe_move(move)} reaches the losing "
                f"{pair_text(tuple(sorted(after(pair, move))))}")  # type: ignore[arg-type]
    k = losing_index(rules, pair)
    if inside:
        return f"{pair_text(pair)} is listed twice"
    return f"{pair_text(pair)} is losing (number {k}), but {scope}"


def missing_pair_reason(rules: Rules, pair: Position) -> str:
    """Why a losing pair belongs: its number, its new difference, and that it holds no used pile size."""
    k = losing_index(rules, pair)
    return (f"{pair_text(pair)} is missing: it is losing position number {k} - its piles differ by "
            f"{pair[1] - pair[0]}, a difference no smaller losing position has, and neither of its pile sizes is "
            "used by one, so no move reaches a losing position")


def list_reasons(rules: Rules, given: list[Position], truth: list[Position], scope: dict[Position, str]) -> list[str]:
    """One reason per wrong entry of ``given`` and per entry of ``truth`` it misses (``scope``: why a losing pair
    that is not in ``truth`` falls outside the question, by pair)."""
    lines = [extra_pair_reason(rules, p, scope.get(p, "it is outside the question"), False)
             for p in given if p not in truth]
    lines += [missing_pair_reason(rules, p) for p in truth if p not in given]
    return lines


def total_scope(pairs: list[Position], low: int, high: int) -> dict[Position, str]:
    """For each pair, why its total keeps it out of [low, high]."""
    return {p: f"it holds {plural(sum(p), 'penny', 'pennies')}, outside {low} to {high}" for p in pairs
            if not low <= sum(p) <= high}


def pairs_reason(rules: Rules, text: str, truth: list[Position], scope: dict[Position, str]) -> str:
    """A learner's list of pairs against ``truth``: every wrong and missing pair with its reason."""
    try:
        given = parse_pairs(text)
    except TutorError as error:
        return str(error)
    return "; ".join(list_reasons(rules, given, truth, scope)) + "."


def total_scope_of(text: str, totals: tuple[int, int]) -> dict[Position, str]:
    """``total_scope`` for the pairs written in ``text`` (nothing if it does not parse)."""
    try:
        return total_scope(parse_pairs(text), *totals)
    except TutorError:
        return {}


def totals_reason(rules: Rules, text: str, splits: list[Position], totals: tuple[int, int], safe: bool) -> str:
    """A learner's list of totals (``safe``: those without a losing split) with each wrong and missing one."""
    try:
        given = sorted(set(numbers(text)))
    except TutorError as error:
        return str(error)
    reasons = safe_total_reasons if safe else losing_total_reasons
    return "; ".join(reasons(rules, given, splits, *totals)) + "."


def losing_total_reasons(rules: Rules, given: list[int], splits: list[Position], low: int,
                         high: int) -> list[str]:
    """Each total wrongly given or missing as one with a losing split, named with its reason."""
    by_total = {x + y: (x, y) for x, y in splits}
    lines = []
    for t in given:
        if t in by_total:
            continue
        if not low <= t <= high:
            lines.append(f"{t} is outside {low} to {high}")
        else:
            lines.append(f"{t} has no losing split: the losing positions around it hold "
                         + _neighbours(rules, t) + " pennies")
    lines += [f"{t} is missing: it splits as {pair_text(p)}, a losing position" for t, p in sorted(by_total.items())
              if t not in given]
    return lines


def safe_total_reasons(rules: Rules, given: list[int], splits: list[Position], low: int, high: int) -> list[str]:
    """Each total wrongly given or missing as safe (no losing split), named with its reason."""
    by_total = {x + y: (x, y) for x, y in splits}
    lines = []
    for t in given:
        if t in by_total:
            lines.append(f"{t} is not safe: it splits as {pair_text(by_total[t])}, a losing position")
        elif not low <= t <= high:
            lines.append(f"{t} is outside {low} to {high}")
    lines += [f"{t} is missing: no split of it is losing (the losing positions around it hold "
              f"{_neighbours(rules, t)} pennies)" for t in range(low, high + 1) if t not in by_total and t not in given]
    return lines


def _neighbours(rules: Rules, total: int) -> str:
    """The totals of the losing pairs just below and just above ``total``: ``"16 and 21"``."""
    k = 0
    while sum(p_position(rules, k + 1)) <= total:
        k += 1
    below, above = sum(p_position(rules, k)), sum(p_position(rules, k + 1))
    return f"{below} and {above}"


def move_kinds(rules: Rules, board: Position) -> str:
    """``(3, 4): 3 from the first pile alone, 4 from the second alone, 3 from both.``"""
    moves = list(legal_moves(rules, board))
    first = sum(1 for f, s in moves if s == 0)
    second = sum(1 for f, s in moves if f == 0)
    both = len(moves) - first - second
    return (f"{pair_text(board)}: {first} from the first pile alone, {second} from the second alone, "
            f"{both} from both.")


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


# -- alpha: the equation it solves, and where a wrong number first fails --------------------------------

ALPHA_BOUND = 100_000  # the workbench looks this far for the first k where floor(k * c) fails


def alpha_explanation(rules: Rules) -> str:
    """``A_k / k -> alpha``: the two facts that pin it down, and the equation."""
    a = rules.a
    name = "phi" if a == 1 else "alpha"
    return (f"A_k / k tends to a number {name}, and B_k / k to {name} + {a} (because B_k = A_k + "
            f"{'k' if a == 1 else f'{a}k'}). Every whole number is an A or a B, so the A's take a share 1/{name} "
            f"of all numbers and the B's 1/({name} + {a}): 1/{name} + 1/({name} + {a}) = 1, whose positive "
            f"root is {alpha_text(a)}.")


def alpha_reason(rules: Rules, wrong: str) -> str:
    """The first k where floor(k * wrong) misses A_k, from the workbench (without naming alpha)."""
    try:
        conjecture = parse_conjecture(f"floor(k*({wrong}))")
    except TutorError:
        return f"{wrong!r} is not a number the workbench can read."
    result = check_conjecture(rules, conjecture, ALPHA_BOUND)
    if result.counterexample is None:
        return (f"floor(k*({wrong})) matches A_k for k = 0 to {ALPHA_BOUND}, but it is not the exact limit: "
                "only an exact number works for every k.")
    counter: dict[str, Any] = result.counterexample
    k, got, (lo, hi) = counter["k"], counter["got"], counter["expected"]
    side = "too small" if _below(got, lo) else "too large"
    return (f"If A_k / k approached {wrong}, A_k would be floor(k*({wrong})), but at k = {k} that gives {got} "
            f"while losing position number {k} is ({lo}, {hi}): {wrong} is {side}.")


def _below(got: object, truth: int) -> bool:
    try:
        return float(str(got)) < truth
    except ValueError:
        return False


# -- counts: more than the learner's number named, or the objects listed -----------------------------


def count_reason(n: int, items: list[str], what: str, explanation: str) -> str:
    """``n`` is too small: n + 1 of the counted objects named; too large: every object listed."""
    if n < 0:
        return "A count cannot be negative."
    if n < len(items):
        return f"There are more than {n}; each of these is a {what}: {', '.join(items[:n + 1])}."
    return f"Not that many: {explanation}"


def best_move_reason(game: WythoffGame, wrong: str) -> str:
    """A move that is not the fastest win: illegal, losing (the reply), or winning but slower."""
    try:
        move: SumMove = parse_sum_move(wrong, game.boards)
        left = apply_sum_move(game.rules, game.boards, move)
    except TutorError as error:
        return str(error)
    text = format_sum_move(move, game.boards)
    if not losing(game.rules, left):
        reply = sum_winning_moves(game.rules, left)
        answer = f", answered by {format_sum_move(reply[0], left)}" if reply else ""
        return f"{text} leaves {show_positions(left)}, a winning position{answer}."
    if len(left) == 1:
        return (f"{text} wins, but not the fastest: from {show_positions(left)} the game lasts "
                f"{plural(decide(game.rules, left[0]).length, 'more move')}; another winning move reaches "
                "a losing position with a smaller number.")
    return f"{text} wins, but another winning move comes first in the list."



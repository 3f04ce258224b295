"""Wythoff's hint ladders: a nudge, the concept, then the concrete answer, each computed by the engine."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from tutor.errors import TutorError
from tutor.puzzles.answers import Hint, Level, Rung
from tutor.puzzles.wythoff.engine import (
    delaying_move,
    grundy_values,
    nim_sum,
    p_position,
    p_positions,
    sum_winning_moves,
    winning_moves,
)
from tutor.puzzles.wythoff.engine.passing import pass_p_positions, pass_winning_moves
from tutor.puzzles.wythoff.rules import (
    Boards,
    Position,
    Rules,
    describe_move,
    finished,
    format_move,
    format_pairs,
    move_count,
    parse_pairs,
    show_positions,
)
from tutor.puzzles.wythoff.rules.passing import (
    PASS,
    WYTHOFF,
    PassPosition,
    PassRules,
    describe_pass_move,
    format_pass_move,
    pass_legal_moves,
)
from tutor.puzzles.wythoff.teach.reasons import replies
from tutor.puzzles.wythoff.theory import alpha_text
from tutor.puzzles.wythoff.theory.passing import OBSERVED
from tutor.screen.text import plural


def position_hints(rules: Rules, boards: Boards) -> list[Hint]:
    """The hint ladder for the player to move, for the boards as they stand: a nudge, the concept, then the
    concrete move."""
    if finished(boards):
        return [Rung("The game is over: no pennies are left.", Level.NUDGE)]
    text = show_positions(boards)
    if len(boards) > 1:
        values = grundy_values(rules, boards)
        total = nim_sum(rules, boards)
        sum_wins = sum_winning_moves(rules, boards)
        ladder: list[Hint] = [
            Rung("Each board is a game of its own; what matters is one number per board, its Grundy value.",
                 Level.NUDGE),
            Rung(f"The Grundy values are {', '.join(map(str, values))}; their XOR (nim-sum) is {total}. "
                 + ("A position loses exactly when the nim-sum is 0, so move to make it 0." if total else
                    "A position loses exactly when the nim-sum is 0: whatever you move, it will not be 0 after."),
                 Level.CONCEPT),
        ]
        if sum_wins:
            number, choice = sum_wins[0]
            ladder.append(Rung(f"On board {number + 1}, {describe_move(choice)}: "
                               f"that board's value becomes {values[number] ^ total} and the nim-sum 0.", Level.MOVE))
        elif total:
            ladder.append(Rung("The move that wins is on a board too large for a Grundy table: find an option of "
                               f"it whose Grundy value is {total} (the small boards have none).", Level.CONCEPT))
        else:
            ladder.append(Rung("The nim-sum is already 0: every move loses against perfect play; take little and "
                               "wait.", Level.MOVE))
        return ladder
    board = boards[0]
    wins = winning_moves(rules, board)
    count = move_count(rules, board)
    end = ("(0, 0) is one of them" if not rules.misere else
           "in misère play (0, 0) is not one of them: there your opponent has just taken the last penny and lost")
    ladder = [Rung(f"Can you reach a losing position from {text}? A position is losing when every move from it "
                   f"hands your opponent a win; {end}.", Level.NUDGE)]
    if wins:
        ladder.append(Rung(f"Of your {plural(count, 'move')} from {text}, {len(wins)} "
                           f"leave{'s' if len(wins) == 1 else ''} a losing position. Look along your row (change the "
                           "first pile), your column (change the second) and your diagonal (take from both) for a "
                           "position from which every move can be answered.", Level.CONCEPT))
        f, s = wins[0]
        ladder.append(Rung(f"{describe_move((f, s)).capitalize()}: that leaves ({board[0] - f}, {board[1] - s}), "
                           "a losing position for your opponent.", Level.MOVE))
    else:
        ladder += losing_rungs(rules, board)
    return ladder


def pass_hints(rules: PassRules, pos: PassPosition) -> list[Hint]:
    """The ladder for the player to move in Wythoff with a pass: a nudge (what a winning move leaves, with the pass
    and without), the concept (what the pass does from here, how many moves win), then a winning move; once the
    pass is used, plain Wythoff's ladder."""
    x, y, passes = pos
    if next(pass_legal_moves(rules, pos), None) is None:
        return [Rung("The game is over: no pennies are left, and no pass.", Level.NUDGE)]
    if passes == 0:
        return [Rung("The pass is used: from here the game is plain Wythoff.", Level.NUDGE),
                *position_hints(WYTHOFF, ((x, y),))]
    piles = show_positions(((x, y),))
    wins = pass_winning_moves(rules, pos)
    ladder: list[Hint] = [Rung(
        "With the pass left, a position loses when every move - the pass too - hands your opponent a win. The pass "
        "hands over the same piles, in plain Wythoff's game; every other move leaves a position of the pass game, "
        "the pass still there.", Level.NUDGE)]
    if PASS in wins:
        ladder.append(Rung(f"Start with the pass: after it your opponent faces {piles} in plain Wythoff. Is {piles} "
                           "one of plain Wythoff's losing pairs (floor(k*phi), floor(k*phi) + k)?", Level.CONCEPT))
    elif wins:
        why = ("No pass is allowed at (0, 0)" if (x, y) == (0, 0) else
               f"{piles} is not a losing position of plain Wythoff, so the pass would hand over a win")
        ladder.append(Rung(f"{why}. Look for a move to a losing position of the pass game: "
                           f"{'there is one' if len(wins) == 1 else f'there are {len(wins)}'}, along your row, "
                           "your column or your diagonal.", Level.CONCEPT))
    else:
        ladder.append(Rung(f"From {piles} no move wins, the pass included: the pass hands over a win in plain "
                           "Wythoff, and every other move can be answered. Make the game last and hope for a slip.",
                           Level.CONCEPT))
    if wins:
        ladder.append(Rung(f"A winning move: {format_pass_move(wins[0])} ({describe_pass_move(wins[0])}).",
                           Level.MOVE))
    return ladder


def pass_conjecture_hints(rules: PassRules, count: int) -> list[Hint]:
    """The ladder towards a formula for the pass game's losing pairs, k = 0..count - 1: the pairs themselves next
    to Wythoff's, what is observed of them, and where to start (no formula is known, so none is given)."""
    shown = pass_p_positions(rules, max(2, min(count, 12)))
    return [Rung(f"Write down the first losing pairs with the pass left, {format_pairs(shown)}, and next to them "
                 "Wythoff's (floor(k*phi), floor(k*phi) + k), from k = 0.", Level.NUDGE),
            Rung(OBSERVED[0], Level.CONCEPT),
            Rung("No formula for all of them is known to the tutor: compare the piles with k and with floor(k*phi), "
                 "write the differences down, and look for a rule that gives them.", Level.CONCEPT)]


def losing_rungs(rules: Rules, board: Position) -> list[Hint]:
    """What to do in a losing position: every move has an answer, so make the game last (unless every move
    takes the last penny, in misère play)."""
    text = show_positions((board,))
    count = move_count(rules, board)
    move = delaying_move(rules, board)
    if (board[0] - move[0], board[1] - move[1]) == (0, 0):  # misère (0, 1): the only move ends the game
        said = "your only move takes" if count == 1 else "every move takes"
        return [Rung(f"From {text} {said} the last penny, and in misère play that loses.", Level.CONCEPT),
                Rung(f"{text} is itself a losing position: {describe_move(move)}, and the game is over.",
                     Level.MOVE)]
    moves = "your only move leaves" if count == 1 else f"each of your {count} moves leaves"
    return [Rung(f"Try each kind of move from {text}: {moves} a position from which your opponent can reach a "
                 "losing position.", Level.CONCEPT),
            Rung(f"{text} is itself a losing position: every move loses against perfect play. "
                 f"Make the game last: {describe_move(move)}.", Level.MOVE)]


def outcome_hints(rules: Rules, boards: Boards) -> list[Hint]:
    """The ladder for "win or lose?" at ``boards``: where to look, how to decide, then the facts to decide from
    (the winning move, or each move with an answer), never the outcome itself (that is the last rung's)."""
    ladder = position_hints(rules, boards)[:1]
    if len(boards) > 1 or finished(boards):
        return ladder
    board = boards[0]
    text = show_positions(boards)
    count = move_count(rules, board)
    moves = "your only move" if count == 1 else f"your {count} moves"
    ladder.append(Rung(f"Go through {moves} from {text}. The player to move wins when some move leaves a losing "
                       "position, and loses when every move can be answered by a move to a losing position.",
                       Level.CONCEPT))
    wins = winning_moves(rules, board)
    if wins:
        move = wins[0]
        ladder.append(Rung(f"Look at `{format_move(move)}` ({describe_move(move)}): it leaves "
                           f"({board[0] - move[0]}, {board[1] - move[1]}). What can your opponent do from there?",
                           Level.MOVE))
    else:
        ladder.append(Rung(f"{'Your only move' if count == 1 else 'Your moves'} from {text}: "
                           f"{replies(rules, board)}.", Level.MOVE))
    return ladder


def conjecture_hints(rules: Rules, bound: int) -> list[Hint]:
    """The ladder towards a formula ``floor(k*c)`` that holds for k = 0..bound, from the pairs themselves."""
    first = p_positions(rules, 8)
    (low, k_low), (high, k_high) = slope_window(rules, bound)
    ladder: list[Hint] = [
        Rung("Look at the losing pairs " + format_pairs(first) + ": how does A_k / k behave as k grows?",
             Level.NUDGE),
        Rung(f"floor(k*c) = A_k for every k = 0..{bound} exactly when A_k <= k c < A_k + 1 for each of them. The "
             f"tightest of these: c >= {low.numerator}/{low.denominator} (from k = {k_low}) and "
             f"c < {high.numerator}/{high.denominator} (from k = {k_high}).", Level.CONCEPT),
    ]
    width = high - low
    if width > Fraction(1, 1000):
        pick = _short_decimal(low, high)
        ladder.append(Rung(f"Any c in that window works up to k = {bound}, for example {pick}: try "
                           f"floor(k*{pick}).", Level.MOVE))
    else:
        ladder.append(Rung("The window is narrow, and every larger bound narrows it more: the c you want is the "
                           "exact number that lies in all of them, the positive root of "
                           f"1/c + 1/(c + {rules.a}) = 1 (A's and B's share the whole numbers).", Level.CONCEPT))
        if not rules.misere:
            ladder.append(Rung(f"Its positive root is {alpha_text(rules.a)}: put that in place of c.",
                               Level.MOVE))
    return ladder


def short_formula(rules: Rules, bound: int) -> str | None:
    """``floor(k*1.6)``: the formula with the shortest decimal that holds for k = 0..bound, while the window of
    such decimals is wide (None once it is narrow: then only the exact number is worth writing)."""
    (low, _), (high, _) = slope_window(rules, bound)
    return f"floor(k*{_short_decimal(low, high)})" if high - low > Fraction(1, 1000) else None


def formula_forms(rules: Rules, bound: int) -> list[str]:
    """The answers to "a formula for A_k, true for k = 0..bound", the reference first: the shortest decimal while
    the window of them is wide (the exact number may be a later step's answer), else ``floor(k*alpha)`` in the
    forms the tutor writes it; none in misère play (no closed form).

    >>> formula_forms(Rules(a=2), 1000)
    ['floor(k*sqrt(2))', 'floor(k*(2 - 2 + sqrt(8))/2)']
    """
    if rules.misere:
        return []
    short = short_formula(rules, bound)
    if short is not None:
        return [short]
    a = rules.a
    return list(dict.fromkeys([f"floor(k*{_grouped(alpha_text(a))})", f"floor(k*(2 - {a} + sqrt({a * a + 4}))/2)"]))


def _grouped(text: str) -> str:
    """``(1 + sqrt(5))/2`` stays, ``sqrt(5) - 1`` gets parentheses (it follows ``k*``)."""
    return text if (text.startswith("(") and text.endswith(")/2")) or " " not in text else f"({text})"


@lru_cache(maxsize=64)  # a step's ladder and its give-away checks ask for the same window many times
def slope_window(rules: Rules, bound: int) -> tuple[tuple[Fraction, int], tuple[Fraction, int]]:
    """The numbers c with floor(k*c) = A_k for k = 1..bound form [low, high): each bound and the k giving it.

    >>> slope_window(Rules(), 10)
    ((Fraction(8, 5), 5), (Fraction(13, 8), 8))
    """
    low_n, low_d, k_low = 0, 1, 1  # low = low_n / low_d, compared crosswise in whole numbers
    high_n, high_d, k_high = 10**9, 1, 1
    for k in range(1, bound + 1):
        a = p_position(rules, k)[0]
        if a * low_d > low_n * k:
            low_n, low_d, k_low = a, k, k
        if (a + 1) * high_d < high_n * k:
            high_n, high_d, k_high = a + 1, k, k
    return (Fraction(low_n, low_d), k_low), (Fraction(high_n, high_d), k_high)


def _short_decimal(low: Fraction, high: Fraction) -> str:
    """The decimal with fewest digits in [low, high)."""
    digits = 0
    while True:
        scale = 10**digits
        n = -((-low.numerator * scale) // low.denominator)  # ceiling(low * scale)
        if Fraction(n, scale) < high:
            return f"{n // scale}.{n % scale:0{digits}d}" if digits else str(n)
        digits += 1


def list_hints(rules: Rules, pairs: list[Position], text: str = "") -> list[Hint]:
    """The ladder for listing the losing positions ``pairs``: two reminders of where to look, the next pair the
    learner's own list (``text``) misses, started, and the whole list last."""
    start = format_pairs(p_positions(rules, 1))
    ladder: list[Hint] = [
        Rung(f"Start from the smallest losing position, {start}, and go up: a position loses when no move reaches "
             "a smaller losing position.", Level.NUDGE),
        Rung(f"Each pile size is used by one losing pair only, and {difference_rule(rules)}: take the smallest "
             "unused number and add that.", Level.NUDGE),
    ]
    missed = first_missed(pairs, text)
    if missed is not None:
        used = sorted({n for pair in pairs if pair < missed for n in pair})
        ladder.append(Rung(f"The first losing position your list misses has the smaller pile {missed[0]}: the "
                           "smallest size not used by the pairs before it"
                           + (f" ({', '.join(map(str, used))} are used)." if used else "."), Level.MOVE))
    ladder.append(Rung("The losing positions here are " + format_pairs(pairs) + ".", Level.REVEAL))
    return ladder


def difference_rule(rules: Rules) -> str:
    """``the piles of pair number k differ by k``, true for the variant (misère a = 1 starts with two exceptions)."""
    step = "k" if rules.a == 1 else f"{rules.a}k"
    if rules.misere and rules.a == 1:
        return "from (3, 5) on, as in the normal game, the piles of pair number k differ by k"
    return f"the piles of pair number k differ by {step}" + (" + 1" if rules.misere else "")


def first_missed(pairs: list[Position], text: str) -> Position | None:
    """The smallest of ``pairs`` that the learner's list ``text`` leaves out (None: no list, or none missed)."""
    try:
        given = set(parse_pairs(text)) if text.strip() else None
    except TutorError:
        given = None
    if given is None:
        return None
    return next((p for p in sorted(pairs) if p not in given), None)


KTH_LISTED = 40  # up to this index the hint lists the pile sizes already used; past it, the formula


def kth_hints(rules: Rules, k: int) -> list[Hint]:
    """The ladder for the k-th losing position: the two rules (a nudge), the sizes used so far or the formula,
    then the pair (the reveal)."""
    ladder: list[Hint] = [Rung("Pair number k has the smallest pile size not used by pairs 0 to k - 1, and "
                               f"{difference_rule(rules)}.", Level.NUDGE)]
    if k <= KTH_LISTED:
        used = sorted({n for pair in p_positions(rules, k) for n in pair})
        ladder.append(Rung(f"Pairs 0 to {k - 1} use the pile sizes {', '.join(map(str, used))}." if k else
                           "There are no earlier pairs: start from 0.", Level.MOVE))
    else:
        ladder.append(Rung("Listing is too slow here: " + (
            "A_k = floor(k*phi) with the golden ratio phi = (1 + sqrt(5))/2, in whole numbers "
            "(k + isqrt(5k^2)) // 2." if rules.a == 1 and not rules.misere else
            f"A_k = floor(k*c) with c = {alpha_text(rules.a)}, the limit of A_k / k." if not rules.misere else
            "work out the first pairs by the two rules (or list them: tutor analyze wythoff --misere --count 20) "
            "and find the formula their first piles follow."), Level.MOVE))
    ladder.append(Rung(f"Pair number {k} is {p_position(rules, k)}.", Level.REVEAL))
    return ladder

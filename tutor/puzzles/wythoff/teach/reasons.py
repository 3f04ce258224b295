"""Why a position wins or loses, and why a list of losing positions or totals is wrong: the reasons the answer
kinds and the quantities share.

Every reason is made from something the engine computed - the reply that
refutes a move, the pair a number belongs to, the losing positions around a
total - never from a number typed in.  Refutations avoid stating the right
value where they can (the learner may try again).  The reasons only one
quantity gives live next to it, in ``teach.quantities``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from tutor.errors import TutorError
from tutor.puzzles.wythoff.engine import grundy_values, losing_index, sum_winning_moves, winning_moves
from tutor.puzzles.wythoff.rules import (
    Boards,
    Move,
    Position,
    Rules,
    describe_move,
    format_move,
    legal_moves,
    parse_numbers,
    parse_pairs,
    show_positions,
)
from tutor.puzzles.wythoff.teach.decision import Decision, after, decide
from tutor.screen.text import plural

T = TypeVar("T", int, Position)  # an entry of a list answer: a total, or a pair
SHOWN_REPLIES = 6  # a losing position's moves each answered, shown up to this many


def pair_text(pos: Position) -> str:
    """``(8, 13)``."""
    return f"({pos[0]}, {pos[1]})"


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
    if wrong not in ("win", "lose"):  # an option a lesson offers that is no outcome (a draw)
        return f"{wrong!r} is not an outcome: every game ends, so the player to move at {where} either wins or loses."
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
        moves = list(legal_moves(rules, pos))
        if rules.misere and all(after(pos, m) == (0, 0) for m in moves):
            said = "your only move takes" if len(moves) == 1 else "every move takes"
            return (f"A win needs a move that does not lose, but from {where} {said} the last penny, and in misère "
                    "play that loses.")
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


# -- lists: each wrong or missing entry named, with its reason ----------------------------------------


def extra_pair_reason(rules: Rules, pair: Position, scope: str, inside: bool) -> str:
    """Why ``pair`` does not belong in the list: not losing (the move that escapes), or outside ``scope``."""
    if losing_index(rules, pair) is None:
        if rules.misere and pair == (0, 0):
            return "(0, 0) is not losing in misère play: your opponent has just taken the last penny and lost"
        moves = winning_moves(rules, pair)  # the losing position reached is not named: it may be a missing one
        reach = "reaches" if len(moves) == 1 else "reach"
        return f"{pair_text(pair)} is not losing: {plural(len(moves), 'move')} from it {reach} a losing position"
    k = losing_index(rules, pair)
    if inside:
        return f"{pair_text(pair)} is listed twice"
    return f"{pair_text(pair)} is losing (number {k}), but {scope}"


def missing_where(given: Sequence[T], missing: Sequence[T], show: Callable[[T], str], noun: str,
                  nouns: str | None = None) -> list[str]:
    """How many entries of the answer the learner left out and where, by the entries of their own list around
    each gap ("2 losing positions are missing between (3, 5) and (8, 13)"), never naming one: the learner may
    try again, and the last hint reveals the list."""
    right = sorted(set(given))
    gaps: dict[tuple[T | None, T | None], int] = {}
    for item in sorted(missing):
        below = max((g for g in right if g < item), default=None)
        above = min((g for g in right if g > item), default=None)
        gaps[(below, above)] = gaps.get((below, above), 0) + 1
    lines = []
    for (below, above), n in gaps.items():
        what = f"{plural(n, noun, nouns)} {'is' if n == 1 else 'are'} missing"
        if below is not None and above is not None:
            lines.append(f"{what} between {show(below)} and {show(above)}")
        elif below is not None:
            lines.append(f"{what} after {show(below)}")
        elif above is not None:
            lines.append(f"{what} before {show(above)}")
        else:
            lines.append(f"{what}: none of the ones you listed belongs here")
    return lines


def list_reasons(rules: Rules, given: list[Position], truth: list[Position], scope: dict[Position, str]) -> list[str]:
    """One reason per wrong entry of ``given``, and how many entries of ``truth`` it misses and where (``scope``:
    why a losing pair that is not in ``truth`` falls outside the question, by pair)."""
    lines = [extra_pair_reason(rules, p, scope.get(p, "it is outside the question"), False)
             for p in given if p not in truth]
    kept = [p for p in given if p in truth]
    return lines + missing_where(kept, [p for p in truth if p not in given], pair_text, "losing position")


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
        given = sorted(set(parse_numbers(text)))
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
            lines.append(f"{t} has no losing split: {total_rule(rules)}, and no k gives {t}")
    kept = [t for t in given if t in by_total]
    return lines + missing_where(kept, [t for t in sorted(by_total) if t not in given], str,
                                 "total with a losing split",
                                 "totals with a losing split")


def total_rule(rules: Rules) -> str:
    """How many pennies losing position number k holds, in the variant's terms."""
    if rules.misere and rules.a == 1:
        return "past (2, 2), losing position number k holds 2 A_k + k pennies, as in the normal game"
    step = "k" if rules.a == 1 else f"{rules.a}k"
    return f"losing position number k holds 2 A_k + {step}{' + 1' if rules.misere else ''} pennies"


def safe_total_reasons(rules: Rules, given: list[int], splits: list[Position], low: int, high: int) -> list[str]:
    """Each total wrongly given or missing as safe (no losing split), named with its reason."""
    by_total = {x + y: (x, y) for x, y in splits}
    lines = []
    for t in given:
        if t in by_total:
            lines.append(f"{t} is not safe: it splits as {pair_text(by_total[t])}, a losing position")
        elif not low <= t <= high:
            lines.append(f"{t} is outside {low} to {high}")
    safe = [t for t in range(low, high + 1) if t not in by_total]
    kept = [t for t in given if t in safe]
    return lines + missing_where(kept, [t for t in safe if t not in given], str, "safe total")

"""What learners really answer in whole Wythoff answers, as beliefs (``tutor.puzzles.answers.Belief``): the move, the
outcome, the list of losing positions or the pair a learner holding each idea gives for this game, and a sentence
naming the idea for the learner's own answer.

Each idea is a rule computed from the game (equal piles are traps, as in Nim; the pattern of the first trap goes
on; the golden ratio rounded instead of rounded down; the normal game's traps kept in a variant), never a list
typed for one lesson.  A belief holds of an answer exactly when the answer is one its rule gives here and is wrong;
its example is the first such answer no earlier belief of the kind claims, so each one named is the one that
reproduces the answer.  No sentence names the right answer: each says what is true of the learner's own.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from math import isqrt
from typing import Any

from tutor.puzzles.answers import Belief
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import is_losing, losing_splits, p_position, winning_moves
from tutor.puzzles.wythoff.rules import Move, Position, Rules, WythoffGame, format_move, format_pairs, legal_moves
from tutor.puzzles.wythoff.teach.questions import outcome, splits, total_range

NORMAL = Rules()
FIBONACCI_INDEX = 1000  # the k-th pair of Fibonacci numbers is offered up to this k (past it, thousands of digits)


def round_phi(k: int) -> int:
    """k phi rounded to the nearest whole number, exactly: floor(k phi + 1/2).

    >>> [round_phi(k) for k in range(6)]
    [0, 2, 3, 5, 6, 8]
    """
    return (k + 1 + isqrt(5 * k * k)) // 2


def single(game: WythoffGame) -> Position | None:
    """The one board, or None on a sum of boards (the beliefs speak of one board)."""
    return game.boards[0] if len(game.boards) == 1 else None


def first_pair(rules: Rules) -> Position | None:
    """The first losing position after (0, 0) of these rules, when (0, 0) is losing (normal play); else None."""
    return p_position(rules, 1) if not rules.misere else None


def pair(p: Position) -> str:
    return f"({p[0]}, {p[1]})"


# -- moves ----------------------------------------------------------------------------------------------------

def _after(pos: Position, move: Move) -> Position:
    return pos[0] - move[0], pos[1] - move[1]


def _greedy(pos: Position, move: Move) -> bool:
    most = max((sum(m) for m in legal_moves(NORMAL, pos) if _after(pos, m) != (0, 0)), default=0)
    return sum(move) == most and _after(pos, move) != (0, 0)


def _near_trap(rules: Rules, left: Position) -> bool:
    x, y = left
    near = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
    return not is_losing(rules, left) and any(min(p) >= 0 and is_losing(rules, p) for p in near)


MovePredicate = Callable[[Rules, Position, Move], bool]
MOVE_RULES: tuple[tuple[str, MovePredicate], ...] = (
    ("equal_piles_left", lambda r, p, m: _after(p, m)[0] == _after(p, m)[1] > 0),
    ("most_taken", lambda r, p, m: _greedy(p, m)),
    ("first_ratio_kept", lambda r, p, m: (f := first_pair(r)) is not None and min(_after(p, m)) > 0
     and max(_after(p, m)) * f[0] == min(_after(p, m)) * f[1]),
    ("first_difference_kept", lambda r, p, m: (f := first_pair(r)) is not None and min(_after(p, m)) > 0
     and max(_after(p, m)) - min(_after(p, m)) == f[1] - f[0]),
    ("pile_emptied", lambda r, p, m: min(_after(p, m)) == 0 < max(_after(p, m))),
    ("even_total_left", lambda r, p, m: sum(_after(p, m)) % 2 == 0),
    ("pile_of_one", lambda r, p, m: sorted(_after(p, m))[0] == 1),
    ("one_off_a_trap", lambda r, p, m: _near_trap(r, _after(p, m))),
)


def _move_sentence(name: str, rules: Rules, pos: Position, move: Move) -> str:
    left = _after(pos, move)
    x, y = sorted(left)
    f = first_pair(rules) or (1, 2)
    said = {
        "equal_piles_left": f"{format_move(move)} leaves equal piles, {pair(left)}, a trap in Nim; here taking the "
                            f"same number from both piles is a move, and {x},{x} takes every penny.",
        "most_taken": f"{format_move(move)} takes as many pennies as a move can without ending the game; but what "
                      "matters is the position it leaves, not how much it takes.",
        "first_ratio_kept": f"{format_move(move)} leaves {pair(left)}, one pile {f[1] // f[0]} times the other "
                            f"like the trap {pair(f)}; but the traps do not keep the ratio of the first one.",
        "first_difference_kept": f"{format_move(move)} leaves {pair(left)}, piles {y - x} apart like the trap "
                                 f"{pair(f)}; but each trap has its own difference: no two share one.",
        "pile_emptied": f"{format_move(move)} empties a pile: your opponent takes the whole other pile in one move.",
        "even_total_left": f"{format_move(move)} leaves an even total, {x + y}, which would be a trap if every move "
                           "took one penny; here a move takes any number, and the parity of the total decides "
                           "nothing.",
        "pile_of_one": f"{format_move(move)} leaves a pile of one, like the trap {pair(f)}; but a pile of one is a "
                       f"trap only beside a pile of {f[1]}.",
        "one_off_a_trap": f"{format_move(move)} leaves {pair(left)}, one penny off a losing position; a trap must be "
                          "hit exactly: the formula rounds down, and one penny more or less is a winning position.",
    }
    return said[name]


def _wrong_move(game: WythoffGame, move: Move) -> bool:
    pos = single(game)
    return pos is not None and move in set(legal_moves(game.rules, pos)) and move not in winning_moves(game.rules, pos)


def _first_rule(rules: Rules, pos: Position, move: Move) -> str | None:
    return next((n for n, held in MOVE_RULES if held(rules, pos, move)), None)


def _move_holds(name: str, game: WythoffGame, args: Args, answer: Any) -> bool:
    board, move = answer
    pos = single(game)
    return (board == 0 and pos is not None and _wrong_move(game, move)
            and dict(MOVE_RULES)[name](game.rules, pos, move))


def _move_example(name: str, game: WythoffGame, args: Args) -> str | None:
    pos = single(game)
    if pos is None:
        return None
    return next((format_move(m) for m in legal_moves(game.rules, pos)
                 if _wrong_move(game, m) and _first_rule(game.rules, pos, m) == name), None)


def _move_says(name: str, game: WythoffGame, args: Args, answer: Any) -> str:
    pos = single(game)
    assert pos is not None, "a move belief holds on one board only"
    return _move_sentence(name, game.rules, pos, answer[1])


def move_beliefs() -> tuple[Belief, ...]:
    """The beliefs about a winning move, in the order they are tried."""
    return tuple(Belief(name, partial(_move_example, name), partial(_move_holds, name), partial(_move_says, name))
                 for name, _ in MOVE_RULES)


# -- outcomes ---------------------------------------------------------------------------------------------------

def _normal_outcome(game: WythoffGame, pos: Position) -> str | None:
    return None if game.rules == NORMAL else "lose" if is_losing(NORMAL, pos) else "win"


OUTCOME_RULES: tuple[tuple[str, Callable[[WythoffGame, Position], str | None]], ...] = (
    ("normal_rules_kept", _normal_outcome),
    ("equal_piles_lose", lambda g, p: "lose" if p[0] == p[1] > 0 else None),
    ("only_the_traps_found", lambda g, p: None if g.rules != NORMAL or max(p) < 3
     else "lose" if sorted(p) in ([0, 0], [1, 2]) else "win"),
    ("a_move_means_a_win", lambda g, p: "win" if p != (0, 0) else None),
    ("odd_total_wins", lambda g, p: "win" if sum(p) % 2 else "lose"),
)


def _outcome_of(name: str, game: WythoffGame, args: Args) -> str | None:
    """What the idea ``name`` answers here, when it is wrong and no earlier idea answers the same."""
    pos = single(game)
    if pos is None:
        return None
    truth = outcome(game)
    for other, rule in OUTCOME_RULES:
        said = rule(game, pos)
        if said is not None and said != truth:
            return said if other == name else None
    return None


def _outcome_holds(name: str, game: WythoffGame, args: Args, answer: Any) -> bool:
    pos = single(game)
    return pos is not None and answer != outcome(game) and dict(OUTCOME_RULES)[name](game, pos) == answer


def _outcome_says(name: str, game: WythoffGame, args: Args, answer: Any) -> str:
    pos = single(game)
    assert pos is not None, "an outcome belief holds on one board only"
    at = pair(pos)
    said = {
        "normal_rules_kept": f"'{answer}' is what {at} is in the normal game; these rules ({game.rules.describe()}) "
                             "change which positions are traps, so work them out again.",
        "equal_piles_lose": f"Equal piles are a trap in Nim, where a move takes from one pile only; here taking the "
                            f"same number from both piles is a move, and it takes every penny of {at}.",
        "only_the_traps_found": f"The traps found so far are not all of them: that {at} is none of them settles "
                                "nothing. Check where each move from it leads.",
        "a_move_means_a_win": f"Having moves at {at} is not having a winning one: a position is a win only if some "
                              "move leaves your opponent a losing position.",
        "odd_total_wins": f"An odd total would win if every move took one penny; here a move takes any number, and "
                          f"the parity of {at}'s total decides nothing.",
    }
    return said[name]


def outcome_beliefs() -> tuple[Belief, ...]:
    """The beliefs about who wins, in the order they are tried."""
    return tuple(Belief(name, partial(_outcome_of, name), partial(_outcome_holds, name), partial(_outcome_says, name))
                 for name, _ in OUTCOME_RULES)


# -- the losing positions: a list in a range of totals, and the k-th ------------------------------------------

def _fibonacci_pair(k: int) -> Position | None:
    """(F(2k), F(2k+1)): (0, 1), (1, 2), (3, 5), (8, 13), ... the k-th pair of Fibonacci numbers (None past
    ``FIBONACCI_INDEX``); with (0, 0) first, as a learner who saw (1, 2), (3, 5), (8, 13) lists them."""
    if k > FIBONACCI_INDEX:
        return None
    if k == 0:
        return 0, 0
    a, b = 0, 1
    for _ in range(2 * k):
        a, b = b, a + b
    return a, b


def _patterned(name: str, rules: Rules, k: int) -> Position | None:
    """Losing position number ``k`` as the idea ``name`` has it (None where it has none)."""
    f = first_pair(rules)
    if name == "normal_rules_kept":
        return None if rules == NORMAL else p_position(NORMAL, k)
    if name == "counted_from_one":
        return p_position(rules, k - 1) if k > 0 else None
    if rules != NORMAL and name in ("fibonacci_pairs", "rounded_not_floored", "equal_piles"):
        return None  # ideas about the normal game's golden ratio
    if name == "equal_piles":
        return k, k
    if name == "fibonacci_pairs":
        return _fibonacci_pair(k)
    if name == "rounded_not_floored":
        return round_phi(k), round_phi(k) + k
    if f is None:
        return None
    return (k, k * f[1]) if name == "first_ratio_kept" else (k, k + f[1] - f[0]) if k else (0, 0)


def _listed(name: str, game: WythoffGame, args: Args) -> list[Position] | None:
    """The losing positions in the range of totals as the idea ``name`` has them (None where it has none)."""
    low, high = total_range(args)
    if name == "normal_rules_kept":
        return None if game.rules == NORMAL else losing_splits(NORMAL, low, high)
    out = []
    for k in range(high + 1):
        p = _patterned(name, game.rules, k)
        if p is None:
            if k == 0:
                return None
            break
        if sum(p) > high:
            break
        if sum(p) >= low:
            out.append((min(p), max(p)))
    return sorted(set(out))


LIST_IDEAS = ("normal_rules_kept", "equal_piles", "first_ratio_kept", "first_difference_kept", "fibonacci_pairs",
              "rounded_not_floored")
KTH_IDEAS = ("normal_rules_kept", "counted_from_one", "rounded_not_floored", "first_ratio_kept",
             "first_difference_kept", "fibonacci_pairs")


def _claimed(ideas: tuple[str, ...], name: str, given: Callable[[str], Any], truth: Any) -> Any:
    """What idea ``name`` gives, when it is wrong and no earlier idea of ``ideas`` gives the same."""
    seen = [truth]
    for other in ideas:
        said = given(other)
        if other == name:
            return None if said is None or said in seen else said
        seen.append(said)
    return None


def _list_example(name: str, game: WythoffGame, args: Args) -> str | None:
    said = _claimed(LIST_IDEAS, name, lambda n: _listed(n, game, args), splits(game, args))
    return format_pairs(said) if said else None


def _list_holds(name: str, game: WythoffGame, args: Args, answer: Any) -> bool:
    listed = _listed(name, game, args)
    return listed is not None and sorted({(min(p), max(p)) for p in answer}) == listed != splits(game, args)


def _kth_example(name: str, game: WythoffGame, args: Args) -> str | None:
    k = args["index"]
    said = _claimed(KTH_IDEAS, name, lambda n: _patterned(n, game.rules, k), p_position(game.rules, k))
    return None if said is None else f"{said[0]},{said[1]}"


def _kth_holds(name: str, game: WythoffGame, args: Args, answer: Any) -> bool:
    k = args["index"]
    mine = _patterned(name, game.rules, k)
    return mine is not None and (min(answer), max(answer)) == mine != p_position(game.rules, k)


def _pattern_says(name: str, game: WythoffGame, args: Args, answer: Any) -> str:
    f = first_pair(game.rules) or (1, 2)
    said = {
        "normal_rules_kept": f"These are the normal game's losing positions; these rules ({game.rules.describe()}) "
                             "change which positions are traps, so work them out again.",
        "counted_from_one": "That counts (0, 0) as losing position number 1; the count starts at (0, 0), number 0.",
        "equal_piles": "Equal piles are traps in Nim, where a move takes from one pile only; here taking the same "
                       "number from both piles is a move, and it empties equal piles at once.",
        "first_ratio_kept": f"That keeps the ratio of the first trap {pair(f)}, one pile {f[1] // f[0]} times the "
                            "other; but the traps do not keep that ratio.",
        "first_difference_kept": f"That keeps the difference of the first trap {pair(f)}, {f[1] - f[0]}; but each "
                                 "trap has its own difference: the k-th trap's piles are k apart.",
        "fibonacci_pairs": "Those are pairs of Fibonacci numbers, like (1, 2), (3, 5) and (8, 13); they are traps, "
                           "but not the only ones: every pile size belongs to exactly one trap.",
        "rounded_not_floored": "That rounds k times the golden ratio to the nearest whole number; the smaller pile is "
                               "k times the golden ratio rounded down.",
    }
    return said[name]


def list_beliefs() -> tuple[Belief, ...]:
    """The beliefs about the list of losing positions in a range of totals."""
    return tuple(Belief(n, partial(_list_example, n), partial(_list_holds, n), partial(_pattern_says, n))
                 for n in LIST_IDEAS)


def kth_beliefs() -> tuple[Belief, ...]:
    """The beliefs about losing position number k."""
    return tuple(Belief(n, partial(_kth_example, n), partial(_kth_holds, n), partial(_pattern_says, n))
                 for n in KTH_IDEAS)

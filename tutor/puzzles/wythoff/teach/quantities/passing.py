"""Wythoff with a pass, for lessons: who wins with the pass left, whether the pass is the winning move, and how
many moves win (``engine.passing``; the k-th losing position by the sieve is in ``sieve``).

Vocabulary::

    PassPosition = (x, y, passes)  # (1, 2, 1): piles 1 and 2, the pass still there

A lesson's ``position`` is one board, normal play, a = 1 (``rules.passing.pass_board`` refuses the rest), and
the pass is always still there when the question is asked.  Refutations give the certificate the engine
computed (a winning move, or why every move fails); a wrong pile of the k-th pair is placed in its own pair
(every whole number is in exactly one), never by naming the right one.  The misconceptions are the numbers a
learner reaches with plain Wythoff's rules: Wythoff's own pairs, its difference rule, its winning moves, the pass
forgotten or always counted.
"""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Misconception, Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import is_losing, winning_moves
from tutor.puzzles.wythoff.engine.passing import pass_winning_moves
from tutor.puzzles.wythoff.rules import Position, WythoffGame, legal_moves
from tutor.puzzles.wythoff.rules.passing import (
    PASS,
    WYTHOFF,
    PassGame,
    PassMove,
    PassRules,
    describe_pass_move,
    pass_board,
)
from tutor.puzzles.wythoff.teach.reasons import pair_text

QUANTITIES = Quantities()
RULES = PassRules()  # the source project's game: the pass not allowed at (0, 0)


def source_rules(game: WythoffGame) -> PassRules:
    """The source project's rules, which every ``pass_*`` quantity answers for: refused for ``pass_at_end``
    (whose game - Wythoff plus a one-penny heap - the explanations here do not describe)."""
    if isinstance(game, PassGame) and game.at_end:
        raise InvalidParams("the pass_* quantities are for the pass not allowed at (0, 0): drop pass_at_end "
                            "(play, pass_move and conjecture take it)")
    return RULES


def _board(game: WythoffGame) -> Position:
    """The one board, pass game rules checked."""
    source_rules(game)
    return pass_board(game)


def _moves(game: WythoffGame) -> list[PassMove]:
    x, y = _board(game)
    return pass_winning_moves(RULES, (x, y, 1))


def _pass_wins(pos: Position) -> bool:
    """The pass wins exactly from one of Wythoff's losing pairs other than (0, 0)."""
    return pos != (0, 0) and is_losing(WYTHOFF, pos)


def _after(pos: Position, move: PassMove) -> str:
    """Where a winning move leaves the game: ``(1, 2) in plain Wythoff`` or ``(1, 3), the pass still left``."""
    if move == PASS:
        return f"{pair_text(pos)} in plain Wythoff, one of its losing pairs"
    left = (pos[0] - move[0], pos[1] - move[1])
    return f"{pair_text(left)}, the pass still left: a losing position of the pass game"


def win_certificate(pos: Position, moves: list[PassMove]) -> str:
    move = moves[0]
    return (f"{pair_text(pos)} with the pass left wins for the player to move: {describe_pass_move(move)}, and "
            f"your opponent faces {_after(pos, move)}.")


def _lose_certificate(pos: Position) -> str:
    if pos == (0, 0):
        return "(0, 0) loses: no penny is left to take, and there is no pass at (0, 0)."
    answer = winning_moves(WYTHOFF, pos)
    reply = (f" (they answer {answer[0][0]},{answer[0][1]}, to a losing pair of Wythoff)" if answer else "")
    return (f"{pair_text(pos)} with the pass left loses for the player to move: the pass hands over "
            f"{pair_text(pos)} in plain Wythoff, which is not one of its losing pairs, so your opponent wins it"
            f"{reply}; and no pile or diagonal move reaches a losing position of the pass game.")


def explain_pass_outcome(game: WythoffGame, args: Args, value: Value) -> str:
    pos, moves = _board(game), _moves(game)
    return win_certificate(pos, moves) if moves else _lose_certificate(pos)


def refute_pass_outcome(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The certificate of the right outcome: a winning move, or why every move fails."""
    if str(wrong).strip().lower() not in ("win", "lose"):
        return f"The answer is win or lose, not {wrong!r}."
    return explain_pass_outcome(game, args, value)


@QUANTITIES.register("pass_outcome", "'win' or 'lose' for the player to move, with the pass left (one board)",
                     explain=explain_pass_outcome, refute=refute_pass_outcome)
def pass_outcome(game: WythoffGame, args: Args) -> str:
    """From the sieve."""
    return "win" if _moves(game) else "lose"


def explain_pass_wins(game: WythoffGame, args: Args, value: Value) -> str:
    pos = _board(game)
    if pos == (0, 0):
        return "No: there is no pass at (0, 0)."
    if _pass_wins(pos):
        return f"Yes: {pair_text(pos)} is one of Wythoff's losing pairs, so after the pass your opponent faces it."
    return (f"No: {pair_text(pos)} is not one of Wythoff's losing pairs, so after the pass your opponent moves to "
            "one and wins the plain game.")


def refute_pass_wins(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    if str(wrong).strip().lower() not in ("yes", "no"):
        return f"The answer is yes or no, not {wrong!r}."
    return explain_pass_wins(game, args, value)


@QUANTITIES.register("pass_wins", "whether the pass is a winning move at the position: yes or no",
                     explain=explain_pass_wins, refute=refute_pass_wins)
def pass_wins(game: WythoffGame, args: Args) -> str:
    """Yes exactly at Wythoff's losing pairs other than (0, 0)."""
    return "yes" if _pass_wins(_board(game)) else "no"


def explain_pass_move_count(game: WythoffGame, args: Args, value: Value) -> str:
    pos, moves = _board(game), _moves(game)
    if not moves:
        return f"The number of winning moves is 0: {_lose_certificate(pos)}"
    said = "; ".join(f"{describe_pass_move(m)}, leaving {_after(pos, m)}" for m in moves)
    return f"The number of winning moves is {len(moves)}: {said}."


def refute_pass_move_count(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """What counts as a winning move, and which side of the learner's count the moves fall."""
    n = number(wrong)
    if n is None or n < 0:
        return f"A number of moves is a whole number, 0 or more, not {wrong!r}."
    rule = ("A winning move reaches a losing position of the pass game with the pass still left, or is the pass "
            "itself from one of Wythoff's losing pairs; each row, column and diagonal holds one losing position "
            "of the pass game.")
    if n < int(str(value)):
        return f"{rule} Try every move again, the pass included: one you did not count wins."
    pos, winning = _board(game), _moves(game)
    moves: list[PassMove] = [*([PASS] if pos != (0, 0) else []), *legal_moves(WYTHOFF, pos)]
    other = next((m for m in moves if m not in winning), None)
    if other is None:  # every move wins: only a count past all the moves is too many
        return f"{rule} {n} is more than the moves there are from {pair_text(pos)}."
    after = pos if other == PASS else (pos[0] - other[0], pos[1] - other[1])
    where = "in plain Wythoff" if other == PASS else "with the pass still left"
    return (f"{rule} Not every move wins: if you {describe_pass_move(other)}, your opponent faces "
            f"{pair_text(after)} {where}, and has a winning move there.")


def number(wrong: Value) -> int | None:
    try:
        return int(str(wrong).strip().replace(",", ""))
    except ValueError:
        return None


def _plain_count(game: WythoffGame) -> int:
    return len(winning_moves(WYTHOFF, _board(game)))


def _pass_count(game: WythoffGame) -> int:
    return len(_moves(game))


def unless(value: int | None, *right: int | None) -> int | None:
    return None if value is None or value in right else value


PASS_MOVE_MISTAKES = (
    Misconception("pass-forgotten",
                  lambda g, a: unless(_pass_count(g) - 1, _pass_count(g)) if PASS in _moves(g) else None,
                  lambda g, a, n: f"{n} leaves the pass out: from {pair_text(_board(g))}, one of Wythoff's losing "
                                  "pairs, the pass is a winning move too."),
    Misconception("plain-wythoff",
                  lambda g, a: unless(_plain_count(g), _pass_count(g), _pass_count(g) - 1 if PASS in _moves(g)
                                       else None),
                  lambda g, a, n: f"{n} counts the winning moves of plain Wythoff, as if the pass were used. With "
                                  "the pass left the losing positions are not Wythoff's: aim at the pass game's."),
    Misconception("pass-always",
                  lambda g, a: (unless(_pass_count(g) + 1, _plain_count(g))
                                if PASS not in _moves(g) and _board(g) != (0, 0) else None),
                  lambda g, a, n: f"{n} counts the pass as a winning move, but {pair_text(_board(g))} is not one "
                                  "of Wythoff's losing pairs: after the pass your opponent wins the plain game."),
)


@QUANTITIES.register("pass_winning_move_count", "how many moves win with the pass left, the pass included",
                     explain=explain_pass_move_count, refute=refute_pass_move_count,
                     misconceptions=PASS_MOVE_MISTAKES)
def pass_winning_move_count(game: WythoffGame, args: Args) -> int:
    """The pass (when it wins) and the pile and diagonal moves to the pass game's losing positions."""
    return _pass_count(game)

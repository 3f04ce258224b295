"""Wythoff's verdicts: a move judged by the position it leaves, lists compared entry by entry, a wrong pair placed.

A wrong answer is refuted with something the engine computed (the reply that
wins against a move, the number a losing pair really has) without naming the
right answer, so a lesson can let the learner try again.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from tutor.errors import InvalidParams
from tutor.puzzles import giveaway
from tutor.puzzles.answers import JSON, Verdict
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import (
    grundy_value,
    losing,
    losing_index,
    p_position,
    sum_winning_moves,
    winning_moves,
)
from tutor.puzzles.wythoff.engine.table import GRUNDY_CELLS
from tutor.puzzles.wythoff.rules import (
    Position,
    Rules,
    SumMove,
    WythoffGame,
    apply_sum_move,
    describe_move,
    format_position,
    format_sum_move,
    show_positions,
)
from tutor.screen.text import plural


def move_verdict(game: WythoffGame, answer: SumMove) -> Verdict:
    """A move wins when it reaches a losing position (the nim-sum 0 on several boards); an illegal move raises
    ``IllegalMove``.  The detail refutes a losing move with the opponent's reply, never naming a winning move
    (the command line adds them from ``data``)."""
    rules, boards = game.rules, game.boards
    after = apply_sum_move(rules, boards, answer)
    wins = sum_winning_moves(rules, boards)
    canonical = format_sum_move(answer, boards)
    several = len(boards) > 1
    # on a sum, judged by the nim-sum it leaves: the list skips boards too large to search
    if several and grundy_value(rules, after[answer[0]]) is None:
        x, y = after[answer[0]]
        raise InvalidParams(f"move {canonical!r} leaves board {answer[0] + 1} at {format_position((x, y))!r}, "
                            f"not a losing position, and its Grundy value needs a table of {(x + 1) * (y + 1)} "
                            f"cells (at most {GRUNDY_CELLS}): whether the move wins is out of reach")
    good = losing(rules, after) if several else answer in wins
    data: JSON = {
        "position": [list(b) for b in boards] if several else list(boards[0]),
        "move": [answer[0] + 1, *answer[1]] if several else list(answer[1]),
        "result": [list(b) for b in after] if several else list(after[0]),
        "winning": good,
        "outcome": "lose" if losing(rules, boards) else "win",
        "winning_moves": [[i + 1, *m] for i, m in wins] if several else [list(m) for i, m in wins],
    }
    result = show_positions(after)
    if good:
        summary = f"{canonical} wins: it leaves {result}, a losing position for your opponent"
        detail = "From " + result + " every move hands you a winning position again."
    elif data["outcome"] == "lose":
        summary = f"{canonical} cannot win: {show_positions(boards)} is a losing position, no move wins"
        detail = ("Every move from a losing position reaches a winning one; the best you can do is "
                  "make the game last and hope for a mistake.")
    else:
        summary = f"{canonical} does not win: it leaves {result}, and your opponent can win from there"
        reply = sum_winning_moves(rules, after)
        detail = ""
        if reply:
            left = show_positions(apply_sum_move(rules, after, reply[0]))
            detail = (f"From {result} your opponent plays {format_sum_move(reply[0], after)}, leaving {left}, "
                      "and you face a losing position.")
    return Verdict(good, summary, detail, data, canonical)


def compare_sets(what: str, given: list[Any], truth: list[Any], canonical: str) -> Verdict:
    """A list answer against the true list: what is missing, what is wrongly included."""
    good = given == truth
    missing = [t for t in truth if t not in given]
    extra = [g for g in given if g not in truth]
    if good:
        summary = f"all {len(truth)} {what} and nothing else"
    else:
        summary = f"{len(missing)} of the {what} missing, {len(extra)} wrongly included (where, below)"
    return Verdict(good, summary, "", {"missing": [list(m) if isinstance(m, tuple) else m for m in missing],
                                       "extra": [list(e) if isinstance(e, tuple) else e for e in extra]},
                   canonical)


def kth_detail(rules: Rules, pair: Position, k: int) -> str:
    """Why a pair is not the k-th losing one, without giving the k-th away."""
    j = losing_index(rules, pair)
    if j is not None:
        return (f"({pair[0]}, {pair[1]}) is a losing position, but it is number {j}: number {k} comes "
                f"{'later' if k > j else 'earlier'}.")
    wins = winning_moves(rules, pair)
    if not wins:
        return f"({pair[0]}, {pair[1]}) is not a losing position."
    return not_losing(rules, pair, wins, p_position(rules, k))


def not_losing(rules: Rules, pair: Position, wins: list[Position], answer: Position) -> str:
    """Why ``pair`` is not losing: a move to a losing position, named unless that position is ``answer`` (the
    counterexample stops before the answer: then only how many moves reach one is said)."""
    for f, s in wins:
        x, y = sorted((pair[0] - f, pair[1] - s))
        if (x, y) != tuple(sorted(answer)):
            return (f"({pair[0]}, {pair[1]}) is not a losing position at all: from it you can "
                    f"{describe_move((f, s))} and reach the losing ({x}, {y}).")
    return (f"({pair[0]}, {pair[1]}) is not a losing position at all: {plural(len(wins), 'move')} from it "
            f"{'reaches' if len(wins) == 1 else 'reach'} a losing position.")


def mirror_note(verdict: Verdict, text: str) -> Verdict:
    """A right list of pairs with some written larger pile first (``(2, 1)``): the summary says they were read
    smaller pile first, each mirror image counted once with its pair.

    >>> mirror_note(Verdict(True, "all 2 losing positions"), "(0,0) (2,1)").summary
    'all 2 losing positions (a pair written larger pile first, like (2, 1), is read smaller pile first: a mirror \
image is the same position, counted once)'
    """
    flipped = [(a, b) for a, b in re.findall(r"(\d+)\s*,\s*(\d+)", text) if int(a) > int(b)]
    if not verdict.correct or not flipped:
        return verdict
    return replace(verdict, summary=f"{verdict.summary} (a pair written larger pile first, like ({flipped[0][0]}, "
                                    f"{flipped[0][1]}), is read smaller pile first: a mirror image is the same "
                                    "position, counted once)")


INDEX_COMMAND = re.compile(r"--index[ =]+([\w,]+)")  # the command line's option that prints the k-th pair


def kth_given(kind: Any, game: WythoffGame, args: Args, text: str, learner: str = "") -> str | None:
    """``KthKind.gives_away``: the pair named (``tutor.puzzles.giveaway``), or the command line that prints it:
    ``tutor analyze wythoff --index K`` for this k, or with a K to fill in, is one step from the answer (run it)."""
    k = args["index"]
    found = giveaway.gives_away(text, format_position(p_position(game.rules, k)), learner)
    if found:
        return found
    for said in INDEX_COMMAND.findall(text):
        if not said.isdecimal() or int(said) == k:
            return f"the command that prints losing position number {k} (--index {said})"
    return None

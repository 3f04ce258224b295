"""Typical wrong answers to the Wythoff answer kinds, which ``tutor lint`` sends through every step of a kind to
check that no reply gives the answer away: a list missing one entry or with a neighbour's in its place, the pair
before or after the one asked, a move that does not win, the other outcome.  Each is built from the engine's own
answer for the step's game, so it is wrong for that game; and what of a winning move a text gives away."""

from __future__ import annotations

from typing import Any

from tutor.puzzles.answers import AnswerKind
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import legal_moves, p_position, sum_winning_moves
from tutor.puzzles.wythoff.rules import WythoffGame, format_move, format_pairs, format_position
from tutor.puzzles.wythoff.teach.questions import splits, total_range

SAMPLE = 3  # wrong moves offered per position


def partial_lists(kind: Any, game: WythoffGame, args: Args) -> list[str]:
    """The losing positions with the last one left out, the first left out, and the last off by one."""
    truth = splits(game, args)
    if not truth:
        return []
    x, y = truth[-1]
    out = [truth[:-1], truth[1:], [*truth[:-1], (x, y + 1)]]
    return [format_pairs(pairs) for pairs in out if pairs and pairs != truth]


def partial_totals(kind: Any, game: WythoffGame, args: Args) -> list[str]:
    """The totals with the last left out, the first left out, and every total in the range."""
    totals = sorted({x + y for x, y in splits(game, args)})
    low, high = total_range(args)
    out = [totals[:-1], totals[1:], list(range(low, high + 1))]
    return [", ".join(map(str, t)) for t in out if t and t != totals]


def neighbour_pairs(kind: Any, game: WythoffGame, args: Args) -> list[str]:
    """The pairs before and after the one asked, and its larger pile one too many."""
    k = args["index"]
    x, y = p_position(game.rules, k)
    near = [p_position(game.rules, j) for j in (k - 1, k + 1) if j >= 0]
    return [format_position(p) for p in [*near, (x, y + 1)]]


def losing_moves(kind: Any, game: WythoffGame, args: Args) -> list[str]:
    """A few legal moves that do not win (on one board)."""
    if len(game.boards) != 1:
        return []
    wins = {move for _, move in sum_winning_moves(game.rules, game.boards)}
    return [format_move(m) for m in legal_moves(game.rules, game.boards[0]) if m not in wins][:SAMPLE]


def other_outcome(kind: Any, game: WythoffGame, args: Args) -> list[str]:
    """Both words: the wrong one is judged wrong, the right one is skipped by lint."""
    return ["win", "lose"]


def move_given(kind: Any, game: WythoffGame, args: Args, text: str, learner: str = "") -> str | None:
    """What of a winning move ``text`` gives away (the ``move`` kind's ``gives_away``): on several boards, the move
    written out; on one, nothing is read off a text, since a move's ``F,S`` is no position ("(3, 3)" on the board is
    not the move 3,3) and the positions it leaves are the subject of other steps: ``move_verdict`` never names the
    winning move, by construction."""
    return AnswerKind.gives_away(kind, game, args, text, learner) if len(game.boards) != 1 else None

"""What lessons need beyond the CLI: whole lines of play, proof paragraphs, the riddle's totals.

* A play step with goal "win" must be finishable by one line of moves: the
  learner's fastest winning moves against the perfect computer's replies
  (``winning_line``), which ``Wythoff.play`` accepts in one call
  (``split_moves``) and ``check_answer(..., "play", line)`` judges by replay.
* The sympy analysis, one paragraph per named step (``proof_text``), so a
  lesson can show the argument step by step with ``{{proof_beatty}}``.
* The seed's own question turned round: which totals give the first player a
  win however the pennies are split (``winning_totals``).

Vocabulary: ``line = "0,2 1,1 2:0,3"`` - moves separated by spaces; on a sum of
boards each move names its board without a space (``2:0,3``).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from math import isqrt

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams
from tutor.puzzles import wythoff_play as play
from tutor.puzzles.wythoff_rules import Position, Rules, show_positions

PROOF_KEYS = ("golden", "reciprocals", "beatty", "difference", "no_move", "reach", "exact", "length", "misere")
_ONE_MOVE = re.compile(r"(?:\d+\s*:\s*)?(?:(?:to|->)\s*)?\(?\s*\d+\s*,\s*\d+\s*\)?", re.IGNORECASE)
LINE_LIMIT = 400  # moves in one winning line (a game from piles up to 10,000 lasts far fewer)


def split_moves(text: str) -> list[str]:
    """A line of moves ``"0,2 to 3,5 2:1,1"`` as separate move texts; ``[text]`` when it is one move.

    Moves inside a line need their comma (``"0 2"`` alone is one move, but a
    line of them would be ambiguous).

    >>> split_moves("0,2  1,1")
    ['0,2', '1,1']
    >>> split_moves("to 3, 5")
    ['to 3, 5']
    """
    moves = [m.group(0).strip() for m in _ONE_MOVE.finditer(text)]
    leftover = _ONE_MOVE.sub(" ", text).strip(" ;\t\n")
    if len(moves) < 2 or leftover:
        return [text]
    return moves


def line_move(move: play.SumMove, boards: play.Boards) -> str:
    """A move as written in a line: ``"0,2"``, or ``"2:0,2"`` on several boards (no space)."""
    return play.format_sum_move(move, boards).replace(": ", ":")


def winning_line(rules: Rules, boards: play.Boards, learner_first: bool) -> str | None:
    """The learner's fastest winning moves against the perfect computer, or None if it cannot win.

    The computer (blunder 0) is deterministic, so the line wins in every
    replay of the game, whatever the session's random seed.
    """
    if _over(boards):
        return None
    learner_moved_last = True
    if not learner_first:
        boards = _computer_reply(rules, boards)
        learner_moved_last = False
    moves: list[str] = []
    while not _over(boards):
        wins = play.sum_winning_moves(rules, boards)  # fastest win first
        if not wins or len(moves) >= LINE_LIMIT:
            return None
        moves.append(line_move(wins[0], boards))
        boards = play.apply_sum_move(rules, boards, wins[0])
        learner_moved_last = True
        if not _over(boards):
            boards = _computer_reply(rules, boards)
            learner_moved_last = False
    if not moves or not play.learner_won_on_last_move(rules, learner_moved_last):
        return None
    return " ".join(moves)


def _over(boards: play.Boards) -> bool:
    return all(b == (0, 0) for b in boards)


def _computer_reply(rules: Rules, boards: play.Boards) -> play.Boards:
    """The perfect computer's move (blunder 0 draws no random numbers, so any generator will do)."""
    move = play.computer_move(rules, boards, 0, random.Random(0))
    return play.apply_sum_move(rules, boards, move)


def winning_totals(rules: Rules, low: int, high: int, splits: list[Position]) -> list[int]:
    """Totals in [low, high] with no losing split: the first player wins however they are split."""
    losing = {x + y for x, y in splits}
    return [t for t in range(low, high + 1) if t not in losing]


def alpha_text(a: int) -> str:
    """The limit of A_k / k exactly, (2 - a + sqrt(a^2 + 4))/2 simplified.

    >>> [alpha_text(a) for a in (1, 2, 3, 4)]
    ['(1 + sqrt(5))/2', 'sqrt(2)', '(sqrt(13) - 1)/2', 'sqrt(5) - 1']
    """
    d = a * a + 4
    s = max(f for f in range(1, isqrt(d) + 1) if d % (f * f) == 0)  # d = s^2 * r, r square-free
    r = d // (s * s)
    c, den = 2 - a, 2
    if c % 2 == 0 and s % 2 == 0:
        c, s, den = c // 2, s // 2, 1
    root = f"sqrt({r})" if s == 1 else f"{s}*sqrt({r})"
    body = root if c == 0 else f"{c} + {root}" if c > 0 else f"{root} - {-c}"
    return body if den == 1 else (f"{body}/2" if c == 0 else f"({body})/2")


def alpha_decimal(a: int, digits: int = 10) -> str:
    """A_k / k's limit to ``digits`` decimals, computed with whole numbers (truncated)."""
    scale = 10**digits
    value = (scale * (2 - a) + isqrt(scale * scale * (a * a + 4))) // 2
    return f"{value // scale}.{value % scale:0{digits}d}"


@lru_cache(maxsize=8)
def _analysis(rules: Rules) -> dict[str, str]:
    from tutor.puzzles.wythoff_theory import analysis

    out = {}
    for step in analysis(rules):
        check = ""
        if step.identity:
            check = f"\n  [checked by sympy: {step.identity} - {'true' if step.verified else 'FAILED'}]"
        out[step.key] = f"{step.title}. {step.text}{check}"
    return out


def proof_text(rules: Rules, key: str) -> str:
    """One step of the analysis as a paragraph; ``InvalidParams`` when this variant has no such step."""
    steps = _analysis(rules)
    if key == "all":
        return "\n\n".join(f"{i}. {text}" for i, text in enumerate(steps.values(), 1))
    if key not in steps:
        raise InvalidParams(f"the analysis of {rules.describe()} has no step {key!r} "
                            f"(it has: {', '.join(steps)})")
    return steps[key]


def judge_line(rules: Rules, boards: play.Boards, learner_first: bool, text: str) -> tuple[bool, str, str]:
    """Replay a line of moves against the perfect computer: (won, summary, detail).

    Raises ``InvalidNotation``/``IllegalMove`` for a move that does not parse or breaks the rules.
    """
    if not text.strip():
        raise InvalidNotation("a line of play needs at least one move, like '0,2 1,1'")
    moves = split_moves(text)
    if _over(boards):
        raise IllegalMove(f"line {text!r}: the game starts with no pennies left, so no move can be played")
    if not learner_first:
        boards = _computer_reply(rules, boards)
    for number, move_text in enumerate(moves, 1):
        boards = play.apply_sum_move(rules, boards, play.parse_sum_move(move_text, boards))
        if _over(boards):
            won = play.learner_won_on_last_move(rules, True)
            extra = len(moves) - number
            tail = f" ({extra} move(s) after the end ignored)" if extra else ""
            return won, f"your move {number} takes the last penny: you {'win' if won else 'lose'}{tail}", ""
        boards = _computer_reply(rules, boards)
        if _over(boards):
            won = play.learner_won_on_last_move(rules, False)
            return won, (f"after your move {number} the computer takes the last penny: "
                         f"you {'win' if won else 'lose'}"), ""
    return False, f"after {len(moves)} move(s) the game is not over", \
        f"The piles left: {show_positions(boards)}, your move."

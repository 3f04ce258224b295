"""Playing Wythoff against the computer: one board or a sum of boards, perfect or with blunders.

The learner moves, the computer replies (``engine.computer_move``: the
fastest win or the longest loss, the nim-sum on several boards, and with
``blunder = p`` a random move with probability p percent).  Randomness comes
from the seed stored in the immutable state, so a game replays identically.

A play step with goal "win" must be finishable by one line of moves: the
learner's fastest winning moves against the perfect computer's replies
(``winning_line``); ``WythoffPlay.judge`` replays such a line (``judge_line``).

Vocabulary: ``line = "0,2 1,1 2:0,3"`` - moves separated by spaces; on a sum of
boards each move names its board without a space (``2:0,3``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams
from tutor.puzzles.answers import Hint, Level, Rung, Verdict
from tutor.puzzles.giveaway import pairs_in
from tutor.puzzles.options import Args, Option
from tutor.puzzles.play import LEARNER, OPPONENT, Play, Turn
from tutor.puzzles.wythoff.engine import computer_move, losing, remoteness, sum_winning_moves
from tutor.puzzles.wythoff.rules import (
    Boards,
    Rules,
    SumMove,
    WythoffGame,
    apply_sum_move,
    describe_move,
    finished,
    format_positions,
    learner_won_on_last_move,
    legal_moves,
    line_move,
    parse_sum_move,
    read_sum_move,
    show_positions,
    split_moves,
)
from tutor.puzzles.wythoff.teach.hints import position_hints
from tutor.screen.shown import Drawn
from tutor.screen.text import plural

GAME_PILE_LIMIT = 10_000  # largest pile in a game against the computer (the loser's search enumerates moves)
LINE_LIMIT = 400  # moves in one winning line (a game from piles up to 10,000 lasts far fewer)


@dataclass(frozen=True)
class WythoffState:
    """A game in progress: the game and settings, the boards, whose turn it is, and the random seed."""

    game: WythoffGame
    settings: Args  # blunder, first, size
    boards: Boards
    learner_to_move: bool
    seed: int
    ply: int = 0
    moves: tuple[tuple[Boards, SumMove], ...] = ()  # the learner's moves so far, each with the boards it was made on

    @property
    def finished(self) -> bool:
        """Whether every penny is gone."""
        return finished(self.boards)

    def rng(self) -> random.Random:
        """The random generator of this ply, derived from the game's seed."""
        return random.Random(self.seed * 1_000_003 + self.ply)


class WythoffPlay(Play[WythoffGame, WythoffState, SumMove]):
    """Moves against the computer, which replies at once."""

    settings = (
        Option("blunder", int, 0, "chance in percent that the computer plays a random move (0 = perfect)",
               minimum=0, maximum=100, metavar="P"),
        Option("first", str, "learner", "who moves first in a game", choices=("learner", "computer")),
        Option("size", int, 20, "largest pile of a random starting position", minimum=1,
               maximum=GAME_PILE_LIMIT, metavar="N"),
    )
    description = "moves against the computer, one at a time ('0,2'), or a whole line ('0,2 1,1')"

    def start(self, game: WythoffGame, settings: Args, rng: random.Random) -> WythoffState:
        """A fresh game from ``position`` (or a random winning start up to ``size``); the computer may open.

        On an empty board the game is over before it starts: whoever is to move has lost
        (normal play) or won (misère play), as if the other player had taken the last penny.
        """
        rules = game.rules
        if game.start:
            boards = game.start
        else:
            size = settings["size"]
            while True:
                board = (rng.randint(1, size), rng.randint(1, size))
                if size < 3 or not losing(rules, (board,)):
                    break  # start from a winning position so the learner can win
            boards = (board,)
        if any(max(b) > GAME_PILE_LIMIT for b in boards):
            raise InvalidParams(f"games are played with piles up to {GAME_PILE_LIMIT}; "
                                f"{format_positions(boards)!r} is too large")
        state = WythoffState(game, settings, boards, settings["first"] == "learner", rng.randrange(2**32))
        if not state.learner_to_move and not state.finished:
            state, _ = self._computer_turn(state)
        return state

    def legal_moves(self, state: WythoffState) -> list[SumMove]:
        """Every move on every board, board by board, fewest pennies first."""
        if state.finished:
            return []
        rules = state.game.rules
        return [(i, m) for i, board in enumerate(state.boards) for m in legal_moves(rules, board)]

    def parse_move(self, state: WythoffState, text: str) -> SumMove:
        """``F,S``, ``to X,Y`` or ``BOARD: F,S`` (``F,S`` read as the piles to leave when only that is a move);
        ``IllegalMove`` when the rules forbid it."""
        return read_sum_move(state.game.rules, state.boards, text)[0]

    def note(self, state: WythoffState, text: str) -> str | None:
        """How a single move written as the piles to leave was read (``'8,13' is read as 'to 8,13': ...``)."""
        if len(self.split(state, text)) != 1 or state.finished:
            return None
        note = read_sum_move(state.game.rules, state.boards, text)[1]
        return note + "." if note else None

    def play_text(self, state: WythoffState, text: str) -> Turn[WythoffState]:
        """The line played; a single move read as the piles to leave says so first."""
        turn = super().play_text(state, text)
        note = self.note(state, text)
        return Turn(turn.state, (note, *turn.replies)) if note else turn

    def format_move(self, state: WythoffState, move: SumMove) -> str:
        """As written in a line: ``0,2``, or ``2:0,2`` on several boards."""
        return line_move(move, state.boards)

    def apply(self, state: WythoffState, move: SumMove) -> Turn[WythoffState]:
        """The learner's move, then the computer's reply (unless the learner took the last penny)."""
        rules = state.game.rules
        was_losing = losing(rules, state.boards)
        boards = apply_sum_move(rules, state.boards, move)
        replies = [f"You {describe_move(move[1])}, leaving {show_positions(boards)}."]
        if not was_losing and not losing(rules, boards) and not finished(boards):
            replies.append(handed_over(rules, boards))
        after = WythoffState(state.game, state.settings, boards, False, state.seed, state.ply + 1,
                             (*state.moves, (state.boards, move)))
        if after.finished:
            won = learner_won_on_last_move(rules, True)
            replies.append("You took the last penny: " + ("you win!" if won else "in misère play that loses."))
            return Turn(after, tuple(replies))
        after, reply = self._computer_turn(after)
        replies.append(reply)
        if after.finished:
            won = learner_won_on_last_move(rules, False)
            replies.append("The computer took the last penny: " + ("you win!" if won else "you lose."))
        return Turn(after, tuple(replies))

    @staticmethod
    def _computer_turn(state: WythoffState) -> tuple[WythoffState, str]:
        rules = state.game.rules
        move = computer_move(rules, state.boards, state.settings["blunder"], state.rng())
        boards = apply_sum_move(rules, state.boards, move)
        where = f" on board {move[0] + 1}" if len(boards) > 1 else ""
        reply = f"The computer's move: {describe_move(move[1])}{where}, leaving {show_positions(boards)}."
        return WythoffState(state.game, state.settings, boards, True, state.seed, state.ply + 1, state.moves), reply

    def winner(self, state: WythoffState) -> str | None:
        """Once the last penny is gone: its taker in normal play, the other player in misère."""
        if not state.finished:
            return None
        won = learner_won_on_last_move(state.game.rules, not state.learner_to_move)
        return LEARNER if won else OPPONENT

    def render(self, state: WythoffState) -> str:
        """The boards as rows of pennies, and whose move it is."""
        lines = []
        for number, (x, y) in enumerate(state.boards, 1):
            label = f"board {number}: " if len(state.boards) > 1 else ""
            lines.append(f"{label}first  pile {x:3}  " + "o" * min(x, 60) + ("..." if x > 60 else ""))
            lines.append(f"{' ' * len(label)}second pile {y:3}  " + "o" * min(y, 60) + ("..." if y > 60 else ""))
        if state.finished:
            lines.append("No pennies left: the game is over.")
        else:
            lines.append("Your move." if state.learner_to_move else "The computer's move.")
        return "\n".join(lines)

    def hints(self, state: WythoffState) -> Sequence[Hint]:
        """The ladder for the boards as they stand; once the game is over, what decided it."""
        if not state.finished:
            return position_hints(state.game.rules, state.boards)
        won = self.winner(state) == LEARNER
        over = Rung(f"The game is over: you {'won' if won else 'lost'}. /reset plays it again from the start, "
                    "/undo takes back your moves.", Level.NUDGE)
        return [over, *(Rung(text, Level.CONCEPT) for text in self.hindsight([state]))]

    def comment(self, before: WythoffState, after: WythoffState) -> list[Drawn]:
        """A move that gave a win away, with the move that would have kept it; from a losing position on one board,
        a move the computer answered by taking the last penny, when another would have made the game last."""
        if not after.moves or after.moves[-1][0] != before.boards:
            return []
        rules, (boards, move) = before.game.rules, after.moves[-1]
        if not losing(rules, boards):
            return [] if losing(rules, apply_sum_move(rules, boards, move)) else \
                [lost_win(rules, len(after.moves), boards, move)]
        if rules.misere or not (after.finished and len(boards) == 1 and self.winner(after) == OPPONENT):
            return []
        longest = max(legal_moves(rules, boards[0]),
                      key=lambda m: remoteness(rules, apply_sum_move(rules, boards, (0, m))[0]))
        left = apply_sum_move(rules, boards, (0, longest))[0]
        if remoteness(rules, left) <= 1:
            return []
        return [f"From {show_positions(boards)} every move loses against perfect play, but {line_move(move, boards)} "
                f"let the computer take the last penny at once. To {describe_move(longest)} would have made the game "
                f"last: it leaves {show_positions((left,))}, which the computer cannot clear in one move."]

    def hindsight(self, trail: Sequence[WythoffState]) -> list[Drawn]:
        """After a lost game, the move that gave the win away and the one that would have kept it; after a won
        game on one board, the move that made the win slower than the fastest."""
        last = trail[-1]
        rules = last.game.rules
        if self.winner(last) != LEARNER:
            lost: list[Drawn] = [lost_win(rules, number, boards, move)
                                 for number, (boards, move) in enumerate(last.moves, 1)
                                 if not losing(rules, boards) and not losing(rules, apply_sum_move(rules, boards, move))
                                 ]
            return lost[:1]
        if last.settings["blunder"] or not last.moves or len(last.moves[0][0]) > 1:
            return []
        return slower_win(rules, last.moves)

    def meter(self, state: WythoffState) -> str | None:
        """On track (a sure win, in how many of the learner's moves) or not, for the learner to move."""
        if state.finished or not state.learner_to_move:
            return None
        rules = state.game.rules
        if losing(rules, state.boards):
            return "Off track: against perfect play this position loses; make the game last."
        if len(state.boards) > 1:
            return "On track: the nim-sum is not 0, so a move to nim-sum 0 keeps a sure win."
        mine = (remoteness(rules, state.boards[0]) + 1) // 2
        return f"On track: a sure win in {plural(mine, 'move')} of yours."

    def gives_away(self, state: WythoffState, text: str) -> str | None:
        """A move that wins now named in ``text`` (``F,S``), or the losing position it leaves (``(3, 5)``), on a
        single board; the winning line written out on any."""
        if not state.finished and state.learner_to_move and len(state.boards) == 1:
            named = {p for p in pairs_in(text) for p in (p, p[::-1])}
            for move in sum_winning_moves(state.game.rules, state.boards):
                _, taken = move
                left = apply_sum_move(state.game.rules, state.boards, move)[0]
                if taken in named or tuple(left) in named:
                    return f"the winning move {line_move(move, state.boards)}, to {tuple(left)}"
        return super().gives_away(state, text)

    def solution(self, state: WythoffState) -> str | None:
        """The fastest winning line from the game as it stands, against perfect replies.

        None while the computer blunders on purpose (no line wins every replay) or when the game is lost.
        """
        if state.settings["blunder"] or not state.learner_to_move:
            return None
        return winning_line(state.game.rules, state.boards, True)

    def reference(self, game: WythoffGame, settings: Args) -> str | None:
        """The winning line from ``position``; None for a random start, blunders, or a lost start."""
        if settings["blunder"] or not game.start:
            return None
        return winning_line(game.rules, game.start, settings["first"] == "learner")

    def split(self, state: WythoffState, text: str) -> list[str]:
        """The moves of a line (one move may be written with a space: ``0 2``)."""
        return split_moves(text)

    def judge(self, game: WythoffGame, settings: Args, text: str) -> Verdict:
        """A whole line, replayed against the perfect computer from ``position``."""
        if settings["blunder"]:
            raise InvalidParams("a line of play is judged against the perfect computer: set blunder to 0")
        won, summary, detail = judge_line(game.rules, game.boards, settings["first"] == "learner", text)
        moves = split_moves(text)
        canonical = " ".join(" ".join(m.split()) for m in moves)
        return Verdict(won, summary, detail, {"won": won}, canonical, length=len(moves))


PLAY = WythoffPlay()


# -- what a game teaches: the reply that punishes a blunder, the move that kept the win ---------------------


def handed_over(rules: Rules, boards: Boards) -> str:
    """Why the learner's move lost the win: the computer's reply from ``boards`` that leaves a losing position."""
    replies = sum_winning_moves(rules, boards)
    if not replies:
        return "That hands the computer a winning position."
    number, reply = replies[0]
    where = f" on board {number + 1}" if len(boards) > 1 else ""
    left = apply_sum_move(rules, boards, replies[0])
    then = (": no pennies are left, and you lose" if finished(left) and not rules.misere else
            ", where every move you make has an answer")
    return (f"That hands the computer a winning position: from {show_positions(boards)} it can "
            f"{describe_move(reply)}{where} and leave you {show_positions(left)}{then}.")


def lost_win(rules: Rules, number: int, boards: Boards, move: SumMove) -> str:
    """The learner's move that turned a win into a loss, and the move that would have kept the win."""
    best = sum_winning_moves(rules, boards)[0]
    where = f" on board {best[0] + 1}" if len(boards) > 1 else ""
    return (f"Your move {number} ({line_move(move, boards)}) from {show_positions(boards)} gave the win away. "
            f"To {describe_move(best[1])}{where} would have kept it: that leaves "
            f"{show_positions(apply_sum_move(rules, boards, best))}, a losing position for the computer.")


def slower_win(rules: Rules, moves: Sequence[tuple[Boards, SumMove]]) -> list[Drawn]:
    """On one board: a won game longer than the fastest win, and the first move that was not the fastest."""
    start = moves[0][0][0]
    fastest = (remoteness(rules, start) + 1) // 2
    if len(moves) <= fastest:
        return []
    for number, (boards, move) in enumerate(moves, 1):
        best = sum_winning_moves(rules, boards)[0]
        if move != best:
            return [f"You won in {plural(len(moves), 'move')}; the fastest win from {show_positions((start,))} "
                    f"takes {fastest}. Your move {number}, {line_move(move, boards)}, reached a losing position "
                    f"further from the end than {line_move(best, boards)} does."]
    return []


# -- whole lines against the perfect computer ---------------------------------------------------------


def _perfect_reply(rules: Rules, boards: Boards) -> Boards:
    """The perfect computer's move (blunder 0 draws no random numbers, so any generator will do)."""
    move = computer_move(rules, boards, 0, random.Random(0))
    return apply_sum_move(rules, boards, move)


def winning_line(rules: Rules, boards: Boards, learner_first: bool) -> str | None:
    """The learner's fastest winning moves against the perfect computer, or None if it cannot win.

    The computer (blunder 0) is deterministic, so the line wins in every
    replay of the game, whatever the session's random seed.
    """
    if finished(boards):
        return None
    learner_moved_last = True
    if not learner_first:
        boards = _perfect_reply(rules, boards)
        learner_moved_last = False
    moves: list[str] = []
    while not finished(boards):
        wins = sum_winning_moves(rules, boards)  # fastest win first
        if not wins or len(moves) >= LINE_LIMIT:
            return None
        moves.append(line_move(wins[0], boards))
        boards = apply_sum_move(rules, boards, wins[0])
        learner_moved_last = True
        if not finished(boards):
            boards = _perfect_reply(rules, boards)
            learner_moved_last = False
    if not moves or not learner_won_on_last_move(rules, learner_moved_last):
        return None
    return " ".join(moves)


def judge_line(rules: Rules, boards: Boards, learner_first: bool, text: str) -> tuple[bool, str, str]:
    """Replay a line of moves against the perfect computer: (won, summary, detail).

    Raises ``InvalidNotation``/``IllegalMove`` for a move that does not parse or breaks the rules.
    """
    if not text.strip():
        raise InvalidNotation("a line of play needs at least one move, like '0,2 1,1'")
    moves = split_moves(text)
    if finished(boards):
        raise IllegalMove(f"line {text!r}: the game starts with no pennies left, so no move can be played")
    if not learner_first:
        boards = _perfect_reply(rules, boards)
    for number, move_text in enumerate(moves, 1):
        boards = apply_sum_move(rules, boards, parse_sum_move(move_text, boards))
        if finished(boards):
            won = learner_won_on_last_move(rules, True)
            extra = len(moves) - number
            tail = f" ({plural(extra, 'move')} after the end ignored)" if extra else ""
            return won, f"your move {number} takes the last penny: you {'win' if won else 'lose'}{tail}", ""
        boards = _perfect_reply(rules, boards)
        if finished(boards):
            won = learner_won_on_last_move(rules, False)
            return won, (f"after your move {number} the computer takes the last penny: "
                         f"you {'win' if won else 'lose'}"), ""
    return False, f"after {plural(len(moves), 'move')} the game is not over", \
        f"The piles left: {show_positions(boards)}, your move."

"""Playing Wythoff with a pass against the computer: the learner's moves, the pass among them, and the replies.

The computer (``engine.passing.pass_computer_move``) wins whenever it can; from a losing position it leaves the
fewest winning replies, taking few pennies, so the learner must find a rare move and the game lasts; with
``blunder = p`` it plays a random move with probability p percent.  Randomness comes from the seed kept in the
immutable state, so a game replays identically.

A move that throws a win away is told why, with the computer's answer as the counterexample (the pass handing
over a winning position of plain Wythoff, a pair of plain Wythoff reached while the pass is still there, a
position of the pass game with a reply), never with the move that would have won: that is the hint ladder's
last rung.

Vocabulary: ``line = "pass 0,2 to 1,1"`` - moves separated by spaces (``rules.notation``); a move is ``F,S``,
``to X,Y``, ``pass``, or one move in words ("take 2 from both piles", "I pass").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles.answers import Hint, Level, Rung, Verdict
from tutor.puzzles.giveaway import pairs_in
from tutor.puzzles.options import Args
from tutor.puzzles.play import LEARNER, OPPONENT, Play, Turn
from tutor.puzzles.wythoff.engine.passing import pass_computer_move, pass_losing, pass_winning_moves
from tutor.puzzles.wythoff.rules import show_positions
from tutor.puzzles.wythoff.rules.notation import pass_line_error, split_pass_moves
from tutor.puzzles.wythoff.rules.passing import (
    PASS,
    PassGame,
    PassMove,
    PassPosition,
    PassRules,
    apply_pass_move,
    describe_pass_move,
    format_pass_move,
    pass_legal_moves,
    read_pass_move,
)
from tutor.puzzles.wythoff.teach.hints import pass_hints
from tutor.puzzles.wythoff.teach.pass_reasons import said, tells_pass, thrown_away
from tutor.puzzles.wythoff.teach.play import WythoffPlay
from tutor.screen.shown import Drawn

PASS_PILE_LIMIT = 1_000  # largest pile of a pass game against the computer (a losing computer tries every move)
LINE_LIMIT = 400  # moves in one winning line (a game from piles up to 1,000 lasts far fewer)


@dataclass(frozen=True)
class PassState:
    """A pass game in progress: the game and settings, the piles and the pass, whose turn it is, the random seed,
    the learner's moves (each with the position it was made from) and who used the pass."""

    game: PassGame
    settings: Args  # blunder, first, size
    pos: PassPosition
    learner_to_move: bool
    seed: int
    ply: int = 0
    moves: tuple[tuple[PassPosition, PassMove], ...] = ()
    passer: str | None = None  # LEARNER or OPPONENT, once the pass is used
    last: PassMove | None = None  # the computer's last move, while the learner is to move

    @property
    def rules(self) -> PassRules:
        """The pass game played."""
        return self.game.pass_rules

    @property
    def finished(self) -> bool:
        """Whether the player to move has no move: no penny left, and no pass allowed."""
        return next(pass_legal_moves(self.rules, self.pos), None) is None

    def rng(self) -> random.Random:
        """The random generator of this ply, derived from the game's seed."""
        return random.Random(self.seed * 1_000_003 + self.ply)

    def moved(self, move: PassMove, by_learner: bool) -> PassState:
        """The state after ``move`` by the player to move (the learner's moves recorded)."""
        who = LEARNER if by_learner else OPPONENT
        moves = (*self.moves, (self.pos, move)) if by_learner else self.moves
        return PassState(self.game, self.settings, apply_pass_move(self.rules, self.pos, move), not by_learner,
                         self.seed, self.ply + 1, moves, who if move == PASS else self.passer,
                         None if by_learner else move)


class PassPlay(Play[PassGame, PassState, PassMove]):
    """Moves against the computer in Wythoff with a pass, which replies at once."""

    settings = WythoffPlay.settings
    description = "moves against the computer, 'pass' among them: one at a time, or a whole line ('pass 0,2')"

    def start(self, game: PassGame, settings: Args, rng: random.Random) -> PassState:
        """A fresh game from ``position`` with the pass left (or a random winning start up to ``size``); the
        computer may open."""
        rules = game.pass_rules
        if game.start:
            x, y = game.start[0]
        else:
            size = min(settings["size"], PASS_PILE_LIMIT)
            while True:
                x, y = rng.randint(1, size), rng.randint(1, size)
                if size < 3 or not pass_losing(rules, (x, y, 1)):
                    break  # start from a winning position so the learner can win
        if max(x, y) > PASS_PILE_LIMIT:
            raise InvalidParams(f"the pass game is played with piles up to {PASS_PILE_LIMIT:,}; "
                                f"{show_positions(((x, y),))} is too large")
        state = PassState(game, settings, (x, y, 1), settings["first"] == "learner", rng.randrange(2**32))
        if not state.learner_to_move and not state.finished:
            state = _computer_turn(state)[0]
        return state

    def legal_moves(self, state: PassState) -> list[PassMove]:
        """The pass first (while it is a move), then Wythoff's moves, fewest pennies first."""
        return list(pass_legal_moves(state.rules, state.pos))

    def parse_move(self, state: PassState, text: str) -> PassMove:
        """``F,S``, ``to X,Y``, ``pass`` or one move in words; a text that begins as a line and breaks is told
        where it breaks."""
        try:
            return read_pass_move(state.rules, state.pos, text)[0]
        except InvalidNotation:
            broken = pass_line_error(text)
            if broken is not None:
                raise broken from None
            raise

    def split(self, state: PassState, text: str) -> list[str]:
        """The moves of a line (``rules.notation``'s ``pass_line``); one move in words is one move."""
        return split_pass_moves(text)

    def note(self, state: PassState, text: str) -> str | None:
        """How a single move written as the piles to leave was read."""
        if len(self.split(state, text)) != 1 or state.finished:
            return None
        note = read_pass_move(state.rules, state.pos, text)[1]
        return note + "." if note else None

    def play_text(self, state: PassState, text: str) -> Turn[PassState]:
        """The line played; a single move read as the piles to leave says so first."""
        turn = super().play_text(state, text)
        note = self.note(state, text)
        return Turn(turn.state, (note, *turn.replies)) if note else turn

    def format_move(self, state: PassState, move: PassMove) -> str:
        """``pass`` or ``0,2``."""
        return format_pass_move(move)

    def apply(self, state: PassState, move: PassMove) -> Turn[PassState]:
        """The learner's move, then the computer's reply (unless the computer is left without a move)."""
        after = state.moved(move, by_learner=True)
        replies: list[Drawn] = [f"You {_did(move, after.pos)}."]
        if after.finished:
            return Turn(after, (*replies, _over(after, move)))
        after, reply, answer = _computer_turn(after)
        return Turn(after, (*replies, reply, *([_over(after, answer)] if after.finished else [])))

    def winner(self, state: PassState) -> str | None:
        """Once the player to move has no move: the other player."""
        if not state.finished:
            return None
        return OPPONENT if state.learner_to_move else LEARNER

    def render(self, state: PassState) -> str:
        """The piles as rows of pennies, the pass, and whose move it is."""
        x, y, passes = state.pos
        lines = [f"first  pile {x:3}  " + "o" * min(x, 60) + ("..." if x > 60 else ""),
                 f"second pile {y:3}  " + "o" * min(y, 60) + ("..." if y > 60 else ""),
                 "the pass       " + ("still there (one for the whole game, for either player)" if passes else
                                     f"used by {'you' if state.passer == LEARNER else 'the computer'}")]
        if state.finished:
            lines.append("No move is left: the game is over.")
        elif state.learner_to_move:
            last = state.last
            lines.append("Your move." if last is None else
                         f"The computer's last move: {describe_pass_move(last)}. Your move.")
        else:
            lines.append("The computer's move.")
        return "\n".join(lines)

    def hints(self, state: PassState) -> Sequence[Hint]:
        """The ladder for the position as it stands; once the game is over, what decided it."""
        if not state.finished:
            return pass_hints(state.rules, state.pos)
        won = self.winner(state) == LEARNER
        over = Rung(f"The game is over: you {'won' if won else 'lost'}. /reset plays it again from the start, "
                    "/undo takes back your moves.", Level.NUDGE)
        return [over, *(Rung(text, Level.CONCEPT) for text in self.hindsight([state]))]

    def comment(self, before: PassState, after: PassState) -> list[Drawn]:
        """A move that gave a win away: why, with the computer's answer as the counterexample (never the move that
        would have kept the win)."""
        if not after.moves or after.moves[-1][0] != before.pos:
            return []
        start, move = after.moves[-1]
        left = apply_pass_move(before.rules, start, move)
        reply: PassMove = PASS if after.pos[:2] == left[:2] else (left[0] - after.pos[0], left[1] - after.pos[1])
        return [why] if (why := thrown_away(before.rules, start, move, reply)) else []

    def hindsight(self, trail: Sequence[PassState]) -> list[Drawn]:
        """After a lost game, the move that gave the win away and why (the winning move stays the hints')."""
        last = trail[-1]
        if self.winner(last) == LEARNER:
            return []
        for number, (start, move) in enumerate(last.moves, 1):
            why = thrown_away(last.rules, start, move)
            if why:
                piles = show_positions((start[:2],))
                return [f"Your move {number} ({format_pass_move(move)}) from {piles} gave the win away. {why}"]
        return []

    def meter(self, state: PassState) -> str | None:
        """On track (a sure win) or not, for the learner to move."""
        if state.finished or not state.learner_to_move:
            return None
        if pass_losing(state.rules, state.pos):
            return "Off track: against perfect play this position loses; make the game last."
        return "On track: against perfect play you win from here."

    def gives_away(self, state: PassState, text: str) -> str | None:
        """A move that wins now named in ``text`` (``F,S``, or the position it leaves), the pass said to win, or
        the winning line written out."""
        if not state.finished and state.learner_to_move:
            named = {p for p in pairs_in(text) for p in (p, p[::-1])}
            for move in pass_winning_moves(state.rules, state.pos):
                if move == PASS:
                    if tells_pass(text, state.pos):
                        return "that the pass wins here"
                    continue
                left = apply_pass_move(state.rules, state.pos, move)[:2]
                if move in named or left in named:
                    return f"the winning move {format_pass_move(move)}, to {left}"
        return super().gives_away(state, text)

    def solution(self, state: PassState) -> str | None:
        """The winning line from the game as it stands, against perfect replies; None while the computer blunders
        on purpose, or when the game is lost."""
        if state.settings["blunder"] or not state.learner_to_move:
            return None
        return winning_line(state)

    def reference(self, game: PassGame, settings: Args) -> str | None:
        """The winning line from ``position``; None for a random start, blunders, or a lost start."""
        if settings["blunder"] or not game.start:
            return None
        return winning_line(self.start(game, settings, random.Random(0)))

    def judge(self, game: PassGame, settings: Args, text: str) -> Verdict:
        """A whole line, replayed against the perfect computer from ``position``."""
        if settings["blunder"]:
            raise InvalidParams("a line of play is judged against the perfect computer: set blunder to 0")
        return super().judge(game, settings, text)


PASS_PLAY = PassPlay()


def _computer_turn(state: PassState) -> tuple[PassState, str, PassMove]:
    """The computer's move: the state after it, what the tutor says, and the move."""
    move = pass_computer_move(state.rules, state.pos, state.settings["blunder"], state.rng())
    after = state.moved(move, by_learner=False)
    if move == PASS:
        text = f"The computer passes: the piles stay at {show_positions((after.pos[:2],))}, and the pass is used up."
    else:
        text = f"The computer's move: {describe_pass_move(move)}, leaving {said(after.pos)}."
    return after, text, move


def _did(move: PassMove, left: PassPosition) -> str:
    """What the learner did: ``pass: the piles stay ...`` or ``take 2 from both piles, leaving ...``."""
    if move == PASS:
        return f"pass: the piles stay at {show_positions((left[:2],))}, and the pass is used up"
    return f"{describe_pass_move(move)}, leaving {said(left)}"


def _over(state: PassState, last: PassMove) -> str:
    """Who won, after the last move ``last``: the last penny taken, or the pass used at (0, 0) (``pass_at_end``)."""
    if state.learner_to_move:
        return ("The computer used the pass at (0, 0): you have no move left, and you lose." if last == PASS else
                "The computer took the last penny: you lose.")
    return ("You used the pass at (0, 0): the computer has no move left, and you win!" if last == PASS else
            "You took the last penny: you win!")


def winning_line(state: PassState) -> str | None:
    """The learner's winning moves (the first of each position's winning moves) against the perfect computer from
    ``state``, the learner to move; None when the learner cannot win."""
    moves: list[str] = []
    while not state.finished:
        wins = pass_winning_moves(state.rules, state.pos)
        if not wins or len(moves) >= LINE_LIMIT:
            return None
        moves.append(format_pass_move(wins[0]))
        state = state.moved(wins[0], by_learner=True)
        if not state.finished:
            state = state.moved(pass_computer_move(state.rules, state.pos, 0, random.Random(0)), by_learner=False)
    return " ".join(moves) if moves and not state.learner_to_move else None

"""Step-by-step play: the typed interface a family implements to be played move by move.

``Play`` gives legal moves, a move parse/format pair, apply (the learner's move
and the opponent's reply), the winner, and a rendering of the state.
``PlayKind`` turns it into the answer kind ``"play"`` that lesson steps ask for;
nothing outside this module treats that kind specially by name.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from tutor.errors import IllegalMove, InvalidNotation
from tutor.puzzles.answers import AnswerKind, Hint, Verdict
from tutor.puzzles.options import Args, Option, resolve
from tutor.screen.shown import Drawn, join, text_of
from tutor.screen.text import plural

G = TypeVar("G")  # a family's game object
S = TypeVar("S")  # a play state
M = TypeVar("M")  # a play move

LEARNER = "learner"  # Play.winner values
OPPONENT = "opponent"


@dataclass(frozen=True)
class Turn(Generic[S]):
    """The result of one learner move in a game: the new state and what the tutor says."""

    state: S
    replies: tuple[Drawn, ...]


# -- play ---------------------------------------------------------------------------------------


class Play(ABC, Generic[G, S, M]):
    """Step-by-step games: the learner moves, the opponent (if any) replies.

    States are immutable and carry everything needed to continue (the game,
    the settings, the position), so a session can keep them for /undo.
    ``settings`` declares the play settings (who moves first, how well the
    computer plays) that a lesson step passes with its arguments.
    """

    settings: ClassVar[tuple[Option, ...]] = ()
    description: ClassVar[str] = "moves one at a time"

    @abstractmethod
    def start(self, game: G, settings: Args, rng: random.Random) -> S:
        """A fresh state (a random start drawn from ``rng`` where the settings ask for one)."""

    @abstractmethod
    def legal_moves(self, state: S) -> Sequence[M]:
        """Every move the learner may make now (empty when the game is over)."""

    @abstractmethod
    def parse_move(self, state: S, text: str) -> M:
        """Read one move; ``InvalidNotation`` or ``IllegalMove`` quoting the text."""

    @abstractmethod
    def format_move(self, state: S, move: M) -> str:
        """Write one move as ``parse_move`` reads it."""

    @abstractmethod
    def apply(self, state: S, move: M) -> Turn[S]:
        """The learner's move and the opponent's reply."""

    @abstractmethod
    def winner(self, state: S) -> str | None:
        """``LEARNER`` or ``OPPONENT`` once the game is over, None while it goes on."""

    @abstractmethod
    def render(self, state: S) -> Drawn:
        """The state as text (board, belief, piles) for /show."""

    def terminal(self, state: S) -> bool:
        """Whether the game is over."""
        return self.winner(state) is not None

    def hints(self, state: S) -> Sequence[Hint]:
        """The hint ladder for the state: rungs from nudge to move (a bare text is a concept)."""
        return []

    def comment(self, before: S, after: S) -> list[Drawn]:
        """What to say about the learner's move that took ``before`` to ``after`` (the opponent's reply played):
        a win thrown away (and the reply that now wins), a move that does not help.  Nothing by default."""
        return []

    def hindsight(self, trail: Sequence[S]) -> list[Drawn]:
        """Once a game is over (``trail``: every state from the start to the last), what the learner can learn
        from it: the move that would have kept the win, a win longer than the shortest and where the extra moves
        were.  Nothing by default."""
        return []

    def meter(self, state: S) -> str | None:
        """Whether a sure win is still in reach from ``state``, and in how many moves, in one line (None: the
        family has no such measure).  Shown after each move where a lesson step asks for it."""
        return None

    def solution(self, state: S) -> Drawn | None:
        """Moves that win from the state (for /solution mid-game), or None."""
        return None

    def reference(self, game: G, settings: Args) -> Drawn | None:
        """A line of moves that wins from the start, or None (no win, or a random start)."""
        return None

    def gives_away(self, state: S, text: str) -> str | None:
        """What ``text`` (a reply to a move) gives away of how to win from ``state``, the position now on screen:
        by default the line ``solution`` gives, written out whole.  None: nothing."""
        line = self.solution(state)
        said = " ".join(text_of(line).split()) if line is not None else ""
        return f"the moves that win from here, {said!r}" if said and said in " ".join(text.split()) else None

    def split(self, state: S, text: str) -> list[str]:
        """A line of several moves, one text per move."""
        return text.split()

    def play_text(self, state: S, text: str) -> Turn[S]:
        """Play a line of one or more moves, stopping when the game ends.

        A move that does not parse or breaks the rules raises, naming its place
        in the line; states are immutable, so a line is played whole or not at all.
        """
        moves = self.split(state, text)
        if not moves:
            raise InvalidNotation(f"{text!r}: name a move")
        replies: list[Drawn] = []
        for number, word in enumerate(moves, 1):
            if self.terminal(state):
                left = plural(len(moves) - number + 1, 'move')
                replies.append(f"The game is over: the last {left} were not played.")
                break
            try:
                move = self.parse_move(state, word)
            except (InvalidNotation, IllegalMove) as err:
                if len(moves) == 1:
                    raise
                raise type(err)(f"move {number} of the line: {err}") from None
            turn = self.apply(state, move)
            replies.extend(turn.replies)
            replies.extend(self.comment(state, turn.state))
            state = turn.state
        return Turn(state, tuple(replies))

    def judge(self, game: G, settings: Args, text: str) -> Verdict:
        """A whole line played from a fixed start at once; correct when the learner wins."""
        start = self.start(game, settings, random.Random(0))
        turn = self.play_text(start, text)
        won = self.winner(turn.state) == LEARNER
        over = self.terminal(turn.state)
        summary = ("the line wins the game" if won else
                   "the line loses the game" if over else "the game is not over after the line")
        return Verdict(won, summary, join(turn.replies), {"won": won, "over": over},
                       length=len(self.split(start, text)))

    def arguments(self, raw: Mapping[str, Any]) -> Args:
        """The play settings out of ``raw``, validated."""
        return resolve(self.settings, raw, "play", strict=False)


class PlayKind(AnswerKind[Any, list[str]]):
    """The answer kind ``"play"``: a family's ``Play`` as something a lesson step can ask for.

    Step by step in a session; a whole line (the moves in order) when judged at once.
    """

    name = "play"
    multiline = False

    def __init__(self, play: Play[Any, Any, Any]) -> None:
        self.game_play = play
        self.args = play.settings  # type: ignore[misc]

    @property
    def description(self) -> str:  # type: ignore[override]
        """What playing means for this family."""
        return self.game_play.description

    def parse(self, game: Any, text: str, args: Args) -> list[str]:
        """The moves of a line."""
        moves = self.game_play.split(self.game_play.start(game, args, random.Random(0)), text)
        if not moves:
            raise InvalidNotation(f"{text!r}: name a move")
        return moves

    def format(self, game: Any, answer: list[str], args: Args) -> str:
        """The moves separated by spaces."""
        return " ".join(" ".join(m.split()) for m in answer)

    def check(self, game: Any, answer: list[str], args: Args) -> Verdict:
        """Replay the line from the start (``Play.judge``)."""
        return self.game_play.judge(game, args, " ".join(answer))

    def reference(self, game: Any, args: Args) -> Drawn | None:
        """A winning line from the start."""
        return self.game_play.reference(game, args)

    def completions(self, game: Any, args: Args, text: str) -> list[str]:
        """The legal moves from the start (a session offers those of the current state)."""
        state = self.game_play.start(game, args, random.Random(0))
        return [self.game_play.format_move(state, m) for m in list(self.game_play.legal_moves(state))[:60]]

    def hints(self, game: Any, args: Args, text: str) -> Sequence[Hint]:
        """Hints from the start."""
        return self.game_play.hints(self.game_play.start(game, args, random.Random(0)))

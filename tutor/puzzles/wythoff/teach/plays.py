"""The family's one ``Play``: plain Wythoff's (``teach.play``) or, for a game with the pass (``pass = true``),
Wythoff with a pass (``teach.pass_play``).

A lesson's game step holds the family's play; this one hands every call to the play of the game it was started
on (the state's type says which), so a step plays the pass game exactly when its parameters ask for it.  Both
take the same settings (blunder, first, size).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tutor.puzzles.answers import Hint, Verdict
from tutor.puzzles.options import Args
from tutor.puzzles.play import Play, Turn
from tutor.puzzles.wythoff.rules import WythoffGame
from tutor.puzzles.wythoff.rules.passing import PassGame
from tutor.puzzles.wythoff.teach.pass_play import PASS_PLAY, PassPlay, PassState
from tutor.puzzles.wythoff.teach.play import PLAY, WythoffPlay
from tutor.screen.shown import Drawn

AnyPlay = WythoffPlay | PassPlay


def _for_game(game: WythoffGame) -> Play[Any, Any, Any]:
    return PASS_PLAY if isinstance(game, PassGame) else PLAY


def _for(state: object) -> AnyPlay:
    return PASS_PLAY if isinstance(state, PassState) else PLAY


class WythoffPlays(Play[WythoffGame, Any, Any]):
    """Plain Wythoff's play, or the pass game's, by the game."""

    settings = WythoffPlay.settings
    description = ("moves against the computer, one at a time ('0,2'), or a whole line ('0,2 1,1'); in the game "
                   "with the pass, 'pass' is a move too")

    def start(self, game: WythoffGame, settings: Args, rng: random.Random) -> Any:
        """The game's own play starts it."""
        return _for_game(game).start(game, settings, rng)

    def legal_moves(self, state: Any) -> Sequence[Any]:
        """The state's play's moves."""
        return _for(state).legal_moves(state)

    def parse_move(self, state: Any, text: str) -> Any:
        """Read by the state's play."""
        return _for(state).parse_move(state, text)

    def format_move(self, state: Any, move: Any) -> str:
        """Written by the state's play."""
        return _for(state).format_move(state, move)

    def apply(self, state: Any, move: Any) -> Turn[Any]:
        """Played by the state's play."""
        return _for(state).apply(state, move)

    def winner(self, state: Any) -> str | None:
        """As the state's play says."""
        return _for(state).winner(state)

    def render(self, state: Any) -> Drawn:
        """Drawn by the state's play."""
        return _for(state).render(state)

    def hints(self, state: Any) -> Sequence[Hint]:
        """The state's play's ladder."""
        return _for(state).hints(state)

    def comment(self, before: Any, after: Any) -> list[Drawn]:
        """The state's play's comment on a move."""
        return _for(before).comment(before, after)

    def hindsight(self, trail: Sequence[Any]) -> list[Drawn]:
        """The state's play's lessons from a finished game."""
        return _for(trail[-1]).hindsight(trail)

    def meter(self, state: Any) -> str | None:
        """The state's play's meter."""
        return _for(state).meter(state)

    def solution(self, state: Any) -> Drawn | None:
        """The state's play's winning line from here."""
        return _for(state).solution(state)

    def reference(self, game: WythoffGame, settings: Args) -> Drawn | None:
        """The game's play's winning line from the start."""
        return _for_game(game).reference(game, settings)

    def gives_away(self, state: Any, text: str) -> str | None:
        """As the state's play judges it."""
        return _for(state).gives_away(state, text)

    def split(self, state: Any, text: str) -> list[str]:
        """Split by the state's play's line notation."""
        return _for(state).split(state, text)

    def play_text(self, state: Any, text: str) -> Turn[Any]:
        """The line played move by move through this object's own calls (so a wrapper of one of them, a test's or
        a screen's, sees every move), with the state's play's note on a move read as the piles to leave."""
        turn = super().play_text(state, text)
        note = _for(state).note(state, text)
        return Turn(turn.state, (note, *turn.replies)) if note else turn

    def judge(self, game: WythoffGame, settings: Args, text: str) -> Verdict:
        """Judged by the game's play."""
        return _for_game(game).judge(game, settings, text)


PLAYS = WythoffPlays()

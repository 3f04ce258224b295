"""Lights Out played move by move: press cells until the board is dark; there is no opponent.

A move is one press.  A line of several presses (``a1 c3``, or a grid) is
pressed at once and answered with one board, as a learner at the board expects.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.errors import InvalidNotation, TutorError
from tutor.puzzles.answers import Hint, Verdict
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Board, Cell, apply, pattern_of, random_board
from tutor.puzzles.lightsout.rules.notation import format_cell, format_presses
from tutor.puzzles.lightsout.rules.presses import parse_cell, parse_presses
from tutor.puzzles.lightsout.teach.hints import hint_rungs
from tutor.puzzles.lightsout.teach.kinds import PRESS_RUN
from tutor.puzzles.lightsout.teach.pictures import render
from tutor.puzzles.lightsout.teach.pressed import press_roles
from tutor.puzzles.lightsout.teach.verdicts import cancelling_text, judge_presses, lit_text, solution_text
from tutor.puzzles.options import Args, Option
from tutor.puzzles.play import LEARNER, Play, Turn
from tutor.screen.shown import Drawn


@dataclass(frozen=True)
class LightsState:
    """A game in progress: the game, the start board, the presses so far and the board now."""

    game: LightsGame
    start: Board
    presses: tuple[Cell, ...]
    board: Board
    fewest: bool = True  # say how the presses compare with the fewest once the board is dark


class LightsPlay(Play[LightsGame, LightsState, Cell]):
    """Press cells one at a time (or several at once) until every light is off."""

    description = "cells pressed one move at a time until the board is dark"
    settings = (Option("fewest", bool, True, "say, once the board is dark, how the presses compare with the fewest "
                       "(off where a later step asks for the fewest)"),)

    def start(self, game: LightsGame, settings: Args, rng: random.Random) -> LightsState:
        """The game's board; a ``random`` board is drawn from ``rng`` (never an all-dark one)."""
        board = game.lights
        if game.is_random:
            rules, solvable_only = game.rules, not game.any_board
            board = random_board(rules, rng, solvable_only=solvable_only)
            while not any(board) and rules.cells > 1:
                board = random_board(rules, rng, solvable_only=solvable_only)
        return LightsState(game, board, (), board, settings.get("fewest", True))

    def legal_moves(self, state: LightsState) -> list[Cell]:
        """Every cell, until the board is dark."""
        if self.terminal(state):
            return []
        rules = state.game.rules
        return [(r, c) for r in range(rules.rows) for c in range(rules.cols)]

    def parse_move(self, state: LightsState, text: str) -> Cell:
        """One cell: ``b3`` or ``3,2``."""
        rules = state.game.rules
        return parse_cell(text, rules.rows, rules.cols)

    def format_move(self, state: LightsState, move: Cell) -> str:
        """The cell's name: ``b3``."""
        return format_cell(*move)

    def apply(self, state: LightsState, move: Cell) -> Turn[LightsState]:
        """Press one cell."""
        return self._press(state, [move])

    def play_text(self, state: LightsState, text: str) -> Turn[LightsState]:
        """Press every cell named (``b3``, ``3,2``, several at once), answered with one board."""
        cells = parse_presses(text, state.game.rules)
        if not cells:
            raise InvalidNotation(f"press {text!r}: name a cell such as 'b3' or '3,2'")
        turn = self._press(state, cells)
        return Turn(turn.state, (*turn.replies, *self.comment(state, turn.state)))

    @staticmethod
    def _press(state: LightsState, cells: Sequence[Cell]) -> Turn[LightsState]:
        rules = state.game.rules
        board = apply(rules, state.board, pattern_of(rules, cells))
        new = LightsState(state.game, state.start, state.presses + tuple(cells), board, state.fewest)
        count = f"{len(new.presses)} press{'es' if len(new.presses) != 1 else ''}"
        status = finished(new, count) if not any(board) else f"{lit_text(rules, board)} after {count}."
        return Turn(new, (f"You press {format_presses(cells)}.", render(rules, board), status))

    def comment(self, before: LightsState, after: LightsState) -> list[Drawn]:
        """What the presses did, against the solutions of the board they were pressed on: each in every solution, in
        some or in none (over GF(p) with p states: pressed as often as every solution presses it, or how many more
        times every way to finish presses it).  Never a number of presses in all, which a later step may ask for;
        boards up to ``COMMENT_CELLS`` cells."""
        rules = after.game.rules
        made = len(after.presses) - len(before.presses)
        if rules.cells > COMMENT_CELLS or not any(after.board) or made < 1:
            return []
        return list(press_roles(rules, before.board, after.presses[len(before.presses):]))

    def winner(self, state: LightsState) -> str | None:
        """The learner, once the board is dark."""
        return None if any(state.board) else LEARNER

    def render(self, state: LightsState) -> Drawn:
        """The current board with coordinates."""
        return render(state.game.rules, state.board)

    def hints(self, state: LightsState) -> Sequence[Hint]:
        """Nudge, concept (chase or algebra), then a cell to press."""
        return hint_rungs(state.game.rules, state.board, state.presses)

    def solution(self, state: LightsState) -> Drawn | None:
        """The fewest presses that darken the board as it is now."""
        return solution_text(state.game.rules, state.board)

    def gives_away(self, state: LightsState, text: str) -> str | None:
        """Any run of cell names in ``text`` that darkens the board now on screen, in any order (or the fewest
        presses written out)."""
        rules = state.game.rules
        if rules.cells > COMMENT_CELLS or not any(state.board):
            return super().gives_away(state, text)
        for run in PRESS_RUN.finditer(text):
            try:
                if not any(apply(rules, state.board, pattern_of(rules, parse_presses(run.group(), rules)))):
                    return f"presses that darken the board on screen, {run.group()!r}"
            except TutorError:
                continue
        return None

    def reference(self, game: LightsGame, settings: Args) -> Drawn | None:
        """The fewest presses that darken the game's board (none for a ``random`` board:
        each learner's game draws its own, and no answer fits them all)."""
        return None if game.is_random else solution_text(game.rules, game.lights)

    def split(self, state: LightsState, text: str) -> list[str]:
        """The presses of a line, one cell name each."""
        return [format_cell(r, c) for r, c in parse_presses(text, state.game.rules)]

    def judge(self, game: LightsGame, settings: Args, text: str) -> Verdict:
        """A whole line is a press list: does it darken the game's board?"""
        return judge_presses(game.rules, game.lights, parse_presses(text, game.rules))


def finished(state: LightsState, count: str) -> str:
    """The line for a board just darkened: the learner's presses against the fewest from the start, with the
    presses that cancelled, so that the line says what the learner did.  Where a later step asks for the fewest
    (``state.fewest`` off), the line says only whether a shorter list exists, never how short."""
    rules = state.game.rules
    sol = engine.solve(rules, state.start)
    fewest = sol.press_count
    if len(state.presses) <= fewest or not sol.solvable:
        return f"All dark in {count}: the fewest possible." if sol.minimal and state.fewest else f"All dark in {count}!"
    cancel = cancelling_text(rules, state.presses)
    best = "" if sol.minimal else " found"
    shorter = (f"the fewest{best} for this board is {fewest}" if state.fewest
               else "a shorter list darkens this board too")
    return f"All dark in {count}; {shorter}." + (f" {cancel}" if cancel else "")


COMMENT_CELLS = 100  # boards up to this many cells get a word on presses that bring no progress
PLAY = LightsPlay()

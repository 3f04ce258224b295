"""Typical wrong press lists, which ``tutor lint`` sends through every step of a press-list kind to check that no
reply gives the answer away: the step's own answer with its last press left out, with its first left out, and
with one press too many.  Each is built from the engine's answer for the step's board."""

from __future__ import annotations

from typing import Any

from tutor.errors import TutorError
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Cell
from tutor.puzzles.lightsout.rules.notation import format_cell, format_presses
from tutor.puzzles.lightsout.rules.presses import parse_presses
from tutor.puzzles.options import Args
from tutor.screen.shown import text_of

BOARD_CELLS = 400  # boards larger than this get no generated lists: lint's check stays quick


def press_lists(kind: Any, game: LightsGame, args: Args) -> list[str]:
    """The kind's own answer missing its last press, missing its first, and with a press it does not make."""
    rules = game.rules
    if rules.rows * rules.cols > BOARD_CELLS:
        return []
    try:
        reference = kind.reference(game, args)
        cells: list[Cell] = [] if reference is None else parse_presses(text_of(reference).split("\n")[0], rules)
    except TutorError:
        return []
    other = next(((r, c) for r in range(rules.rows) for c in range(rules.cols) if (r, c) not in cells), None)
    lists = [cells[:-1], cells[1:], [*cells, other] if other is not None else []]
    return [format_presses(found) if found else format_cell(0, 0) for found in lists if found != cells]

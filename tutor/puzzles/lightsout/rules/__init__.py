"""Lights Out as data: the game object, and the model and notation it is built from.

* ``grid``     - the board shape and the press rule (``Rules``), boards and press
  patterns as bytes, what a press does, the press matrix, bit packing;
* ``notation`` - sizes, boards, cell names and press lists (parse/format pairs);
* this module  - ``LightsGame``, the puzzle's parameters validated once, with the
  rules and the board they name.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cached_property

from tutor.puzzles.lightsout.rules.grid import Board, Neighbourhood, Rules, random_board
from tutor.puzzles.lightsout.rules.notation import parse_board, parse_size

DEFAULT_SIZE = (5, 5)
BOARD_WORDS = ("all-on", "all-off", "random")  # boards named by a word; the size comes from ``size``


@dataclass(frozen=True)
class LightsGame:
    """The puzzle's parameters, validated once: the size, the board and the press rule.

    ``board`` keeps the text as given (rows of ``X`` and ``.``, or one of
    ``BOARD_WORDS``); ``lights`` is the board itself, with a ``random`` one
    drawn from ``seed`` (a solvable one unless ``any_board``).
    """

    size: str = ""  # "ROWSxCOLS"; empty: the literal board's own size, else 5x5
    board: str = "all-on"
    torus: bool = False
    neighbourhood: Neighbourhood = Neighbourhood.PLUS
    states: int = 2
    seed: int = 0
    any_board: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "neighbourhood", Neighbourhood(self.neighbourhood))

    @property
    def word(self) -> str | None:
        """The board's word (``all-on``, ``all-off``, ``random``), or None for a literal board."""
        text = self.board.strip()
        return text if text in BOARD_WORDS else None

    @property
    def is_random(self) -> bool:
        """Whether the board is ``random`` (a play step draws its own)."""
        return self.word == "random"

    @cached_property
    def shape(self) -> tuple[int, int] | None:
        """The size parameter as ``(rows, cols)``, or None when it is not given."""
        return parse_size(self.size) if self.size else None

    @cached_property
    def _literal(self) -> tuple[int, int, Board]:
        """A literal board read: rows, cols, cells (``InvalidBoard`` naming the bad row and column)."""
        return parse_board(self.board, self.states, self.shape)

    @cached_property
    def rules(self) -> Rules:
        """The rules: a literal board's own size, else the size parameter, else 5x5."""
        if self.word is None:
            rows, cols, _ = self._literal
        else:
            rows, cols = self.shape or DEFAULT_SIZE
        return Rules(rows, cols, self.torus, self.neighbourhood, self.states)

    @cached_property
    def lights(self) -> Board:
        """The board: row-major cell values, 0 dark."""
        word = self.word
        if word == "all-on":
            return bytes([1]) * self.rules.cells
        if word == "all-off":
            return bytes(self.rules.cells)
        if word == "random":
            return random_board(self.rules, random.Random(self.seed), solvable_only=not self.any_board)
        return self._literal[2]

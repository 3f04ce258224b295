"""Lights Out's limits: the size of a board.

Each is checked where the input enters, before the work it guards (docs/limits.md lists them with the
shared ones, tested); the family declares them on its ``Puzzle`` as ``limits``.
"""

from __future__ import annotations

from tutor.limits import Limit

BOARD_CELLS = Limit("board_cells", 1_000_000, "cells", "a Lights Out board (1000 x 1000)")
BOARD_SIDE = Limit("board_side", 100_000, "rows or columns", "either side of a Lights Out board")

LIMITS = (BOARD_CELLS, BOARD_SIDE)

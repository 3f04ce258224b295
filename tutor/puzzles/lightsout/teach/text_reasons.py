"""Why each Lights Out text (a drawing, a table, the race) is what it is, and where another text differs.

Texts are never asked as numbers: the explanation says where a text comes
from, and a refutation names the first line that differs from the engine's.
The number quantities' reasons are in ``reasons``.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.puzzles.answers import Value
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.teach.quantities import QUANTITIES
from tutor.puzzles.options import Args
from tutor.text import plural


def refute_text(wrong: Value, value: Value, what: str) -> str:
    """A text quantity refuted line by line: the first line that differs."""
    got, want = str(wrong).splitlines() or [""], str(value).splitlines() or [""]
    for i, (a, b) in enumerate(zip(got, want, strict=False), 1):
        if a.rstrip() != b.rstrip():
            return f"{what} differs at line {i}: the engine has {b.strip()!r} there, not {a.strip()!r}."
    return f"{what} has {plural(len(want), 'line')}, not {len(got)}."


def _text_quantity(name: str, what: str, why: str) -> None:
    """Explain and refute a text quantity (a drawing or a table, never asked as a number)."""

    def explain(game: LightsGame, args: Args, value: Value) -> str:
        return why

    def refute(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
        return refute_text(wrong, value, what)

    QUANTITIES.explains(name)(explain)
    QUANTITIES.refutes(name)(refute)


TEXTS: Sequence[tuple[str, str, str]] = (
    ("board", "The board", "The board as the step's parameters give it (X lit, . dark)."),
    ("chase_board", "The board", "The board after chasing the rows above the one asked about."),
    ("residue", "The residue", "The last row left after chasing the board from row 1 down."),
    ("residue_table", "The table",
     "Each top row, pressed on a dark board and chased, leaves a last row; the table keeps the fewest top row "
     "for each."),
    ("quiet_boards", "The drawing", "A basis of the quiet patterns from the engine's elimination."),
    ("obstruction", "The reason", "A quiet pattern with an odd number of the board's lights on it, or none."),
    ("press_matrix", "The matrix", "Row i, column j: how often pressing cell j changes cell i."),
    ("method_race", "The race", "Each method timed on this computer; the counts are exact."),
)
for _name, _what, _why in TEXTS:
    _text_quantity(_name, _what, _why)

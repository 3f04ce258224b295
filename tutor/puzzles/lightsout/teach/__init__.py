"""Teaching Lights Out: verdicts, hint ladders, lesson quantities and texts, and play.

* ``verdicts``   - drawings, verdicts on press lists and chases, the hint ladder;
* ``texts``      - what lessons quote: boards mid-chase, the residue table, quiet patterns;
* ``race``       - brute force, the top-row search and the tutor, timed on one board;
* ``kinds``      - the answer kinds (presses, minimal, chase_row, chase, top_row);
* ``quantities`` - the values lessons ask for or quote;
* ``reasons``    - why each quantity has its value, and why any other value is wrong;
* ``text_reasons`` - the same for the texts (drawings, tables, the race);
* ``play``       - the board played press by press.
"""

from __future__ import annotations

from tutor.puzzles.lightsout.teach import reasons  # noqa: F401 - registers the numbers' reasons
from tutor.puzzles.lightsout.teach.kinds import KINDS
from tutor.puzzles.lightsout.teach.play import PLAY
from tutor.puzzles.lightsout.teach.quantities import QUANTITIES
from tutor.puzzles.lightsout.teach.text_reasons import TEXTS

__all__ = ["KINDS", "PLAY", "QUANTITIES", "TEXTS"]

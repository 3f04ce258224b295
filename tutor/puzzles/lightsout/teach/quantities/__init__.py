"""The values a Lights Out lesson may ask for or quote, each with why it is what it is and why any other value
is not.

Counts come from the engine's analysis of the rules (rank, nullity) and its
solution of the board; the texts (drawn boards, the residue table, the method
race) from ``texts``, ``pictures`` and ``race``.  A refutation works for any
wrong value (negative, zero, off by one, huge) and is made from something the
engine computed: the objects counted with one missed, the structure that bounds
the count, two different solutions, the quiet pattern a board breaks, a solution
with fewer presses.  Refutations of numbers never state the right number (the
learner may try again); a text is refuted at the first line that differs.

Each topic keeps its quantities in a registry of its own, every compute function
next to the two functions that explain it and refute a wrong value; the
family's registry joins them in order:

* ``algebra``  - rank, nullity, quiet patterns, solvable boards, solutions;
* ``board``    - the fewest presses, whether the board can be darkened, its lights;
* ``every``    - every solution counted by presses: how many are shortest, the longest, the count by presses;
* ``chase``    - the residue and the chase's presses;
* ``theory``   - the nullity from Sutner's polynomials;
* ``drawings`` - the board drawn, mid-chase, the residue table, the quiet patterns, the press matrix;
* ``race``     - the method race and the counts each method must try;
* ``repeats``  - the nullities of square boards and of boards with fixed rows in a row, and how soon the latter
  start over.
"""

from __future__ import annotations

from tutor.puzzles.answers import Quantities
from tutor.puzzles.lightsout.teach.quantities import algebra, board, chase, drawings, every, race, repeats, theory

QUANTITIES = Quantities.joined(algebra.QUANTITIES, board.QUANTITIES, every.QUANTITIES, chase.QUANTITIES,
                               theory.QUANTITIES, drawings.QUANTITIES, race.QUANTITIES,
                               repeats.QUANTITIES)

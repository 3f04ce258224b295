"""The values coin lessons ask for, each with why it is what it is and why any other value is not.

Every explanation and refutation is made from what the engine computed for the table: the
decision (``theory.decide``: the theorem with its search, construction or trap), strategies
verified move by move with the counterexample that beats them, the classes of tables, and the
Devil's trap.  A refutation never states the value it refutes against where it can avoid it (the
learner may try again); for yes or no the certificate shows it, unavoidably.

Each topic keeps its quantities in a registry of its own, every compute function next to the two
functions that explain it and refute a wrong value; the family's registry joins them in order:

* ``length``  - the length of a shortest sure win;
* ``tables``  - counting tables: all of them, up to turning, still possible;
* ``devil``   - whether a sure win exists, and the Devil's trap;
* ``theorem`` - the lower bound and the factorization of x^N - 1;
* ``groups``, ``group_wins`` - a Devil who moves the table by any group of permutations (argument ``group``): his
  moves, the tables up to them, whether a sure win exists and how long the shortest is;
* ``bartender`` - the blind bartender, who touches some positions a move (argument ``touch``);
* ``workbench`` - what a conjecture step asks for, in words.
"""

from __future__ import annotations

from tutor.puzzles.answers import Quantities
from tutor.puzzles.coins.teach.quantities import (
    bartender,
    devil,
    group_wins,
    groups,
    length,
    tables,
    theorem,
    workbench,
)

QUANTITIES = Quantities.joined(length.QUANTITIES, tables.QUANTITIES, devil.QUANTITIES, theorem.QUANTITIES,
                               groups.QUANTITIES, group_wins.QUANTITIES, bartender.QUANTITIES, workbench.QUANTITIES)

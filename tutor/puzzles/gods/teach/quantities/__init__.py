"""The values gods lessons ask for, each computed by the engine, with why it is what it is and why any other
value is not.

Every explanation and refutation is made from what the engine computed:

* a count is refuted with the objects counted: more of them than the wrong
  number, or every one of them when the wrong number is too big (and, where
  the wrong number is a related count - worlds for assignments, say - with
  what it counted instead);
* a fewest number of questions with the reason one question fewer fails
  (counting, Random, or the exhaustive search), or a shorter plan that the
  verifier accepted;
* a yes/no with its certificate (a plan, or two worlds never told apart);
* a condition with a world where the wrong condition and the god's answer differ.

A refutation never states the right value of a count (the learner may try
again); a plan or a world it shows is the certificate itself.  Text is plain:
one paragraph per line, lists and plans on lines that start with spaces.

Each topic keeps its quantities in a registry of its own, every compute function
next to the two functions that explain it and refute a wrong value; the
family's registry joins them in order:

* ``counts``  - worlds, assignments, the possibilities to tell apart, the start worlds;
* ``plans``   - the counting bound and the fewest questions;
* ``first``   - first questions: how many, how many work, what the best one leaves;
* ``example`` - the ``example`` question: its table, its goal, what each answer leaves;
* ``averages`` - a plan's average number of questions, the least average, and whether it beats the worst case;
* ``identify`` - whether a set of gods can be identified at all (the theorem).
"""

from __future__ import annotations

from tutor.puzzles.answers import Quantities
from tutor.puzzles.gods.teach.quantities import averages, counts, example, first, identify, plans

QUANTITIES = Quantities.joined(counts.QUANTITIES, plans.QUANTITIES, first.QUANTITIES, example.QUANTITIES,
                               averages.QUANTITIES, identify.QUANTITIES)

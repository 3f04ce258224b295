"""Wythoff's lesson quantities: values a lesson computes and shows, each with why it is what it is and why
any other value is not.

A quantity takes the game and the question arguments it declares (``index``,
``count``, ``min_total``/``max_total``); those about the position need one.
Every explanation and refutation is made from something the engine computed:
the reply that refutes a move, the best-play line of a game, the pair a pile
size really belongs to, the options of a position and their Grundy values, the
first k where a rounded number fails.

Each topic keeps its quantities in a registry of its own, every compute function
next to the two functions that explain it and refute a wrong value; the
family's registry joins them in order:

* ``position`` - the outcome, the remoteness, the winning moves, every move;
* ``kth``      - the k-th losing position and its piles;
* ``lists``    - the first losing positions, and those in a range of totals;
* ``grundy``   - the Grundy value (nim-sum);
* ``totals``   - the totals with no losing split;
* ``theory``   - the limit alpha, and the analysis step by step;
* ``passing``  - Wythoff with a pass: the outcome, whether the pass wins, the winning moves;
* ``sieve``    - Wythoff with a pass: the k-th losing pair by the sieve, its piles, the first pairs.
"""

from __future__ import annotations

from tutor.puzzles.answers import Quantities
from tutor.puzzles.wythoff.teach.quantities import grundy, kth, lists, passing, position, sieve, theory, totals

QUANTITIES = Quantities.joined(position.QUANTITIES, kth.QUANTITIES, lists.QUANTITIES, grundy.QUANTITIES,
                               totals.QUANTITIES, theory.QUANTITIES, passing.QUANTITIES,
                               sieve.QUANTITIES)

"""Exact engine for the rotating coin table: belief-state search, construction, verification.

* ``search``    - breadth-first search over beliefs (bit sets over rotation classes);
  exhaustive, so "no strategy" is a proof, and the first win found is shortest;
  and ``trap``, the Devil's certificate: a set of classes he can keep the table in
  forever, whatever the player flips (even a player who could see the class);
* ``construct`` - the layered strategy wherever a sure win exists (N = 1, or N
  and K powers of one prime p, and p = 2 with reflections): clear the table one
  level of a chain of subgroups at a time, K**N - 1 moves, which equals the
  lower bound, so it is shortest.  ``layered_pieces`` streams it as text;
* ``verify``    - replays any strategy over *every* class at once (numpy), and on
  failure walks back through the stored beliefs to a concrete counterexample:
  a start table and a turn before each move that never reach the goal.

The names below are the engine's interface; the layers above use them as ``engine.NAME``.
"""

from __future__ import annotations

from tutor.puzzles.coins.engine.construct import (
    Level,
    construct,
    construction_applies,
    layered,
    layered_length,
    layered_pieces,
    levels,
    lower_bound,
    prime_power,
    smallest_prime_factor,
    winnable,
)
from tutor.puzzles.coins.engine.search import (
    SEARCH_CLASS_LIMIT,
    TRAP_CLASS_LIMIT,
    Belief,
    SearchOutcome,
    Transitions,
    from_bits,
    search_from,
    searchable,
    solve,
    start_bits,
    to_bits,
    transitions,
    trap,
)
from tutor.puzzles.coins.engine.verify import Counterexample, Verification, unmoved, verify

__all__ = ["SEARCH_CLASS_LIMIT", "TRAP_CLASS_LIMIT", "Belief", "Counterexample", "Level", "SearchOutcome",
           "Transitions", "Verification", "construct", "construction_applies", "from_bits", "layered",
           "layered_length", "layered_pieces", "levels", "lower_bound", "prime_power", "search_from", "searchable",
           "smallest_prime_factor", "solve", "start_bits", "to_bits", "transitions", "trap", "unmoved", "verify",
           "winnable"]

"""Teaching Wythoff's game: what a learner reads, made from what the engine and the theory computed.

The same modules as in every family:

* ``kinds``      - the answer kinds: parse, format, exact verdicts, reference answers;
* ``quantities`` - the values a lesson may compute and show, each with why it is what it is and why any other
  value is not;
* ``play``       - the game against the computer, move by move or as a whole line;
* ``plays``      - the family's one play: plain Wythoff's, or the pass game's (``pass_play``) for ``pass = true``;
* ``pass_moves``, ``pass_reasons`` - Wythoff with a pass: the ``pass_move`` kind, why a move throws a win away;
* ``workbench``  - the ``conjecture`` kind, for Wythoff's pairs and the pass game's;
* ``pictures``   - the losing positions and the Grundy values drawn on the board;
* ``questions``  - the question arguments (declared once, used by quantities, answer kinds and commands) and
  the values several of them share;
* ``decision``   - one computation per position, which verdicts, reports and reasons share;
* ``verdicts``   - a move, a list or a pair judged, a wrong one refuted;
* ``reasons``    - why a position wins or loses, why a list is wrong (shared by kinds and quantities);
* ``hints``      - the hint ladders: a nudge, the concept, then the concrete answer.
"""

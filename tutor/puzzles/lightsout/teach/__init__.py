"""Teaching Lights Out: what a learner reads, made from what the engine and the theory computed.

The same modules as in every family:

* ``kinds``      - the answer kinds (presses, minimal, chase_row, chase, top_row);
* ``quantities`` - the values lessons ask for or quote, each with why it is what it is and why any other value
  is not;
* ``play``       - the board played press by press;
* ``pictures``   - boards drawn with coordinates, and as colour blocks;
* ``verdicts``   - press lists and chases judged; why a board can or cannot be darkened;
* ``texts``      - what lessons quote: boards mid-chase, the residue table, quiet patterns;
* ``race``       - brute force, the top-row search and the tutor, timed on one board;
* ``hints``      - the hint ladder.
"""

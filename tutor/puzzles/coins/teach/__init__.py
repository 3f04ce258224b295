"""Teaching the rotating coin table: what a learner reads, made from what the engine and the theory computed.

The same modules as in every family:

* ``kinds``      - the answer kind ``strategy``;
* ``quantities`` - the values lessons ask for, each with why it is what it is and why any other value is not;
* ``play``       - the game against the Devil, one move at a time;
* ``pictures``   - tables drawn as circles of coins;
* ``verdicts``   - a strategy judged exactly, with a counterexample laid out move by move;
* ``hints``      - the hint ladder from the belief a prefix of moves leaves.
"""

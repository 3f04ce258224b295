"""Teaching the three gods: what a learner reads, made from what the engine and the theory computed.

The same modules as in every family (the gods have no step-by-step play, so no ``play``; a plan is drawn
by its notation, ``rules.tree``):

* ``kinds``      - the answer kinds ``tree`` and ``question``;
* ``quantities`` - the values lessons ask for, each with why it is what it is and why any other value is not;
* ``questions``  - the question arguments, and the ``example`` question lessons show;
* ``verdicts``   - the one decision a plan or a question gets, and the engine's reference answers;
* ``coach``      - one question judged against its goal, the open places of a partial plan, a failed
  plan's counterexample in words;
* ``hints``      - the hint ladders (nudge, concept, concrete move).
"""

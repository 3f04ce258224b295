"""What the tutor knows about its learner: skills, mastery by knowledge tracing, and review scheduling.

* ``skills``  - each family's skills (a name and one sentence), and the skills a lesson step exercises;
* ``bkt``     - Bayesian knowledge tracing: four parameters and the per-attempt update;
* ``mastery`` - the learner's mastery of each skill, traced over their recorded attempts;
* ``review``  - when each solved skill comes back for review (the FSRS scheduler, ``fsrs``).
"""

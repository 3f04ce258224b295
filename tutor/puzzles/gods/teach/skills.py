"""The skills the three gods teach, and what exercises each by default (``tutor.learner``)."""

from __future__ import annotations

from tutor.puzzles.skills import Skill

SKILLS = (
    Skill("gods/count-worlds", "count the worlds a plan must tell apart",
          ("quantity:worlds", "quantity:assignments", "quantity:identities", "quantity:start_worlds")),
    Skill("gods/bound-questions", "bound the questions a plan needs by counting answers",
          ("quantity:lower_bound", "quantity:min_questions", "quantity:start_min_questions", "quantity:solvable",
           "quantity:first_worst_branch")),
    Skill("gods/wrap-question", "wrap a question so any god's answer, in an unknown language, tells something",
          ("quantity:example_table", "quantity:example_condition", "quantity:example_meets_goal",
           "quantity:example_left_first", "quantity:example_left_second", "quantity:example_not_random_first",
           "quantity:example_not_random_second", "quantity:first_questions", "quantity:working_first_questions",
           "quantity:working_first_splits", "quantity:language_free_first_splits", "kind:question")),
    Skill("gods/plan-tree", "plan a tree of questions that identifies every god", ("kind:tree",)),
    Skill("gods/average-questions", "work out how many questions a plan asks on average, and when a plan can beat "
          "its worst case", ("quantity:least_average", "quantity:average_plan", "quantity:plan_average",
                             "quantity:average_saves", "quantity:plan_least", "kind:average")),
    Skill("gods/identify-rule", "tell from how many gods are Random whether a set of gods can be identified at all",
          ("quantity:identifiable", "quantity:identifiable_sets", "kind:conjecture")),
)

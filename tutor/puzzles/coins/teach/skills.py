"""The skills the rotating coin table teaches, and what exercises each by default (``tutor.learner``)."""

from __future__ import annotations

from tutor.puzzles.skills import Skill

SKILLS = (
    Skill("coins/count-tables", "count tables up to turning",
          ("quantity:tables", "quantity:classes", "quantity:start_size", "quantity:group_classes")),
    Skill("coins/decide-winnable", "tell from the table's algebra whether a sure win exists, or where the Devil traps",
          ("quantity:winnable", "quantity:factorization", "quantity:trap", "quantity:trap_size")),
    Skill("coins/bound-strategies", "bound how many moves a sure win needs",
          ("quantity:lower_bound", "quantity:shortest_length")),
    Skill("coins/build-doubling", "build a doubling strategy that wins blindfolded", ("kind:strategy",)),
    Skill("coins/play-blindfolded", "beat the Devil move by move, blindfolded", ("kind:play",)),
    Skill("coins/group-moves", "tell from the order of the Devil's group and the faces whether a sure win exists",
          ("quantity:group_order", "quantity:group_winnable", "quantity:group_shortest")),
    Skill("coins/blind-bartender", "tell how many positions the blind bartender must touch to ring the bell",
          ("quantity:touch_least", "quantity:touch_winnable")),
    Skill("coins/state-rules", "state a rule for which tables can be won as a formula, and test it on the workbench",
          ("kind:conjecture", "quantity:workbench_task")),
)

"""The skills the rotating coin table teaches, and what exercises each by default (``tutor.learner``)."""

from __future__ import annotations

from tutor.puzzles.skills import Skill

SKILLS = (
    Skill("coins/count-tables", "count tables up to turning",
          ("quantity:tables", "quantity:classes", "quantity:start_size")),
    Skill("coins/decide-winnable", "tell from the table's algebra whether a sure win exists, or where the Devil traps",
          ("quantity:winnable", "quantity:factorization", "quantity:trap", "quantity:trap_size")),
    Skill("coins/bound-strategies", "bound how many moves a sure win needs",
          ("quantity:lower_bound", "quantity:shortest_length")),
    Skill("coins/build-doubling", "build a doubling strategy that wins blindfolded", ("kind:strategy",)),
    Skill("coins/play-blindfolded", "beat the Devil move by move, blindfolded", ("kind:play",)),
)

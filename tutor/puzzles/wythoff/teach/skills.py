"""The skills Wythoff's game teaches, and what exercises each by default (``tutor.learner``)."""

from __future__ import annotations

from tutor.puzzles.skills import Skill

SKILLS = (
    Skill("wythoff/spot-losing", "spot a losing Wythoff position",
          ("quantity:outcome", "quantity:winning_move_count", "quantity:move_count", "quantity:p_positions",
           "quantity:losing_splits", "quantity:losing_split_count", "quantity:losing_totals",
           "quantity:winning_totals", "quantity:winning_total_count", "kind:outcome", "kind:p_positions",
           "kind:losing_totals")),
    Skill("wythoff/golden-formula", "find the k-th losing position from the golden ratio, and say why it works",
          ("quantity:kth_position", "quantity:kth_first", "quantity:kth_second", "quantity:alpha",
           "quantity:alpha_decimal", "quantity:proof", "quantity:proof_golden", "quantity:proof_reciprocals",
           "quantity:proof_beatty", "quantity:proof_difference", "quantity:proof_no_move", "quantity:proof_reach",
           "quantity:proof_exact", "quantity:proof_length", "quantity:proof_misere", "kind:kth", "kind:conjecture")),
    Skill("wythoff/best-move", "find the move that hands over a losing position, fastest first",
          ("quantity:best_move", "quantity:remoteness", "kind:move", "kind:remoteness")),
    Skill("wythoff/grundy-sums", "compute Grundy values and play sums of games", ("quantity:grundy", "kind:grundy")),
    Skill("wythoff/pass-game", "find the losing positions of Wythoff with a pass, and when the pass wins",
          ("quantity:pass_outcome", "quantity:pass_wins", "quantity:pass_winning_move_count",
           "quantity:pass_kth_position", "quantity:pass_kth_first", "quantity:pass_kth_second",
           "quantity:pass_p_positions")),
    Skill("wythoff/play-perfectly", "play Wythoff's game to a win", ("kind:play",)),
    Skill("wythoff/pass-play", "win Wythoff with a pass: find the winning move, the pass among them, and play it out",
          ("kind:pass_move",)),
)

"""The skills Lights Out teaches, and what exercises each by default (``tutor.learner``)."""

from __future__ import annotations

from tutor.puzzles.skills import Skill

SKILLS = (
    Skill("lightsout/chase-lights", "chase lights row by row, and fix the top row the chase leaves",
          ("quantity:residue", "quantity:chase_presses", "quantity:chase_board", "quantity:residue_table",
           "kind:chase_row", "kind:chase", "kind:top_row")),
    Skill("lightsout/count-searches", "count what a search must try: press sets, top rows, unknowns",
          ("quantity:press_sets", "quantity:top_rows", "quantity:top_row_cells", "quantity:method_race")),
    Skill("lightsout/rank-and-nullity", "read solvability and the number of solutions off rank and nullity over GF(2)",
          ("quantity:rank", "quantity:nullity", "quantity:solutions", "quantity:solvable_boards",
           "quantity:quiet_patterns", "quantity:poly_nullity", "quantity:quiet_boards", "quantity:press_matrix",
           "quantity:obstruction", "quantity:solvable", "quantity:poly_gcd", "quantity:row_poly",
           "quantity:shifted_poly", "quantity:sutner_polys")),
    Skill("lightsout/darken-board", "find presses that darken a board, the fewest first",
          ("quantity:min_presses", "quantity:lit", "quantity:board", "kind:presses", "kind:minimal")),
    Skill("lightsout/every-solution", "list every solution of a board and count the presses each takes",
          ("quantity:fewest_solutions", "quantity:most_presses", "quantity:press_counts")),
    Skill("lightsout/play", "darken a board press by press", ("kind:play",)),
    Skill("lightsout/conjecture", "state a formula for the nullity of every board of a family, and read the "
          "workbench's smallest counterexample, its evidence, or its proof",
          ("kind:conjecture", "quantity:square_nullities")),
    Skill("lightsout/repeating-nullity", "see the nullity of the boards with fixed rows start over along the columns, "
          "and after how many", ("quantity:nullity_period", "quantity:row_nullities")),
)

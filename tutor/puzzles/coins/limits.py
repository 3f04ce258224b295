"""The rotating coin table's limits: the moves a strategy expands to, the work of checking it, and the memory
for the engine's per-move tables.

Each is checked where the input enters, before the work it guards (docs/limits.md lists them with the
shared ones, tested); the family declares them on its ``Puzzle`` as ``limits``.
"""

from __future__ import annotations

from tutor.limits import Limit

STRATEGY_MOVES = Limit("strategy_moves", 2_000_000, "moves",
                       "one coin strategy, counting every move each let block expands to")
MOVE_TABLE_BYTES = Limit("move_table_bytes", 256_000_000, "bytes",
                         "memory for the coin engine's cached per-move tables (the least recently used are "
                         "dropped)")
CHECK_WORK = Limit("check_work", 2_600_000_000, "steps",
                   "checking one coin strategy, or replaying moves for a hint or a game (a step is about a "
                   "nanosecond): moves x (classes x (copies + 1) + 25,000), a move's copies being its distinct "
                   "turned copies, plus classes x copies x (coins + 8) for every per-move table built; the 16-coin "
                   "closed-form strategy takes 2.5 billion, about 104,000 moves on a small table 2.6; a touch "
                   "strategy (--touch) takes 25,000 + 2^N x (20 + 8 per case of its rule) a move")

GROUP_ORDER = Limit("group_order", 40_320, "elements",
                    "the Devil's group given with --group (coins), listed element by element for check and hint "
                    "(solve and analyze answer by the theorem alone past it)")
GROUP_DEGREE = Limit("group_degree", 32, "positions",
                     "positions moved by the generators of one --group (coins), on which sympy's Schreier-Sims "
                     "computes the group's order (the symmetric group on 32 takes about a second)")
GROUP_WORK = Limit("group_work", 33_554_432, "table moves",
                   "elements of the --group times the tables K^N (coins): the work of sorting tables into classes, "
                   "for check and hint (solve and analyze answer by the theorem alone past it)")
CONJECTURE_BOUND = Limit("conjecture_bound", 200, "positions and faces",
                         "N and K checked up to by one coin conjecture (check coins --conjecture --bound)")
TOUCH_POSITIONS = Limit("touch_positions", 6, "positions",
                        "the belief and rule searches of the touch variant (coins --touch): beyond it solve and "
                        "analyze answer by the theorem alone, for the goal all alike, check names no shortest, and "
                        "hint is refused")

TOUCH_TOKENS = Limit("touch_tokens", 100_000, "words and symbols",
                     "one touch strategy (check and hint coins --touch), read before any work")

LIMITS = (STRATEGY_MOVES, MOVE_TABLE_BYTES, CHECK_WORK, GROUP_DEGREE, GROUP_ORDER, GROUP_WORK, CONJECTURE_BOUND,
          TOUCH_POSITIONS, TOUCH_TOKENS)

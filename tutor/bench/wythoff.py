"""Wythoff benchmark: the speed targets of issue 5 and the seed's baseline.

Targets: all losing positions with piles up to 10^6 in <= 0.3 s; the k-th for
k = 10^100 in <= 1 ms; the exhaustive table for piles up to 2000 in <= 5 s.
The seed's recursive O(n^3) table is timed as a subprocess (piles up to 200).
Issue 13: misère a-Wythoff at a 100-digit index by Fraenkel's closed form (same
1 ms target), the exhaustive row scan to 10^5 and 10^6, and a sum whose large
board is a losing position.  Issue 33: Wythoff with a pass, its sieve of losing positions to 10^6 and a position
with a pile near the limit.
"""

from __future__ import annotations

import re
import subprocess
import sys
from functools import partial
from pathlib import Path

from tutor.bench import Figure, best_time, peak_memory_mb

BASELINE = Path("/work/shared/baselines/seed_wythoff.py")


def _baseline(n: int, timeout: float = 120.0) -> Figure:
    """The seed's own table for piles up to ``n``, in a subprocess; its printed time is the figure."""
    if not BASELINE.exists():
        return Figure(f"seed baseline table, piles <= {n}", float("nan"), "s", note="baseline not found")
    try:
        out = subprocess.run([sys.executable, str(BASELINE), str(n)], capture_output=True, text=True,
                             timeout=timeout)
    except subprocess.TimeoutExpired:
        return Figure(f"seed baseline table, piles <= {n}", timeout, "s", note="timed out")
    match = re.search(r"([\d.]+)s", out.stdout)
    value = float(match.group(1)) if match else float("nan")
    return Figure(f"seed baseline table, piles <= {n} (recursive O(n^3))", value, "s",
                  note="seed code, for comparison")


def run() -> list[Figure]:
    """Measure every target of the issue."""
    from tutor.puzzles.wythoff.engine import p_index, p_position, p_positions_upto, sum_winning_moves, winning_moves
    from tutor.puzzles.wythoff.engine.table import grundy_table, scan_p_positions, table_p_positions
    from tutor.puzzles.wythoff.rules import Rules
    from tutor.puzzles.wythoff.rules.formula import parse_conjecture
    from tutor.puzzles.wythoff.theory.conjecture import check_conjecture

    rules = Rules()
    figures: list[Figure] = []
    seconds, pairs = best_time(lambda: p_positions_upto(rules, 10**6), repeat=5)
    figures.append(Figure("all losing positions, piles <= 10^6 (integer formula)", seconds, "s", 0.3,
                          note=f"{len(pairs)} pairs"))
    seconds, _ = best_time(lambda: p_position(rules, 10**100), repeat=200)
    figures.append(Figure("k-th losing position, k = 10^100", seconds * 1000, "ms", 1.0))
    seconds, table = best_time(lambda: table_p_positions(rules, 2000), repeat=3)
    figures.append(Figure("exhaustive retrograde table, piles <= 2000", seconds, "s", 5.0,
                          note=f"{len(table)} losing positions"))
    memory, _ = peak_memory_mb(lambda: table_p_positions(rules, 2000))
    figures.append(Figure("exhaustive table piles <= 2000, peak memory", memory, "MB"))
    seconds, _ = best_time(lambda: table_p_positions(Rules(3, True), 2000), repeat=3)
    figures.append(Figure("exhaustive table, misère 3-Wythoff, piles <= 2000", seconds, "s", 5.0))
    seconds, _ = best_time(lambda: table_p_positions(rules, 200), repeat=5)
    figures.append(Figure("exhaustive table, piles <= 200 (same size as baseline)", seconds, "s"))
    figures.append(_baseline(200))
    seconds, _ = best_time(lambda: winning_moves(rules, (10**100, 3 * 10**100)), repeat=50)
    figures.append(Figure("winning moves from a 100-digit position", seconds * 1000, "ms"))
    misere = Rules(2, misere=True)
    k = 10**99 + 12345
    seconds, pair = best_time(lambda: p_position(misere, k), repeat=200)
    assert p_index(misere, pair[0]) == k == p_index(misere, pair[1])
    figures.append(Figure("misère 2-Wythoff, k-th losing position, k 100 digits", seconds * 1000, "ms", 1.0,
                          note="Fraenkel's closed form, isqrt"))
    seconds, _ = best_time(lambda: p_index(misere, pair[1]), repeat=200)
    figures.append(Figure("misère 2-Wythoff, index of a 100-digit pile", seconds * 1000, "ms", 1.0))
    for largest in (10**5, 10**6):
        seconds, scanned = best_time(partial(scan_p_positions, misere, largest), repeat=1)
        agrees = scanned == p_positions_upto(misere, largest)
        figures.append(Figure(f"exhaustive row scan, misère 2-Wythoff, piles <= {largest:.0e}", seconds, "s",
                              note=f"{len(scanned)} pairs, {'agrees with' if agrees else 'DIFFERS from'} the formula"))
    huge = ((1618033988, 2618033988), (30, 40), (17, 21))
    seconds, wins = best_time(lambda: sum_winning_moves(rules, huge), repeat=3)
    figures.append(Figure("sum with a 10-digit losing board + two small boards", seconds, "s",
                          note=f"{len(wins)} winning moves on the small boards"))
    seconds, _ = best_time(lambda: grundy_table(1, 300, 300), repeat=1)
    figures.append(Figure("Grundy table 300 x 300 (for sums of boards)", seconds, "s"))
    seconds, _ = best_time(lambda: check_conjecture(rules, parse_conjecture("floor(k*1.618)"), 1000), repeat=1)
    figures.append(Figure("workbench: floor(k*1.618) against the table", seconds, "s"))
    return figures + _with_a_pass()


def _with_a_pass() -> list[Figure]:
    """Wythoff with a pass: the sieve (no cache) and a solve that builds its own sieve."""
    from tutor.puzzles.wythoff.engine.passing import pass_winning_moves, sieve
    from tutor.puzzles.wythoff.rules.passing import PassRules

    seconds, table = best_time(lambda: sieve(10**6), repeat=3)
    figures = [Figure("Wythoff with a pass: sieve of the losing positions, piles <= 10^6", seconds, "s",
                      note=f"{len(table)} pairs, O(N)")]
    memory, _ = peak_memory_mb(lambda: sieve(10**6))
    figures.append(Figure("Wythoff with a pass: sieve to 10^6, peak memory", memory, "MB"))
    seconds, _ = best_time(lambda: pass_winning_moves(PassRules(), (999_999, 617_000, 1)), repeat=5)
    figures.append(Figure("Wythoff with a pass: winning moves from (999999, 617000), sieve cached", seconds * 1000,
                          "ms"))
    return figures

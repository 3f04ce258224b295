"""The method race a Lights Out lesson shows: brute force, the top-row search and the tutor, timed.

Every function here is pure apart from the timing, which measures wall-clock
time; ``method_race`` is cached per (rules, board), so a lesson shows the same
numbers each time it is redrawn.  Counts in the race (solutions, fewest presses)
are exact and checked against each other; only the times vary between runs.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine.chase import chase_rows
from tutor.puzzles.lightsout.rules.grid import Board, Rules, row_masks, to_bitmask
from tutor.puzzles.lightsout.teach.verdicts import need_classic
from tutor.screen.text import plural

T = TypeVar("T")
ALWAYS_FINISH = 1 << 16  # searches this small always run to the end, so their counts are exact
RACE_BUDGET = 0.02  # seconds each slow method may run before its time is extrapolated (keeps a step < 100 ms)


@dataclass(frozen=True)
class Lap:
    """One method's run: what it examined, how long it took, and what it found."""

    tried: int  # candidates examined (all of them when ``complete``)
    seconds: float  # measured time for ``tried`` candidates
    complete: bool  # every candidate was examined, so the counts below are exact
    solutions: int = 0
    fewest: int | None = None


def _timed(run: Callable[[], T], repeats: int = 3) -> tuple[float, T]:
    """The best time of a few runs (a single run when one is already slow), and what the last run returned."""
    best = math.inf
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
        if best > RACE_BUDGET:
            break
    return best, result


class _PressColumns:
    """The press matrix's columns as bit masks, built on demand (a timed sample of a large
    board's press sets only ever touches the first few cells)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.cache: dict[int, int] = {}

    def __getitem__(self, j: int) -> int:
        if j not in self.cache:
            n = self.rules.cols
            self.cache[j] = sum(1 << (r * n + c) for (r, c), t in self.rules.effect(*divmod(j, n)).items()
                                if t & 1)
        return self.cache[j]


def brute_force(rules: Rules, board: Board, budget: float = RACE_BUDGET) -> Lap:
    """Try press sets in Gray-code order (one XOR each) until all are done or the budget runs out."""
    columns = _PressColumns(rules)
    target, total = to_bitmask(board), 1 << rules.cells
    state = pattern = 0
    solutions, fewest = (1, 0) if target == 0 else (0, None)
    start = time.perf_counter()
    tried = 1
    while tried < total:
        stop = min(total, tried + 4096)
        for i in range(tried, stop):
            bit = (i & -i).bit_length() - 1
            state ^= columns[bit]
            pattern ^= 1 << bit
            if state == target:
                solutions += 1
                w = pattern.bit_count()
                fewest = w if fewest is None else min(fewest, w)
        tried = stop
        if total > ALWAYS_FINISH and time.perf_counter() - start > budget:
            break
    return Lap(tried, time.perf_counter() - start, tried == total, solutions, fewest)


def top_row_search(rules: Rules, board: Board, budget: float = RACE_BUDGET) -> Lap:
    """The seed's method: every top row, each followed by a full chase, until done or out of time."""
    masks = row_masks(rules, board)
    n, total = rules.cols, 1 << rules.cols
    solutions, fewest = 0, None
    start = time.perf_counter()
    tried = 0
    while tried < total:
        presses, residue = chase_rows(masks, tried, n)
        tried += 1
        if residue == 0:
            solutions += 1
            w = sum(p.bit_count() for p in presses)
            fewest = w if fewest is None else min(fewest, w)
        if total > ALWAYS_FINISH and time.perf_counter() - start > budget:
            break
    return Lap(tried, time.perf_counter() - start, tried == total, solutions, fewest)


def tutor_solve(rules: Rules, board: Board) -> Lap:
    """The tutor's own method, uncached: chase symbolically, solve, search the quiet patterns."""

    def run() -> engine.Solution:
        analysis = engine.analyze.__wrapped__(rules)  # time the analysis too, not the cache
        pattern = engine.one_solution(rules, board)
        if pattern is None:
            return engine.Solution(rules, board, analysis, None, False, 0, None)
        best, minimal, searched = engine.minimal_in_coset(rules, pattern, analysis.quiet)
        return engine.Solution(rules, board, analysis, best, minimal, searched, None)

    seconds, sol = _timed(run)  # the solution of a timed run: a slow board is not solved once more
    return Lap(1, seconds, sol.minimal or not sol.solvable, sol.solutions,
               sol.press_count if sol.solvable else None)


def duration(seconds: float) -> str:
    """A time for people: ``0.21 ms``, ``9.6 s``, ``about 3 hours``, ``about 10^290 years``."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    if seconds < 120:
        return f"{seconds:.1f} s"
    for unit, size, below in (("minutes", 60, 7200), ("hours", 3600, 2 * 86400), ("days", 86400, 730 * 86400)):
        if seconds < below:
            return f"about {seconds / size:.0f} {unit}"
    years = seconds / (365.25 * 86400)
    if years < 1e6:
        return f"about {years:,.0f} years"
    return f"about 10^{math.log10(years):.0f} years"


def _log_duration(log10_seconds: float) -> str:
    """``duration`` for times known only by their logarithm (too large for a float)."""
    if log10_seconds < 15:
        return duration(10**log10_seconds)
    return f"about 10^{log10_seconds - math.log10(365.25 * 86400):.0f} years"


def _lap_log10(lap: Lap, total_log10: float) -> float:
    """log10 of the lap's time in seconds: measured, or scaled up from the candidates it tried."""
    seconds = max(lap.seconds, 1e-9)
    if lap.complete:
        return math.log10(seconds)
    return math.log10(seconds / max(lap.tried, 1)) + total_log10


def _lap_time(lap: Lap, total_log10: float) -> str:
    if lap.complete:
        return duration(lap.seconds)
    return f"{_log_duration(_lap_log10(lap, total_log10))} (estimated from {lap.tried:,})"


@lru_cache(maxsize=16)
def method_race(rules: Rules, board: Board) -> str:
    """Brute force, the top-row search and the tutor's chase solver, timed on one board."""
    need_classic(rules, "the method race")
    m, n = rules.rows, rules.cols
    brute, top, tutor = brute_force(rules, board), top_row_search(rules, board), tutor_solve(rules, board)
    lines = [f"The race on this {m}x{n} board ({plural(rules.cells, 'cell')}, "
             f"{sum(1 for v in board if v)} lit), fastest first:"]
    laps = [
        (brute, rules.cells * math.log10(2), "brute force", f"tries all {_count_text(2, rules.cells)} press sets"),
        (top, n * math.log10(2), "top-row search", f"chases all {_count_text(2, n)} top rows"),
        (tutor, 0.0, "the tutor", f"1 chase, then {plural(min(m, n), 'unknown')}{_quiet_note(tutor)}"),
    ]
    laps.sort(key=lambda lap: _lap_log10(lap[0], lap[1]))
    table = [(name, what, _lap_time(lap, total)) for lap, total, name, what in laps]
    lines += ["| method | work | time |", *(f"| {a} | {b} | {c} |" for a, b, c in table)]  # shown as a table
    exact = [lap for lap in (brute, top, tutor) if lap.complete]
    if tutor.solutions == 0:
        lines.append("The board cannot be darkened; every method that finished found no solution.")
    elif all((lap.solutions, lap.fewest) == (tutor.solutions, tutor.fewest) for lap in exact):
        who = "All three" if len(exact) == 3 else ("Every method that finished" if len(exact) > 1 else "The tutor")
        many = f"{tutor.solutions:,} solution{'s' if tutor.solutions != 1 else ''}"
        lines.append(f"{who} found {many}; the fewest uses {plural(tutor.fewest or 0, 'press', 'presses')}.")
    else:  # pragma: no cover - would mean a solver is wrong; say so rather than hide it
        found = ", ".join(f"{lap.solutions} solutions / fewest {lap.fewest}" for lap in exact)
        lines.append(f"The methods disagree ({found}): please report this board.")
    return "\n".join(lines)


def _count_text(base: int, exponent: int) -> str:
    """``65,536`` for counts a person can read, ``2^400 (about 10^120)`` beyond."""
    digits = exponent * math.log10(base)
    if digits < 12:
        return f"{base**exponent:,}"
    return f"{base}^{exponent} (about 10^{digits:.0f})"


def _quiet_note(lap: Lap) -> str:
    if lap.solutions <= 1:
        return ""
    return f", {lap.solutions:,} solutions compared"

"""Coin-table benchmark: the speed and memory targets of issue 3, and the seed's search for scale.

* shortest strategy for N = 8 from a cold start (every cache cleared): target 0.1 s;
* build and exactly verify the N = 16 strategy (65,535 moves): target 3 s, and at most
  500 MB peak memory, measured with tracemalloc (numpy reports its buffers to it), so
  the figure is memory allocated by this work, not the interpreter's resident size;
* ``tutor --help`` as a fresh process: target 0.6 s;
* the seed's belief search (baselines/seed_coinflip.py) for N = 4, and for N = 8 only
  when TUTOR_BENCH_SLOW=1 (it takes the better part of a minute): no target.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from tutor.bench import Figure, best_time, peak_memory_mb

# the shared baselines sit beside the checkout (../shared/baselines); TUTOR_BASELINES overrides
BASELINE = Path(os.environ.get("TUTOR_BASELINES", Path(__file__).resolve().parents[3] / "shared" / "baselines")) \
    / "seed_coinflip.py"


def _cold() -> None:
    """Forget every cached model, transition table, search and solution."""
    from tutor.puzzles.coins import engine, rules, theory

    rules.model.cache_clear()
    engine.transitions.cache_clear()
    engine.search_from.cache_clear()
    theory.decide.cache_clear()


def _shortest(n: int) -> int:
    from tutor.puzzles.coins import rules, theory

    _cold()
    sol = theory.decide(rules.model(n))
    assert sol.strategy is not None
    return len(sol.strategy)


def _sixteen() -> bool:
    from tutor.puzzles.coins import engine, rules

    _cold()
    m = rules.model(16)
    strategy = engine.construct(m)
    result = engine.verify(m, strategy)
    assert result.wins and len(strategy) == 65_535
    return result.wins


def _help_command() -> list[str]:
    script = shutil.which("tutor")
    return [script, "--help"] if script else [sys.executable, "-m", "tutor", "--help"]


def _help() -> None:
    subprocess.run(_help_command(), capture_output=True, check=True, timeout=60)


def _baseline(n: int, timeout: float) -> Figure:
    """Run the seed's search as a subprocess; its own printed search time is the figure."""
    name = f"baseline: seed belief search, N = {n} (seed_coinflip.py)"
    if not BASELINE.exists():
        return Figure(name, float("nan"), "s", note=f"{BASELINE} not found")
    start = time.perf_counter()
    try:
        out = subprocess.run([sys.executable, str(BASELINE), str(n)], capture_output=True, text=True,
                             timeout=timeout, check=True).stdout.split()
    except subprocess.TimeoutExpired:
        return Figure(name, time.perf_counter() - start, "s", note=f"gave up after {timeout:g} s")
    # the seed prints: N, length, seconds
    return Figure(name, float(out[2].rstrip("s")), "s", note=f"length {out[1]}, search time as the seed reports it")


def run() -> list[Figure]:
    """Measure every coin-table figure."""
    figures = []
    seconds, length = best_time(lambda: _shortest(8), repeat=5)
    figures.append(Figure("shortest strategy, N = 8, cold caches", seconds, "s", 0.1, f"{length} moves"))
    seconds, length = best_time(lambda: _shortest(4), repeat=5)
    figures.append(Figure("shortest strategy, N = 4, cold caches", seconds, "s", note=f"{length} moves"))
    seconds, _ = best_time(_sixteen, repeat=3)
    figures.append(Figure("build + exact verification, N = 16 (65,535 moves)", seconds, "s", 3.0))
    megabytes, _ = peak_memory_mb(_sixteen)
    figures.append(Figure("peak memory of the same, traced by tracemalloc", megabytes, "MB", 500.0))
    seconds, _ = best_time(_help, repeat=5)
    figures.append(Figure("tutor --help, fresh process", seconds, "s", 0.6, " ".join(
        Path(part).name if i == 0 else part for i, part in enumerate(_help_command()))))
    figures.append(_baseline(4, timeout=120))
    if os.environ.get("TUTOR_BENCH_SLOW") == "1":
        figures.append(_baseline(8, timeout=600))
    return figures

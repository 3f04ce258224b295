"""Coin-table benchmark: the speed and memory targets of issue 3, and the seed's search for scale.

* shortest strategy for N = 8 from a cold start (every cache cleared), by ``decide`` (now the
  layered construction) and by the exhaustive belief search: target 0.1 s each;
* build and exactly verify the N = 16 strategy (65,535 moves): target 3 s, and at most
  500 MB peak memory, measured with tracemalloc (numpy reports its buffers to it), so
  the figure is memory allocated by this work, not the interpreter's resident size;
* issue 23: the heaviest check that check_work allows on the heaviest tables (20 coins with reflections,
  a move with 40 turned copies, about 2,300 times) and ``hint coins --coins 20 --symmetry dihedral``,
  cold: target 5 s each, and 1 GB;
* ``tutor --help`` as a fresh process: target 0.6 s;
* issue 13: the theorem's decision over the 640 configurations N = 1..20, K = 2..9, both
  symmetries, both goals (target 0.1 s), ``analyze coins --coins 1000000`` in-process, JSON
  included (target 0.1 s), the same for N = K = 10^6 (the largest exact numbers, 6 million
  digits: no target, well under a second), and streaming the 8^8 - 1 = 16,777,215-move
  strategy as text to a null sink (no target);
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
from tutor.puzzles.options import resolve

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


def _sweep() -> int:
    """The theorem's decision over the issue's 640 configurations; returns how many are winnable."""
    from tutor.puzzles.coins import theory

    return sum(theory.theorem(n, k, d, g).winnable for n in range(1, 21) for k in range(2, 10)
               for d in (False, True) for g in ("heads", "same"))


def _analyze(n: int, k: int) -> int:
    """``tutor analyze coins --coins N --sides K --json`` in-process, cold; returns the JSON's size."""
    from tutor.cli import dump_json
    from tutor.puzzles.coins import CoinTable

    _cold()
    puzzle = CoinTable()
    command = puzzle.commands["analyze"]
    report = command.run(puzzle.load({"coins": n, "sides": k}), resolve(command.options, {}, "bench"))
    return len(dump_json(report.data))


def _stream() -> int:
    """The 16,777,215-move strategy for 8 counters with 8 faces, as text pieces; returns characters made."""
    from tutor.puzzles.coins import engine
    from tutor.puzzles.coins.rules import format_move

    return sum(len(piece) for piece in engine.layered_pieces(engine.levels(8, 8), lambda m: format_move(m, 8), "\n"))


def _shortest(n: int) -> int:
    from tutor.puzzles.coins import rules, theory

    _cold()
    sol = theory.decide(rules.model(n))
    assert sol.strategy is not None
    return len(sol.strategy)


def _searched(n: int) -> int:
    from tutor.puzzles.coins import engine, rules

    _cold()
    outcome = engine.solve(rules.model(n))
    assert outcome.strategy is not None
    return len(outcome.strategy)


def _sixteen() -> bool:
    from tutor.puzzles.coins import engine, rules

    _cold()
    m = rules.model(16)
    strategy = engine.construct(m)
    result = engine.verify(m, strategy)
    assert result.wins and len(strategy) == 65_535
    return result.wins


def _at_the_limit() -> int:
    """The heaviest check allowed on the heaviest tables (issue 23): 20 coins with reflections, one move with 40
    turned copies repeated as often as check_work allows, verified cold; returns the moves checked."""
    from tutor.puzzles.coins import engine, rules
    from tutor.puzzles.coins.limits import CHECK_WORK

    _cold()
    m = rules.model(20, 2, True)
    move = (1, 1, 0, 1) + (0,) * 16
    once, twice = m.check_cost([move]), m.check_cost([move] * 2)  # the table built once, then each move
    count = 1 + (CHECK_WORK.value - once) // (twice - once)
    engine.verify(m, [move] * count)
    return count


def _hint_twenty() -> None:
    """``tutor hint coins --coins 20 --symmetry dihedral`` in-process, cold (issue 23: 23.5 s and 782 MB)."""
    from tutor.puzzles.coins.rules import CoinGame, Symmetry
    from tutor.puzzles.coins.teach.hints import hint_data

    _cold()
    hint_data(CoinGame(20, 2, Symmetry.DIHEDRAL), [])


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


DIHEDRAL_16 = "(" + " ".join(map(str, range(16))) + "), " + "".join(f"({i} {15 - i})" for i in range(8))


def _group(n: int, text: str, verify: bool) -> int:
    """``decide_group`` cold for the group ``text`` on n coins (and the exact check of its strategy); returns its
    length, or 0 when there is no sure win."""
    from tutor.puzzles.coins import engine
    from tutor.puzzles.coins.rules import group
    from tutor.puzzles.coins.theory import groups

    group.group_model.cache_clear()
    groups.decide_group.cache_clear()
    gens = group.parse_group(text, n)
    sol = groups.decide_group(n, 2, "heads", gens)
    if verify and sol.strategy is not None:
        assert engine.verify(group.group_model(n, 2, "heads", gens), list(sol.strategy)).wins
    return 0 if sol.strategy is None else len(sol.strategy)


def _conjecture() -> int:
    """The theorem's own formula through the workbench up to the largest bound; returns the tables checked."""
    from tutor.puzzles.coins.theory.conjecture import THEOREMS, check_conjecture, parse_formula

    return check_conjecture(parse_formula(THEOREMS[("winnable", "rotation")]), "winnable", bound=200).checked


def _touch(n: int) -> int:
    """The touch search for every k < n on n positions, cold; returns the beliefs searched."""
    from tutor.puzzles.coins.engine import touch

    touch.solve.cache_clear()
    return sum(touch.solve(n, k, "same").beliefs for k in range(1, n))


def _touch_rules(n: int, k: int) -> int:
    """The rule search of hint --touch from cold, and a strategy following it; returns its moves (verified)."""
    from tutor.puzzles.coins.engine import touch_plan
    from tutor.puzzles.coins.engine.touch_verify import possible_after, verify_touch

    touch_plan.plan.cache_clear()
    p = touch_plan.plan(n, k, "same")
    moves: list = []
    while reps := possible_after(n, "same", moves):
        moves.append(touch_plan.next_move(p, p.state(reps)))
    assert verify_touch(n, "same", moves).wins
    return len(moves)


def _variant_figures() -> list[Figure]:
    """Issue 33: the Devil's groups, the conjecture workbench and the blind bartender (no targets)."""
    figures = []
    seconds, length = best_time(lambda: _group(4, "(0 1)(2 3), (0 2)(1 3)", True), repeat=5)
    figures.append(Figure("--group Klein four-group, 4 coins: decide + verify, cold", seconds, "s",
                          note=f"{length} moves, by the belief search"))
    seconds, length = best_time(lambda: _group(3, "(0 1 2), (0 1)", False), repeat=5)
    figures.append(Figure("--group S_3, 3 coins: decide + trap, cold", seconds, "s", note="no sure win"))
    seconds, length = best_time(lambda: _group(16, DIHEDRAL_16, True), repeat=1)
    figures.append(Figure("--group dihedral of order 32, 16 coins: chain, build + verify", seconds, "s",
                          note=f"{length:,} moves, the layered strategy"))
    seconds, checked = best_time(_conjecture, repeat=3)
    figures.append(Figure("check --conjecture (the theorem's formula), --bound 200", seconds, "s",
                          note=f"{checked:,} tables"))
    seconds, beliefs = best_time(lambda: _touch(6), repeat=3)
    figures.append(Figure("--touch: belief search, 6 positions, every k < 6, cold", seconds, "s",
                          note=f"{beliefs:,} beliefs"))
    seconds, length = best_time(lambda: _touch_rules(6, 4), repeat=3)
    figures.append(Figure("--touch: rule search, 6 positions, k = 4, cold, and the hints followed + verified",
                          seconds, "s", note=f"{length} moves"))
    return figures


def run() -> list[Figure]:
    """Measure every coin-table figure."""
    figures = []
    seconds, length = best_time(lambda: _shortest(8), repeat=5)
    figures.append(Figure("shortest strategy, N = 8, cold caches", seconds, "s", 0.1,
                          f"{length} moves, the layered construction"))
    seconds, length = best_time(lambda: _searched(8), repeat=5)
    figures.append(Figure("exhaustive belief search, N = 8, cold caches", seconds, "s", 0.1, f"{length} moves"))
    seconds, length = best_time(lambda: _shortest(4), repeat=5)
    figures.append(Figure("shortest strategy, N = 4, cold caches", seconds, "s", note=f"{length} moves"))
    seconds, _ = best_time(_sixteen, repeat=3)
    figures.append(Figure("build + exact verification, N = 16 (65,535 moves)", seconds, "s", 3.0))
    megabytes, _ = peak_memory_mb(_sixteen)
    figures.append(Figure("peak memory of the same, traced by tracemalloc", megabytes, "MB", 500.0))
    seconds, count = best_time(_at_the_limit, repeat=1)
    figures.append(Figure("check at check_work, 20 coins with reflections, cold", seconds, "s", 5.0,
                          f"{count:,} moves of 40 turned copies each"))
    megabytes, _ = peak_memory_mb(_at_the_limit)
    figures.append(Figure("peak memory of the same, traced by tracemalloc", megabytes, "MB", 1000.0))
    seconds, _ = best_time(_hint_twenty, repeat=1)
    figures.append(Figure("hint coins --coins 20 --symmetry dihedral, in-process, cold", seconds, "s", 5.0))
    seconds, _ = best_time(_help, repeat=5)
    figures.append(Figure("tutor --help, fresh process", seconds, "s", 0.6, " ".join(
        Path(part).name if i == 0 else part for i, part in enumerate(_help_command()))))
    seconds, won = best_time(_sweep, repeat=5)
    figures.append(Figure("decision of all 640 tables N<=20, K<=9 (theorem)", seconds, "s", 0.1,
                          f"{won} winnable, {640 - won} not"))
    seconds, size = best_time(lambda: _analyze(10**6, 2), repeat=5)
    figures.append(Figure("analyze coins --coins 1000000, in-process, JSON", seconds, "s", 0.1,
                          f"{size:,} characters of JSON"))
    seconds, size = best_time(lambda: _analyze(10**6, 10**6), repeat=3)
    figures.append(Figure("analyze coins --coins 10^6 --sides 10^6, in-process", seconds, "s",
                          note=f"{size:,} characters of JSON: exact 6,000,000-digit lower bound"))
    seconds, size = best_time(_stream, repeat=3)
    figures.append(Figure("stream the 8^8 - 1 move strategy as text", seconds, "s", note=f"{size:,} characters"))
    figures += _variant_figures()
    figures.append(_baseline(4, timeout=120))
    if os.environ.get("TUTOR_BENCH_SLOW") == "1":
        figures.append(_baseline(8, timeout=600))
    return figures

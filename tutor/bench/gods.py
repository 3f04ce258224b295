"""Benchmark of the three gods engine against the issue's targets and the seed's baseline.

Each figure starts from a cold solver (no memo carried over), so it measures
the whole search, not a cache lookup.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from tutor.bench import Figure, best_time, peak_memory_mb

BASELINE = Path("/work/shared/baselines/seed_gods.py")


def _first_solution() -> object:
    from tutor.puzzles.gods.engine.solver import Solver, plan_tree
    from tutor.puzzles.gods.rules.worlds import universe

    s = Solver(universe())
    k, plan = s.shortest(6)
    assert k == 3 and plan is not None
    return plan_tree(s, plan)


def _count() -> int:
    from tutor.puzzles.gods.engine.solver import Solver
    from tutor.puzzles.gods.rules.worlds import universe

    return Solver(universe()).working_first(3)["questions"]


def _past_the_budget() -> str:
    """The least average of True, True, False, False, Random: past the search's budget, refused (its message)."""
    from tutor.errors import SearchLimit

    try:
        _least_average(("True", "True", "False", "False", "Random"), 6)
    except SearchLimit as err:
        return str(err)[:60]
    return "not refused"


def _least_average(roles: tuple[str, ...], k: int) -> object:
    """The least average from a cold solver and a cold average search."""
    from tutor.puzzles.gods.engine.average import AverageSearch
    from tutor.puzzles.gods.engine.solver import Solver
    from tutor.puzzles.gods.rules.worlds import universe

    u = universe(roles)
    return AverageSearch(Solver(u)).least(u.full, k)[0]


def _workbench() -> object:
    """The conjecture workbench over every set of up to 5 gods, from cold engines."""
    from tutor.puzzles.gods import engine
    from tutor.puzzles.gods.rules import make_game
    from tutor.puzzles.gods.teach.conjecture import workbench

    engine._variant_solver.cache_clear()
    return workbench(make_game(), "r < n - r or t + f = 0", 5)[2]


def _baseline() -> tuple[float | None, str]:
    """Wall time of the seed's own search (3 questions), run as a subprocess."""
    if not BASELINE.exists():
        return None, "baseline file missing"
    start = time.perf_counter()
    try:
        out = subprocess.run([sys.executable, str(BASELINE)], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return None, "baseline timed out after 120 s"
    total = time.perf_counter() - start
    first = out.stdout.splitlines()[0] if out.stdout else ""
    try:
        return float(first.split()[-1].rstrip("s")), f"seed prints {first!r}; process {total:.1f} s"
    except (ValueError, IndexError):
        return None, f"unexpected baseline output {first!r}"


def run() -> list[Figure]:
    """Measure every speed target of issue 6."""
    from tutor.puzzles.gods.engine.verify import verify
    from tutor.puzzles.gods.rules.lang import parse_question
    from tutor.puzzles.gods.rules.tree import format_tree, parse_tree
    from tutor.puzzles.gods.rules.worlds import universe
    from tutor.puzzles.gods.theory import explain

    u = universe()
    figures = []
    t_first, tree = best_time(_first_solution, repeat=20)
    figures.append(Figure("gods: first 3-question solution (cold solver)", t_first, "s", 0.02))
    t_count, count = best_time(_count, repeat=10)
    figures.append(Figure("gods: count all working first questions (cold)", t_count, "s", 0.5,
                          f"{count} of 12288"))
    text = format_tree(tree, u)

    def check() -> object:
        return verify(parse_tree(text, u), u, 3)

    t_check, result = best_time(check, repeat=50)
    assert result is None
    figures.append(Figure("gods: parse + verify a learner's full tree", t_check * 1000, "ms", 10))
    t_sympy, _ = best_time(lambda: explain(parse_question("would you say ja to (B is Random)", u), u, "A"),
                           repeat=3)
    figures.append(Figure("gods: sympy translation + truth table of one question", t_sympy, "s"))
    for roles, identify, label in ((("True", "False", "Random"), True, "3 gods, identify ja too (4 questions)"),
                                   (("True", "False", "Random", "True"), False, "4 gods T,F,R,T (4 questions)")):
        def variant(roles: tuple[str, ...] = roles, identify: bool = identify) -> object:
            from tutor.puzzles.gods.engine.solver import Solver

            return Solver(universe(roles, False, identify)).shortest(6)

        t_var, _ = best_time(variant, repeat=3)
        figures.append(Figure(f"gods: solve variant, {label}", t_var, "s"))
    averages: list[tuple[tuple[str, ...], int, int]] = [
        (("True", "False", "Random"), 3, 10), (("True", "False", "False", "Random"), 4, 3),
        (("False", "False", "False", "Random", "Random"), 5, 1)]
    for gods, k, repeat in averages:
        def average(gods: tuple[str, ...] = gods, k: int = k) -> object:
            return _least_average(gods, k)

        t_avg, least = best_time(average, repeat=repeat)
        figures.append(Figure(f"gods: least average, {','.join(r[0] for r in gods)} within {k} (cold)", t_avg, "s",
                              None, f"{least}"))
    t_refused, said = best_time(_past_the_budget, repeat=1)
    figures.append(Figure("gods: least average, T,T,F,F,R within 6: refused at the budget (cold)", t_refused, "s",
                          5.0, said))
    t_bench, held = best_time(_workbench, repeat=1)
    figures.append(Figure("gods: conjecture workbench, every set of up to 5 gods (cold)", t_bench, "s", None,
                          "holds" if held else "counterexample"))
    mem, _ = peak_memory_mb(_count)
    figures.append(Figure("gods: peak memory of the count", mem, "MB"))
    seed, note = _baseline()
    if seed is not None:
        figures.append(Figure("gods: seed baseline, first 3-question solution", seed, "s", None, note))
        figures.append(Figure("gods: speed-up over the seed (first solution)", seed / t_first, "x", None))
    else:
        figures.append(Figure("gods: seed baseline (not measured)", 0.0, "s", None, note))
    return figures

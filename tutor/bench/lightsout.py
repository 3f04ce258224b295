"""Lights Out benchmark: the issue's speed and memory targets, and the seed's method.

* a 1000 x 1000 board solved (rank + one solution), cold (no cached analysis):
  at most 1.5 s and 1 GB;
* rank of the full 1600 x 1600 press matrix of a 40 x 40 board: at least 100x
  faster than sympy's DomainMatrix over GF(2) and than ``galois`` (if a scratch
  venv at $GALOIS_PYTHON or /tmp/galois_venv has it; galois is never a dependency);
* the minimal solution of a 5 x 5 board, cold: at most 10 ms;
* the seed's method (enumerate the top row, chase down; 2^n chases) against
  our solver on the same n x n sizes, run as a subprocess with a time limit;
* the representation choice for ``tutor.maths.gf2``: Python ints vs numpy packed bits;
* issue 13: the torus chase - nullity of a 1000 x 1000 torus (elimination would
  need a million-by-million matrix), a solved and replayed 1000 x 1000 torus,
  and the chase against full elimination at 64 x 64, the largest torus
  elimination allows;
* issue 19: every lesson quantity (``teach.quantities``) on the 1000 x 1000 board of lesson 4, cold: at
  most 1 s and 300 MB each (traced), and the whole lot in a fresh process within 300 MB of RSS;
* issue 33: ``solve --all`` - every solution of the 4x4 and 5x5 all-on boards listed, and the 2^24 solutions
  of the 30 x 30 torus counted by presses; the conjecture workbench over every n x n board up to its default
  bound and the 500 x 500 that the cell limit allows, flat and torus, and over the n x m boards up to 100.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from tutor.bench import Figure, best_time, peak_memory_mb
from tutor.bench._process import tutor_process

if TYPE_CHECKING:
    from tutor.puzzles.lightsout.rules.grid import Rules
    from tutor.puzzles.lightsout.theory.conjecture import Domain

BASELINE = Path(__file__).resolve().parents[2].parent / "shared" / "baselines" / "seed_lightsout.py"
GALOIS_PYTHON = os.environ.get("GALOIS_PYTHON", "/tmp/galois_venv/bin/python")

_GALOIS_SCRIPT = """
import json, sys, time
import numpy as np, galois
rows = json.loads(sys.stdin.read())
n = len(rows)
A = np.array([[(r >> j) & 1 for j in range(n)] for r in rows], dtype=np.uint8)
GF = galois.GF(2)
np.linalg.matrix_rank(GF(A[:25, :25]))  # compile first
G = GF(A)
best = 1e9
for _ in range(3):
    t = time.perf_counter(); rk = np.linalg.matrix_rank(G); best = min(best, time.perf_counter() - t)
print(json.dumps({"rank": int(rk), "seconds": best}))
"""


def _cold_solve(rules, board):  # type: ignore[no-untyped-def]
    from tutor.puzzles.lightsout import engine

    engine.analyze.cache_clear()
    return engine.solve(rules, board, minimize=False)


def _max_rss_mb() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def big_board() -> list[Figure]:
    """1000 x 1000: rank and one solution, time and traced memory."""
    from tutor.puzzles.lightsout.rules.grid import Rules, apply, dark, random_board

    rules = Rules(1000, 1000)
    board = random_board(rules, random.Random(1))
    seconds, sol = best_time(lambda: _cold_solve(rules, board), repeat=3)
    assert sol.pattern is not None and apply(rules, board, sol.pattern) == dark(rules)
    mb, _ = peak_memory_mb(lambda: _cold_solve(rules, board))
    note = f"rank {sol.analysis.rank}, nullity {sol.analysis.nullity}, {sol.press_count} presses, replayed"
    return [
        Figure("1000x1000 solve (rank + one solution), cold", seconds, "s", 1.5, note),
        Figure("1000x1000 solve peak traced memory", mb, "MB", 1000.0,
               f"whole process max RSS so far {peak_rss_mb():.0f} MB"),
    ]


def rank_40() -> list[Figure]:
    """Full-matrix rank of the 40 x 40 press matrix: ours, sympy, galois."""
    from tutor.maths import gf2
    from tutor.puzzles.lightsout.rules.grid import Rules, press_matrix, press_rows_gf2

    rules = Rules(40, 40)
    rows = press_rows_gf2(rules)
    ours, rk = best_time(lambda: gf2.rank(rows), repeat=20)
    numpy_time, rk_np = best_time(lambda: gf2.rank_numpy(rows, rules.cells), repeat=3)
    assert rk == rk_np
    figures = [
        Figure("40x40 press-matrix rank, gf2.rank (Python ints)", ours * 1e3, "ms", None, f"rank {rk}"),
        Figure("40x40 press-matrix rank, numpy packed bits (rejected)", numpy_time * 1e3, "ms", None),
    ]
    from sympy import GF
    from sympy.polys.matrices import DomainMatrix

    dm = DomainMatrix.from_list(press_matrix(rules), GF(2))
    sym, srk = best_time(lambda: dm.rank(), repeat=1)
    assert srk == rk
    figures.append(Figure("40x40 rank, sympy DomainMatrix GF(2) (same matrix)", sym * 1e3, "ms", None,
                          "matrix construction not counted"))
    figures.append(Figure("  ours / sympy time (<= 0.01 means >= 100x faster)", ours / sym, "x", 0.01,
                          f"{sym / ours:.0f}x faster"))
    if Path(GALOIS_PYTHON).exists():
        try:
            out = subprocess.run([GALOIS_PYTHON, "-c", _GALOIS_SCRIPT], input=json.dumps(rows),
                                 capture_output=True, text=True, timeout=600)
            res = json.loads(out.stdout)
            assert res["rank"] == rk
            g = float(res["seconds"])
            figures.append(Figure("40x40 rank, galois np.linalg.matrix_rank (scratch venv)", g * 1e3, "ms"))
            figures.append(Figure("  ours / galois time (<= 0.01 means >= 100x faster)", ours / g, "x", 0.01,
                                  f"{g / ours:.0f}x faster"))
        except (subprocess.SubprocessError, ValueError, KeyError) as err:
            figures.append(Figure("40x40 rank, galois", float("nan"), "ms", None, f"failed: {err}"))
    else:
        figures.append(Figure("40x40 rank, galois", float("nan"), "ms", None,
                              f"unavailable: no {GALOIS_PYTHON} (set GALOIS_PYTHON)"))
    rng = random.Random(1)
    dense = [rng.getrandbits(1600) for _ in range(1600)]
    d_int, _ = best_time(lambda: gf2.rank(dense), repeat=3)
    d_np, _ = best_time(lambda: gf2.rank_numpy(dense, 1600), repeat=3)
    figures.append(Figure("dense random 1600x1600 rank, Python ints", d_int * 1e3, "ms"))
    figures.append(Figure("dense random 1600x1600 rank, numpy packed bits", d_np * 1e3, "ms"))
    return figures


def minimal_5x5() -> list[Figure]:
    """The fewest presses for the all-on 5 x 5, cold (analysis recomputed)."""
    from tutor.puzzles.lightsout import engine
    from tutor.puzzles.lightsout.rules.grid import Rules

    rules = Rules(5, 5)
    board = bytes([1]) * 25
    engine.solve(rules, board)  # imports and first-call costs out of the way

    def cold():  # type: ignore[no-untyped-def]
        engine.analyze.cache_clear()
        return engine.solve(rules, board)

    seconds, sol = best_time(cold, repeat=20)
    assert sol.minimal and sol.press_count == 15
    return [Figure("5x5 minimal solution (all on), cold", seconds * 1e3, "ms", 10.0,
                   f"{sol.press_count} presses, {sol.searched} coset members searched")]


def seed_baseline(sizes: tuple[int, ...] = (12, 16, 18, 20), limit: float = 60.0) -> list[Figure]:
    """The seed's top-row enumeration vs our solver on the same n x n sizes."""
    from tutor.puzzles.lightsout.rules.grid import Rules, random_board

    figures = []
    if not BASELINE.exists():
        return [Figure("seed baseline", float("nan"), "s", None, f"missing {BASELINE}")]
    for n in sizes:
        rules = Rules(n, n)
        board = random_board(rules, random.Random(n))
        ours, _ = best_time(functools.partial(_cold_solve, rules, board), repeat=3)
        start = time.perf_counter()
        try:
            out = subprocess.run([sys.executable, str(BASELINE), str(n)], capture_output=True, text=True,
                                 timeout=limit)
            m = re.search(r"([\d.]+)s", out.stdout)
            seed = float(m.group(1)) if m else time.perf_counter() - start
            note = f"ours {ours * 1e3:.2f} ms; seed {out.stdout.strip()}"
        except subprocess.TimeoutExpired:
            seed = limit
            note = f"ours {ours * 1e3:.2f} ms; seed did not finish within {limit:.0f} s (lower bound)"
        note += " (the seed draws its own random board)"
        figures.append(Figure(f"{n}x{n} seed method 3 (2^{n} top rows, chase)", seed, "s", None, note))
    return figures


def torus() -> list[Figure]:
    """The torus chase: nullity and a solve of a 1000 x 1000 torus, and the 64 x 64 torus both ways."""
    from tutor.maths import gf2
    from tutor.puzzles.lightsout import engine
    from tutor.puzzles.lightsout.engine import torus as chase
    from tutor.puzzles.lightsout.rules.grid import Rules, apply, dark, press_rows_gf2, random_board

    def cold_nullity(rules: Rules) -> int:
        chase.torus_system.cache_clear()
        chase.eliminate.cache_clear()
        return chase.nullity(rules)

    big = Rules(1000, 1000, torus=True)
    seconds, nullity = best_time(lambda: cold_nullity(big), repeat=3)
    figures = [Figure("1000x1000 torus nullity (torus chase), cold", seconds, "s", 1.0,
                      f"nullity {nullity}, twice the 500x500 torus's (A165738: a(2n) = 2 a(n))")]
    mb, _ = peak_memory_mb(lambda: cold_nullity(big))
    figures.append(Figure("1000x1000 torus nullity peak traced memory", mb, "MB"))
    board = random_board(big, random.Random(2))

    def cold_solve():  # type: ignore[no-untyped-def]
        engine.analyze.cache_clear()
        chase.torus_system.cache_clear()
        chase.eliminate.cache_clear()
        return engine.solve(big, board, minimize=False)

    seconds, sol = best_time(cold_solve, repeat=3)
    assert sol.pattern is not None and apply(big, board, sol.pattern) == dark(big)
    figures.append(Figure("1000x1000 torus solve (rank + one solution), cold", seconds, "s", 1.5,
                          f"{sol.press_count} presses, replayed"))
    square = Rules(64, 64, torus=True)
    by_chase, n1 = best_time(lambda: cold_nullity(square), repeat=5)
    by_elimination, n2 = best_time(lambda: square.cells - gf2.rank(press_rows_gf2(square)), repeat=3)
    assert n1 == n2
    figures.append(Figure("64x64 torus nullity, torus chase", by_chase * 1e3, "ms", None, f"nullity {n1}"))
    figures.append(Figure("64x64 torus nullity, full elimination (4096 x 4096)", by_elimination * 1e3, "ms", None,
                          "the same nullity"))
    return figures


BIG_QUESTIONS: tuple[tuple[str, dict[str, int]], ...] = (("chase_board", {"row": 999}),)  # the last row asked
_RSS_SCRIPT = """
import json, sys
from tutor.bench.lightsout import cold_quantity, peak_rss_mb, quantity_game
rss = peak_rss_mb
game = quantity_game(sys.argv[1])
base = rss()
for name in json.loads(sys.argv[2]):
    cold_quantity(game, name, {})
print(json.dumps({"base": base, "peak": rss()}))
"""


def peak_rss_mb() -> float:
    """This process's peak resident memory in MB: VmHWM, which a new program starts afresh (``ru_maxrss``
    keeps the peak of the process that started it, across exec), else ``ru_maxrss``."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return _max_rss_mb()


def quantity_game(board: str):  # type: ignore[no-untyped-def]
    """The 1000 x 1000 game of lesson 4's "Unknowns on a big board" step (``all-on``), or a random one."""
    from tutor.puzzles import get

    game = get("lightsout").load({"size": "1000x1000", "board": board, "seed": 1})
    game.lights  # noqa: B018 - drawn once, outside the figures
    return game


def cold_quantity(game, name: str, args: dict[str, int]):  # type: ignore[no-untyped-def]
    """One quantity with no cached analysis or race: its value, or the refusal (``TutorError``)."""
    from tutor.errors import TutorError
    from tutor.puzzles.lightsout import engine
    from tutor.puzzles.lightsout.teach import race
    from tutor.puzzles.lightsout.teach.quantities import QUANTITIES

    engine.analyze.cache_clear()
    race.method_race.cache_clear()
    try:
        return QUANTITIES[name](game, args)
    except TutorError as err:
        return err


def _said(value) -> str:  # type: ignore[no-untyped-def]
    if isinstance(value, Exception):
        return f"refused: {str(value)[:50]}"
    if isinstance(value, int) and value.bit_length() > 64:
        return f"{value.bit_length()}-bit number"
    text = str(value)
    return f"{len(text):,} characters" if len(text) > 30 else text


def _quantity_figures(game, name: str, args: dict[str, int], label: str) -> list[Figure]:  # type: ignore[no-untyped-def]
    once, value = best_time(lambda: cold_quantity(game, name, args), repeat=1)
    seconds = once if once > 0.5 else min(once, best_time(lambda: cold_quantity(game, name, args), repeat=3)[0])
    mb, _ = peak_memory_mb(lambda: cold_quantity(game, name, args))
    shown = "".join(f" {k}={v}" for k, v in args.items())
    return [Figure(f"{label} {name}{shown}, cold", seconds, "s", 1.0, f"{_said(value)}; peak {mb:.1f} MB traced"),
            Figure(f"{label} {name}{shown} peak traced memory", mb, "MB", 300.0)]


def quantities() -> list[Figure]:
    """Every lesson quantity on 1000 x 1000: lesson 4's all-on board (one pair per quantity), a random board
    (the worst pair), and every quantity of both in a fresh process (max RSS)."""
    from tutor.puzzles.lightsout.teach.quantities import QUANTITIES

    questions = [*((name, {}) for name in QUANTITIES), *BIG_QUESTIONS]
    figures = []
    for board, label in (("all-on", "1000x1000 all-on:"), ("random", "1000x1000 random:")):
        game = quantity_game(board)
        pairs = [_quantity_figures(game, name, args, label) for name, args in questions]
        if board == "all-on":
            figures += [f for pair in pairs for f in pair]
            continue
        worst_time = max((pair[0] for pair in pairs), key=lambda f: f.value)
        worst_mb = max((pair[1] for pair in pairs), key=lambda f: f.value)
        figures += [Figure(f"{label} slowest quantity, cold", worst_time.value, "s", 1.0, worst_time.name),
                    Figure(f"{label} most traced memory of a quantity", worst_mb.value, "MB", 300.0, worst_mb.name)]
    for board in ("all-on", "random"):
        out = subprocess.run([sys.executable, "-c", _RSS_SCRIPT, board, json.dumps(list(QUANTITIES))],
                             capture_output=True, text=True, timeout=3600, check=True)
        rss = json.loads(out.stdout)
        figures.append(Figure(f"1000x1000 {board}: every quantity in a fresh process, max RSS", rss["peak"], "MB",
                              300.0, f"{rss['base']:.0f} MB with the board loaded, before any quantity"))
    return figures


def every_solution() -> list[Figure]:
    """``solve --all``: listed on small boards, counted by presses on the 30 x 30 torus (nullity 24, the limit)."""
    from tutor.puzzles.lightsout import engine
    from tutor.puzzles.lightsout.rules.grid import Rules

    figures = []
    for rules, repeat in ((Rules(5, 5), 20), (Rules(4, 4), 20), (Rules(19, 19), 5), (Rules(30, 30, torus=True), 1)):
        board = bytes([1]) * rules.cells
        engine.all_solutions(rules, board)  # the analysis cached: the figure is the enumeration
        seconds, every = best_time(functools.partial(engine.all_solutions, rules, board), repeat=repeat)
        assert sum(c for _, c in every.weights) == every.count == 1 << every.nullity
        how = f"{len(every.listed)} listed" if every.listed is not None else "counted, not listed"
        figures.append(Figure(f"solve --all, {rules.describe()} all on (nullity {every.nullity})", seconds * 1e3, "ms",
                              None, f"{every.count:,} solutions, {how}, fewest {every.fewest} presses"))
    done = tutor_process(["solve", "lightsout", "--size", "1000x1000", "--all", "--json"], dict(os.environ))
    figures.append(Figure("solve --all, 1000x1000 all on, whole process: CPU", done.cpu, "s", 5.0,
                          f"exit {done.code}, {done.peak_mb:.0f} MB (the largest board: its solution listed)"))
    return figures


def _boards_swept(variant: Rules, domain: Domain, bound: int) -> int:
    """How many boards the workbench's sweep computes up to ``bound`` (each one's nullity by the engine)."""
    from tutor.puzzles.lightsout.theory.conjecture import sweep

    return sum(1 for _ in sweep(variant, domain, bound))


def workbench() -> list[Figure]:
    """``check --conjecture``: a formula that holds costs the sweep of every board up to the bound (no closed form
    of the nullity exists to write one, so the sweep itself is timed), and two real runs."""
    from tutor.puzzles.lightsout.rules.formula import parse_formula
    from tutor.puzzles.lightsout.rules.grid import Rules
    from tutor.puzzles.lightsout.theory.conjecture import Domain, check_conjecture

    figures = []
    for variant, domain, bound in ((Rules(1, 1), Domain("square"), 100), (Rules(1, 1), Domain("square"), 530),
                                   (Rules(1, 1, torus=True), Domain("square"), 100),
                                   (Rules(1, 1, torus=True), Domain("square"), 228),
                                   (Rules(1, 1), Domain("rectangle"), 118),
                                   (Rules(1, 1, torus=True), Domain("rectangle"), 62)):
        seconds, boards = best_time(functools.partial(_boards_swept, variant, domain, bound), repeat=1)
        figures.append(Figure(f"workbench sweep, {domain.label}{' torus' if variant.torus else ''} up to {bound}",
                              seconds, "s", 5.0 if bound > 100 else None,
                              f"{boards:,} boards, {domain.cells(bound):,} cells"))
    for args in (("floor((m + 1)/3) - floor(m/3)", 1000, 1), ("0", 100, None)):
        text, bound, rows = args
        seconds, result = best_time(functools.partial(check_conjecture, Rules(1, 1), parse_formula(text), "nullity",
                                                      bound, rows), repeat=3)
        figures.append(Figure(f"workbench {result.conjecture[:40]}, --bound {bound}", seconds * 1e3, "ms", None,
                              result.summary()[:70]))
    return figures


def run() -> list[Figure]:
    """Every Lights Out figure."""
    return [*quantities(), *big_board(), *torus(), *rank_40(), *minimal_5x5(), *seed_baseline(), *every_solution(),
            *workbench()]

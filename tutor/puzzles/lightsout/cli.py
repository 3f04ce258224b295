"""Lights Out's command-line contract: ``tutor solve|check|hint|analyze lightsout``.

The JSON keys are the contract in docs/lightsout.md (they may be added to,
never renamed or removed); cells are 1-based ``[row, col]`` pairs everywhere.
"""

from __future__ import annotations

import math
from typing import Any

from tutor.errors import InvalidParams
from tutor.puzzles.base import Commands, Report
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine import coset
from tutor.puzzles.lightsout.engine.chase import chase_steps
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.formula import parse_formula
from tutor.puzzles.lightsout.rules.grid import Board, Rules, apply, cells_of, pattern_of
from tutor.puzzles.lightsout.rules.notation import format_board, format_cell, format_presses
from tutor.puzzles.lightsout.rules.presses import parse_presses
from tutor.puzzles.lightsout.teach.hints import hint_ladder
from tutor.puzzles.lightsout.teach.pictures import render
from tutor.puzzles.lightsout.teach.verdicts import (
    SUTNER,
    all_on_theorem,
    judge_presses,
    lit_text,
    solvable_reason,
    unsolvable_reason,
)
from tutor.puzzles.lightsout.theory import check_symbolic, poly_nullity, symbolic_view, textbook
from tutor.puzzles.lightsout.theory.conjecture import DEFAULT_BOUND, OF, check_conjecture
from tutor.puzzles.options import Args, Option, required_text
from tutor.screen.shown import Drawn, above, join
from tutor.screen.text import sequence_text

COMMANDS = Commands()
MAX_TEXT_CELLS = 4096  # beyond this, text output summarises instead of drawing boards
MAX_JSON_DIGITS = 4000  # Python refuses to print ints past 4300 digits
MAX_SHOWN_CELLS = 16_000_000  # cells of quiet patterns analyze lists (16 boards of 1000 x 1000): --limit stops sooner
PRESSES_HELP = "cells like 'a1 b3' or '3,2', or a grid of X (press) and .; - for stdin"


def _big(base: int, exponent: int) -> int | str:
    """``base ** exponent`` as a JSON int, or the text ``"base**exponent"`` when too long to print."""
    if exponent * math.log10(base) < MAX_JSON_DIGITS:
        return base**exponent
    return f"{base}**{exponent}"


def _power(base: int, exponent: int) -> str:
    """A count ``base^exponent`` for the text output: its digits when a person can read them
    (``4,096``), else the power written with ``^`` (the JSON keeps ints, or ``"2**400"``)."""
    if exponent * math.log10(base) < 15:
        return f"{base**exponent:,}"
    return f"{base}^{exponent}"


def _shape(rules: Rules) -> dict[str, Any]:
    return {"rows": rules.rows, "cols": rules.cols, "torus": rules.torus,
            "neighbourhood": rules.neighbourhood, "states": rules.states}


@COMMANDS.register("solve", "one solution, with the fewest presses when the quiet patterns can be searched",
                   Option("steps", bool, False, "show the chase row by row"),
                   Option("no_minimal", bool, False, "skip the search of the quiet patterns for the fewest presses"),
                   Option("grid", bool, False, "print the presses as a grid"),
                   Option("all", bool, False, "every solution: how many, how many with each number of presses, "
                          f"and the list (up to {coset.LIST_LIMIT}); 2 states"))
def solve(game: LightsGame, args: Args) -> Report:
    """Solve the board: one solution, minimal when the quiet patterns can be searched."""
    rules, board = game.rules, game.lights
    every = engine.all_solutions(rules, board) if args["all"] else None  # refused before any other work
    sol = engine.solve(rules, board, minimize=not args["no_minimal"])
    cells = cells_of(rules, sol.pattern) if sol.pattern is not None else []
    data: dict[str, Any] = {
        "solvable": sol.solvable,
        "presses": [[r + 1, c + 1] for r, c in cells],
        "press_count": len(cells),
        "minimal": sol.minimal,
        "solutions": _big(rules.states, sol.analysis.nullity) if sol.solvable else 0,
        **_shape(rules),
        "rank": sol.analysis.rank,
        "nullity": sol.analysis.nullity,
        "method": sol.analysis.method,
        "searched": sol.searched,
        "obstruction": None if sol.obstruction is None else format_board(rules, sol.obstruction),
        "reason": solvable_reason(rules, board, sol),
        "theorem": "sutner" if sol.solvable and all_on_theorem(rules, board) else None,
    }
    if every is not None:
        data["all"] = _every_json(rules, every)
    small = rules.cells <= MAX_TEXT_CELLS
    lines: list[Drawn] = [f"Lights Out {rules.describe()}: {lit_text(rules, board)}."]
    if small:
        lines.append(render(rules, board))
    if not sol.solvable:
        assert sol.obstruction is not None
        lines.append("Not solvable: " + unsolvable_reason(rules, board, sol.obstruction) + ".")
        return Report(data, join([*lines, *_every_lines(rules, every)]))
    names = [format_cell(r, c) for r, c in cells]
    what = "(the fewest)" if sol.minimal else "(fewest not proven: too many quiet patterns to try)"
    count = _power(rules.states, sol.analysis.nullity)
    plural = "" if len(cells) == 1 else "es"
    lines.append(f"Solvable: {len(cells)} press{plural} {what}; {count} solution{'' if count == '1' else 's'} in all "
                 f"(rank {sol.analysis.rank}, nullity {sol.analysis.nullity}).")
    if data["theorem"]:
        lines.append(f"Why: {SUTNER}.")
    if args["grid"] and small and sol.pattern is not None:
        lines.append("Press the X cells:")
        lines.append(render(rules, sol.pattern, presses=True))
    else:
        said = "Press: " + (sequence_text(names, 60) if names else "nothing")
        grid = render(rules, sol.pattern, presses=True) if small and names and sol.pattern is not None else ""
        lines.append(above(said, grid))
    if args["steps"] and small:
        lines.extend(_chase_lines(rules, board))
    return Report(data, join([*lines, *_every_lines(rules, every)]))


def _every_json(rules: Rules, every: coset.AllSolutions) -> dict[str, Any]:
    """``solve --all``'s object: the count, ``[presses, solutions]`` pairs, and the solutions when listed."""
    listed = None if every.listed is None else [[[r + 1, c + 1] for r, c in cells_of(rules, p)]
                                                 for p in every.listed]
    return {"count": every.count, "weights": [list(pair) for pair in every.weights], "solutions": listed,
            "listed": listed is not None, "fewest": every.fewest, "list_limit": coset.LIST_LIMIT}


def _every_lines(rules: Rules, every: coset.AllSolutions | None) -> list[Drawn]:
    """``solve --all`` in words: the count, the solutions by presses, then each solution (when listed)."""
    if every is None:
        return []
    if not every.count:
        return ["All solutions: none (the board cannot be darkened)."]
    by = ", ".join(f"{w}: {c:,}" for w, c in every.weights)
    lines: list[Drawn] = [f"All {every.count:,} solution{'' if every.count == 1 else 's'} (2^{every.nullity}), "
                          f"by number of presses (presses: solutions): {by}."]
    if every.listed is None:
        lines.append(f"(Not listed: past {coset.LIST_LIMIT:,} solutions, or too many cells to write out; "
                     "the counts are exact, from every one of them.)")
        return lines
    width = len(str(len(every.listed)))
    for number, pattern in enumerate(every.listed, 1):
        names = [format_cell(r, c) for r, c in cells_of(rules, pattern)]
        lines.append(f"{number:>{width}}. {' '.join(names) or 'nothing'}")
    return lines


def _chase_lines(rules: Rules, board: Board) -> list[Drawn]:
    if not rules.chaseable:
        return ["(light chasing needs the plus neighbourhood on a flat board)"]
    out: list[Drawn] = ["", "Light chasing, row by row:"]
    steps = chase_steps(rules, board)
    for step in steps:
        if step.presses:
            pressed = " ".join(format_cell(step.row + 1, c) + ("" if t == 1 else f"x{t}") for c, t in step.presses)
            out.append(f"row {step.row + 1}: press {pressed} under its lights")
        else:
            out.append(f"row {step.row + 1}: already dark")
    out.append(render(rules, steps[-1].board) if rules.rows > 1 else render(rules, board))
    if rules.states == 2:
        top = [cell for cell in cells_of(rules, engine.solve(rules, board).pattern or b"") if cell[0] == 0]
        out.append(f"Fix the top row from that residue: press {format_presses(top)} first, then chase again.")
    return out


@COMMANDS.register("analyze", "rank, nullity, solvable boards and quiet patterns (sympy view on request)",
                   Option("symbolic", bool, False,
                          "show the press matrix, rref over GF(k) and null space"),
                   Option("limit", int, 16, "list at most N quiet patterns", metavar="N"))
def analyze(game: LightsGame, args: Args) -> Report:
    """Rank, nullity, solvable boards and quiet patterns of the rules (sympy view on request)."""
    rules = game.rules
    if args["symbolic"]:
        check_symbolic(rules)  # refused before any elimination
    a = engine.analyze(rules)
    limit = min(max(0, args["limit"]), max(1, MAX_SHOWN_CELLS // rules.cells))
    shown = [format_board(rules, q) for q in a.quiet[:limit]]
    data: dict[str, Any] = {
        "rank": a.rank,
        "nullity": a.nullity,
        "solvable_boards": _big(rules.states, a.rank),
        "quiet_patterns": shown,
        **_shape(rules),
        "cells": rules.cells,
        "solutions_per_board": _big(rules.states, a.nullity),
        "quiet_patterns_total": a.nullity,
        "method": a.method,
        **_all_on(rules),
    }
    lines: list[Drawn] = [f"Lights Out {rules.describe()}: {rules.cells} cells, rank {a.rank}, nullity {a.nullity}.",
             f"Solvable boards: {_power(rules.states, a.rank)} of {_power(rules.states, rules.cells)}; "
             f"each has {_power(rules.states, a.nullity)} solution{'' if a.nullity == 0 else 's'}.",
             f"The all-on board is {'' if data['all_on_solvable'] else 'not '}solvable: {data['all_on_reason']}."]
    if rules.classic:
        data["polynomial_nullity"] = poly_nullity(rules.rows, rules.cols)
        lines.append(f"Polynomial check: deg gcd(f_{rules.rows}(x), f_{rules.cols}(x+1)) over GF(2) = "
                     f"{data['polynomial_nullity']}.")
    if a.quiet:
        lines.append(f"A basis of the quiet patterns ({a.nullity}; showing {len(shown)}):")
        if rules.cells <= MAX_TEXT_CELLS:
            for q in a.quiet[:limit]:
                lines.append(render(rules, q, presses=True))
    else:
        lines.append("No quiet patterns: every board has exactly one solution.")
    if args["symbolic"]:
        view = symbolic_view(rules)
        data["symbolic"] = {"matrix": view.matrix, "rref": view.rref, "pivots": list(view.pivots),
                            "null_space": view.null_space}
        lines.append("")
        lines.append(textbook(rules, view))
    return Report(data, join(lines))


def _all_on(rules: Rules) -> dict[str, Any]:
    """Whether the all-on board is solvable, and why: Sutner's theorem where it applies, else the engine."""
    board = bytes([1]) * rules.cells
    if engine.sutner(rules):
        return {"all_on_solvable": True, "all_on_reason": SUTNER, "all_on_theorem": "sutner"}
    sol = engine.solve(rules, board, minimize=False)
    return {"all_on_solvable": sol.solvable, "all_on_reason": solvable_reason(rules, board, sol),
            "all_on_theorem": None}


@COMMANDS.register("check", "judge a press list (exit 0 darkens the board, 1 does not), or test a conjecture "
                   "about every board in the workbench (exit 0 holds, 1 a counterexample)",
                   Option("presses", str, None, PRESSES_HELP, positional=True, readable=True, metavar="PRESSES"),
                   Option("minimal", bool, False, "also require the fewest presses"),
                   Option("conjecture", str, None, "a formula in n (n x n boards) or n and m (n x m) for --of, "
                          "e.g. 'n - 2*floor(n/3)'", metavar="FORMULA"),
                   Option("of", str, "nullity", "what the conjecture's formula gives", choices=OF),
                   Option("bound", int, None, f"the workbench checks every board with sides up to N (default "
                          f"{DEFAULT_BOUND}, or less where the variant's method stops sooner)", minimum=1,
                          maximum=1000, metavar="N"),
                   Option("rows", int, None, "the workbench checks K x m boards only (the formula is in m; n is K)",
                          minimum=1, maximum=1000, metavar="K"))
def check(game: LightsGame, args: Args) -> Report:
    """Judge a press list: exit 0 if it darkens the board, 1 if not (with the board it leaves); or, with
    ``--conjecture``, test a formula on every board up to ``--bound``."""
    rules = game.rules
    if args["conjecture"] is not None:
        return _conjecture(rules, args)
    if {"of", "bound", "rows"} & args.given:
        raise InvalidParams("--of, --bound and --rows belong to --conjecture FORMULA, which was not given")
    cells = parse_presses(required_text(args, "presses"), rules)
    verdict = judge_presses(rules, game.lights, cells, need_minimal=args["minimal"])
    said = ("correct: " if verdict.correct else "incorrect: ") + verdict.summary
    text = join([said, verdict.detail]) if verdict.detail else said
    return Report(verdict.data, text, 0 if verdict.correct else 1)


def _conjecture(rules: Rules, args: Args) -> Report:
    """``check --conjecture``: the workbench's verdict, exit 0 when it holds, 1 with the smallest counterexample."""
    result = check_conjecture(rules, parse_formula(args["conjecture"]), args["of"], args["bound"], args["rows"])
    lines = [result.summary() + ".", *result.explanation]
    if result.counterexample and result.counterexample["quiet_patterns"]:
        lines.append("Quiet patterns of that board: " + ", ".join(result.counterexample["quiet_patterns"]))
    lines += result.proof_needs
    data = {"correct": result.holds, "summary": result.summary(), **result.as_json()}
    return Report(data, "\n".join(lines), 0 if result.holds else 1)


@COMMANDS.register("hint", "hints for the board after some presses: nudge, concept, then a cell",
                   Option("presses", str, "", "the presses made so far (default: none); " + PRESSES_HELP,
                          positional=True, readable=True, metavar="PRESSES"))
def hint(game: LightsGame, args: Args) -> Report:
    """Hints for the board after the given partial presses."""
    rules, presses = game.rules, args["presses"]
    cells = parse_presses(presses, rules) if presses.strip() else []
    now = apply(rules, game.lights, pattern_of(rules, cells))
    sol = engine.solve(rules, now)
    ladder = hint_ladder(rules, now, sol=sol)
    nxt = cells_of(rules, sol.pattern)[:1] if sol.pattern is not None else []
    data = {"hints": ladder, "solvable": sol.solvable, "lit": sum(1 for v in now if v),
            "board": format_board(rules, now), "next": next([r + 1, c + 1] for r, c in nxt) if nxt else None}
    text = "\n".join(f"{i + 1}. {h}" for i, h in enumerate(ladder))
    return Report(data, text)

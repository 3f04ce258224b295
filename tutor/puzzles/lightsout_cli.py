"""``tutor solve|check|hint|analyze lightsout``: reports (text and JSON) from the engine.

The JSON keys are the contract in docs/lightsout.md; cells are 1-based
``[row, col]`` pairs everywhere.
"""

from __future__ import annotations

import argparse
from typing import Any

from tutor.puzzles import lightsout_engine as engine
from tutor.puzzles import lightsout_teach as teach
from tutor.puzzles.base import Report, sequence_text
from tutor.puzzles.lightsout_notation import format_board, format_cell, format_presses
from tutor.puzzles.lightsout_rules import Board, Rules, cells_of

MAX_TEXT_CELLS = 4096  # beyond this, text output summarises instead of drawing boards


MAX_JSON_DIGITS = 4000  # Python refuses to print ints past 4300 digits


def _big(base: int, exponent: int) -> int | str:
    """``base ** exponent`` as a JSON int, or the text ``"base**exponent"`` when too long to print."""
    import math

    if exponent * math.log10(base) < MAX_JSON_DIGITS:
        return base**exponent
    return f"{base}**{exponent}"


def _shape(rules: Rules) -> dict[str, Any]:
    return {"rows": rules.rows, "cols": rules.cols, "torus": rules.torus,
            "neighbourhood": rules.neighbourhood, "states": rules.states}


def run(command: str, rules: Rules, board: Board, args: argparse.Namespace, presses: str | None) -> Report:
    """Dispatch one command."""
    if command == "solve":
        return solve_report(rules, board, args)
    if command == "analyze":
        return analyze_report(rules, args)
    if command == "check":
        assert presses is not None
        return check_report(rules, board, presses, bool(args.minimal))
    return hint_report(rules, board, presses or "")


def solve_report(rules: Rules, board: Board, args: argparse.Namespace) -> Report:
    """Solve the board: one solution, minimal when the quiet patterns can be searched."""
    sol = engine.solve(rules, board, minimize=not getattr(args, "no_minimal", False))
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
    }
    small = rules.cells <= MAX_TEXT_CELLS
    lines = [f"Lights Out {rules.describe()}: {teach.lit_text(rules, board)}."]
    if small:
        lines.append(teach.render(rules, board))
    if not sol.solvable:
        assert sol.obstruction is not None
        lines.append("Not solvable: " + teach.unsolvable_reason(rules, board, sol.obstruction) + ".")
        return Report(data, "\n".join(lines))
    names = [format_cell(r, c) for r, c in cells]
    what = "(the fewest)" if sol.minimal else "(fewest not proven: too many quiet patterns to try)"
    count = data["solutions"]
    plural = "" if len(cells) == 1 else "es"
    lines.append(f"Solvable: {len(cells)} press{plural} {what}; {count} solution{'' if count == 1 else 's'} in all "
                 f"(rank {sol.analysis.rank}, nullity {sol.analysis.nullity}).")
    if getattr(args, "grid", False) and small and sol.pattern is not None:
        lines.append("Press the X cells:")
        lines.append(teach.render(rules, sol.pattern))
    else:
        lines.append("Press: " + (sequence_text(names, 60) if names else "nothing"))
    if getattr(args, "steps", False) and small:
        lines.extend(_chase_lines(rules, board))
    return Report(data, "\n".join(lines))


def _chase_lines(rules: Rules, board: Board) -> list[str]:
    if rules.neighbourhood != "plus" or rules.torus:
        return ["(light chasing needs the plus neighbourhood on a flat board)"]
    out = ["", "Light chasing, row by row:"]
    for step in teach.chase_steps(rules, board):
        if step.presses:
            pressed = " ".join(format_cell(step.row + 1, c) + ("" if t == 1 else f"x{t}") for c, t in step.presses)
            out.append(f"row {step.row + 1}: press {pressed} under its lights")
        else:
            out.append(f"row {step.row + 1}: already dark")
    out.append(teach.render(rules, teach.chase_steps(rules, board)[-1].board) if rules.rows > 1
               else teach.render(rules, board))
    if rules.states == 2:
        top = [cell for cell in cells_of(rules, engine.solve(rules, board).pattern or b"") if cell[0] == 0]
        out.append(f"Fix the top row from that residue: press {format_presses(top)} first, then chase again.")
    return out


def analyze_report(rules: Rules, args: argparse.Namespace) -> Report:
    """Rank, nullity, solvable boards and quiet patterns of the rules (sympy view on request)."""
    a = engine.analyze(rules)
    limit = max(0, int(getattr(args, "limit", 16)))
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
    }
    lines = [f"Lights Out {rules.describe()}: {rules.cells} cells, rank {a.rank}, nullity {a.nullity}.",
             f"Solvable boards: {data['solvable_boards']} of {_big(rules.states, rules.cells)}; "
             f"each has {data['solutions_per_board']} solution{'' if a.nullity == 0 else 's'}."]
    if rules.classic:
        from tutor.puzzles.lightsout_symbolic import poly_nullity

        data["polynomial_nullity"] = poly_nullity(rules.rows, rules.cols)
        lines.append(f"Polynomial check: deg gcd(f_{rules.rows}(x), f_{rules.cols}(x+1)) over GF(2) = "
                     f"{data['polynomial_nullity']}.")
    if a.quiet:
        lines.append(f"A basis of the quiet patterns ({a.nullity}; showing {len(shown)}):")
        if rules.cells <= MAX_TEXT_CELLS:
            for q in a.quiet[:limit]:
                lines.append(teach.render(rules, q))
    else:
        lines.append("No quiet patterns: every board has exactly one solution.")
    if getattr(args, "symbolic", False):
        from tutor.puzzles.lightsout_symbolic import MAX_SYMBOLIC_CELLS, sympy_view, textbook

        if rules.cells > MAX_SYMBOLIC_CELLS:
            from tutor.errors import InvalidParams

            raise InvalidParams(f"--symbolic is limited to {MAX_SYMBOLIC_CELLS} cells, not {rules.cells}")
        view = sympy_view(rules)
        data["symbolic"] = {
            "matrix": [[int(v) for v in view["matrix"].row(i)] for i in range(rules.cells)],
            "rref": [[int(v) for v in view["rref"].row(i)] for i in range(view["rref"].rows)],
            "pivots": list(view["pivots"]),
            "null_space": [[int(v) for v in vec] for vec in view["null_space"]],
        }
        lines.append("")
        lines.append(textbook(rules))
    return Report(data, "\n".join(lines))


def check_report(rules: Rules, board: Board, presses: str, minimal: bool) -> Report:
    """Judge a press list: exit 0 if it darkens the board, 1 if not (with the board it leaves)."""
    verdict = teach.judge_presses(rules, board, presses, need_minimal=minimal)
    text = ("correct: " if verdict.correct else "incorrect: ") + verdict.summary
    if verdict.detail:
        text += "\n" + verdict.detail
    return Report(verdict.data, text, 0 if verdict.correct else 1)


def hint_report(rules: Rules, board: Board, presses: str) -> Report:
    """Hints for the board after the given partial presses."""
    from tutor.puzzles.lightsout_notation import parse_presses
    from tutor.puzzles.lightsout_rules import apply, pattern_of

    cells = parse_presses(presses, rules) if presses.strip() else []
    now = apply(rules, board, pattern_of(rules, cells))
    ladder = teach.hint_ladder(rules, now)
    sol = engine.solve(rules, now)
    nxt = cells_of(rules, sol.pattern)[:1] if sol.pattern is not None else []
    data = {"hints": ladder, "solvable": sol.solvable, "lit": sum(1 for v in now if v),
            "board": format_board(rules, now), "next": next([r + 1, c + 1] for r, c in nxt) if nxt else None}
    text = "\n".join(f"{i + 1}. {h}" for i, h in enumerate(ladder))
    return Report(data, text)

"""Lights Out (the "heads up" coin grid): the puzzle family behind the common protocol.

Pressing a cell toggles it and its neighbours; make every cell dark.  The
engine (``lightsout_engine``) treats a board as a linear system over GF(2)
(GF(p) with p states): rank, nullity, quiet patterns, one solution, the fewest
presses.  Classic boards are solved by bit-parallel light chasing
(``lightsout_chase``), which handles 1000 x 1000 in well under a second.

This module maps parameters, answers, hints, play and the command line onto
those engines; see docs/lightsout.md for the command line and JSON contract.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles import lightsout_engine as engine
from tutor.puzzles import lightsout_teach as teach
from tutor.puzzles.base import Params, ParamSpec, Puzzle, Report, Turn, Value, Verdict
from tutor.puzzles.lightsout_notation import (
    format_board,
    format_cell,
    format_presses,
    parse_board,
    parse_presses,
    parse_size,
)
from tutor.puzzles.lightsout_rules import (
    NEIGHBOURHOOD_HELP,
    NEIGHBOURHOODS,
    Board,
    Cell,
    Rules,
    apply,
    cells_of,
    pattern_of,
)

DEFAULT_SIZE = (5, 5)
LESSON_TEXTS = ("board", "chase_board", "residue_table", "quiet_boards", "obstruction", "press_matrix",
                "method_race", "press_sets", "top_rows", "top_row_cells")
BOARD_WORDS = ("all-on", "all-off", "random")


@dataclass(frozen=True)
class LightsGame:
    """A game in progress: the rules, the start board, the presses so far and the board now."""

    rules: Rules
    start: Board
    presses: tuple[Cell, ...]
    board: Board


def rules_of(params: Params, size: tuple[int, int] | None = None) -> Rules:
    """The rules named by the parameters (``size`` overrides the size parameter)."""
    if size is None:
        size = parse_size(params["size"]) if params["size"] else DEFAULT_SIZE
    return Rules(size[0], size[1], bool(params["torus"]), params["neighbourhood"], params["states"])


def board_of(params: Params) -> tuple[Rules, Board]:
    """The rules and the board the parameters describe (a literal, all-on, all-off or random)."""
    text = params["board"].strip()
    given = parse_size(params["size"]) if params["size"] else None
    if text in BOARD_WORDS:
        rules = rules_of(params, given)
        engine.check_size(rules)
        if text == "all-on":
            return rules, bytes([1]) * rules.cells
        if text == "all-off":
            return rules, bytes(rules.cells)
        rng = random.Random(params["seed"])
        return rules, engine.random_board(rules, rng, solvable_only=not params["any_board"])
    if text == "-" or text.startswith("@"):
        raise InvalidParams(f"board {text!r} must be read by the command line before use")
    rows, cols, board = parse_board(text, params["states"], given)
    rules = rules_of(params, (rows, cols))
    engine.check_size(rules)
    return rules, board


class LightsOut(Puzzle):
    """Lights Out on m x n boards, with torus, other neighbourhoods and k states."""

    name: ClassVar[str] = "lightsout"
    title: ClassVar[str] = "Lights Out (heads up)"
    summary: ClassVar[str] = "press cells to darken a grid: light chasing, then linear algebra over GF(2)"
    param_specs: ClassVar[tuple[ParamSpec, ...]] = (
        ParamSpec("size", str, "", "board size ROWSxCOLS (default: the board's own size, else 5x5)"),
        ParamSpec("board", str, "all-on",
                  "the board: rows of X (lit) and . (dark) separated by / or newlines; "
                  "all-on, all-off, random, @FILE or - (standard input)"),
        ParamSpec("torus", bool, False, "wrap around the edges"),
        ParamSpec("neighbourhood", str, "plus", "what a press changes: "
                  + "; ".join(f"{k}: {v}" for k, v in NEIGHBOURHOOD_HELP.items()),
                  choices=tuple(NEIGHBOURHOODS)),
        ParamSpec("states", int, 2, "states per cell (a prime; each press adds 1 mod states)",
                  minimum=2, maximum=10),
        ParamSpec("seed", int, 0, "seed for --board random"),
        ParamSpec("any_board", bool, False, "let --board random draw unsolvable boards too"),
        ParamSpec("row", int, 1, "for chase_row answers: the row (1-based) the learner clears", minimum=1),
    )
    answer_kinds: ClassVar[Mapping[str, str]] = {
        "presses": "a press list that darkens the board (any solution)",
        "minimal": "a press list that darkens the board with the fewest presses",
        "chase_row": "the presses in row ROW+1 that clear row ROW of the chase (param row)",
        "chase": "every press of a chase from row 2 down (no top-row presses)",
        "top_row": "top-row presses after which a plain chase darkens the whole board",
        "play": "cells pressed one move at a time until the board is dark",
    }
    quantities: ClassVar[Mapping[str, str]] = {
        "rank": "rank of the press matrix",
        "nullity": "dimension of the space of quiet patterns",
        "solutions": "number of press patterns that darken the board (0 if none)",
        "solvable_boards": "number of boards of this shape that can be darkened",
        "quiet_patterns": "number of quiet patterns other than pressing nothing",
        "min_presses": "the fewest presses that darken the board",
        "solvable": "whether the board can be darkened: yes or no",
        "lit": "number of lit cells on the board",
        "residue": "the last row left after chasing the board",
        "chase_presses": "how many presses the chase makes",
        "poly_nullity": "nullity from deg gcd(f_m(x), f_n(x+1)) over GF(2) (classic rules)",
        "board": "the board, drawn with column letters and row numbers",
        "chase_board": "the board a chase faces before clearing row ROW (param row), drawn",
        "residue_table": "each last row a chase can leave, and the top-row presses that fix it (classic)",
        "quiet_boards": "a basis of the quiet patterns, drawn side by side",
        "obstruction": "why the board cannot be darkened (a quiet pattern it breaks), or that it can",
        "press_matrix": "the press matrix of a board of at most 16 cells, drawn",
        "method_race": "brute force, the top-row search and the tutor's chase timed on the board (text)",
        "press_sets": "how many press sets brute force must try: states^cells",
        "top_rows": "how many top rows the top-row search must try: 2^cols",
        "top_row_cells": "how many unknowns the chase leaves: the cells of the top row",
    }

    # -- parameters -----------------------------------------------------------

    def random_param(self, name: str, spec: Mapping[str, Any], rng: random.Random,
                     fixed: Mapping[str, Any]) -> Any:
        """``board = {random = "solvable" | "any"}``: a random board of the lesson's size and rules,
        written out, so every learner's variant has a concrete board (and a computed solution)."""
        if name != "board":
            return super().random_param(name, spec, rng, fixed)
        want = spec.get("random")
        if set(spec) - {"random"} or want not in ("solvable", "any"):
            raise InvalidParams(f"board: a random board is {{random = \"solvable\"}} or {{random = \"any\"}}, "
                                f"not {dict(spec)!r}")
        params = self.make_params({k: v for k, v in fixed.items() if k != "board"})
        rules = rules_of(params)
        engine.check_size(rules)
        board = engine.random_board(rules, rng, solvable_only=want == "solvable")
        if not any(board):  # a dark board is no puzzle: light something the rules can clear
            board = engine.random_board(rules, rng, solvable_only=True)
        return format_board(rules, board)

    def solvable(self, params: Params) -> bool | None:
        """Whether the board can be darkened."""
        rules, board = board_of(params)
        return engine.solvable(rules, board)

    def validate_params(self, params: dict[str, Any]) -> None:
        """Check the size, the board text (unless read later from a file) and the states."""
        if params["size"]:
            parse_size(params["size"])
        text = params["board"].strip()
        if text != "-" and not text.startswith("@"):
            rules, _ = board_of(params)
            engine.check_size(rules)
        elif params["states"] != 2:
            engine.check_size(rules_of(params))

    def _resolve(self, params: Params, source: str | None = None) -> tuple[dict[str, Any], Rules, Board]:
        """Read ``@FILE`` or ``-`` boards (command line only), then build rules and board."""
        text = params["board"].strip()
        full = dict(params)
        if text == "-" or text.startswith("@"):
            if source is None:
                if text == "-":
                    import sys

                    source = sys.stdin.read()
                else:
                    path = text[1:]
                    try:
                        with open(path, encoding="utf-8") as handle:
                            source = handle.read()
                    except OSError as err:
                        raise InvalidNotation(f"cannot read board file {path!r}: {err.strerror}") from None
            full["board"] = source
        rules, board = board_of(full)
        return full, rules, board

    # -- command line ---------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        """Command-specific flags: presses for check/hint, display options for solve/analyze."""
        if command in ("check", "hint"):
            parser.add_argument("presses", nargs="?", default=None if command == "check" else "",
                                metavar="PRESSES",
                                help="cells like 'a1 b3' or '3,2', or a grid of X (press) and .; - for stdin")
            parser.add_argument("--file", metavar="PATH", help="read the presses from a file")
            parser.add_argument("--minimal", action="store_true",
                                help="(check) also require the fewest presses")
        if command == "solve":
            parser.add_argument("--steps", action="store_true", help="show the chase row by row")
            parser.add_argument("--no-minimal", action="store_true",
                                help="skip the search of the quiet patterns for the fewest presses")
            parser.add_argument("--grid", action="store_true", help="print the presses as a grid")
        if command == "analyze":
            parser.add_argument("--symbolic", action="store_true",
                                help="show the press matrix, rref over GF(k) and null space (sympy)")
            parser.add_argument("--limit", type=int, default=16, metavar="N",
                                help="list at most N quiet patterns (default 16)")

    def run(self, command: str, params: Params, args: argparse.Namespace) -> Report:
        """Carry out solve, check, hint or analyze."""
        from tutor.puzzles import lightsout_cli

        presses_text: str | None = None
        if command in ("check", "hint"):
            from tutor.puzzles.base import read_text_argument

            if command == "check" or args.presses or args.file:
                presses_text = read_text_argument(args.presses, args.file)
            else:
                presses_text = ""
        _, rules, board = self._resolve(params)
        return lightsout_cli.run(command, rules, board, args, presses_text)

    # -- answers ----------------------------------------------------------------

    def check_answer(self, params: Params, kind: str, text: str) -> Verdict:
        """Judge an answer of one of ``answer_kinds`` against the board in ``params``."""
        rules, board = board_of(params)
        if kind in ("presses", "play"):
            return teach.judge_presses(rules, board, text)
        if kind == "minimal":
            return teach.judge_presses(rules, board, text, need_minimal=True)
        self._need_chase(rules, kind)
        if kind == "chase_row":
            return teach.judge_chase_row(rules, board, self._row(params, rules), text)
        if kind == "chase":
            return teach.judge_chase(rules, board, text)
        return teach.judge_top_row(rules, board, text)

    def _need_chase(self, rules: Rules, kind: str) -> None:
        if kind not in self.answer_kinds:
            raise InvalidParams(f"lightsout has no answer kind {kind!r} (known: {', '.join(self.answer_kinds)})")
        if rules.neighbourhood != "plus" or rules.torus:
            raise InvalidParams(f"answer kind {kind!r} needs the plus neighbourhood on a flat board")
        if kind == "top_row" and rules.states != 2:
            raise InvalidParams("answer kind 'top_row' is for 2-state boards")

    @staticmethod
    def _row(params: Params, rules: Rules) -> int:
        row = int(params["row"])
        if row >= rules.rows:
            raise InvalidParams(f"row {row} has no row below it on a {rules.rows}-row board")
        return row - 1

    def reference_answer(self, params: Params, kind: str) -> str | None:
        """A correct answer computed by the engine (None for an unsolvable board)."""
        if kind == "play" and params["board"].strip() == "random":
            return None  # each learner's game draws its own board: no answer fits them all
        rules, board = board_of(params)
        if kind in ("presses", "minimal", "play"):
            sol = engine.solve(rules, board)
            return None if sol.pattern is None else format_presses(cells_of(rules, sol.pattern))
        self._need_chase(rules, kind)
        if kind == "chase_row":
            return format_presses(teach.chase_stage(rules, board, self._row(params, rules)).expected)
        if kind == "chase":
            return teach.judge_chase(rules, board, "").data["chase"]
        return _top_row_answer(rules, board)

    def normalize(self, params: Params, kind: str, text: str) -> str:
        """The press list with repeats reduced mod k, in row-major order."""
        rules, _ = board_of(params)
        return format_presses(cells_of(rules, pattern_of(rules, parse_presses(text, rules))))

    def quantity(self, params: Params, name: str) -> Value:
        """Compute one of ``quantities``."""
        rules, board = board_of(params)
        if name in LESSON_TEXTS:
            return self._lesson_quantity(params, name, rules, board)
        analysis = engine.analyze(rules)
        if name == "rank":
            return analysis.rank
        if name == "nullity":
            return analysis.nullity
        if name == "solvable_boards":
            return analysis.solvable_boards
        if name == "quiet_patterns":
            return analysis.solutions_per_board - 1
        if name == "lit":
            return sum(1 for v in board if v)
        if name in ("solutions", "min_presses", "solvable"):
            sol = engine.solve(rules, board)
            if name == "solutions":
                return sol.solutions
            if name == "solvable":
                return "yes" if sol.solvable else "no"
            if not sol.solvable:
                raise InvalidParams("min_presses: this board cannot be darkened")
            return sol.press_count
        if name in ("residue", "chase_presses"):
            self._need_chase(rules, "chase")
            if name == "residue":
                return teach.judge_chase(rules, board, "").data["residue"]
            return sum(v for step in teach.chase_steps(rules, board) for _, v in step.presses)
        if name == "poly_nullity":
            if not rules.classic:
                raise InvalidParams("poly_nullity is defined for the classic rules only")
            from tutor.puzzles.lightsout_symbolic import poly_nullity

            return poly_nullity(rules.rows, rules.cols)
        raise InvalidParams(f"lightsout has no quantity {name!r} (known: {', '.join(self.quantities)})")

    def _lesson_quantity(self, params: Params, name: str, rules: Rules, board: Board) -> Value:
        """The quantities lessons quote in their text (drawings, tables, the method race)."""
        from tutor.puzzles import lightsout_lesson as lesson

        if name == "board":
            return teach.render(rules, board)
        if name == "chase_board":
            return lesson.chase_board(rules, board, int(params["row"]) - 1)
        if name == "residue_table":
            return lesson.residue_table(rules)
        if name == "quiet_boards":
            return lesson.quiet_boards(rules)
        if name == "obstruction":
            return lesson.obstruction(rules, board)
        if name == "press_matrix":
            return lesson.press_matrix_text(rules)
        if name == "method_race":
            return lesson.method_race(rules, board)
        if name == "press_sets":
            return lesson.count_value(rules.states, rules.cells)
        if name == "top_rows":
            return lesson.count_value(rules.states, rules.cols)
        return rules.cols  # top_row_cells

    def hints(self, params: Params, kind: str, text: str) -> list[str]:
        """The hint ladder for the board after the learner's partial presses."""
        rules, board = board_of(params)
        cells = parse_presses(text, rules) if text.strip() else []
        return teach.hint_ladder(rules, apply(rules, board, pattern_of(rules, cells)))

    def completions(self, params: Params, kind: str, text: str) -> list[str]:
        """Every cell name of the board."""
        rules = rules_of(params) if params["board"].strip() in BOARD_WORDS else board_of(params)[0]
        return [format_cell(r, c) for r in range(rules.rows) for c in range(rules.cols)]

    # -- play -------------------------------------------------------------------

    def game_solution(self, params: Params, state: Any) -> str | None:
        """The fewest presses that darken the board as it is now."""
        sol = engine.solve(state.rules, state.board)
        return None if sol.pattern is None else format_presses(cells_of(state.rules, sol.pattern))

    def new_game(self, params: Params, rng: random.Random) -> LightsGame:
        """A game on the params' board; ``random`` boards are drawn from ``rng``."""
        if params["board"].strip() == "random":
            rules = rules_of(params)
            engine.check_size(rules)
            board = engine.random_board(rules, rng, solvable_only=not params["any_board"])
            while not any(board) and rules.cells > 1:
                board = engine.random_board(rules, rng, solvable_only=not params["any_board"])
        else:
            rules, board = board_of(params)
        return LightsGame(rules, board, (), board)

    def play(self, params: Params, state: Any, text: str) -> Turn:
        """Press the named cells (``b3``, ``3,2``, several at once); there is no opponent."""
        game: LightsGame = state
        cells = parse_presses(text, game.rules)
        if not cells:
            raise InvalidNotation(f"press {text!r}: name a cell such as 'b3' or '3,2'")
        board = apply(game.rules, game.board, pattern_of(game.rules, cells))
        new = LightsGame(game.rules, game.start, game.presses + tuple(cells), board)
        done = not any(board)
        count = f"{len(new.presses)} press{'es' if len(new.presses) != 1 else ''}"
        status = (f"All dark in {count}!" if done
                  else f"{teach.lit_text(game.rules, board)} after {count}.")
        return Turn(new, (f"You press {format_presses(cells)}.", teach.render(game.rules, board), status),
                    finished=done, won=done)

    def render(self, params: Params, state: Any) -> str:
        """The current board with coordinates."""
        game: LightsGame = state
        return teach.render(game.rules, game.board)

    def game_hints(self, params: Params, state: Any) -> list[str]:
        """Nudge, concept (chase or algebra), then a cell to press."""
        game: LightsGame = state
        return teach.hint_ladder(game.rules, game.board)


def _top_row_answer(rules: Rules, board: Board) -> str | None:
    sol = engine.solve(rules, board)
    if sol.pattern is None:
        return None
    return format_presses([cell for cell in cells_of(rules, sol.pattern) if cell[0] == 0])

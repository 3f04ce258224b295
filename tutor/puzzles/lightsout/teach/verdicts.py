"""Verdicts for Lights Out: press lists and chases judged, and why a board can or cannot be darkened.

Everything here is pure and works from ``(Rules, Board)`` plus the learner's
presses; the answer kinds, the quantities, play and the command line call it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Verdict
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine.chase import chase, residue_of
from tutor.puzzles.lightsout.engine.nearest import differences, nearest
from tutor.puzzles.lightsout.rules.grid import Board, Cell, Pattern, Rules, apply, cells_of, lit_cells, pattern_of
from tutor.puzzles.lightsout.rules.notation import format_board, format_cell, format_presses
from tutor.puzzles.lightsout.teach.pictures import BLOCKS_MAX, render
from tutor.screen.shown import Drawn, above, join
from tutor.screen.text import plural


def need_chase(rules: Rules, what: str) -> None:
    """Refuse rules that light chasing does not apply to; ``what`` names the asker."""
    if not rules.chaseable:
        raise InvalidParams(f"{what} needs the plus neighbourhood on a flat board")


def need_classic(rules: Rules, what: str) -> None:
    """Refuse rules other than the classic ones (plus presses, flat board, 2 states)."""
    if not rules.classic:
        raise InvalidParams(f"{what} is for the classic rules (plus presses, flat board, 2 states), "
                            f"not {rules.describe()}")


def lit_text(rules: Rules, board: Board) -> str:
    """``"3 lights on"`` / ``"all dark"``."""
    n = sum(1 for v in board if v)
    return "all dark" if n == 0 else f"{n} light{'s' if n != 1 else ''} on"


def unsolvable_reason(rules: Rules, board: Board, quiet: Pattern) -> str:
    """Why a board cannot be solved, from a quiet pattern it is not orthogonal to."""
    cells = [format_cell(r, c) for r, c in cells_of(rules, quiet)]
    shared = [format_cell(r, c) for r, c in lit_cells(rules, board) if quiet[r * rules.cols + c]]
    if rules.states == 2:
        return (
            f"pressing {' '.join(cells)} changes nothing (a quiet pattern), so every press toggles an "
            f"even number of those {len(set(cells))} cells; the board has an odd number "
            f"({len(shared)}: {' '.join(shared)}) lit there, and no presses can change that parity"
        )
    return (
        f"the quiet pattern {format_board(rules, quiet)} (press counts) changes nothing; every press "
        f"leaves its weighted sum over the lights unchanged mod {rules.states}, and this board's sum is not 0"
    )


SUTNER = ("Sutner's theorem (1989): with 2 states, when every press toggles its own cell, the all-on board can "
          "always be darkened - the press matrix is symmetric with ones on its diagonal, so every quiet pattern "
          "covers an even number of cells, and the all-on board has an even number of lights on each of them")


def all_on_theorem(rules: Rules, board: Board) -> bool:
    """Whether Sutner's theorem alone says ``board`` is solvable: it is all on and the rules fit."""
    return all(board) and engine.sutner(rules)


def solvable_reason(rules: Rules, board: Board, sol: engine.Solution) -> str:
    """Why the board can or cannot be darkened: Sutner's theorem, the parity test, or the obstruction."""
    if sol.solvable:
        if all_on_theorem(rules, board):
            return SUTNER
        if rules.states == 2:
            return "it has an even number of lights on every quiet pattern (and the presses found darken it)"
        return "its weighted sum over every quiet pattern is 0 mod k (and the presses found darken it)"
    assert sol.obstruction is not None
    return unsolvable_reason(rules, board, sol.obstruction)


def solution_text(rules: Rules, board: Board) -> Drawn | None:
    """The fewest presses that darken ``board`` (best found, if not proven), or None when none do."""
    sol = engine.solve(rules, board)
    if sol.pattern is None:
        return None
    said = format_presses(cells_of(rules, sol.pattern))
    if rules.rows > BLOCKS_MAX or rules.cols > BLOCKS_MAX:  # no picture: the board is not drawn at all
        return said
    return above(said, render(rules, sol.pattern, presses=True))


def cancelling(rules: Rules, cells: Sequence[Cell]) -> list[Cell]:
    """One cell per group of presses that cancels: a cell pressed ``states`` times changes nothing
    (with 2 states, a pair), so ``a1 b2 b2 b2 b2`` has two cancelling pairs, both ``b2``."""
    counts = Counter(cells)
    return [cell for cell in sorted(counts) for _ in range(counts[cell] // rules.states)]


def cancelling_text(rules: Rules, cells: Sequence[Cell]) -> str:
    """``"The presses b2 b2 and c3 c3 cancel in pairs (pressing a cell twice does nothing)."``, or ``""``."""
    groups = cancelling(rules, cells)
    if not groups:
        return ""
    k = rules.states
    named = [" ".join([format_cell(*cell)] * k) for cell in groups]
    listed = named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]
    how = "in pairs (pressing a cell twice does nothing)" if k == 2 else \
        f"in groups of {k} (pressing a cell {k} times does nothing)"
    return f"The presses {listed} cancel {how}."


def nearest_text(rules: Rules, board: Board, cells: Sequence[Cell]) -> str:
    """How a press list differs from the nearest solution of ``board``: "1 press that is not needed and 2
    presses missing" (counts only: naming them would give the answer), or "" when it is one or there is none."""
    if not cells:
        return ""
    sol = engine.solve(rules, board, minimize=False)
    if sol.pattern is None:
        return ""
    mine = pattern_of(rules, cells)
    extra, missing, other = differences(mine, nearest(rules, mine, sol.pattern, sol.analysis.quiet))
    parts = [f"{plural(extra, 'press', 'presses')} that {'is' if extra == 1 else 'are'} not needed"] if extra else []
    parts += [f"{plural(missing, 'press', 'presses')} missing"] if missing else []
    parts += [f"{plural(other, 'cell')} pressed the wrong number of times"] if other else []
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1] if parts else ""


@dataclass(frozen=True)
class PressJudgement:
    """A press list judged against the engine's solution: the one decision that verdicts, analyses and
    feedback read."""

    written: int  # presses as written, repeats counted
    effective: Pattern  # each cell's presses mod states
    result: Board  # the board after the presses
    solution: engine.Solution  # the engine's fewest (proven when ``solution.minimal``)
    cancel: str  # the cancelling pairs, in words ("" when none)

    @property
    def dark(self) -> bool:
        """Whether the presses darken the board."""
        return not any(self.result)

    @property
    def fewest(self) -> int | None:
        """The fewest presses the engine found (None when no presses darken the board)."""
        return self.solution.press_count if self.solution.solvable else None

    @property
    def minimal(self) -> bool:
        """Whether the list darkens the board with the fewest presses: no cancelling pairs and no more
        presses than the engine's fewest (proven or, when not proven, the best found)."""
        return self.dark and not self.cancel and self.fewest is not None and self.written <= self.fewest


def judge_press_list(rules: Rules, board: Board, cells: Sequence[Cell]) -> PressJudgement:
    """The press list's effect and how it compares with the engine's fewest presses."""
    pattern = pattern_of(rules, cells)
    return PressJudgement(len(cells), pattern, apply(rules, board, pattern), engine.solve(rules, board),
                          cancelling_text(rules, cells))


def judge_presses(rules: Rules, board: Board, cells: Sequence[Cell], *, need_minimal: bool = False) -> Verdict:
    """Judge a whole press list: does it darken the board (with the fewest presses)?

    A list is the fewest possible only when it has no cancelling pairs and the engine's search of every
    solution finds none shorter; repeats are counted as written, never silently cancelled first."""
    j = judge_press_list(rules, board, cells)
    sol, fewest = j.solution, j.fewest
    canonical = format_presses(cells_of(rules, j.effective))
    count = sum(j.effective)
    presses = plural(j.written, "press", "presses")
    data = {
        "correct": False,
        "presses": [[r + 1, c + 1] for r, c in cells],
        "press_count": j.written,
        "effective_press_count": count,
        "cancelling": [[r + 1, c + 1] for r, c in cancelling(rules, cells)],
        "result": format_board(rules, j.result),
        "lit": sum(1 for v in j.result if v),
        "solvable": sol.solvable,
        "minimal_press_count": fewest,
        "minimal_proven": sol.minimal,
        "minimal": j.minimal and sol.minimal,
    }
    if not j.dark:
        detail = [f"After your {'press' if j.written == 1 else presses} the board is:", render(rules, j.result)]
        if not sol.solvable and sol.obstruction is not None:
            detail.append("No press list can darken this board: " + unsolvable_reason(rules, board, sol.obstruction))
        else:
            lit = " ".join(format_cell(r, c) for r, c in lit_cells(rules, j.result))
            detail.append(f"Still lit: {lit}.")
            near = nearest_text(rules, board, cells)
            if near:
                detail.append(f"Against the nearest solution, your list has {near}.")
        if j.cancel:
            detail.append(j.cancel)
        return Verdict(False, f"not solved: {lit_text(rules, j.result)} after {presses}",
                       join(detail), data, canonical, j.written, fewest)
    assert fewest is not None  # a dark result means the board is solvable
    data["correct"] = True
    best = "the fewest" if sol.minimal else "the fewest found"
    if need_minimal and not j.minimal:
        data["correct"] = False
        lines = []
        if j.cancel:
            lines.append(f"{j.cancel} Without them: {canonical} ({plural(count, 'press', 'presses')}).")
        if count > fewest:
            lines.append("A shorter list exists: add a quiet pattern (presses that change nothing) "
                         "and see which presses cancel.")
        return Verdict(False, f"darkens the board, but with {presses}; {fewest} is {best}",
                       "\n".join(lines), data, canonical, j.written, fewest)
    if j.written > fewest:
        extra = f" (the fewest is {fewest}{'' if sol.minimal else ' found'})"
    else:
        extra = " - the fewest possible" if sol.minimal else ""
    summary = f"all dark after {presses}{extra}" + (f". {j.cancel}" if j.cancel else "")
    return Verdict(True, summary, "", data, canonical, j.written, fewest)


@dataclass(frozen=True)
class ChaseStage:
    """The board a learner faces when asked to clear ``row`` (0-based) by chasing."""

    board: Board  # after chasing the rows above ``row``
    expected: tuple[Cell, ...]  # the presses in row + 1, with repeats for k > 2


def chase_stage(rules: Rules, board: Board, row: int) -> ChaseStage:
    """The chase position before clearing ``row`` and the presses that clear it (one chase, O(cells))."""
    done = chase(rules, board)
    expected = tuple(cell for c, times in done.row(row + 1) for cell in [(row + 1, c)] * times)
    return ChaseStage(done.before(row), expected)


def judge_chase_row(rules: Rules, board: Board, row: int, cells: Sequence[Cell]) -> Verdict:
    """Judge the presses (all in row ``row + 1``) that clear ``row`` in a chase."""
    stage = chase_stage(rules, board, row)
    pattern = pattern_of(rules, cells)
    want = pattern_of(rules, stage.expected)
    canonical = format_presses(cells_of(rules, pattern))
    data = {"row": row + 1, "expected": [[r + 1, c + 1] for r, c in stage.expected],
            "presses": [[r + 1, c + 1] for r, c in cells]}
    if pattern == want:
        return Verdict(True, f"row {row + 1} is dark and nothing above it changed", "", data, canonical)
    outside = [format_cell(r, c) for r, c in cells if r != row + 1]
    lines = ["The board before this step:", render(rules, stage.board)]
    if outside:
        lines.append(f"{' '.join(outside)} {'is' if len(outside) == 1 else 'are'} not in row {row + 2}: "
                     f"a chase only presses the row just below the one it clears.")
    after = apply(rules, stage.board, pattern)
    lines.append(f"After {format_presses(cells)}:")
    lines.append(render(rules, after))
    still = [format_cell(row, c) for c in range(rules.cols) if after[row * rules.cols + c]]
    if still:
        lines.append(f"Row {row + 1} still has {' '.join(still)} lit.")
    return Verdict(False, f"row {row + 1} is not cleared by exactly the presses below its lights",
                   join(lines), data, canonical)


def residue_text(rules: Rules, board: Board) -> str:
    """The last row a chase of ``board`` leaves, in board notation: ``X...X``."""
    return format_board(Rules(1, rules.cols, states=rules.states), residue_of(rules, board))


def judge_chase(rules: Rules, board: Board, cells: Sequence[Cell]) -> Verdict:
    """Judge a whole chase (no top-row presses): every press below a light, row by row."""
    pattern = pattern_of(rules, cells)
    done = chase(rules, board)
    want = done.presses
    canonical = format_presses(cells_of(rules, pattern))
    data = {"residue": residue_text(rules, board), "chase": format_presses(cells_of(rules, want))}
    if pattern == want:
        return Verdict(True, f"chased to the last row; residue {data['residue']}", "", data, canonical)
    n = rules.cols
    for r in range(rules.rows):
        if pattern[r * n : (r + 1) * n] != want[r * n : (r + 1) * n]:
            got = [format_cell(rr, cc) for rr, cc in cells_of(rules, pattern) if rr == r]
            exp = [format_cell(rr, cc) for rr, cc in cells_of(rules, want) if rr == r]
            if r == 0:
                return Verdict(False, "a chase makes no presses in row 1",
                               f"You pressed {' '.join(got)} in row 1; the chase starts by pressing "
                               f"in row 2 under the lights of row 1.", data, canonical)
            before = done.before(r - 1)
            detail = join([
                f"Row {r + 1} is the first row that differs from the chase. Before pressing in it:",
                render(rules, before),
                f"The lights of row {r} call for {' '.join(exp) or 'no presses'}; you pressed "
                f"{' '.join(got) or 'nothing'} in row {r + 1}.",
            ])
            return Verdict(False, f"row {r + 1} differs from the chase", detail, data, canonical)
    raise AssertionError("patterns differ but no row differs")  # pragma: no cover


def judge_top_row(rules: Rules, board: Board, cells: Sequence[Cell]) -> Verdict:
    """Judge top-row presses after which a plain chase darkens the board."""
    off = [format_cell(r, c) for r, c in cells if r != 0]
    canonical = format_presses(cells_of(rules, pattern_of(rules, cells)))
    if off:
        return Verdict(False, f"{' '.join(off)} not in the top row", "Only row 1 cells are asked for.",
                       {"correct": False}, canonical)
    start = apply(rules, board, pattern_of(rules, cells))
    residue = residue_of(rules, start)
    ok = not any(residue)
    res_text = format_board(Rules(1, rules.cols, states=rules.states), residue)
    data = {"correct": ok, "residue": res_text}
    if ok:
        return Verdict(True, "a chase after these top-row presses darkens the whole board", "", data, canonical)
    return Verdict(False, f"the chase still leaves {res_text} in the last row",
                   f"After {format_presses(cells) if cells else 'no top-row presses'} and a full chase "
                   f"the last row is {res_text} (X lit, . dark).", data, canonical)

"""The wrong ideas learners bring to the fewest presses that darken a board (``MIN_PRESSES``), as engine data
(``mistakes.idea``): every light pressed, the coverage bound, the flat board's fewest on a torus, a longer solution,
the four corners; the middle press alone, the fewest presses whose groups reach every light (overlaps ignored),
every cell but the middle, every cell, and the lights the fewest presses switch counted for presses.

A shape a learner might guess is said with its presses and that it leaves lights on, never which ones (the rest may
be one press away).  A later idea gives no answer where an earlier one (or the answer) gives the same number.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import NEIGHBOURHOODS, Rules, apply, lit_cells
from tutor.puzzles.lightsout.rules.notation import format_cell
from tutor.puzzles.lightsout.teach.quantities.mistakes import FLAT_CELLS, idea, unless
from tutor.puzzles.options import NO_ARGS
from tutor.screen.text import plural

COVER_CELLS = 16  # the fewest presses reaching every light are searched on boards this small
Cells = list[tuple[int, int]]

def _solution(game: LightsGame) -> engine.Solution:
    return engine.solve(game.rules, game.lights, minimize=False)


def _solvable_with_quiet(game: LightsGame) -> bool:
    return _solution(game).solvable and engine.analyze(game.rules).nullity > 0


def _fewest(rules: Rules, game: LightsGame) -> int | None:
    sol = engine.solve(rules, game.lights)
    return sol.press_count if sol.solvable and sol.minimal else None


def _lit(game: LightsGame) -> int:
    return sum(game.lights)


def _reach(rules: Rules) -> int:
    return len(NEIGHBOURHOODS[rules.neighbourhood])


def _every_light(game: LightsGame) -> str:
    """What pressing every lit cell leaves: a cell still lit, and how often those presses switch it."""
    rules = game.rules
    after = apply(rules, game.lights, game.lights)
    left = lit_cells(rules, after)
    if not left:
        return "That does darken this board, but it is one solution of several, and not the shortest."
    r, c = left[0]
    times = sum(rules.effect(*cell).get((r, c), 0) for cell in lit_cells(rules, game.lights))
    return (f"A press is not a switch for one light: it also switches the neighbours. Pressing them all switches "
            f"{format_cell(r, c)} {plural(times, 'time')}, so it "
            f"{'ends lit' if game.lights[r * rules.cols + c] else 'lights up'}.")


def _corners(rules: Rules) -> list[tuple[int, int]]:
    """The four corner cells (a board of two rows and two columns at least)."""
    return [(r, c) for r in (0, rules.rows - 1) for c in (0, rules.cols - 1)]


def _left_lit(game: LightsGame, cells: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The cells still lit after pressing each of ``cells`` once."""
    rules = game.rules
    pattern = bytearray(rules.cells)
    for r, c in cells:
        pattern[r * rules.cols + c] = 1
    return lit_cells(rules, apply(rules, game.lights, bytes(pattern)))


def _shape_idea(game: LightsGame, cells: list[tuple[int, int]] | None) -> int | None:
    """How many presses a guessed shape takes, where the shape leaves lights on and no earlier idea (or the answer)
    gives that number (classic two-state boards up to FLAT_CELLS cells)."""
    if cells is None or game.states != 2 or game.rules.cells > FLAT_CELLS or not _left_lit(game, cells):
        return None
    fewest = _fewest(game.rules, game)
    if fewest is None:
        return None
    return unless(len(cells), fewest, _lit(game), -(-_lit(game) // _reach(game.rules)))


def _says_shape(game: LightsGame, cells: list[tuple[int, int]], shape: str) -> str:
    """The shape pressed and that it leaves lights on (which ones is not said: the rest may be one press away)."""
    return (f"{len(cells)} presses {shape} ({' '.join(format_cell(r, c) for r, c in cells)}), but that does not "
            "darken this board: some lights stay on. Try it on the board.")


FIRST = (
    idea("press-every-light",
         lambda g: unless(_lit(g), _fewest(g.rules, g)) if g.states == 2 else None,
         lambda g, n: f"{n:,} presses every lit cell once. {_every_light(g)}"),
    idea("coverage-bound",
         lambda g: unless(-(-_lit(g) // _reach(g.rules)), _fewest(g.rules, g), _lit(g)) if g.states == 2 else None,
         lambda g, n: f"{n:,} is only a lower bound: {n} presses of {_reach(g.rules)} cells each could switch "
                      f"the {_lit(g)} lights only if no two presses overlapped and none fell on a dark cell or "
                      f"off the board, and here no {n} presses manage that."),
    idea("flat-board",
         lambda g: (unless(_fewest(Rules(g.rules.rows, g.rules.cols, False, g.rules.neighbourhood, g.states), g),
                           _fewest(g.rules, g)) if g.rules.torus and g.rules.cells <= FLAT_CELLS else None),
         lambda g, n: f"{n:,} is the fewest on the flat {g.rules.rows}x{g.rules.cols} board. On the torus every "
                      f"press switches {_reach(g.rules)} cells, edges and corners included, so better covers "
                      f"exist."),
    idea("a-longer-solution",
         lambda g: (unless(sum(_solution(g).pattern or b""), _fewest(g.rules, g))
                    if _solvable_with_quiet(g) and g.states == 2 else None),
         lambda g, n: f"{n:,} presses darken the board, but that is one solution of several: adding a quiet "
                      f"pattern gives another solution, and some of them are shorter."),
    idea("corners",
         lambda g: _shape_idea(g, _corners(g.rules) if g.rules.rows > 1 and g.rules.cols > 1 else None),
         lambda g, n: _says_shape(g, _corners(g.rules), "the four corners")),
)


def _middle(rules: Rules) -> Cells | None:
    """The middle cell, on a board of an odd number of rows and columns (more than one cell)."""
    if rules.rows % 2 == 0 or rules.cols % 2 == 0 or rules.cells == 1:
        return None
    return [(rules.rows // 2, rules.cols // 2)]


def _ring(rules: Rules) -> Cells | None:
    """Every cell but the middle one."""
    middle = _middle(rules)
    return None if middle is None else [(r, c) for r in range(rules.rows) for c in range(rules.cols)
                                        if (r, c) not in middle]


def _every_cell(rules: Rules) -> Cells:
    return [(r, c) for r in range(rules.rows) for c in range(rules.cols)]


def cover(game: LightsGame) -> Cells | None:
    """The fewest presses whose groups together reach every lit cell, overlaps ignored (the first found, in reading
    order); None past COVER_CELLS cells or with nothing lit."""
    rules = game.rules
    lit = {r * rules.cols + c for r, c in lit_cells(rules, game.lights)}
    if rules.cells > COVER_CELLS or not lit:
        return None
    reach = [{r * rules.cols + c for r, c in rules.effect(*divmod(i, rules.cols))} for i in range(rules.cells)]
    for size in range(1, rules.cells + 1):
        for chosen in combinations(range(rules.cells), size):
            if lit <= set().union(*(reach[i] for i in chosen)):
                return [divmod(i, rules.cols) for i in chosen]
    return None  # pragma: no cover - every cell pressed reaches every cell


def _switches(game: LightsGame) -> int | None:
    """The lights the fewest presses switch, each switch counted (a cell switched twice, twice)."""
    sol = engine.solve(game.rules, game.lights)
    if not sol.solvable or not sol.minimal or sol.pattern is None:
        return None
    rules = game.rules
    return sum(sum(rules.effect(*divmod(i, rules.cols)).values()) for i, n in enumerate(sol.pattern) if n)


def _pressed(cells: Cells | None) -> Callable[[LightsGame], int | None]:
    """The number of presses of a guessed set, where it leaves lights on (classic two-state boards)."""
    def value(game: LightsGame) -> int | None:
        if cells is None or game.states != 2 or game.rules.cells > FLAT_CELLS or not _left_lit(game, cells):
            return None
        return len(cells)
    return value


LATER: tuple[Callable[[LightsGame], int | None], ...] = (
    lambda g: _pressed(_middle(g.rules))(g),
    lambda g: len(found) if g.states == 2 and (found := cover(g)) is not None else None,
    lambda g: _pressed(_ring(g.rules))(g),
    lambda g: _pressed(_every_cell(g.rules))(g),
    lambda g: _switches(g) if g.states == 2 else None,
)


def _later(i: int) -> Callable[[LightsGame], int | None]:
    """The ``i``-th later idea's value, unless the answer, an earlier idea or an earlier later one gives it (a
    board the search cannot finish gives none)."""
    def value(game: LightsGame) -> int | None:
        fewest = _fewest(game.rules, game)
        if fewest is None:
            return None
        earlier = [_number(m.value(game, NO_ARGS)) for m in FIRST] + [f(game) for f in LATER[:i]]
        return unless(LATER[i](game), fewest, *earlier)
    return value


def _says_middle(game: LightsGame, n: int) -> str:
    """The middle press alone: the largest group, and why one press is not enough here."""
    (r, c), = _middle(game.rules) or [(0, 0)]
    reach, lit = _reach(game.rules), _lit(game)
    said = f"1 press, the middle one ({format_cell(r, c)}), switches the largest group"
    if lit > reach:
        return (f"{said}; but a press switches at most {reach} cells, so 1 press switches at most {reach} cells: "
                f"fewer than the {lit} lit ones.")
    return f"{said}; but it does not darken this board: some lights stay on. Try it on the board."


def _says_cover(game: LightsGame, n: int) -> str:
    cells = cover(game) or []
    return (f"{n:,} presses ({' '.join(format_cell(r, c) for r, c in cells)}) reach every lit cell, but a light "
            "that two of them reach is switched twice and ends as it was: they do not darken this board. Try it "
            "on the board.")


MIN_PRESSES = (
    *FIRST,
    idea("middle-alone", _later(0), _says_middle),
    idea("cover", _later(1), _says_cover),
    idea("all-but-middle", _later(2), lambda g, n: _says_shape(g, _ring(g.rules) or [], "every cell but the middle")),
    idea("every-cell", _later(3), lambda g, n: _says_shape(g, _every_cell(g.rules), "every cell of the board")),
    idea("switches-for-presses", _later(4),
         lambda g, n: f"{n:,} counts the lights the presses switch, a light switched twice counted twice. The "
                      "question counts the presses, and a press switches a light and its neighbours."),
)


def _number(value: object) -> int | None:
    """An earlier idea's value as a count (every Lights Out idea gives a whole number or None)."""
    return value if isinstance(value, int) else None

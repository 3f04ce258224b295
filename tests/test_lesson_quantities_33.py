"""The quantities lightsout-7 and wythoff-8 ask for, each checked a second, independent way.

Lights Out: every press set of a small board tried (2^cells of them, each applied with the rules' own press
effect), so the solutions by presses come from no linear algebra and no coset.  Wythoff with a pass: a memoised
win/lose search over (x, y, passes) written from the rules alone (no sieve, no formula), and the k-th losing
pair read off it.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import product

import pytest

from tutor.puzzles import get
from tutor.puzzles.lightsout.rules import LightsGame

LIGHTS = get("lightsout")
WYTHOFF = get("wythoff")
SIDE = 24  # the pass game's search covers both piles up to SIDE


# -- Lights Out: every solution, by brute force over press sets ------------------------------------------------


def press_weights(game: LightsGame) -> Counter[int]:
    """Presses -> how many press sets darken the board, every press set tried."""
    rules, cells = game.rules, game.rules.cells
    effects = [rules.effect(*divmod(i, rules.cols)) for i in range(cells)]
    found: Counter[int] = Counter()
    for chosen in product((0, 1), repeat=cells):
        lights = list(game.lights)
        for i, pressed in enumerate(chosen):
            if pressed:
                for (r, c), times in effects[i].items():
                    lights[r * rules.cols + c] = (lights[r * rules.cols + c] + times) % 2
        if not any(lights):
            found[sum(chosen)] += 1
    return found


BOARDS = [("2x3", "all-on", False), ("3x2", "all-on", False), ("2x5", "all-on", False), ("3x3", "all-on", True),
          ("4x4", "all-on", False), ("3x3", "all-on", False), ("2x3", ".X./XXX", False),
          ("3x4", "X.../.X../..X.", False), ("2x4", "XX../..XX", True)]


@pytest.mark.parametrize(("size", "board", "torus"), BOARDS)
def test_every_solution_quantities_equal_brute_force(size: str, board: str, torus: bool) -> None:
    game = LIGHTS.load({"size": size, "board": board, "torus": torus})
    weights = press_weights(game)
    if not weights:
        pytest.skip("not solvable")  # pragma: no cover - every board above can be darkened
    q = LIGHTS.quantities
    fewest, most = min(weights), max(weights)
    assert q["fewest_solutions"](game) == weights[fewest]
    assert q["most_presses"](game) == most
    assert q["min_presses"](game) == fewest
    assert q["press_counts"](game).splitlines() == [
        f"{w} press{'es' if w != 1 else ''}: {n} solution{'s' if n != 1 else ''}" for w, n in sorted(weights.items())]


def test_the_lessons_known_answers() -> None:
    q = LIGHTS.quantities
    four = LIGHTS.load({"size": "4x4", "board": "all-on"})
    five = LIGHTS.load({"size": "5x5", "board": "all-on"})
    assert (q["fewest_solutions"](four), q["most_presses"](four), q["solutions"](four)) == (2, 12, 16)
    assert (q["fewest_solutions"](five), q["most_presses"](five), q["min_presses"](five)) == (4, 15, 15)


def test_every_solution_ideas_differ_from_the_answer_and_each_other() -> None:
    q = LIGHTS.quantities
    for size, board, torus in BOARDS:
        game = LIGHTS.load({"size": size, "board": board, "torus": torus})
        for name in ("fewest_solutions", "most_presses"):
            right = q[name](game)
            given = [m.value(game, {}) for m in q[name].misconceptions]
            shown = [v for v in given if v is not None]
            assert right not in shown and len(shown) == len(set(shown)), (size, board, name, right, given)
            for m, v in zip(q[name].misconceptions, given, strict=True):
                if v is not None:
                    assert str(right) not in m.says(game, {}, v).replace(str(v), ""), (name, m.name)


def test_an_unsolvable_board_has_no_count_by_presses() -> None:
    game = LIGHTS.load({"size": "4x4", "board": "X.../..../..../...."})
    with pytest.raises(Exception, match="cannot be darkened"):
        LIGHTS.quantities["fewest_solutions"](game)


# -- Wythoff with a pass: a memoised game search ---------------------------------------------------------------


@cache
def wins(x: int, y: int, passes: int) -> bool:
    """Whether the player to move wins (x, y) with ``passes`` passes left, by trying every move."""
    for nx, ny in moves(x, y):
        if not wins(nx, ny, passes):
            return True
    return passes > 0 and x + y > 0 and not wins(x, y, passes - 1)


def moves(x: int, y: int) -> list[tuple[int, int]]:
    """Every Wythoff move from (x, y): from one pile, or the same from both."""
    out = [(x - t, y) for t in range(1, x + 1)] + [(x, y - t) for t in range(1, y + 1)]
    return out + [(x - t, y - t) for t in range(1, min(x, y) + 1)]


def searched_pairs() -> list[tuple[int, int]]:
    """The losing positions (x <= y) with the pass left, as the search finds them, by smaller pile."""
    return [(x, y) for x in range(SIDE + 1) for y in range(x, 2 * SIDE + 1) if not wins(x, y, 1)]


def test_pass_kth_equals_the_search() -> None:
    pairs = [p for p in searched_pairs() if p[0] <= SIDE]
    q, game = WYTHOFF.quantities, WYTHOFF.load({"position": "1,2"})
    assert len(pairs) >= 12
    for k, (lo, hi) in enumerate(pairs):
        assert (q["pass_kth_first"](game, {"index": k}), q["pass_kth_second"](game, {"index": k})) == (lo, hi)
        assert q["pass_kth_position"](game, {"index": k}) == f"{lo},{hi}"
    assert q["pass_p_positions"](game, {"count": 4}) == ", ".join(f"({a}, {b})" for a, b in pairs[:4])


@pytest.mark.parametrize("x", range(0, 13))
def test_pass_position_quantities_equal_the_search(x: int) -> None:
    q = WYTHOFF.quantities
    for y in range(13):
        game = WYTHOFF.load({"position": f"{x},{y}"})
        winning = [m for m in moves(x, y) if not wins(*m, 1)]
        by_pass = x + y > 0 and not wins(x, y, 0)
        assert q["pass_outcome"](game) == ("win" if wins(x, y, 1) else "lose")
        assert q["pass_wins"](game) == ("yes" if by_pass else "no")
        assert q["pass_winning_move_count"](game) == len(winning) + by_pass


def test_pass_ideas_differ_from_the_answer_and_each_other() -> None:
    q = WYTHOFF.quantities
    for x, y in product(range(9), repeat=2):
        game = WYTHOFF.load({"position": f"{x},{y}"})
        right = q["pass_winning_move_count"](game)
        shown = [v for m in q["pass_winning_move_count"].misconceptions if (v := m.value(game, {})) is not None]
        assert right not in shown and len(shown) == len(set(shown)), (x, y, right, shown)
    game = WYTHOFF.load({"position": "1,2"})
    for k in range(20):
        for name in ("pass_kth_first", "pass_kth_second"):
            right = q[name](game, {"index": k})
            shown = [v for m in q[name].misconceptions if (v := m.value(game, {"index": k})) is not None]
            assert right not in shown and len(shown) == len(set(shown)), (name, k, right, shown)


def test_a_wrong_pile_is_placed_in_its_own_pair_without_naming_the_answer() -> None:
    q, game = WYTHOFF.quantities, WYTHOFF.load({"position": "1,2"})
    struck = q["pass_kth_second"].refute(game, {"index": 1}, 3, 2)
    assert "(1, 2) is one of Wythoff's losing pairs" in struck and "3" not in struck
    placed = q["pass_kth_second"].refute(game, {"index": 3}, 8, 9)
    assert "9 is the smaller pile of the pass game's losing position number 5" in placed and "8" not in placed
    assert "comes earlier" in placed


def test_a_wrong_pair_gets_a_winning_move_or_its_own_number() -> None:
    q, game = WYTHOFF.quantities, WYTHOFF.load({"position": "1,2"})
    assert "keep the piles and use up the pass" in q["pass_kth_position"].refute(game, {"index": 1}, "1,3", "1,2")
    assert "losing position number 2" in q["pass_kth_position"].refute(game, {"index": 1}, "1,3", "2,5")
    assert "past" in q["pass_kth_second"].refute(game, {"index": 2}, 5, 10**30)


@pytest.mark.parametrize("x", range(0, 9))
def test_a_count_of_winning_moves_too_large_is_refuted_by_a_move_that_does_not_win(x: int) -> None:
    """Never "fewer than N" (with the next reply it would pin the count): a move the search says does not win,
    named with the position it leaves, or the count of every move when all of them win."""
    refute = WYTHOFF.quantities["pass_winning_move_count"].refute
    for y in range(9):
        game = WYTHOFF.load({"position": f"{x},{y}"})
        right = WYTHOFF.quantities["pass_winning_move_count"](game)
        said = refute(game, {}, right, right + 1)
        assert "fewer" not in said and f"than {right + 1}" not in said
        losing_to = [m for m in moves(x, y) if wins(*m, 1)]
        if x + y > 0 and wins(x, y, 0):
            losing_to.append((x, y))  # the pass, when it hands over a winning plain position
        if losing_to:
            faced = said.split("your opponent faces ", 1)[1].split(" ", 2)
            assert tuple(int(t.strip("(),")) for t in faced[:2]) in {tuple(sorted(m)) for m in losing_to} | set(
                losing_to)
        else:
            assert "more than the moves there are" in said

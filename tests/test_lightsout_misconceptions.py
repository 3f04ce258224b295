"""Lights Out misconceptions, checked a second way: every value a wrong idea gives is recomputed here by brute
force over every press set (knowing only the press rule) or by the plain counting rule the idea gets wrong, on a
few small games; and no idea's sentence states the right value, here or in a later step of a bundled lesson.
"""

from __future__ import annotations

import math
from functools import cache
from itertools import permutations, product

import numpy as np
import pytest

from tests.helpers import bundled
from tutor.course.steps import Computed
from tutor.puzzles.computed import states_number
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Rules
from tutor.puzzles.lightsout.teach.quantities import QUANTITIES, choices, fewest, mistakes

SMALL = [LightsGame("2x2"), LightsGame("2x3"), LightsGame("3x3"), LightsGame("4x4"), LightsGame("1x5"),
         LightsGame("3x3", board="X.X/.../X.X"), LightsGame("4x4", board="X.../..../..../...."),
         LightsGame("3x3", torus=True), LightsGame("4x4", torus=True), LightsGame("2x2", states=3),
         LightsGame("3x3", states=3), LightsGame("2x4", states=3)]


@cache
def reached(rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """Every press set (counts 0..k-1 per cell, one row each) and the board it makes from all-dark, as one number
    in base k per row: the press rule and nothing else, applied to all press sets at once (k**cells rows)."""
    k, cells = rules.states, rules.cells
    effect = np.zeros((cells, cells), dtype=np.int64)  # row i: what pressing cell i once does to every cell
    for i in range(cells):
        for (r, c), hits in rules.effect(*divmod(i, rules.cols)).items():
            effect[i, r * rules.cols + c] += hits
    presses = np.array(list(product(range(k), repeat=cells)), dtype=np.int64).reshape(-1, cells)
    boards = (presses @ effect) % k
    return presses, boards @ (k ** np.arange(cells - 1, -1, -1, dtype=np.int64))


def brute(game: LightsGame) -> dict[str, int]:
    """The counts the ideas confuse, by brute force: boards reached, quiet press sets, this board's solutions."""
    rules = game.rules
    presses, codes = reached(rules)
    k = rules.states
    quiet = int(np.count_nonzero(codes == 0))
    target = sum(((-v) % k) * k ** (rules.cells - 1 - i) for i, v in enumerate(game.lights))
    sizes = presses[codes == target].sum(axis=1).tolist()
    boards = len(np.unique(codes))
    return {"boards": boards, "quiet": quiet, "nullity": round(math.log(quiet, k)), "rank": round(math.log(
        boards, k)), "solutions": len(sizes), "sizes": sorted(set(sizes)), "fewest": min(sizes, default=-1),
            "lit": sum(1 for v in game.lights if v)}


def shapes_that_darken(game: LightsGame) -> list[list[int]]:
    """Every press set (as the sorted cells pressed once) that darkens the board, by brute force."""
    rules = game.rules
    presses, codes = reached(rules)
    k = rules.states
    target = sum(((-v) % k) * k ** (rules.cells - 1 - i) for i, v in enumerate(game.lights))
    return [[i for i, n in enumerate(row) if n] for row in presses[codes == target].tolist()]


def values(ideas, game: LightsGame) -> dict[str, int | None]:
    return {m.name: m.value(game, {}) for m in ideas}


def expect(got: dict[str, int | None], want: dict[str, int | None]) -> None:
    """Each idea gives the independently computed value, or None where the table says it does not apply."""
    for name, value in want.items():
        assert got[name] in (None, value) if value is None else got[name] == value, (name, got[name], value)


@pytest.mark.parametrize("game", SMALL, ids=lambda g: f"{g.size}-{g.board}-{'torus' if g.torus else 'flat'}-"
                                                            f"{g.neighbourhood.value}-{g.states}")
def test_board_and_quiet_counts_by_brute_force(game: LightsGame) -> None:
    b = brute(game)
    k, cells = game.states, game.rules.cells
    expect(values(mistakes.SOLVABLE_BOARDS, game), {
        "rank-for-boards": b["rank"],
        "every-board": k**cells if b["boards"] != k**cells else None,
        "quiet-for-boards": b["quiet"] if b["quiet"] > 1 else None,
        "nullity-for-boards": b["nullity"] if b["quiet"] > 1 and b["nullity"] != b["rank"] else None,
        "all-less-quiet": k**cells - b["quiet"] if b["quiet"] > 1 else None})
    ranks, nulls = values(mistakes.RANK, game), values(mistakes.NULLITY, game)
    assert ranks["every-column-independent"] == (cells if b["rank"] != cells else None)
    assert ranks["nullity-for-rank"] in (b["nullity"], None) and ranks["boards-for-rank"] in (b["boards"], None)
    assert nulls["rank-for-nullity"] in (b["rank"], None) and nulls["quiet-count-for-nullity"] in (b["quiet"] - 1, None)
    assert nulls["none-quiet"] == (0 if b["quiet"] > 1 else None)
    q = values(mistakes.QUIET_PATTERNS, game)
    if b["quiet"] == 1:
        assert all(v is None for v in q.values()), q
    else:
        assert q["nothing-counted"] == b["quiet"] and q["basis-size"] in (None, b["nullity"])
        assert q["two-states"] in ((None,) if k == 2 else (2 ** b["nullity"] - 1, None))
        assert q["only-new-sums"] in (b["quiet"] - 1 - b["nullity"], None)


@pytest.mark.parametrize("game", SMALL, ids=lambda g: f"{g.size}-{g.board}-{'torus' if g.torus else 'flat'}-"
                                                            f"{g.neighbourhood.value}-{g.states}")
def test_solution_and_press_counts_by_brute_force(game: LightsGame) -> None:
    b = brute(game)
    s = values(mistakes.SOLUTIONS, game)
    with_quiet = b["solutions"] > 1
    assert s["just-one"] == (1 if with_quiet else None)
    assert s["nullity-for-solutions"] in ((b["nullity"], None) if with_quiet else (None,))
    assert s["boards-for-solutions"] == (b["boards"] if b["solutions"] else None)
    assert s["quiet-on-unsolvable"] == (None if b["solutions"] else b["quiet"] if b["quiet"] > 1 else None)
    earlier = (b["solutions"], 1, b["nullity"], b["quiet"] - 1, b["boards"])  # the answer and the first ideas

    def later(value: int) -> int | None:
        return value if with_quiet and value not in earlier else None

    k = game.states
    assert s["rank-for-solutions"] == later(b["rank"])
    assert s["every-press-set"] == later(len(reached(game.rules)[0]))  # every press set, listed
    assert s["choices-added"] == later(k * b["nullity"])
    assert s["one-per-basis-pattern"] == later(b["nullity"] + 1)
    assert s["power-swapped"] == (later(b["nullity"] ** k) if b["nullity"] > 1 else None)
    if b["solutions"] and game.states == 2:
        m = values(fewest.MIN_PRESSES, game)
        assert m["press-every-light"] in (b["lit"], None) and m["coverage-bound"] in (-(-b["lit"] // 5), None)
        if m["a-longer-solution"] is not None:  # the size of a real solution, longer than the fewest
            assert m["a-longer-solution"] in b["sizes"] and m["a-longer-solution"] > b["fewest"]
        if game.torus:
            flat = brute(LightsGame(f"{game.rules.rows}x{game.rules.cols}", board=game.board))
            assert m["flat-board"] in (flat["fewest"], None)
        for given in m.values():
            assert given != b["fewest"]
        rows, cols = game.rules.rows, game.rules.cols
        corners = {0, cols - 1, (rows - 1) * cols, rows * cols - 1}
        shaped = rows > 1 and cols > 1
        darkens = shaped and sorted(corners) in shapes_that_darken(game)
        plain = None if not shaped or darkens or len(corners) in (b["fewest"], b["lit"], -(-b["lit"] // 5)) else 4
        assert m["corners"] == plain, (m["corners"], plain)


def fewest_cover(game: LightsGame) -> int:
    """The fewest presses whose groups together reach every lit cell, by trying every press set (the effect matrix
    of ``reached``, overlaps ignored)."""
    rules = game.rules
    presses, _ = reached(rules)
    reach = np.zeros((rules.cells, rules.cells), dtype=bool)
    for i in range(rules.cells):
        for (r, c) in rules.effect(*divmod(i, rules.cols)):
            reach[i, r * rules.cols + c] = True
    pressed = presses > 0
    covered = (pressed.astype(np.int64) @ reach.astype(np.int64)) > 0
    lit = np.array([v != 0 for v in game.lights])
    return int(pressed[(covered | ~lit).all(axis=1)].sum(axis=1).min())


COVER_GAMES = [g for g in SMALL if g.states == 2 and g.rules.cells <= 16] + [
    LightsGame("3x3", board=b) for b in ("XX./X.X/.XX", "XX./.../XX.", ".X./XXX/.X.")]


@pytest.mark.parametrize("game", COVER_GAMES, ids=lambda g: f"{g.size}-{g.board}-{'torus' if g.torus else 'flat'}")
def test_the_later_fewest_ideas_by_brute_force(game: LightsGame) -> None:
    """The middle press alone, the fewest presses reaching every light, every cell but the middle, every cell, and
    the switches the fewest presses make: each a guess that leaves lights on (no brute-force solution presses
    exactly it), and None where the answer or an earlier idea gives the same number."""
    b = brute(game)
    rules = game.rules
    m = values(fewest.MIN_PRESSES, game)
    if not b["solutions"]:  # no fewest to be wrong about
        assert all(m[idea.name] is None for idea in fewest.MIN_PRESSES[len(fewest.FIRST):]), m
        return
    darkening = [sorted(s) for s in shapes_that_darken(game)]
    everything = list(range(rules.cells))
    middle = [rules.rows // 2 * rules.cols + rules.cols // 2] if rules.rows % 2 and rules.cols % 2 else None

    def guessed(cells: list[int] | None) -> int | None:
        return None if cells is None or sorted(cells) in darkening else len(cells)

    fewest_sets = [s for s in darkening if len(s) == b["fewest"]]
    switches = {sum(len(rules.effect(*divmod(i, rules.cols))) for i in s) for s in fewest_sets}
    raw = {"middle-alone": guessed(middle), "cover": fewest_cover(game),
           "all-but-middle": guessed([i for i in everything if i not in middle] if middle else None),
           "every-cell": guessed(everything), "switches-for-presses": switches}
    seen = {b["fewest"], *(m[name] for name in ("press-every-light", "coverage-bound", "flat-board",
                                                "a-longer-solution", "corners"))}
    for name, value in raw.items():
        if isinstance(value, set):  # several fewest solutions: the engine's is one of them
            assert m[name] is None or (m[name] in value and m[name] not in seen), (name, m[name], value)
            seen.add(m[name])
            continue
        assert m[name] == (None if value in seen else value), (name, m[name], value)
        seen.add(value)
    for given in m.values():
        assert given != b["fewest"]


def test_the_corners_on_the_all_on_3x3_board() -> None:
    """lightsout-1's board: its one solution presses five cells, not the four corners alone."""
    game = LightsGame("3x3")
    assert [sorted(s) for s in shapes_that_darken(game)] == [[0, 2, 4, 6, 8]]
    assert values(fewest.MIN_PRESSES, game)["corners"] == 4


@pytest.mark.parametrize("game", SMALL, ids=lambda g: f"{g.size}-{g.board}-{'torus' if g.torus else 'flat'}-"
                                                            f"{g.neighbourhood.value}-{g.states}")
def test_choice_counts_follow_the_plain_rules(game: LightsGame) -> None:
    r, k = game.rules, game.states
    lit_all = sum(1 for v in game.lights if v)
    lit_top = sum(1 for v in game.lights[: r.cols] if v)
    for ideas, n, other, lit in ((choices.PRESS_SETS, r.cells, r.cols, lit_all),
                                 (choices.TOP_ROWS, r.cols, r.cells, lit_top)):
        got = [m.value(game, {}) for m in ideas]
        plain = [n, k * n, n * n, k**n - 1, k**other]
        assert all(g in (None, p) for g, p in zip(got[:5], plain, strict=True)), (got, plain)
        assert k**n not in got and len(np.unique(reached(r)[1])) <= k**r.cells
        assert got[5:] == later_choices(n, k, lit, {k**n, *got[:5]}), (ideas[0].name, got)
    unknowns = values(mistakes.TOP_ROW_CELLS, game)
    assert r.cols not in unknowns.values()
    assert unknowns["one-per-cell"] == (r.cells if r.rows > 1 else None)


def later_choices(n: int, k: int, lit: int, seen: set[int | None]) -> list[int | None]:
    """What the later ideas of a k^n count answer, counted by listing where it is small: the orders of pressing all
    n cells, the sets of at most one cell, the sets of the lit cells alone, the choices 0 to k for each cell, and
    the sequences of n presses of any cell; each None where the answer or an earlier idea gives it."""
    small = n <= 6
    orders = len(list(permutations(range(n)))) if small else math.prod(range(1, n + 1))
    none_or_one = sum(1 for s in product((0, 1), repeat=n) if sum(s) <= 1) if small else n + 1
    lit_only = len(list(product(range(k), repeat=lit))) if lit else None
    repeats = len(list(product(range(k + 1), repeat=n))) if small else (k + 1) ** n
    sequences = (len(list(product(range(n), repeat=n))) if small else n**n) if n > 1 else None
    out = []
    for value in (orders, none_or_one, lit_only, repeats, sequences):
        out.append(None if value is None or value in seen else value)
        seen.add(value)
    return out


def test_every_quantity_with_ideas_names_three_and_every_idea_is_distinct() -> None:
    for name in ("solvable_boards", "quiet_patterns", "solutions", "min_presses", "press_sets", "top_rows",
                 "top_row_cells", "rank", "nullity"):
        ideas = QUANTITIES[name].misconceptions
        assert len(ideas) >= 3 and len({m.name for m in ideas}) == len(ideas), name


@pytest.mark.parametrize("game", SMALL, ids=lambda g: f"{g.size}-{g.board}-{'torus' if g.torus else 'flat'}-"
                                                            f"{g.neighbourhood.value}-{g.states}")
def test_no_sentence_states_the_right_value(game: LightsGame) -> None:
    for name in ("solvable_boards", "quiet_patterns", "solutions", "press_sets", "top_rows", "top_row_cells", "rank",
                 "nullity"):
        quantity = QUANTITIES[name]
        right = quantity(game)
        for idea in quantity.misconceptions:
            given = idea.value(game, {})
            if given is not None and given != right:
                assert not states_number(idea.says(game, {}, given), right), (name, idea.name)


LESSON_STEPS = [(lesson, i, step) for lesson in bundled().ordered() if lesson.puzzle == "lightsout"
                for i, step in enumerate(lesson.steps) if isinstance(step, Computed) and not step.options]


@pytest.mark.parametrize(("lesson", "index", "step"), LESSON_STEPS, ids=lambda x: getattr(x, "key", str(x)))
def test_no_sentence_gives_away_this_or_a_later_answer(lesson, index, step) -> None:
    quantity = step.computes
    args = quantity.arguments(step.args)
    for idea in quantity.misconceptions:
        given = idea.value(step.game, args)
        if given is None:
            continue
        said = idea.says(step.game, args, given)
        for later in lesson.steps[index:]:
            assert later.gives_away(said) is None, (lesson.id, step.key, idea.name, later.key, said)


# -- no give-aways in the family's own replies (issue 20, item 2) ------------------------------------------

GUIDE = LightsGame("3x3", board="X.X/.../X.X")  # docs/authoring.md's guide-lightsout: a yes/no, then the presses


def test_a_yes_no_refutation_gives_its_reason_and_no_press_list() -> None:
    from tutor.puzzles import get

    puzzle = get("lightsout")
    q = puzzle.quantities["solvable"]
    for game in (GUIDE, LightsGame("5x5", board="...../...../..X../...../....."), LightsGame("4x4")):
        reason = q.refute(game, {}, q(game), "no")
        assert reason.startswith("Yes: ")
        for kind in ("presses", "minimal"):
            assert puzzle.kinds[kind].gives_away(game, {}, reason) is None, (game, reason)
    assert "no set of presses but pressing nothing leaves every light as it was" in q.refute(GUIDE, {}, "yes", "no")


def test_a_wrong_press_list_is_not_echoed_back_and_a_whole_list_anywhere_is_caught() -> None:
    from tutor.puzzles import get

    presses = get("lightsout").kinds["presses"]
    verdict = presses.judge(GUIDE, "a1 c3")
    assert not verdict.correct and "a1 c3" not in str(verdict.detail) and "your 2 presses" in str(verdict.detail)
    assert presses.gives_away(GUIDE, {}, "for instance c3, a3 c1 a1 darkens it") is not None  # any order
    assert presses.gives_away(GUIDE, {}, "press a1 and look at c3 a3") is None

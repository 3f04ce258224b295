"""One computation, one text: over many Lights Out variants, every explanation agrees with its verdict.

Sizes, the torus, every neighbourhood and several state counts, on all-on,
one-light and random boards: the text of ``solve``, ``analyze``, ``check`` and
``hint`` states the same numbers as its JSON, and both agree with a brute force
that knows only the press rule (``Rules.effect``), not the engine.
"""

from __future__ import annotations

import random
import re
from functools import cache
from itertools import product

import pytest

from tutor.puzzles import get
from tutor.puzzles.lightsout.rules.grid import NEIGHBOURHOODS, Rules
from tutor.puzzles.lightsout.rules.notation import format_cell
from tutor.puzzles.options import resolve
from tutor.screen.text import plural

PUZZLE = get("lightsout")
SHAPES = [(1, 1), (1, 4), (2, 2), (2, 3), (3, 3), (3, 4), (4, 3), (4, 4)]
VARIANTS = [
    dict(size=f"{m}x{n}", torus=t, neighbourhood=h, states=k)
    for (m, n) in SHAPES
    for t in (False, True)
    for h in sorted(NEIGHBOURHOODS)
    for k in (2, 3)
    if k ** (m * n) <= 1 << 16 and (h == "plus" or (m, n) in ((2, 3), (3, 3)))
]


@cache
def brute(rules: Rules) -> dict[bytes, int]:
    """Every board reachable from dark, with the fewest presses that reach it (hence darken it), from the
    press rule alone: each cell pressed 0..k-1 times, every combination tried."""
    k, n = rules.states, rules.cols
    effects = [rules.effect(r, c) for r in range(rules.rows) for c in range(n)]
    best: dict[bytes, int] = {}
    for counts in product(range(k), repeat=rules.cells):
        board = [0] * rules.cells
        for j, times in enumerate(counts):
            if times:
                for (r, c), t in effects[j].items():
                    board[r * n + c] = (board[r * n + c] + t * times) % k
        # pressing x turns a board b into b + A x, so x darkens exactly the board -A x
        key = bytes((-v) % k for v in board)
        w = sum(counts)
        if key not in best or w < best[key]:
            best[key] = w
    return best


def boards(rules: Rules, rng: random.Random) -> list[str]:
    k = rules.states
    cells = rules.cells
    one = ["1" if i == 0 else "." for i in range(cells)]
    rows = []
    for data in (["1"] * cells, one, [rng.choice([".", *map(str, range(1, k))]) for _ in range(cells)]):
        text = "".join("X" if (k == 2 and ch == "1") else ch for ch in data)
        rows.append("/".join(text[i:i + rules.cols] for i in range(0, cells, rules.cols)))
    return rows


def run(command: str, params: dict, **args):
    game = PUZZLE.load(params)
    cmd = PUZZLE.commands[command]
    return game, cmd.run(game, resolve(cmd.options, args, "test"))


@pytest.mark.parametrize("params", VARIANTS, ids=lambda p: "-".join(str(v) for v in p.values()))
def test_texts_agree_with_their_data_and_with_brute_force(params):
    rng = random.Random(str(params))
    rules = PUZZLE.load(params).rules
    reach = brute(rules)
    game, report = run("analyze", params)
    data, text = report.data, report.text
    assert data["solvable_boards"] == len(reach)  # k^rank, counted by brute force
    assert f"rank {data['rank']}, nullity {data['nullity']}" in text
    assert f"Solvable boards: {len(reach):,} of {rules.states ** rules.cells:,}" in text
    all_on = bytes([1]) * rules.cells
    assert data["all_on_solvable"] == (all_on in reach)
    assert ("The all-on board is not solvable" in text) == (all_on not in reach)
    for board in boards(rules, rng):
        p = {**params, "board": board}
        game, report = run("solve", p)
        data, text = report.data, report.text
        fewest = reach.get(game.lights)
        assert data["solvable"] == (fewest is not None)
        said = {name: explained(game, name) for name in ("solvable", "solutions")}
        assert said["solvable"].startswith("Yes: " if fewest is not None else "No: ")
        if fewest is not None:
            assert plural(rules.states ** data["nullity"], "solution") in said["solutions"]
            assert f"with {plural(fewest, 'press', 'presses')}," in explained(game, "min_presses")
        if fewest is None:
            assert "Not solvable: " in text and not re.search(r"Solvable: \d", text)
            assert not data["presses"] and data["solutions"] == 0
            continue
        assert data["minimal"] and data["press_count"] == fewest, (board, data)
        assert f"Solvable: {data['press_count']} press" in text and "(the fewest)" in text
        assert f"; {data['solutions']:,} solution" in text and data["solutions"] == rules.states ** data["nullity"]
        assert sum(1 for v in reach.values() if v is not None) == len(reach)
        # a press list the learner might type: the engine's, the engine's with a cancelling pair, a random one
        presses = [format_cell(r - 1, c - 1) for r, c in data["presses"]]
        doubled = presses + ["a1"] * rules.states
        for attempt in (presses, doubled, [rng.choice(["a1", format_cell(rules.rows - 1, rules.cols - 1)])]):
            check_agrees(p, game.lights, attempt, reach)
        game, report = run("hint", p)
        hints = report.data["hints"]
        if report.data["next"]:
            r, c = report.data["next"]
            assert f"Press {format_cell(r - 1, c - 1)}:" in hints[-1]


def explained(game, name: str) -> str:
    """The quantity's explanation of its own value (what /solution shows)."""
    q = PUZZLE.quantities[name]
    explain = q.explain
    assert explain is not None
    return explain(game, {}, q(game))


def check_agrees(params: dict, lights: bytes, presses: list[str], reach: dict[bytes, int]) -> None:
    """``check`` and ``check --minimal``: the verdict, its text and its data agree with a replay by brute force."""
    rules = PUZZLE.load(params).rules
    k, n = rules.states, rules.cols
    board = list(lights)
    for name in presses:
        r, c = int(name[1:]) - 1, ord(name[0]) - ord("a")
        for (rr, cc), t in rules.effect(r, c).items():
            board[rr * n + cc] = (board[rr * n + cc] + t) % k
    dark = not any(board)
    fewest = reach[lights]
    for minimal in (False, True):
        _, report = run("check", params, presses=" ".join(presses) or "none", minimal=minimal)
        data, text = report.data, report.text
        honest = dark and len(presses) == fewest
        assert data["correct"] == (dark and (honest or not minimal)), (presses, text)
        assert ("the fewest possible" in text) == honest, (presses, text)
        assert data["minimal"] == honest
        assert data["press_count"] == len(presses)
        if "cancel" in text:
            assert data["cancelling"] and len(presses) > data["effective_press_count"]
        if not dark:
            assert text.startswith("incorrect: not solved") and "all dark" not in text
        if f"the fewest is {fewest}" in text or f"{fewest} is the fewest" in text:
            assert len(presses) > fewest
        for m in re.finditer(r"the fewest is (\d+)|(\d+) is the fewest", text):
            assert int(m.group(1) or m.group(2)) == fewest

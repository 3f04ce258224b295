"""Issue 12, coins: one computation, one text.

A sweep over coin variants (several N and K, both symmetries, both goals) checks that ``analyze``'s
text and JSON, the quantities' explanations, the verdict on the reference strategy and the hint
ladder all agree with the one decision: the length written in the text is the JSON length, "not
winnable" never stands beside a move count, nothing says "undecided", powers are written ^.
"""

from __future__ import annotations

import re

import pytest

from tutor.puzzles import get
from tutor.puzzles.coins.cli import analyze_command
from tutor.puzzles.coins.rules import CoinGame, parse_strategy
from tutor.puzzles.coins.teach.hints import hint_data
from tutor.puzzles.coins.teach.verdicts import verdict
from tutor.puzzles.coins.theory import decide
from tutor.puzzles.options import NO_ARGS, Args, resolve
from tutor.screen.shown import text_of

PUZZLE = get("coins")
QUANTITIES = PUZZLE.quantities
# the quantities of the turning table itself (those of a Devil's group, the bartender and the workbench take
# arguments or another game: tests/test_coins_lessons_33.py)
TURNING = [q for q in QUANTITIES.names() if not q.startswith(("group_", "touch_", "workbench_"))]

VARIANTS = [(n, k, symmetry, goal) for n in range(1, 9) for k in (2, 3, 4)
            for symmetry in ("rotation", "dihedral") for goal in ("heads", "same") if k**n <= 4096]
MOVES = re.compile(r"(?<![\w^])(?<!- )(\d[\d,]*) moves")  # "K^N - 1 moves" is the theorem's formula


def args_of(name: str) -> Args:
    return resolve(PUZZLE.commands[name].options, NO_ARGS, name)


def explain(name: str, game: CoinGame) -> str:
    """Why quantity ``name`` has its value (its slot must be filled)."""
    q = QUANTITIES[name]
    assert q.explain is not None
    return q.explain(game, NO_ARGS, q(game))


@pytest.mark.parametrize("variant", VARIANTS, ids=["-".join(map(str, v)) for v in VARIANTS])
def test_analyze_text_json_and_explanations_agree(variant: tuple[int, int, str, str]) -> None:
    game = CoinGame(*variant)
    report = analyze_command(game, args_of("analyze"))
    data, text = report.data, report.text
    sol = decide(game.model)
    assert data["winnable"] is sol.solvable and isinstance(data["winnable"], bool)
    assert "undecided" not in text and "**" not in text and "(s)" not in text
    counts = {int(c.replace(",", "")) for c in MOVES.findall(text)}
    explained = explain("shortest_length", game)
    winnable = explain("winnable", game)
    if data["winnable"]:
        length = data["shortest_length"]
        assert length == sol.shortest == QUANTITIES["shortest_length"](game) == data["lower_bound"]
        assert counts <= {length}, text  # every move count written is the one length
        assert text.splitlines()[0].startswith(f"{variant[0]} positions") and "winnable:" in text
        assert "not winnable" not in text
        assert f"{length:,} moves" in explained and winnable.startswith("Yes:")
        reference = PUZZLE.kind("strategy").reference(game, NO_ARGS)
        assert reference is not None
        v = verdict(game, parse_strategy(reference, game.coins, game.sides))
        assert v.correct and v.length == length == v.shortest and "the shortest possible" in v.summary
    else:
        assert data["shortest_length"] is None and counts == set(), text
        assert "not winnable:" in text and "shortest sure win" not in text
        assert explained.startswith("No strategy wins at all") and winnable.startswith("No:")
        assert not any(h.startswith("No: ") for h in hint_data(game, [])["hints"])  # the hints never decide
    for line in [*data["explanation"], *[explain(q, game) for q in TURNING]]:
        assert "**" not in line and "(s)" not in line


def test_a_counterexample_without_turns_does_not_say_the_devil_turns() -> None:
    game = CoinGame(4)
    plain = verdict(game, parse_strategy("0123 02 0123", 4))
    assert not plain.correct and "never turns" in plain.summary and "can turn" not in plain.summary
    moves = [row for row in text_of(plain.detail).splitlines() if row.lstrip().startswith("move ")]  # issue 20: a
    assert moves and all(row.split(":")[1].split()[:2] == ["no", "turn"] for row in moves)  # note may come first
    turned = verdict(game, parse_strategy("0123 02 0123 01 0123 02 0123 0 0123 02 0123 01 0123 02 0123", 4)[1:], )
    assert not turned.correct
    rows = [row for row in text_of(turned.detail).splitlines() if row.lstrip().startswith("move ")]
    if any("turn by" in row for row in rows):
        assert "can turn the table" in turned.summary
    else:
        assert "never turns" in turned.summary


def test_analyze_names_a_ring_that_is_no_field_plainly() -> None:
    report = analyze_command(CoinGame(5, 6), args_of("analyze"))
    line = report.text.splitlines()[2]
    assert line == "x^5 - 1 is not factored (Z/6 is not a field)"
    assert "(K = 6" not in report.text
    assert QUANTITIES["factorization"](CoinGame(3)) == "(x + 1) * (x^2 + x + 1)"


LARGE = [(15, 2, "rotation", "heads"), (16, 2, "rotation", "heads"), (16, 2, "dihedral", "same"),
         (9, 3, "rotation", "heads"), (9, 3, "dihedral", "heads"), (27, 9, "rotation", "same"),
         (64, 2, "dihedral", "heads"), (1000, 2, "rotation", "heads"), (10**6, 2, "rotation", "heads")]


@pytest.mark.parametrize("variant", LARGE, ids=["-".join(map(str, v)) for v in LARGE])
def test_large_tables_are_decided_by_one_text(variant: tuple[int, int, str, str]) -> None:
    """Past enumeration the theorem decides: the text states exactly the JSON's length, or none."""
    game = CoinGame(*variant)
    report = analyze_command(game, args_of("analyze"))
    data, text = report.data, report.text
    assert "undecided" not in text and "**" not in text and "(s)" not in text
    winnable = explain("winnable", game)
    assert winnable.startswith("Yes:" if data["winnable"] else "No:")
    if data["winnable"]:
        length = data["shortest_length"]
        shown = decide(game.model).decision.length
        assert shown is not None and length == shown.json() and shown.text() in text
        assert f"shortest sure win: {shown.text()} moves" in text and "not winnable" not in text
    else:
        assert data["shortest_length"] is None and "shortest sure win" not in text
        assert not MOVES.findall(text) and explain("shortest_length", game).startswith("No strategy wins at all")

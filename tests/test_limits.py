"""Every limit on input: documented in docs/limits.md exactly as the code has it, and each one refuses with one
line naming it (exit 2), before the work it guards."""

from __future__ import annotations

import importlib
import random
import re
from pathlib import Path

import pytest

from tutor import puzzles
from tutor.cli import main
from tutor.limits import LIMITS, Limit
from tutor.puzzles.coins.engine import verify
from tutor.puzzles.coins.rules import model, parse_strategy

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs" / "limits.md").read_text(encoding="utf-8")


def section(title: str) -> list[list[str]]:
    """The rows of the table under ``## title`` in docs/limits.md, as cells."""
    body = DOC.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in body.splitlines() if line.startswith("| ") and not line.startswith("|---")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows[1:]]


def every_limit() -> dict[str, Limit]:
    """The shared limits (``tutor.limits``) and every built-in family's (``Puzzle.limits``), by name."""
    found = dict(LIMITS)
    for family in map(puzzles.get, puzzles.builtin_names()):
        for limit in family.limits:
            assert limit.name not in found, f"two limits are named {limit.name!r}"
            found[limit.name] = limit
    return found


def test_the_limits_table_is_the_code():
    """Exact both ways: every documented limit is declared with that value, unit and meaning, and every declared
    one is documented (a failure shows the rows the table should have)."""
    documented = {cells[0].strip("`"): (cells[1], cells[2]) for cells in section("Input limits")}
    declared = {name: (f"{limit.value:,} {limit.unit}", limit.what) for name, limit in every_limit().items()}
    rows = "\n".join(f"| `{name}` | {value} | {what} |" for name, (value, what) in declared.items()
                     if documented.get(name) != (value, what))
    assert documented == declared, f"docs/limits.md, section Input limits, should have these rows:\n{rows}\n" \
        f"and no rows for {sorted(set(documented) - set(declared))}"
    assert "[docs/limits.md](docs/limits.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_ranges_table_is_every_declared_maximum():
    declared = set()
    for p in map(puzzles.get, puzzles.builtin_names()):
        options = [*p.params, *(o for c in p.commands for o in p.commands[c].options)]
        options += [o for k in p.kinds for o in getattr(p.kinds[k], "args", ())]
        options += [o for q in p.quantities for o in getattr(p.quantities[q], "args", ())]
        options += list(p.play.settings) if p.play else []
        declared |= {(p.name, o.name, f"{o.minimum or 0:,} to {o.maximum:,}") for o in options
                     if o.type is int and o.maximum is not None}
    documented = {(cells[0], cells[1].strip("`"), cells[3]) for cells in section("Parameter and option ranges")}
    assert documented == declared


def test_the_engine_limits_table_is_the_code():
    rows = section("Engine limits")
    assert rows
    for _, _, value, where in rows:
        module, name = where.strip("`").rsplit(".", 1)
        assert f"{getattr(importlib.import_module(module), name):,}" == value, where


def test_a_limit_refuses_with_its_name():
    limit = Limit("widgets", 3, "widgets", "widgets in a test")
    assert limit.check(3, "three") == 3
    with pytest.raises(Exception, match=r"^four widgets: over the limit widgets = 3 widgets \(see docs/limits.md\)"):
        limit.check(4, "four widgets")


BIG = "9" * 5000
DOUBLING = "let A0 = 0123 02\n" + "".join(f"let A{i} = A{i - 1} A{i - 1}\n" for i in range(1, 20)) + "A19 A19 A19 A19"
CASES = {
    "int_digits": ["solve", "wythoff", "--position", f"{BIG},1"],
    "board_cells": ["solve", "lightsout", "--size", "4000x4000"],
    "board_side": ["solve", "lightsout", "--size", "1x200000"],
    "wythoff_upto": ["analyze", "wythoff", "--upto", "30000000"],
    "table_work": ["analyze", "wythoff", "--a", "1000", "--table", "3000"],
    "grundy_work": ["solve", "wythoff", "--position", "1000,1000 + 1,1", "--a", "1000"],
    "wythoff_boards": ["solve", "wythoff", "--position", " + ".join(["1,2"] * 101)],
    "question_tokens": ["check", "gods", "--question", "not " * 2001 + "A is True"],
    "question_depth": ["check", "gods", "--question", "(" * 41 + "A is True" + ")" * 41],
    "strategy_moves": ["check", "coins", DOUBLING],
    "check_work": ["check", "coins", "--coins", "16", " ".join(["-"] * 80_000)],
    "conjecture_bound": ["check", "coins", "--conjecture", "K^N - 1", "--bound", "201"],
    "touch_positions": ["solve", "coins", "--coins", "9", "--touch", "2"],
    "touch_tokens": ["check", "coins", "--touch", "1", "0:H " * 40_000],
    "group_degree": ["analyze", "coins", "--coins", "40", "--group", "(" + " ".join(map(str, range(33))) + ")"],
    "group_order": ["check", "coins", "--coins", "9", "--group", "(0 1 2 3 4 5 6 7 8), (0 1)", "0"],
    "group_work": ["check", "coins", "--coins", "20", "--group", "(0 1 2 3 4 5 6), (0 1)", "0"],
    "id_chars": ["new", "a" * 300, "--puzzle", "coins"],
    "input_bytes": ["check", "coins", "0" * 4_000_001],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_limit_is_one_line_naming_it(name, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    assert main(CASES[name]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert f"over the limit {name} = {every_limit()[name].value:,}" in err and "docs/limits.md" in err


def test_files_and_standard_input_are_capped_and_only_regular_files_are_read(tmp_path, monkeypatch, capsys):
    import io
    import os

    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    big = tmp_path / "big.txt"
    big.write_bytes(b"0 " * 2_000_001)
    assert main(["check", "coins", "--file", str(big)]) == 2
    assert "over the limit input_bytes" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("0 " * 2_000_001))
    assert main(["check", "coins", "-"]) == 2
    assert "standard input has more than 4,000,000 bytes" in capsys.readouterr().err
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        assert main(["check", "coins", "--file", str(path)]) == 2  # and it returns: nothing blocks
        assert "not a regular file" in capsys.readouterr().err


def test_a_tree_deeper_than_the_limit(tmp_path, capsys):
    tree = "".join("  " * i + "ask A: A is True\n" + "  " * i + "ja:\n" for i in range(45)) + "  " * 45 + "?\n"
    path = tmp_path / "deep.txt"
    path.write_text(tree, encoding="utf-8")
    assert main(["check", "gods", "--file", str(path)]) == 2
    assert "over the limit tree_depth = 40" in capsys.readouterr().err


def test_the_workbench_stops_spending_sympy(monkeypatch, capsys):
    monkeypatch.setattr("tutor.puzzles.wythoff.theory.evaluate.SYMPY_DECISIONS",
                        Limit("sympy_decisions", 3, "values of k", "a test"))
    assert main(["check", "wythoff", "--conjecture", "floor(k*phi) + floor(sqrt(2)*sqrt(2)) - 2"]) == 2
    assert "over the limit sympy_decisions = 3" in capsys.readouterr().err
    monkeypatch.undo()
    assert main(["check", "wythoff", "--conjecture", "floor(k*phi) + floor(sqrt(2)*sqrt(2)) - 2", "--bound", "20"]) == 0


def test_past_table_work_the_workbench_uses_the_proven_formula(capsys):
    import json

    assert main(["check", "wythoff", "--a", "1000", "--bound", "5", "--conjecture", "k", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["holds"] and data["source"] == "formula"  # B_5 = 5005: its table would cost 25 billion steps


def test_cached_move_tables_stay_within_their_memory_and_change_no_verdict(monkeypatch):
    """With room for only a few per-move tables, the least recently used are dropped and rebuilt: the
    memory held stays under the limit, and every verdict is the same as with all of them cached."""
    strategy_text = "0123 02 0123 01 0123 02 0123 012 0123 02 0123 01 0123 02 0123"
    wrong = "0123 02 0123 01 0123 02 0123 01 0123 02 0123"
    roomy = [verify(model(4), parse_strategy(t, 4)) for t in (strategy_text, wrong)]
    tiny = Limit("move_table_bytes", 500, "bytes", "a test")
    monkeypatch.setattr("tutor.puzzles.coins.rules.MOVE_TABLE_BYTES", tiny)
    fresh = type(model(4))(4)  # a model of its own, with an empty cache
    tight = [verify(fresh, parse_strategy(t, 4)) for t in (strategy_text, wrong)]
    assert [(v.wins, v.won_by, v.counterexample) for v in tight] == [(v.wins, v.won_by, v.counterexample)
                                                                     for v in roomy]
    assert roomy[0].wins and not roomy[1].wins
    held = sum(t.nbytes for t in fresh._cache["pred"].values())
    assert held == fresh._cache["pred_bytes"] <= 500


def test_let_blocks_count_every_move_they_expand_to():
    text = "let A = 0 1\nlet B = A A A\nB B"
    assert len(parse_strategy(text, 2)) == 12
    long = "let A0 = 0\n" + "".join(f"let A{i} = A{i - 1} A{i - 1}\n" for i in range(1, 21)) + "A20"
    with pytest.raises(Exception, match="over the limit strategy_moves"):
        parse_strategy(long, 2)  # 2^20 moves written, plus 2^20 more in the blocks that make them


def test_large_random_wythoff_ranges_are_drawn_without_listing_them():
    wythoff = puzzles.get("wythoff")
    from tutor.puzzles.wythoff.engine import outcome
    from tutor.puzzles.wythoff.rules import Rules, parse_position

    for want in ("lose", "win", "any"):
        for seed in range(5):
            spec = {"random": want, "max": 10_000, "min": 100}
            text = wythoff.random_param("position", spec, random.Random(seed), {"a": 2})
            pos = parse_position(text)
            assert all(100 <= pile <= 10_000 for pile in pos)
            assert want == "any" or outcome(Rules(a=2), pos) == want


@pytest.mark.parametrize("argv", [
    ["solve", "coins", "--coins", "٣"],
    ["solve", "wythoff", "--position", "٣,٥"],
    ["analyze", "wythoff", "--index", "٣"],
    ["solve", "lightsout", "--size", "٣x٣"],
    ["check", "wythoff", "--position", "3,5", "٠,٢"],
    ["--seed", "٣", "puzzles"],
    ["grade", "--lesson", "coins-2", "--jobs", "٣", "."],
])
def test_unicode_digits_are_refused_everywhere(argv, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    assert main(argv) == 2
    assert re.search(r"whole number|two pile sizes|'F,S'|at column 1 \(expected a number", capsys.readouterr().err)

"""End-to-end runs of ``python -m tutor ... lightsout``: exit codes, JSON shape, one-line errors."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from helpers import run_tutor

from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Rules, apply, dark, pattern_of
from tutor.puzzles.lightsout.rules.notation import parse_board


def tutor(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command run in this process (tests/helpers.py); test_end_to_end.py starts the installed one."""
    return run_tutor(*args, stdin=stdin)


def replay(board_text: str, presses: list[list[int]], **rules: object) -> bytes:
    m, n, board = parse_board(board_text)
    r = Rules(m, n, **rules)  # type: ignore[arg-type]
    return apply(r, board, pattern_of(r, [(a - 1, b - 1) for a, b in presses])) == dark(r)


def test_solve_json_contract_and_replay() -> None:
    board = "XX.X./.X..X/X.XX./...../X...X"
    out = tutor("solve", "lightsout", "--size", "5x5", "--board", board, "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {"solvable": bool, "presses": list, "press_count": int, "minimal": bool, "solutions": int}.items() <= {
        k: type(v) for k, v in data.items()}.items()
    if data["solvable"]:
        assert replay(board, data["presses"]) and data["press_count"] == len(data["presses"])
        assert data["solutions"] == 4
    else:
        assert data["obstruction"] and data["solutions"] == 0


def test_solve_all_on_torus_and_unsolvable() -> None:
    data = json.loads(tutor("solve", "lightsout", "--size", "4x4", "--board", "all-on", "--torus",
                            "--json").stdout)
    assert data["solvable"] and data["torus"]
    assert replay("XXXX/XXXX/XXXX/XXXX", data["presses"], torus=True)
    out = tutor("solve", "lightsout", "--board", "X..../...../...../...../.....", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["solvable"] is False and data["presses"] == []
    text = tutor("solve", "lightsout", "--board", "X..../...../...../...../.....").stdout
    assert "Not solvable" in text and "quiet pattern" in text


def test_sutner_is_the_stated_reason_for_all_on() -> None:
    data = json.loads(tutor("solve", "lightsout", "--size", "6x6", "--json").stdout)
    assert data["theorem"] == "sutner" and "Sutner" in data["reason"] and replay("XXXXXX/" * 5 + "XXXXXX",
                                                                                    data["presses"])
    text = tutor("solve", "lightsout", "--size", "6x6").stdout
    assert "Why: Sutner's theorem" in text
    other = json.loads(tutor("solve", "lightsout", "--board", "XX./.../...", "--json").stdout)
    assert other["theorem"] is None and "even number of lights" in other["reason"]
    hollow = json.loads(tutor("analyze", "lightsout", "--size", "1x1", "--neighbourhood", "hollow", "--json").stdout)
    assert hollow["all_on_solvable"] is False and hollow["all_on_theorem"] is None
    assert "quiet pattern" in hollow["all_on_reason"]
    plus = json.loads(tutor("analyze", "lightsout", "--size", "4x4", "--json").stdout)
    assert plus["all_on_solvable"] is True and plus["all_on_theorem"] == "sutner"


def test_torus_past_elimination_by_the_command_line() -> None:
    out = tutor("analyze", "lightsout", "--size", "100", "--torus", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["method"] == "torus chase"
    assert data["nullity"] == 32 and data["rank"] == 10000 - 32  # OEIS A165738(100)
    assert len(data["quiet_patterns"]) == 16 and data["quiet_patterns_total"] == 32
    q = data["quiet_patterns"][0]
    m, n, pattern = parse_board(q)
    r = Rules(m, n, torus=True)
    assert (m, n) == (100, 100) and any(pattern) and apply(r, dark(r), pattern) == dark(r)
    out = tutor("solve", "lightsout", "--size", "70x80", "--torus", "--board", "random", "--seed", "4", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["solvable"] and data["method"] == "torus chase"
    board = Rules(70, 80, torus=True)
    lights = LightsGame("70x80", "random", True, seed=4).lights
    pressed = pattern_of(board, [(a - 1, b - 1) for a, b in data["presses"]])
    assert apply(board, lights, pressed) == dark(board)


def test_analyze_json_contract() -> None:
    out = tutor("analyze", "lightsout", "--size", "5x5", "--json")
    data = json.loads(out.stdout)
    assert (data["rank"], data["nullity"], data["solvable_boards"]) == (23, 2, 2**23)
    assert len(data["quiet_patterns"]) == 2 and all(isinstance(q, str) for q in data["quiet_patterns"])
    assert data["polynomial_nullity"] == 2
    sym = json.loads(tutor("analyze", "lightsout", "--size", "2x3", "--symbolic", "--json").stdout)
    mat, null = sym["symbolic"]["matrix"], sym["symbolic"]["null_space"]
    assert len(mat) == 6 and len(null) == sym["nullity"] == 2
    assert all(sum(a * b for a, b in zip(row, v, strict=True)) % 2 == 0 for row in mat for v in null)
    text = tutor("analyze", "lightsout", "--size", "3x2", "--symbolic").stdout
    assert "rref(A) over GF(2)" in text and "gcd" in text


def test_check_exit_codes(tmp_path: Path) -> None:
    board = "X.X/.X./X.X"
    good = tutor("check", "lightsout", "--size", "3x3", "--board", board, "a1 b1 c1 a2 b2 c2 a3 b3 c3")
    assert good.returncode == 0 and good.stdout.startswith("correct")
    bad = tutor("check", "lightsout", "--size", "3x3", "--board", board, "a1 b2", "--json")
    assert bad.returncode == 1
    data = json.loads(bad.stdout)
    assert data["correct"] is False and data["result"] == "..X/..X/XXX"
    path = tmp_path / "presses.txt"
    path.write_text("XXX\nXXX\nXXX\n")
    assert tutor("check", "lightsout", "--board", board, "--file", str(path)).returncode == 0
    assert tutor("check", "lightsout", "--board", board, f"@{path}").returncode == 0
    assert tutor("check", "lightsout", "--board", board, "-", stdin="1,1 1,2").returncode == 1
    missing = tutor("check", "lightsout", "--board", board)
    assert missing.returncode == 2 and "no answer given" in missing.stderr


def test_board_from_file_and_stdin(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text("X.X\n.X.\nX.X\n")
    a = json.loads(tutor("solve", "lightsout", "--board", f"@{path}", "--json").stdout)
    b = json.loads(tutor("solve", "lightsout", "--board", "-", "--json", stdin="X.X/.X./X.X").stdout)
    assert a == b and a["press_count"] == 9


def test_hint_and_random() -> None:
    out = tutor("hint", "lightsout", "--size", "5x5", "--board", "random", "--seed", "3", "--json")
    data = json.loads(out.stdout)
    assert out.returncode == 0 and data["solvable"] and len(data["hints"]) == 3
    after = json.loads(tutor("hint", "lightsout", "--board", "X.X/.X./X.X", "-", "--json", stdin="a1 c1").stdout)
    assert after["board"] == ".../XXX/X.X" and after["lit"] == 5


def test_flags_belong_to_their_commands() -> None:
    """Question arguments are not puzzle parameters, and a command's options are its own."""
    assert tutor("solve", "lightsout", "--steps", "--grid", "--no-minimal").returncode == 0
    assert tutor("analyze", "lightsout", "--symbolic", "--limit", "1", "--size", "3x3").returncode == 0
    assert tutor("check", "lightsout", "--minimal", "a1", "--size", "1x1").returncode == 0
    for args in (["solve", "lightsout", "--row", "2"], ["solve", "lightsout", "--minimal"],
                 ["analyze", "lightsout", "--steps"], ["check", "lightsout", "--symbolic", "a1"],
                 ["hint", "lightsout", "--grid"]):
        out = tutor(*args)
        assert out.returncode == 2 and "unrecognized arguments" in out.stderr, args


@pytest.mark.parametrize(("args", "needle"), [
    (["solve", "lightsout", "--board", "X.X/.X"], "ragged"),
    (["solve", "lightsout", "--size", "4x4", "--board", "X.X/.X./X.X"], "is 3x3, but the size is 4x4"),
    (["solve", "lightsout", "--board", "X?X"], "unknown character '?'"),
    (["solve", "lightsout", "--size", "5y5"], "'5y5'"),
    (["solve", "lightsout", "--board", "@/no/such/file"], "/no/such/file"),
    (["check", "lightsout", "--board", "X.X/.X./X.X", "q9"], "'q9'"),
    (["solve", "lightsout", "--states", "4"], "prime"),
    (["analyze", "lightsout", "--size", "1001x1000", "--torus"], "board_cells = 1,000,000 cells"),
    (["analyze", "lightsout", "--size", "70", "--torus", "--neighbourhood", "ring"], "4900 cells"),
])
def test_bad_input_is_one_line_exit_2(args: list[str], needle: str) -> None:
    out = tutor(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "Traceback" not in out.stderr


def test_analyze_symbolic_json_on_a_variant() -> None:
    out = tutor("analyze", "lightsout", "--size", "3x3", "--states", "3", "--torus", "--symbolic", "--json")
    data = json.loads(out.stdout)["symbolic"]
    mat, null = data["matrix"], data["null_space"]
    assert len(null) == 9 - len(data["pivots"]) == json.loads(out.stdout)["nullity"]
    assert all([sum(a * b for a, b in zip(row, v, strict=True)) % 3 for row in mat] == [0] * 9 for v in null)
    refused = tutor("analyze", "lightsout", "--size", "21x20", "--states", "7", "--symbolic")
    assert refused.returncode == 2 and "400 cells" in refused.stderr


def test_analyze_lists_quiet_patterns_up_to_a_cell_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    from tutor.puzzles.lightsout import cli
    from tutor.puzzles.options import Args

    game = LightsGame("4x4")  # nullity 4
    monkeypatch.setattr(cli, "MAX_SHOWN_CELLS", 32)  # two 4x4 boards
    data = cli.analyze(game, Args({"symbolic": False, "limit": 100})).data
    assert len(data["quiet_patterns"]) == 2 and data["quiet_patterns_total"] == 4
    assert len(cli.analyze(game, Args({"symbolic": False, "limit": 1})).data["quiet_patterns"]) == 1

"""End-to-end runs of the installed ``tutor`` command for wythoff: exit codes, JSON, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import run_tutor


def tutor(*args: str) -> subprocess.CompletedProcess[str]:
    """The command run in this process (tests/helpers.py); test_end_to_end.py starts the installed one."""
    return run_tutor(*args)


def test_solve_json_contract() -> None:
    out = tutor("solve", "wythoff", "--position", "3,7", "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["outcome"] == "win"
    assert data["winning_moves"] == [[0, 2]]
    assert isinstance(data["remoteness"], int) and data["remoteness"] == 5
    losing = json.loads(tutor("solve", "wythoff", "--position", "8,13", "--json").stdout)
    assert losing["outcome"] == "lose" and losing["winning_moves"] == [] and losing["remoteness"] == 10


def test_analyze_count_and_index() -> None:
    data = json.loads(tutor("analyze", "wythoff", "--count", "6", "--json").stdout)
    assert data["p_positions"] == [[0, 0], [1, 2], [3, 5], [4, 7], [6, 10], [8, 13]]
    k = "1" + "0" * 99
    data = json.loads(tutor("analyze", "wythoff", "--index", k, "--json").stdout)
    a, b = data["p_position"]
    assert b - a == int(k) and str(a).startswith("16180339887498948482045868343656381177203091798057628621")


def test_check_move_exit_codes() -> None:
    good = tutor("check", "wythoff", "--position", "3,7", "0,2")
    assert good.returncode == 0 and "wins" in good.stdout
    bad = tutor("check", "wythoff", "--position", "3,7", "1,1", "--json")
    assert bad.returncode == 1
    data = json.loads(bad.stdout)
    assert data["winning"] is False and data["winning_moves"] == [[0, 2]]


@pytest.mark.parametrize("args, quoted", [
    (["check", "wythoff", "--position", "3,7", "0,0"], "'0,0'"),
    (["check", "wythoff", "--position", "3,7", "0,9"], "'0,9'"),
    (["check", "wythoff", "--position", "3,7", "2,1"], "'2,1'"),
    (["check", "wythoff", "--position=-3,7", "0,1"], "'-3,7'"),
    (["solve", "wythoff", "--position", "three,7"], "'three,7'"),
    (["check", "wythoff", "--conjecture", "floor(k*phi"], "'floor(k*phi'"),
    (["check", "wythoff", "--conjecture", "__import__('os').system('echo hi')"], "__import__"),
    (["solve", "wythoff"], "--position"),
])
def test_bad_input_is_one_line_exit_2(args: list[str], quoted: str) -> None:
    out = tutor(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and quoted in lines[0] and "Traceback" not in out.stderr


def test_conjecture_workbench() -> None:
    out = tutor("check", "wythoff", "--conjecture", "floor(k*1.618)", "--json")
    assert out.returncode == 1
    data = json.loads(out.stdout)
    assert data["holds"] is False and data["counterexample"]["k"] == 233
    out = tutor("check", "wythoff", "--conjecture", "floor(k*(1+sqrt(5))/2)", "--bound", "300", "--json")
    assert out.returncode == 0
    data = json.loads(out.stdout)
    assert data["holds"] and data["proved"] and data["checked_up_to"] == 300


def test_variants_and_splits() -> None:
    data = json.loads(tutor("analyze", "wythoff", "--count", "3", "--misere", "--json").stdout)
    assert data["p_positions"] == [[0, 1], [2, 2], [3, 5]]
    data = json.loads(tutor("analyze", "wythoff", "--count", "3", "--a", "2", "--json").stdout)
    assert data["p_positions"] == [[0, 0], [1, 3], [2, 6]]
    data = json.loads(tutor("analyze", "wythoff", "--splits", "--min-total", "20", "--max-total", "30",
                            "--json").stdout)
    assert data["losing_splits"] == [[8, 13], [9, 15], [11, 18]]
    data = json.loads(tutor("analyze", "wythoff", "--table", "300", "--json").stdout)
    assert data["table"]["agrees"] is True
    data = json.loads(tutor("solve", "wythoff", "--position", "1,2 + 3,3", "--json").stdout)
    assert data["grundy"] == [0, 6] and data["outcome"] == "win"


def test_analysis_and_hints() -> None:
    data = json.loads(tutor("analyze", "wythoff", "--json").stdout)
    assert data["analysis"] and all(step["verified"] for step in data["analysis"])
    out = tutor("hint", "wythoff", "--position", "3,7")
    assert out.returncode == 0 and "Take 2 from the second pile" in out.stdout


@pytest.mark.parametrize("args, flag", [
    (["solve", "wythoff", "--position", "3,5", "--bound", "5"], "--bound"),
    (["solve", "wythoff", "--position", "3,5", "--index", "5"], "--index"),
    (["check", "wythoff", "--position", "3,5", "--count", "3", "1,1"], "--count"),
    (["hint", "wythoff", "--position", "3,5", "--blunder", "10"], "--blunder"),
    (["analyze", "wythoff", "--bound", "10"], "--bound"),
    (["analyze", "wythoff", "--first", "computer"], "--first"),
])
def test_a_flag_belongs_to_the_commands_that_use_it(args: list[str], flag: str) -> None:
    out = tutor(*args)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and flag in lines[0] and "Traceback" not in out.stderr


def test_documented_examples() -> None:
    """The examples of docs/wythoff.md and README.md, with the output they show."""
    out = tutor("analyze", "wythoff", "--splits", "--min-total", "20", "--max-total", "30")
    assert out.returncode == 0
    assert out.stdout == "Losing splits with 20 to 30 pennies: (8, 13), (9, 15), (11, 18)\n"
    data = json.loads(tutor("analyze", "wythoff", "--index", "1000000000", "--json").stdout)
    assert data == {"rules": {"a": 1, "misere": False}, "p_position": [1618033988, 2618033988]}
    data = json.loads(tutor("solve", "wythoff", "--position", "3,7", "--json").stdout)
    assert data == {"position": [3, 7], "outcome": "win", "winning_moves": [[0, 2]], "remoteness": 5,
                    "best_move": [0, 2], "p_index": None, "rules": {"a": 1, "misere": False}}
    data = json.loads(tutor("solve", "wythoff", "--position", "3,5 + 4,6", "--json").stdout)
    assert data == {"boards": [[3, 5], [4, 6]], "grundy": [0, 9], "nim_sum": 9, "outcome": "win",
                    "winning_moves": [[2, 1, 1]], "remoteness": None, "rules": {"a": 1, "misere": False},
                    "winning_moves_complete": True, "by_formula": []}
    bad = tutor("check", "wythoff", "--position", "3,7", "1,1", "--json")
    assert bad.returncode == 1
    data = json.loads(bad.stdout)
    assert data["summary"].startswith("1,1 does not win: ")
    assert {k: data[k] for k in ("correct", "position", "move", "result", "winning", "outcome", "winning_moves")} == {
        "correct": False, "position": [3, 7], "move": [1, 1], "result": [2, 6], "winning": False, "outcome": "win",
        "winning_moves": [[0, 2]]}
    data = json.loads(tutor("check", "wythoff", "--conjecture", "floor(k*1.618)", "--json").stdout)
    assert data["summary"] == "A_k = floor(k*1.618) fails first at k = 233"
    assert data["counterexample"] == {"k": 233, "pile": "A", "expected": [377, 610], "got": "376"}
    assert (data["checked_up_to"], data["source"], data["proved"], data["proof_needs"]) == (1000, "table", False, [])
    ten = json.loads(tutor("analyze", "wythoff", "--a", "3", "--count", "10", "--json").stdout)
    assert len(ten["p_positions"]) == 10 and ten["rules"] == {"a": 3, "misere": False}
    hints = json.loads(tutor("hint", "wythoff", "--conjecture", "floor(k)", "--json").stdout)["hints"]
    assert len(hints) == 4 and "(1 + sqrt(5))/2" in hints[-1]


def test_answers_from_standard_input_and_files(tmp_path: Path) -> None:
    move = tmp_path / "move.txt"
    move.write_text("0,2\n", encoding="utf-8")
    out = tutor("check", "wythoff", "--position", "3,7", "--file", str(move))
    assert out.returncode == 0 and out.stdout.startswith("0,2 wins")
    out = tutor("check", "wythoff", "--position", "3,7", f"@{move}")
    assert out.returncode == 0
    piped = subprocess.run([sys.executable, "-m", "tutor", "check", "wythoff", "--position", "3,7", "-"],
                           input="1,1", capture_output=True, text=True, timeout=120)
    assert piped.returncode == 1 and piped.stdout.startswith("1,1 does not win")
    missing = tutor("check", "wythoff", "--position", "3,7")
    assert missing.returncode == 2 and "no answer given" in missing.stderr

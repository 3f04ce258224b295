"""End-to-end runs of the installed ``tutor`` command for wythoff: exit codes, JSON, one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def tutor(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, timeout=120)


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

"""``--pass`` on the command line: JSON keys, exit codes and one-line errors, each answer checked by brute force.

The brute force is ``test_wythoff_pass._mover_wins``, a memoised game search written from the rules alone.
"""

from __future__ import annotations

import json

import pytest
from helpers import run_tutor
from test_wythoff_pass import _mover_wins

PASS_KEYS = {"a": 1, "misere": False, "pass": True, "pass_at_end": False}


def tutor_json(*args: str) -> tuple[int, dict]:
    out = run_tutor(*args, "--json")
    return out.returncode, json.loads(out.stdout)


def _after(x: int, y: int, move: list[int] | str) -> tuple[int, int, int]:
    return (x, y, 0) if move == "pass" else (x - move[0], y - move[1], 1)


@pytest.mark.parametrize("x", range(0, 13, 3))
def test_solve_agrees_with_the_game_search(x: int) -> None:
    for y in range(13):
        code, data = tutor_json("solve", "wythoff", "--pass", "--position", f"{x},{y}")
        assert code == 0 and data["rules"] == PASS_KEYS and data["passes"] == 1
        assert data["outcome"] == ("win" if _mover_wins(x, y, 1) else "lose"), (x, y)
        assert all(not _mover_wins(*_after(x, y, m)) for m in data["winning_moves"])
        assert (data["p_index"] is None) == _mover_wins(x, y, 1)
        assert data["best_move"] == (data["winning_moves"][0] if data["winning_moves"] else None)


def test_pass_is_a_winning_move_where_plain_wythoff_loses() -> None:
    _, data = tutor_json("solve", "wythoff", "--pass", "--position", "3,5")
    assert data["winning_moves"][0] == "pass" and not _mover_wins(3, 5, 0)
    _, at_end = tutor_json("solve", "wythoff", "--pass", "--pass-at-end", "--position", "0,0")
    assert at_end["winning_moves"] == ["pass"] and at_end["rules"]["pass_at_end"] is True


def test_check_a_move_a_pass_and_a_claim() -> None:
    code, data = tutor_json("check", "wythoff", "--pass", "--position", "1,2", "pass")
    assert code == 0 and data["correct"] and data["move"] == "pass" and data["passes_left"] == 0
    code, data = tutor_json("check", "wythoff", "--pass", "--position", "1,2", "0,1")
    assert code == 1 and data["result"] == [1, 1] and data["winning_moves"] == ["pass"]
    assert _mover_wins(1, 1, 1)  # the reason 0,1 is wrong: it hands over a win
    code, data = tutor_json("check", "wythoff", "--pass", "--position", "6,7", "lose")
    assert code == 0 and data["claim"] == "lose" and not _mover_wins(6, 7, 1)
    code, data = tutor_json("check", "wythoff", "--pass", "--position", "6,8", "it's a loss")
    assert code == 1 and data["outcome"] == "win" and _mover_wins(6, 8, 1)
    code, data = tutor_json("check", "wythoff", "--pass", "--position", "6,8", "take 5 from both piles")
    assert code == 0 and data["move"] == [5, 5] and not _mover_wins(1, 3, 1)


def test_analyze_lists_the_losing_pairs_of_the_search() -> None:
    code, data = tutor_json("analyze", "wythoff", "--pass", "--upto", "30")
    losing = [[x, y] for x in range(31) for y in range(x, 31) if not _mover_wins(x, y, 1)]
    assert code == 0 and data["upto"] == 30 and data["p_positions_upto"] == losing
    _, data = tutor_json("analyze", "wythoff", "--pass", "--count", "5", "--index", "4")
    assert data["p_positions"] == losing[:5] and data["p_position"] == losing[4]
    _, data = tutor_json("analyze", "wythoff", "--pass")
    assert len(data["p_positions"]) == 20 and any("not proven" in line for line in data["observed"])


def test_conjecture_workbench_for_the_pass_game() -> None:
    losing = [(x, y) for x in range(30) for y in range(x, 60) if not _mover_wins(x, y, 1)]
    code, data = tutor_json("check", "wythoff", "--pass", "--conjecture", "k", "--bound", "2")
    assert code == 0 and data["holds"] and data["proved"] is False and data["proof_needs"]
    assert [x for x, _ in losing[:3]] == [0, 1, 2]  # k holds up to 2 ...
    code, data = tutor_json("check", "wythoff", "--pass", "--conjecture", "k", "--bound", "10")
    assert code == 1 and data["counterexample"]["k"] == 3 and data["source"] == "sieve"
    assert data["counterexample"]["expected"] == list(losing[3])  # ... and fails at 3
    code, data = tutor_json("check", "wythoff", "--pass", "--conjecture", "floor(k*phi), floor(k*phi) + k")
    assert code == 1 and data["counterexample"]["k"] == 1 and data["counterexample"]["expected"] == [1, 3]


def test_hints() -> None:
    code, data = tutor_json("hint", "wythoff", "--pass", "--position", "4,7")
    assert code == 0 and len(data["hints"]) == 3 and "pass" in data["hints"][2] and not _mover_wins(4, 7, 0)
    _, data = tutor_json("hint", "wythoff", "--pass", "--position", "6,7")
    assert len(data["hints"]) == 2 and "no move wins" in data["hints"][1]


@pytest.mark.parametrize("args, quoted", [
    (["solve", "wythoff", "--pass", "--position", "1,2 + 3,4"], "'1,2 + 3,4'"),
    (["solve", "wythoff", "--pass", "--misere", "--position", "1,2"], "--misere"),
    (["solve", "wythoff", "--pass", "--a", "2", "--position", "1,2"], "--a"),
    (["solve", "wythoff", "--pass", "--position", "1,2000000"], "wythoff_pass_upto"),
    (["solve", "wythoff", "--pass-at-end", "--position", "1,2"], "--pass"),
    (["check", "wythoff", "--pass", "--position", "0,0", "pass"], "'pass'"),
    (["check", "wythoff", "--pass", "--position", "3,5", "passs"], "'passs'"),
    (["check", "wythoff", "--pass", "--position", "3,5", "0,0"], "'0,0'"),
    (["analyze", "wythoff", "--pass", "--plot"], "--plot"),
    (["analyze", "wythoff", "--pass", "--index", "9" * 30], "wythoff_pass_upto"),
    (["check", "wythoff", "--pass", "--conjecture", "floor(k*phi"], "'floor(k*phi'"),
])
def test_bad_input_is_one_line_exit_2(args: list[str], quoted: str) -> None:
    out = run_tutor(*args)
    lines = out.stderr.strip().splitlines()
    assert out.returncode == 2 and len(lines) == 1 and quoted in lines[0] and "Traceback" not in out.stderr

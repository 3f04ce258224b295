"""Where Wythoff's search ends and theorems take over, each checked a second way.

* misère a-Wythoff (a >= 2) by Fraenkel's closed form, against two exhaustive
  searches that use only the move rules (the full table and the row scan), for
  piles up to 10^5 and a = 2..6, and against the mex recurrence;
* sums of boards: every winning move found (lowering or raising a board's
  Grundy value), checked against the nim-sum of every legal move; losing
  boards of any size decided by the formula;
* the pair conjecture proved when both of its halves are.
"""

from __future__ import annotations

import json
import subprocess
from functools import reduce
from operator import xor

import pytest
import sympy
from helpers import run_tutor

from tutor.errors import InvalidParams
from tutor.puzzles.wythoff.engine import (
    grundy_value,
    is_losing,
    losing,
    nim_sum,
    p_index,
    p_position,
    p_positions_upto,
    sum_winning_moves,
)
from tutor.puzzles.wythoff.engine.table import grundy_table, scan_p_positions, table_p_positions
from tutor.puzzles.wythoff.rules import Rules, legal_moves
from tutor.puzzles.wythoff.rules.formula import parse_conjecture
from tutor.puzzles.wythoff.theory.conjecture import check_conjecture

HUGE = (1618033988, 2618033988)  # losing pair number 10^9 of Wythoff's game


def tutor(*args: str) -> subprocess.CompletedProcess[str]:
    """The command run in this process (tests/helpers.py); test_end_to_end.py starts the installed one."""
    return run_tutor(*args)


def mex_pairs(a: int, count: int) -> list[tuple[int, int]]:
    """Misère a-Wythoff by its recurrence: (0, 1), then A_k = the least unused number, B_k = A_k + ak + 1."""
    used = {0, 1}
    pairs = [(0, 1)]
    candidate = 2
    for k in range(1, count):
        while candidate in used:
            candidate += 1
        pairs.append((candidate, candidate + a * k + 1))
        used.update(pairs[-1])
    return pairs


@pytest.mark.parametrize("a", range(2, 7))
def test_misere_closed_form_equals_the_exhaustive_scan_up_to_10_5(a: int) -> None:
    rules = Rules(a, misere=True)
    scanned = scan_p_positions(rules, 100_000)
    assert scanned == p_positions_upto(rules, 100_000)
    assert scanned[:3] == [(0, 1), (2, a + 3), (3, 2 * a + 4)]
    assert [p_position(rules, k) for k in range(2000)] == mex_pairs(a, 2000)


@pytest.mark.parametrize("a", range(1, 7))
def test_the_row_scan_equals_the_full_table(a: int) -> None:
    for misere in (False, True):
        rules = Rules(a, misere)
        assert scan_p_positions(rules, 1500) == table_p_positions(rules, 1500)


@pytest.mark.parametrize("a", range(2, 7))
def test_misere_index_of_every_pile(a: int) -> None:
    rules = Rules(a, misere=True)
    owner: dict[int, int] = {}
    for k, (x, y) in enumerate(mex_pairs(a, 3000)):
        owner[x] = owner[y] = k
    for n in range(p_position(rules, 2999)[0]):
        assert p_index(rules, n) == owner[n], n


def test_misere_hundred_digit_index_is_exact() -> None:
    for a in (2, 3, 7):
        rules = Rules(a, misere=True)
        alpha = (2 - a + sympy.sqrt(a * a + 4)) / 2
        for k in (10**99 + 12345, 3 * 10**100 + 1):
            first, second = p_position(rules, k)
            assert first == int(sympy.floor(k * alpha + 1 / alpha))  # sympy's own exact floor
            assert second == first + a * k + 1
            assert p_index(rules, first) == p_index(rules, second) == k
            assert is_losing(rules, (second, first)) and not is_losing(rules, (first, second + 1))


def test_misere_index_past_the_old_cap_by_the_command_line() -> None:
    out = tutor("analyze", "wythoff", "--misere", "--a", "2", "--index", "499985", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["p_position"] == list(mex_pairs(2, 499986)[-1]) == [707086, 1707057]
    k = 10**99 + 7
    data = json.loads(tutor("analyze", "wythoff", "--misere", "--a", "3", "--index", str(k), "--json").stdout)
    assert data["p_position"] == list(p_position(Rules(3, misere=True), k)) and len(str(k)) == 100
    table = json.loads(tutor("analyze", "wythoff", "--misere", "--a", "4", "--table", "100000", "--json").stdout)
    assert table["table"] == {"piles_up_to": 100000, "losing_positions": 19099, "agrees": True, "method": "row scan"}
    refused = tutor("analyze", "wythoff", "--table", "1000001")
    assert refused.returncode == 2 and "not 1000001" in refused.stderr and len(refused.stderr.splitlines()) == 1


@pytest.mark.parametrize("a", [1, 2])
def test_sum_winning_moves_are_every_move_to_nim_sum_zero(a: int) -> None:
    rules = Rules(a)
    table = grundy_table(a, 8, 8)
    for boards in [((x1, y1), (x2, y2)) for x1 in range(6) for y1 in range(6) for x2 in range(6) for y2 in range(6)]:
        expected = set()
        for i, (x, y) in enumerate(boards):
            for f, s in legal_moves(rules, (x, y)):
                after = [table[u][v] for u, v in boards]
                after[i] = table[x - f][y - s]
                if reduce(xor, after) == 0:
                    expected.add((i, (f, s)))
        assert set(sum_winning_moves(rules, boards)) == expected, boards
    assert (1, (4, 4)) in sum_winning_moves(Rules(), ((7, 7), (7, 6)))  # raises board 2's value from 3 to 6


def test_losing_boards_of_any_size_have_grundy_value_zero() -> None:
    for a in (1, 2):
        rules = Rules(a)
        table = grundy_table(a, 200, 200)
        zeros = {(x, y) for x in range(201) for y in range(x, 201) if table[x][y] == 0}
        assert zeros == set(p_positions_upto(rules, 200))
        assert all(grundy_value(rules, (x, y)) == table[x][y] for x, y in [(0, 0), (8, 13), (13, 8), (7, 9),
                                                                           (50, 3), (120, 77)])
    assert grundy_value(Rules(), HUGE) == 0 and grundy_value(Rules(), (HUGE[0] + 1, HUGE[1])) is None
    small = ((1, 3), (2, 2))
    assert nim_sum(Rules(), (HUGE, *small)) == nim_sum(Rules(), small) == 5
    assert losing(Rules(), (HUGE, (1, 2))) and not losing(Rules(), (HUGE, (1, 3)))
    assert sum_winning_moves(Rules(), (HUGE, (1, 3))) == [(1, (0, 1))]
    with pytest.raises(InvalidParams, match=r"board 1 of '1618033989,2618033988 \+ 1,2'.*not a losing position"):
        nim_sum(Rules(), ((HUGE[0] + 1, HUGE[1]), (1, 2)))


def test_sums_with_large_losing_boards_by_the_command_line() -> None:
    data = json.loads(tutor("solve", "wythoff", "--position", "1618033988,2618033988 + 1,2", "--json").stdout)
    assert (data["outcome"], data["grundy"], data["nim_sum"], data["winning_moves"]) == ("lose", [0, 0], 0, [])
    assert data["by_formula"] == [1] and data["winning_moves_complete"] is True
    out = tutor("solve", "wythoff", "--position", "1618033988,2618033988 + 1,3")
    assert out.returncode == 0 and "losing pair number 1000000000" in out.stdout and "not listed" in out.stdout
    data = json.loads(tutor("solve", "wythoff", "--position", "1618033988,2618033988 + 1,3", "--json").stdout)
    assert data["winning_moves"] == [[2, 0, 1]] and data["winning_moves_complete"] is False
    good = tutor("check", "wythoff", "--position", "1618033988,2618033988 + 1,3", "2: 0,1")
    assert good.returncode == 0
    for args in (["solve", "wythoff", "--position", "1618033989,2618033988 + 1,2"],
                 ["check", "wythoff", "--position", "1618033988,2618033988 + 1,3", "1: 1,0"]):
        out = tutor(*args)
        lines = out.stderr.strip().splitlines()
        assert out.returncode == 2 and len(lines) == 1 and "Traceback" not in out.stderr
        assert "1618033989,2618033988" in lines[0] or "'1: 1,0'" in lines[0]


def test_a_pair_is_proved_when_both_halves_are() -> None:
    def proved(rules: Rules, text: str) -> bool:
        result = check_conjecture(rules, parse_conjecture(text), 300)
        assert result.holds, text
        return result.proved

    assert proved(Rules(), "floor(k*phi), floor(k*phi) + k")
    assert proved(Rules(), "B_k = floor(k*phi) + k") and proved(Rules(), "B_k = k + floor(k*(1 + sqrt(5))/2)")
    assert proved(Rules(2), "floor(k*sqrt(2)), floor(k*sqrt(2)) + 2k")
    assert proved(Rules(3), "B_k = floor(k*(sqrt(13) - 1)/2) + 3k")
    # true as far as the table goes, but not the proven formula: no proof claimed
    assert not proved(Rules(), "floor(k*phi) + floor(k/100000)")
    assert not proved(Rules(), "floor(k*phi), floor(k*phi) + k + floor(k/100000)")
    assert not proved(Rules(misere=True, a=2), "floor(k*sqrt(2) + 1/sqrt(2))")  # Fraenkel's, not our proof
    data = json.loads(tutor("check", "wythoff", "--conjecture", "floor(k*phi), floor(k*phi) + k", "--json").stdout)
    assert data["holds"] is True and data["proved"] is True

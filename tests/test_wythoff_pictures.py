"""``tutor analyze wythoff --plot`` and ``--grundy-map``: the pictures' text forms, checked against the plain rules.

Losing positions are checked by brute force over the move rules and Grundy values by
mex recursion, both written here without the engine; the picture's rows must agree
with the JSON, plain mode has no escape codes, and bad sizes give one line and exit 2.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from functools import cache

import pytest

from tutor.cli import main
from tutor.puzzles.wythoff.teach.pictures import PICTURE_MAX, PICTURE_UPTO, SYMBOLS

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
VARIANTS = [(1, False), (1, True), (2, False), (3, True)]


def moves(a: int, x: int, y: int) -> list[tuple[int, int]]:
    """Every position one move of a-Wythoff reaches from (x, y): one pile, or both with amounts differing by < a."""
    reach = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
    reach += [(x - f, y - s) for f in range(1, x + 1) for s in range(1, y + 1) if abs(f - s) < a]
    return reach


@cache
def loses(a: int, misere: bool, x: int, y: int) -> bool:
    """Brute force: the player to move loses when every move reaches a position where the other player loses."""
    if x == y == 0:
        return not misere  # normal play: no move, the mover lost; misère: the opponent took the last penny
    return all(not loses(a, misere, *p) for p in moves(a, x, y))


@cache
def grundy(a: int, misere: bool, x: int, y: int) -> int:
    """Mex recursion; misère (0, 0) counts 1 (the player to move has already won)."""
    if x == y == 0:
        return 1 if misere else 0
    seen = {grundy(a, misere, *p) for p in moves(a, x, y)}
    return next(g for g in range(len(seen) + 1) if g not in seen)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyze", "wythoff", *args])
    out, err = capsys.readouterr()
    return code, out, err


def params(a: int, misere: bool) -> list[str]:
    return ["--a", str(a)] + (["--misere"] if misere else [])


def grid(text: str, n: int) -> dict[tuple[int, int], str]:
    """The picture's cells, read back from its rows: row label y, then one character every 2 columns for x."""
    rows = [line for line in text.splitlines() if re.match(rf"^ *\d+ \S( \S){{{n}}}$", line)]
    assert len(rows) == n + 1, text
    cells = {}
    for line in rows:
        label, body = line.lstrip().split(" ", 1)
        for x, char in enumerate(body[::2]):
            cells[x, int(label)] = char
    assert [int(line.split()[0]) for line in rows] == list(range(n, -1, -1))  # top row is the largest pile
    return cells


PLOT_10 = """\
Losing positions of Wythoff, piles up to 10:
10 . . . . . . # . . . .
 9 . . . . . . . . . . .
 8 . . . . . . . . . . .
 7 . . . . # . . . . . .
 6 . . . . . . . . . . #
 5 . . . # . . . . . . .
 4 . . . . . . . # . . .
 3 . . . . . # . . . . .
 2 . # . . . . . . . . .
 1 . . # . . . . . . . .
 0 # . . . . . . . . . .
   0         5         10
# losing for the player to move, . winning.
First pile across, second pile up.
"""

GRUNDY_6 = """\
Grundy values of Wythoff, piles up to 6:
6 6 7 8 1 9 a 3
5 5 3 4 0 6 8 a
4 4 5 3 2 7 6 9
3 3 4 5 6 2 0 1
2 2 0 1 5 3 4 8
1 1 2 0 4 5 3 7
0 0 1 2 3 4 5 6
  0         5
Values: 0-9 are 0 to 9, a-z are 10 to 35, A-Z are 36 to 61.
0 marks the losing positions. First pile across, second pile up.
"""


def test_plot_text_pinned(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--plot", "--upto", "10")
    assert code == 0 and err == ""
    assert out.endswith(PLOT_10)
    assert out.startswith("5 losing positions with piles up to 10: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10)\n")
    cells = grid(PLOT_10, 10)
    assert {c for c, ch in cells.items() if ch == "#"} == {(x, y) for x in range(11) for y in range(11)
                                                            if loses(1, False, x, y)}


def test_grundy_map_text_pinned(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--grundy-map", "--upto", "6")
    assert code == 0 and out.endswith(GRUNDY_6)
    cells = grid(GRUNDY_6, 6)
    assert all(SYMBOLS.index(ch) == grundy(1, False, x, y) for (x, y), ch in cells.items())


@pytest.mark.parametrize(("a", "misere"), VARIANTS)
def test_plot_agrees_with_brute_force_and_json(capsys: pytest.CaptureFixture[str], a: int, misere: bool) -> None:
    n = 14
    _, text, _ = run(capsys, "--plot", "--upto", str(n), *params(a, misere))
    code, out, _ = run(capsys, "--plot", "--upto", str(n), *params(a, misere), "--json")
    data = json.loads(out)
    assert code == 0 and data["plot"]["upto"] == n and data["rules"] == {"a": a, "misere": misere}
    brute = sorted([x, y] for x in range(n + 1) for y in range(n + 1) if loses(a, misere, x, y))
    assert data["plot"]["losing_positions"] == brute
    cells = grid(text, n)
    assert sorted([x, y] for (x, y), ch in cells.items() if ch == "#") == brute
    assert set(cells.values()) == {"#", "."}


@pytest.mark.parametrize(("a", "misere"), VARIANTS)
def test_grundy_map_agrees_with_mex_and_json(capsys: pytest.CaptureFixture[str], a: int, misere: bool) -> None:
    n = 12
    _, text, _ = run(capsys, "--grundy-map", "--upto", str(n), *params(a, misere))
    code, out, _ = run(capsys, "--grundy-map", "--upto", str(n), *params(a, misere), "--json")
    values = json.loads(out)["grundy_map"]["values"]
    assert code == 0 and json.loads(out)["grundy_map"]["upto"] == n
    assert values == [[grundy(a, misere, x, y) for y in range(n + 1)] for x in range(n + 1)]
    cells = grid(text, n)
    assert all(SYMBOLS.index(cells[x, y]) == values[x][y] for x in range(n + 1) for y in range(n + 1))
    # 0 marks exactly the losing positions, misère included
    assert all((values[x][y] == 0) == loses(a, misere, x, y) for x in range(n + 1) for y in range(n + 1))
    assert ("Misère" in text) == misere


def test_both_pictures_and_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--plot", "--grundy-map", "--json")
    data = json.loads(out)
    assert code == 0 and data["plot"]["upto"] == PICTURE_UPTO == data["grundy_map"]["upto"]
    assert "p_positions_upto" not in data and "analysis" not in data  # the picture was asked for, not the proof
    _, text, _ = run(capsys, "--plot", "--grundy-map", "--upto", str(PICTURE_MAX))
    assert text.count(", piles up to 37:\n") == 2
    assert max(len(line) for line in text.splitlines() if "losing positions with piles" not in line) <= 80


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_in_a_terminal_plain_otherwise(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, plain, _ = run(capsys, "--grundy-map", "--upto", "8", "--misere")
    assert "\x1b" not in plain
    for no_color in (None, "1"):
        if no_color:
            monkeypatch.setenv("NO_COLOR", no_color)
        screen = FakeTerminal()
        monkeypatch.setattr(sys, "stdout", screen)
        assert main(["analyze", "wythoff", "--grundy-map", "--upto", "8", "--misere"]) == 0
        shown = screen.getvalue()
        assert ("\x1b[" in shown) == (no_color is None)
        assert ESCAPE.sub("", shown) == plain  # colour changes nothing but colour


def test_plain_mode_end_to_end_has_no_escape_codes() -> None:
    out = subprocess.run([sys.executable, "-m", "tutor", "analyze", "wythoff", "--plot", "--grundy-map", "--upto",
                          "9"], capture_output=True, text=True, timeout=120, env={"TERM": "xterm-256color",
                                                                                  "PATH": ""})
    assert out.returncode == 0 and "\x1b" not in out.stdout and "#" in out.stdout


@pytest.mark.parametrize(("args", "message"), [
    (["--plot", "--upto", "38"], "--upto 38: pictures draw piles from 0 to 37"),
    (["--grundy-map", "--upto", "1000"], "--upto 1000: pictures draw piles from 0 to 37"),
    (["--plot", "--upto", "-1"], "--upto must be 0 or more"),
    (["--grundy-map", "--upto", "37", "--a", "2"], "reaches the value 74, past the 62 one-character symbols"),
])
def test_bad_sizes_one_line_exit_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err


def test_documented_pictures(capsys: pytest.CaptureFixture[str]) -> None:
    """The picture examples of docs/wythoff.md are what the commands print."""
    from pathlib import Path

    doc = (Path(__file__).parent.parent / "docs" / "wythoff.md").read_text(encoding="utf-8")
    section = doc.split("#### Pictures", 1)[1]
    block = section.split("```\n", 2)[1]
    examples = re.findall(r"^\$ tutor (.+)\n((?:(?!\$ ).*\n)*)", block, flags=re.M)
    assert [command for command, _ in examples] == ["analyze wythoff --plot --upto 10",
                                                    "analyze wythoff --grundy-map --upto 6"]
    for command, shown in examples:
        assert main(command.split()) == 0
        assert capsys.readouterr().out == shown


@pytest.mark.parametrize("option", ["--plot", "--grundy-map"])
def test_a_grid_wider_than_the_terminal_falls_back_to_text(capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch, option: str) -> None:
    """Issue 20: at 60 columns the 30-pile grid (64 columns) wrapped into a broken picture."""
    monkeypatch.setenv("COLUMNS", "60")
    code, out, _ = run(capsys, option)
    assert code == 0 and ". . ." not in out
    assert f"{option} of piles up to {PICTURE_UPTO} needs" in " ".join(out.split()) and "--upto 28" in out
    if option == "--plot":
        assert "(8, 13)" in out  # the losing positions, as text
    code, out, _ = run(capsys, option, "--upto", "20")
    assert code == 0 and "columns and this terminal" not in out  # 44 columns: drawn
    rows = [line for line in out.splitlines() if re.fullmatch(r" *\d+ (?:\S )*\S", line)]  # the grid's rows
    assert len(rows) == 21 and all(len(row) <= 60 for row in rows)

"""The installed command line, end to end: exit codes, the JSON contract, one-line errors.

Every command runs once per module and each test reads its own result: the
``python -m tutor`` runs through ``tutor.cli.main`` in-process, the ``tutor``
console script (where installed) and the import checks as real processes.  The
module is one xdist group, so the runs are made once, not once per worker.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from helpers import run_tutor
from test_coins_rules import FIFTEEN, Rules, flips

from tutor.cli import main
from tutor.puzzles.coins import engine, theory
from tutor.puzzles.coins.rules import model, parse_strategy

BROKEN = "0123 02 0123 01 0123 02 0123 0123 02 0123 01 0123 02 0123"  # the middle move is missing
FOUR_BY_FOUR = " ".join("".join(map(str, move)) for move in engine.construct(model(4, 4)))  # 255 moves
# the console script installed beside this interpreter (CI runs .venv/bin/python without the venv on PATH)
SCRIPT = next((str(p) for p in [Path(sys.executable).parent / "tutor"] if p.exists()), shutil.which("tutor"))
pytestmark = pytest.mark.xdist_group("coins-cli")


def module(*args: str) -> list[str]:
    return [sys.executable, "-m", "tutor", *args]


def cases(tmp: Path) -> dict[str, tuple[list[str], str | None]]:
    """Every run: name -> (argv, standard input)."""
    good = tmp / "good.txt"
    good.write_text("# the classic answer\n" + FIFTEEN.replace(" ", "\n") + "\n", encoding="utf-8")
    runs: dict[str, tuple[list[str], str | None]] = {
        "check good": (module("check", "coins", "--coins", "4", FIFTEEN), None),
        "check good json": (module("check", "coins", "--coins", "4", FIFTEEN, "--json"), None),
        "check broken": (module("check", "coins", "--coins", "4", BROKEN), None),
        "check broken json": (module("check", "coins", "--coins", "4", BROKEN, "--json"), None),
        "check dihedral json": (module("check", "coins", "--coins", "4", "--symmetry", "dihedral",
                                       "0123 0 0123", "--json"), None),
        "check file": (module("check", "coins", "--coins", "4", "--file", str(good), "--json"), None),
        "check stdin": (module("check", "coins", "--coins", "4", "-", "--json"), FIFTEEN),
        "check counters": (module("check", "coins", "--coins", "1", "--sides", "3", "1 1", "--json"), None),
        "solve 4": (module("solve", "coins", "--coins", "4", "--json"), None),
        "solve 3": (module("solve", "coins", "--coins", "3", "--json"), None),
        "solve 4 text": (module("solve", "coins", "--coins", "4"), None),
        "hint": (module("hint", "coins", "--coins", "4", "--after", "0123 02", "--json"), None),
        "hint start": (module("hint", "coins", "--json"), None),
        "analyze 6": (module("analyze", "coins", "--coins", "6", "--json"), None),
        "analyze 8": (module("analyze", "coins", "--coins", "8", "--json"), None),
        "analyze text": (module("analyze", "coins", "--coins", "5"), None),
        # issue 13: the theorem decides at any size; check says "shortest" at the proven bound
        "solve 4x4": (module("solve", "coins", "--coins", "4", "--sides", "4", "--json"), None),
        "check 4x4": (module("check", "coins", "--coins", "4", "--sides", "4", "-", "--json"), FOUR_BY_FOUR),
        "solve 30": (module("solve", "coins", "--coins", "30", "--json"), None),
        "solve 64": (module("solve", "coins", "--coins", "64"), None),
        "solve 64 json": (module("solve", "coins", "--coins", "64", "--json"), None),
        "solve 2^26": (module("solve", "coins", "--coins", "2", "--sides", "8192"), None),
        "analyze million": (module("analyze", "coins", "--coins", "1000000", "--json"), None),
        "analyze million text": (module("analyze", "coins", "--coins", "1000000"), None),
        "output": (module("solve", "coins", "--coins", "2", "--sides", "16", "--output", str(tmp / "s.txt")), None),
        "output too long": (module("solve", "coins", "--coins", "64", "--output", str(tmp / "never.txt")), None),
        "output unwritable": (module("solve", "coins", "--coins", "4", "--output", str(tmp)), None),
        "bad move": (module("check", "coins", "--coins", "4", "0123 0193"), None),
        "coins 0": (module("check", "coins", "--coins", "0", "0"), None),
        "coins 30": (module("check", "coins", "--coins", "30", "0"), None),  # solve decides it (issue 13)
        "coins too many": (module("solve", "coins", "--coins", "1000001"), None),
        "unknown flag": (module("check", "coins", "--colour", "red", "0"), None),
        "missing strategy": (module("check", "coins", "--coins", "4"), None),
        "unreadable file": (module("check", "coins", "--file", str(tmp / "missing.txt")), None),
        "bad after": (module("hint", "coins", "--after", "0x2"), None),
        "help": (module("--help"), None),
        "help imports": ([sys.executable, "-c", "import sys, tutor.cli; tutor.cli.build_parser(); "
                          "print(sorted({'sympy', 'numpy'} & set(sys.modules)))"], None),
        "help importtime": ([sys.executable, "-X", "importtime", "-m", "tutor", "--help"], None),
    }
    if SCRIPT:
        runs["script check"] = ([SCRIPT, "check", "coins", "--coins", "4", FIFTEEN], None)
        runs["script bad"] = ([SCRIPT, "check", "coins", "--coins", "4", "01234"], None)
        runs["script help"] = ([SCRIPT, "--help"], None)
    return runs


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, subprocess.CompletedProcess[str]]:
    """Each run's result: ``python -m tutor`` runs go through ``tutor.cli.main`` in this process (one after
    another: they share the standard streams); the console script and the import checks start real processes."""
    runs = cases(tmp_path_factory.mktemp("coins_cli"))
    real = {name: item for name, item in runs.items() if item[0][:3] != module()}

    environment = dict(os.environ)  # the processes' own copy: the in-process runs change os.environ meanwhile

    def go(item: tuple[list[str], str | None]) -> subprocess.CompletedProcess[str]:
        argv, stdin = item
        return subprocess.run(argv, input=stdin if stdin is not None else "", capture_output=True, text=True,
                              timeout=120, check=False, env=environment)

    with ThreadPoolExecutor(max_workers=2) as pool:
        started = dict(zip(real, map(pool.submit, [go] * len(real), real.values()), strict=True))
        done = {name: run_tutor(*argv[3:], stdin=stdin) for name, (argv, stdin) in runs.items() if name not in real}
        return {**done, **{name: future.result() for name, future in started.items()}}


def data_of(run: subprocess.CompletedProcess[str]) -> Any:
    return json.loads(run.stdout)


def assert_types(data: dict[str, Any], shape: dict[str, Any]) -> None:
    """Every key of ``shape`` is present with a value of the given type(s)."""
    for key, types in shape.items():
        assert key in data, key
        assert isinstance(data[key], types), (key, data[key])
        assert not isinstance(data[key], bool) or bool in (types if isinstance(types, tuple) else (types,)), key


# -- check ---------------------------------------------------------------------------------


def test_check_the_fifteen_moves(results: Any) -> None:
    run = results["check good"]
    assert run.returncode == 0, run.stderr
    assert "15 moves" in run.stdout and "shortest" in run.stdout
    data = data_of(results["check good json"])
    assert results["check good json"].returncode == 0
    assert {k: data[k] for k in ("correct", "length", "shortest", "counterexample")} == \
        {"correct": True, "length": 15, "shortest": 15, "counterexample": None}


def test_check_a_broken_strategy_gives_a_replayable_counterexample(results: Any) -> None:
    run = results["check broken"]
    assert run.returncode == 1 and run.stderr == ""
    assert run.stdout.startswith("incorrect: ")
    json_run = results["check broken json"]
    assert json_run.returncode == 1
    data = data_of(json_run)
    assert_types(data, {"correct": bool, "length": int, "shortest": int, "counterexample": dict})
    assert data["correct"] is False and data["length"] == 14 and data["shortest"] == 15
    example = data["counterexample"]
    assert set(example) == {"start", "rotations", "final"}
    assert isinstance(example["start"], str) and isinstance(example["final"], str)
    assert all(isinstance(r, int) and 0 <= r < 4 for r in example["rotations"])
    rules = Rules(4)
    moves = [flips(4, *(int(c) for c in word)) for word in BROKEN.split()]
    tables = rules.replay(rules.read(example["start"]), example["rotations"], moves)
    assert rules.show(tables[-1]) == example["final"]
    # the text lays out the same game
    assert example["start"] in run.stdout and example["final"] in run.stdout


def test_check_with_reflections_labels_mirror_turns(results: Any) -> None:
    run = results["check dihedral json"]
    assert run.returncode == 1
    example = data_of(run)["counterexample"]
    rules = Rules(4, dihedral=True)
    moves = [flips(4, 0, 1, 2, 3), flips(4, 0), flips(4, 0, 1, 2, 3)]
    tables = rules.replay(rules.read(example["start"]), example["rotations"], moves)
    assert rules.show(tables[-1]) == example["final"]


def test_check_reads_a_file_and_standard_input(results: Any) -> None:
    for name in ("check file", "check stdin"):
        run = results[name]
        assert run.returncode == 0, (name, run.stderr)
        assert data_of(run)["correct"] is True and data_of(run)["length"] == 15


def test_check_counters_with_three_faces(results: Any) -> None:
    run = results["check counters"]
    assert run.returncode == 0, run.stderr
    assert data_of(run)["shortest"] == 2


# -- solve, hint, analyze ---------------------------------------------------------------------


def test_solve_json_contract(results: Any) -> None:
    run = results["solve 4"]
    assert run.returncode == 0
    data = data_of(run)
    assert_types(data, {"solvable": bool, "length": int, "strategy": list})
    assert data["solvable"] is True and data["length"] == 15 == len(data["strategy"])
    assert all(isinstance(move, list) and all(isinstance(p, int) for p in move) for move in data["strategy"])
    assert Rules(4).wins([flips(4, *move) for move in data["strategy"]])
    unsolvable = data_of(results["solve 3"])
    assert results["solve 3"].returncode == 0
    assert unsolvable["solvable"] is False and unsolvable["length"] is None and unsolvable["strategy"] is None
    assert not results["solve 4 text"].stdout.startswith("{")  # without --json the output is text
    assert "15 moves" in results["solve 4 text"].stdout


def test_hint_json_contract(results: Any) -> None:
    run = results["hint"]
    assert run.returncode == 0
    data = data_of(run)
    assert_types(data, {"belief": list, "distance": int, "best_moves": list, "hints": list})
    assert data["belief"] == ["HHHT", "HHTT", "HTTT", "TTTT"] and data["distance"] == 13
    assert data["best_moves"] == [[0, 1, 2, 3]]
    assert all(isinstance(h, str) for h in data["hints"]) and len(data["hints"]) == 3
    start = data_of(results["hint start"])
    assert start["distance"] == 15 and len(start["belief"]) == 5


def test_analyze_json_contract(results: Any) -> None:
    for name, classes, winnable in (("analyze 6", 14, False), ("analyze 8", 36, True)):
        run = results[name]
        assert run.returncode == 0, run.stderr
        data = data_of(run)
        assert_types(data, {"classes": int, "winnable": bool, "factorization": str})
        assert data["classes"] == classes and data["winnable"] is winnable
    assert data_of(results["analyze 8"])["factorization"] == "(x + 1)**8"
    text = results["analyze text"].stdout
    assert "x^5 - 1" in text and "**" not in text and "not winnable" in text


# -- any size: the theorem decides, strategies are listed, streamed or written ------------------------


def test_four_coins_with_four_faces_is_won_in_255_moves_and_check_says_shortest(results: Any) -> None:
    data = data_of(results["solve 4x4"])
    assert data["solvable"] is True and data["length"] == 255 and data["shortest"] is True
    assert data["method"] == "construction" and data["listed"] is True and len(data["strategy"]) == 255
    assert Rules(4, 4).won_by([tuple(move) for move in data["strategy"]]) == 255
    checked = results["check 4x4"]
    assert checked.returncode == 0, checked.stderr
    assert {k: data_of(checked)[k] for k in ("correct", "length", "shortest")} == \
        {"correct": True, "length": 255, "shortest": 255}


def test_thirty_coins_are_lost_by_the_folded_sums(results: Any) -> None:
    data = data_of(results["solve 30"])
    assert results["solve 30"].returncode == 0
    assert data["solvable"] is False and data["method"] == "theorem" and data["strategy"] is None
    assert data["invariant"] == {"kind": "fold", "prime": 2, "groups": 15,
                                 "statement": "the folded sums are not all equal"}


def test_sixty_four_coins_say_how_long_the_strategy_is(results: Any) -> None:
    text = results["solve 64"].stdout
    assert "2^64 - 1 = 18,446,744,073,709,551,615 moves" in text and "too long to write out" in text
    data = data_of(results["solve 64 json"])
    assert data["solvable"] is True and data["length"] == 2**64 - 1 and data["strategy"] is None
    assert data["listed"] is False
    assert "--output FILE" in results["solve 2^26"].stdout and "8192^2 - 1 = 67,108,863" in results["solve 2^26"].stdout


def test_a_million_coins_are_analyzed_exactly(results: Any) -> None:
    run = results["analyze million"]
    assert run.returncode == 0, run.stderr
    data = data_of(run)
    assert data["winnable"] is False and data["shortest_length"] is None and data["prime"] is None
    assert isinstance(data["lower_bound"], str) and len(data["lower_bound"]) == 301_030
    assert data["lower_bound"].endswith(str(pow(2, 10**6, 10**30) - 1))
    assert isinstance(data["classes"], str) and data["classes"] == data["classes_burnside"]
    assert data["factorization"] == "(x + 1)**64 * (x**15624 + ... + x + 1)**64"
    assert data["invariant"]["groups"] == 15625
    assert "2^1000000 - 1" not in results["analyze million text"].stdout  # text gives sizes, not 301,030 digits
    assert "x 10^301,023" in results["analyze million text"].stdout


def test_output_writes_one_move_per_line_and_check_reads_it_back(results: Any, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    run = results["output"]
    assert run.returncode == 0, run.stderr
    assert "16^2 - 1 = 255 moves" in run.stdout and "written to" in run.stdout
    written = Path(run.stdout.split("written to ")[1].split(",")[0])
    lines = written.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 255 and all(line.count(":") == 1 for line in lines)
    assert main(["check", "coins", "--coins", "2", "--sides", "16", "--file", str(written), "--json"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["correct"] is True and verdict["shortest"] == 255


def test_long_strategies_are_streamed_as_json(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    # a strategy longer than the engine holds in memory is written out piece by piece
    monkeypatch.setattr(theory, "HELD_MOVES", 10)
    monkeypatch.setattr(engine, "layered_pieces", _small_pieces(engine.layered_pieces))
    theory.decide.cache_clear()
    try:
        assert main(["solve", "coins", "--coins", "4", "--sides", "4", "--json"]) == 0
        streamed = json.loads(capsys.readouterr().out)
        assert main(["solve", "coins", "--coins", "4", "--sides", "4"]) == 0
        text = capsys.readouterr().out
    finally:
        theory.decide.cache_clear()
    assert streamed["listed"] is True and streamed["length"] == 255 == len(streamed["strategy"])
    assert Rules(4, 4).won_by([tuple(move) for move in streamed["strategy"]]) == 255
    first = [tuple(move) for move in streamed["strategy"][:40]]
    assert parse_strategy(text.splitlines()[1].split(" ...")[0], 4, 4) == first


def test_one_counter_with_many_faces_streams_valid_json(capsys: pytest.CaptureFixture[str]) -> None:
    # 199,999 moves of one level and no inner block: the stream once began with a stray comma
    assert main(["solve", "coins", "--coins", "1", "--sides", "200000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["listed"] is True and data["length"] == 199_999 == len(data["strategy"])
    assert data["strategy"] == [[1]] * 199_999


def _small_pieces(pieces: Any) -> Any:
    """layered_pieces in blocks of 4 moves, so the stream has many pieces."""
    return lambda levels, word, sep, block=4: pieces(levels, word, sep, block=4)


# -- bad input: exit 2, one line, no traceback -------------------------------------------------


@pytest.mark.parametrize(("name", "pieces"), [
    ("bad move", ["position 9 is out of range 0-3 at column 8 (move 2)"]),
    ("coins 0", ["coins", "0"]),
    ("coins 30", ["coins", "30", "1,048,576 (2^20)"]),
    ("coins too many", ["coins", "1000000", "1000001"]),
    ("unknown flag", ["--colour"]),
    ("missing strategy", ["no answer"]),
    ("unreadable file", ["missing.txt"]),
    ("bad after", ["'0x2'"]),
    ("output too long", ["--output", "2^64 - 1", "1,000,000,000"]),
    ("output unwritable", ["cannot write", "coins_cli"]),
])
def test_bad_input_is_one_line_and_exit_2(results: Any, name: str, pieces: list[str]) -> None:
    run = results[name]
    assert run.returncode == 2, (name, run.stdout, run.stderr)
    assert run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert "Traceback" not in run.stderr
    for piece in pieces:
        assert piece in lines[0], (piece, lines[0])


# -- help stays light ---------------------------------------------------------------------------


def test_help_works_without_sympy_or_numpy(results: Any) -> None:
    run = results["help"]
    assert run.returncode == 0 and "usage: tutor" in run.stdout
    assert results["help imports"].stdout.strip() == "[]"
    imported = results["help importtime"].stderr
    assert "import time:" in imported
    modules = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in imported.splitlines()}
    assert "sympy" not in modules and "numpy" not in modules


@pytest.mark.skipif(SCRIPT is None, reason="the tutor console script is not installed")
def test_console_script(results: Any) -> None:
    assert results["script check"].returncode == 0 and "15 moves" in results["script check"].stdout
    bad = results["script bad"]
    assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1 and "'01234'" in bad.stderr
    assert results["script help"].returncode == 0 and "usage: tutor" in results["script help"].stdout

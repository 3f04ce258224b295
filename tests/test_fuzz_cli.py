"""A hypothesis fuzz of every command's arguments: exit 0, 1 or 2, never a traceback, one line on stderr for 2.

Every puzzle command (solve, check, hint, analyze of every family) gets random
subsets of its declared parameters and options, each given a value from a pool
of valid, boundary, over-the-limit and malformed values (huge digit strings,
Unicode digits, control characters, ``@/dev/zero``, ``-`` with hostile standard
input, missing files); the tutor's own commands get their flags the same way.
Runs in-process (``tutor.cli.main``) so hundreds of cases take seconds.

Sizes at the very top of a declared range (20 coins, a 1000 x 1000 board) are
valid but take seconds each; their limits are tested in test_limits.py and
their speed in the benchmarks, so the pools here stop below them.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tutor import puzzles
from tutor.cli import main
from tutor.puzzles.options import Option

CASES: dict[str, int] = {"run": 0}  # how many cases ran (the figure in the report)
pytestmark = pytest.mark.xdist_group("fuzz-cli")  # one worker runs them all, so test_the_fuzz_ran sees every case
CHEAP_MAX = {  # below the top of the declared range: valid, but each case must take milliseconds
    ("coins", "coins"): 8, ("coins", "sides"): 3, ("wythoff", "a"): 30, ("wythoff", "count"): 2000,
    ("wythoff", "bound"): 500, ("wythoff", "max_total"): 2000, ("wythoff", "size"): 200,
}
HOSTILE_TEXT = ["", " ", "-", "@", "@/dev/zero", "@/nonexistent/file", "9" * 5000, "٣", "٣,٥", "3x٣",
                "\x1b[31mred", "a\nb\nc", "x" * 5000, "(" * 300 + "A is True" + ")" * 300, "not " * 600 + "A is True",
                "{" + "0" * 5000 + "}", "1e999", "-1", "0", "NaN", "\udcff", "let A = 0123\n" + "A " * 50]
VALID_TEXT = ["3,5", "8,13", "3,5 + 4,7", "0,0", "5x5", "2x3", "1001x1000", "XX./X..", "all-on", "random",
              "True,False,Random", "T,F,R,R", "T", "0123 02 0123", "01 0 01", "{0, 2}", "x.x.", "a1 b2",
              "A is True", "would you say ja to (B is Random)", "floor(k*phi)", "k", "to 3,5", "0,2", "1,1",
              "ask A: B is Random\nda: ?\nja: ?", "chase", "progress", "identify", "win", "lose", "computer"]


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A data folder and some hostile files for the fuzz to name."""
    root = tmp_path_factory.mktemp("fuzz")
    (root / "binary.txt").write_bytes(bytes(range(256)))
    (root / "big.txt").write_bytes(b"0" * 4_000_001)
    (root / "ok.txt").write_text("0123 02 0123\n", encoding="utf-8")
    (root / "lessons").mkdir()
    (root / "lessons" / "bad.toml").write_bytes(b"\xff\xfe" + b"[" * 5000)
    (root / "subs").mkdir()
    (root / "subs" / "ann.txt").write_text("0123 02 0123", encoding="utf-8")
    (root / "subs" / "link.txt").symlink_to("/etc/passwd")
    os.mkfifo(root / "fifo")
    old = {k: os.environ.get(k) for k in ("TUTOR_HOME", "TUTOR_LESSONS")}
    os.environ["TUTOR_HOME"] = str(root / "home")
    os.environ.pop("TUTOR_LESSONS", None)
    yield root
    for key, value in old.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@contextmanager
def stdin_of(text: str) -> Iterator[None]:
    old = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        yield
    finally:
        sys.stdin = old


@pytest.fixture(autouse=True)
def _in_a_scratch_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Run every fuzzed command in a scratch folder: ``--output`` names are random, never the checkout's."""
    old = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("fuzz"))
    try:
        yield
    finally:
        os.chdir(old)


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``tutor ARGV`` in-process: exit status, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with stdin_of(stdin), redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exit_:  # argparse's --help and --version
            code = int(exit_.code or 0)
    CASES["run"] += 1
    CASES[f"exit {code}"] = CASES.get(f"exit {code}", 0) + 1
    return code, out.getvalue(), err.getvalue()


def check(argv: list[str], stdin: str = "") -> None:
    """The fuzz's contract for one case."""
    code, out, err = run(argv, stdin)
    shown = f"tutor {argv!r}: exit {code}\nstderr: {err[-2000:]}"
    assert code in (0, 1, 2), shown
    assert "Traceback" not in out + err and "internal error" not in err, shown
    if code == 2:
        assert len(err.strip().splitlines()) == 1, shown


def values(puzzle: str, option: Option) -> st.SearchStrategy[str]:
    """Text for one option: valid, boundary, over the limit, or malformed."""
    if option.type is int:
        low = option.minimum if option.minimum is not None else 0
        high = CHEAP_MAX.get((puzzle, option.name), option.maximum)
        pool = [str(low), str(low + 1), "3", "-5", "9" * 5000, "٣", "1.5", "", " 7 ", "+2", "0x10"]
        if high is not None:
            pool += [str(high), str((option.maximum or high) + 1)]
        return st.sampled_from(pool) | st.integers(low, high if high is not None else 10**6).map(str)
    if option.choices is not None:
        return st.sampled_from([str(c) for c in option.choices] + ["nope", ""])
    return st.sampled_from(HOSTILE_TEXT + VALID_TEXT) | st.text(max_size=30)


def argv_for(puzzle_name: str, command: str) -> st.SearchStrategy[tuple[list[str], str]]:
    """Random arguments for ``tutor COMMAND PUZZLE``: a subset of its options, fuzzed values, and stdin."""
    puzzle = puzzles.get(puzzle_name)
    options = list(puzzle.params) + list(puzzle.commands[command].options)

    @st.composite
    def build(draw: Any) -> tuple[list[str], str]:
        argv = [command, puzzle_name]
        for option in draw(st.lists(st.sampled_from(options), max_size=4, unique_by=lambda o: o.name)):
            if option.type is bool:
                argv.append(option.flag)
            elif option.positional:
                argv.append(draw(values(puzzle_name, option)))
            else:
                argv += [option.flag, draw(values(puzzle_name, option))]
        if draw(st.booleans()):
            argv += draw(st.sampled_from([["--json"], ["--file", "/dev/zero"], ["--nope"], ["extra"], ["--help"]]))
        stdin = draw(st.sampled_from(["", "0123 02 0123", "\x00\xff", "ask A:\n" * 50, "9" * 5000]))
        return argv, stdin

    return build()


def grid_values(option: Option, arena: Path) -> list[str]:
    """The hostile values every option is tried with, one at a time (the grid below)."""
    if option.type is int:
        top = option.maximum if option.maximum is not None else 10**9
        low = option.minimum if option.minimum is not None else 0
        return ["9" * 5000, "-" + "9" * 5000, "٣", "", "1.5", "0x10", "+2", str(top + 1), str(low - 1), "\x00"]
    if option.choices is not None:
        return ["nope", "", "٣", "\x1b[2J"]
    files = [f"@{arena / name}" for name in ("binary.txt", "big.txt", "fifo", "lessons")]
    doubling = "let A0 = 0123 02\n" + "".join(f"let A{i} = A{i - 1} A{i - 1}\n" for i in range(1, 23)) + "A22"
    return [*HOSTILE_TEXT, *files, doubling, "1,1 + " * 150 + "1,1", " and ".join(["A is True"] * 60)]


@pytest.mark.parametrize(("puzzle", "command"), [(p, c) for p in puzzles.builtin_names()
                                                 for c in puzzles.get(p).commands])
def test_every_option_with_every_hostile_value(puzzle: str, command: str, arena: Path) -> None:
    """Each declared parameter and option of the command, alone, with each hostile value."""
    spec = puzzles.get(puzzle)
    for option in [*spec.params, *spec.commands[command].options]:
        if option.type is bool:
            check([command, puzzle, option.flag, "--json"])
            continue
        for value in grid_values(option, arena):
            if option.positional:
                check([command, puzzle, "--", value] if value.startswith("-") else [command, puzzle, value])
            else:
                check([command, puzzle, option.flag, value])
        if option.positional and option.readable:
            for name in ("binary.txt", "big.txt", "fifo", "nope", "lessons", "/dev/zero"):
                check([command, puzzle, "--file", str(arena / name)])


PUZZLE_COMMANDS = [(p, c) for p in puzzles.builtin_names() for c in puzzles.get(p).commands]


@pytest.mark.parametrize(("puzzle", "command"), PUZZLE_COMMANDS, ids=[f"{c}-{p}" for p, c in PUZZLE_COMMANDS])
def test_puzzle_commands_never_crash(puzzle: str, command: str, arena: Path) -> None:
    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(case=argv_for(puzzle, command))
    def fuzz(case: tuple[list[str], str]) -> None:
        argv, stdin = case
        check(argv, stdin)

    fuzz()


def own_commands(arena: Path) -> st.SearchStrategy[tuple[list[str], str]]:
    """The tutor's own commands, with hostile paths, ids and numbers."""
    paths = [str(arena / name) for name in ("binary.txt", "big.txt", "ok.txt", "lessons", "subs", "nope")]
    paths += ["/dev/zero", "/dev/null", "/etc"]
    texts = st.sampled_from(["coins-1", "1", "99", "9" * 5000, "٣", "", "-", "a" * 300, "\x1b[2J", "../x",
                             "wythoff-2", "nim-1"]) | st.text(max_size=20)
    numbers = st.sampled_from(["1", "0", "-3", "٣", "9" * 5000, "100000", "x"])
    new_dir = str(arena / "new")
    choices = st.one_of(
        st.tuples(st.just(["puzzles"])),
        st.tuples(st.sampled_from([["progress"], ["progress", "--json"]])),
        st.tuples(st.just(["progress", "--reset"]), texts.map(lambda t: [t])),
        st.tuples(st.just(["progress", "--export"]), st.sampled_from([*paths, str(arena / "out.json")]).map(
            lambda p: [p])),
        # lint with paths: with none it lints the whole bundled course, which test_lint does once
        st.tuples(st.just(["lint"]), st.lists(st.sampled_from(paths), min_size=1, max_size=2)),
        st.tuples(st.just(["new"]), texts.map(lambda t: [t]),
                  st.sampled_from(["coins", "gods", "nope", ""]).map(lambda p: ["--puzzle", p]),
                  st.just(["--dir", new_dir])),
        st.tuples(st.just(["preview"]), texts.map(lambda t: [t]), st.sampled_from([[], ["--no-hints"]])),
        st.tuples(st.just(["grade", "--lesson"]), texts.map(lambda t: [t]),
                  st.lists(st.sampled_from(paths), min_size=1, max_size=2),
                  st.sampled_from([[], ["--json"], ["--csv"]]),
                  numbers.map(lambda n: ["--jobs", n]) | st.just([]),
                  numbers.map(lambda n: ["--step", n]) | st.just([])),
        st.tuples(st.just(["start"]), texts.map(lambda t: [t]) | st.just([])),
        # the commands of the learner model and of grading by platform (issues 21 and 22)
        st.tuples(st.sampled_from([["review"], ["review", "--json"], ["progress", "--skills"]])),
        st.tuples(st.just(["progress", "--import"]), st.sampled_from(paths).map(lambda p: [p])),
        st.tuples(st.just(["progress", "--export", str(arena / "out.x")]),
                  st.sampled_from(["json", "xapi", "datashop", "csv", ""]).map(lambda f: ["--format", f])),
        st.tuples(st.just(["class"]), st.lists(st.sampled_from(paths), min_size=1, max_size=2),
                  st.sampled_from([[], ["--json"], ["--plot", str(arena / "p.png")], ["--plot", "/etc"]]),
                  st.sampled_from([[], ["--roster", paths[0]], ["--pretest", "coins-1", "--posttest", "nope"]])),
        st.tuples(st.just(["autograde"]), st.sampled_from(["gradescope", "prairielearn", "moodle"]).map(
            lambda p: [p]), st.sampled_from(paths).map(lambda p: [p]),
            st.just(["--root", str(arena / "platform")]), texts.map(lambda t: ["--lesson", t]) | st.just([]),
            numbers.map(lambda n: ["--step", n]) | st.just([])),
        st.tuples(st.just(["schema"]), st.sampled_from([[], ["pack"], ["--markdown"], ["--write", str(arena / "s")],
                                                        ["--write", "/dev/null"], ["course"]])),
        st.tuples(st.just(["puzzles"]), texts.map(lambda t: [t]), st.sampled_from([[], ["--json"]])),
        st.tuples(st.just(["grade", "--lesson", "coins-2"]), st.lists(st.sampled_from(paths), min_size=1,
                  max_size=2), st.sampled_from([["--summary"], ["--strict"], ["--feedback", str(arena / "fb")],
                                               ["--feedback", "/dev/null"], ["--include", "[*"],
                                               ["--all-files"], ["--format", "junit"]])),
        st.tuples(st.sampled_from([["--seed"], ["--lessons"]]), st.sampled_from(paths + ["7", "٣"]).map(
            lambda v: [v]), st.just(["puzzles"])),
    )
    lines = st.lists(st.sampled_from(["/open coins-1", "", "3", "7", "/hint", "/undo", "/next", "/back", "\\",
                                      "9" * 5000, "/open " + "9" * 5000, "\x1b[31m", "/solution", "y", "/progress",
                                      "ask A: " + "(" * 100, "/reset"]), max_size=8)
    return st.tuples(choices.map(lambda parts: [word for part in parts for word in part]),
                     lines.map(lambda ls: "\n".join([*ls, "/quit"]) + "\n"))


def test_own_commands_never_crash(arena: Path) -> None:
    @settings(max_examples=90, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(case=own_commands(arena))
    def fuzz(case: tuple[list[str], str]) -> None:
        argv, stdin = case
        check(argv, stdin)

    fuzz()


def test_the_fuzz_ran(arena: Path) -> None:
    """The cases above really ran, and reached success, a wrong answer and bad input alike."""
    print(f"fuzz: {CASES}")
    assert CASES["run"] >= 15 * len(PUZZLE_COMMANDS), CASES
    assert all(CASES.get(f"exit {code}", 0) >= 1 for code in (0, 1, 2)), CASES  # success, wrong and bad input
    assert CASES.get("exit 2", 0) >= CASES["run"] // 2, CASES  # most of what it sends is hostile, and refused

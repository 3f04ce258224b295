"""Issue 30.8: the command fuzz over the surfaces issue 30 hardened.  Imports of exports mutated field by field
(times, steps, rungs, seconds, ids, answers, unknown skills, nesting), files that are not exports given to import
and class (devices, FIFOs, folders, files past export_bytes, JSON 100,000 deep, DataShop tables, links to devices,
a byte-order mark), exports aimed at the live store, its journals, links to it and special files, the repair,
TUTOR_NOW at and past the calendar's ends, every command on a store emptied, cut short or overwritten in place,
and lessons built from the hostile shapes (dotted keys, nesting, invisible characters, a byte-order mark,
knowledge-tracing parameters wrong one or several ways, links out of the pack to a device or to a file whose
text must never be echoed).  The contract is the command fuzz's
(tests/test_fuzz_cli.py): exit 0, 1 or 2, never a traceback or an internal error, bad input one line; and here
also: the store afterwards holds what it held before a refused import (counted with sqlite3 itself)."""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import run_tutor
from tests.test_hostile_import import GOOD


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``tutor ARGV`` in this process (tests/helpers.py; not the command fuzz's counter, which checks its own
    mix of cases): exit status, stdout, stderr."""
    done = run_tutor(*argv, stdin=stdin)
    return done.returncode, done.stdout, done.stderr


def check(argv: list[str], stdin: str = "") -> None:
    """The command fuzz's contract for one case (tests/test_fuzz_cli.py)."""
    code, out, err = run(argv, stdin)
    shown = f"tutor {argv!r}: exit {code}\nstderr: {err[-2000:]}"
    assert code in (0, 1, 2), shown
    assert "Traceback" not in out + err and "internal error" not in err, shown
    if code == 2:
        assert len(err.strip().splitlines()) == 1, shown

VALUES = st.one_of(st.sampled_from([-1e18, 1e308, -1.0, 0, 1.7e9, 3e11, 10**30, -(10**30), 2**63, -(2**63) - 1,
                                    "", "x" * 200, "٣", True, None, [], {}, [[[[]]]], "NaN", 4.5,
                                    ["coins/no-such-skill"], "x" * 5000, "a\u200bb", "\ufeff7"]),
                   st.integers(), st.floats(allow_nan=False), st.text(max_size=30))
FIELDS = ["at", "step", "hint", "seconds", "lesson", "answer", "verdict", "skills", "misconception", "variant",
          "correct"]


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A data folder holding one good attempt (the fuzz's commands run in it: TUTOR_HOME, put back after)."""
    root = tmp_path_factory.mktemp("hostile-fuzz")
    good = root / "good.json"
    good.write_text(json.dumps({"format": 2, "profile": "p", "attempts": [GOOD]}), encoding="utf-8")
    old = os.environ.get("TUTOR_HOME")
    os.environ["TUTOR_HOME"] = str(root / "home")
    try:
        check(["progress", "--import", str(good)])
        yield root
    finally:
        if old is None:
            os.environ.pop("TUTOR_HOME", None)
        else:
            os.environ["TUTOR_HOME"] = old


def attempts(home: Path) -> int:
    with sqlite3.connect(home / "home" / "progress.sqlite3") as db:
        return int(db.execute("SELECT count(*) FROM attempts").fetchone()[0])


def test_imports_of_mutated_exports(home: Path) -> None:
    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.function_scoped_fixture])
    @given(changes=st.dictionaries(st.sampled_from(FIELDS), VALUES, min_size=1, max_size=3),
           as_xapi=st.booleans())
    def fuzz(changes: dict[str, object], as_xapi: bool) -> None:
        before = attempts(home)
        row = {**GOOD, **changes}
        path = home / "mutated.json"
        data: object = {"format": 2, "profile": "p", "attempts": [row]}
        path.write_text(json.dumps(data), encoding="utf-8")
        check(["progress", "--import", str(path)])
        assert attempts(home) in (before, before + 1)  # all or nothing
        if as_xapi:
            check(["progress", "--export", str(home / "out.xapi"), "--format", "xapi"])
            check(["class", str(path)])

    fuzz()


def test_exports_repairs_and_clocks(home: Path) -> None:
    store = home / "home" / "progress.sqlite3"
    fifo = home / "export-fifo"
    os.mkfifo(fifo)
    (home / "store-link.json").symlink_to(store)
    targets = [str(store), f"{store}-wal", f"{store}-shm", f"{store}-journal", "/dev/null", "/dev/zero",
               str(home), str(home / "none" / "x.json"), str(home / "out.json"), str(fifo),
               str(home / "store-link.json")]
    clocks = ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00+23:59", "1969-12-31T23:59:59Z", "8999-12-31",
              "1970-01-01", "2026-03-01T09:00", "x", "", "2026-13-01"]

    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.function_scoped_fixture])
    @given(target=st.sampled_from(targets), form=st.sampled_from(["json", "xapi", "datashop"]),
           clock=st.sampled_from(clocks), command=st.sampled_from([["review", "--json"], ["progress"],
                                                                   ["progress", "--repair"], ["progress", "--json"]]))
    def fuzz(target: str, form: str, clock: str, command: list[str]) -> None:
        before = attempts(home)
        check(["progress", "--export", target, "--format", form])
        assert attempts(home) == before and store.stat().st_size > 0
        os.environ["TUTOR_NOW"] = clock
        try:
            check(command)
        finally:
            os.environ.pop("TUTOR_NOW", None)

    fuzz()


def files_that_are_not_exports(folder: Path) -> list[str]:
    """What import and class are given by mistake or malice: a device, a FIFO, a folder, a sparse file past
    export_bytes, JSON nested 100,000 deep, a DataShop table, a link to a device, text after a byte-order mark."""
    from tutor.limits import EXPORT_BYTES

    folder.mkdir()
    os.mkfifo(folder / "fifo")
    with (folder / "huge.json").open("wb") as handle:
        handle.truncate(EXPORT_BYTES.value + 1)
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    (folder / "table.tsv").write_text("Anon Student Id\tSession Id\n", encoding="utf-8")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "bom.json").write_text("\ufeff" + json.dumps({"format": 2, "profile": "p", "attempts": [GOOD]}),
                                     encoding="utf-8")
    return ["/dev/zero", str(folder / "fifo"), str(folder), *(str(folder / name) for name in (
        "huge.json", "deep.json", "table.tsv", "zero.json", "bom.json"))]


def test_imports_and_class_of_files_that_are_not_exports(home: Path) -> None:
    given_files = files_that_are_not_exports(home / "not-exports")

    @settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.function_scoped_fixture])
    @given(path=st.sampled_from(given_files), command=st.sampled_from([["progress", "--import"], ["class"],
                                                                       ["class", "--json"]]))
    def fuzz(path: str, command: list[str]) -> None:
        before = attempts(home)
        check([*command, path])
        assert attempts(home) in (before, before + 1)  # the byte-order-mark export holds one attempt, once

    fuzz()


def damage(store: Path, how: str) -> None:
    """The store damaged in place between commands (the same file: emptied, halved, or overwritten)."""
    size = store.stat().st_size
    if how in ("emptied", "halved"):
        os.truncate(store, 0 if how == "emptied" else size // 2)
        return
    data = os.urandom(size) if how == "noise" else b"\0" * size
    with store.open("r+b") as handle:
        handle.write(data)


def test_commands_on_a_store_damaged_in_place(tmp_path: Path) -> None:
    """Every command on a store emptied, cut short or overwritten at its own size: exit 0, 1 or 2, one line when
    2, and a command that writes moves the damaged file aside and starts anew (nothing written into it)."""
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"format": 2, "profile": "p", "attempts": [GOOD]}), encoding="utf-8")
    commands = [["progress"], ["progress", "--json"], ["review", "--json"], ["progress", "--import", str(good)],
                ["progress", "--export", str(tmp_path / "out.json")], ["progress", "--reset", "coins-1"],
                ["start", "coins-1"]]

    @settings(max_examples=14, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.function_scoped_fixture])
    @given(how=st.sampled_from(["emptied", "halved", "noise", "zeros"]), command=st.sampled_from(commands))
    def fuzz(how: str, command: list[str]) -> None:
        home = Path(tempfile.mkdtemp(dir=tmp_path))  # a data folder of its own per example
        os.environ["TUTOR_HOME"] = str(home)
        try:
            check(["progress", "--import", str(good)])
            damage(home / "progress.sqlite3", how)
            check(command, "\n\n7\n/quit\n")
            if command[:2] == ["progress", "--import"] or command[0] == "start":
                assert list(home.glob("progress.sqlite3.damaged-*")) or how == "emptied"  # an empty file is new
                with sqlite3.connect(home / "progress.sqlite3") as db:
                    assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        finally:
            os.environ.pop("TUTOR_HOME", None)

    fuzz()


HEAD = 'id = "h"\ntitle = "T"\nsummary = "s"\npuzzle = "coins"\n'
SHAPES = ["a" + ".a" * 40_000 + " = 1\n", "[" + "t." * 50 + "t]\n", "a = " + "[" * 5000 + "]" * 5000 + "\n",
          "a = " + "{b = " * 40 + "1" + "}" * 40 + "\n", 'title = "T\u200b"\n', '[params]\ncoins = 1000000\n',
          '[[steps]]\nask = "x\u200f"\nanswer = "number"\ncompute = "trap_size"\n',
          '[params]\ncoins = 4\nsides = 9\n', '[[steps]]\nask = "x"\nanswer = "number"\ncompute = "classes"\n']


def test_lessons_built_from_the_hostile_shapes(home: Path) -> None:
    folder = home / "lessons"
    folder.mkdir()

    outside = home / "outside.toml"
    outside.write_text(HEAD.replace('"h"', '"out"') + 'token = "SECRET-42"\n', encoding="utf-8")

    @settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                     HealthCheck.function_scoped_fixture])

    @given(parts=st.lists(st.sampled_from(SHAPES), min_size=1, max_size=3),
           mastery=st.sampled_from(["", "prior = 0", "guess = 0.5", "learn = 1", "prior = 0.3",
                                    "prior = 0\nlearn = 0\nslip = 0\nguess = 0", "slip = 0.7\nguess = 0.6\nx = 1"]),
           bom=st.booleans(), link=st.sampled_from(["", "/dev/zero", str(outside)]))
    def fuzz(parts: list[str], mastery: str, bom: bool, link: str) -> None:
        (folder / "h.toml").write_text(("\ufeff" if bom else "") + HEAD + "".join(parts), encoding="utf-8")
        (folder / "pack.toml").write_text(f'id = "hp"\ntitle = "P"\n[mastery.default]\n{mastery}\n',
                                          encoding="utf-8")
        (folder / "link.toml").unlink(missing_ok=True)
        if link:
            (folder / "link.toml").symlink_to(link)
        code, out, err = run(["lint", str(folder)])
        assert code in (0, 1) and "Traceback" not in out + err and "SECRET" not in out + err, out + err
        assert not link or f"{folder / 'link.toml'}:1:1: a link out of the pack, not followed" in out
        code, out, err = run(["preview", "h", "--lessons", str(folder)])  # a lesson that does not open: its
        assert code in (0, 1, 2) and "Traceback" not in out + err and "internal error" not in err, err
        if code == 2 and len(err.strip().splitlines()) > 1:  # problems, one line each, as lint reports them
            assert all(line.startswith(str(folder)) for line in err.strip().splitlines()), err
        check(["start", "h", "--lessons", str(folder)], "\n/hint\n3\n/quit\n")

    fuzz()

"""Issue 30.1: imports validated before they are stored, and a store already holding a bad record repaired or
refused in one line naming the command that repairs it.  Every case the issue lists is a regression test here:
each bad file is one line and exit 2, and the store afterwards holds exactly what it held before (counted with
sqlite3 directly, not through the tutor)."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from tests.helpers import run_tutor
from tutor.learner.skills import all_skills
from tutor.limits import EXPORT_BYTES

GOOD = {"lesson": "coins-1", "step": 1, "answer": "7", "correct": True, "verdict": "right", "seconds": 2.5,
        "at": 1_770_000_000.0, "skills": [], "hint": 0, "instance": "{}", "item": 1, "nth": 1, "aids": []}
TABLES = ("attempts", "hints", "completed", "solutions", "position", "games")


def export(path: Path, *attempts: dict[str, object], **extra: object) -> Path:
    """A JSON export (format 2) of ``attempts``, each ``GOOD`` with its own changes."""
    rows = [{**GOOD, **a} for a in attempts]
    path.write_text(json.dumps({"format": 2, "profile": "p" * 32, "attempts": rows, **extra}), encoding="utf-8")
    return path


def stored(home: Path) -> dict[str, int]:
    """Rows per table of the store, read with sqlite3 itself (nothing if there is no store)."""
    db_path = home / "progress.sqlite3"
    if not db_path.exists():
        return dict.fromkeys(TABLES, 0)
    with sqlite3.connect(db_path) as db:
        return {t: db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in TABLES}


def refused(done, says: str) -> None:
    """One line naming the problem, exit 2, no traceback."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert says in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


BAD_FIELDS = [
    ({"at": -1e18}, "not in the tutor's calendar"),
    ({"at": 1e308}, "not in the tutor's calendar"),
    ({"at": -1.0}, "not in the tutor's calendar"),
    ({"step": 10**30}, "is not a step of a lesson"),
    ({"step": 99}, "lesson 'coins-1' has 7 steps, not 99"),
    ({"hint": 10**30}, "is not a rung of a hint ladder"),
    ({"hint": -1}, "is not a rung of a hint ladder"),
    ({"seconds": -5.0}, "is not a time an answer can take"),
    ({"skills": ["coins/no-such-skill"]}, "no puzzle declares the skill 'coins/no-such-skill'"),
    ({"lesson": "no-such-lesson"}, "no lesson here has that id"),
    ({"lesson": "a" * 1_000_000}, "over the limit id_chars"),
    ({"answer": "7" * 5_000_000}, "over the limit input_bytes"),
    ({"verdict": "v" * 4_000_001}, "over the limit input_bytes"),
]


@pytest.mark.parametrize("change, says", BAD_FIELDS, ids=[s for _, s in BAD_FIELDS])
def test_a_record_outside_its_meaning_is_refused_naming_it_and_nothing_is_stored(tmp_path, change, says):
    home = tmp_path / "home"
    first = export(tmp_path / "good.json", {})
    assert run_tutor("progress", "--import", str(first), env={"TUTOR_HOME": str(home)}).returncode == 0
    before = stored(home)
    assert before["attempts"] == 1
    bad = export(tmp_path / "bad.json", {"at": 1_770_000_100.0}, change)  # a good record first: all or nothing
    done = run_tutor("progress", "--import", str(bad), env={"TUTOR_HOME": str(home)})
    refused(done, says)
    assert "the attempt at lesson " in done.stderr  # the record is named
    assert stored(home) == before


def test_the_same_checks_hold_for_an_xapi_import(tmp_path):
    home, env = tmp_path / "home", {"TUTOR_HOME": str(tmp_path / "home")}
    skill = next(iter(all_skills()))
    assert run_tutor("progress", "--import", str(export(tmp_path / "a.json", {"skills": [skill]})), env=env) \
        .returncode == 0
    out = tmp_path / "out.xapi"
    assert run_tutor("progress", "--export", str(out), "--format", "xapi", env=env).returncode == 0
    statements = json.loads(out.read_text(encoding="utf-8"))
    key = next(k for k in statements[0]["context"]["extensions"] if k.endswith("at"))
    statements[0]["context"]["extensions"][key] = -1e18
    out.write_text(json.dumps(statements), encoding="utf-8")
    fresh = {"TUTOR_HOME": str(tmp_path / "fresh")}
    refused(run_tutor("progress", "--import", str(out), env=fresh), "not in the tutor's calendar")
    assert stored(tmp_path / "fresh")["attempts"] == 0 and stored(home)["attempts"] == 1


def test_a_known_skill_and_a_good_record_are_still_imported(tmp_path):
    skill = next(iter(all_skills()))
    done = run_tutor("progress", "--import", str(export(tmp_path / "a.json", {"skills": [skill]}, {"step": 7})),
                     env={"TUTOR_HOME": str(tmp_path / "home")})
    assert done.returncode == 0 and "imported 2 attempts" in done.stdout
    assert stored(tmp_path / "home")["attempts"] == 2


def special_files(tmp_path: Path) -> list[tuple[str, str]]:
    """Files that are not exports: a device, a FIFO, a folder, a sparse file past the limit, JSON nested deep."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:  # sparse: nothing is written, the size alone is past the limit
        handle.truncate(EXPORT_BYTES.value + 1)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    shallow_enough = tmp_path / "deep33.json"
    shallow_enough.write_text(json.dumps({"attempts": [], "x": json.loads("[" * 32 + "]" * 32)}), encoding="utf-8")
    return [("/dev/zero", "not a regular file (a character device)"), (str(fifo), "not a regular file (a FIFO)"),
            (str(tmp_path), "not a regular file (a folder)"), (str(huge), "over the limit export_bytes"),
            (str(deep), "over the limit export_depth"), (str(shallow_enough), "33 deep: over the limit export_depth")]


def test_special_huge_and_deep_files_are_refused_by_import_and_class_before_reading(tmp_path):
    env = {"TUTOR_HOME": str(tmp_path / "home")}
    for path, says in special_files(tmp_path):
        refused(run_tutor("progress", "--import", path, env=env), says)
        if path != str(tmp_path):  # a folder given to tutor class stands for its exports
            refused(run_tutor("class", path, env=env), says)
    assert stored(tmp_path / "home")["attempts"] == 0


def plant(home: Path) -> None:
    """A store holding records an older tutor's import let in: dated -1e18 and 1e308 (written with sqlite3)."""
    home.mkdir(parents=True, exist_ok=True)
    assert run_tutor("progress", "--import", str(export(home / "good.json", {})), env={"TUTOR_HOME": str(home)}) \
        .returncode == 0
    with sqlite3.connect(home / "progress.sqlite3") as db:
        for at in (-1e18, 1e308):
            db.execute("INSERT INTO attempts (lesson, step, answer, correct, verdict, seconds, at) "
                       "VALUES ('coins-1', 0, '7', 1, 'right', 1.0, ?)", (at,))
        db.execute("INSERT INTO hints (lesson, step, level, at) VALUES ('coins-1', 0, 1, 1e308)")


READING = [["progress"], ["progress", "--json"], ["review", "--json"], ["progress", "--export", "{out}"],
           ["progress", "--export", "{out}", "--format", "xapi"],
           ["progress", "--export", "{out}", "--format", "datashop"]]


def test_a_store_holding_bad_records_is_refused_naming_the_repair_and_the_repair_keeps_them(tmp_path):
    home = tmp_path / "home"
    plant(home)
    env = {"TUTOR_HOME": str(home)}
    for argv in READING:
        done = run_tutor(*[a.format(out=tmp_path / "out") for a in argv], env=env)
        refused(done, "`tutor progress --repair` sets them aside")
        assert "3 records dated outside" in done.stderr
    assert stored(home)["attempts"] == 3  # reading changed nothing
    repaired = run_tutor("progress", "--repair", env=env)
    assert repaired.returncode == 0 and "3 records dated outside" in repaired.stdout
    aside = list(home.glob("progress.sqlite3.set-aside-*.json"))
    assert len(aside) == 1 and str(aside[0]) in repaired.stdout
    kept = json.loads(aside[0].read_text(encoding="utf-8"))
    assert sorted(r["at"] for r in kept["attempts"]) == [-1e18, 1e308] and [r["at"] for r in kept["hints"]] == [1e308]
    assert stored(home)["attempts"] == 1 and stored(home)["hints"] == 0  # the good record stays
    for argv in READING:
        assert run_tutor(*[a.format(out=tmp_path / "out") for a in argv], env=env).returncode == 0, argv
    again = run_tutor("progress", "--repair", env=env)
    assert again.returncode == 0 and "nothing to set aside" in again.stdout


def test_a_session_sets_bad_records_aside_as_it_opens_the_store_and_says_so_once(tmp_path):
    home = tmp_path / "home"
    plant(home)
    done = run_tutor("start", stdin="/progress\n/review\n/quit\n", env={"TUTOR_HOME": str(home)})
    assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr
    assert " ".join(done.stdout.split()).count("3 records dated outside the tutor's calendar") == 1
    assert len(list(home.glob("progress.sqlite3.set-aside-*.json"))) == 1
    assert stored(home)["attempts"] == 1

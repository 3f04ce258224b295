"""Issue 30.2: an export cannot hurt what it is written over.  The live store, its journals (by name, through a
symbolic link, as a hard link) and special files are refused in one line with exit 2 before anything is
written, and the store still holds every record afterwards (read with sqlite3 itself); an export is written
through a temporary file, so a failing one leaves the old file whole and no temporary file behind."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from tests.helpers import run_tutor
from tests.test_hostile_import import export, refused, stored
from tutor.learner import export_file
from tutor.learner.export import ExportError
from tutor.progress import Progress


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A data folder whose store holds two attempts (imported), journals present as a live session leaves them."""
    home = tmp_path / "home"
    done = run_tutor("progress", "--import", str(export(tmp_path / "in.json", {}, {"at": 1_770_000_500.0})),
                     env={"TUTOR_HOME": str(home)})
    assert done.returncode == 0
    return home


def targets(home: Path, tmp_path: Path) -> list[tuple[str, str]]:
    store = home / "progress.sqlite3"
    (tmp_path / "link.json").symlink_to(store)
    os.link(store, tmp_path / "hard.json")
    os.mkfifo(tmp_path / "fifo")
    return [(str(store), "the progress database itself"), (f"{store}-wal", "journal (wal)"),
            (f"{store}-shm", "journal (shm)"), (f"{store}-journal", "journal (journal)"),
            (str(tmp_path / "link.json"), "the progress database itself"),
            (str(tmp_path / "hard.json"), "the progress database itself"),
            (str(tmp_path / "fifo"), "it is a FIFO"), ("/dev/null", "it is a character device"),
            (str(tmp_path), "it is a folder")]


@pytest.mark.parametrize("form", ["json", "xapi", "datashop"])
def test_the_live_store_its_journals_and_special_files_are_refused(home, tmp_path, form):
    env = {"TUTOR_HOME": str(home)}
    for target, says in targets(home, tmp_path):
        refused(run_tutor("progress", "--export", target, "--format", form, env=env), says)
        assert stored(home)["attempts"] == 2
    with sqlite3.connect(home / "progress.sqlite3") as db:
        assert db.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    shown = run_tutor("progress", "--json", env=env)  # the next command still finds every record
    assert shown.returncode == 0 and "damaged" not in shown.stderr
    assert not list(home.glob("*.damaged-*"))


def test_an_export_replaces_the_file_whole_and_a_failing_one_leaves_it(home, tmp_path, monkeypatch):
    env = {"TUTOR_HOME": str(home)}
    out = tmp_path / "out.json"
    out.write_text("the old export", encoding="utf-8")
    assert run_tutor("progress", "--export", str(out), env=env).returncode == 0
    assert len(json.loads(out.read_text(encoding="utf-8"))["attempts"]) == 2

    def full_disk(records, form):
        yield "{"
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(export_file, "chunks", full_disk)
    with pytest.raises(ExportError, match="No space left on device"):
        export_file.write_export(Progress(home / "progress.sqlite3", readonly=True), str(out), "json")
    assert len(json.loads(out.read_text(encoding="utf-8"))["attempts"]) == 2  # the old export, whole
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []  # no temporary left


def test_an_export_to_a_missing_folder_is_one_line(home, tmp_path):
    refused(run_tutor("progress", "--export", str(tmp_path / "no" / "x.json"), env={"TUTOR_HOME": str(home)}),
            "No such file or directory")


# -- streamed: the same text, a record at a time --------------------------------------------------------------


def held_json(records) -> str:
    """The JSON export written the straightforward way: one structure, one json.dumps (the format's definition)."""
    from dataclasses import asdict

    out = {"format": 3, "profile": records.profile,
           "attempts": [{**asdict(a), "skills": list(a.skills), "aids": list(a.aids), "id": a.key}
                        for a in records.attempts]}
    for table, kept in (("hints", records.hints), ("completed", records.completed),
                        ("solutions", records.solutions), ("position", records.positions)):
        out[table] = [asdict(r) for r in kept]
    return json.dumps(out, indent=2)


def held_xapi(records) -> str:
    """The xAPI export the straightforward way: every statement built, sorted by time (stably), dumped at once."""
    from tutor.learner.export_xapi import EXT, attempt_result, statement

    p = records.profile
    out = [(a.at, statement(p, "answered", a.lesson, a.step, a.at, a.key, attempt_result(a), a.skills))
           for a in records.attempts]
    out += [(h.at, statement(p, "asked", h.lesson, h.step, h.at, h.key, {"extensions": {EXT + "hint-rung": h.level}}))
            for h in records.hints]
    out += [(s.at, statement(p, "experienced", s.lesson, s.step, s.at, s.key,
                             {"extensions": {EXT + "revealed": True}})) for s in records.solutions]
    out += [(c.at, statement(p, "completed", c.lesson, c.step, c.at, c.key,
                             {"completion": True, "extensions": {EXT + "how": c.how}})) for c in records.completed]
    return json.dumps([s for _, s in sorted(out, key=lambda pair: pair[0])], indent=2)


@pytest.fixture(scope="module")
def learners_records():
    from tests.test_class_learners import learners

    return [learner.records for learner in learners(3, seed=11)]


def test_the_streamed_formats_write_what_one_dump_writes(learners_records):
    from tutor.learner.export import to_json
    from tutor.learner.export_xapi import to_xapi

    assert all(r.attempts for r in learners_records) and any(r.hints for r in learners_records)
    for records in learners_records:  # the same values, laid out alike (msgspec writes é, json.dumps \u00e9)
        for streamed, held in ((to_json(records), held_json(records)), (to_xapi(records), held_xapi(records))):
            assert json.loads(streamed) == json.loads(held)
            assert len(streamed.splitlines()) == len(held.splitlines())


@pytest.mark.parametrize("form", ["json", "xapi", "datashop"])
def test_an_export_read_from_the_store_row_by_row_equals_the_held_records(tmp_path, learners_records, form):
    from tutor.learner.export import records_of
    from tutor.learner.export_formats import write
    from tutor.learner.export_merge import merge

    home = tmp_path / "home"
    home.mkdir()
    store = Progress(home / "progress.sqlite3")
    merge(store, learners_records[0])
    merge(store, learners_records[1])  # two machines' records: stored out of time order
    out = tmp_path / f"out.{form}"
    assert run_tutor("progress", "--export", str(out), "--format", form, env={"TUTOR_HOME": str(home)}) \
        .returncode == 0
    held = records_of(store.export(), "x")  # every row at once, sorted in Python
    assert out.read_text(encoding="utf-8") == write(held, form)

"""An imported attempt keeps its evidence fields or is refused (issue 28): the JSON and xAPI exports carry the
instance, item, try and aids of every attempt; an import of a record without them is refused in one line naming
the record, and nothing is stored."""

from __future__ import annotations

import json
import sqlite3

import pytest

from tests.helpers import run_tutor
from tutor.course import load_catalog
from tutor.progress import Progress
from tutor.progress.records import attempts
from tutor.screen.shown import text_of
from tutor.session import Session


def played(home) -> list[tuple[str, int, int, tuple[str, ...]]]:
    """A learner's session on coins-6 (a wrong first try, a hint, an unaided item); its attempts' evidence."""
    session = Session(load_catalog([]), Progress(home / "progress.sqlite3"))
    session.handle("/open coins-6")
    session.handle("")
    right = text_of(session.state.item.reference())
    session.handle(str(int(right) + 1))
    session.handle(right)
    session.handle("/hint")
    session.handle(text_of(session.state.item.reference()))
    session.handle(text_of(session.state.item.reference()))
    return [(r.instance, r.item, r.nth, r.aids) for r in attempts(session.progress)]


@pytest.mark.parametrize("form", ["json", "xapi"])
def test_an_export_carries_the_evidence_and_an_import_keeps_it(tmp_path, form: str) -> None:
    source, target = tmp_path / "a", tmp_path / "b"
    source.mkdir()
    target.mkdir()
    evidence = played(source)
    assert [(n, a) for _, _, n, a in evidence] == [(1, ()), (2, ()), (1, ("hint",)), (1, ())]
    out = tmp_path / f"out.{form}"
    wrote = run_tutor("progress", "--export", str(out), "--format", form, env={"TUTOR_HOME": str(source)})
    assert wrote.returncode == 0
    done = run_tutor("progress", "--import", str(out), env={"TUTOR_HOME": str(target)})
    assert done.returncode == 0, done.stderr
    assert [(r.instance, r.item, r.nth, r.aids) for r in attempts(Progress(target / "progress.sqlite3"))] == evidence


@pytest.mark.parametrize("missing", ["instance", "item", "nth", "aids"])
@pytest.mark.parametrize("form", ["json", "xapi"])
def test_an_attempt_without_its_evidence_is_refused_naming_it(tmp_path, form: str, missing: str) -> None:
    source, target = tmp_path / "a", tmp_path / "b"
    source.mkdir()
    target.mkdir()
    played(source)
    out = tmp_path / f"out.{form}"
    run_tutor("progress", "--export", str(out), "--format", form, env={"TUTOR_HOME": str(source)})
    data = json.loads(out.read_text(encoding="utf-8"))
    if form == "json":
        del data["attempts"][1][missing]
    else:
        answered = [s for s in data if s["verb"]["id"].endswith("answered")]
        del answered[1]["result"]["extensions"]["urn:tutor:xapi:" + ("try" if missing == "nth" else missing)]
    out.write_text(json.dumps(data), encoding="utf-8")
    done = run_tutor("progress", "--import", str(out), env={"TUTOR_HOME": str(target)})
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert ("record 2" in done.stderr or "statement" in done.stderr) and "Traceback" not in done.stderr
    store = target / "progress.sqlite3"
    assert not store.exists() or sqlite3.connect(store).execute("SELECT count(*) FROM attempts").fetchone()[0] == 0

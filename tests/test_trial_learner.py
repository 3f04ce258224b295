"""Regressions found by a new learner trying the tutor over a simulated week (trial T1), each through
``Session.handle`` or ``tutor.cli.main``."""

from __future__ import annotations

import json
import re
import sqlite3

from tests.helpers import new_session, run_tutor, text
from tutor.course.steps import Practising
from tutor.learner import bkt
from tutor.screen.shown import text_of
from tutor.storage.clock import Stopped, parse

SHOWN = re.compile(r"Mastery of '[^']*': \[[#.]+\] (\d+)%, target (\d+)%")


RUN = re.compile(r"(\d+) items? right at the first try in a row \(of (\d+)\)")


def test_practice_never_says_the_target_is_reached_while_asking_for_more() -> None:
    # Trial T1 saw "95%, target 95%" above a next item.  Now mastery needs the estimate at the target and the last
    # three items right at the first try: first tries right, right, wrong, right, right put the estimate at 0.975
    # with a run of two, so the line says the run, and one more right first try completes the practice.
    firsts = [True, True, False, True, True, True]
    assert bkt.trace(firsts[:5], bkt.DEFAULT) >= 0.95
    session = new_session()
    session.handle("/open coins-6")
    session.handle("")
    said: list[tuple[int, int, int, int, bool]] = []
    for right in firsts:
        state = session.state
        assert isinstance(state, Practising)
        reference = text_of(state.item.reference())
        if not right:
            session.handle(str(int(reference) + 1))
        out = text(session.handle(reference))
        (shown, target), (row, wanted) = SHOWN.findall(out)[-1], RUN.findall(out)[-1]
        said.append((int(shown), int(target), int(row), int(wanted), "Mastered" in out))
    assert said[4][0] >= said[4][1] and said[4][2:] == (2, 3, False), said  # at the target, the run not yet
    assert said[-1][2:] == (3, 3, True), said
    assert all(done == (shown >= target and row >= wanted) for shown, target, row, wanted, done in said), said


def test_a_review_of_a_lesson_without_variants_reads_plainly() -> None:
    # coins-1 has one variant: its review is a fresh table (issue 28.2), said once and without nested brackets; the
    # remembered answer does not pass it; the step does not offer "/next to move on" (which walked away from the
    # review), and the next review is a date and time, not a raw ISO stamp.
    clock = Stopped(parse("2026-03-01T09:00"))
    session = new_session(clock=clock)
    session.handle("/open coins-1")
    for _ in range(2):
        session.handle("")
    assert "Right" in text(session.handle("3"))
    clock.moment = parse("2026-03-03T09:00")  # right at the first try: due in two days
    out = " ".join(text(session.handle("/review")).split())
    assert "Review 1 of 1: count tables up to turning" in out, out
    assert "(coins-1; a question you have not answered)" in out and "((" not in out, out
    assert "on something you have not answered yet" in out and "the same question" not in out, out
    assert "Reviews done" not in text(session.handle("3")), "the remembered answer passed the review"
    done = " ".join(text(session.handle(text_of(session.step.reference()))).split())
    assert "Reviews done: 1 review." in done, done
    found = re.search(r"The next is due (\S+) at (\d\d:\d\d) UTC \(", done)
    assert found is not None and re.fullmatch(r"2026-0\d-\d\d", found.group(1)), done
    assert not re.search(r"\d\dT\d\d:", done), done
    assert session.reviewing is None


def test_a_true_or_false_parameter_reads_yes_or_no() -> None:
    # gods-7 said "That is True here." of the language being known, beside the god True; lightsout-6 said
    # "(wrapping round its edges: False)".
    session = new_session()
    gods = " ".join(text(session.handle("/open gods-7") + session.handle("")).split())
    assert re.search(r"That is (yes|no) here\.", gods), gods
    lights = " ".join(text(session.handle("/open lightsout-6") + session.handle("")).split())
    assert re.search(r"wrapping round its edges: (yes|no)\)", lights), lights


def test_importing_a_datashop_table_says_it_cannot_be_read_back(tmp_path) -> None:
    # The README lists DataShop among the export formats beside --import; importing one said only "is not JSON
    # (Expecting value: line 1 column 1 (char 0))".
    env = {"TUTOR_HOME": str(tmp_path), "TUTOR_NOW": "2026-03-01T09:00"}
    table = tmp_path / "class.tsv"
    assert run_tutor("progress", "--export", str(table), "--format", "datashop", env=env).returncode == 0
    assert table.read_text(encoding="utf-8").startswith("Anon Student Id\t")
    done = run_tutor("progress", "--import", str(table), env=env)
    assert done.returncode == 2 and done.stdout == "", done
    said = " ".join(done.stderr.split())
    assert "is a DataShop table" in said and "json or xapi" in said and done.stderr.strip().count("\n") == 0, said


def test_an_export_taken_under_a_frozen_clock_imports_whole(tmp_path) -> None:
    # Under TUTOR_NOW every attempt of a session has one time.  A game's move "01" and the same move winning the
    # game had one export id, so an import kept the move and dropped the win: the skill it was evidence for
    # vanished from the copy.  Two practice items answered with the same number were one record too.
    home = tmp_path / "home"
    home.mkdir()
    session = new_session(home / "progress.sqlite3", clock=Stopped(parse("2026-03-01T09:00")))
    session.handle("/open coins-1")
    for line in ("", "", "3", "0", "01", "0", "01"):
        session.handle(line)
    session.handle("/open coins-6")
    session.handle("")
    for _ in range(2):
        state = session.state
        assert isinstance(state, Practising)
        session.handle(text_of(state.item.reference()))
    session.progress.db.close()
    env = {"TUTOR_HOME": str(home), "TUTOR_NOW": "2026-03-01T09:00"}
    for form in ("json", "xapi"):
        export, copy = tmp_path / f"export.{form}", tmp_path / f"copy-{form}"
        assert run_tutor("progress", "--export", str(export), "--format", form, env=env).returncode == 0
        imported = run_tutor("progress", "--import", str(export), env={**env, "TUTOR_HOME": str(copy)})
        assert imported.returncode == 0 and "(0 records were here already)" in imported.stdout, imported
        again = run_tutor("progress", "--import", str(export), env=env)
        assert "imported 0 attempts" in again.stdout, again  # nothing doubled
        original, copied = (json.loads(run_tutor("progress", "--json", env={**env, "TUTOR_HOME": str(h)}).stdout)
                            for h in (home, copy))
        placeless = [[{k: v for k, v in row.items() if k != "step"} for row in p["lessons"]]
                     for p in (original, copied)]
        assert copied["skills"] == original["skills"] and placeless[0] == placeless[1], form  # xAPI has no place
        assert "coins/play-blindfolded" in {s["skill"] for s in copied["skills"]}
        held = [sorted(sqlite3.connect(h / "progress.sqlite3").execute(
            "SELECT lesson, step, answer, correct, verdict, at, skills, variant FROM attempts")) for h in (home, copy)]
        assert held[0] == held[1] and len(held[0]) == 7, held  # "3", four moves, two practice items

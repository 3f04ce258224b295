"""Skills shown (issue 28.3): ``/progress``, ``tutor progress --skills`` and ``--json`` say, per skill, the mastery,
whether it is mastered, the evidence (items by their first try: right or wrong, with help or not), the next review
and the last practice.  A scripted learner's record is counted here by hand and compared with what is shown."""

from __future__ import annotations

import json

from tests.helpers import run_tutor
from tutor.course import load_catalog
from tutor.learner.bkt import DEFAULT, trace
from tutor.progress import Progress
from tutor.screen.shown import text_of
from tutor.session import Session

SKILL = "coins/count-tables"


def script(session: Session) -> None:
    """Four coins-6 items: right; wrong then right; a hint then right; right (first tries: 2 unaided)."""
    session.handle("/open coins-6")
    session.handle("")
    for n in range(4):
        right = text_of(session.state.item.reference())
        if n == 1:
            session.handle(str(int(right) + 1))
        if n == 2:
            session.handle("/hint")
        session.handle(right)


def test_progress_shows_mastery_evidence_and_dates() -> None:
    session = Session(load_catalog([]), Progress(None))
    script(session)
    shown = "\n".join(r.text for r in session.handle("/progress"))
    rows = shown.splitlines()
    at = next(n for n, row in enumerate(rows) if row.startswith(SKILL))
    line, evidence, dates = rows[at: at + 3]
    expected = trace([True, False, False, True], DEFAULT, session.step.chance())
    assert f"{int(expected * 100)}%" in line and "not mastered" in line
    assert evidence == "  4 items: 2 right first try, 1 right after help, 1 wrong first try"
    assert "next review" in dates and "last " in dates and all(len(row) <= 80 for row in rows[1:])


def test_skills_command_lists_every_skill_with_its_standing_in_words_and_json(tmp_path) -> None:
    env = {"TUTOR_HOME": str(tmp_path)}
    session = Session(load_catalog([]), Progress(tmp_path / "progress.sqlite3"))
    script(session)
    words = run_tutor("progress", "--skills", env=env)
    assert words.returncode == 0 and "coins/bound-strategies" in words.stdout and "not practised yet" in words.stdout
    raw = run_tutor("progress", "--skills", "--json", env=env)
    rows = {row["skill"]: row for row in json.loads(raw.stdout)}
    mine = rows[SKILL]
    assert mine["evidence"] == {"right": 2, "right_after_help": 1, "wrong": 1, "wrong_after_help": 0, "repeats": 0}
    assert (mine["attempts"], mine["unaided"], mine["run"], mine["in_a_row"], mine["mastered"]) == (4, 2, 1, 3, False)
    assert mine["mastery"] == round(trace([True, False, False, True], DEFAULT, session.step.chance()), 4)
    assert mine["due"] and mine["last"] and rows["coins/bound-strategies"]["last"] is None
    assert set(mine) == set(rows["coins/bound-strategies"])  # every row has every key
    whole = json.loads(run_tutor("progress", "--json", env=env).stdout)
    assert [s for s in whole["skills"] if s["skill"] == SKILL] == [mine]

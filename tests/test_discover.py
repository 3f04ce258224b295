"""`tutor progress` for finished lessons and for lessons not loaded now (issue 22, item 8)."""

from __future__ import annotations

import json

from tutor.cli import main
from tutor.course import load_catalog
from tutor.progress import Progress
from tutor.progress.events import Completed
from tutor.session.summary import Summary
from tutor.settings import Settings


def finished(progress: Progress, lesson_id: str, steps: frozenset[int] | range) -> None:
    for step in steps:
        progress.record(Completed(lesson_id, step))


def test_a_finished_lesson_is_complete_and_an_unloaded_one_is_unknown():
    catalog = load_catalog()
    lesson = catalog.ordered()[0]
    progress = Progress(None)
    finished(progress, lesson.id, lesson.required)
    finished(progress, "s-coins", range(5))  # a lesson of a folder not passed now
    rows = {row.lesson: row for row in Summary.of(catalog, progress, recorded=True).lessons}
    done, away = rows[lesson.id], rows["s-coins"]
    assert done.complete is True and done.mark == "done"
    assert done.fraction == f"{len(lesson.required)}/{len(lesson.required)}"
    assert away.complete is None and away.fraction == "5/?" and "None" not in away.line()
    assert away.as_json()["complete"] is None and away.as_json()["questions"] is None


def test_progress_command_shows_no_none(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    monkeypatch.delenv("TUTOR_LESSONS", raising=False)
    lesson = load_catalog().ordered()[0]
    progress = Progress.default(Settings(home=tmp_path))
    finished(progress, lesson.id, lesson.required)
    finished(progress, "s-coins", range(5))
    assert main(["progress"]) == 0
    out = capsys.readouterr().out
    assert "None" not in out
    lines = {line.split()[0]: line.split()[1] for line in out.splitlines() if line.split()[0] in (lesson.id, "s-coins")}
    assert lines == {lesson.id: "complete", "s-coins": "5/?"}
    assert main(["progress", "--json"]) == 0
    rows = {r["lesson"]: r for r in json.loads(capsys.readouterr().out)["lessons"]}
    assert rows[lesson.id]["complete"] is True and rows["s-coins"]["complete"] is None


def test_the_skeleton_asks_in_plain_english_for_every_family():
    from tutor import puzzles
    from tutor.authoring import skeleton

    for name in puzzles.names():
        text = skeleton(f"{name}-new", name)
        asks = [line for line in text.splitlines() if line.startswith('ask = "Work it out')]
        computed = [line.split('"')[1] for line in text.splitlines() if line.startswith("compute = ")]
        described = puzzles.get(name).quantities[computed[0]].description.replace('"', "'")
        assert asks and asks[0] == f'ask = "Work it out for this puzzle: {described}."', asks  # its description
        assert "What is the worlds" not in text and ", worlds is " not in text

"""Grades you can trust: hostile class folders (clashes, duplicate stems, folders per learner, README files,
empty uploads, formula-like names), variants with and without the header /submit writes, the whole
judgement in every row, --strict and --feedback."""

from __future__ import annotations

import csv
import io
import json
import os
import time
from pathlib import Path

import pytest

from tests.helpers import new_session
from tutor.cli import main
from tutor.course import load_catalog, load_roots
from tutor.grading import collect, grade, judge_answer, rows_csv, rows_text

VARIANT = """
id = "var"
title = "Variants"
summary = "s"
puzzle = "coins"
[params]
coins = [2, 4]
[[steps]]
ask = "How long is the shortest win?"
answer = "number"
compute = "shortest_length"
[[steps.mistakes]]
match = "4"
say = "Count the moves, not the coins."
"""


def fold(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def coins2():
    lesson = load_catalog().find("coins-2")
    return lesson, lesson.steps[1]  # step 2: a number (how many start layouts), with misconceptions


def test_folders_per_learner_readmes_duplicates_and_empty_uploads(tmp_path, coins2):
    lesson, step = coins2
    subs = tmp_path / "class"
    (subs / "alice" / "work").mkdir(parents=True)
    (subs / "alice" / "work" / "answer.txt").write_text("5")
    (subs / "alice" / "README.md").write_text("my notes")
    (subs / "README.md").write_text("# the class")
    (subs / "meta.json").write_text("{}")
    (subs / "ghost").mkdir()  # a learner's folder with nothing in it
    (subs / "blank.txt").write_text(" \n\t\n")
    (subs / "void.txt").write_text("")
    (subs / "=SUM(A1).txt").write_text("16")
    (subs / "dup.txt").write_text("16")
    (subs / "dup.md").write_text("5")
    old = time.time() - 100
    os.utime(subs / "dup.txt", (old, old))  # dup.md is the newer
    found = collect([str(subs)])
    assert sorted(Path(p).name for p in found.skipped) == ["README.md", "README.md", "meta.json"]
    assert len(found.several) == 1 and "'dup' has 2 files" in found.several[0] and "dup.md" in found.several[0]
    rows = {r.learner: r for r in grade(lesson, step, found.submissions, jobs=1)}
    assert sorted(rows) == ["=SUM(A1)", "alice", "blank", "dup", "ghost", "void"]
    assert rows["alice"].correct and rows["alice"].file.endswith("alice/work/answer.txt")
    assert rows["dup"].correct and rows["dup"].file.endswith("dup.md") and "dup.txt" in rows["dup"].note
    assert rows["blank"].verdict == rows["void"].verdict == rows["ghost"].verdict == "empty"
    assert "empty answer" in rows["blank"].summary and "only spaces" in rows["blank"].summary
    assert "empty answer" in rows["void"].summary and "no answer file" in rows["ghost"].summary
    table = list(csv.DictReader(io.StringIO(rows_csv(list(rows.values())))))
    assert table[0]["learner"] == "'=SUM(A1)"  # a spreadsheet does not run it
    every = collect([str(subs)], all_files=True).submissions
    assert sorted(Path(s.file).name for s in every if s.learner == "dup") == ["dup.md", "dup.txt"]
    only = collect([str(subs)], include=["*.md"]).submissions
    assert sorted(s.learner for s in only) == ["README", "alice", "dup", "ghost"]


def test_every_row_carries_the_whole_judgement(coins2):
    lesson, step = coins2
    row = judge_answer(step, "16", "ann", "ann.txt")
    assert row.verdict == "incorrect" and row.misconception == "every_layout"
    assert row.counterexample and row.failure == "misconception every_layout" and row.answer == "16"
    assert "every_layout" in row.feedback and row.counterexample in row.feedback
    strategy = lesson.steps[4]
    declared = strategy.mistakes[0]
    assert declared.match is not None
    row = judge_answer(strategy, declared.match, "ben", "ben.txt")
    assert row.mistake and row.mistake.split()[0] in declared.say  # the instructor's text reaches the learner
    assert row.counterexample and row.failure.startswith("counterexample ")
    long = judge_answer(strategy, "0123 02 0123 01 0123 02 0123 " * 3, "cat", "cat.txt")
    shown = rows_text([long])
    words = set(fold(long.summary).split())
    assert all(word in words for line in shown.splitlines()[1:-1] for word in line.split()[4:] if ":" not in word
               and word not in ("incorrect",) and not word.isdigit())  # wrapped, never a word cut


def test_a_clashing_or_broken_lesson_stops_grading_naming_both_files(tmp_path, capsys):
    clash = tmp_path / "clash"
    clash.mkdir()
    bundled = load_catalog().find("coins-1").path
    (clash / "mine.toml").write_text(Path(bundled).read_text())
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "ann.txt").write_text("01 0")
    assert main(["grade", "--lesson", "coins-1", "--lessons", str(clash), str(subs)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "mine.toml" in err and bundled in err
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "b.toml").write_text('id = "mylesson"\ntitle = "T"\npuzzle = "coins"\n[params]\ncoins = "x"\n')
    assert main(["grade", "--lesson", "mylesson", "--lessons", str(broken), str(subs)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "b.toml" in err and "does not load" in err


def test_strict_feedback_and_json_summary(tmp_path, capsys):
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "ann.txt").write_text("5")
    (subs / "ben.txt").write_text("16")
    args = ["grade", "--lesson", "coins-2", "--step", "2", str(subs)]
    assert main(args) == 0
    capsys.readouterr()
    assert main([*args, "--strict", "--json", "--summary", "--feedback", str(tmp_path / "fb")]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["summary"]["verdicts"] == {"correct": 1, "incorrect": 1}
    assert out["summary"]["misconceptions"] == {"every_layout": 1}
    assert sorted(p.name for p in (tmp_path / "fb").iterdir()) == ["ann.md", "ben.md"]
    assert "every_layout" in (tmp_path / "fb" / "ben.md").read_text()
    (subs / "ben.txt").write_text("5")
    assert main([*args, "--strict"]) == 0
    assert "2 submissions: 2 correct" in capsys.readouterr().out


def test_session_submit_outside_a_lesson():
    session = new_session()
    assert "No lesson is open" in session.handle("/submit")[0].text


# -- --summary: clusters of the same failure -----------------------------------------------------------

KNOWN = {"16": ["a1", "a2", "a3"], "0016": ["a4"], "6": ["b1", "b2"], "17": ["c1"], "5": ["ok1", "ok2"]}


def test_clusters_of_a_class_whose_clusters_are_known_and_their_toml_passes_lint(tmp_path, coins2):
    from tutor.grading.summary import clusters, summary_json, summary_text
    from tutor.lint import lint_paths

    lesson, step = coins2
    subs = tmp_path / "subs"
    subs.mkdir()
    for answer, learners in KNOWN.items():
        for learner in learners:
            (subs / f"{learner}.txt").write_text(answer)
    rows = grade(lesson, step, collect([str(subs)]).submissions, jobs=1)
    found = clusters(rows)
    # by construction: 16 written two ways is one failure, 6 another, 17 a third; right answers are no cluster
    assert [[r.learner for r in c.members] for c in found] == [["a1", "a2", "a3", "a4"], ["b1", "b2"], ["c1"]]
    assert found[0].answers == ["16"] and found[0].representative.learner == "a1"
    data = summary_json(rows)
    assert data["verdicts"] == {"correct": 2, "incorrect": 7}
    assert sum(c["size"] for c in data["clusters"]) == sum(len(v) for k, v in KNOWN.items() if k != "5")
    shown = summary_text(rows)
    assert "█" in shown and "3 clusters" in shown and all(len(line) <= 80 for line in shown.splitlines()
                                                           if not line.startswith(("match", "say")))
    # the entries pasted under step 2 of a copy of the lesson: lint passes, and every member now matches
    source = Path(lesson.path).read_text()
    cut = [i for i in range(len(source)) if source.startswith("\n[[steps]]", i)][2]
    pasted = source[:cut] + "\n" + found[0].entry() + found[1].entry() + source[cut:]
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "c.toml").write_text(pasted.replace('id = "coins-2"', 'id = "coins-2-copy"'))
    assert lint_paths([str(copy)]) == (1, [])
    again = load_roots([copy]).lessons["coins-2-copy"]
    regraded = {r.learner: r for r in grade(again, again.steps[1], collect([str(subs)]).submissions, jobs=1)}
    for cluster in found[:2]:
        for member in cluster.members:
            assert regraded[member.learner].mistake.startswith("A common mistake")
    assert not regraded["c1"].mistake and not regraded["ok1"].mistake


def test_the_failure_key_comes_from_the_engine_not_from_how_the_answer_is_written(coins2):
    lesson, _ = coins2
    strategy = lesson.steps[4]
    written = ["0123 02 0123", "0123   02\n0123", "0 1 2", "0123 02 0123 01 0123 02 0123"]
    rows = [judge_answer(strategy, text, f"l{i}", "f") for i, text in enumerate(written)]
    assert rows[0].failure == rows[1].failure and rows[0].answer == rows[1].answer
    for row in rows:  # the key is the counterexample's start and final table, judged again from the answer
        data = strategy.judge(row.answer).data["counterexample"]
        assert row.failure == f'counterexample {{"final": "{data["final"]}", "start": "{data["start"]}"}}'
    assert len({r.failure for r in rows}) == 3

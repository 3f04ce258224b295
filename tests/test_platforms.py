"""Grades for course platforms, parsed back and checked against the fields each platform documents:
Gradescope's results.json, PrairieLearn's external-grader result, JUnit XML."""

from __future__ import annotations

import io
import json
import sys
import xml.etree.ElementTree as ET

from test_instructors import make_class, tutor


def grade(tmp_path, form: str) -> str:
    folder = tmp_path / "class"
    if not folder.exists():
        make_class(folder)
    run = tutor("grade", "--lesson", "coins-2", str(folder), "--format", form)
    assert run.returncode == 0, run.stderr
    return run.stdout


def expected(tmp_path) -> dict[str, dict]:
    """The rows as --json gives them: the reference every format must agree with."""
    grade(tmp_path, "text")
    run = tutor("grade", "--lesson", "coins-2", str(tmp_path / "class"), "--json")
    return {r["learner"]: r for r in json.loads(run.stdout)["rows"]}


def test_gradescope_results_json(tmp_path):
    rows = expected(tmp_path)
    data = json.loads(grade(tmp_path, "gradescope"))
    assert data["score"] == sum(r["correct"] for r in rows.values())
    assert {t["name"] for t in data["tests"]} == set(rows)
    for test in data["tests"]:
        row = rows[test["name"]]
        assert test["max_score"] == 1 and test["score"] == int(row["correct"])
        assert test["status"] == ("passed" if row["correct"] else "failed")
        assert row["verdict"] in test["output"] and row["summary"][:40] in test["output"]
    assert data["visibility"] == "visible" and "5 submissions" in data["output"]


def test_prairielearn_result(tmp_path):
    rows = expected(tmp_path)
    data = json.loads(grade(tmp_path, "prairielearn"))
    assert data["gradable"] is True
    assert data["score"] == sum(r["correct"] for r in rows.values()) / len(rows) and 0 <= data["score"] <= 1
    assert sorted(t["name"] for t in data["tests"]) == sorted(rows)
    for test in data["tests"]:
        assert (test["points"], test["max_points"]) == (int(rows[test["name"]]["correct"]), 1)
        assert test["message"] == rows[test["name"]]["verdict"]


def test_junit_xml(tmp_path):
    rows = expected(tmp_path)
    root = ET.fromstring(grade(tmp_path, "junit"))
    suite = root.find("testsuite")
    assert suite is not None and suite.get("name") == "coins-2 step 5"
    cases = suite.findall("testcase")
    assert {c.get("name") for c in cases} == set(rows) and suite.get("tests") == str(len(rows))
    wrong = [c for c in cases if c.find("failure") is not None]
    assert {c.get("name") for c in wrong} == {n for n, r in rows.items() if not r["correct"]}
    assert suite.get("failures") == str(len(wrong)) and suite.get("errors") == "0"
    for case in wrong:
        failure = case.find("failure")
        assert failure is not None and failure.get("type") == rows[case.get("name") or ""]["verdict"]


def test_format_and_json_flags_are_one_choice(tmp_path):
    folder = tmp_path / "class"
    make_class(folder)
    both = tutor("grade", "--lesson", "coins-2", str(folder), "--json", "--format", "junit")
    assert both.returncode == 2 and "not allowed with" in both.stderr
    bad = tutor("grade", "--lesson", "coins-2", str(folder), "--format", "moodle")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_and_only_when_slow(monkeypatch):
    from tutor.commands import progress_bar

    for stream, after, shows in ((Terminal(), 0.0, True), (io.StringIO(), 0.0, False), (Terminal(), 60.0, False)):
        monkeypatch.setattr(sys, "stderr", stream)
        with progress_bar("grading 3 files", 3, after=after) as done:
            for _ in range(3):
                done()
        assert ("grading 3 files" in stream.getvalue()) == shows, (after, stream.getvalue())

"""Grades for spreadsheets and course platforms, checked against what each documents: Gradescope's results.json
and PrairieLearn's external-grader result against JSON Schemas written from their docs (tests/data), JUnit XML
against the Jenkins xunit plug-in's junit-10.xsd (tests/data, source in its header), CSV against JSON."""

from __future__ import annotations

import csv
import io
import json
import sys
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
import xmlschema
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_instructors import make_class
from tests.test_instructors import tutor_process as tutor
from tutor import platforms
from tutor.course import load_catalog
from tutor.grading import Row, grade, graded_step, submission_files

DATA = Path(__file__).resolve().parent / "data"
JUNIT_XSD = xmlschema.XMLSchema(str(DATA / "junit-10.xsd"))
GRADESCOPE = jsonschema.Draft202012Validator(json.loads((DATA / "gradescope-results.schema.json").read_text()))
PRAIRIELEARN = jsonschema.Draft202012Validator(json.loads((DATA / "prairielearn-results.schema.json").read_text()))

JUDGED = Row("zoe", "class/zoe.txt", "incorrect", False, 3, 15, "does not always win",
             variant="coins=4", mistake="Turning one coin at a time never ends.", misconception="one at a time",
             counterexample="start 0101\nafter 01: 1001", failure="k3")
HOSTILE = ["=1+2", "+SUM(A1)", "-2", "@cmd", "\tq", "\rr", "a\x1bb", "x\x00y", "\udcff", "ok"]


@pytest.fixture(scope="module")
def rows(tmp_path_factory) -> list[Row]:
    """The five-learner class of test_instructors, graded in this process."""
    folder = tmp_path_factory.mktemp("platforms") / "class"
    make_class(folder)
    lesson = load_catalog().find("coins-2")
    return grade(lesson, graded_step(lesson), submission_files([str(folder)]), jobs=1)


def hostile_rows() -> list[Row]:
    return [Row(name, f"class/{name}.txt", "incorrect" if i % 2 else "correct", not i % 2, None, i, name)
            for i, name in enumerate(HOSTILE)]


# -- Gradescope and PrairieLearn ------------------------------------------------------------------------


def test_gradescope_results_follow_the_documented_format(rows):
    data = platforms.gradescope("coins-2", 5, rows)
    GRADESCOPE.validate(data)
    right = [r for r in rows if r.verdict == "correct"]  # counted from the verdicts, not from `correct`
    assert data["score"] == len(right) == 2
    assert [t["name"] for t in data["tests"]] == [r.learner for r in rows]
    for test, row in zip(data["tests"], rows, strict=True):
        assert test["max_score"] == 1 and test["score"] == (1 if row in right else 0)
        assert test["status"] == ("passed" if row in right else "failed")
        assert test["output"].startswith(row.verdict) and row.summary[:40] in test["output"]
        assert test["extra_data"]["file"] == row.file
    assert data["visibility"] == "visible" and "5 submissions" in data["output"]


def test_prairielearn_result_follows_the_documented_format(rows):
    data = platforms.prairielearn("coins-2", 5, rows)
    PRAIRIELEARN.validate(data)
    assert data["gradable"] is True and data["score"] == pytest.approx(2 / 5)
    assert [(t["name"], t["points"], t["max_points"], t["message"]) for t in data["tests"]] == \
        [(r.learner, 1.0 if r.verdict == "correct" else 0.0, 1.0, r.verdict) for r in rows]


def test_prairielearn_is_ungradable_when_nothing_parses(rows):
    unread = [r for r in rows if r.verdict in ("unparsable", "empty")]
    data = platforms.prairielearn("coins-2", 5, unread)
    PRAIRIELEARN.validate(data)
    assert data["gradable"] is False and "score" not in data
    assert len(data["format_errors"]) == len(unread) == 2
    assert any("position 9 is out of range 0-3 at column 8 (move 2)" in e for e in data["format_errors"])
    schema_catches_it = {**data, "format_errors": None}
    assert not PRAIRIELEARN.is_valid(schema_catches_it)


def test_the_schemas_refuse_what_the_platforms_would():
    good = platforms.gradescope("l", 1, [JUDGED])
    assert not GRADESCOPE.is_valid({**good, "visibility": "always"})
    assert not GRADESCOPE.is_valid({"output": "no score anywhere"})
    assert not PRAIRIELEARN.is_valid({**platforms.prairielearn("l", 1, [JUDGED]), "score": 1.5})


# -- JUnit ----------------------------------------------------------------------------------------------


def test_junit_is_valid_against_jenkins_xunit_schema(rows):
    text = platforms.junit("coins-2", 5, rows, 1234.5678)
    JUNIT_XSD.validate(text)
    suite = ET.fromstring(text.encode())
    assert suite.tag == "testsuite" and suite.get("name") == "coins-2 step 5"
    cases = suite.findall("testcase")
    assert [c.get("name") for c in cases] == [r.learner for r in rows] and suite.get("tests") == "5"
    assert suite.get("time") == "1234.568"
    wrong = [c for c in cases if c.find("failure") is not None]
    assert [c.get("name") for c in wrong] == [r.learner for r in rows if r.verdict != "correct"]
    assert suite.get("failures") == str(len(wrong)) == "3" and suite.get("errors") == "0"
    for case, row in zip(cases, rows, strict=True):
        failure = case.find("failure")
        assert failure is None or failure.get("type") == row.verdict


def test_junit_engine_error_is_an_error_not_a_failure():
    crashed = Row("ann", "ann.txt", "error", False, None, None, "internal error (KeyError: 3)")
    suite = ET.fromstring(platforms.junit("l", 1, [crashed, JUDGED]).encode())
    JUNIT_XSD.validate(suite)
    assert (suite.get("errors"), suite.get("failures")) == ("1", "1")
    error = suite.find("testcase/error")
    assert error is not None and error.get("type") == "engine-error"


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(max_size=12), min_size=1, max_size=4))
def test_junit_stays_valid_whatever_the_names(names):
    rows = [Row(n, n, "incorrect", False, None, None, n + "\x07") for n in names]
    text = platforms.junit("l", 1, rows)
    JUNIT_XSD.validate(text)
    assert [c.get("name") for c in ET.fromstring(text.encode()).iter("testcase")] == \
        [platforms.escape(n) for n in names]


# -- CSV and JSON ---------------------------------------------------------------------------------------


def parsed_csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_csv_cells_a_spreadsheet_would_evaluate_are_neutralised():
    table = parsed_csv(platforms.rows_csv(hostile_rows()))
    for line in table:
        for cell in line.values():
            assert not cell.startswith(platforms.FORMULA_START), line
    assert table[0]["learner"] == "'=1+2" and table[2]["summary"] == "'-2" and table[3]["file"] == "class/@cmd.txt"
    assert {line["correct"] for line in table} == {"true", "false"}


def test_csv_and_json_hold_the_same_rows_escaped_alike(rows):
    for sample in (rows, hostile_rows(), [JUDGED]):
        table = parsed_csv(platforms.rows_csv(sample))
        data = platforms.rows_json(sample)
        assert len(table) == len(data) == len(sample)
        for line, item in zip(table, data, strict=True):
            assert list(line) == list(item)
            for key, value in item.items():
                shown = ("true" if value else "false") if isinstance(value, bool) else "" if value is None \
                    else str(value)
                assert line[key] == ("'" + shown if shown[:1] in ("=", "+", "-", "@") else shown), (key, value)
                kept = value.replace("\n", "") if key in platforms.MULTILINE and isinstance(value, str) else value
                assert not isinstance(kept, str) or kept.isprintable(), (key, value)  # only line breaks kept


def test_every_format_carries_the_whole_judgement():
    data = {"gs": platforms.gradescope("l", 1, [JUDGED])["tests"][0]["output"],
            "pl": platforms.prairielearn("l", 1, [JUDGED])["tests"][0]["output"],
            "junit": ET.fromstring(platforms.junit("l", 1, [JUDGED]).encode()).findtext("testcase/failure") or "",
            "csv": platforms.rows_csv([JUDGED]), "json": json.dumps(platforms.rows_json([JUDGED]))}
    for form, text in data.items():
        for part in ("never ends", "one at a time", "after 01: 1001", "coins=4", "does not always win"):
            assert part in text, (form, part)
    assert "Counterexample:\nstart 0101\nafter 01: 1001" in data["gs"]  # lines kept where a learner reads them


def test_a_correct_row_says_so_in_junit_output():
    right = replace(JUDGED, verdict="correct", correct=True, mistake="", misconception="", counterexample="")
    suite = ET.fromstring(platforms.junit("l", 1, [right]).encode())
    assert suite.findtext("testcase/system-out") == "correct: does not always win\nGraded on variant: coins=4"


# -- the command ----------------------------------------------------------------------------------------


def test_grade_command_writes_valid_junit_and_refuses_two_formats(tmp_path):
    folder = tmp_path / "class"
    make_class(folder)
    run = tutor("grade", "--lesson", "coins-2", str(folder), "--format", "junit")
    assert run.returncode == 0, run.stderr
    JUNIT_XSD.validate(run.stdout)
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

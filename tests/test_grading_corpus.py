"""A hostile class, graded by ``tutor grade`` in every format, each output checked by a real validator.

The class mixes what instructors' downloads hold: a folder per learner (one nested), loose files, two files of
one learner, a link out of the folder, an empty upload and one of only spaces, an answer that does not parse,
names a spreadsheet would evaluate, files written by ``/submit`` for each variant (and one naming a variant the
lesson cannot draw) and a file without a header.  Gradescope and PrairieLearn results are validated against
JSON Schemas written from their documentation, JUnit against the Jenkins xunit junit-10.xsd, CSV by a CSV
reader compared with the JSON rows; a lesson folder whose id clashes stops every format with one line.
"""

from __future__ import annotations

import csv
import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import xmlschema

from tutor.cli import main
from tutor.grading import format_header

DATA = Path(__file__).resolve().parent / "data"
FORMATS = ("text", "json", "csv", "gradescope", "prairielearn", "junit")
LESSON = """
id = "var"
title = "Variants"
summary = "s"
puzzle = "coins"
[params]
coins = [2, 4]
[[steps]]
ask = "How many different tables are there up to turning?"
answer = "number"
compute = "classes"
"""
RIGHT = {2: "3", 4: "6"}  # tables of 2 and 4 two-sided coins up to turning, counted by hand below


def necklaces(n: int) -> int:
    """Binary strings of length ``n`` up to rotation, by listing them (a second count, independent of the engine)."""
    return len({min(format(v, f"0{n}b")[i:] + format(v, f"0{n}b")[:i] for i in range(n)) for v in range(2 ** n)})


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The lesson folder and the hostile class folder."""
    root = tmp_path_factory.mktemp("corpus")
    lessons = root / "lessons"
    lessons.mkdir()
    (lessons / "var.toml").write_text(LESSON, encoding="utf-8")
    subs = root / "class"
    (subs / "alice").mkdir(parents=True)
    (subs / "alice" / "answer.txt").write_text(format_header("var", 1, {"coins": 4}) + RIGHT[4] + "\n")
    (subs / "bob" / "work").mkdir(parents=True)
    (subs / "bob" / "work" / "step1.txt").write_text(format_header("var", 1, {"coins": 2}) + "4\n")
    (subs / "carol.txt").write_text(format_header("var", 1, {"coins": 2}) + RIGHT[2] + "\n")
    (subs / "dup.txt").write_text(format_header("var", 1, {"coins": 2}) + "1\n")
    (subs / "dup.md").write_text(format_header("var", 1, {"coins": 2}) + RIGHT[2] + "\n")
    (subs / "empty.txt").write_text("")
    (subs / "blank.txt").write_text("   \n\t\n")
    (subs / "garbled.txt").write_text(format_header("var", 1, {"coins": 4}) + "six-ish\n")
    (subs / "=1+2.txt").write_text(format_header("var", 1, {"coins": 4}) + RIGHT[4] + "\n")
    (subs / "@cmd.txt").write_text(format_header("var", 1, {"coins": 2}) + "2\n")
    (subs / "nine.txt").write_text(format_header("var", 1, {"coins": 9}) + "52\n")  # a variant it cannot draw
    (subs / "bare.txt").write_text(RIGHT[4] + "\n")  # no header on a varied step
    (subs / "README.md").write_text("# Week 1 submissions\n")
    (subs / "link.txt").symlink_to("/etc/passwd")
    return lessons, subs


@pytest.fixture(scope="module")
def outputs(course: tuple[Path, Path]) -> dict[str, tuple[int, str, str]]:
    """Each format's exit status, standard output and standard error."""
    lessons, subs = course
    done = {}
    for form in FORMATS:
        with pytest.MonkeyPatch.context() as patch:
            out, err = io.StringIO(), io.StringIO()
            patch.setattr("sys.stdout", out)
            patch.setattr("sys.stderr", err)
            code = main(["grade", "--lesson", "var", "--lessons", str(lessons), str(subs), "--format", form,
                         "--jobs", "1"])
        done[form] = (code, out.getvalue(), err.getvalue())
    return done


def test_the_right_counts_are_right_by_hand() -> None:
    assert {n: str(necklaces(n)) for n in RIGHT} == RIGHT


def test_json_rows_are_one_per_learner_each_on_its_own_variant(outputs: dict[str, Any]) -> None:
    code, out, err = outputs["json"]
    assert code == 0, err
    rows = {r["learner"]: r for r in json.loads(out)["rows"]}
    assert set(rows) == {"alice", "bob", "carol", "dup", "empty", "blank", "garbled", "=1+2", "@cmd", "nine",
                         "bare", "link"}  # README.md is not a learner
    verdicts = {name: r["verdict"] for name, r in rows.items()}
    assert verdicts == {"alice": "correct", "bob": "incorrect", "carol": "correct", "dup": verdicts["dup"],
                        "empty": "empty", "blank": "empty", "garbled": "unparsable", "=1+2": "correct",
                        "@cmd": "incorrect", "nine": "ungraded", "bare": "ungraded", "link": "unreadable"}
    assert verdicts["dup"] in ("correct", "incorrect") and "dup." in err  # one row, the other file named
    assert rows["alice"]["variant"] == "coins=4" and rows["bob"]["variant"] == "coins=2"
    assert all(r["correct"] is (r["verdict"] == "correct") for r in rows.values())


def test_csv_holds_the_json_rows_and_nothing_a_spreadsheet_would_run(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["csv"]
    assert code == 0
    table = list(csv.DictReader(io.StringIO(out)))
    rows = json.loads(outputs["json"][1])["rows"]
    assert [t["learner"].lstrip("'") for t in table] == [r["learner"] for r in rows]
    assert {t["correct"] for t in table} <= {"true", "false"}
    for record in table:
        for cell in record.values():
            assert not cell or cell[0] not in "=+-@\t\r", record


def test_gradescope_results_are_valid_and_score_the_right_answers(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["gradescope"]
    assert code == 0
    data = json.loads(out)
    jsonschema.Draft202012Validator(json.loads((DATA / "gradescope-results.schema.json").read_text())).validate(data)
    right = sum(1 for r in json.loads(outputs["json"][1])["rows"] if r["verdict"] == "correct")
    assert data["score"] == right and len(data["tests"]) == 12


def test_prairielearn_results_are_valid(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["prairielearn"]
    assert code == 0
    data = json.loads(out)
    jsonschema.Draft202012Validator(json.loads((DATA / "prairielearn-results.schema.json").read_text())).validate(data)
    assert data["gradable"] is True and len(data["tests"]) == 12


def test_junit_is_valid_against_the_jenkins_schema(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["junit"]
    assert code == 0
    xmlschema.XMLSchema(str(DATA / "junit-10.xsd")).validate(out)
    suite = ET.fromstring(out.encode())
    rows = json.loads(outputs["json"][1])["rows"]
    assert suite.get("tests") == "12" and suite.get("time") is not None
    failed = {c.get("name") for c in suite.iter("testcase") if c.find("failure") is not None or
              c.find("error") is not None}
    assert failed == {r["learner"] for r in rows if r["verdict"] != "correct"}


def test_text_names_every_learner_on_one_line_each(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["text"]
    assert code == 0 and "\x1b" not in out
    for name in ("alice", "bob", "=1+2", "@cmd", "nine", "bare", "link"):
        assert name in out


@pytest.mark.parametrize("form", FORMATS)
def test_a_clashing_lesson_stops_every_format(course: tuple[Path, Path], tmp_path: Path, form: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    _, subs = course
    clash = tmp_path / "clash"
    clash.mkdir()
    (clash / "mine.toml").write_text(LESSON.replace('id = "var"', 'id = "coins-1"'), encoding="utf-8")
    assert main(["grade", "--lesson", "coins-1", "--lessons", str(clash), str(subs), "--format", form]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
    assert "mine.toml" in captured.err and "coins-1" in captured.err

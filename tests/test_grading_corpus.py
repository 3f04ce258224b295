"""A hostile class, graded by ``tutor grade`` in every format, each output checked by a real validator.

The class mixes what instructors' downloads hold: a folder per learner (one nested), loose files, two files of
one learner, a link out of the folder, an empty upload and one of only spaces, an answer that does not parse,
names a spreadsheet would evaluate, files headed as ``/submit`` writes them with each learner's own variant
(and two naming another: one the lesson cannot draw, one edited to the easier variant, each a ``variant
mismatch``) and a file without a header (graded on its learner's variant).  Gradescope and PrairieLearn
results are validated against JSON Schemas written from their documentation, JUnit against the Jenkins xunit
junit-10.xsd, CSV by a CSV reader compared with the JSON rows; a lesson folder whose id clashes stops every
format with one line.
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
from tutor.course import load_roots
from tutor.grading import format_header
from tutor.progress import Progress
from tutor.session import Session

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


def given(lessons: Path, learner: str) -> int:
    """The table size the tutor gives ``learner`` (``tutor --learner NAME``), read from a session as they meet it."""
    session = Session(load_roots([lessons]), Progress(None), learner=learner)
    session.handle("/open var")
    assert session.lesson is not None
    return int(session.lesson.variant["coins"])


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The lesson folder and the hostile class folder: each learner's header names the variant the tutor gave
    them, but mallory's, edited to the other variant and answered on it, and nine's, naming one the lesson
    cannot draw."""
    root = tmp_path_factory.mktemp("corpus")
    lessons = root / "lessons"
    lessons.mkdir()
    (lessons / "var.toml").write_text(LESSON, encoding="utf-8")
    subs = root / "class"

    def own(name: str, answer: str | None = None) -> str:
        coins = given(lessons, name)
        return format_header("var", 1, {"coins": coins}, name) + (answer or RIGHT[coins]) + "\n"

    (subs / "alice").mkdir(parents=True)
    (subs / "alice" / "answer.txt").write_text(own("alice"))
    (subs / "bob" / "work").mkdir(parents=True)
    (subs / "bob" / "work" / "step1.txt").write_text(own("bob", "4"))
    (subs / "carol.txt").write_text(own("carol"))
    (subs / "dup.txt").write_text(own("dup", "1"))
    (subs / "dup.md").write_text(own("dup"))
    (subs / "empty.txt").write_text("")
    (subs / "blank.txt").write_text("   \n\t\n")
    (subs / "garbled.txt").write_text(own("garbled", "six-ish"))
    (subs / "=1+2.txt").write_text(own("=1+2"))
    (subs / "@cmd.txt").write_text(own("@cmd", "2"))
    (subs / "nine.txt").write_text(format_header("var", 1, {"coins": 9}, "nine") + "52\n")  # it cannot draw 9
    other = 6 - given(lessons, "mallory")  # the variant mallory was not given, and its right answer
    (subs / "mallory.txt").write_text(format_header("var", 1, {"coins": other}, "mallory") + RIGHT[other] + "\n")
    (subs / "bare.txt").write_text(RIGHT[given(lessons, "bare")] + "\n")  # no header: graded on bare's variant
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


def test_json_rows_are_one_per_learner_each_on_its_own_variant(outputs: dict[str, Any],
                                                               course: tuple[Path, Path]) -> None:
    code, out, err = outputs["json"]
    assert code == 0, err
    rows = {r["learner"]: r for r in json.loads(out)["rows"]}
    assert set(rows) == {"alice", "bob", "carol", "dup", "empty", "blank", "garbled", "=1+2", "@cmd", "nine",
                         "mallory", "bare", "link"}  # README.md is not a learner
    verdicts = {name: r["verdict"] for name, r in rows.items()}
    assert verdicts == {"alice": "correct", "bob": "incorrect", "carol": "correct", "dup": verdicts["dup"],
                        "empty": "empty", "blank": "empty", "garbled": "unparsable", "=1+2": "correct",
                        "@cmd": "incorrect", "nine": "variant mismatch", "mallory": "variant mismatch",
                        "bare": "correct", "link": "unreadable"}
    assert verdicts["dup"] in ("correct", "incorrect") and "dup." in err  # one row, the other file named
    lessons = course[0]
    for name in ("alice", "bob", "mallory", "bare"):  # every row names the variant the tutor gave its learner
        assert rows[name]["variant"] == f"coins={given(lessons, name)}", rows[name]
    assert "coins=9" in rows["nine"]["summary"] and f"coins={6 - given(lessons, 'mallory')}" in \
        rows["mallory"]["summary"]
    assert all(r["correct"] is (r["verdict"] == "correct") for r in rows.values())


def test_csv_holds_the_json_rows_and_nothing_a_spreadsheet_would_run(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["csv"]
    assert code == 0
    table = list(csv.DictReader(io.StringIO(out)))
    rows = json.loads(outputs["json"][1])["rows"]
    assert [t["learner"].lstrip("'") for t in table] == [r["learner"] for r in rows]
    assert {t["correct"] for t in table} <= {"true", "false"}
    assert {t["learner"] for t in table if t["verdict"] == "variant mismatch"} == {"nine", "mallory"}
    for record in table:
        for cell in record.values():
            assert not cell or cell[0] not in "=+-@\t\r", record


def test_gradescope_results_are_valid_and_score_the_right_answers(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["gradescope"]
    assert code == 0
    data = json.loads(out)
    jsonschema.Draft202012Validator(json.loads((DATA / "gradescope-results.schema.json").read_text())).validate(data)
    right = sum(1 for r in json.loads(outputs["json"][1])["rows"] if r["verdict"] == "correct")
    assert data["score"] == right and len(data["tests"]) == 13
    mismatched = [t for t in data["tests"] if t["extra_data"]["verdict"] == "variant mismatch"]
    assert {t["name"] for t in mismatched} == {"nine", "mallory"} and all(
        t["score"] == 0 and t["status"] == "failed" and "variant mismatch" in t["output"] for t in mismatched)


def test_prairielearn_results_are_valid(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["prairielearn"]
    assert code == 0
    data = json.loads(out)
    jsonschema.Draft202012Validator(json.loads((DATA / "prairielearn-results.schema.json").read_text())).validate(data)
    assert data["gradable"] is True and len(data["tests"]) == 13
    assert {t["name"] for t in data["tests"] if t["message"] == "variant mismatch"} == {"nine", "mallory"}
    assert all(t["points"] == 0 for t in data["tests"] if t["message"] == "variant mismatch")


def test_junit_is_valid_against_the_jenkins_schema(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["junit"]
    assert code == 0
    xmlschema.XMLSchema(str(DATA / "junit-10.xsd")).validate(out)
    suite = ET.fromstring(out.encode())
    rows = json.loads(outputs["json"][1])["rows"]
    assert suite.get("tests") == "13" and suite.get("time") is not None
    kinds = {c.get("name"): f.get("type") for c in suite.iter("testcase") if (f := c.find("failure")) is not None}
    assert kinds["nine"] == kinds["mallory"] == "variant mismatch"
    failed = {c.get("name") for c in suite.iter("testcase") if c.find("failure") is not None or
              c.find("error") is not None}
    assert failed == {r["learner"] for r in rows if r["verdict"] != "correct"}


def test_text_names_every_learner_on_one_line_each(outputs: dict[str, Any]) -> None:
    code, out, _ = outputs["text"]
    assert code == 0 and "\x1b" not in out
    for name in ("alice", "bob", "=1+2", "@cmd", "nine", "bare", "link"):
        assert name in out
    assert any(line.startswith("mallory") and "variant mismatch" in line for line in out.splitlines())


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


@pytest.mark.parametrize("form", ["text", "json", "junit"])
def test_the_summary_lists_every_file_naming_another_variant(course: tuple[Path, Path], form: str,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    lessons, subs = course
    assert main(["grade", "--lesson", "var", "--lessons", str(lessons), str(subs), "--summary", "--format", form,
                 "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    if form == "json":
        listed = json.loads(captured.out)["summary"]["mismatches"]
        assert [m["learner"] for m in listed] == ["mallory", "nine"]
        assert all(m["file"].endswith(f"{m['learner']}.txt") and "header names" in m["summary"] for m in listed)
        assert json.loads(captured.out)["summary"]["verdicts"]["variant mismatch"] == 2
        return
    summary = captured.out if form == "text" else captured.err  # after a platform's file: on standard error
    part = summary[summary.index("2 files naming another variant"):summary.index("cluster")].splitlines()[1:]
    assert [line.split()[0] for line in part if line[2:3].strip()] == ["mallory:", "nine:"], part

"""Learning records that leave the machine: JSON, xAPI and DataShop exports, and imports that lose and double
nothing (issue 21)."""

from __future__ import annotations

import csv
import io
import json

import jsonschema
import pytest

from tests.test_class_learners import learners
from tutor.cli import main
from tutor.learner.export import ExportError, records_of, to_json
from tutor.learner.export_datashop import KC
from tutor.learner.export_formats import read_records, write
from tutor.learner.export_merge import merge
from tutor.learner.export_xapi import statements
from tutor.progress import Progress
from tutor.settings import Settings

# The xAPI 1.0.3 statement, written from the specification (xAPI-Data.md, part two: 2.4 Statement Properties,
# 2.4.2 Actor, 2.4.3 Verb, 2.4.4 Object, 2.4.5 Result, 2.4.6 Context, 4.2 Language Maps, 4.1 Extensions):
# actor, verb and object are required; an Agent has exactly one inverse functional identifier (an account
# has homePage and name); a verb has an IRI id and a language map display; an Activity has an IRI id; result
# score.scaled lies in [-1, 1]; duration is ISO 8601; extension keys are IRIs; no property outside the spec.
IRI = {"type": "string", "pattern": r"^[A-Za-z][A-Za-z0-9+.-]*:\S+$"}
LANGUAGE_MAP = {"type": "object", "propertyNames": {"pattern": r"^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$"},
                "additionalProperties": {"type": "string"}}
EXTENSIONS = {"type": "object", "propertyNames": IRI}
UUID = {"type": "string", "pattern": r"^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"}
ACTIVITY = {
    "type": "object", "required": ["id"], "additionalProperties": False,
    "properties": {
        "objectType": {"const": "Activity"}, "id": IRI,
        "definition": {"type": "object", "additionalProperties": False, "properties": {
            "name": LANGUAGE_MAP, "description": LANGUAGE_MAP, "type": IRI, "moreInfo": IRI,
            "extensions": EXTENSIONS, "interactionType": {"enum": [
                "true-false", "choice", "fill-in", "long-fill-in", "matching", "performance", "sequencing",
                "likert", "numeric", "other"]},
            "correctResponsesPattern": {"type": "array", "items": {"type": "string"}}}}}}
XAPI_STATEMENT = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["actor", "verb", "object"],
    "additionalProperties": False,
    "properties": {
        "id": UUID,
        "actor": {"type": "object", "additionalProperties": False,
                  "properties": {
                      "objectType": {"const": "Agent"}, "name": {"type": "string"},
                      "mbox": {"type": "string", "pattern": "^mailto:"}, "mbox_sha1sum": {"type": "string"},
                      "openid": IRI,
                      "account": {"type": "object", "required": ["homePage", "name"], "additionalProperties": False,
                                  "properties": {"homePage": IRI, "name": {"type": "string"}}}},
                  "oneOf": [{"required": [key]} for key in ("mbox", "mbox_sha1sum", "openid", "account")]},
        "verb": {"type": "object", "required": ["id"], "additionalProperties": False,
                 "properties": {"id": IRI, "display": LANGUAGE_MAP}},
        "object": ACTIVITY,
        "result": {"type": "object", "additionalProperties": False, "properties": {
            "score": {"type": "object", "properties": {"scaled": {"type": "number", "minimum": -1, "maximum": 1},
                                                       "raw": {"type": "number"}, "min": {"type": "number"},
                                                       "max": {"type": "number"}}},
            "success": {"type": "boolean"}, "completion": {"type": "boolean"}, "response": {"type": "string"},
            "duration": {"type": "string", "pattern": r"^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?"
                                                      r"(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$"},
            "extensions": EXTENSIONS}},
        "context": {"type": "object", "additionalProperties": False, "properties": {
            "registration": UUID, "revision": {"type": "string"}, "platform": {"type": "string"},
            "language": {"type": "string"}, "extensions": EXTENSIONS,
            "contextActivities": {"type": "object", "additionalProperties": False, "properties": {
                key: {"type": "array", "items": ACTIVITY} for key in ("parent", "grouping", "category", "other")}}}},
        "timestamp": {"type": "string", "format": "date-time",
                      "pattern": r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$"},
        "stored": {"type": "string"}, "authority": {"type": "object"}, "version": {"pattern": r"^1\.0(\.\d+)?$"},
        "attachments": {"type": "array"},
    },
}


@pytest.fixture(scope="module")
def records():
    """Four synthetic learners' records (seeded sessions): attempts right and wrong, hints, completed steps."""
    return [learner.records for learner in learners(4, seed=7)]


def test_the_json_export_reads_back_to_the_same_records(records):
    assert all(r.attempts and r.completed for r in records) and any(r.hints for r in records)
    for r in records:
        assert read_records(to_json(r), "x") == r
        data = json.loads(to_json(r))
        assert data["format"] == 3 and all(a["step"] >= 1 for a in data["attempts"])


def test_steps_count_from_one_as_authors_count():
    # the store counts steps from 0; an export counts them as authors do, from 1 (the plan holds index + 1)
    learner = learners(1, seed=7)[0]
    assert [a.step for a in learner.records.attempts if a.skills] == \
        [step for _, step, _, how in learner.plan for _ in range(2 if how == "wrong" else 1)]


def test_xapi_statements_follow_the_statement_structure_and_read_back(records):
    validator = jsonschema.Draft202012Validator(XAPI_STATEMENT)
    for r in records:
        out = statements(r)
        assert len(out) == len(r.attempts) + len(r.hints) + len(r.solutions) + len(r.completed)
        for statement in out:
            validator.validate(statement)
        assert len({s["id"] for s in out}) == len(out)  # a stable id per record: a store keeps each once
        answered = [s for s in out if s["verb"]["display"]["en-US"] == "answered"]
        assert [s["result"]["success"] for s in answered] == [a.correct for a in r.attempts]
        assert {s["actor"]["account"]["name"] for s in out} == {r.profile}
        back = read_records(write(r, "xapi"), "x")
        assert (back.attempts, back.hints, back.completed, back.solutions) == \
            (r.attempts, r.hints, r.completed, r.solutions)


def test_the_schema_refuses_what_the_spec_refuses():
    validator = jsonschema.Draft202012Validator(XAPI_STATEMENT)
    good = statements(learners(1, seed=3)[0].records)[0]
    bad_actor = {**good, "actor": {"objectType": "Agent", "name": "no identifier"}}
    bad_verb = {**good, "verb": {"display": {"en-US": "answered"}}}
    extra = {**good, "mood": "happy"}
    for statement in (bad_actor, bad_verb, extra, {k: v for k, v in good.items() if k != "object"}):
        assert not validator.is_valid(statement)


def test_the_datashop_table_reads_back_with_the_csv_module(records):
    for r in records:
        table = write(r, "datashop")
        header, *rows = list(csv.reader(io.StringIO(table), delimiter="\t", quoting=csv.QUOTE_NONE))
        assert header[:3] == ["Anon Student Id", "Session Id", "Time"] and "Level(Lesson)" in header
        assert {"Problem Name", "Step Name", "Attempt At Step", "Outcome", "Selection", "Action", "Input",
                "Feedback Text", "Student Response Type", "Tutor Response Type"} <= set(header)
        assert all(len(row) == len(header) for row in rows)
        got = [dict(zip(header, row, strict=True)) for row in rows]
        outcomes = [g["Outcome"] for g in got]
        assert outcomes.count("HINT") == len(r.hints)
        assert outcomes.count("CORRECT") == sum(a.correct for a in r.attempts)
        assert outcomes.count("INCORRECT") == sum(not a.correct for a in r.attempts)
        assert [g["Time"] for g in got] == sorted(g["Time"] for g in got)
        kcs = [i for i, name in enumerate(header) if name == KC]
        attempts = [row for row in rows if row[header.index("Student Response Type")] == "ATTEMPT"]
        assert [tuple(row[i] for i in kcs if row[i]) for row in attempts] == [a.skills for a in r.attempts]
        # Attempt At Step counts each learner's tries at a step, independently of the writer
        counted: dict[tuple[str, str], int] = {}
        for g in got:
            if g["Student Response Type"] == "ATTEMPT":
                place = (g["Problem Name"], g["Step Name"])
                counted[place] = counted.get(place, 0) + 1
                assert g["Attempt At Step"] == str(counted[place])


def test_an_import_loses_nothing_and_doubles_nothing(records):
    here = Progress(None)
    first = merge(here, read_records(to_json(records[0]), "x"))
    stored = records_of(here.export())
    assert stored.attempts == records[0].attempts and stored.hints == records[0].hints
    assert stored.completed == records[0].completed
    assert first.attempts == len(records[0].attempts) and first.known == 0
    again = merge(here, read_records(to_json(records[0]), "x"))
    via_xapi = merge(here, read_records(write(records[0], "xapi"), "x"))
    own = merge(here, records_of(here.export()))
    for nothing in (again, via_xapi, own):
        assert (nothing.attempts, nothing.hints, nothing.solutions, nothing.completed) == (0, 0, 0, 0)
    assert records_of(here.export()).attempts == records[0].attempts
    merge(here, records[1])  # a second machine's records join the first's
    union = records_of(here.export())
    assert len(union.attempts) == len(records[0].attempts) + len(records[1].attempts)
    assert set(union.attempts) == set(records[0].attempts) | set(records[1].attempts)


@pytest.mark.parametrize("content, says", [
    ("not json", "is not JSON"),
    ('{"lesson": "x"}', "is not a tutor progress export"),
    ('{"attempts": [{"lesson": "coins-1", "step": "two"}]}', "attempts record 1 is malformed"),
    ('[{"verb": {"id": "http://adlnet.gov/expapi/verbs/voided"}}]', "statement 1 is not one of this tutor's"),
])
def test_a_bad_import_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys, content, says):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "home"))
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    assert main(["progress", "--import", str(bad)]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1
    with pytest.raises(ExportError):
        read_records(content, "x")


def test_the_command_exports_each_format_and_imports_it_back(tmp_path, monkeypatch, capsys, records):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "a"))
    merge(Progress.default(Settings(home=tmp_path / "a")), records[2])
    for form in ("json", "xapi", "datashop"):
        assert main(["progress", "--export", str(tmp_path / f"out.{form}"), "--format", form]) == 0
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "b"))
    assert main(["progress", "--import", str(tmp_path / "out.xapi")]) == 0
    assert main(["progress", "--import", str(tmp_path / "out.json")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"imported {len(records[2].attempts)} attempts" in out and "imported 0 attempts" in out
    assert records_of(Progress.default(Settings(home=tmp_path / "b")).export()).attempts == records[2].attempts

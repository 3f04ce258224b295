"""The lesson format as typed models: every bundled lesson against the exported JSON Schema (jsonschema), the
same refusals from the schema and from the tutor, the docs tables generated from the models, `tutor schema` and
the directive `tutor new` writes."""

from __future__ import annotations

import copy
import json
import tomllib
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.helpers import run_tutor
from tutor.course import bundled_root
from tutor.course.editors import TAPLO, json_schema
from tutor.course.keys import key_table, tables
from tutor.course.parse import parse_lesson
from tutor.course.steps.kinds import models
from tutor.errors import LessonError

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted(bundled_root().rglob("*.toml"))
VALIDATOR = Draft202012Validator(json_schema("lesson"))


def test_the_schemas_are_valid_json_schema() -> None:
    for which in ("lesson", "pack"):
        Draft202012Validator.check_schema(json_schema(which))


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_bundled_lesson_passes_the_exported_schema(path: Path) -> None:
    errors = list(VALIDATOR.iter_errors(tomllib.loads(path.read_text(encoding="utf-8"))))
    assert not errors, [e.message for e in errors]


GOOD = tomllib.loads((bundled_root() / "coins" / "01-two-coins.toml").read_text(encoding="utf-8"))


def broken(change) -> dict:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


BAD = {
    "unknown lesson key": (lambda d: d.update(author="me"), "unknown key 'author'"),
    "unknown step key": (lambda d: d["steps"][0].update(colour="red"), "steps[1]: unknown key 'colour'"),
    "unknown mistake key": (lambda d: d["steps"][2].update(mistakes=[{"say": "x", "match": "4"}, {"say": "x",
                                                                                                   "mtach": "3"}]),
                            "steps[3].mistakes[2]: unknown key 'mtach'"),  # the second of two
    "wrong type": (lambda d: d.update(order="first"), "order: expected a whole number, got str"),
    "explore as text": (lambda d: d["steps"][3].update(goal="explore", explore="3"),
                        "steps[4].explore: expected a whole number, got str"),
    "explore on a say step": (lambda d: d["steps"][0].update(explore=3), "steps[1].explore: only play steps take"),
    "hints not a list": (lambda d: d["steps"][2].update(hints="one"), "steps[3].hints: expected array, got str"),
    "bad id": (lambda d: d.update(id="Two Coins"), "id: must be lower-case letters"),
    "empty title": (lambda d: d.update(title="  "), "title: expected non-empty text"),
    "no steps": (lambda d: d.update(steps=[]), "steps: a lesson needs at least one [[steps]] entry"),
    "missing summary": (lambda d: d.pop("summary"), "missing key 'summary'"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_broken_lesson_fails_the_schema_and_the_tutor_says_where(name: str) -> None:
    change, words = BAD[name]
    data = broken(change)
    assert list(VALIDATOR.iter_errors(data)), f"{name}: the schema accepts it"
    with pytest.raises(LessonError) as err:
        parse_lesson(data, "lesson.toml")
    assert str(err.value).startswith("lesson.toml: ") and words in str(err.value), str(err.value)


def test_the_docs_tables_are_the_models() -> None:
    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    for which in ("lesson", "pack"):
        for model, columns, title in tables(which):
            assert key_table(model, columns) in guide, \
                f"docs/authoring.md: paste the table under {title!r} of `tutor schema {which} --markdown`"
    shown = run_tutor("schema", "--markdown").stdout
    assert key_table(models(), ("key", "on", "type", "meaning")) in shown


def test_schema_command_and_the_editor_files(tmp_path: Path) -> None:
    out = run_tutor("schema")
    assert out.returncode == 0 and json.loads(out.stdout) == json_schema("lesson")
    pack = run_tutor("schema", "pack")
    assert pack.returncode == 0 and json.loads(pack.stdout) == json_schema("pack")
    bad = run_tutor("schema", "course")
    assert bad.returncode == 2 and "invalid choice" in bad.stderr
    run_tutor("new", "week1", "--puzzle", "gods", "--dir", str(tmp_path))
    written = (tmp_path / "week1.toml").read_text(encoding="utf-8")
    assert "#:schema" not in written  # no path relative to the lesson: it may move to a pack folder
    assert json.loads((tmp_path / "lesson.schema.json").read_text(encoding="utf-8")) == json_schema("lesson")
    assert json.loads((tmp_path / "pack.schema.json").read_text(encoding="utf-8")) == json_schema("pack")
    assert (tmp_path / ".taplo.toml").read_text(encoding="utf-8") == TAPLO
    assert not list(VALIDATOR.iter_errors(tomllib.loads(written)))
    made = run_tutor("schema", "--write", str(tmp_path / "course"))
    assert made.returncode == 0 and made.stdout.count("wrote ") == 3


def test_the_taplo_setup_matches_lessons_and_packs_and_not_itself() -> None:
    taplo = tomllib.loads(TAPLO)
    assert ".taplo.toml" in taplo["exclude"] and "**/.taplo.toml" in taplo["exclude"]
    lesson, pack = taplo["rule"]
    assert lesson["schema"]["path"] == "./lesson.schema.json" and "**/pack.toml" in lesson["exclude"]
    assert pack["schema"]["path"] == "./pack.schema.json" and pack["include"] == ["**/pack.toml"]
    packs = Draft202012Validator(json_schema("pack"))
    for path in bundled_root().rglob("pack.toml"):
        assert not list(packs.iter_errors(tomllib.loads(path.read_text(encoding="utf-8")))), path
    assert list(packs.iter_errors(GOOD)), "a lesson is not a pack"
    assert list(VALIDATOR.iter_errors(tomllib.loads(TAPLO))), "the Taplo file is not a lesson"


def test_the_schema_has_no_null_and_names_the_choices() -> None:
    text = json.dumps(json_schema("lesson"))
    assert '"type": "null"' not in text and '"default": null' not in text
    steps = json_schema("lesson")["$defs"]
    assert steps["GameFile"]["properties"]["goal"]["enum"] == ["explore", "win"]
    assert "strategy" in steps["WrittenFile"]["properties"]["answer"]["enum"]
    assert all(d.get("additionalProperties") is False for d in steps.values())


def test_errors_name_the_line_of_their_key(tmp_path: Path) -> None:
    from tutor.course import load_file

    path = tmp_path / "l.toml"
    good = (bundled_root() / "coins" / "01-two-coins.toml").read_text(encoding="utf-8")
    lines = good.splitlines()
    play = [i for i, line in enumerate(lines) if line.strip() == "[[steps]]"][3]  # the fourth step is a game
    lines.insert(play + 1, 'goal = "explore"\nexplore = "3"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    wrong = rf"steps\[4\]\.explore: expected a whole number, got str \(line {play + 3}\)$"
    with pytest.raises(LessonError, match=wrong):
        load_file(path)
    path.write_text(good.replace('summary = ', 'author = "me"\nsummary = ', 1), encoding="utf-8")
    line = next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "author" in text)
    with pytest.raises(LessonError, match=rf"unknown key 'author' .* \(line {line}\)$"):
        load_file(path)

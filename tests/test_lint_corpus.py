"""tutor lint over a corpus of broken lessons (tests/data/lint): every problem of a file in one run, each once, on
the line and column of its key, with did-you-mean; the formats for CI; and the schema refusing every lesson lint
refuses for its shape (``# structural``), checked with the real jsonschema validator."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.helpers import run_tutor
from tutor.course.editors import json_schema
from tutor.lint import lint_problems, report

CORPUS = sorted((Path(__file__).parent / "data" / "lint").glob("*.toml"))
EXPECT = re.compile(r"^# expect (\d+):(\d+) (.*)$", re.M)


@pytest.fixture(scope="module")
def linted() -> dict[Path, list]:
    _, problems = lint_problems([str(p) for p in CORPUS])
    return {path: [p for p in problems if p.file == str(path)] for path in CORPUS}


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_each_problem_once_on_its_line(path: Path, linted: dict[Path, list]) -> None:
    expected = EXPECT.findall(path.read_text(encoding="utf-8"))
    found = linted[path]
    assert expected, f"{path.name}: no '# expect' lines"
    assert len(found) == len(expected), [p.text() for p in found]  # one report per problem, none left out
    for (line, column, words), problem in zip(expected, found, strict=True):
        assert (problem.line, problem.column) == (int(line), int(column)), problem.text()
        assert f"{problem.key}: {problem.message}".startswith(words) if problem.key else \
            problem.message.startswith(words), problem.text()
        assert "{'" not in problem.message and "variant {" not in problem.message  # no Python reprs


def test_a_problem_names_the_variants_it_holds_for_and_only_those(linted: dict[Path, list]) -> None:
    found = {p.key: p.message for p in linted[next(p for p in CORPUS if p.stem == "variants")]}
    assert "(in variant" not in found["steps[2].reference"]  # fixed parameters: the same in every variant
    named = re.search(r"\(in variants? (.*)\)$", found["steps[3].reference"])
    assert named, found
    coins = {int(v) for v in re.findall(r"coins = (\d+)", named.group(1))}
    assert coins and coins <= {3, 5, 6, 7}  # a strategy exists on 1, 2 and 4 coins: those variants are fine


@pytest.mark.parametrize("path", [p for p in CORPUS if "# structural" in p.read_text(encoding="utf-8")],
                         ids=lambda p: p.stem)
def test_the_schema_refuses_what_lint_refuses_for_its_shape(path: Path) -> None:
    validator = Draft202012Validator(json_schema("lesson"))
    assert list(validator.iter_errors(tomllib.loads(path.read_text(encoding="utf-8")))), path.name


def test_the_formats(linted: dict[Path, list]) -> None:
    problems = [p for found in linted.values() for p in found]
    rows = json.loads(report(problems, "json"))
    assert {tuple(sorted(r)) for r in rows} == {("column", "file", "key", "line", "message", "severity", "step")}
    assert {r["step"] for r in rows if r["key"].startswith("steps[2]")} == {2}
    assert all(r["step"] is None for r in rows if not r["key"].startswith("steps"))
    github = report(problems, "github").splitlines()
    assert len(github) == len(problems)
    assert all(re.fullmatch(r"::error file=[^,:]+,line=\d+,col=\d+::[^\n]+", line) for line in github)
    text = report(problems, "text").splitlines()
    assert all(re.match(r"[^:]+:\d+:\d+: ", line) for line in text)


def test_the_command_writes_json_to_stdout_and_exits_1() -> None:
    path = next(p for p in CORPUS if p.stem == "many-problems")
    run = run_tutor("lint", "--format", "json", str(path))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    rows = json.loads(run.stdout)
    assert len(rows) == len(EXPECT.findall(path.read_text(encoding="utf-8")))
    assert "problems in 1 lesson" in run.stderr

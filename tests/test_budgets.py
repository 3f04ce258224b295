"""Budgets on everything a lesson makes the tutor do: what a step shows is measured when the lesson is built
(lint and the session build it the same way, so a lesson lint passes cannot hang ``start``), placeholders are
filled in one pass, and a catalogue that takes too long to read says which files it did not read."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.cli import main
from tutor.course import load_roots
from tutor.course.text import Code
from tutor.limits import Limit

HEAD = 'id = "{id}"\ntitle = "T"\nsummary = "s"\npuzzle = "{puzzle}"\n'


def in_code(text: str, position: int) -> bool:
    """The definition, read off the whole text before ``position`` (what ``Code`` does in one pass)."""
    before = text[:position]
    if sum(1 for line in before.split("\n") if line.lstrip().startswith("```")) % 2:
        return True
    return before.rsplit("\n", 1)[-1].count("`") % 2 == 1


@settings(max_examples=400, deadline=None)
@given(text=st.text(alphabet="`a \n{}", max_size=80), data=st.data())
def test_code_spans_and_fences_in_one_pass_agree_with_the_definition(text: str, data: st.DataObject) -> None:
    places = sorted(data.draw(st.lists(st.integers(0, len(text)), max_size=10)))
    code = Code(text)
    assert [code.at(p) for p in places] == [in_code(text, p) for p in places]


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("TUTOR_LESSONS", raising=False)


def lesson(folder: Path, name: str, body: str, puzzle: str = "wythoff") -> Path:
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.toml"
    path.write_text(HEAD.format(id=name, puzzle=puzzle) + body, encoding="utf-8")
    return path


HUGE_LIST = ('[params]\nposition = "3,5"\n[[steps]]\nask = "' + "{{p_positions}} " * 5 + '"\nanswer = "outcome"\n'
             'args = {count = 1000000}\n')  # the 266-byte lesson: a million losing positions, five times
WIDE_TABLE = ('[params]\nposition = "3,5"\n[[steps]]\nsay = """\n' + "|" + " a |" * 1000 + "\n|" + "---|" * 1000
              + "\n|" + " 1 |" * 1000 + '\n"""\n')


@pytest.mark.parametrize(("body", "limit"), [(HUGE_LIST, "shown_chars"), (WIDE_TABLE, "table_cells")])
def test_what_a_step_would_show_is_measured_by_lint_and_by_start_alike(body, limit, tmp_path, monkeypatch, capsys):
    folder = tmp_path / "lessons"
    path = lesson(folder, "heavy", body)
    assert sorted(load_roots([folder]).lessons) == ["heavy"]  # listed: building waits until it is opened
    assert main(["lint", str(path)]) == 1
    out, err = capsys.readouterr()
    step_line = path.read_text(encoding="utf-8").splitlines().index("[[steps]]") + 1
    assert out.startswith(f"{path}:{step_line}:1: steps[1]: ") and f"over the limit {limit}" in out, out
    assert out.count("\n") == 1 and err == "1 problem in 1 lesson\n"  # one problem: the step is measured once
    monkeypatch.setattr(sys, "stdin", io.StringIO("/quit\n"))
    main(["start", "heavy", "--lessons", str(folder)])
    flat = " ".join(capsys.readouterr().out.split())  # plain mode wraps at 80 columns
    assert flat.count(f"over the limit {limit}") == 1 and "lesson 'heavy' cannot be opened" in flat


def test_thousands_of_placeholders_fill_and_lint(tmp_path, capsys):
    path = lesson(tmp_path, "many", '[params]\ncoins = 2\n[[steps]]\nsay = "' + "{{coins}} " * 20_000 + '"\n'
                  '[[steps]]\nask = "How many tables?"\nanswer = "number"\ncompute = "classes"\n', puzzle="coins")
    assert main(["lint", str(path)]) == 0, capsys.readouterr().err


def test_a_single_long_computation_is_stopped_by_the_lesson_budget(tmp_path, monkeypatch):
    """The CPU timer stops one unit of work that runs past the budget (no checkpoint inside an engine)."""
    monkeypatch.setattr("tutor.course.lesson.LESSON_SECONDS", Limit("lesson_seconds", 0, "seconds", "a test"))
    lesson(tmp_path, "slow", HUGE_LIST.replace("ask", "say").replace('answer = "outcome"\n', "")
           .replace("args = {count = 1000000}\n", ""))
    catalog = load_roots([tmp_path])
    with pytest.raises(Exception, match="lesson_seconds"):
        catalog.lessons["slow"].steps  # noqa: B018 - building it runs past a budget of 0 s


def test_a_catalogue_that_takes_too_long_names_the_files_it_did_not_read(tmp_path, monkeypatch):
    monkeypatch.setattr("tutor.course.catalog.CATALOG_SECONDS", Limit("catalog_seconds", 0, "seconds", "a test"))
    for i in range(3):
        lesson(tmp_path, f"l{i}", '[params]\nposition = "3,5"\n[[steps]]\nask = "?"\nanswer = "outcome"\n')
    catalog = load_roots([tmp_path])
    assert len(catalog.lessons) < 3
    assert any("not read" in e and "over the limit catalog_seconds" in e for e in catalog.errors), catalog.errors

"""Issue 31, part 1: an instructor's course folder with 30-odd deliberate authoring mistakes (tests/data/workbench:
six lessons, a copy with a clashing id, a file that is not TOML, a pack.toml): every one is reported in ONE run of
``tutor lint``, each once, on its FILE:LINE:COLUMN.  A bad lesson parameter or argument does not hide the checks of
the steps it does not affect, a pack.toml is checked whole, and a step key typo does not hide that step's answers.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import run_tutor
from tutor.lint import Problem, lint_problems

FOLDER = Path(__file__).parent / "data" / "workbench"
FILES = sorted(FOLDER.glob("*.toml"))
EXPECT = re.compile(r"^# expect (\d+):(\d+) (.*)$", re.M)


@pytest.fixture(scope="module")
def one_run() -> list[Problem]:
    _, problems = lint_problems([str(FOLDER)])
    return problems


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_mistake_once_on_its_line_in_one_run(path: Path, one_run: list[Problem]) -> None:
    expected = EXPECT.findall(path.read_text(encoding="utf-8"))
    found = [p for p in one_run if Path(p.file) == path]
    assert len(found) == len(expected), [p.text() for p in found]
    for (line, column, words), problem in zip(expected, found, strict=True):
        assert (problem.line, problem.column) == (int(line), int(column)), problem.text()
        assert f"{problem.key}: {problem.message}".startswith(words) if problem.key else \
            problem.message.startswith(words), problem.text()


def test_the_course_holds_thirty_mistakes_and_lint_reports_each(one_run: list[Problem]) -> None:
    expected = sum(len(EXPECT.findall(p.read_text(encoding="utf-8"))) for p in FILES)
    assert expected >= 30 and len(one_run) == expected


def fixed_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """The corpus lesson ``name`` with one mistake corrected, alone in a folder."""
    text = (FOLDER / name).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def keyed(problems: list[Problem]) -> set[tuple[str, str]]:
    return {(p.key, p.message) for p in problems}


def test_the_steps_a_bad_parameter_does_not_affect_are_checked_as_if_it_were_right(tmp_path: Path) -> None:
    """Second way: the problems of the steps that set ``coins`` themselves are exactly those lint finds once the
    lesson's ``coins = "four"`` is corrected."""
    path = fixed_copy(tmp_path, "numbers.toml", 'coins = "four"', "coins = 4")
    _, after = lint_problems([str(path)])
    _, before = lint_problems([str(FOLDER / "numbers.toml")])
    own = {3, 4, 5}  # the steps with params = { coins = ... } of their own
    assert {k for k in keyed(before) if k[0] == "params.coins"}
    assert keyed([p for p in before if p.step in own]) == keyed([p for p in after if p.step in own])
    assert keyed([p for p in before if p.step not in own and p.key != "params.coins"]) <= keyed(after)


def test_a_step_on_the_default_of_a_bad_parameter_is_not_judged_on_it(tmp_path: Path) -> None:
    """Built on the default (4 coins, which has a winning strategy), a strategy step with a wrong reference is not
    run through the engine: the author's coins are unknown, so its verdict would be about a lesson not written."""
    lesson = tmp_path / "bad.toml"
    lesson.write_text('id = "bad"\ntitle = "T"\nsummary = "S."\npuzzle = "coins"\n[params]\ncoins = "four"\n'
                      '[[steps]]\nask = "Win."\nanswer = "strategy"\nreference = "0"\n'
                      '[[steps]]\nask = "Win with {{coin}} coins."\nanswer = "strategy"\n', encoding="utf-8")
    _, problems = lint_problems([str(lesson)])
    assert [(p.key, p.line) for p in problems] == [("params.coins", 6), ("steps[2].ask", 12)]
    assert "unknown quantity {{coin}}" in problems[1].message  # the names of an affected step are still checked


def test_a_pack_toml_is_checked_whole(tmp_path: Path) -> None:
    (tmp_path / "pack.toml").write_text('id = "Week 1"\ntitle = "W"\ncolour = "red"\nbundled = "no"\n'
                                        'posttest = "x"\n[mastery."coins/nope"]\nprior = 0.5\n', encoding="utf-8")
    (tmp_path / "x.toml").write_text('id = "x"\ntitle = "T"\nsummary = "S."\npuzzle = "coins"\n[[steps]]\n'
                                     'ask = "How many?"\nanswer = "number"\ncompute = "classes"\n', encoding="utf-8")
    _, problems = lint_problems([str(tmp_path)])
    assert [(p.line, p.key) for p in problems] == [(1, "id"), (3, "colour"), (4, "bundled"), (5, "posttest"),
                                                    (6, "mastery.coins/nope")]
    assert all(p.file == str(tmp_path / "pack.toml") for p in problems)


def test_the_command_reports_the_whole_course_and_exits_1() -> None:
    run = run_tutor("lint", str(FOLDER))
    assert run.returncode == 1 and "Traceback" not in run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == sum(len(EXPECT.findall(p.read_text(encoding="utf-8"))) for p in FILES)
    assert all(re.match(r"[^:]+\.toml:\d+:\d+: ", line) for line in lines)


def test_lint_does_not_blame_the_author_for_the_engine_s_own_words(tmp_path: Path) -> None:
    """The engine's reply to a wrong rank on a 1000x1000 board states the rank (its 1,000,000 columns with no
    dependency): the author cannot change that wording, so lint reports nothing; the same step with an author's
    hint that states the rank is reported, at the hint."""
    lesson = ('id = "big"\ntitle = "T"\nsummary = "S."\npuzzle = "lightsout"\n[params]\nsize = "1000x1000"\n'
              'board = "all-on"\n[[steps]]\nask = "The rank?"\nanswer = "number"\ncompute = "rank"\n')
    (tmp_path / "big.toml").write_text(lesson, encoding="utf-8")
    _, problems = lint_problems([str(tmp_path)])
    assert problems == []
    (tmp_path / "big.toml").write_text(lesson + 'hints = ["It is 1,000,000: every column is independent."]\n',
                                       encoding="utf-8")
    _, problems = lint_problems([str(tmp_path)])
    assert [(p.key, p.message.split(":")[0]) for p in problems] == [
        ("steps[1].hints[1]", "gives away its answer (the answer 1,000,000); the tutor leaves such a hint out of "
                              "the ladder (only the last rung and /solution tell the answer)")]

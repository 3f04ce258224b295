"""An instructor's first run through docs/instructors.md, step by step: what went wrong once stays fixed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import run_tutor


def test_lint_of_a_folder_with_the_editor_files_skips_them(tmp_path: Path) -> None:
    """`tutor new ... --dir course/` (and `tutor schema --write course/`) writes a .taplo.toml beside the lessons;
    `tutor lint course/` (the next step of docs/instructors.md) must not read it as a lesson, nor a taplo.toml
    or a hidden folder's TOML."""
    course = tmp_path / "course"
    made = run_tutor("schema", "--write", str(course))
    assert made.returncode == 0, made.stderr
    assert (course / ".taplo.toml").is_file()
    (course / "tiny.toml").write_text(TINY, encoding="utf-8")
    (course / "taplo.toml").write_text((course / ".taplo.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (course / ".vscode").mkdir()
    (course / ".vscode" / "settings.toml").write_text("x = 1\n", encoding="utf-8")
    linted = run_tutor("lint", str(course))
    assert linted.returncode == 0, linted.stdout + linted.stderr
    assert "taplo" not in linted.stdout + linted.stderr
    assert "1 lesson OK" in linted.stdout


TINY = '''id = "tiny"
title = "Tiny"
summary = "One question."
puzzle = "coins"

[params]
coins = 2

[[steps]]
ask = "Up to turning, how many different tables are there?"
answer = "number"
compute = "classes"
'''


VARIED = '''id = "varied"
title = "Varied"
summary = "A strategy step whose table size varies per learner."
puzzle = "coins"

[[steps]]
ask = "With {{coins}} coins: a strategy that always wins."
answer = "strategy"
params = { coins = [2, 4] }
'''


def varied_course(tmp_path: Path) -> Path:
    """A folder with one lesson whose graded step is a seeded variant."""
    course = tmp_path / "course"
    course.mkdir()
    (course / "varied.toml").write_text(VARIED, encoding="utf-8")
    return course


def test_an_empty_file_is_empty_even_on_a_varied_step(tmp_path: Path) -> None:
    """An empty upload is an `empty` row (docs/authoring.md section 11), whatever its learner's variant; a
    README beside it is counted in the singular."""
    course, subs = varied_course(tmp_path), tmp_path / "subs"
    subs.mkdir()
    (subs / "fay.txt").write_text("", encoding="utf-8")
    (subs / "gil.txt").write_text("  \n\n", encoding="utf-8")
    (subs / "hal.txt").write_text("01 0 01\n", encoding="utf-8")
    (subs / "README.md").write_text("notes\n", encoding="utf-8")
    graded = run_tutor("grade", "--lesson", "varied", "--lessons", str(course), "--no-bundled", str(subs), "--json")
    assert graded.returncode == 0, graded.stderr
    rows = {row["learner"]: row for row in json.loads(graded.stdout)["rows"]}
    assert rows["fay"]["verdict"] == "empty" and "holds nothing" in rows["fay"]["summary"]
    assert rows["gil"]["verdict"] == "empty" and "only spaces" in rows["gil"]["summary"]
    assert rows["hal"]["verdict"] in ("correct", "incorrect")  # a real answer: graded on hal's own variant
    assert rows["hal"]["variant"] in ("steps[1].coins=2", "steps[1].coins=4")
    assert "1 file that is not an answer (" in " ".join(graded.stderr.split())


def test_the_learning_curve_plot_counts_opportunities_in_whole_numbers(tmp_path: Path) -> None:
    """A small class (every curve one opportunity long) drew an x axis of 0.96, 0.98, 1.00, ...: opportunities
    are the 1st, 2nd, ...; the axis shows whole numbers only, for one point and for twelve."""
    matplotlib = pytest.importorskip("matplotlib")
    from tutor.learner.classroom import ClassReport, CurvePoint
    from tutor.learner.classroom_show import plot

    for last in (1, 12):
        curve = tuple(CurvePoint(n, 3, 3 - min(n, 3)) for n in range(1, last + 1))
        path = tmp_path / f"curves{last}.svg"
        with matplotlib.rc_context({"svg.fonttype": "none"}):  # tick labels kept as <text>, readable here
            plot(ClassReport((), (), {"coins/count-tables": curve}), str(path))
        svg = path.read_text(encoding="utf-8")
        x_axis = svg[svg.index('id="matplotlib.axis_1"'):svg.index('id="matplotlib.axis_2"')]
        labels = [t for t in re.findall(r">\s*([^<>\s]+)\s*</text>", x_axis) if t != "opportunity"]
        assert labels and all(label.isdigit() for label in labels), labels
        assert int(labels[0]) >= 1 and int(labels[-1]) <= last and (last > 1 or labels == ["1"]), labels

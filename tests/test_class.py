"""What a class learned (``tutor class``): 50 synthetic learners' exports from seeded sessions, every number the
report gives counted again from what each learner was made to do (issue 21)."""

from __future__ import annotations

import json
from collections import Counter, defaultdict

import pytest

from tests.test_class_learners import learners
from tutor.cli import main
from tutor.learner import classroom
from tutor.learner.classroom_show import text
from tutor.learner.export import ExportError, to_json
from tutor.learner.export_formats import write

PRE, POST = "coins-3", "coins-5"


@pytest.fixture(scope="module")
def made():
    """50 learners through a pretest (coins-3, more mistakes) and coins-5 (fewer), each with its plan."""
    return learners(50, seed=5, lessons=(PRE, POST), weights=((1, 2, 1), (3, 1, 1)))


@pytest.fixture(scope="module")
def report(made):
    return classroom.report([m.records for m in made], (PRE, POST))


def test_the_class_is_fifty_learners_on_many_steps(made, report):
    assert len(report.learners) == 50 and len({m.records.profile for m in made}) == 50
    assert len(report.steps) >= 8 and len(report.curves) >= 2


def test_learning_curves_match_an_independent_count_of_the_plans(made, report):
    had: dict[str, Counter[int]] = defaultdict(Counter)
    errors: dict[str, Counter[int]] = defaultdict(Counter)
    for m in made:
        seen: Counter[str] = Counter()
        for _, _, skills, how in m.plan:
            for skill in skills:
                seen[skill] += 1
                had[skill][seen[skill]] += 1
                errors[skill][seen[skill]] += how != "right"
    assert set(report.curves) == set(had)
    for skill, points in report.curves.items():
        assert [(c.opportunity, c.learners, c.errors) for c in points] == \
            [(n, had[skill][n], errors[skill][n]) for n in sorted(had[skill])]
        assert all(0 <= c.error_rate <= 1 for c in points)
    assert any(len(points) >= 3 for points in report.curves.values())


def test_each_step_is_counted_as_the_learners_answered_it(made, report):
    plans: dict[tuple[str, int], list[str]] = defaultdict(list)
    for m in made:
        for lesson, step, _, how in m.plan:
            plans[(lesson, step)].append(how)
    steps = {(s.lesson, s.step): s for s in report.steps}
    assert set(steps) == set(plans)
    for place, hows in plans.items():
        s = steps[place]
        assert s.learners == len(hows)
        assert s.attempts == sum(2 if how == "wrong" else 1 for how in hows)
        assert s.first_try == hows.count("right")
        assert s.hinted == hows.count("hint") and s.hints == hows.count("hint")
        assert sum(n for n, _ in s.misconceptions.values()) <= hows.count("wrong")


def test_misconceptions_are_counted_from_the_exports_as_written(made, report):
    met: Counter[tuple[str, int, str]] = Counter()
    for m in made:
        for row in json.loads(to_json(m.records))["attempts"]:
            if row["misconception"]:
                met[(row["lesson"], row["step"], row["misconception"])] += 1
    counted = Counter({(s.lesson, s.step, name): n for s in report.steps for name, (n, _) in s.misconceptions.items()})
    assert counted == met


def test_normalised_gain_from_the_pretest_to_the_posttest(made, report):
    right: dict[tuple[str, str], int] = Counter()
    asked: dict[tuple[str, str], int] = Counter()
    for m in made:
        for lesson, _, skills, how in m.plan:
            for skill in skills:
                asked[(skill, lesson)] += 1
                right[(skill, lesson)] += how == "right"
    both = sorted({s for s, lesson in asked if lesson == PRE} & {s for s, lesson in asked if lesson == POST})
    assert [g.skill for g in report.gains] == both and both
    for g in report.gains:
        pre = right[(g.skill, PRE)] / asked[(g.skill, PRE)]
        post = right[(g.skill, POST)] / asked[(g.skill, POST)]
        assert g.learners == 50 and g.pre == pytest.approx(pre) and g.post == pytest.approx(post)
        assert g.gain == pytest.approx((post - pre) / (1 - pre))


def test_a_learner_exported_twice_is_one_learner(made, report):
    twice = classroom.report([m.records for m in made] + [made[0].records], (PRE, POST))
    assert twice.as_json() == report.as_json()


def test_nothing_names_a_learner_without_a_roster(made, report):
    data = report.as_json()
    assert all("name" not in row for row in data["learners"])
    names = classroom.read_roster(f"profile id,name\n{made[0].records.profile},Ada Lovelace\n", "roster")
    named = classroom.report([m.records for m in made], names=names)
    assert "Ada Lovelace" in text(named) and "Ada Lovelace" not in text(report)
    assert [row.get("name") for row in named.as_json()["learners"] if "name" in row] == ["Ada Lovelace"]
    with pytest.raises(ExportError, match="row 2"):
        classroom.read_roster("profile,name\nabc\n", "roster")


def test_the_text_report_stays_within_80_columns(report):
    shown = text(report)
    assert max(len(line) for line in shown.splitlines()) <= 80
    assert "50 learners" in shown and "Normalised gain from coins-3 to coins-5" in shown


def test_the_command_reads_a_folder_of_exports_and_draws_the_curves(made, tmp_path, capsys):
    folder = tmp_path / "class"
    folder.mkdir()
    for i, m in enumerate(made):  # half as JSON exports, half as xAPI
        (folder / f"learner{i:02}.json").write_text(write(m.records, "json" if i % 2 else "xapi"))
    roster = tmp_path / "roster.csv"
    roster.write_text(f"{made[1].records.profile},Grace Hopper\n")
    picture = tmp_path / "curves.png"
    assert main(["class", str(folder), "--json", "--roster", str(roster), "--plot", str(picture),
                 "--pretest", PRE, "--posttest", POST]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["learners"]) == 50 and data["gain"]["pretest"] == PRE
    assert data["skills"] == classroom.report([m.records for m in made]).as_json()["skills"]
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (folder / "broken.json").write_text('{"attempts": 3}')
    assert main(["class", str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert "broken.json" in err and len(err.splitlines()) == 1
    assert main(["class", str(folder / "learner01.json"), "--plot", str(tmp_path / "c.gif")]) == 2

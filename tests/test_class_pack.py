"""A pack's ``pretest`` and ``posttest`` (pack.toml): ``tutor class --lessons PACK`` reports each skill's
normalised gain between them, counted again here from what each synthetic learner was made to do; lint refuses
a pack naming an unknown lesson, one of the two alone, or two lessons on different skills, each with its line;
and the strict schema knows both keys."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.course import load_roots
from tutor.learner.export import records_of, to_json
from tutor.learner.skills import skills_of
from tutor.lint.checks import lint_paths
from tutor.progress import Progress
from tutor.screen.shown import text_of
from tutor.session import Session

LESSON = """id = "{id}"
title = "{id}"
summary = "One question."
puzzle = "coins"
[params]
coins = {coins}
[[steps]]
ask = "How many different tables are there, up to turning?"
answer = "number"
compute = "{compute}"
"""
PACK = 'title = "Week one"\nid = "week1"\n{extra}'
LEARNERS = 24


def make_pack(root: Path, extra: str, post: str = "classes") -> Path:
    """A pack of two one-question lessons (``pre`` on 4 coins, ``post`` on 5) with ``extra`` in its pack.toml."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pack.toml").write_text(PACK.format(extra=extra))
    (root / "pre.toml").write_text(LESSON.format(id="pre", coins=4, compute="classes"))
    (root / "post.toml").write_text(LESSON.format(id="post", coins=5, compute=post))
    return root


@pytest.fixture(scope="module")
def pack(tmp_path_factory) -> Path:
    return make_pack(tmp_path_factory.mktemp("packs") / "week1", 'pretest = "pre"\nposttest = "post"\n')


@pytest.fixture(scope="module")
def made(pack: Path, tmp_path_factory):
    """Learners who answer the pretest right half the time and the posttest right 80% of the time (else wrong,
    then right), their exports written to a folder; each learner's plan (lesson, skills, right first) kept."""
    catalog = load_roots([pack])
    folder = tmp_path_factory.mktemp("exports")
    rng = random.Random(7)
    plans = []
    for n in range(LEARNERS):
        session = Session(catalog, Progress(None))
        plan = []
        for lesson, chance in (("week1/pre", 0.5), ("week1/post", 0.8)):
            session.handle(f"/open {lesson}")
            step = session.step
            assert step is not None
            right = text_of(step.reference())
            first = rng.random() < chance
            if not first:
                session.handle(str(int(right) + 1))
            session.handle(right)
            plan.append((lesson, skills_of(step), first))
        plans.append(plan)
        (folder / f"l{n:02}.json").write_text(to_json(records_of(session.progress.export())))
    return folder, plans


def test_the_pack_declares_its_tests(pack: Path) -> None:
    found = load_roots([pack]).packs["week1"]
    assert found.tests == ("pre", "post") and found.test_ids() == ("week1/pre", "week1/post")
    assert lint_paths([str(pack)]) == (2, [])


def test_class_reads_the_gain_from_the_pack(pack: Path, made, capsys) -> None:
    folder, plans = made
    assert main(["class", str(folder), "--lessons", str(pack), "--json"]) == 0
    gain = json.loads(capsys.readouterr().out)["gain"]
    assert (gain["pretest"], gain["posttest"]) == ("week1/pre", "week1/post")
    skills = {s for plan in plans for _, found, _ in plan for s in found}
    assert [g["skill"] for g in gain["skills"]] == sorted(skills) and skills
    for g in gain["skills"]:  # counted again from the plans
        pre = sum(first for plan in plans for lesson, s, first in plan if lesson == "week1/pre" and g["skill"] in s)
        post = sum(first for plan in plans for lesson, s, first in plan if lesson == "week1/post" and g["skill"] in s)
        assert g["learners"] == LEARNERS
        assert g["pre"] == pytest.approx(pre / LEARNERS) and g["post"] == pytest.approx(post / LEARNERS)
        assert g["gain"] == pytest.approx((post - pre) / (LEARNERS - pre))


def test_the_options_win_over_the_pack(pack: Path, made, capsys) -> None:
    folder, _ = made
    assert main(["class", str(folder), "--lessons", str(pack), "--json",
                 "--pretest", "week1/post", "--posttest", "week1/pre"]) == 0
    gain = json.loads(capsys.readouterr().out)["gain"]
    assert (gain["pretest"], gain["posttest"]) == ("week1/post", "week1/pre")


@pytest.mark.parametrize(("extra", "post", "where", "says"), [
    ('pretest = "pre"\nposttest = "nope"\n', "classes", (4, 1), "posttest: no lesson 'nope' in pack 'week1'"),
    ('pretest = "pre"\n', "classes", (3, 1), "pretest: name the posttest too"),
    ('pretest = "pre"\nposttest = "post"\n', "shortest_length", (4, 1),
     "posttest: the pretest and the posttest must ask about the same skills: only the pretest asks about"),
])
def test_lint_refuses_a_pack_whose_tests_are_wrong(tmp_path: Path, capsys, extra: str, post: str,
                                                   where: tuple[int, int], says: str) -> None:
    bad = make_pack(tmp_path / "week1", extra, post)
    _, problems = lint_paths([str(bad)])
    pack_file = str(bad / "pack.toml")
    mine = [p for p in problems if p.startswith(pack_file)]
    assert len(mine) == 1 and says in mine[0], problems
    assert mine[0].startswith(f"{pack_file}:{where[0]}:{where[1]}: ")
    folder = tmp_path / "none"
    folder.mkdir()
    (folder / "x.json").write_text('{"attempts": []}')
    if "same skills" not in says:  # the class command refuses the pack too, in one line
        assert main(["class", str(folder), "--lessons", str(bad)]) == 2
        assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_the_strict_schema_knows_both_keys(tmp_path: Path) -> None:
    assert main(["schema", "--write", str(tmp_path)]) == 0
    properties = json.loads((tmp_path / "pack.schema.json").read_text())["$defs"]["PackFile"]["properties"]
    assert {"pretest", "posttest"} <= set(properties)
    assert "gain" in properties["pretest"]["description"]
    assert properties["posttest"]["pattern"] == properties["id"]["pattern"]

"""Variant integrity (issue 28.4): a learner's variant comes from their learner id and the course seed, never
from their file.  Learners answer in a real session (``Session.handle``, ``/submit``) as ``tutor --learner ID
--seed N`` runs it; ``tutor grade`` and ``tutor autograde`` draw each learner's variant on their own, and a
header that names another (the issue's edit of ``{"coins": 4}`` to ``{"coins": 2}``) is a ``variant
mismatch``, never correct."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import run_tutor
from tutor.autograde import autograde
from tutor.course import load_roots
from tutor.grading import Assignment, Row, collect, grade, graded_step, split_header
from tutor.progress import Progress
from tutor.screen.shown import text_of
from tutor.session import Session
from tutor.shell.repl import hand_out
from tutor.submission import BadLearnerId, format_header, learner_id, variant_owner

LESSON = """
id = "var"
title = "Variants"
summary = "s"
puzzle = "coins"
[params]
coins = [2, 4]
[[steps]]
ask = "How long is the shortest win?"
answer = "number"
compute = "shortest_length"
"""
SHORTEST = {n: 2 ** n - 1 for n in (2, 4)}  # the shortest sure win with n = 2^k two-sided coins: 2^n - 1 moves


@pytest.fixture
def course(tmp_path: Path) -> Path:
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "var.toml").write_text(LESSON, encoding="utf-8")
    return folder


def answered(course: Path, folder: Path, learner: str, seed: int | None = None, name: str = "") -> int:
    """``learner`` opens the lesson in a session (``tutor --learner ID [--seed N]``; "" for no id), answers
    with the step's own reference answer and types ``/submit``: the file is ``folder/NAME.txt``.  The table
    size the session gave them."""
    session = Session(load_roots([course]), Progress(None), seed=seed, learner=learner)
    session.handle("/open var")
    assert session.lesson is not None and session.step is not None
    coins = int(session.lesson.variant["coins"])
    session.handle(text_of(session.step.reference() or ""))
    target = folder / f"{name or learner}.txt"
    assert "Wrote" in text_of(hand_out(session.handle(f"/submit {target}"))[0].text)  # the shell writes the file
    return coins


def ids_giving(course: Path, coins: int, seed: int | None = None, count: int = 1) -> list[str]:
    """Learner ids the tutor gives ``coins`` coins (with the course seed ``seed``)."""
    found = []
    for n in range(200):
        session = Session(load_roots([course]), Progress(None), seed=seed, learner=f"s{n:03}")
        if session.variant_of(session.catalog.lessons["var"]).variant["coins"] == coins:
            found.append(f"s{n:03}")
            if len(found) == count:
                return found
    raise AssertionError(f"no {count} learners with {coins} coins")


def rows_of(course: Path, folder: Path, given: Assignment | None = None) -> dict[str, Row]:
    catalog = load_roots([course])
    lesson = catalog.lessons["var"]
    return {r.learner: r for r in grade(lesson, graded_step(lesson, 1), collect([str(folder)]).submissions, 1,
                                        assignment=given)}


def test_an_edited_header_is_a_variant_mismatch_never_correct(course: Path, tmp_path: Path) -> None:
    """The issue's case: a learner given 4 coins edits the header to {"coins": 2} and answers the easier variant."""
    folder = tmp_path / "class"
    folder.mkdir()
    (mallory,) = ids_giving(course, 4)
    assert answered(course, folder, mallory) == 4
    path = folder / f"{mallory}.txt"
    header, answer = split_header(path.read_text(encoding="utf-8"))
    assert header is not None and header.variant == {"coins": 4} and header.learner == mallory
    assert answer.strip() == str(SHORTEST[4])
    path.write_text(path.read_text(encoding="utf-8").replace('{"coins": 4}', '{"coins": 2}')
                    .replace(f"\n{SHORTEST[4]}\n", f"\n{SHORTEST[2]}\n"), encoding="utf-8")
    row = rows_of(course, folder)[mallory]
    assert row.verdict == "variant mismatch" and row.correct is False
    assert row.variant == "coins=4" and "coins=2" in row.summary
    path.write_text(format_header("var", 1, {"coins": 4}, mallory) + f"{SHORTEST[4]}\n", encoding="utf-8")
    assert rows_of(course, folder)[mallory].correct  # put back: right again


def test_every_learner_is_graded_on_the_variant_the_tutor_gave_them(course: Path, tmp_path: Path) -> None:
    """Twelve learners, both table sizes among them, each answering rightly in the tutor with the course seed 7:
    graded with --seed 7, every file is correct on its learner's variant; graded without the seed, each file
    whose learner's variant differs without it is a mismatch, the others correct."""
    folder = tmp_path / "class"
    folder.mkdir()
    given = {f"learner{n}": answered(course, folder, f"learner{n}", seed=7) for n in range(12)}
    assert set(given.values()) == {2, 4}
    seeded = rows_of(course, folder, Assignment(seed=7))
    assert all(seeded[name].correct and seeded[name].variant == f"coins={c}"
               for name, c in given.items())
    unseeded = rows_of(course, folder)
    without = {name: answered(course, tmp_path, name) for name in given}  # what the tutor gives with no seed
    assert {name for name, r in unseeded.items() if r.verdict == "variant mismatch"} == {
        name for name in given if without[name] != given[name]}
    assert any(without[name] != given[name] for name in given)  # the seed changes someone's variant


def test_the_learner_id_decides_and_no_file_can_choose(course: Path, tmp_path: Path) -> None:
    """A file named for one learner but written under another id (whose variant differs) is a mismatch whose
    summary names the writer; headerless answers are graded on the learner's own variant."""
    folder = tmp_path / "class"
    folder.mkdir()
    (two,), (four,) = ids_giving(course, 2), ids_giving(course, 4)
    answered(course, folder, two, name=four)  # the 2-coin learner's right answer, handed in as the other's
    (folder / f"{two}.txt").write_text(f"{SHORTEST[2]}\n", encoding="utf-8")  # no header
    rows = rows_of(course, folder)
    assert rows[four].verdict == "variant mismatch"
    assert f"written by learner {two!r}" in rows[four].summary
    assert rows[two].correct and rows[two].variant == "coins=2"


def test_a_roster_maps_names_to_learner_ids(course: Path, tmp_path: Path) -> None:
    folder = tmp_path / "class"
    (folder / "Ada Lovelace").mkdir(parents=True)
    (folder / "Grace Hopper").mkdir(parents=True)
    (ada,), (grace,) = ids_giving(course, 4, seed=3), ids_giving(course, 2, seed=3)
    answered(course, folder / "Ada Lovelace", ada, seed=3, name="answer")
    answered(course, folder / "Grace Hopper", grace, seed=3, name="answer")
    (folder / "nobody.txt").write_text(f"{SHORTEST[2]}\n", encoding="utf-8")
    roster = tmp_path / "roster.csv"
    roster.write_text(f"name,learner id\nAda Lovelace,{ada}\nGrace Hopper,{grace}\n", encoding="utf-8")
    done = run_tutor("grade", "--lesson", "var", "--lessons", str(course), "--no-bundled", str(folder), "--seed", "3",
                     "--roster", str(roster), "--json")
    assert done.returncode == 0, done.stderr
    rows = {r["learner"]: r for r in json.loads(done.stdout)["rows"]}
    assert rows["Ada Lovelace"]["verdict"] == "correct" and rows["Ada Lovelace"]["variant"] == "coins=4"
    assert rows["Grace Hopper"]["verdict"] == "correct" and rows["Grace Hopper"]["variant"] == "coins=2"
    assert rows["nobody"]["verdict"] == "ungraded" and "not on the roster" in rows["nobody"]["summary"]
    roster.write_text(f"{ada},Ada Lovelace\n{grace},Ada Lovelace\n", encoding="utf-8")
    twice = run_tutor("grade", "--lesson", "var", "--lessons", str(course), str(folder), "--roster", str(roster))
    assert twice.returncode == 2 and len(twice.stderr.strip().splitlines()) == 1 and "two learner ids" in twice.stderr


def test_one_shared_variant_with_same_variant(course: Path, tmp_path: Path) -> None:
    """``tutor --seed N`` with no learner id gives everyone one variant; ``--same-variant --seed N`` grades on it,
    and a header edited to the other variant is still a mismatch; without --seed it is one line, exit 2."""
    folder = tmp_path / "class"
    folder.mkdir()
    seeds = {}
    for seed in range(12):
        session = Session(load_roots([course]), Progress(None), seed=seed)
        seeds.setdefault(session.variant_of(session.catalog.lessons["var"]).variant["coins"], seed)
    coins = answered(course, folder, "", seed=seeds[4], name="ann")
    assert coins == 4
    (folder / "bob.txt").write_text(format_header("var", 1, {"coins": 2}) + f"{SHORTEST[2]}\n", encoding="utf-8")
    rows = rows_of(course, folder, Assignment(seed=seeds[4], shared=True))
    assert rows["ann"].correct and rows["bob"].verdict == "variant mismatch"
    done = run_tutor("grade", "--lesson", "var", "--lessons", str(course), str(folder), "--same-variant")
    assert done.returncode == 2 and "--same-variant needs --seed" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_autograde_grades_the_student_on_their_own_variant(course: Path, tmp_path: Path) -> None:
    """autograde --learner ID --seed N: the student's /submit file scores 1; edited to the other variant, 0 with a
    variant mismatch that PrairieLearn counts as graded (the attempt is used, not a format error)."""
    upload = tmp_path / "upload"
    upload.mkdir()
    (ada,) = ids_giving(course, 4, seed=5)
    answered(course, upload, ada, seed=5, name="step1")
    out = tmp_path / "results.json"
    autograde("gradescope", str(upload), "var", [1], str(out), lessons=[str(course)], seed=5, learner=ada)
    assert json.loads(out.read_text(encoding="utf-8"))["score"] == 1
    edited = format_header("var", 1, {"coins": 2}, ada) + f"{SHORTEST[2]}\n"
    (upload / "step1.txt").write_text(edited, encoding="utf-8")
    for platform in ("gradescope", "prairielearn"):
        autograde(platform, str(upload), "var", [1], str(out), lessons=[str(course)], seed=5, learner=ada)
        data = json.loads(out.read_text(encoding="utf-8"))
        assert data["score"] == 0, data
        test = data["tests"][0]
        assert (test["extra_data"]["verdict"] if platform == "gradescope" else test["message"]) == "variant mismatch"
        assert platform == "gradescope" or data["gradable"] is True


def test_learner_ids_and_owners() -> None:
    """The owner of a learner's variants: their id with the course seed, the seed alone, or their profile; a
    learner id is refused in one line when it cannot be one."""
    assert variant_owner("ada", 7) != variant_owner("ada", 8) != variant_owner("bob", 8)
    assert variant_owner(None, 7) == "seed-7" and variant_owner(None, None, "3f9a") == "3f9a"
    assert variant_owner("ada", None) == "ada"  # a profile id is a learner id: their variants stay what they were
    for bad in ("", "a b", "x\x1b", "y" * 65):
        with pytest.raises(BadLearnerId):
            learner_id(bad)
    assert learner_id("ada@uni.example") == "ada@uni.example"


def test_the_command_line_takes_the_learner_id(course: Path, tmp_path: Path) -> None:
    """``tutor --learner ID --seed N start``: the variant shown is the one of ID and N, the same each run; a
    bad id is one line and exit 2."""
    (ada,) = ids_giving(course, 4, seed=9)
    (bob,) = ids_giving(course, 2, seed=9)
    env = {"TUTOR_HOME": str(tmp_path / "home")}
    for who, coins in ((ada, 4), (bob, 2), (ada, 4)):
        done = run_tutor("--learner", who, "--seed", "9", "start", "var", "--lessons", str(course),
                         stdin="/quit\n", env=env)
        assert done.returncode == 0, done.stderr
        assert f"coins = {coins}" in done.stdout
    bad = run_tutor("--learner", "two words", "start", env=env)
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1 and "learner id" in bad.stderr


def test_the_learner_id_and_seed_are_kept_in_the_profile_for_later_runs(course: Path, tmp_path: Path) -> None:
    """``tutor --learner ID --seed N`` stores both in the profile: a later ``tutor`` with neither draws the same
    variant and ``/submit`` writes the same id; a new ``--learner`` replaces them."""
    (ada,) = ids_giving(course, 4, seed=9)
    (bob,) = ids_giving(course, 2, seed=9)
    env = {"TUTOR_HOME": str(tmp_path / "home")}
    first = run_tutor("--learner", ada, "--seed", "9", "start", "var", "--lessons", str(course), stdin="/quit\n",
                      env=env)
    assert first.returncode == 0 and "coins = 4" in first.stdout, first.stderr
    stored = Progress(tmp_path / "home" / "progress.sqlite3")
    assert (stored.profile_value("learner"), stored.profile_value("seed")) == (ada, "9")
    later = Session(load_roots([course]), stored)  # a later run, given neither
    assert (later.learner, later.seed) == (ada, 9) and later.owner == variant_owner(ada, 9)
    again = run_tutor("start", "var", "--lessons", str(course), stdin="/quit\n", env=env)
    assert again.returncode == 0 and "coins = 4" in again.stdout, again.stderr
    other = run_tutor("--learner", bob, "--seed", "9", "start", "var", "--lessons", str(course), stdin="/quit\n",
                      env=env)
    assert other.returncode == 0 and "coins = 2" in other.stdout
    assert Progress(tmp_path / "home" / "progress.sqlite3").profile_value("learner") == bob

"""For instructors: tutor new, preview, seeded variants, packs, plug-ins and batch grading."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from helpers import run_tutor

from tests.helpers import bundled, new_session, play_through, text
from tutor import puzzles
from tutor.authoring import preview, skeleton
from tutor.course import instantiate, load_catalog, load_roots, variant_seed
from tutor.grading import grade, graded_step, rows_csv, rows_json, submission_files
from tutor.lint import lint_paths
from tutor.screen.shown import text_of

ROOT = Path(__file__).resolve().parent.parent


def tutor_process(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m tutor ARGS`` as a new process (a plug-in on PYTHONPATH is only seen by a new interpreter)."""
    return subprocess.run([sys.executable, "-m", "tutor", *args], capture_output=True, text=True, input=stdin,
                          env={**os.environ, **(env or {})}, timeout=300)


def tutor(*args: str, env: dict[str, str] | None = None, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``tutor ARGS``: in this process (tests/helpers.py), but in a new one when ``env`` adds to PYTHONPATH."""
    if env and "PYTHONPATH" in env:
        return tutor_process(*args, env=env, stdin=stdin)
    return run_tutor(*args, stdin=stdin, env=env)


# -- tutor new ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", puzzles.builtin_names())
def test_new_skeleton_passes_lint_as_written(tmp_path, name):
    path = tmp_path / f"my-{name}.toml"
    path.write_text(skeleton(f"my-{name}", name))
    assert lint_paths([str(path)]) == (1, [])
    body = path.read_text()
    for kind in ('answer = "number"', 'answer = "play"', "[[steps.mistakes]]", "hints", "compute"):
        assert kind in body  # every step kind shown, live or in comments
    lesson, puzzle = tomllib.loads(body), puzzles.get(name)
    assert lesson["params"] and all(value != "" for value in lesson["params"].values()), lesson["params"]
    names = {*puzzle.quantities, *(o.name for o in puzzle.params),
             *(o.name for _, k in puzzle.kinds.items() for o in k.args),
             *(o.name for q in map(puzzle.quantities.__getitem__, puzzle.quantities) for o in q.args)}
    for step in lesson["steps"]:  # what the learner reads names no quantity, parameter or argument by its key
        for shown in (step.get("title", ""), step.get("ask", ""), step.get("say", ""), *step.get("hints", [])):
            words = set(re.findall(r"\w+", re.sub(r"\{\{\w+\}\}", "", shown)))
            assert not {n for n in names if "_" in n} & words, (step, shown)


def test_new_command_writes_refuses_to_overwrite_and_checks_the_id(tmp_path):
    made = tutor("new", "week-1", "--puzzle", "coins", "--dir", str(tmp_path))
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "week-1.toml").exists() and "tutor lint" in made.stdout
    again = tutor("new", "week-1", "--puzzle", "coins", "--dir", str(tmp_path))
    assert again.returncode == 2 and "already exists" in again.stderr
    bad = tutor("new", "Week One", "--puzzle", "coins", "--dir", str(tmp_path))
    assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1
    unknown = tutor("new", "x", "--puzzle", "chess", "--dir", str(tmp_path))
    assert unknown.returncode == 2 and "unknown puzzle 'chess'" in unknown.stderr


# -- tutor preview -------------------------------------------------------------------------------------

BUNDLED = bundled().ordered()


@pytest.mark.parametrize("lesson", BUNDLED, ids=lambda lesson: lesson.id)
def test_preview_of_every_bundled_lesson_accepts_every_reference_answer(lesson):
    result = preview(bundled(), lesson.id)  # the catalogue the other tests share: each variant is built once
    assert result.failures == ()
    assert lesson.title in result.text and "Lesson complete" in result.text


def test_preview_command_fails_where_a_step_rejects_its_reference(tmp_path):
    (tmp_path / "x.toml").write_text(
        'id = "x"\ntitle = "X"\nsummary = "s"\npuzzle = "coins"\n[params]\ncoins = 2\n'
        '[[steps]]\nask = "strategy"\nanswer = "strategy"\nreference = "01 0"\n')
    run = tutor("preview", "x", "--lessons", str(tmp_path))
    assert run.returncode == 1
    assert "did not accept its reference answer" in run.stderr and "steps[1]" in run.stderr
    good = tutor("preview", "coins-1")
    assert good.returncode == 0 and "[hint 1 of" in good.stdout


# -- seeded variants -----------------------------------------------------------------------------------

VARIANT = """
id = "var"
title = "Variants"
summary = "s"
puzzle = "coins"
[params]
coins = {min = 1, max = 9}
[[steps]]
ask = "How long is the shortest win?"
answer = "number"
compute = "shortest_length"
[[steps]]
ask = "Strategy?"
answer = "strategy"
"""


def test_same_seed_same_variant_different_seeds_differ_and_always_solvable(tmp_path):
    (tmp_path / "var.toml").write_text(VARIANT)
    lesson = load_roots([tmp_path]).lessons["var"]
    assert lesson.variants == {"coins": {"min": 1, "max": 9}}
    drawn = {seed: instantiate(lesson, seed).variant["coins"] for seed in range(40)}
    assert all(instantiate(lesson, seed).variant["coins"] == n for seed, n in list(drawn.items())[:10])
    assert set(drawn.values()) == {1, 2, 4, 8}  # only solvable tables are drawn, and all of them
    one = instantiate(lesson, variant_seed("alice", "var"))
    assert one.variant == instantiate(lesson, variant_seed("alice", "var")).variant
    assert one.steps[0].params["coins"] == one.variant["coins"]
    assert lint_paths([str(tmp_path)]) == (1, [])


def test_allow_unsolvable_and_lint_samples_variants(tmp_path):
    (tmp_path / "var.toml").write_text(VARIANT.replace('summary = "s"', 'summary = "s"\nallow_unsolvable = true'))
    lesson = load_roots([tmp_path]).lessons["var"]
    values = {instantiate(lesson, seed).variant["coins"] for seed in range(60)}
    assert values & {3, 5, 6, 7, 9}
    _, errors = lint_paths([str(tmp_path)])
    assert any("no correct answer" in e and re.search(r"\(in variants? coins = \d+(; coins = \d+)*\)$", e)
               for e in errors)  # once, naming the variants it holds for


def test_learners_get_their_own_variant_and_seed_flag_fixes_it(tmp_path):
    (tmp_path / "var.toml").write_text(VARIANT)
    seen = set()
    for seed in range(6):
        session = new_session(lessons=[str(tmp_path)])
        session.seed = seed
        replies = session.handle("/open var")
        assert "Your variant of this lesson: coins = " in text(replies)
        seen.add(session.lesson.variant["coins"])
    assert len(seen) > 1
    run1 = tutor("--seed", "7", "start", "var", "--lessons", str(tmp_path), stdin="/quit\n",
                 env={"TUTOR_HOME": str(tmp_path / "h1")})
    run2 = tutor("start", "var", "--seed", "7", "--lessons", str(tmp_path), stdin="/quit\n",
                 env={"TUTOR_HOME": str(tmp_path / "h2")})
    line1 = next(x for x in run1.stdout.splitlines() if "variant" in x)
    assert line1 == next(x for x in run2.stdout.splitlines() if "variant" in x)


def test_a_bad_variant_is_a_lesson_error(tmp_path):
    (tmp_path / "v.toml").write_text(VARIANT.replace("{min = 1, max = 9}", "[2, 1000001]"))
    _, errors = lint_paths([str(tmp_path)])
    assert any("params.coins" in e and "at most 1000000" in e for e in errors)


# -- packs ---------------------------------------------------------------------------------------------

LESSON = """
id = "intro"
title = "{title}"
summary = "s"
puzzle = "coins"
[params]
coins = 2
[[steps]]
ask = "classes?"
answer = "number"
compute = "classes"
"""


def make_pack(root: Path, pack: str, title: str) -> None:
    folder = root / pack
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text(f'title = "{title}"\norder = ["intro"]\nwelcome = "Welcome to {title}."\n'
                                      f'final = "You finished {title}."\n')
    (folder / "intro.toml").write_text(LESSON.format(title=f"{title} intro"))


def test_two_packs_with_clashing_ids_both_load(tmp_path):
    make_pack(tmp_path, "week1", "Week one")
    make_pack(tmp_path, "week2", "Week two")
    catalog = load_roots([tmp_path])
    assert catalog.errors == []
    assert {"week1/intro", "week2/intro"} <= set(catalog.lessons)
    assert lint_paths([str(tmp_path)]) == (2, [])
    session = new_session(lessons=[str(tmp_path)])
    opened = text(session.handle("/open week2/intro"))
    assert "Welcome to Week two." in opened
    done = text(session.handle("3"))
    assert "You finished Week two." in done


def test_pack_order_naming_a_missing_lesson_is_an_error(tmp_path):
    make_pack(tmp_path, "week1", "Week one")
    (tmp_path / "week1" / "pack.toml").write_text('title = "W"\norder = ["intro", "nope"]\n')
    _, errors = lint_paths([str(tmp_path)])
    assert any("order: no lesson 'nope'" in e for e in errors)


# -- plug-ins ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def nim_path(tmp_path_factory) -> str:
    """The example plug-in, installed by pip (offline, no build isolation) into its own folder."""
    target = tmp_path_factory.mktemp("nim")
    source = tmp_path_factory.mktemp("nim-src") / "nim"  # a copy: building must not write into the repository
    shutil.copytree(ROOT / "tests" / "plugins" / "nim", source)
    run = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                          "--no-index", "--target", str(target), str(source)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    return str(target)


def test_plugin_is_listed_and_works_on_the_command_line(nim_path):
    env = {"PYTHONPATH": nim_path}
    listed = tutor("puzzles", env=env)
    assert "nim" in listed.stdout and "plug-in example" in listed.stdout
    solved = json.loads(tutor("solve", "nim", "--heaps", "3,4,5", "--json", env=env).stdout)
    assert solved == {"heaps": [3, 4, 5], "nim_sum": 2, "winning_moves": ["1:2"]}
    assert tutor("check", "nim", "--heaps", "3,4,5", "1:2", env=env).returncode == 0
    assert tutor("check", "nim", "--heaps", "3,4,5", "3:5", env=env).returncode == 1
    bad = tutor("check", "nim", "--heaps", "3,4,5", "9:1", env=env)
    assert bad.returncode == 2 and "there is no heap 9" in bad.stderr


def test_plugin_plays_through_a_lesson(nim_path, tmp_path):
    lessons = str(ROOT / "tests" / "plugins" / "nim" / "lessons")
    env = {"PYTHONPATH": nim_path, "TUTOR_HOME": str(tmp_path)}
    assert tutor("lint", lessons, env=env).returncode == 0
    script = f"""
import sys
import tomllib
sys.path.insert(0, {nim_path!r})
from tests.helpers import new_session, play_through, text
session = new_session(lessons=[{lessons!r}])
print(text(play_through(session, session.catalog.find("nim-1"))))
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "Lesson complete: Nim by the nim-sum" in run.stdout and "you win" in run.stdout
    transcript = tutor("start", "nim-1", "--lessons", lessons, env=env, stdin="\n2\n3:5\n1:2\n/quit\n")
    assert "Emptying the biggest heap" in transcript.stdout and "1:2 wins" in transcript.stdout


def test_without_the_plugin_its_lesson_is_refused_clearly():
    lessons = str(ROOT / "tests" / "plugins" / "nim" / "lessons")
    run = tutor_process("lint", lessons)  # a new interpreter: no plug-in registered by another test
    assert run.returncode == 1 and "unknown puzzle 'nim'" in run.stdout
    assert puzzles.names()[:4] == ["coins", "wythoff", "gods", "lightsout"]


# -- grading -------------------------------------------------------------------------------------------


def make_class(folder: Path) -> None:
    folder.mkdir()
    lesson = load_catalog().find("coins-2")
    step = graded_step(lesson)
    (folder / "ann.txt").write_text(text_of(step.reference() or ""))
    (folder / "ben.txt").write_text("0123 02 0123")
    (folder / "cat.txt").write_text("0123 0193")
    (folder / "dan.txt").write_text("")
    (folder / "eve.txt").write_text("let D = 0123 02 0123\nD 01 D 012 D 01 D")


def test_grading_rows_for_good_bad_unparsable_and_empty(tmp_path):
    folder = tmp_path / "class"
    make_class(folder)
    lesson = load_catalog().find("coins-2")
    rows = {r.learner: r for r in grade(lesson, graded_step(lesson), submission_files([str(folder)]), jobs=2)}
    assert rows["ann"].verdict == "correct" and rows["ann"].length == rows["ann"].shortest == 15
    assert rows["ben"].verdict == "incorrect" and "starting from" in rows["ben"].summary
    assert rows["cat"].verdict == "unparsable"
    assert "position 9 is out of range 0-3 at column 8 (move 2)" in rows["cat"].summary
    assert rows["dan"].verdict == "empty"
    assert rows["eve"].verdict == "correct" and rows["eve"].length == 15
    assert list(rows) == ["ann", "ben", "cat", "dan", "eve"]


def test_grade_command_json_and_csv_agree(tmp_path):
    folder = tmp_path / "class"
    make_class(folder)
    as_json = tutor("grade", "--lesson", "coins-2", str(folder), "--json", "--jobs", "2")
    as_csv = tutor("grade", "--lesson", "coins-2", str(folder), "--csv")
    assert as_json.returncode == 0 and as_csv.returncode == 0
    rows = json.loads(as_json.stdout)["rows"]
    table = list(csv.DictReader(io.StringIO(as_csv.stdout)))
    assert len(rows) == len(table) == 5
    for j, c in zip(rows, table, strict=True):
        assert {k: "" if v is None else str(v).lower() if isinstance(v, bool) else str(v) for k, v in j.items()} == c
    text_out = tutor("grade", "--lesson", "coins-2", str(folder))
    assert "5 submissions: 2 correct, 1 empty, 1 incorrect, 1 unparsable" in text_out.stdout
    missing = tutor("grade", "--lesson", "coins-2", str(tmp_path / "nope"))
    assert missing.returncode == 2 and len(missing.stderr.splitlines()) == 1


def test_rows_json_and_csv_helpers_agree(tmp_path):
    folder = tmp_path / "class"
    make_class(folder)
    lesson = load_catalog().find("coins-2")
    rows = grade(lesson, graded_step(lesson), submission_files([str(folder)]), jobs=1)
    parsed = list(csv.DictReader(io.StringIO(rows_csv(rows))))
    assert [p["learner"] for p in parsed] == [r["learner"] for r in rows_json(rows)]


def test_every_bundled_lesson_can_still_be_played(tmp_path):
    session = new_session()
    replies = play_through(session, session.catalog.find("coins-4"))
    assert "Lesson complete" in text(replies)


def test_random_wythoff_position_of_a_given_outcome(tmp_path):
    (tmp_path / "w.toml").write_text(
        'id = "wv"\ntitle = "T"\nsummary = "s"\npuzzle = "wythoff"\n'
        '[params]\nposition = {random = "lose", max = 40, min = 1}\n'
        '[[steps]]\nask = "Outcome?"\nanswer = "outcome"\n')
    lesson = load_roots([tmp_path]).lessons["wv"]
    wythoff = puzzles.get("wythoff")
    positions = set()
    for seed in range(12):
        variant = instantiate(lesson, seed)
        positions.add(variant.variant["position"])
        step = variant.steps[0]
        assert wythoff.compute(step.game, "outcome") == "lose"  # the engine agrees it is a losing start
        first, second = (int(x) for x in variant.variant["position"].split(","))
        assert 1 <= first <= 40 and 1 <= second <= 40
    assert len(positions) > 3
    assert lint_paths([str(tmp_path)]) == (1, [])


def test_grading_a_gods_plan_reports_its_length_against_the_fewest(tmp_path):
    lesson = load_catalog().find("gods-4")
    step = graded_step(lesson)
    (tmp_path / "ann.txt").write_text(text_of(step.reference() or ""))
    (tmp_path / "bob.txt").write_text("ask A: B is Random\n")
    rows = {r.learner: r for r in grade(lesson, step, submission_files([str(tmp_path)]), jobs=1)}
    assert rows["ann"].correct and rows["ann"].length == rows["ann"].shortest == 3
    assert not rows["bob"].correct and rows["bob"].length == 1 and rows["bob"].shortest == 3


def test_a_random_board_is_drawn_after_the_size_it_depends_on(tmp_path):
    (tmp_path / "v.toml").write_text(
        'id = "vs"\ntitle = "T"\nsummary = "s"\npuzzle = "lightsout"\n'
        '[params]\nsize = ["3x3", "4x4"]\nboard = {random = "solvable"}\n'
        '[[steps]]\nask = "Darken it."\nanswer = "presses"\n')
    lesson = load_roots([tmp_path]).lessons["vs"]
    lightsout = puzzles.get("lightsout")
    sizes = set()
    for seed in range(10):
        variant = instantiate(lesson, seed)
        rows = variant.variant["board"].split("/")
        assert f"{len(rows)}x{len(rows[0])}" == variant.variant["size"]
        assert lightsout.solvable(variant.steps[0].game)
        sizes.add(variant.variant["size"])
    assert sizes == {"3x3", "4x4"}
    assert lint_paths([str(tmp_path)]) == (1, [])


def test_grading_in_worker_processes_matches_grading_in_process(tmp_path):
    """Lessons (games, resolved answers, quantities) travel to worker processes intact."""
    for name in ("coins-2", "lightsout-1", "wythoff-2"):
        lesson = load_catalog().find(name)
        step = graded_step(lesson)
        folder = tmp_path / name
        folder.mkdir()
        answer = text_of(step.reference() or "?")
        for i in range(12):
            (folder / f"l{i:02}.txt").write_text(answer if i % 3 else "nonsense that does not parse {{")
        files = submission_files([str(folder)])
        assert grade(lesson, step, files, jobs=2) == grade(lesson, step, files, jobs=1)

"""What an instructor trial found, fixed: the Gradescope setup on both base images, autograde --seed, concrete
lesson skeletons, tutor class on a folder of mixed exports, and line breaks kept in tutor grade --json."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from helpers import run_tutor

from tests.test_trial_instructor import varied_course
from tutor.autograde import autograde
from tutor.course import load_catalog
from tutor.progress import Progress
from tutor.screen.shown import text_of
from tutor.session import Session

# -- tutor autograde --seed, and a varied step with neither --seed nor --learner --------------------------------


def seeded_reference(course: Path, seed: int) -> tuple[str, str]:
    """The variant ``tutor --seed N start`` shows of the lesson ``varied``, and its step's reference answer, read
    from a Session as a learner would meet it (not from the grader's own drawing)."""
    catalog = load_catalog([str(course)])
    session = Session(catalog, Progress(None), seed=seed)
    session.handle("/open varied")
    lesson = session.lesson
    assert lesson is not None
    return json.dumps(dict(lesson.variant), sort_keys=True), text_of(lesson.steps[0].reference() or "")


def test_autograde_grades_a_headerless_upload_on_the_seeded_variant(tmp_path: Path) -> None:
    course = varied_course(tmp_path)
    answers = {seed: seeded_reference(course, seed) for seed in range(1, 9)}
    seeds = {variant: seed for seed, (variant, _) in answers.items()}
    assert len(seeds) == 2, answers  # both table sizes drawn, so a right answer for one seed is wrong for another
    (one, other) = seeds.values()
    upload = tmp_path / "step1.txt"
    upload.write_text(answers[one][1] + "\n", encoding="utf-8")
    out = tmp_path / "results.json"
    for seed, score in ((one, 1), (other, 0)):  # no --learner: every student was given the variant of --seed
        summary = autograde("gradescope", str(upload), "varied", [1], str(out), lessons=[str(course)], seed=seed)
        data = json.loads(out.read_text(encoding="utf-8"))
        assert data["score"] == score and f": {score} of 1" in summary, (seed, data)
        verdict = data["tests"][0]["extra_data"]["verdict"]  # judged, never ungraded
        assert verdict == "correct" if score else verdict in ("incorrect", "unparsable"), verdict
        coins = json.loads(answers[seed][0])["steps[1].coins"]
        assert data["tests"][0]["extra_data"]["variant"] == f"steps[1].coins={coins}"


def test_autograde_on_a_varied_step_needs_the_learner_or_the_seed(tmp_path: Path) -> None:
    """Neither --learner nor --seed: which variant the student was given is unknown, so the autograder is set up
    wrong (exit 2, one line); the student reads that, never a grade on a variant their file chose."""
    course = varied_course(tmp_path)
    root = tmp_path / "root"
    (root / "autograder" / "submission").mkdir(parents=True)
    (root / "autograder" / "submission" / "step1.txt").write_text("01 0 01\n", encoding="utf-8")
    done = run_tutor("autograde", "gradescope", "--root", str(root), "--lesson", "varied", "--step", "1",
                     "--lessons", str(course))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "--learner ID" in done.stderr and "--seed N" in done.stderr
    data = json.loads((root / "autograder" / "results" / "results.json").read_text(encoding="utf-8"))
    assert data["score"] == 0 and "set up wrong" in data["output"] and "--learner" in data["output"]


# -- tutor grade --json: line breaks kept -------------------------------------------------------------------


def test_grade_json_keeps_the_counterexample_lines(tmp_path: Path) -> None:
    (tmp_path / "ann.txt").write_text("0123 02 0123\n", encoding="utf-8")
    (tmp_path / "bob\x1b[2J.txt").write_text("0123 02 0123\n", encoding="utf-8")
    done = run_tutor("grade", "--lesson", "coins-2", "--step", "5", str(tmp_path), "--json")
    assert done.returncode == 0, done.stderr
    rows = {row["learner"]: row for row in json.loads(done.stdout)["rows"]}
    text = rows["ann"]["counterexample"]
    lines = text.split("\n")
    assert len(lines) > 3 and "\\n" not in text, text  # real line breaks, each line as the text report shows it
    assert lines[1].startswith("Start: ") and lines[-1].startswith("After the last move")
    assert "bob\\x1b[2J" in rows, list(rows)  # a hostile control character in a name is still escaped
    assert '"counterexample": "' in done.stdout and "\\n" in done.stdout.split('"counterexample": "')[1]


# -- the Gradescope setup.sh of docs/instructors.md, on both base images -------------------------------------

DOC = (Path(__file__).resolve().parent.parent / "docs" / "instructors.md").read_text(encoding="utf-8")
STUB = """#!/usr/bin/env bash
echo "$(basename "$0") $*" >> "$LOG"
case "$(basename "$0")" in
  python3|python3.11)
    if [ "$1" = -c ]; then [ "$(basename "$0")" = python3.11 ] || exit "$OLD"; exit 0; fi
    if [ "$1" = -m ] && [ "$2" = venv ]; then mkdir -p "$3/bin"; cp "$0" "$3/bin/pip"; cp "$0" "$3/bin/tutor"; fi;;
esac
"""


def setup_script() -> str:
    """The ``setup.sh`` block of docs/instructors.md, as written."""
    start = DOC.index("```sh\n#!/usr/bin/env bash\n# For Gradescope's Ubuntu base images")
    return DOC[start + len("```sh\n"):DOC.index("```", start + 6)]


@pytest.mark.parametrize(("image", "old"), [("22.04", 1), ("24.04", 0)])
def test_the_documented_gradescope_setup_installs_python_3_11_or_later_in_a_venv(tmp_path, image, old):
    """Run setup.sh with apt-get, add-apt-repository and the Pythons stubbed (a log of what was called), its
    absolute folders moved under tmp_path: on 22.04 (python3 is 3.10) it takes python3.11 from deadsnakes, on
    24.04 the system's python3; either way pip runs only inside the venv and tutor is linked into the PATH."""
    script = setup_script()
    assert "pip3 install" not in script and "--break-system-packages" not in script
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    for name in ("apt-get", "add-apt-repository", "python3", "python3.11"):
        (stubs / name).write_text(STUB, encoding="utf-8")
        (stubs / name).chmod(0o755)
    (tmp_path / "usr/local/bin").mkdir(parents=True)
    moved = script.replace("/opt/", f"{tmp_path}/opt/").replace("/usr/local/bin/", f"{tmp_path}/usr/local/bin/")
    log = tmp_path / "log"
    done = subprocess.run(["bash", "-c", moved], capture_output=True, text=True, timeout=30,
                          env={"PATH": f"{stubs}:/usr/bin:/bin", "LOG": str(log), "OLD": str(old)})
    assert done.returncode == 0, done.stderr
    calls = log.read_text(encoding="utf-8").splitlines()
    python = "python3.11" if image == "22.04" else "python3"
    assert f"{python} -m venv {tmp_path}/opt/tutor" in calls, calls
    assert ("add-apt-repository -y ppa:deadsnakes/ppa" in calls) == (image == "22.04")
    assert ("apt-get install -y python3.11 python3.11-venv" in calls) == (image == "22.04")
    assert "pip install /autograder/source/puzzle_tutor-*.whl" in calls  # the venv's pip, nothing system-wide
    assert (tmp_path / "usr/local/bin/tutor").resolve() == (tmp_path / "opt/tutor/bin/tutor").resolve()


# -- tutor class: a folder of mixed exports, a DataShop table, a roster, the plot ---------------------------


@pytest.fixture(scope="module")
def class_folder(tmp_path_factory) -> tuple[Path, list]:
    """Three learners' exports in one folder: two JSON, one xAPI named .xapi, and a DataShop table and notes
    beside them."""
    from tests.test_class_learners import learners
    from tutor.learner.export_formats import write

    made = learners(3, seed=5, lessons=("coins-3",), weights=((1, 2, 1),))
    folder = tmp_path_factory.mktemp("class") / "exports"
    folder.mkdir()
    for i, m in enumerate(made):
        (folder / f"l{i}.{'xapi' if i == 2 else 'json'}").write_text(write(m.records, "xapi" if i == 2 else "json"))
    (folder / "l0.tsv").write_text(write(made[0].records, "datashop"))
    (folder / "notes.txt").write_text("who is who\n")
    return folder, made


def test_class_reads_xapi_files_of_a_folder_and_names_the_files_it_skips(class_folder) -> None:
    folder, made = class_folder
    done = run_tutor("class", str(folder), "--json")
    assert done.returncode == 0, done.stderr
    profiles = {row["profile"] for row in json.loads(done.stdout)["learners"]}
    assert profiles == {m.records.profile for m in made}  # the .xapi learner too
    said = " ".join(done.stderr.split())
    assert "skipped 2 files" in said and "l0.tsv" in said and "notes.txt" in said and "l2.xapi" not in said


def test_class_says_a_datashop_table_is_one(class_folder) -> None:
    folder, _ = class_folder
    done = run_tutor("class", str(folder / "l0.tsv"))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    said = " ".join(done.stderr.split())
    assert "l0.tsv' is a DataShop table; tutor class reads tutor's JSON or xAPI exports" in said, said
    assert "not JSON" not in said


def test_class_shows_learners_by_the_roster_names(class_folder, tmp_path) -> None:
    """A spreadsheet's roster (byte-order mark, the name column first) names every learner; without a roster
    the profile ids are shown."""
    folder, made = class_folder
    roster = tmp_path / "roster.csv"
    roster.write_text("\ufeffname,profile id\n" + "".join(f"Learner {i},{m.records.profile}\n"
                                                           for i, m in enumerate(made)), encoding="utf-8")
    named = run_tutor("class", str(folder), "--roster", str(roster))
    assert named.returncode == 0, named.stderr
    learners = named.stdout[named.stdout.index("\nLearners"):]
    assert all(f"Learner {i}" in learners for i in range(3)), learners
    assert not any(m.records.profile in named.stdout for m in made)
    plain = run_tutor("class", str(folder))
    assert all(m.records.profile in plain.stdout for m in made) and "Learner 0" not in plain.stdout


def test_equal_learning_curves_are_drawn_side_by_side(tmp_path) -> None:
    """Two skills with the same points: each curve is drawn, moved aside, not one under the other."""
    matplotlib = pytest.importorskip("matplotlib")
    from tutor.learner.classroom import ClassReport, CurvePoint
    from tutor.learner.classroom_show import plot

    curve = tuple(CurvePoint(n, 3, 3 - n) for n in range(1, 4))
    path = tmp_path / "curves.svg"
    with matplotlib.rc_context({"svg.hashsalt": "x"}):
        plot(ClassReport((), (), {"a/one": curve, "b/two": curve}), str(path))
    lines = [[tuple(map(float, p.split())) for p in re.findall(r"[ML] ([\d.]+ [\d.]+)", d)]
             for d in re.findall(r'<path d="(M [^"]+)"[^>]*clip-path', path.read_text(encoding="utf-8"))]
    assert len(lines) == 2 and all(len(line) == 3 for line in lines), lines
    first, second = lines
    assert [y for _, y in first] == [y for _, y in second]  # the same error rates ...
    assert all(0 < x2 - x1 < 40 for (x1, _), (x2, _) in zip(first, second, strict=True))  # ... side by side

"""``tutor autograde``: one student's upload graded in the platform's own folders (moved under tmp_path with
--root), one test per step, a valid results file whatever the upload holds."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path

import jsonschema
import pytest

from tests.helpers import bundled
from tests.test_instructors import tutor_process as tutor
from tutor import platforms
from tutor.autograde import answers, autograde, step_of
from tutor.cli import run
from tutor.errors import TutorError
from tutor.grading import grade, graded_step, submission_files
from tutor.screen.shown import text_of

DATA = Path(__file__).resolve().parent / "data"
GRADESCOPE = jsonschema.Draft202012Validator(json.loads((DATA / "gradescope-results.schema.json").read_text()))
PRAIRIELEARN = jsonschema.Draft202012Validator(json.loads((DATA / "prairielearn-results.schema.json").read_text()))
LESSON = bundled().find("coins-2")
STRATEGY = text_of(LESSON.steps[4].reference() or "")  # step 5's reference answer (tutor lint checks it)


def gradescope_root(tmp_path: Path, files: dict[str, str]) -> Path:
    """A Gradescope container's folders under tmp_path, the upload holding ``files``."""
    upload = tmp_path / "autograder" / "submission"
    upload.mkdir(parents=True)
    for name, text in files.items():
        (upload / name).parent.mkdir(parents=True, exist_ok=True)
        (upload / name).write_text(text)
    return tmp_path


def gradescope(tmp_path: Path, files: dict[str, str], **options) -> dict:
    root = gradescope_root(tmp_path, files)
    autograde("gradescope", root=str(root), lesson="coins-2", **options)
    data = json.loads((root / "autograder" / "results" / "results.json").read_text())
    GRADESCOPE.validate(data)
    return data


def test_file_names_say_which_step_they_answer():
    assert [step_of(n) for n in ("step5.txt", "STEP_5", "05.md", "answer.txt", "step5.tar.gz", "5x")] == \
        [5, 5, 5, None, None, None]
    files = ["u/step2.txt", "u/notes.md", "u/answer.txt"]
    assert answers(files, [2, 4]) == {2: ["u/step2.txt"], 4: []}
    assert answers(files, [5]) == {5: ["u/notes.md", "u/answer.txt"]}  # one step: the files not named for another


def test_a_right_answer_scores_the_step_and_agrees_with_tutor_grade(tmp_path):
    data = gradescope(tmp_path, {"my answer.txt": STRATEGY})
    [test] = data["tests"]
    assert (data["score"], test["score"], test["max_score"], test["status"]) == (1, 1, 1, "passed")
    assert test["name"] == "step 5: strategy" and test["number"] == "5"
    upload = tmp_path / "autograder" / "submission" / "my answer.txt"
    [row] = grade(LESSON, graded_step(LESSON, 5), submission_files([str(upload)]), jobs=1)  # the batch path
    assert row.verdict == "correct" and test["output"] == platforms.feedback(row)


def test_five_copies_of_a_right_answer_are_one_test_worth_one_point(tmp_path):
    data = gradescope(tmp_path, {f"{d}/step5.txt": STRATEGY for d in "abcde"})
    [test] = data["tests"]
    assert data["score"] == test["score"] == 0 and test["max_score"] == 1
    assert "5 files could answer step 5" in test["output"]


def test_several_steps_one_file_each_capped_at_one_point_each(tmp_path):
    files = {"step2.txt": "5", "step4.txt": "16", "step5.txt": STRATEGY, "README.md": "hello"}
    data = gradescope(tmp_path, files, steps=[2, 4, 5, 2])
    assert [(t["number"], t["score"], t["max_score"]) for t in data["tests"]] == \
        [("2", 1, 1), ("4", 0, 1), ("5", 1, 1)]
    assert data["score"] == 2 == sum(t["score"] for t in data["tests"])
    assert "incorrect" in data["tests"][1]["output"]


@pytest.mark.parametrize("files", [{}, {".hidden": "x"}], ids=["empty", "hidden only"])
def test_an_empty_upload_scores_zero_with_a_message_and_a_valid_file(tmp_path, files):
    data = gradescope(tmp_path, files)
    assert data["score"] == 0 and data["tests"][0]["status"] == "failed"
    assert "No answer file was found" in data["output"] and "step5.txt" in data["output"]


def test_no_submission_folder_at_all_still_writes_results(tmp_path):
    autograde("gradescope", root=str(tmp_path), lesson="coins-2")
    data = json.loads((tmp_path / "autograder" / "results" / "results.json").read_text())
    GRADESCOPE.validate(data)
    assert data["score"] == 0 and "No answer file" in data["output"]


def test_a_misplaced_upload_is_still_found_in_a_subfolder(tmp_path):
    data = gradescope(tmp_path, {"hw/week2/answer.txt": STRATEGY})
    assert data["score"] == 1


def prairielearn_root(tmp_path: Path, files: dict[str, str], params: dict) -> Path:
    (tmp_path / "grade" / "student").mkdir(parents=True)
    (tmp_path / "grade" / "data").mkdir()
    (tmp_path / "grade" / "data" / "data.json").write_text(json.dumps({"params": params}))
    for name, text in files.items():
        (tmp_path / "grade" / "student" / name).write_text(text)
    return tmp_path


def prairielearn(tmp_path: Path, files: dict[str, str], params: dict) -> dict:
    root = prairielearn_root(tmp_path, files, params)
    autograde("prairielearn", root=str(root))
    data = json.loads((root / "grade" / "results" / "results.json").read_text())  # the folder is made
    PRAIRIELEARN.validate(data)
    return data


def test_prairielearn_reads_lesson_and_steps_from_the_question_data(tmp_path):
    data = prairielearn(tmp_path, {"step2.txt": "5", "step5.txt": "0123 02 0123"},
                        {"lesson": "coins-2", "steps": [2, 5]})
    assert data["gradable"] is True and data["score"] == pytest.approx(0.5)
    assert [t["points"] for t in data["tests"]] == [1, 0]


def test_prairielearn_is_not_gradable_when_nothing_parses(tmp_path):
    data = prairielearn(tmp_path, {"answer.txt": "0123 0193"}, {"lesson": "coins-2", "steps": 5})
    assert data["gradable"] is False and "position 9 is out of range 0-3 at column 8" in data["format_errors"][0]
    empty = prairielearn(tmp_path / "again", {}, {"lesson": "coins-2"})
    assert empty["gradable"] is False and "No answer file" in empty["message"]


def test_a_setup_problem_is_written_for_the_student_and_raised_for_the_instructor(tmp_path):
    out = tmp_path / "r.json"
    with pytest.raises(TutorError, match=r"no-such-lesson"):
        autograde("gradescope", root=str(tmp_path), lesson="no-such-lesson", results_file=str(out))
    data = json.loads(out.read_text())
    GRADESCOPE.validate(data)
    assert data["score"] == 0 and "set up wrong" in data["output"]
    assert run(["autograde", "prairielearn", "--root", str(tmp_path), "--results", str(out)]) == 2
    assert json.loads(out.read_text())["gradable"] is False  # no lesson anywhere: the student loses no attempt
    assert run(["autograde", "gradescope", "--root", str(tmp_path), "--lesson", "coins-2", "--step", "1",
                "--results", str(out)]) == 2  # step 1 takes no written answer


def test_the_command_end_to_end(tmp_path):
    root = gradescope_root(tmp_path, {"step5.txt": STRATEGY})
    done = tutor("autograde", "gradescope", "--lesson", "coins-2", env={"TUTOR_AUTOGRADE_ROOT": str(root)})
    assert done.returncode == 0 and done.stderr == ""
    assert "coins-2: 1 of 1" in done.stdout
    assert json.loads((root / "autograder/results/results.json").read_text())["score"] == 1
    assert os.listdir(root / "autograder" / "results") == ["results.json"]  # no partial file left behind


# -- the setups in docs/instructors.md, run as written -----------------------------------------------------

DOC = (Path(__file__).resolve().parent.parent / "docs" / "instructors.md").read_text()


def documented(start: str, needle: str) -> list[str]:
    """The command line in docs/instructors.md that starts with ``start`` and holds ``needle``, as arguments
    after ``tutor``."""
    line = next(ln for ln in DOC.splitlines() if start in ln and needle in ln)
    return shlex.split(line[line.index(start):].rstrip('",'))[1:]


def documented_course(folder: Path) -> None:
    """The pack the docs grade, week1/week1-coins: coins-2 under another id."""
    folder.mkdir(parents=True)
    (folder / "pack.toml").write_text('id = "week1"\ntitle = "Week 1"\norder = ["week1-coins"]\n')
    source = (Path(__file__).resolve().parent.parent / "lessons" / "coins" / "02-four-coins.toml").read_text()
    assert source.count('id = "coins-2"') == 1
    (folder / "week1-coins.toml").write_text(source.replace('id = "coins-2"', 'id = "week1-coins"'))


@pytest.mark.parametrize(("platform", "course"), [("gradescope", "/autograder/source/course"),
                                                  ("prairielearn", "/grade/serverFilesCourse/course")])
def test_the_documented_platform_setups_work_as_written(tmp_path, platform, course):
    args = documented(f"tutor autograde {platform}", course)
    documented_course(tmp_path / course.lstrip("/"))
    upload = tmp_path / ("autograder/submission" if platform == "gradescope" else "grade/student")
    upload.mkdir(parents=True)
    (upload / "step5.txt").write_text(STRATEGY)
    assert run([*(str(tmp_path) + a if a == course else a for a in args), "--root", str(tmp_path)]) == 0
    out = tmp_path / ("autograder" if platform == "gradescope" else "grade") / "results" / "results.json"
    data = json.loads(out.read_text())
    assert data["score"] == 1


def test_the_documented_classroom_command_passes_right_and_fails_wrong(tmp_path, monkeypatch):
    args = documented("tutor grade --lesson week1/week1-coins", "--strict")
    documented_course(tmp_path / "course")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "step5.txt").write_text(STRATEGY)
    assert run(args) == 0
    (tmp_path / "step5.txt").write_text("0123 02 0123")
    assert run(args) == 1


def test_an_upload_over_the_file_limit_is_reported_not_crashed(tmp_path, monkeypatch):
    from tutor import autograde as module
    from tutor.limits import Limit

    monkeypatch.setattr(module, "GRADE_FILES", Limit("grade_files", 3, "files", "test"))
    data = gradescope(tmp_path, {f"f{i}.txt": "x" for i in range(5)})
    assert data["score"] == 0 and "more than 3 files" in data["tests"][0]["output"]
    assert data["tests"][0]["output"].startswith("unreadable")


def test_a_single_file_may_be_named_as_the_submission(tmp_path):
    answer = tmp_path / "mine.txt"
    answer.write_text(STRATEGY)
    out = tmp_path / "results.json"
    autograde("gradescope", str(answer), lesson="coins-2", results_file=str(out))
    assert json.loads(out.read_text())["score"] == 1

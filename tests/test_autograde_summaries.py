"""Issue 31, part 4: the one-line summary of ``tutor autograde`` says the same on every platform (points right of
the steps graded; PrairieLearn's results file keeps its score as a share), and a question's ``params.lesson`` that
is not text is named as such, not as a missing lesson."""

from __future__ import annotations

import json

import pytest

from tests.test_autograde import gradescope_root, prairielearn_root
from tutor.autograde import autograde
from tutor.errors import TutorError

FILES = {"step2.txt": "5", "step5.txt": "0123 02 0123"}  # step 2 right (5 tables of 3 coins), step 5 wrong


def test_gradescope_and_prairielearn_summaries_agree(tmp_path) -> None:
    scope = autograde("gradescope", root=str(gradescope_root(tmp_path / "gs", FILES)), lesson="coins-2",
                      steps=[2, 5])
    learn = autograde("prairielearn", root=str(prairielearn_root(tmp_path / "pl", FILES,
                                                                 {"lesson": "coins-2", "steps": [2, 5]})))
    assert scope.split(" (")[0] == learn.split(" (")[0] == "coins-2: 1 of 2"
    scores = json.loads((tmp_path / "pl" / "grade" / "results" / "results.json").read_text())["score"]
    assert scores == pytest.approx(0.5)  # the file itself still holds PrairieLearn's share


@pytest.mark.parametrize("lesson", [5, ["coins-2"], True])
def test_a_lesson_param_that_is_not_text_is_named(tmp_path, lesson) -> None:
    root = prairielearn_root(tmp_path, FILES, {"lesson": lesson})
    with pytest.raises(TutorError, match=r"^params\.lesson must be a lesson id in quotes") as err:
        autograde("prairielearn", root=str(root))
    assert json.dumps(lesson) in str(err.value)
    results = json.loads((root / "grade" / "results" / "results.json").read_text())
    assert results["gradable"] is False and "params.lesson" in results["message"]

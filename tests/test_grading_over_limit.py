"""Issue 31, part 4: an answer the engine reads but that passes a documented limit is graded ``over limit`` with
the limit named, not ``unparsable``; every platform format carries it as a judged (gradable) answer."""

from __future__ import annotations

import json

from tests.helpers import bundled
from tests.test_autograde import prairielearn_root
from tutor.autograde import autograde
from tutor.grading.judge import judge_answer

STEP = bundled().find("coins-2").steps[4]  # the strategy step
HUGE = "let A = 0 0 0 0 0 0 0 0 0 0\nlet B = A A A A A A A A A A\nlet C = B B B B B B B B B B\n" \
       "let D = C C C C C C C C C C\nlet E = D D D D D D D D D D\nlet F = E E E E E E E E E E\nF F F"  # 3,000,000


def test_a_strategy_past_the_move_limit_is_over_limit_naming_it() -> None:
    row = judge_answer(STEP, HUGE, "ada", "ada.txt")
    assert row.verdict == "over limit" and not row.correct
    assert "strategy_moves = 2,000,000 moves" in row.summary
    assert judge_answer(STEP, "0123 0193", "bob", "bob.txt").verdict == "unparsable"  # a typo is still unread


def test_prairielearn_grades_it_as_a_judged_answer(tmp_path) -> None:
    root = prairielearn_root(tmp_path, {"step5.txt": HUGE}, {"lesson": "coins-2", "steps": [5]})
    summary = autograde("prairielearn", root=str(root))
    data = json.loads((root / "grade" / "results" / "results.json").read_text())
    assert data["gradable"] is True and data["score"] == 0 and summary.startswith("coins-2: 0 of 1")
    assert "over limit" in json.dumps(data)

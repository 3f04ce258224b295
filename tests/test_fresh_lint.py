"""tutor lint on fresh reviews (issue 28.2), over the corpus in tests/data/review (a pack with bundled = false): a
skill no review can ask freshly about, a review table naming a skill its step does not exercise, and spaces whose
instances are too few or repeat the step's own answer; the same skill is reviewable once the bundled course is
loaded beside the lesson."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.lint import lint_problems

CORPUS = Path(__file__).parent / "data" / "review"


@pytest.fixture(scope="module")
def found() -> dict[tuple[str, str], str]:
    _, problems = lint_problems([str(CORPUS)])
    return {(Path(p.file).stem, p.key): p.message for p in problems}


def test_a_skill_no_review_can_ask_freshly_is_reported_at_its_step(found) -> None:
    message = found[("stale", "steps[1]")]
    assert message.startswith("skill 'coins/count-tables' cannot be reviewed on a fresh instance")


def test_a_review_of_a_skill_the_step_does_not_exercise_is_reported(found) -> None:
    message = found[("mismatched", "steps[1].review.skills")]
    assert "'coins/play-blindfolded' is not a skill this step exercises" in message
    assert "coins/bound-strategies" in message


def test_a_space_with_too_few_fresh_answers_is_reported(found) -> None:
    assert "yield 2 answer(s) other than the step's own" in found[("mismatched", "steps[1].review")]
    assert "yield 0 answer(s)" in found[("mismatched", "steps[2].review")]  # 2 or 3 coins: one winnable, itself


def test_nothing_else_is_reported(found) -> None:
    assert len(found) == 4, found


def test_with_the_bundled_course_the_skill_is_reviewable(tmp_path: Path) -> None:
    lesson = tmp_path / "stale.toml"
    lesson.write_text((CORPUS / "stale.toml").read_text(encoding="utf-8"), encoding="utf-8")
    _, problems = lint_problems([str(lesson)])
    assert [p.text() for p in problems] == []

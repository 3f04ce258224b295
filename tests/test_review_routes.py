"""Steps whose own question cannot vary route their reviews with ``via`` (issue 28.2): each report of tutor lint on
reviews fires on a small bad pack (tests/data/review_routes, beside the bundled course), the bundled course has a
space or a route at every step and no report at all, a review due for a skill goes where the route says, and fresh
practice items never repeat the lessons' own questions."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import bundled, new_session, play_through, text
from tutor.course import bundled_root
from tutor.course.instances import review_of, route_of
from tutor.lint import lint_problems
from tutor.lint.reviews import review_problems, unreviewable
from tutor.screen.shown import text_of
from tutor.session.fresh import fresh_review, spaces

ROUTES = Path(__file__).parent / "data" / "review_routes"
CATALOG = bundled()


@pytest.fixture(scope="module")
def found() -> dict[tuple[str, str], str]:
    _, problems = lint_problems([str(ROUTES)])
    return {(Path(p.file).stem, p.key): p.message for p in problems}


def test_a_route_to_a_step_of_another_skill_is_reported(found) -> None:
    message = found[("routes", "steps[3].review.via")]
    assert message.startswith("step routes:1 does not exercise 'coins/decide-winnable'"), message


def test_a_route_to_no_step_is_reported(found) -> None:
    assert found[("routes", "steps[4].review.via")].startswith("no step 'routes:99' in the course")
    assert found[("badvia", "steps[1].review.via")].startswith("no step 'coins-3 step 5' in the course")


def test_a_route_to_a_step_without_a_space_is_reported(found) -> None:
    assert found[("routes", "steps[5].review.via")].startswith("step routes:6 has no review space of its own")


def test_a_route_with_a_space_beside_it_is_reported(found) -> None:
    assert "so the table takes nothing else (remove params)" in found[("routes", "steps[7].review")]


def test_a_practice_step_whose_items_exercise_another_skill_is_reported(found) -> None:
    message = found[("practice", "steps[1].practice")]
    assert "do not exercise 'coins/bound-strategies'" in message and "coins/count-tables" in message


def test_good_routes_and_spaces_are_not_reported(found) -> None:
    # steps[1] (a space), steps[2] (a route to a bundled step of its skill), steps[6] (a skill reviewed elsewhere)
    assert len(found) == 6, found


def test_every_bundled_ask_step_has_a_space_or_a_route() -> None:
    missing = [f"{lesson.id}:{step.index + 1}" for lesson in CATALOG.ordered() for step in lesson.steps
               if step.required and not step.fresh and review_of(lesson.template.steps[step.index]) is None
               and route_of(lesson.template.steps[step.index]) is None]
    assert missing == []


def test_the_bundled_course_has_no_review_reports() -> None:
    problems = [p for lesson in CATALOG.ordered() for p in review_problems(lesson)]
    assert problems + unreviewable(CATALOG, [bundled_root()]) == []


def test_a_review_goes_where_the_route_says() -> None:
    # wythoff-1 has no space for spotting a losing position; its last such step routes to wythoff-2's list of traps
    # (without the route the latest step of wythoff-2 would come first: the count of safe totals)
    session = new_session()
    first = next(spaces(session, "wythoff/spot-losing", "wythoff-1"))
    assert (first.own.id, first.index) == ("wythoff-2", 2)
    assert route_of(CATALOG.find("wythoff-1").template.steps[6]) == "wythoff-2:3"
    assert "Lesson complete" in text(play_through(session, session.catalog.find("wythoff-1")))
    lesson, index = fresh_review(session, "wythoff/spot-losing", "wythoff-1")
    assert (lesson.id, index) == ("wythoff-2", 2) and dict(lesson.variant)


def practised(session, lesson_id: str, items: int = 12) -> list[tuple[dict, str]]:
    """The items a practice lesson serves to a learner answering each right (its params, its answer)."""
    session.handle(f"/open {lesson_id}")
    session.handle("")
    out = []
    for _ in range(items):
        if session.place.lesson != lesson_id or session.step is None or not session.step.fresh:
            break
        answer = text_of(session.state.item.reference())
        out.append((dict(session.state.variant), answer))
        session.handle(answer)
    return out


CASES = [("lightsout-3", "lightsout-6", {"size": "5x5", "torus": False}),  # all-on 5x5: rank 23, its solutions
         ("gods-6", "gods-7", {"gods": "True,False,False,Random", "known_language": False})]  # gods-6 step 2


@pytest.mark.parametrize(("lesson_id", "practice", "own"), CASES)
def test_fresh_practice_items_never_repeat_a_lesson_question(lesson_id: str, practice: str, own: dict) -> None:
    session = new_session()
    lesson = session.catalog.find(lesson_id)
    skill = session.catalog.find(practice).steps[1].skills()[0]
    shown = {text_of(s.reference()) for s in lesson.steps if s.required and skill in s.skills()}
    assert "Lesson complete" in text(play_through(session, lesson))
    served = practised(session, practice)
    assert len(served) >= 3
    assert all(not own.items() <= variant.items() for variant, _ in served), served
    assert not {answer for _, answer in served} & shown, served


@pytest.mark.parametrize(("lesson_id", "practice", "own"), CASES)
def test_the_lesson_question_is_an_item_the_practice_would_serve_otherwise(lesson_id: str, practice: str,
                                                                          own: dict) -> None:
    # the check above is not empty: the lesson's own question is in the practice's space, the engine serves it,
    # and its answer is one the lesson showed
    step = CATALOG.find(practice).steps[1]
    lesson = CATALOG.find(lesson_id)
    shown = {text_of(s.reference()) for s in lesson.steps if s.required and step.skills()[0] in s.skills()}
    variant = next(v for v in step.pool.space() if own.items() <= v.items())
    assert step.pool.serves(variant) and text_of(step.pool.item(variant).reference()) in shown

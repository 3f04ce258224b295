"""Fresh instances for reviews (issue 28.2): every bundled step with a ``[steps.review]`` space yields instances the
engine answers, whose answers differ from the lesson's own question's and from each other; the answers are checked a
second way where that is cheap (closed forms and brute force, written here without the engines); and ``Seen``
refuses an item a remembered answer passes."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from tests.helpers import bundled
from tutor.course.instances import Space, answered, review_of
from tutor.learner.fresh import Seen, plain
from tutor.screen.shown import text_of

CATALOG = bundled()
SPACES = [(lesson.id, i) for lesson in CATALOG.ordered() for i, f in enumerate(lesson.template.steps)
          if review_of(f) is not None]
SKILLS = {s for lesson in CATALOG.ordered() for step in lesson.steps if step.required for s in step.skills()}
SAMPLE = 12  # instances built per space


def necklaces(n: int, k: int) -> int:
    """Tables of n positions with k faces up to turning, by listing them all (brute force)."""
    seen, count = set(), 0
    for table in itertools.product(range(k), repeat=n):
        if table not in seen:
            count += 1
            seen |= {table[i:] + table[:i] for i in range(n)}
    return count


def smaller_pile(k: int) -> int:
    """A_k = floor(k * phi), in exact integer arithmetic: phi = (1 + sqrt 5) / 2."""
    return (k + math.isqrt(5 * k * k)) // 2


def grid_cells(size: str) -> int:
    """The cells of a board ``"3x4"``."""
    rows, cols = size.split("x")
    return int(rows) * int(cols)


def role_orders(gods: str) -> int:
    """The ways to hand out the roles ``"True,False,Random"`` to that many gods (a multinomial)."""
    roles = gods.split(",")
    out = math.factorial(len(roles))
    for role in set(roles):
        out //= math.factorial(roles.count(role))
    return out


SECOND_WAY = {  # (lesson, step) -> the answer of an instance, computed without the engines
    ("coins-1", 2): lambda p: necklaces(p["coins"], p["sides"]),
    ("coins-5", 1): lambda p: p["sides"] ** p["coins"],
    ("coins-5", 5): lambda p: p["sides"] ** p["coins"] - 1,  # a sure win needs every table but the goal
    ("coins-1", 5): lambda p: p["sides"] ** p["coins"] - 1,
    ("lightsout-4", 1): lambda p: 2 ** grid_cells(p["size"]),
    ("wythoff-3", 5): lambda p: smaller_pile(p["args.index"]),
    ("gods-2", 1): lambda p: 2 * role_orders(p["gods"]),  # each order of the roles with both meanings of 'ja'
    ("gods-5", 2): lambda p: math.ceil(math.log2(role_orders(p["gods"]))),
}


def drawn(lesson_id: str, index: int, count: int = SAMPLE) -> list[tuple[dict, object]]:
    """Up to ``count`` instances of a step the engine serves, each with the step built for it."""
    space = Space(CATALOG.find(lesson_id), index)
    out = []
    for instance in space.instances(random.Random(7)):
        item = space.item(instance)
        if space.usable(item):
            out.append((instance, item))
        if len(out) >= count:
            break
    return out


@pytest.mark.parametrize(("lesson_id", "index"), SPACES, ids=[f"{lid}-{i + 1}" for lid, i in SPACES])
def test_each_space_yields_instances_with_new_answers(lesson_id: str, index: int) -> None:
    own = CATALOG.find(lesson_id).steps[index]
    instances = drawn(lesson_id, index)
    own_answer = own.reference()
    answers = {plain(text_of(item.reference())) for _, item in instances if item.reference() is not None}
    fresh = answers - ({plain(text_of(own_answer))} if own_answer is not None else set())
    assert len(fresh) >= 3, f"{lesson_id} steps[{index + 1}]: only {sorted(fresh)} differ from the lesson's own"
    for instance, item in instances:
        assert item.skills() == own.skills(), "an instance exercises the skills of the step it varies"
        if own_answer is not None and item.reference() is not None and plain(text_of(item.reference())) != plain(
                text_of(own_answer)):
            assert not item.accepts(text_of(own_answer)), f"{instance}: the lesson's own answer passes"


@pytest.mark.parametrize("where", sorted(SECOND_WAY), ids=lambda w: f"{w[0]}-{w[1] + 1}")
def test_instance_answers_agree_with_a_second_computation(where: tuple[str, int]) -> None:
    instances = drawn(*where, count=6)
    assert instances
    for instance, item in instances:
        assert str(SECOND_WAY[where](instance)) == text_of(item.reference()), instance


def test_every_skill_of_the_course_has_a_review_space_or_a_practice_step() -> None:
    reviewed = {s for lesson_id, i in SPACES for s in CATALOG.find(lesson_id).steps[i].skills()}
    practised = {s for lesson in CATALOG.ordered() for step in lesson.steps if step.fresh for s in step.skills()}
    assert SKILLS - reviewed == set(), sorted(SKILLS - reviewed - practised)


def test_an_instance_lesson_records_the_instance_it_asks() -> None:
    lesson = CATALOG.find("coins-5")
    space = Space(lesson, 5)
    asked = space.lesson({"coins": 4, "sides": 2})
    assert dict(asked.variant) == {"steps[6].coins": 4, "steps[6].sides": 2}
    assert text_of(asked.steps[5].reference()) == "15" and asked.steps[5].accepts("15")
    assert "4 positions" in text_of(asked.steps[5].fill(asked.steps[5].text))
    from tutor.progress.records import variant_json
    assert answered(variant_json(asked.seed, asked.variant), 5) == '{"coins": 4, "sides": 2}'
    assert answered(variant_json(lesson.seed, lesson.variant), 5) is None
    assert [s.title for s in asked.steps] == [s.title for s in lesson.steps]


def test_seen_refuses_an_item_a_remembered_or_shown_answer_passes() -> None:
    seen = Seen(("19682",), frozenset({"26"}))
    assert not seen.admits("19682", lambda text: text == "19682")
    assert not seen.admits("26", lambda text: text == "26")
    assert not seen.admits("15", lambda text: Fraction(text) in (15, 26))  # the shown 26 would pass too
    assert seen.admits("15", lambda text: text == "15")

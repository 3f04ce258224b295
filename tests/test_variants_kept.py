"""A lesson variant is built once per template and seed, then shared (``LessonTemplate.build``): the steps never
change, so every learner and every check of the same variant can read the same ones."""

from __future__ import annotations

import pickle

from tests.helpers import bundled
from tutor.course import instantiate
from tutor.course.lesson import KEPT_VARIANTS


def test_the_same_seed_is_built_once_and_another_seed_apart() -> None:
    template = bundled().find("coins-6").template
    assert template.tables.slots(), "the lesson draws its parameters"
    first, again, other = template.build(3), template.build(3), template.build(4)
    assert first is again and first is not other
    assert instantiate(bundled().find("coins-6"), 3).steps is first.steps


def test_a_lesson_that_draws_nothing_has_one_variant() -> None:
    template = bundled().find("wythoff-1").template
    assert not template.tables.slots()
    assert template.build(0) is template.build(7)


def test_the_variants_kept_are_bounded_and_a_pickled_template_carries_none() -> None:
    template = bundled().find("coins-6").template
    for seed in range(100, 100 + KEPT_VARIANTS + 3):
        template.build(seed)
    assert len(template.__dict__["_variants"]) == KEPT_VARIANTS
    copy = pickle.loads(pickle.dumps(template))
    assert "_variants" not in copy.__dict__ and copy.id == template.id
    rebuilt = copy.build(3)
    assert [s.key for s in rebuilt.steps] == [s.key for s in template.build(3).steps]

"""Practice items aimed at the mistake (tutor.learner.targets): for each family's practice quantity and each of its
misconceptions, the item drawn after a diagnosis separates that misconception from the right value (both computed
again here on a freshly loaded game, not through the practice step), and it is the smallest variant that does
(checked by brute force over the whole space); with no diagnosis it is the closest variant to the one missed."""

from __future__ import annotations

import random

import pytest

from tests.helpers import bundled
from tutor import puzzles
from tutor.course.steps import Computed, Practice
from tutor.learner import targets

CATALOG = bundled()
PRACTICE = [(lesson, step) for lesson in CATALOG.ordered() if any(isinstance(s, Practice) for s in lesson.steps)
            for step in lesson.steps if isinstance(step, Practice)]
CASES = [(lesson, step, idea.name) for lesson, step in PRACTICE if isinstance(step.sample_item, Computed)
         for idea in step.sample_item.computes.misconceptions]


def engine_values(step: Practice, variant, idea: str):
    """The right value and the misconception's, from a game loaded here from the lesson's parameters."""
    puzzle = puzzles.get(step.puzzle.name)
    params = {**step.pool.setting.lesson_params, **step.pool.setting.params,
              **{k: v for k, v in variant.items() if not k.startswith("args.")}}
    args = {**step.pool.setting.lesson_args, **step.pool.setting.args,
            **{k[5:]: v for k, v in variant.items() if k.startswith("args.")}}
    game = puzzle.load(params)
    quantity = puzzle.quantities[step.sample_item.computes.name]
    own = quantity.arguments(args)
    found = next(m for m in quantity.misconceptions if m.name == idea)
    return quantity.compute(game, own), found.value(game, own)


def aimed(candidates, missed, idea, quantity, concrete):
    """The first variant ``targets.ranked`` would try (None for no candidates)."""
    order = targets.ranked(candidates, missed, idea, quantity, concrete)
    return order[0] if order else None


def test_every_family_has_a_practice_lesson_last_in_its_course() -> None:
    families = {lesson.puzzle for lesson, _ in PRACTICE}
    assert families == {"coins", "wythoff", "gods", "lightsout"}
    for family in families:
        course = [lesson for lesson in CATALOG.ordered() if lesson.puzzle == family and not lesson.pack]
        assert any(isinstance(s, Practice) for s in course[-1].steps), [lesson.id for lesson in course]
        assert course[-1].id == f"{family}-{len(course)}" and course[-1].order == len(course)


@pytest.mark.parametrize(("lesson", "step", "idea"), CASES, ids=[f"{les.id}-{idea}" for les, _, idea in CASES])
def test_the_item_after_a_diagnosis_separates_the_misconception(lesson, step: Practice, idea: str) -> None:
    space = step.pool.space()
    missed = space[0]
    quantity = step.sample_item.computes
    chosen = aimed(space[1:], missed, idea, quantity, step.pool.concrete)
    assert chosen is not None
    separating = []
    for variant in space[1:]:
        right, given = engine_values(step, variant, idea)
        if given is not None and given != right:
            separating.append(variant)
    if not separating:  # the idea gives no wrong value anywhere here: the closest variant instead
        assert chosen == targets.closest(space[1:], missed)[0]
        return
    right, given = engine_values(step, chosen, idea)
    assert given is not None and given != right, (chosen, right, given)
    smallest = min(targets.variant_size(v) for v in separating)
    assert targets.variant_size(chosen) == smallest
    # every separating variant is tried before any other, smallest first (one the engine cannot serve gives way
    # to the next of them, not to a random one)
    order = targets.ranked(space[1:], missed, idea, quantity, step.pool.concrete)
    head = order[:len(separating)]
    assert sorted(map(repr, head)) == sorted(map(repr, separating))
    assert [targets.variant_size(v) for v in head] == sorted(targets.variant_size(v) for v in head)
    assert len(order) == len(space) - 1


def test_every_practice_quantity_has_a_misconception_some_variant_separates() -> None:
    # a practice of written answers (gods-8's averages) has no quantity to aim by: the closest variant comes next
    for lesson, step in PRACTICE:
        if not isinstance(step.sample_item, Computed):
            continue
        quantity = step.sample_item.computes
        space = step.pool.space()
        assert any(targets.separates(quantity, idea.name, *step.pool.concrete(v))
                   for idea in quantity.misconceptions for v in space), lesson.id


@pytest.mark.parametrize(("lesson", "step"), PRACTICE, ids=[lesson.id for lesson, _ in PRACTICE])
def test_with_no_diagnosis_the_closest_variant_comes_next(lesson, step: Practice) -> None:
    space = step.pool.space(rng=random.Random(7))
    missed, rest = space[0], space[1:]
    chosen = aimed(rest, missed, None, None, step.pool.concrete)
    assert chosen is not None
    nearest = min(targets.distance(v, missed) for v in rest)
    assert targets.distance(chosen, missed) == nearest


def test_an_unknown_misconception_falls_back_to_the_closest() -> None:
    _, step = PRACTICE[0]
    space = step.pool.space()
    chosen = aimed(space[1:], space[0], "no-such-idea", step.sample_item.computes, step.pool.concrete)
    assert chosen == targets.closest(space[1:], space[0])[0]
    assert aimed([], space[0], None, None, step.pool.concrete) is None


def test_distance_and_size_by_hand() -> None:
    assert targets.size("12,30") == 42 and targets.size("X.X/.X.") == 6
    assert targets.distance({"coins": 3, "sides": 2}, {"coins": 3, "sides": 2}) == 0
    assert targets.distance({"coins": 3, "sides": 2}, {"coins": 5, "sides": 3}) == (2 + 1) + (1 + 1)

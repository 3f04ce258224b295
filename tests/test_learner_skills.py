"""Skills (issue 21): each family declares them, every bundled question step exercises at least one, lint refuses
a skill no family declares, and knowledge tracing matches a sequence computed by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tutor import puzzles
from tutor.course import load_catalog
from tutor.learner.bkt import DEFAULT, BktParams, trace, update
from tutor.learner.skills import all_skills, covering, skills_of
from tutor.puzzles.skills import Skill

FAMILIES = puzzles.builtin_names()


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([])


@pytest.mark.parametrize("family", FAMILIES)
def test_each_family_declares_named_skills_that_cover_all_it_asks(family):
    puzzle = puzzles.get(family)
    assert puzzle.skills, f"{family} declares no skills"
    names = [s.name for s in puzzle.skills]
    assert len(set(names)) == len(names)
    for skill in puzzle.skills:
        assert skill.family == family and skill.name.count("/") == 1
        assert skill.sentence and not skill.sentence.endswith(".")
    parts = {f"quantity:{q}" for q in puzzle.quantities} | {f"kind:{k}" for k in puzzle.kind_names()}
    ideas = {f"misconception:{m.name}" for q in puzzle.quantities for m in puzzle.quantities[q].misconceptions}
    covered = {c for s in puzzle.skills for c in s.covers}
    assert covered <= parts | ideas, f"{family}: skills cover what the family does not have: {covered - parts - ideas}"
    assert not parts - covered, f"{family}: no skill covers {sorted(parts - covered)}"


def test_skill_names_are_global():
    every = all_skills()
    assert sum(len(puzzles.get(f).skills) for f in FAMILIES) <= len(every)
    assert every["coins/count-tables"].sentence == "count tables up to turning"


def test_every_bundled_question_step_exercises_a_known_skill(catalog):
    every = all_skills()
    checked = 0
    for lesson in catalog.ordered():
        for step in lesson.steps:
            if step.label == "say":
                assert skills_of(step) == ()
                continue
            named = skills_of(step)
            assert named, f"{lesson.id} {step.key} ({step.label}) exercises no skill"
            assert all(n in every and every[n].family == step.puzzle.name for n in named)
            checked += 1
    assert checked > 50


def test_covering_follows_the_declared_order():
    puzzle = puzzles.get("coins")
    assert covering(puzzle, ["quantity:classes", "kind:play"]) == ("coins/count-tables", "coins/play-blindfolded")
    assert covering(puzzle, ["quantity:nothing"]) == ()
    assert Skill("a/b", "c").family == "a"


# -- lint and the lesson's own skills --------------------------------------------------------------

LESSON = """
id = "skills-test"
title = "Skills"
summary = "Which skills a step exercises."
puzzle = "coins"
params = {{ coins = 4 }}

[[steps]]
ask = "How many tables?"
answer = "number"
compute = "tables"
{skills}
"""


def lesson_at(tmp_path, skills):
    (tmp_path / "skills-test.toml").write_text(LESSON.format(skills=skills))
    found = load_catalog([str(tmp_path)])
    assert not found.errors, found.errors
    return found.lessons["skills-test"]


def test_a_step_names_its_own_skills(tmp_path):
    lesson = lesson_at(tmp_path, 'skills = ["coins/decide-winnable", "wythoff/spot-losing"]')
    step = lesson.steps[0]
    assert skills_of(step) == ("coins/decide-winnable", "wythoff/spot-losing")
    assert step.lint() == []


def test_lint_refuses_an_unknown_skill(tmp_path):
    step = lesson_at(tmp_path, 'skills = ["coins/count-tabels"]').steps[0]
    problems = step.lint()
    assert len(problems) == 1 and "unknown skill 'coins/count-tabels'" in problems[0]
    assert problems[0].startswith(".skills:")


def test_default_skills_come_from_the_quantity(tmp_path):
    assert skills_of(lesson_at(tmp_path, "").steps[0]) == ("coins/count-tables",)


# -- Bayesian knowledge tracing ----------------------------------------------------------------------

def test_bkt_matches_a_sequence_computed_by_hand():
    # prior 1/2, learn 1/10, slip 1/10, guess 1/5; observations right, wrong, right.
    params = BktParams(Fraction(1, 2), Fraction(1, 10), Fraction(1, 10), Fraction(1, 5))  # type: ignore[arg-type]
    # right: posterior (1/2 * 9/10) / (9/20 + 1/2 * 1/5) = (9/20) / (11/20) = 9/11; learn: 9/11 + 2/11 * 1/10 = 92/110
    p1 = update(params.prior, True, params)
    assert p1 == Fraction(46, 55)
    # wrong: posterior (46/55 * 1/10) / (46/550 + 9/55 * 4/5) = (46/550) / (46/550 + 72/550) = 46/118 = 23/59;
    # learn: 23/59 + 36/59 * 1/10 = 266/590 = 133/295
    p2 = update(p1, False, params)
    assert p2 == Fraction(133, 295)
    # right: posterior (133/295 * 9/10) / (133/295 * 9/10 + 162/295 * 1/5) = 1197 / (1197 + 324) = 1197/1521 = 133/169;
    # learn: 133/169 + 36/169 * 1/10 = 1366/1690 = 683/845
    p3 = update(p2, True, params)
    assert p3 == Fraction(683, 845)
    assert trace([True, False, True], params) == p3


def test_the_guess_is_the_items_own_chance_computed_by_hand():
    # prior 1/5, learn 3/20, slip 1/10, no guess declared: each item's chance of a lucky guess is the guess.
    params = BktParams(Fraction(1, 5), Fraction(3, 20), Fraction(1, 10))  # type: ignore[arg-type]
    # a yes/no item (chance 1/2) right: posterior (1/5 * 9/10) / (9/50 + 4/5 * 1/2) = (9/50) / (29/50) = 9/29;
    # learn: 9/29 + 20/29 * 3/20 = 12/29
    assert update(params.prior, True, params, Fraction(1, 2)) == Fraction(12, 29)
    # a choice among 5 (chance 1/5) right: (9/50) / (9/50 + 4/25) = 9/17; learn: 9/17 + 8/17 * 3/20 = 51/85 = 3/5
    assert update(params.prior, True, params, Fraction(1, 5)) == Fraction(3, 5)
    # an open answer (chance 1/100) right: (9/50) / (9/50 + 4/500) = 45/47; learn: 45/47 + 2/47 * 3/20 = 453/470
    assert update(params.prior, True, params, Fraction(1, 100)) == Fraction(453, 470)
    # a yes/no item wrong: (1/5 * 1/10) / (1/50 + 4/5 * 1/2) = 1/21; learn: 1/21 + 20/21 * 3/20 = 4/21
    assert update(params.prior, False, params, Fraction(1, 2)) == Fraction(4, 21)
    # the same sequence, item by item: trace with one chance equals update applied in turn
    assert trace([True, False], params, Fraction(1, 2)) == update(Fraction(12, 29), False, params, Fraction(1, 2))
    # a pack's declared guess takes the place of the item's chance
    fitted = BktParams(Fraction(1, 5), Fraction(3, 20), Fraction(1, 10), Fraction(1, 5))  # type: ignore[arg-type]
    assert update(fitted.prior, True, fitted, Fraction(1, 2)) == Fraction(3, 5)


def test_each_step_kind_says_its_chance_of_a_lucky_guess(catalog):
    """A choice: one in its options (yes or no: one half); a practice number: one in the range of its items'
    answers; an open answer (a plain number, a written answer, a game, a practice of written answers): ``bkt.OPEN``."""
    from tutor.course.steps import Computed, Practice
    from tutor.learner.bkt import OPEN

    kinds: dict[str, list[float]] = {}
    for lesson in catalog.ordered():
        for step in lesson.steps:
            options = getattr(step, "options", ())
            if options:
                assert step.guesses() == options and step.chance() == 1 / len(options)
                kinds.setdefault("choice", []).append(step.chance())
            elif isinstance(step, Practice) and isinstance(step.sample_item, Computed):
                # the answers of every item in the space the engine answers (a guesser knows the range they span)
                pool = step.pool
                values = sorted(int(item.value()) for v in pool.space() if (item := pool.valued(v)) is not None)
                assert values and all(pool.item(v).value() in values for v in pool.space() if pool.serves(v))
                assert step.guesses() == tuple(str(n) for n in range(values[0], values[-1] + 1))
                assert step.chance() == 1 / (values[-1] - values[0] + 1)
                kinds.setdefault("practice", []).append(step.chance())
            elif step.skills():
                assert step.guesses() == () and step.chance() == OPEN
                kinds.setdefault("open", []).append(step.chance())
    assert set(kinds) == {"choice", "practice", "open"} and 0.5 in kinds["choice"]


def test_bkt_moves_the_right_way_and_refuses_bad_parameters():
    p = DEFAULT.prior
    assert update(p, True, DEFAULT, 0.5) > p > update(p, False, DEFAULT, 0.5) - DEFAULT.learn
    assert update(1.0, False, BktParams(learn=0)) == 1.0  # certain knowledge stays certain: a slip explains the miss
    with pytest.raises(ValueError, match="slip"):
        BktParams(slip=0.6, guess=0.5)
    with pytest.raises(ValueError, match="prior"):
        BktParams(prior=1.5)

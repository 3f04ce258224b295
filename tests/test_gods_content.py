"""The gods lessons' content: every number an author typed is one the engine confirms for that step, the text
reads as Markdown (diagrams and tables fenced, formulas in code spans), and nothing is given away early."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import quantity_name
from tests.lesson_text import prose, quoted_numbers
from tutor import puzzles
from tutor.course import Lesson, Step, load_file
from tutor.errors import TutorError
from tutor.puzzles.answers import rung
from tutor.puzzles.gods.engine import shared_solver
from tutor.puzzles.gods.rules.worlds import MAX_GODS
from tutor.puzzles.gods.teach.conjecture import god_sets
from tutor.screen.shown import text_of

GODS = puzzles.get("gods")
LESSONS = [load_file(p) for p in sorted((Path(__file__).resolve().parent.parent / "lessons" / "gods").glob("*.toml"))]


def engine_facts(step: Step) -> set[int]:
    """Every number the engine computes for the step's game: the family's quantities with the step's arguments,
    and the counts the lessons' arguments are made of (gods, answer words, the roles left for each god in turn,
    where a god is Random, the halves of the rest, the counting bound's neighbouring powers of two)."""
    game = step.game
    u = game.universe
    solver = shared_solver(game)
    facts: set[int] = set()
    for name in GODS.quantities.names():
        try:
            value = GODS.compute(game, name, step.args)
        except TutorError:  # an example_* quantity on a step without an example
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            facts.add(value)
    facts |= {len(u.gods), len(u.words), len(u.identity_set(game.start))}
    facts |= {len(u.gods) - i for i in range(len(u.gods))}  # roles left for the first, second, ... god
    n = solver.all_items.bit_count()
    for g in range(len(u.gods)):
        r = solver.rand[g].bit_count()
        facts |= {r, n - r, (n - r) // 2, u.random(g).bit_count(), 1 << u.random(g).bit_count()}
    lb = solver.lower_bound()
    for k in (lb - 1, lb, lb + 1):
        facts |= {k, 1 << k}
    # the workbench's sets of gods (gods-9): its bound, the engine's limit, and how many sets of 'size' gods there are
    facts |= {MAX_GODS, *(v for v in step.args.values() if isinstance(v, int) and not isinstance(v, bool))}
    if "size" in step.args:
        facts.add(sum(1 for s in god_sets(step.args["size"]) if s.n == step.args["size"]))
    return facts


def step_of(lesson: Lesson, where: str) -> Step:
    index = int(re.search(r" step (\d+) ", where).group(1)) - 1  # type: ignore[union-attr]
    return lesson.steps[index]


def not_a_claim(lesson_orders: set[int], number: int, context: str) -> bool:
    """Numbers that state nothing about a puzzle: a reference to another gods lesson ('lesson 2'), the marker
    of a numbered list item ('1. Wrap every question'), a source cited by its arXiv number ('arXiv:2201.09801')."""
    if re.search(rf"arXiv:{number}\.\d+", context):
        return True
    if re.search(rf"\blesson {number}\b", context):
        return number in lesson_orders
    return bool(re.search(rf"(?:^|\n|\s{{2,}}){number}\. [A-Z]", context))


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda les: les.id)
def test_every_quoted_number_is_confirmed_by_the_engine(lesson):
    orders = {les.order for les in LESSONS}
    unconfirmed = []
    quoted = quoted_numbers(lesson)
    facts: dict[int, set[int]] = {}  # by step: a step's numbers are worked out once, however many it quotes
    for where, number, context in quoted:
        if not_a_claim(orders, number, context):
            continue
        step = step_of(lesson, where)
        if step.index not in facts:
            facts[step.index] = engine_facts(step)
        if number not in facts[step.index]:
            unconfirmed.append((where, number, context))
    assert unconfirmed == []


def test_the_content_rule_is_not_vacuous():
    """A number the engine does not compute is caught, and a non-claim is recognised only by its form."""
    les = LESSONS[4]
    step = next(s for s in les.steps if quantity_name(s) == "working_first_questions")
    facts = engine_facts(step)
    assert 96 in facts and 97 not in facts and 95 not in facts
    assert not_a_claim({1, 2}, 2, "on what ja means (lesson 2).") and not not_a_claim({1, 2}, 7, "(lesson 7)")
    assert not not_a_claim({1, 2}, 3, "3 questions give only 8")


def test_lesson_text_is_markdown_with_fenced_diagrams():
    """Indented lines (a diagram, a table, a plan) sit inside a fenced block, never loose in a paragraph,
    and sympy's symbols with underscores are code spans."""
    for les in LESSONS:
        for where, text in prose(les, filled=False):
            fenced = in_list = False
            for line in text.splitlines():
                if line.startswith("```"):
                    fenced = not fenced
                    continue
                if fenced:
                    continue
                in_list = bool(re.match(r"(?:- |\d+\. )", line)) or (in_list and line.strip() != "")
                if line.startswith(" "):  # only the continuation of a list item may be indented
                    assert in_list and re.match(r" {2,3}\S", line), (where, line)
                for symbol in re.findall(r"`?\b[A-Za-z]+_(?:True|False|Random|yes)\b`?", line):
                    assert symbol.startswith("`"), (where, symbol)
            assert not fenced, (where, "unclosed fence")


def test_gods_2_says_nothing_about_random_before_it_is_introduced():
    les = LESSONS[1]
    introduced = next(s.index for s in les.steps if "Random" in s.params["gods"])
    for step in les.steps[:introduced]:
        assert "Random" not in step.text + step.success + " ".join(step.hints)
        if step.label == "question":  # the engine's own words: the verdict on a right answer, and its hints
            kind = GODS.kind("question")
            reference = kind.reference(step.game, kind.arguments(step.args))
            assert reference and "Random" not in GODS.check(step.game, "question", reference, step.args).summary
            assert not any("Random" in text_of(rung(h).text)
                           for h in kind.hints(step.game, kind.arguments(step.args), ""))


def test_gods_5_first_questions_are_not_given_away_before_the_last_hint():
    """The answer (96) is not reachable from the feedback to '6' plus the first two hints: none of them names
    the number of versions of a split, nor a product that makes the answer."""
    les = LESSONS[4]
    step = next(s for s in les.steps if quantity_name(s) == "working_first_questions")
    value = GODS.compute(step.game, "working_first_questions")
    versions = 1 << step.game.universe.random(0).bit_count()
    early = [m.say for m in step.mistakes] + list(step.hints[:2])
    for text in early:
        numbers = {int(n) for n in re.findall(r"\d+", text)}
        assert value not in numbers and versions not in numbers, text
    price = next(s for s in les.steps if quantity_name(s) == "first_worst_branch")
    worst = GODS.compute(price.game, "first_worst_branch")
    for mistake in price.mistakes:
        assert str(worst) not in re.findall(r"\d+", mistake.say), mistake.say


FENCED_WIDTH = 58  # a preformatted line is shown as it is: it must fit a 60-column terminal with its margin


def test_fenced_lines_fit_a_narrow_terminal():
    for les in LESSONS:
        for where, text in prose(les, filled=True):
            fenced = False
            for line in text.splitlines():
                if line.startswith("```"):
                    fenced = not fenced
                elif fenced:
                    assert len(line) <= FENCED_WIDTH, (where, line)

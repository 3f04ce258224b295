"""Every number the author of a Lights Out lesson typed is confirmed by the engine or by a checkable rule.

A number is a claim unless a rule says otherwise; each claim must equal
something computed for the step's game (an integer quantity, a parameter, a
question argument, the cells of the board, how many cells a press changes).  The rules for numbers
that are not claims are checked too: a row number is a row of the board, a
lesson number names a Lights Out lesson, a number below the number of states
is a cell's state, and a declared mistake's own value may be quoted by its
reply.
"""

from __future__ import annotations

import re

import pytest

from tests.helpers import bundled
from tests.lesson_text import quoted_numbers
from tutor.errors import TutorError
from tutor.puzzles import get

PUZZLE = get("lightsout")
OURS = sorted((les for les in bundled().lessons.values() if les.puzzle == "lightsout"), key=lambda les: les.order)
ORDERS = {les.order for les in OURS}


def computed(step) -> set[int]:
    """Every whole number the engine and the step's parameters give for this step."""
    game = step.game
    rules = game.rules
    out = {rules.rows, rules.cols, rules.cells, rules.states, *(v for v in step.args.values() if isinstance(v, int))}
    for name, q in PUZZLE.quantities.items():
        if rules.cells > 10_000 and name == "method_race":
            continue  # a text, never a number, that times real solves (the chase quantities are fast now)
        try:
            value = q(game, step.args)
        except TutorError:  # a quantity that does not apply to these rules (the chase on a torus, ...)
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            out.add(value)
    out |= {len(rules.effect(r, c)) for r in range(min(rules.rows, 3)) for c in range(min(rules.cols, 3))}
    return out


def not_a_claim(step, n: int, context: str) -> bool:
    """A number the rules above say is a coordinate, a reference, a cell state or the mistake quoted."""
    rules = step.game.rules
    if 1 <= n <= rules.rows and re.search(rf"\brows? (?:\d+ (?:to|and) )?{n}\b", context, re.IGNORECASE):
        return True  # a row of the board
    if n in ORDERS and re.search(rf"\blessons? {n}\b", context, re.IGNORECASE):
        return True  # another lesson of the family
    if n < rules.states:
        return True  # a cell's state (0 dark, 1 lit, ...)
    return any(m.match is not None and m.match.strip() == str(n) for m in step.mistakes)


@pytest.mark.parametrize("lesson", OURS, ids=lambda les: les.id)
def test_every_typed_number_is_computed_or_a_coordinate(lesson) -> None:
    steps = {f"{lesson.id} step {s.index + 1}": s for s in lesson.steps}
    known: dict[str, set[int]] = {}  # each step's numbers, computed once (some quantities are costly)
    unconfirmed = []
    for where, n, context in quoted_numbers(lesson):
        key = " ".join(where.split()[:3])
        step = steps[key]
        if key not in known:
            known[key] = computed(step)
        if n not in known[key] and not not_a_claim(step, n, context):
            unconfirmed.append((where, n, context))
    assert not unconfirmed, "\n".join(f"{w}: {n} in {c!r}" for w, n, c in unconfirmed)


def test_the_rules_are_not_empty_promises() -> None:
    """A number typed into a claim that the engine does not confirm is caught; a row past the board is not a row."""
    step = next(s for s in OURS[2].steps if s.title == "How many solutions?")
    solutions = PUZZLE.quantities["solutions"](step.game)
    assert solutions in computed(step)
    wrong = max(computed(step)) + 1
    assert not not_a_claim(step, wrong, f"the board has {wrong} solutions")
    rows = step.game.rules.rows
    assert not_a_claim(step, rows, f"press in row {rows} under")
    assert not not_a_claim(step, rows + 1, f"press in row {rows + 1} under")


def test_a_mistake_reply_that_quotes_another_board_is_right_about_it() -> None:
    """lightsout-4's torus step diagnoses the answer on the flat board (the engine's flat-board misconception,
    once a declared mistake): the engine agrees that it is the flat board's fewest."""
    lesson = OURS[3]
    step = next(s for s in lesson.steps if s.title == "All on, on a torus")
    (idea,) = [m for m in step.computes.misconceptions if m.name == "flat-board"]
    flat = PUZZLE.load({**PUZZLE.values(step.game), "torus": False})
    given = idea.value(step.game, {})
    assert "flat" in idea.says(step.game, {}, given) and PUZZLE.quantities["min_presses"](flat) == given

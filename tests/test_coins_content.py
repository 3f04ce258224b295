"""Issue 12, coins: every number a coin lesson shows is re-derived from the engine.

Each whole number in the text a learner reads (step text, success lines, hints, mistakes, as the session
fills them) must be confirmed by a rule this test checks, never by a number typed here:

* a value the engine computes for the step's table (a quantity), or for the half table the doubling
  construction builds on (tables of an even number of coins);
* a parameter of the step's table (coins, faces) or of the step (the number of moves to explore);
* inside code (a code span or a fenced block): a move or strategy the coin notation parses for the
  step's table (positions, diagrams); a group of moves in cycle notation over the step's positions
  (its numbers are positions); an arithmetic expression or identity whose value is one of the
  values above; a polynomial that divides x^N - 1 over the coefficients mod K, or an identity that
  holds modulo x^N - 1 (N and K the step's table); a formula of the conjecture workbench's language
  that the workbench reads (its numbers are constants of the formula, whose claims the workbench
  judges where a lesson asks for them).
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Iterator

import pytest
import sympy

from tests.helpers import bundled, quantity_name
from tests.lesson_text import NUMBER, prose
from tutor.course import Lesson, Step
from tutor.errors import TutorError
from tutor.puzzles import get
from tutor.puzzles.coins.rules import CoinGame, Move, parse_strategy
from tutor.puzzles.coins.rules.formula import parse_formula
from tutor.puzzles.coins.rules.group import parse_group

PUZZLE = get("coins")
LESSONS = [lesson for lesson in bundled().lessons.values() if lesson.puzzle == "coins"]
CODE = re.compile(r"```[a-z]*\n(.*?)```|`([^`]+)`", re.S)
TEXT = ("winnable", "trap", "factorization", "group_winnable", "touch_winnable", "workbench_task")
NUMERIC = [name for name in PUZZLE.quantities.names() if name not in TEXT]


def computed(game: CoinGame, args: object = None) -> set[int]:
    """Every number the engine computes for a table (and the step's arguments: a group, a number of touches) that a
    lesson may quote; a quantity the table does not fit (a group quantity without a group) gives none."""
    values = set()
    for name in NUMERIC:
        try:
            values.add(int(PUZZLE.compute(game, name, args or {})))  # type: ignore[arg-type]
        except TutorError:
            continue
    return values


def confirmed_values(step: Step) -> set[int]:
    game = step.game
    values = computed(game, step.args) | {game.coins, game.sides}
    if getattr(step, "explore", 0):
        values.add(step.explore)  # type: ignore[attr-defined]
    if game.coins % 2 == 0 and game.coins > 2:  # the doubling construction: the half table and its strategy
        half = CoinGame(game.coins // 2, game.sides, game.symmetry, game.goal)
        values |= computed(half) | {half.coins}
    return values


OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Pow: operator.pow}


def arithmetic(text: str) -> int | None:
    """The value of ``16 x 15 + 15`` or ``2^8 - 1`` (None if it is not plain arithmetic)."""
    if not re.fullmatch(r"[\d\s()+\-x^]+", text):
        return None
    try:
        tree = ast.parse(text.replace("^", "**").replace("x", "*"), mode="eval").body
    except SyntaxError:
        return None

    def value(node: ast.expr) -> int:
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in OPS:
            return OPS[type(node.op)](value(node.left), value(node.right))
        raise ValueError(text)

    try:
        return value(tree)
    except ValueError:
        return None


def code_confirmed(code: str, step: Step, values: set[int], blocks: dict[str, list[Move]] | None = None) -> bool:
    """Whether a piece of code's numbers are confirmed (module docstring); ``blocks``: the let blocks
    defined by earlier code of the same text."""
    game = step.game
    lines = [line.replace("...", "").replace("\\", " ") for line in code.splitlines() if line.strip() != "."]
    try:
        if "".join(lines).strip() and parse_strategy("\n".join(lines), game.coins, game.sides,
                                                     {} if blocks is None else blocks) is not None:
            return True
    except TutorError:
        pass
    readers = [lambda: parse_group(code, game.coins)]
    if re.search(r"\b[NK]\b", code):  # a formula in N and K (a bare number is no formula of the lesson's)
        readers.append(lambda: parse_formula(code))
    for read in readers:
        try:
            read()
            return True
        except TutorError:
            pass
    sides = [s.strip() for s in code.rstrip(".").split("=")]
    numbers = [arithmetic(s) for s in sides]
    if all(n is not None for n in numbers) and len(set(numbers)) == 1:
        return numbers[0] in values
    if "x" in code:
        x = sympy.symbols("x")
        ring = x**game.coins - 1
        try:
            polys = [sympy.Poly(sympy.sympify(s.replace("^", "**").replace("N", str(game.coins))), x,
                                modulus=game.sides) for s in sides]
        except (sympy.SympifyError, sympy.PolynomialError, TypeError):
            return False
        if len(polys) == 1:
            return sympy.Poly(ring, x, modulus=game.sides).rem(polys[0]).is_zero
        return all((p - polys[0]).rem(sympy.Poly(ring, x, modulus=game.sides)).is_zero for p in polys[1:])
    return False


def unconfirmed(lesson: Lesson) -> Iterator[str]:
    """Every number in ``lesson``'s text that no rule confirms, with where it is."""
    for where, text in prose(lesson, filled=True):
        step = lesson.steps[int(where.split(" step ")[1].split()[0]) - 1]
        values = confirmed_values(step)
        covered: list[tuple[int, int]] = []
        blocks: dict[str, list[Move]] = {}
        for match in CODE.finditer(text):
            code = match.group(1) or match.group(2)
            if code_confirmed(code, step, values, blocks) or all(int(n.replace(",", "")) in values
                                                        for n in NUMBER.findall(code)):
                covered.append(match.span())
        for match in NUMBER.finditer(text):
            if any(a <= match.start() < b for a, b in covered):
                continue
            if int(match.group(1).replace(",", "")) not in values:
                yield f"{where}: {match.group(1)!r} in {text[max(0, match.start() - 40):match.end() + 40]!r}"


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.id for lesson in LESSONS])
def test_every_number_a_coin_lesson_shows_is_computed(lesson: Lesson) -> None:
    assert list(unconfirmed(lesson)) == []


def test_the_rules_refuse_a_wrong_number() -> None:
    """The rules are not vacuous: a wrong count, a wrong identity, a move off the table are caught."""
    step = next(s for s in LESSONS[0].steps if quantity_name(s) == "classes")
    values = confirmed_values(step)
    assert 5 not in values  # not a number the engine gives for two coins
    assert not code_confirmed("2 x 2 + 1", step, values)
    assert not code_confirmed("012", step, values)  # position 2 is off a two-coin table
    assert code_confirmed("01 0", step, values) and code_confirmed("x + 1", step, values)
    assert not code_confirmed("x^2 + x + 1", step, values)  # no factor of x^2 - 1 mod 2
    assert not code_confirmed("(0 5)", step, values)  # position 5 is off a two-coin table
    assert code_confirmed("(0 1)", step, values) and code_confirmed("K^N - 1", step, values)

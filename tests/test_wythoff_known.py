"""The conjecture workbench works out a formula's parts without k once (``theory.evaluate.known``): every value
is the same as evaluating the whole formula at each k."""

from __future__ import annotations

import pytest

from tutor.puzzles.wythoff.rules.formula import parse_formula
from tutor.puzzles.wythoff.theory.evaluate import evaluate, known, uses_k

FORMULAS = [
    "floor(k*sqrt(2)*sqrt(2)*phi/sqrt(2)/sqrt(2))",
    "floor(k*phi)",
    "ceiling(k*pi) - 3",
    "floor(k/(sqrt(5) - 2)) + floor(1/sqrt(2))",
    "k^2 - 1/(sqrt(4) - 2)",  # a part without k that is undefined: left to each evaluation
    "floor((k + sqrt(2))^2)",
    "floor(sqrt(k))",
]


@pytest.mark.parametrize("text", FORMULAS)
def test_known_parts_give_the_same_values(text: str) -> None:
    node = parse_formula(text)
    given = known(node)
    assert all(not uses_k_of(node, key) for key in given)
    for k in range(0, 300):
        assert evaluate(node, k, given=given) == evaluate(node, k), (text, k)


def uses_k_of(node: object, key: int) -> bool:
    """Whether the subtree of ``node`` with id ``key`` uses k (found by walking the tree)."""
    todo = [node]
    while todo:
        sub = todo.pop()
        if id(sub) == key:
            return uses_k(sub)  # type: ignore[arg-type]
        fields = [w for v in vars(sub).values() for w in (v if isinstance(v, tuple) else (v,))]  # a call's arguments
        todo += [v for v in fields if hasattr(v, "__dataclass_fields__")]
    raise AssertionError("not a subtree")

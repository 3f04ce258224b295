"""A condition as sympy prints one, read back: ``A_True & ~ja_yes`` (``condition.lark``).

The tutor shows when a god answers "ja" as sympy's simplest condition over names such as ``A_True`` (A is True)
and ``ja_yes`` ("ja" means yes); a lesson offers such conditions as choices.  ``holds`` reads one and says whether
it is true in one world, so a wrong choice is refuted by a world where it and the god's answer disagree.  Only the
names, ``~ & ^ |``, parentheses and the constants ``always``, ``never``, ``True``, ``False`` are read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from tutor.grammar import Language, NotationError, Reading

if TYPE_CHECKING:
    from lark import Token

MAX_TOKENS = 400  # names and symbols in one condition: the value below recurses once per operator
CONSTANTS = {"always": True, "never": False, "True": True, "False": False}

Condition = Callable[[Mapping[str, bool]], bool]  # a condition's truth in one world (its names' values)


class ConditionError(NotationError):
    """A condition that does not read."""


class _Actions:
    """The condition's truth as a function of the world, built as the parser reduces."""

    def name(self, token: Token) -> Condition:
        name = str(token)
        if name in CONSTANTS:
            constant = CONSTANTS[name]
            return lambda world: constant
        return lambda world: world[name]

    def group(self, _open: Token, body: Condition, _close: Token) -> Condition:
        return body

    def negation(self, _not: Token, body: Condition) -> Condition:
        return lambda world: not body(world)

    def both(self, left: Condition, _op: Token, right: Condition) -> Condition:
        return lambda world: left(world) and right(world)

    def exclusive(self, left: Condition, _op: Token, right: Condition) -> Condition:
        return lambda world: left(world) != right(world)

    def either(self, left: Condition, _op: Token, right: Condition) -> Condition:
        return lambda world: left(world) or right(world)


CONDITIONS = Language(
    noun="condition",
    example="a condition such as A_True & ~ja_yes",
    package=__package__,
    grammar="condition.lark",
    start=["condition"],
    spoken=[("NAME", "a name such as A_True"), ("OR XOR AND", "'|' | '^' | '&'")],
    actions=_Actions(),
    error=ConditionError,
)


def _too_many() -> Exception:
    return ConditionError(f"a condition of more than {MAX_TOKENS} names and symbols")


def read_condition(text: str) -> Condition:
    """The condition ``text`` writes; ``ConditionError`` quotes it and names the column."""
    condition: Condition = Reading(CONDITIONS, text, limit=MAX_TOKENS, too_many=_too_many).parse("condition")
    return condition


def holds(text: str, world: Mapping[str, bool]) -> bool | None:
    """Whether the condition ``text`` holds in ``world`` (the names' values); None when it does not read or names
    something the world does not give.

    >>> holds("A_True & ~ja_yes", {"A_True": True, "ja_yes": False}), holds("never", {}), holds("2 +", {})
    (True, False, None)
    """
    try:
        return read_condition(text)(world)
    except (ConditionError, KeyError):
        return None

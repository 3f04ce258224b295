"""How deeply each token of an expression nests, read off the token stream before it is parsed (``tutor.grammar``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lark import Token


@dataclass(frozen=True)
class Nesting:
    """How deeply each token of an expression nests, read off the token stream before it is parsed.

    An operand sits ``base`` levels deep, each enclosing bracket adds ``bracket`` levels (itself and the
    expression inside), each sign in front of an operand (``prefixes``) and each operator whose right side
    nests (``chains``, a power) one more, until an operator that does not chain ends the operand
    (``-2^-3*4``: 2 sits 2 levels deep, 3 sits 4, and 4 sits 1).  An operand right after another starts anew
    (implicit multiplication, ``2k``); a function name is the head of an operand and its bracket.
    """

    base: int = 1
    bracket: int = 2
    opens: frozenset[str] = frozenset({"LPAR"})
    closes: frozenset[str] = frozenset({"RPAR"})
    prefixes: Mapping[str, int] = field(default_factory=dict)
    chains: frozenset[str] = frozenset()
    operands: frozenset[str] = frozenset()
    functions: frozenset[str] = frozenset()

    def too_deep(self, tokens: Iterable[Token], limit: int) -> Token | None:
        """The first token that sits more than ``limit`` levels deep, or None."""
        saved: list[int] = []  # the chain of each open bracket's operand, restored when it closes
        outer = self.base  # levels of the enclosing brackets and their chains
        chain = 0  # signs and powers stacked on the current operand
        after_operand = False
        for token in tokens:
            kind = token.type
            if kind in self.closes:
                if saved:
                    chain = saved.pop()
                    outer -= chain + self.bracket
                after_operand = True
                continue
            starts = kind in self.opens or kind in self.operands or kind in self.functions
            if not starts and after_operand:  # an operator between two operands
                chain = chain + 1 if kind in self.chains else 0
                after_operand = False
                continue
            if starts and after_operand:  # implicit multiplication: a new operand
                chain = 0
            if outer + chain > limit:
                return token
            if kind in self.opens:
                saved.append(chain)
                outer += chain + self.bracket
                chain = 0
            chain += self.prefixes.get(kind, 0) if not starts else 0
            after_operand = kind in self.operands
        return None

"""A skill: one thing a learner can master, declared by the puzzle family that teaches it.

Skill names are global and prefixed by their family (``coins/count-tables``).  ``covers`` maps parts of
the family to the skill by default: ``quantity:NAME`` (a number or choice step computing it),
``kind:NAME`` (a step answered in that answer kind; ``kind:play`` for a game) and ``misconception:NAME``
(a step whose quantity has it).  A lesson step may name its own skills instead (``skills = [...]``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Skill:
    """A skill's global name, the one sentence that says what it is, and what exercises it by default."""

    name: str  # "coins/count-tables"
    sentence: str  # "count tables up to turning"
    covers: tuple[str, ...] = ()  # ("quantity:classes", "misconception:all-tables")

    @property
    def family(self) -> str:
        """The family that declares the skill: the part of its name before the slash.

        >>> Skill("coins/count-tables", "count tables up to turning").family
        'coins'
        """
        return self.name.partition("/")[0]

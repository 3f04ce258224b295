"""Skills: what each family declares a learner can master, and which of them a lesson step exercises.

A family declares its skills on its puzzle class (``Puzzle.skills``: ``Skill(name, sentence, covers)``);
names are global, prefixed by the family (``coins/count-tables``).  A step's skills are its own when the
lesson names them (``skills = [...]``), else every skill of its puzzle that covers what the step asks: its
quantity, its answer kind, a misconception of its quantity, or play (``Step.skill_keys``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol

from tutor.puzzles import all_puzzles
from tutor.puzzles.skills import Skill

if TYPE_CHECKING:
    from tutor.puzzles.base import Puzzle

__all__ = ["Skill", "all_skills", "covering", "skills_of", "unknown"]


class HasSkills(Protocol):
    """Anything that says which skills it exercises (a lesson step)."""

    def skills(self) -> tuple[str, ...]:
        """The global names of the skills exercised."""
        ...


def all_skills() -> dict[str, Skill]:
    """Every skill every loaded family declares, by global name, families in course order."""
    return {skill.name: skill for puzzle in all_puzzles() for skill in puzzle.skills}


def skills_of(step: HasSkills) -> tuple[str, ...]:
    """The skills a lesson step exercises (its own ``skills = [...]``, else the defaults from what it asks)."""
    return step.skills()


def covering(puzzle: Puzzle[Any], keys: Iterable[str]) -> tuple[str, ...]:
    """The names of ``puzzle``'s skills that cover any of ``keys`` (``quantity:NAME``, ``kind:NAME``,
    ``misconception:NAME``), in the order the family declares them."""
    wanted = set(keys)
    return tuple(skill.name for skill in puzzle.skills if wanted & set(skill.covers))


def unknown(names: Iterable[str]) -> list[str]:
    """The names among ``names`` that no family declares."""
    known = all_skills()
    return [name for name in names if name not in known]

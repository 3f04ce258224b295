"""The world model of the three gods: every world, as bit sets.

A *world* fixes which god is True, False or Random and what the word "ja"
means.  Random may give either word, so a question does not map a world to
one answer: it maps a *set* of worlds to the set answered "ja" and the set
answered "da", and the Random worlds land in both.  Sets of worlds are ints
used as bit sets, so splitting, intersecting and counting are single
machine operations.

Vocabulary:

* ``WorldSet = int`` - bit ``i`` set when world ``i`` is possible: ``0b1111_1111_1111``.
* ``Assignment = tuple[str, ...]`` - a role per god in god order: ``("True", "False", "Random")``.
* a *variant* - the list of roles (``True,False,Random``; more gods, more Randoms),
  whether the language is known (plain yes/no) and whether the meaning of "ja"
  must be identified as well.
"""

from __future__ import annotations

import itertools
import string
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from tutor.grammar import Fault, Language, NotationError, Reading
from tutor.grammar.remember import remembered
from tutor.maths.bits import members

if TYPE_CHECKING:
    from lark import Token

WorldSet = int  # bit set over world indices: 0b101
Assignment = tuple[str, ...]  # ("True", "False", "Random")

ROLES = ("True", "False", "Random")
MAX_GODS = 5


@dataclass(frozen=True)
class World:
    """One world: a role per god, and whether "ja" means yes (None: the language is known)."""

    roles: Assignment
    ja_yes: bool | None

    def text(self, gods: tuple[str, ...]) -> str:
        """``A=True B=False C=Random ja=yes`` (no ``ja=`` part when the language is known)."""
        parts = [f"{g}={r}" for g, r in zip(gods, self.roles, strict=True)]
        if self.ja_yes is not None:
            parts.append("ja=" + ("yes" if self.ja_yes else "no"))
        return " ".join(parts)

    def as_json(self, gods: tuple[str, ...]) -> dict[str, str]:
        """``{"A": "True", "B": "False", "C": "Random", "ja": "yes"}``."""
        data = dict(zip(gods, self.roles, strict=True))
        if self.ja_yes is not None:
            data["ja"] = "yes" if self.ja_yes else "no"
        return data


@dataclass(frozen=True)
class Universe:
    """Every world of one variant, and the bit sets the engines need.

    ``role_mask[g][role]`` is the set of worlds where god ``g`` has ``role``;
    ``ja_no`` the worlds where "ja" means no; ``words`` the two answer words,
    the word that the masks compute first (``("ja", "da")`` or ``("yes", "no")``).
    ``identity[i]`` is what must be identified about world ``i`` (its
    assignment, with the language when ``identify_language``).
    """

    roles: Assignment
    known_language: bool
    identify_language: bool
    gods: tuple[str, ...]
    worlds: tuple[World, ...]
    full: WorldSet
    role_mask: tuple[dict[str, WorldSet], ...]
    ja_no: WorldSet
    words: tuple[str, str]
    identity: tuple[int, ...]
    identities: tuple[Assignment | World, ...]

    @property
    def size(self) -> int:
        """The number of worlds."""
        return len(self.worlds)

    def random(self, god: int) -> WorldSet:
        """The worlds where god ``god`` is Random."""
        return self.role_mask[god].get("Random", 0)

    def liar(self, god: int) -> WorldSet:
        """The worlds where god ``god`` is False."""
        return self.role_mask[god].get("False", 0)

    def god_index(self, name: str) -> int:
        """The index of god ``name`` ("A" -> 0); callers pass gods the parser has checked."""
        return self.gods.index(name.upper())

    def world_text(self, i: int) -> str:
        """World ``i`` as ``A=True B=False C=Random ja=yes``."""
        return self.worlds[i].text(self.gods)

    def identity_set(self, s: WorldSet) -> set[int]:
        """The identities (what must be told apart) present in world set ``s``."""
        return {self.identity[i] for i in members(s)}


class RolesError(NotationError):
    """Roles that do not read."""


class _Roles:
    def roles(self, *roles: Token) -> Assignment:
        if len(roles) > MAX_GODS:
            raise Fault(f"{len(roles)} gods", roles[MAX_GODS], f"at most {MAX_GODS}")
        return tuple(next(r for r in ROLES if r[0] == role[0].upper()) for role in roles)


ROLE_LISTS = Language(noun="list of roles", example="roles such as 'True,False,Random'", package=__package__,
                      grammar="roles.lark", start=["roles"], actions=_Roles(), error=RolesError, keep=["WORD"],
                      spoken=[("ROLE", "a role (True, False, Random or its first letter)"), ("WORD", "a role")])


def parse_roles(text: str) -> Assignment:
    """Parse ``True,False,Random`` (case-insensitive, commas or spaces, a role or its first letter) into roles;
    ``RolesError`` quotes the text and names the column of the word that is no role.

    >>> parse_roles("t, f r")
    ('True', 'False', 'Random')
    """
    return _read_roles(text)


@remembered
def _read_roles(text: str) -> Assignment:
    roles: Assignment = Reading(ROLE_LISTS, text).parse()
    return roles


@cache
def universe(roles: Assignment = ("True", "False", "Random"), known_language: bool = False,
             identify_language: bool = False) -> Universe:
    """Build (once) the universe of a variant: distinct role orders x meanings of "ja".

    >>> u = universe()
    >>> u.size, len(u.identities)
    (12, 6)
    >>> u.world_text(0)
    'A=True B=False C=Random ja=yes'
    """
    gods = tuple(string.ascii_uppercase[: len(roles)])
    orders = sorted(set(itertools.permutations(roles)), key=lambda o: [ROLES.index(r) for r in o])
    langs: tuple[bool | None, ...] = (None,) if known_language else (True, False)
    worlds = tuple(World(o, lang) for o in orders for lang in langs)
    role_mask: list[dict[str, int]] = [{} for _ in gods]
    ja_no = 0
    for i, w in enumerate(worlds):
        for g, r in enumerate(w.roles):
            role_mask[g][r] = role_mask[g].get(r, 0) | (1 << i)
        if w.ja_yes is False:
            ja_no |= 1 << i
    identities: list[Assignment | World] = []
    identity = []
    for w in worlds:
        key: Assignment | World = w if identify_language else w.roles
        if key not in identities:
            identities.append(key)
        identity.append(identities.index(key))
    words = ("yes", "no") if known_language else ("ja", "da")
    return Universe(roles=roles, known_language=known_language, identify_language=identify_language,
                    gods=gods, worlds=worlds, full=(1 << len(worlds)) - 1, role_mask=tuple(role_mask),
                    ja_no=ja_no, words=words, identity=tuple(identity), identities=tuple(identities))


def answers(u: Universe, god: int, says_first: WorldSet, s: WorldSet) -> tuple[WorldSet, WorldSet]:
    """Split ``s`` by the answer of ``god``: (worlds that may answer ``words[0]``, ... ``words[1]``).

    ``says_first`` is where a god who is not Random would say the first word;
    Random's worlds go to both sides.
    """
    r = u.random(god)
    first = s & ((says_first & ~r) | r)
    second = s & ((~says_first & ~r) | r)
    return first, second

"""A question to the gods as a tree: its nodes, and its canonical text (``format_question``), which the question
language (``tutor.puzzles.gods.rules.lang``) reads back to the same tree."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Role:
    """``A is True``; ``spoken`` when it was written in spoken word order, ``is A True`` (refused once read)."""

    god: str
    role: str
    spoken: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class You:
    """``you are False``: the god being asked; ``spoken``: written ``are you False``."""

    role: str
    spoken: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class Means:
    """``ja means yes`` (or ``da means no`` ...)."""

    word: str
    meaning: str


@dataclass(frozen=True)
class Say:
    """``would you say ja to (P)``; ``form`` "if" is ``if I asked you (P), would you say ja``."""

    word: str
    body: Node
    form: str = "would"


@dataclass(frozen=True)
class Pattern:
    """One element of a ``world in {...}`` set: some gods' roles and maybe the language."""

    roles: tuple[tuple[str, str], ...]  # (("A", "True"), ("C", "Random"))
    ja: str | None = None  # "yes", "no" or None (either)


@dataclass(frozen=True)
class InWorlds:
    """``world in {A=True B=False C=Random, ...}``."""

    patterns: tuple[Pattern, ...]


@dataclass(frozen=True)
class Not:
    """``not P``."""

    body: Node


@dataclass(frozen=True)
class Bin:
    """``P and Q``; ``op`` is one of and, or, xor, iff."""

    op: str
    left: Node
    right: Node


Node = Role | You | Means | Say | InWorlds | Not | Bin

PREC = {"iff": 1, "xor": 2, "or": 3, "and": 4}
NOT_PREC, ATOM_PREC = 5, 6


def _prec(node: Node) -> int:
    match node:
        case Bin(op):
            return PREC[op]
        case Not(Role() | You()):
            return ATOM_PREC  # written "A is not True"
        case Not():
            return NOT_PREC
    return ATOM_PREC


def format_question(node: Node) -> str:
    """The canonical text of a question; ``parse_question`` reads it back to the same tree."""
    match node:
        case Role(god, role):
            return f"{god} is {role}"
        case You(role):
            return f"you are {role}"
        case Means(word, meaning):
            return f"{word} means {meaning}"
        case Say(word, body, "if"):
            return f"if I asked you ({format_question(body)}), would you say {word}"
        case Say(word, body):
            return f"would you say {word} to ({format_question(body)})"
        case InWorlds(patterns):
            return "world in {" + ", ".join(format_pattern(p) for p in patterns) + "}"
        case Not(Role(god, role)):
            return f"{god} is not {role}"
        case Not(You(role)):
            return f"you are not {role}"
        case Not(body):
            inner = format_question(body)
            return "not " + (f"({inner})" if _prec(body) < NOT_PREC else inner)
        case Bin(op, left_node, right_node):
            left, right = format_question(left_node), format_question(right_node)
            left = f"({left})" if _prec(left_node) < PREC[op] else left
            right = f"({right})" if _prec(right_node) <= PREC[op] else right
            return f"{left} {op} {right}"
    raise TypeError(f"not a question: {node!r}")


def format_pattern(p: Pattern) -> str:
    """``A=True B=False ja=yes``."""
    parts = [f"{g}={r}" for g, r in p.roles]
    if p.ja is not None:
        parts.append(f"ja={p.ja}")
    return " ".join(parts)

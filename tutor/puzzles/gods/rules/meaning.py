"""What a question means: the worlds where it holds, and where the god asked says each word.

Meaning: a question is a proposition about the world and the god asked
("you").  A god who is not Random says "ja" exactly when
``P xor (he is False) xor ("ja" means no)``; "would you say ja to (P)" is that
proposition itself, which is why asking it of True or False gets "ja" exactly
when P holds.  Random's answers are either word, so what a question means to
Random never matters (inside "would you say", Random is read as truthful).
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.puzzles.gods.rules.question import Bin, InWorlds, Means, Node, Not, Pattern, Role, Say, You
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet


def truth_mask(node: Node, u: Universe, asked: int) -> WorldSet:
    """The worlds where the proposition holds, asked of god ``asked`` (bit-set algebra)."""
    match node:
        case Role(god, role):
            return u.role_mask[u.god_index(god)].get(role, 0)
        case You(role):
            return u.role_mask[asked].get(role, 0)
        case Means(word, meaning):
            return u.full & ~u.ja_no if (word == "ja") == (meaning == "yes") else u.ja_no
        case Say(word, body):
            return says_mask(word, truth_mask(body, u, asked), u, asked)
        case InWorlds(patterns):
            return _pattern_mask(patterns, u)
        case Not(body):
            return u.full & ~truth_mask(body, u, asked)
        case Bin(op, left, right):
            a, b = truth_mask(left, u, asked), truth_mask(right, u, asked)
            if op in ("and", "or"):
                return a & b if op == "and" else a | b
            return a ^ b if op == "xor" else u.full & ~(a ^ b)
    raise TypeError(f"not a question: {node!r}")


def _pattern_mask(patterns: Sequence[Pattern], u: Universe) -> WorldSet:
    """The worlds matching any of the patterns of ``world in {...}``."""
    out = 0
    for p in patterns:
        m = u.full
        for g, r in p.roles:
            m &= u.role_mask[u.god_index(g)].get(r, 0)
        if p.ja is not None:
            m &= u.ja_no if p.ja == "no" else u.full & ~u.ja_no
        out |= m
    return out


def says_mask(word: str, truth: WorldSet, u: Universe, asked: int) -> WorldSet:
    """Where god ``asked``, if not Random, answers ``word`` to a proposition true on ``truth``."""
    affirm = truth ^ u.liar(asked)
    if word in ("ja", "da"):
        affirm ^= u.ja_no
    return affirm if word in ("ja", "yes") else u.full & ~affirm


def first_word_mask(node: Node, u: Universe, asked: int) -> WorldSet:
    """Where god ``asked`` (not Random) answers the question with ``u.words[0]``."""
    return says_mask(u.words[0], truth_mask(node, u, asked), u, asked)

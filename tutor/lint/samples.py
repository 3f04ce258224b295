"""Strings a mistake's pattern may match: drawn from the parsed regular expression, bounded and seeded.

A pattern is parsed by the parser ``re`` itself uses (``re._parser``; RE2's syntax is, for what lessons write, a
subset of it) and walked with a seeded ``random.Random``: a branch picks one alternative, a repeat a few copies
more than its minimum, a class one of its characters.  A wide repeat (``.*``, ``[^\\n]*``) stands for "anything
here", so it is filled with a piece of an answer a learner might give (the ``pool``), which is how a sample of
``.*\\b1\\.6\\b.*`` comes out as an answer and not as ``1.6`` alone.  ``spliced`` goes the other way: the part of
the pattern between its leading and trailing wide repeats, written into a pool answer in place of a token or two.
Nothing here promises a match: the caller keeps the samples RE2 matches (anchors and ``\\b`` are left to it).
A pattern the parser cannot read gives no samples.

>>> draw = Drawer(random.Random(0), ["floor(k*phi)"])
>>> all(re.fullmatch(r"(?:[a-e]1\\s*)+", s) for s in draw.samples(r"(?:[a-e]1\\s*)+", 5))
True
>>> "floor(k*1.6)" in spliced(r".*\\b1\\.6\\b.*", ["floor(k*phi)"], random.Random(0))
True
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Sequence
from typing import Any

_parser: Any = importlib.import_module("re._parser")  # what the deprecated ``sre_parse`` re-exports

MORE = 2  # copies a repeat may take beyond its minimum
MOST = 64  # copies a repeat takes at most, whatever its minimum (a sample that then fails to match is dropped)
LONGEST = 4000  # characters a sample may have: a longer one is dropped
SPLICE_TOKENS = 40  # token positions of one pool answer a core is spliced into at most
TOKEN = re.compile(r"\w+(?:\.\w+)*|\S")
WIDE = ("ANY", "NOT_LITERAL")  # a one-character node that stands for almost any character
CATEGORY_CHARS = {"DIGIT": "7", "SPACE": " ", "WORD": "a", "LINEBREAK": "\n",
                  "NOT_DIGIT": "a", "NOT_SPACE": "a", "NOT_WORD": " ", "NOT_LINEBREAK": "a"}


class TooLong(Exception):
    """A sample grew past ``LONGEST``."""


def parsed(pattern: str) -> list[tuple[Any, Any]] | None:
    """The pattern's top-level nodes, or None where Python's parser cannot read it (RE2-only syntax)."""
    try:
        return list(_parser.parse(pattern))
    except (re.error, ValueError, TypeError, OverflowError, RecursionError):
        return None


def _category(name: Any) -> str:
    """A category's short name: ``CATEGORY_UNI_DIGIT`` -> ``DIGIT``."""
    return str(name).removeprefix("CATEGORY_").removeprefix("UNI_").removeprefix("LOC_")


def in_class(char: str, items: Sequence[tuple[Any, Any]]) -> bool:
    """Whether ``char`` is in a parsed character class (``IN`` items, with ``NEGATE`` first if negated)."""
    code, found, negated = ord(char), False, False
    for op, av in items:
        match str(op):
            case "NEGATE":
                negated = True
            case "LITERAL":
                found |= code == av
            case "RANGE":
                found |= av[0] <= code <= av[1]
            case "CATEGORY":
                name = _category(av)
                test = {"DIGIT": char.isdigit(), "SPACE": char.isspace(), "WORD": char.isalnum() or char == "_",
                        "LINEBREAK": char == "\n"}
                base = name.removeprefix("NOT_")
                found |= test.get(base, False) != (name != base)
    return found != negated


def _wide(nodes: Sequence[tuple[Any, Any]]) -> bool:
    """Whether a repeated body is one node that stands for almost any character (``.``, ``[^\\n]``, ``[^)]``)."""
    if len(nodes) != 1:
        return False
    op, av = nodes[0]
    return str(op) in WIDE or (str(op) == "IN" and bool(av) and str(av[0][0]) == "NEGATE")


class Drawer:
    """Random strings for parsed patterns: wide repeats filled from ``pool`` (pieces of likely answers)."""

    def __init__(self, rng: random.Random, pool: Sequence[str]) -> None:
        self.rng = rng
        self.pool = [p for p in pool if p] or ["x"]
        self.alphabet = sorted({c for p in self.pool for c in p} | set("a1 ,"))

    def samples(self, pattern: str, count: int) -> list[str]:
        """Up to ``count`` distinct strings drawn for ``pattern`` (none if it does not parse)."""
        nodes = parsed(pattern)
        out: dict[str, None] = {}
        for _ in range(count * 2 if nodes is not None else 0):
            try:
                out[self.sequence(nodes or [])] = None
            except (TooLong, RecursionError):
                continue
            if len(out) >= count:
                break
        return list(out)

    def sequence(self, nodes: Sequence[tuple[Any, Any]]) -> str:
        """A string for a sequence of nodes."""
        text = "".join(self.node(op, av) for op, av in nodes)
        if len(text) > LONGEST:
            raise TooLong
        return text

    def char(self, allowed: Sequence[tuple[Any, Any]] = (), avoid: int = -1) -> str:
        """A character of the alphabet in class ``allowed`` (any, if empty) and not ``avoid``; else ``x``."""
        fits = [c for c in self.alphabet if ord(c) != avoid and (not allowed or in_class(c, allowed))]
        return self.rng.choice(fits) if fits else "x"

    def filler(self) -> str:
        """A piece of a pool answer: what a wide repeat may stand for."""
        source = self.rng.choice(self.pool)
        start = self.rng.randrange(len(source) + 1)
        return source[start:self.rng.randrange(start, len(source) + 1)]

    def node(self, op: Any, av: Any) -> str:
        """A string for one parsed node."""
        match str(op):
            case "LITERAL":
                return chr(av)
            case "NOT_LITERAL":
                return self.char(avoid=av)
            case "ANY":
                return self.char()
            case "IN":
                return self.one_of(av)
            case "CATEGORY":
                return CATEGORY_CHARS.get(_category(av), "a")
            case "BRANCH":
                return self.sequence(self.rng.choice(av[1]))
            case "SUBPATTERN":
                return self.sequence(av[3])
            case "ATOMIC_GROUP":
                return self.sequence(av)
            case "MAX_REPEAT" | "MIN_REPEAT" | "POSSESSIVE_REPEAT":
                return self.repeat(*av)
        return ""  # anchors, \b, lookarounds: RE2 decides when the sample is matched

    def one_of(self, items: Sequence[tuple[Any, Any]]) -> str:
        """A character of a class: one of its literals, ranges or categories, or (negated) one outside it."""
        if items and str(items[0][0]) == "NEGATE":
            return self.char(items)
        op, av = self.rng.choice(list(items))
        match str(op):
            case "LITERAL":
                return chr(av)
            case "RANGE":
                inside = [c for c in self.alphabet if av[0] <= ord(c) <= av[1]]
                return self.rng.choice(inside) if inside else chr(av[0])
        return CATEGORY_CHARS.get(_category(av), "a")

    def repeat(self, low: int, high: int, body: Sequence[tuple[Any, Any]]) -> str:
        """Copies of a repeated body: a few more than the minimum, or a pool piece for a wide unbounded one."""
        if high == _parser.MAXREPEAT and _wide(body) and self.rng.random() < 0.5:
            return self.filler()
        top = min(high, low + MORE, MOST) if high != _parser.MAXREPEAT else min(low + MORE, MOST)
        return "".join(self.sequence(body) for _ in range(self.rng.randint(min(low, MOST), max(top, min(low, MOST)))))


def core(nodes: Sequence[tuple[Any, Any]]) -> list[tuple[Any, Any]] | None:
    """The nodes between a leading and a trailing wide unbounded repeat (``.*X.*`` -> ``X``); None if neither."""
    def opens(node: tuple[Any, Any]) -> bool:
        op, av = node
        return str(op) in ("MAX_REPEAT", "MIN_REPEAT") and av[0] == 0 and _wide(av[2])
    start, end = 0, len(nodes)
    while start < end and opens(nodes[start]):
        start += 1
    while end > start and opens(nodes[end - 1]):
        end -= 1
    return None if (start, end) == (0, len(nodes)) else list(nodes[start:end])


def spliced(pattern: str, pool: Sequence[str], rng: random.Random, count: int = 12) -> list[str]:
    """Pool answers with a sample of the pattern's core (``core``) written in place of none, one or two tokens,
    at up to ``SPLICE_TOKENS`` positions of each: how a learner slips a wrong piece into an answer."""
    nodes = parsed(pattern)
    middle = None if nodes is None else core(nodes)
    if middle is None:
        return []
    drawer = Drawer(rng, pool)
    pieces: dict[str, None] = {}
    for _ in range(count * 2):
        try:
            pieces[drawer.sequence(middle)] = None
        except (TooLong, RecursionError):
            continue
        if len(pieces) >= count:
            break
    out: dict[str, None] = {}
    for answer in pool:
        spans = [m.span() for m in TOKEN.finditer(answer)] + [(len(answer), len(answer))]
        chosen = sorted(rng.sample(range(len(spans)), min(len(spans), SPLICE_TOKENS)))
        for t in chosen:
            for width in (0, 1, 2):
                cut = spans[min(t + width - 1, len(spans) - 1)][1] if width else spans[t][0]
                for piece in pieces:
                    out[answer[:spans[t][0]] + piece + answer[cut:]] = None
    return list(out)


def swapped(pool: Sequence[str], rng: random.Random, positions: int = SPLICE_TOKENS) -> list[str]:
    """Pool answers with one token put in place of another the answers use (``ask A`` -> ``ask B``), at up to
    ``positions`` token positions of each: how a learner slips one wrong word or number into an answer."""
    spans = {answer: [m.span() for m in TOKEN.finditer(answer)] for answer in pool}
    words = sorted({answer[i:j] for answer, found in spans.items() for i, j in found})
    out: dict[str, None] = {}
    for answer, found in spans.items():
        for i, j in sorted(rng.sample(found, min(len(found), positions))):
            for word in words:
                if word != answer[i:j]:
                    out[answer[:i] + word + answer[j:]] = None
    return list(out)

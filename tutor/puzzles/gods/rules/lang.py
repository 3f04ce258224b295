"""The question language: its grammar (``lang.lark``), printer, and meaning.

A learner writes questions the way people write them::

    B is Random
    you are not False and ja means yes
    would you say ja to (A is Random)
    if I asked you (B is True), would you say ja
    world in {A=True B=False C=Random ja=yes, A=False B=True C=Random}

The grammar is ``lang.lark`` beside this module, read by the LALR parser of
``tutor.grammar``; lowest precedence first: ``iff`` (``==``), ``xor`` (``!=``),
``or``, ``and``, ``not``.  Keywords are case-insensitive, a ``?`` may end a
question, and ``ask B:`` may come before one (``parse_asked``).

Size: a question has at most ``question_tokens`` tokens, counted as it is lexed,
and nests at most ``question_depth`` levels (docs/limits.md): parentheses are
counted on the token stream before the parse, the levels of the tree (not,
would you say, and/or chains) once it is built, without recursion, so neither
the parser nor the recursive printer and meaning can run out of stack.

Meaning: a question is a proposition about the world and the god asked
("you").  A god who is not Random says "ja" exactly when
``P xor (he is False) xor ("ja" means no)``; "would you say ja to (P)" is that
proposition itself, which is why asking it of True or False gets "ja" exactly
when P holds.  Random's answers are either word, so what a question means to
Random never matters (inside "would you say", Random is read as truthful).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tutor.errors import TooLarge
from tutor.grammar import Fault, Language, Nesting, NotationError, Reading, join_or
from tutor.limits import Limit
from tutor.puzzles.gods.limits import QUESTION_DEPTH, QUESTION_TOKENS
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet
from tutor.screen.text import shorten

if TYPE_CHECKING:
    from lark import Token


class QuestionError(NotationError):
    """A question could not be parsed; ``column`` is the 0-based position of the fault in the text."""

    @property
    def column(self) -> int:
        """Where the fault is, counted from 0 (``offset``)."""
        return self.offset


class QuestionTooLarge(QuestionError, TooLarge):
    """A question over one of the size limits (``question_tokens``, ``question_depth``): both kinds of error."""


# -- the syntax tree ----------------------------------------------------------


@dataclass(frozen=True)
class Role:
    """``A is True``."""

    god: str
    role: str


@dataclass(frozen=True)
class You:
    """``you are False``: the god being asked."""

    role: str


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

# -- reading: lang.lark, with the checks and messages of this language -------------------------------

_ROLES = {"TRUE": "True", "FALSE": "False", "RANDOM": "Random"}
_OPS = {"AND": "and", "OR": "or", "XOR": "xor", "NEQ": "xor", "IFF": "iff", "EQEQ": "iff"}
_GODS = frozenset("ABCDE")  # the god letters the grammar knows (worlds.MAX_GODS); a variant has the first few


class _Actions:
    """The tree node of each rule, built as the parser reduces it."""

    def ask(self, _ask: Token, god: Token, _colon: Token, node: Node) -> tuple[str | None, Node]:
        return god.upper(), node

    def bare(self, node: Node) -> tuple[str | None, Node]:
        return None, node

    def question(self, node: Node, _mark: Token | None = None) -> Node:
        return node

    def binary(self, left: Node, op: Token, right: Node) -> Node:
        return Bin(_OPS[op.type], left, right)

    def negation(self, _not: Token, body: Node) -> Node:
        return Not(body)

    def group(self, _open: Token, node: Node, _close: Token) -> Node:
        return node

    def role(self, god: Token, _is: Token, *rest: Token) -> Node:
        atom = Role(god.upper(), _ROLES[rest[-1].type])
        return Not(atom) if len(rest) == 2 else atom  # A is not True

    def you(self, _you: Token, _are: Token, *rest: Token) -> Node:
        atom = You(_ROLES[rest[-1].type])
        return Not(atom) if len(rest) == 2 else atom  # you are not False

    def means(self, word: Token, _means: Token, meaning: Token) -> Node:
        return Means(word.lower(), meaning.lower())

    def would(self, _would: Token, _you: Token, _say: Token, word: Token, _to: Token, body: Node) -> Node:
        return Say(word.lower(), body, "would")

    def counterfactual(self, *children: Token | Node) -> Node:
        return Say(str(children[-1]).lower(), children[4], "if")  # type: ignore[arg-type]

    def worlds(self, *children: Token | list[Pattern]) -> Node:
        return InWorlds(tuple(children[3]) if len(children) == 5 else ())  # type: ignore[arg-type]

    def patterns(self, *children: list[Pattern] | Token | Pattern) -> list[Pattern]:
        if len(children) == 1:
            return [children[0]]  # type: ignore[list-item]
        return [*children[0], children[2]]  # type: ignore[list-item,misc]

    def setting(self, name: Token, _eq: Token, value: Token) -> tuple[Token, Token]:
        return name, value

    def pattern(self, *children: Pattern | tuple[Token, Token]) -> Pattern:
        """Add one ``A=True`` or ``ja=yes`` to the world being read; a god or ja named twice is refused."""
        before, setting = children if len(children) == 2 else (Pattern(()), children[0])
        assert isinstance(before, Pattern) and isinstance(setting, tuple)
        name, value = setting
        if name.type == "JA":
            if before.ja is not None:
                raise Fault("'ja' given twice in one world", name)
            return Pattern(before.roles, value.lower())
        god = name.upper()
        if any(g == god for g, _ in before.roles):
            raise Fault(f"god {god} named twice in one world", name)
        return Pattern(tuple(sorted((*before.roles, (god, _ROLES[value.type])))), before.ja)


QUESTIONS = Language(
    noun="question",
    example="a question such as 'B is Random'",
    package=__package__,
    grammar="lang.lark",
    start=["question", "asked", "pattern"],
    spoken=[
        ("AND OR XOR IFF EQEQ NEQ", "'and' | 'or' | 'xor' | 'iff'"),
        ("TRUE FALSE RANDOM", "a role (True, False or Random)"),
        ("A B C D E JA", "a world such as 'A=True B=False'"),
        ("WORD", "a word"),
    ],
    actions=_Actions(),
    error=QuestionError,
    keep=["WORD"],
    brackets={"LPAR": "RPAR", "LBRACE": "RBRACE"},
)

_NESTING = Nesting(base=0, bracket=1)


def _words(u: Universe) -> list[tuple[str, str]]:
    """The words that depend on the variant: its gods, its answer words."""
    word = u.words[0]
    return [
        ("A B C D E YOU NOT LPAR WOULD IF WORLD JA DA", f"a question such as 'A is True', 'you are False', "
         f"'ja means yes', 'would you say {word} to (...)' | '('"),
        ("A B C D E", f"a god ({join_or(u.gods)})"),
        ("JA DA YES NO", f"an answer word ({word} or {u.words[1]})"),
    ]


def _checker(u: Universe, text: str) -> Callable[[list[Token]], None]:
    """The checks of a question's tokens before it is parsed: gods of the variant, its words, the nesting."""

    def check(tokens: list[Token]) -> None:
        for token in tokens:
            if token.type in _GODS and token.upper() not in u.gods:
                raise Fault(f"no god {token.value!r}", token, f"the gods are {join_or(u.gods, 'and')}")
            if token.type in ("JA", "DA") and u.known_language:
                raise Fault(f"unexpected {token.value!r}", token, "in this variant the gods answer in plain yes/no")
        if _NESTING.too_deep(tokens, QUESTION_DEPTH.value) is not None:
            raise _too_large(QUESTION_DEPTH, text, f"nests more than {QUESTION_DEPTH.value} levels deep")

    return check


def _too_large(limit: Limit, text: str, what: str) -> QuestionTooLarge:
    return QuestionTooLarge(str(limit.error(f"question {shorten(text, 40)} {what}")))


def read(text: str, u: Universe, start: int, rule: str, end: int | None = None) -> tuple[str | None, Any]:
    """Parse ``text[start:end]`` from ``rule`` (a plan's leaf: ``pattern``); its depth is checked before a walk."""
    many = f"has more than {QUESTION_TOKENS.value:,} words and symbols"
    reading = Reading(QUESTIONS, text, start, end, limit=QUESTION_TOKENS.value, check=_checker(u, text),
                      words=_words(u), too_many=lambda: _too_large(QUESTION_TOKENS, text, many))
    result = reading.parse(rule)
    god, node = result if rule == "asked" else (None, result)
    if _levels(node) > QUESTION_DEPTH.value:
        raise _too_large(QUESTION_DEPTH, text, f"nests more than {QUESTION_DEPTH.value} levels deep")
    return god, node


def _levels(node: Node) -> int:
    """The levels of a question's tree (an atom is 1), counted without recursion.

    >>> _levels(Not(Bin("and", Role("A", "True"), You("False"))))
    3
    """
    deepest, stack = 0, [(node, 1)]
    while stack:
        top, level = stack.pop()
        deepest = max(deepest, level)
        match top:
            case Not(body) | Say(body=body):
                stack.append((body, level + 1))
            case Bin(left=left, right=right):
                stack += [(left, level + 1), (right, level + 1)]
    return deepest


def parse_question(text: str, u: Universe, start: int = 0) -> Node:
    """Parse the question in ``text[start:]`` for the gods of ``u``; ``QuestionError`` quotes it and names the column.

    >>> from tutor.puzzles.gods.rules.worlds import universe
    >>> format_question(parse_question("would you say JA to (b is random)", universe()))
    'would you say ja to (B is Random)'
    """
    return read(text, u, start, "question")[1]


def parse_asked(text: str, u: Universe, default_god: str = "A") -> tuple[str, Node]:
    """Parse ``ask B: QUESTION`` or a bare question (asked to ``default_god``)."""
    god, node = read(text, u, 0, "asked")
    return god or default_god, node


# -- printer ------------------------------------------------------------------


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


# -- meaning ------------------------------------------------------------------


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

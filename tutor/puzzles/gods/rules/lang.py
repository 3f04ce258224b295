"""The question language: tokenizer, recursive-descent parser, printer, and meaning.

A learner writes questions the way people write them::

    B is Random
    you are not False and ja means yes
    would you say ja to (A is Random)
    if I asked you (B is True), would you say ja
    world in {A=True B=False C=Random ja=yes, A=False B=True C=Random}

Grammar (lowest precedence first; keywords are case-insensitive)::

    question := iff ["?"]
    iff      := xor (("iff" | "==") xor)*
    xor      := or (("xor" | "!=") or)*
    or       := and ("or" and)*
    and      := unary ("and" unary)*
    unary    := "not" unary | primary
    primary  := "(" iff ")" | GOD "is" ["not"] ROLE | "you" "are" ["not"] ROLE
              | WORD "means" ("yes" | "no")
              | "would" "you" "say" WORD "to" unary
              | "if" "I" "asked" "you" iff [","] "would" "you" "say" WORD
              | "world" "in" "{" [pattern ("," pattern)*] "}"
    pattern  := (GOD "=" ROLE)+ ["ja" "=" ("yes" | "no")]

Size: a question has at most ``question_tokens`` tokens and nests at most
``question_depth`` levels (docs/limits.md), counted while parsing, so neither the
parser nor the recursive printer and meaning can run out of stack.

Meaning: a question is a proposition about the world and the god asked
("you").  A god who is not Random says "ja" exactly when
``P xor (he is False) xor ("ja" means no)``; "would you say ja to (P)" is that
proposition itself, which is why asking it of True or False gets "ja" exactly
when P holds.  Random's answers are either word, so what a question means to
Random never matters (inside "would you say", Random is read as truthful).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tutor.errors import InvalidNotation
from tutor.puzzles.gods.limits import QUESTION_DEPTH, QUESTION_TOKENS
from tutor.puzzles.gods.rules.worlds import ROLES, Universe, WorldSet
from tutor.text import shorten


class QuestionError(InvalidNotation):
    """A question could not be parsed; ``column`` is the 0-based position of the fault."""

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.column = column


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
WORDS = ("ja", "da", "yes", "no")

# -- tokenizer ----------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(?P<word>[A-Za-z]+)|(?P<sym>==|!=|[=(){},?]))")


@dataclass(frozen=True)
class Token:
    """One token: its text (keywords lower-cased in ``key``) and 0-based column."""

    text: str
    column: int

    @property
    def key(self) -> str:
        return self.text.lower()


def tokenize(text: str, start: int = 0) -> list[Token]:
    """Split ``text[start:]`` into tokens; ``QuestionError`` at the first character that fits none."""
    tokens: list[Token] = []
    pos = start
    while True:
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text):
            return tokens
        if len(tokens) >= QUESTION_TOKENS.value:
            raise QUESTION_TOKENS.error(f"question {shorten(text, 40)} has more than {QUESTION_TOKENS.value:,} "
                                        "words and symbols")
        m = _TOKEN.match(text, pos)
        if m is None:
            raise QuestionError(f"bad question {shorten(text)}: unexpected {text[pos]!r} at column {pos + 1}", pos)
        start = m.start("word") if m.group("word") else m.start("sym")
        tokens.append(Token(m.group("word") or m.group("sym"), start))
        pos = m.end()


# -- parser -------------------------------------------------------------------


class _Parser:
    """Recursive descent over the token list; every error names the column."""

    def __init__(self, text: str, gods: tuple[str, ...], known_language: bool, start: int = 0) -> None:
        self.text = text
        self.tokens = tokenize(text, start)
        self.pos = 0
        self.gods = gods
        self.known_language = known_language
        self.open = 0  # parentheses, not and would being parsed (the parser's recursion)
        self.depths: dict[int, int] = {}  # id of each node built -> the depth of its tree

    def made(self, node: Node, *children: Node) -> Node:
        """Record the depth of a node just built from ``children``; ``TooLarge`` past ``question_depth``.

        Checked as the tree grows, so the parser's own recursion (parentheses, not, would) stops there
        too, and the recursive printer and meaning never see a tree deeper than the limit.
        """
        depth = 1 + max((self.depths.get(id(c), 1) for c in children), default=0)
        if depth > QUESTION_DEPTH.value:
            raise QUESTION_DEPTH.error(f"question {shorten(self.text, 40)} nests more than "
                                       f"{QUESTION_DEPTH.value} levels deep")
        self.depths[id(node)] = depth
        return node

    def opened(self) -> None:
        """One more open parenthesis, not, or would: the parser recurses, so refuse runaway nesting early."""
        self.open += 1
        if self.open > QUESTION_DEPTH.value:
            raise QUESTION_DEPTH.error(f"question {shorten(self.text, 40)} nests more than "
                                       f"{QUESTION_DEPTH.value} levels deep")

    # helpers
    def peek(self, ahead: int = 0) -> Token | None:
        i = self.pos + ahead
        return self.tokens[i] if i < len(self.tokens) else None

    def fail(self, expected: str, tok: Token | None = None) -> QuestionError:
        tok = tok if tok is not None else self.peek()
        if tok is None:
            col = len(self.text.rstrip())
            return QuestionError(f"bad question {shorten(self.text, 80)}: expected {expected} at column {col + 1}"
                                 " (end of question)", col)
        return QuestionError(f"bad question {shorten(self.text, 80)}: expected {expected} at column "
                             f"{tok.column + 1}, found {tok.text!r}", tok.column)

    def accept(self, *keys: str) -> Token | None:
        tok = self.peek()
        if tok is not None and tok.key in keys:
            self.pos += 1
            return tok
        return None

    def expect(self, key: str, expected: str | None = None) -> Token:
        tok = self.accept(key)
        if tok is None:
            raise self.fail(expected or repr(key))
        return tok

    def role(self) -> str:
        tok = self.peek()
        for r in ROLES:
            if tok is not None and tok.key == r.lower():
                self.pos += 1
                return r
        raise self.fail("a role (True, False or Random)")

    def god(self) -> str:
        tok = self.peek()
        if tok is None or tok.text.upper() not in self.gods or len(tok.text) != 1:
            raise self.fail(f"a god ({', '.join(self.gods)})")
        self.pos += 1
        return tok.text.upper()

    def word(self) -> str:
        tok = self.peek()
        if tok is None or tok.key not in WORDS:
            raise self.fail("an answer word (" + ("yes or no" if self.known_language else "ja or da") + ")")
        if self.known_language and tok.key in ("ja", "da"):
            raise QuestionError(f"bad question {shorten(self.text, 80)}: in this variant the gods answer in plain "
                                f"yes/no, so {tok.text!r} at column {tok.column + 1} means nothing",
                                tok.column)
        self.pos += 1
        return tok.key

    # grammar
    def question(self) -> Node:
        node = self.binary(1)
        self.accept("?")
        if self.peek() is not None:
            raise self.fail("'and', 'or', 'xor', 'iff' or the end of the question")
        return node

    def binary(self, level: int) -> Node:
        if level > 4:
            return self.unary()
        ops = {1: ("iff", "=="), 2: ("xor", "!="), 3: ("or",), 4: ("and",)}[level]
        left = self.binary(level + 1)
        while self.accept(*ops):
            right = self.binary(level + 1)
            left = self.made(Bin({1: "iff", 2: "xor", 3: "or", 4: "and"}[level], left, right), left, right)
        return left

    def unary(self) -> Node:
        if self.accept("not"):
            self.opened()
            body = self.unary()
            self.open -= 1
            return self.made(Not(body), body)
        return self.primary()

    def primary(self) -> Node:
        tok = self.peek()
        if tok is None:
            raise self.fail("a question")
        key = tok.key
        if key == "(":
            self.pos += 1
            self.opened()
            node = self.binary(1)
            self.expect(")", "')'")
            self.open -= 1
            return node
        if key == "you":
            self.pos += 1
            self.expect("are", "'are'")
            negated = self.accept("not") is not None
            atom: Node = You(self.role())
            return self.made(Not(atom), atom) if negated else atom
        if key in ("ja", "da") and self.peek(1) is not None and self.peek(1).key == "means":  # type: ignore[union-attr]
            word = self.word()
            self.pos += 1
            meaning = self.accept("yes", "no")
            if meaning is None:
                raise self.fail("'yes' or 'no'")
            return Means(word, meaning.key)
        if key == "would":
            self.pos += 1
            for k in ("you", "say"):
                self.expect(k, repr(k))
            word = self.word()
            self.expect("to", "'to'")
            self.opened()
            body = self.unary()
            self.open -= 1
            return self.made(Say(word, body, "would"), body)
        if key == "if":
            self.pos += 1
            for k in ("i", "asked", "you"):
                self.expect(k, repr(k))
            self.opened()
            body = self.binary(1)
            self.open -= 1
            self.accept(",")
            for k in ("would", "you", "say"):
                self.expect(k, repr(k))
            return self.made(Say(self.word(), body, "if"), body)
        if key == "world":
            self.pos += 1
            self.expect("in", "'in'")
            return self.world_set()
        if len(tok.text) == 1 and tok.text.upper() in self.gods:
            god = self.god()
            self.expect("is", "'is'")
            negated = self.accept("not") is not None
            atom = Role(god, self.role())
            return self.made(Not(atom), atom) if negated else atom
        raise self.fail("a question such as 'A is True', 'you are False', 'ja means yes', "
                        "'would you say ja to (...)' or '('")

    def world_set(self) -> Node:
        self.expect("{", "'{'")
        patterns: list[Pattern] = []
        if self.accept("}"):
            return InWorlds(())
        while True:
            patterns.append(self.pattern())
            if self.accept("}"):
                return InWorlds(tuple(patterns))
            self.expect(",", "',' or '}'")

    def pattern(self) -> Pattern:
        roles: dict[str, str] = {}
        ja: str | None = None
        while True:
            tok = self.peek()
            if tok is not None and tok.key == "ja" and ja is None and not self.known_language:
                self.pos += 1
                self.expect("=", "'='")
                meaning = self.accept("yes", "no")
                if meaning is None:
                    raise self.fail("'yes' or 'no'")
                ja = meaning.key
                continue
            if tok is not None and len(tok.text) == 1 and tok.text.upper() in self.gods:
                god = self.god()
                if god in roles:
                    raise QuestionError(f"bad question {shorten(self.text, 80)}: god {god} named twice in one world "
                                        f"at column {tok.column + 1}", tok.column)
                self.expect("=", "'='")
                roles[god] = self.role()
                continue
            if not roles and ja is None:
                raise self.fail(f"a world such as '{'A'}=True {'B'}=False'")
            order = {g: i for i, g in enumerate(self.gods)}
            return Pattern(tuple(sorted(roles.items(), key=lambda kv: order[kv[0]])), ja)


def parse_question(text: str, u: Universe, start: int = 0) -> Node:
    """Parse the question in ``text[start:]`` for the gods of ``u``; ``QuestionError`` names the column.

    >>> from tutor.puzzles.gods.rules.worlds import universe
    >>> format_question(parse_question("would you say JA to (b is random)", universe()))
    'would you say ja to (B is Random)'
    """
    return _Parser(text, u.gods, u.known_language, start).question()


_ASK = re.compile(r"\s*ask\s+([A-Za-z]+)\s*:", re.IGNORECASE)


def parse_asked(text: str, u: Universe, default_god: str = "A") -> tuple[str, Node]:
    """Parse ``ask B: QUESTION`` or a bare question (asked to ``default_god``)."""
    m = _ASK.match(text)
    if m is None:
        return default_god, parse_question(text, u)
    god = m.group(1).upper()
    if god not in u.gods:
        raise QuestionError(f"bad question {shorten(text, 80)}: no god {m.group(1)!r} at column {m.start(1) + 1} "
                            f"(gods: {', '.join(u.gods)})", m.start(1))
    return god, parse_question(text, u, m.end())


# -- printer ------------------------------------------------------------------


def _prec(node: Node) -> int:
    if isinstance(node, Bin):
        return PREC[node.op]
    if isinstance(node, Not) and not isinstance(node.body, Role | You):
        return NOT_PREC
    return ATOM_PREC


def format_question(node: Node) -> str:
    """The canonical text of a question; ``parse_question`` reads it back to the same tree."""
    if isinstance(node, Role):
        return f"{node.god} is {node.role}"
    if isinstance(node, You):
        return f"you are {node.role}"
    if isinstance(node, Means):
        return f"{node.word} means {node.meaning}"
    if isinstance(node, Say):
        body = format_question(node.body)
        if node.form == "if":
            return f"if I asked you ({body}), would you say {node.word}"
        return f"would you say {node.word} to ({body})"
    if isinstance(node, InWorlds):
        return "world in {" + ", ".join(format_pattern(p) for p in node.patterns) + "}"
    if isinstance(node, Not):
        if isinstance(node.body, Role):
            return f"{node.body.god} is not {node.body.role}"
        if isinstance(node.body, You):
            return f"you are not {node.body.role}"
        inner = format_question(node.body)
        return "not " + (f"({inner})" if _prec(node.body) < NOT_PREC else inner)
    p = PREC[node.op]
    left, right = format_question(node.left), format_question(node.right)
    if _prec(node.left) < p:
        left = f"({left})"
    if _prec(node.right) <= p:
        right = f"({right})"
    return f"{left} {node.op} {right}"


def format_pattern(p: Pattern) -> str:
    """``A=True B=False ja=yes``."""
    parts = [f"{g}={r}" for g, r in p.roles]
    if p.ja is not None:
        parts.append(f"ja={p.ja}")
    return " ".join(parts)


# -- meaning ------------------------------------------------------------------


def truth_mask(node: Node, u: Universe, asked: int) -> WorldSet:
    """The worlds where the proposition holds, asked of god ``asked`` (bit-set algebra)."""
    full = u.full
    if isinstance(node, Role):
        return u.role_mask[u.god_index(node.god)].get(node.role, 0)
    if isinstance(node, You):
        return u.role_mask[asked].get(node.role, 0)
    if isinstance(node, Means):
        yes = full & ~u.ja_no
        return yes if (node.word == "ja") == (node.meaning == "yes") else u.ja_no
    if isinstance(node, Say):
        return says_mask(node.word, truth_mask(node.body, u, asked), u, asked)
    if isinstance(node, InWorlds):
        out = 0
        for p in node.patterns:
            m = full
            for g, r in p.roles:
                m &= u.role_mask[u.god_index(g)].get(r, 0)
            if p.ja is not None:
                m &= u.ja_no if p.ja == "no" else full & ~u.ja_no
            out |= m
        return out
    if isinstance(node, Not):
        return full & ~truth_mask(node.body, u, asked)
    a, b = truth_mask(node.left, u, asked), truth_mask(node.right, u, asked)
    if node.op == "and":
        return a & b
    if node.op == "or":
        return a | b
    if node.op == "xor":
        return a ^ b
    return full & ~(a ^ b)


def says_mask(word: str, truth: WorldSet, u: Universe, asked: int) -> WorldSet:
    """Where god ``asked``, if not Random, answers ``word`` to a proposition true on ``truth``."""
    affirm = truth ^ u.liar(asked)
    if word in ("ja", "da"):
        affirm ^= u.ja_no
    return affirm if word in ("ja", "yes") else u.full & ~affirm


def first_word_mask(node: Node, u: Universe, asked: int) -> WorldSet:
    """Where god ``asked`` (not Random) answers the question with ``u.words[0]``."""
    return says_mask(u.words[0], truth_mask(node, u, asked), u, asked)

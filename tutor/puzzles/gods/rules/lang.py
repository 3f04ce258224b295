"""The question language: its grammar (``lang.lark``) and how a text is read into a question's tree (the tree and
its printer are ``rules.question``, its meaning ``rules.meaning``).

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

Its meaning, the worlds where a question holds and where a god says each word, is
``tutor.puzzles.gods.rules.meaning``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from tutor.errors import TooLarge
from tutor.grammar import Fault, Language, Nesting, NotationError, Reading, join_or
from tutor.limits import Limit
from tutor.puzzles.gods.limits import QUESTION_DEPTH, QUESTION_TOKENS
from tutor.puzzles.gods.rules.question import Bin, InWorlds, Means, Node, Not, Pattern, Role, Say, You, format_question
from tutor.puzzles.gods.rules.worlds import Universe
from tutor.screen.text import shorten

if TYPE_CHECKING:
    from lark import Token


class QuestionError(NotationError):
    """A question could not be parsed; ``column`` is the 0-based position of the fault in the text."""

    @property
    def column(self) -> int:
        """Where the fault is, counted from 0 (``offset``)."""
        return self.offset


class SpokenOrder(QuestionError):
    """A question in the word order people speak ("are you True?", "is B Random?"), which the gods do not take: a
    question is the statement they answer yes or no to.  ``said`` is what to write instead (without the quote)."""

    def __init__(self, message: str, offset: int, said: str) -> None:
        super().__init__(message, offset)
        self.said = said


class QuestionTooLarge(QuestionError, TooLarge):
    """A question over one of the size limits (``question_tokens``, ``question_depth``): both kinds of error."""


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

    def role(self, god: Token, _is: Token, *rest: Token, spoken: bool = False) -> Node:
        atom = Role(god.upper(), _ROLES[rest[-1].type], spoken)
        return Not(atom) if len(rest) == 2 else atom  # A is not True

    def you(self, _you: Token, _are: Token, *rest: Token, spoken: bool = False) -> Node:
        atom = You(_ROLES[rest[-1].type], spoken)
        return Not(atom) if len(rest) == 2 else atom  # you are not False

    def spoken_role(self, is_: Token, god: Token, *rest: Token) -> Node:
        return self.role(god, is_, *rest, spoken=True)  # is A (not) True

    def spoken_you(self, are: Token, you: Token, *rest: Token) -> Node:
        return self.you(you, are, *rest, spoken=True)  # are you (not) False

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
        ("A B C D E YOU NOT LPAR WOULD IF WORLD JA DA IS ARE", f"a question such as 'A is True', 'you are False', "
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
    """Parse ``text[start:end]`` from ``rule`` (a plan's leaf: ``pattern``); its depth is checked before a walk.
    A question in spoken word order is refused with the statement to write (``SpokenOrder``)."""
    many = f"has more than {QUESTION_TOKENS.value:,} words and symbols"
    reading = Reading(QUESTIONS, text, start, end, limit=QUESTION_TOKENS.value, check=_checker(u, text),
                      words=_words(u), too_many=lambda: _too_large(QUESTION_TOKENS, text, many))
    try:
        result = reading.parse(rule)
    except QuestionTooLarge:
        raise
    except QuestionError as err:
        if rule != "pattern" and _opens_spoken(reading.tokens):
            raise _spoken_order(reading, u, None) from err
        raise
    god, node = result if rule == "asked" else (None, result)
    levels, spoken = _levels(node)
    if levels > QUESTION_DEPTH.value:
        raise _too_large(QUESTION_DEPTH, text, f"nests more than {QUESTION_DEPTH.value} levels deep")
    if spoken:
        raise _spoken_order(reading, u, (f"ask {god}: " if god else "") + format_question(node))
    return god, node


def _opens_spoken(tokens: Sequence[Token]) -> bool:
    """Whether a question's tokens (after ``ask B:``) open in spoken word order: ``is B ...``, ``are you ...``."""
    first = [t.type for t in (tokens[3:5] if tokens[:1] and tokens[0].type == "ASK" else tokens[:2])]
    return first == ["ARE", "YOU"] or (len(first) == 2 and first[0] == "IS" and first[1] in _GODS)


def _spoken_order(reading: Reading, u: Universe, statement: str | None) -> SpokenOrder:
    """A question in spoken word order: the ``statement`` to write for it, or (None: that does not read either) an
    example of the variant in both orders."""
    tokens = reading.tokens
    asked = tokens[3:] if tokens[0].type == "ASK" else tokens
    spoken = reading.body[asked[0].start_pos or 0:].strip() if asked else reading.body.strip()
    spoken = spoken if spoken.endswith("?") else spoken + "?"
    if statement is not None:
        said = f"a question is the statement the god answers yes or no to: write {statement!r} for {spoken!r}"
    else:
        role = "Random" if "Random" in u.roles else "False"
        first, second = u.gods[0], u.gods[1]
        said = ("a question is the statement the god answers yes or no to, written in the order of a statement: "
                f"for example 'ask {first}: {second} is {role}' (is {second} {role}?) or "
                f"'ask {second}: you are not False' (are you not False?)")
    return SpokenOrder(f"{reading.quote()}: {said}", reading.start, said)


def _levels(node: Node) -> tuple[int, bool]:
    """The levels of a question's tree (an atom is 1), counted without recursion, and whether an atom of it was
    written in spoken word order.

    >>> _levels(Not(Bin("and", Role("A", "True"), You("False", spoken=True))))
    (3, True)
    """
    deepest, spoken, stack = 0, False, [(node, 1)]
    while stack:
        top, level = stack.pop()
        deepest = max(deepest, level)
        match top:
            case Not(body) | Say(body=body):
                stack.append((body, level + 1))
            case Bin(left=left, right=right):
                stack += [(left, level + 1), (right, level + 1)]
            case Role(spoken=True) | You(spoken=True):
                spoken = True
    return deepest, spoken


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

"""One toolkit for the learner languages: LALR grammars as data, and one way to say where a text fails.

The languages a learner types - whole-number answers (``tutor.grammar.arithmetic``), conjecture formulas (each
family's ``rules/formula.py``, on the shared kernel ``tutor.grammar.formula``) and questions to the gods
(``puzzles/gods/rules/lang.py``) - are each a lark grammar, a ``.lark``
file beside its module, read by an LALR(1) parser: linear time, no backtracking, and no
Python recursion however deeply the text nests.  A language's *actions* run as
the parser reduces (lark's inline transformer), so its tree or value is built
bottom-up without a tree walk.  Its limits are checked on the token stream,
before the parse (``Reading.tokens``, ``Nesting``), or in an action, before the
operation they bound.  Each parser is built once per process, on first use, so
importing the tutor does not pay for lark.

A failure is one line that quotes the text and points at the fault, in the
same words for every language: ``column N`` in a one-line text, ``line L,
column N`` in a text of several lines, and what was expected in the language's
own terms (``Language.spoken``), never lark's terminal names::

    '2^^3': unexpected '^' at column 3 (expected a number, '(' or '-')
    '2 +': a number is missing at the end (column 4)
    'A is True and\\n(B is': a role (True, False or Random) is missing at the end (line 2, column 6)

Vocabulary:

* ``Language`` - a grammar, its words for its terminals, its actions and its error class;
* ``Reading`` - one text being read: its tokens, its parse, and errors that quote it;
* ``Fault`` - raised by a language's checks and actions: what is wrong, and at which token;
* ``Nesting`` - how deeply each token sits, read off the token stream before parsing (``grammar.nesting``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from tutor.errors import InvalidNotation
from tutor.grammar.nesting import Nesting
from tutor.screen.text import shorten

if TYPE_CHECKING:
    from lark import Lark, Token
    from lark.lexer import LexerState
    from lark.parsers.lalr_interactive_parser import InteractiveParser

__all__ = ["CHARACTER", "END", "Explain", "Fault", "Language", "Nesting", "NotationError", "Reading", "join_or",
           "spoken_words"]

END = "$END"  # lark's name for the end of the text
CHARACTER = "$CHARACTER"  # a character no terminal matches: the lexer stops there, the parser refuses it
QUOTE_WIDTH = 80  # characters of the learner's text quoted in an error

# ``explain(tokens, index, expected)``: a language's own message for a parse that fails at ``tokens[index]``
# (``index == len(tokens)`` at the end), or None for the generic one.
Explain = Callable[[Sequence["Token"], int, frozenset[str]], "Fault | None"]
Check = Callable[[list["Token"]], None]  # raises a Fault (or a NotationError) for a token stream it refuses
Layout = Callable[[str, list["Token"]], list["Token"]]  # the tokens of a text with those its layout says added


class NotationError(InvalidNotation):
    """A learner's text that does not read; ``offset`` is where the fault is (0-based, in the whole text)."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.offset = offset


class Fault(Exception):
    """What is wrong (``problem``) at a token or an offset of the text read (None: at its end), with a ``note``."""

    def __init__(self, problem: str, at: Token | int | None, note: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.at = at
        self.note = note


def join_or(items: Sequence[str], last: str = "or") -> str:
    """``a``, ``a or b``, ``a, b or c`` (or ``and``, with ``last``).

    >>> join_or(["a number", "'('", "'-'"]), join_or("ABC", "and")
    ("a number, '(' or '-'", 'A, B and C')
    """
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def spoken_words(spoken: Iterable[tuple[str, str]]) -> tuple[tuple[frozenset[str], tuple[str, ...]], ...]:
    """``("NUMBER LPAR", "a number | '('")`` as the sets and items ``Language.say`` uses."""
    return tuple((frozenset(names.split()), tuple(words.split(" | "))) for names, words in spoken)


LANGUAGES: list[Language] = []  # every language made, in order (each family's notations, made at import)


def build_all() -> int:
    """Build the parser of every language made so far (the REPL's warm-up, so no step's first answer or first
    screen pays for a grammar): how many were built now."""
    cold = [language for language in LANGUAGES if language._parser is None]
    for language in cold:
        language.parser()
    return len(cold)


class Language:
    """One learner language: a lark grammar (LALR), the learner's words for its terminals, its actions.

    The grammar is the file ``grammar`` (``formula.lark``) of the language's ``package``, read when the
    parser is first built.  ``spoken`` lists ``(terminals, words)`` pairs in the order a message names
    them: the ``words`` (items separated by `` | ``) stand for the space-separated ``terminals`` when all
    of them are expected, so a group such as everything that starts a number is said once ("a number,
    '(' or '-'").  A terminal that is a plain string needs no words (``LPAR: "("`` is said ``'('``),
    nor does the end.  ``actions`` has a method per rule alias, called with the rule's children as the
    parser reduces.  ``keep`` names catch-all terminals the grammar never uses, so an unknown word is
    read as one token rather than refused letter by letter.  ``brackets`` pairs opening and closing
    terminals, so a message about a missing closer points at its opener.  ``layout`` adds tokens the text says
    by its shape (``tutor.grammar.layout.Offside``: indentation), before the checks and the parse.
    """

    def __init__(self, *, noun: str, example: str, package: str | None, grammar: str, start: Sequence[str],
                 spoken: Sequence[tuple[str, str]], actions: object, error: type[NotationError],
                 keep: Sequence[str] = (), brackets: Mapping[str, str] | None = None,
                 layout: Layout | None = None) -> None:
        self.noun = noun  # "answer": "the answer is empty"
        self.example = example  # "a whole number such as 255 or 2^16 - 1"
        self.package = package or "tutor"  # the grammar is the file ``grammar`` of this package
        self.grammar = grammar
        self.start = tuple(start)
        self.spoken = spoken_words(spoken)
        self.actions = actions
        self.error = error
        self.keep = tuple(keep)
        self.brackets = dict(brackets or {"LPAR": "RPAR"})  # opening terminal -> its closing terminal
        self.layout = layout  # the tokens a layout adds (indentation, ``tutor.grammar.layout``), before the parse
        self._parser: Lark | None = None
        self._words: dict[str, str] | None = None
        self._lock = threading.Lock()
        LANGUAGES.append(self)

    def parser(self) -> Lark:
        """The LALR parser, built on first use and kept for the process (lark is imported only then)."""
        if self._parser is None:
            with self._lock:
                if self._parser is None:
                    self._parser = self._build()
        return self._parser

    def _build(self) -> Lark:
        from importlib.resources import files

        from lark import Lark

        text = files(self.package).joinpath(self.grammar).read_text(encoding="utf-8")
        keep = SimpleNamespace(process=lambda stream: stream, always_accept=self.keep)  # keeps the catch-alls
        return Lark(text, parser="lalr", lexer=_token_stream(), start=list(self.start),
                    transformer=_Inline(self.actions), postlex=keep, maybe_placeholders=False)

    def terminals(self) -> frozenset[str]:
        """The names of the grammar's terminals (what ``spoken`` must cover)."""
        return frozenset(t.name for t in self.parser().terminals if not t.name.startswith("__"))

    def say(self, names: Iterable[str], extra: Sequence[tuple[frozenset[str], tuple[str, ...]]] = ()) -> str:
        """The terminals ``names`` in the language's own words (``extra`` first): ``a number, '(' or '-'``."""
        left = set(names)
        items: list[str] = []
        for members, words in (*extra, *self.spoken):
            if members <= left:
                left -= members
                items += [w for w in words if w not in items]
        literals = self._literals()  # in the grammar's order, the end last
        items += [words for name, words in literals.items() if name in left]
        items += sorted(left - literals.keys())  # none: tests check that every terminal has words
        return join_or(items) if items else "nothing more"

    def _literals(self) -> dict[str, str]:
        """The words of the terminals that are plain strings (``'('``, ``'floor'``), and of the end."""
        if self._words is None:
            self._words = {t.name: repr(t.pattern.value) for t in self.parser().terminals if t.pattern.type == "str"}
            self._words[END] = "the end"
        return self._words


class _Inline:
    """Lark calls ``actions.rule(children)``; a language writes ``rule(self, *children)``."""

    def __init__(self, actions: object) -> None:
        self._actions = actions

    def __getattr__(self, name: str) -> Callable[[list[Any]], Any]:
        if name.startswith("_"):
            raise AttributeError(name)
        method = getattr(self._actions, name)
        return lambda children: method(*children)


@cache
def _token_stream() -> type:
    """lark's basic lexer, run by the ``Reading`` being parsed so it checks the tokens before the parse.

    A class made on first use, since it derives from lark's ``Lexer`` and lark is imported only then.
    """
    from lark.lexer import BasicLexer, Lexer, LexerThread

    class TokenStream(Lexer):
        __future_interface__ = 2  # lex(lexer_state, parser_state); lexer_state.text is what parse() got

        def __init__(self, conf: Any) -> None:
            self.basic = BasicLexer(conf)

        def lex(self, lexer_state: LexerState, parser_state: Any) -> Iterator[Token]:
            reading: Reading = lexer_state.text  # type: ignore[assignment]
            return iter(reading.scan(lambda text: LexerThread.from_text(self.basic, text).lex(None)))

    return TokenStream


@dataclass
class Reading:
    """One text being read in one language: its tokens, its parse, and errors that quote it and say where.

    ``start`` (and ``end``) is where the language's text begins (and ends) inside ``text``, which is quoted
    whole; every offset kept here counts from ``start``.
    """

    language: Language
    text: str
    start: int = 0
    end: int | None = None  # where the language's text ends inside ``text`` (None: at its end)
    limit: int | None = None  # most tokens read; past it ``too_many()`` is raised
    too_many: Callable[[], Exception] | None = None
    check: Check | None = None
    words: Sequence[tuple[str, str]] = ()  # words for this reading only, before the language's own
    empty: bool = False  # whether a text of no tokens (blank, or comments only) is read, rather than refused
    tokens: list[Token] = field(default_factory=list)

    @property
    def body(self) -> str:
        """The text the language reads."""
        return self.text[self.start:self.end]

    def quote(self) -> str:
        """The learner's text as an error quotes it."""
        return shorten(self.text, QUOTE_WIDTH)

    def where(self, offset: int) -> str:
        """``column 3`` in a one-line text, ``line 2, column 5`` in a text of several lines (both from 1)."""
        line_start = self.text.rfind("\n", 0, offset) + 1
        column = f"column {offset - line_start + 1}"
        if "\n" not in self.text.strip():
            return column
        return f"line {self.text.count(chr(10), 0, offset) + 1}, {column}"

    def error(self, problem: str, at: Token | int | None, note: str = "") -> NotationError:
        """``'text': problem at column N (note)``; ``at`` None is the end: ``problem at the end (column N)``."""
        if at is None:
            offset = self.start + (self.tokens[-1].end_pos or 0 if self.tokens else len(self.body.rstrip()))
            where = self.where(offset) + (f", {note}" if note else "")
            return self.language.error(f"{self.quote()}: {problem} at the end ({where})", offset)
        offset = self.start + (at if isinstance(at, int) else at.start_pos or 0)
        tail = f" ({note})" if note else ""
        return self.language.error(f"{self.quote()}: {problem} at {self.where(offset)}{tail}", offset)

    def refuse(self, problem: str) -> NotationError:
        """``'text': problem``, for what is wrong with the text as a whole (its length)."""
        return self.language.error(f"{self.quote()}: {problem}", self.start)

    def scan(self, lex: Callable[[str], Iterator[Token]]) -> list[Token]:
        """Lex the body (the parser calls this): stop at ``limit``, keep an unknown character as a
        ``$CHARACTER`` token, then run ``check`` over the tokens before the parse starts."""
        from lark import Token
        from lark.exceptions import UnexpectedCharacters

        tokens = self.tokens = []
        try:
            for token in lex(self.body):
                if self.limit is not None and len(tokens) >= self.limit:
                    raise self.too_many() if self.too_many else self.refuse("too long")
                tokens.append(token)
        except UnexpectedCharacters as err:
            at = err.pos_in_stream or 0
            tokens.append(Token(CHARACTER, self.body[at], start_pos=at, end_pos=at + 1))
        if self.language.layout is not None:
            try:
                tokens = self.tokens = self.language.layout(self.body, tokens)
            except Fault as fault:
                raise self.error(fault.problem, fault.at, fault.note) from None
        if not tokens and not self.empty:
            raise self.language.error(f"{self.quote()}: the {self.language.noun} is empty "
                                      f"(type {self.language.example})", self.start)
        if self.check is not None:
            try:
                self.check(tokens)
            except Fault as fault:
                raise self.error(fault.problem, fault.at, fault.note) from None
        return tokens

    def parse(self, start: str | None = None, explain: Explain | None = None, brief: bool = False) -> Any:
        """The value the language's actions build for the whole body; ``NotationError`` if it does not read.
        ``brief``: a text that does not read is refused without working out what was expected where (for a caller
        that only asks whether a text reads, such as a scan of a reply for a formula in it)."""
        from lark.exceptions import UnexpectedToken

        parser = self.language.parser()
        try:
            return parser.parse(self, start=start)
        except Fault as fault:
            raise self.error(fault.problem, fault.at, fault.note) from None
        except UnexpectedToken as err:
            index = next((i for i, t in enumerate(self.tokens) if t is err.token), len(self.tokens))
            if brief:
                raise self.error("does not read", self.tokens[index] if index < len(self.tokens) else None) from None
            raise self._unexpected(index, start, explain) from None

    def _unexpected(self, index: int, start: str | None, explain: Explain | None) -> NotationError:
        """The error for a parse that fails at ``tokens[index]``: what came, and what could have."""
        before = self._replay(self.tokens[:index], start)
        expected = frozenset(before.accepts())
        fault = explain(self.tokens, index, expected) if explain is not None else None
        if fault is not None:
            return self.error(fault.problem, fault.at, fault.note)
        if index == len(self.tokens):
            return self._missing(before, expected)
        found = self.tokens[index]
        return self.error(f"unexpected {found.value!r}", found, "expected " + self.say(expected))

    def say(self, names: Iterable[str]) -> str:
        """The terminals ``names`` in this reading's words."""
        return self.language.say(names, spoken_words(self.words))

    def _open_brackets(self) -> list[Token]:
        """The brackets left open at the end of the tokens, outermost first."""
        opened: list[Token] = []
        for token in self.tokens:
            if token.type in self.language.brackets:
                opened.append(token)
            elif opened and token.type == self.language.brackets[opened[-1].type]:
                opened.pop()
        return opened

    def _missing(self, before: InteractiveParser, expected: frozenset[str]) -> NotationError:
        """The error for a text that ends too early: what would complete it (the bracket left open, if closing
        it would), else what could come next."""
        opened = self._open_brackets()
        closers = [self.language.brackets[t.type] for t in reversed(opened)]
        finishing = frozenset(name for name in expected if _finishes(before, name, closers))
        if closers and closers[0] in finishing:
            at = self.where(self.start + (opened[-1].start_pos or 0))
            return self.error(f"{self.say(closers[:1])} is missing", None, f"to close the {opened[-1].value!r} at {at}")
        return self.error(f"{self.say(finishing or expected)} is missing", None)

    def _replay(self, tokens: Sequence[Token], start: str | None) -> InteractiveParser:
        """A parser that has read ``tokens`` without running the actions (to ask what it would accept)."""
        from copy import copy

        interactive = self.language.parser().parse_interactive(start=start)
        conf = copy(interactive.parser_state.parse_conf)
        conf.callbacks = {}
        interactive.parser_state.parse_conf = conf
        for token in tokens:
            interactive.feed_token(token)
        return interactive


def _finishes(parser: InteractiveParser, name: str, closers: Sequence[str]) -> bool:
    """Whether one more token ``name`` and the closers of the brackets still open (innermost first) would
    complete the text (to say what is missing at the end)."""
    from lark import Token
    from lark.exceptions import UnexpectedToken

    probe = parser.copy()
    rest = closers[1:] if closers and closers[0] == name else closers
    try:
        for kind in (name, *rest):
            probe.feed_token(Token(kind, ""))
        probe.feed_eof()
    except UnexpectedToken:
        return False
    return True

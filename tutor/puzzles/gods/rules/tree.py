"""Question trees: the indented plan format and its printer (a round-tripping pair).

A plan is one line per node; a question's two answers sit at the question's
own indentation and their subtrees are indented deeper::

    ask A: would you say ja to (B is Random)
    da:
      ask B: would you say ja to (you are True)
      da: A=Random B=False C=True
      ...

A leaf names one assignment (``A=True B=False C=Random``, with ``ja=yes`` when
the language must be identified too); ``-`` marks a branch no world can reach
and ``?`` (or an empty branch) a part still to be written.  Comments start
with ``#``.  Judging a plan is the engine's work (``engine.verify``).

The same plan drawn as a tree (``draw_tree``, what a terminal shows) reads
back too: guide lines count as indentation, a question may follow its answer
word on the same line, and answers may sit one step in from their question::

    ask A: would you say ja to (B is Random)
    ├─ da: ask B: would you say ja to (you are True)
    │  ├─ da: A=Random B=False C=True
    ...
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from tutor.grammar import Fault, Language, NotationError, Reading
from tutor.grammar.layout import Offside
from tutor.puzzles.gods.limits import TREE_DEPTH
from tutor.puzzles.gods.rules.lang import QuestionError, QuestionTooLarge, read
from tutor.puzzles.gods.rules.question import Node, Pattern, format_question
from tutor.puzzles.gods.rules.worlds import ROLES, Assignment, Universe
from tutor.screen.shown import Picture, Span

if TYPE_CHECKING:
    from lark import Token


class TreeError(NotationError):
    """A question tree could not be parsed; the message names the line and the column."""


@dataclass(frozen=True)
class Leaf:
    """A final answer: the assignment (None for ``-``, unreachable) and maybe the meaning of ja."""

    roles: Assignment | None
    ja: str | None = None
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Hole:
    """``?``: a branch still to be written."""

    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Ask:
    """``ask G: QUESTION`` with one subtree per answer word, in display order."""

    god: str
    question: Node
    branches: tuple[tuple[str, Tree], ...]
    line: int = field(default=0, compare=False)


Tree = Leaf | Hole | Ask


def display_words(u: Universe) -> tuple[str, str]:
    """The branch words in display order: ``("da", "ja")`` or ``("yes", "no")``."""
    return ("yes", "no") if u.known_language else ("da", "ja")


# -- parsing: plan.lark, with the questions and leaves read by the language of questions ----------------------


GUIDES = "│├└─"  # a drawn tree's guide lines, read as indentation


class Written(NamedTuple):
    """A node as the parser reduced it: its first token (``ASK`` or ``LEAF``; a hole's answer word), its branches
    (answer word and subtree, None where nothing follows), and the questions on its deepest path."""

    at: Token
    branches: tuple[tuple[Token, Written | None], ...] = ()
    depth: int = 0


class _Actions:
    """Each node's tokens, kept as the parser reduces them; a plan nesting too deep is refused here, before any
    walk of it."""

    def leaf(self, token: Token) -> Written:
        return Written(token)

    def ask(self, ask: Token, branches: list[tuple[Token, Written | None]]) -> Written:
        depth = 1 + max((b.depth for _, b in branches if b is not None), default=0)
        TREE_DEPTH.check(depth, f"line {ask.line}: the plan nests more than {TREE_DEPTH.value} questions deep")
        return Written(ask, tuple(branches), depth)

    def branches(self, *branches: tuple[Token, Written | None]) -> list[tuple[Token, Written | None]]:
        return list(branches)

    def branch(self, word: Token, then: Written | Token | None = None) -> tuple[Token, Written | None]:
        return word, Written(then) if isinstance(then, str) else then

    def inline(self, word: Token, ask: Token, branches: list[tuple[Token, Written | None]] | None = None
               ) -> tuple[Token, Written]:
        return word, self.ask(ask, branches or [])

    def plan(self, node: Written) -> Written:
        return node


PLANS = Language(
    noun="plan",
    example="'ask A: QUESTION' with its two answers below it",
    package=__package__,
    grammar="plan.lark",
    start=["plan"],
    spoken=[("ASK", "a question 'ask G: ...'"), ("LEAF", "a leaf such as 'A=True B=False C=Random', '-' or '?'"),
            ("WORD", "an answer branch such as 'da:'"), ("_NL", "a new line"), ("_INDENT", "a deeper line"),
            ("_DEDENT", "a line less deep")],
    actions=_Actions(),
    error=TreeError,
    layout=Offside(guides=GUIDES),
)


def _explain(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """A line where the plan has no place for it, in the plan's terms."""
    layout = ("_INDENT", "_DEDENT", "_NL")
    found = next((t for t in tokens[index:] if t.type not in layout), None)
    if found is None:
        return None
    before = next((t.type for t in reversed(tokens[:index]) if t.type != "_DEDENT"), None)
    if found.type == "WORD" and "WORD" not in expected:
        return Fault("an answer branch without a question above it", found, "an answer follows its question")
    if before == "_INDENT" and found.type != "WORD":
        return Fault(f"{str(found).strip()[:60]!r}: expected an answer branch ('da:' or 'ja:')", found,
                     "a question's answers sit at its indentation, or one step in")
    return Fault(f"{str(found).strip()[:60]!r} is not inside any question", found, "check the indentation")


def parse_tree(text: str, u: Universe) -> Tree:
    """Parse a whole plan; ``TreeError`` says what is wrong, at which line and column, and what was expected."""
    reading = Reading(PLANS, text)
    if all(not line.split("#", 1)[0].strip(" \t" + GUIDES) for line in text.splitlines()):
        raise reading.refuse("the plan is empty: write 'ask A: QUESTION' with its two answers below it")
    written: Written = reading.parse("plan", _explain)
    return _Plan(reading, u).node(written)


class _Plan:
    """The tree a parsed plan says for the gods of ``u``: its questions and leaves read, its answer words checked."""

    def __init__(self, reading: Reading, u: Universe) -> None:
        self.reading, self.u = reading, u

    def node(self, written: Written) -> Tree:
        at = written.at
        if at.type == "WORD":  # an answer word with nothing after it: a hole
            return Hole(at.line or 0)
        if at.type == "LEAF":
            return self.leaf(at)
        god, question = self.read(at, "asked")
        branches: dict[str, Tree] = {}
        for word_token, sub in written.branches:
            word = word_token.rstrip(" \t:").lower()
            if word not in self.u.words:
                raise self.reading.error(f"the gods answer {self.u.words[1]!r} or {self.u.words[0]!r} here, not "
                                         f"{word!r}", word_token)
            if word in branches:
                raise self.reading.error(f"a second {word!r} branch for the same question", word_token)
            branches[word] = self.node(sub) if sub is not None else Hole(word_token.line or 0)
        ordered = tuple((w, branches.get(w, Hole(at.line or 0))) for w in display_words(self.u))
        return Ask(god or "A", question, ordered, at.line or 0)

    def read(self, token: Token, rule: str) -> tuple[str | None, Any]:
        """A question (``asked``) or a leaf's world (``pattern``), read by the question language where it stands."""
        start = token.start_pos or 0
        try:
            return read(self.reading.text, self.u, start, rule, start + len(token.rstrip()))
        except QuestionTooLarge:
            raise
        except QuestionError as err:
            raise TreeError(str(err), err.offset) from None

    def leaf(self, token: Token) -> Leaf | Hole:
        """``A=True B=False C=Random [ja=yes]``, ``-`` or ``?``: a world the question language reads."""
        body = token.rstrip()
        if body == "?":
            return Hole(token.line or 0)
        if body == "-":
            return Leaf(None, None, token.line or 0)
        pattern: Pattern = self.read(token, "pattern")[1]
        roles = dict(pattern.roles)
        missing = [g for g in self.u.gods if g not in roles]
        if missing:
            raise self.reading.error(f"the leaf does not name {', '.join(missing)}", token,
                                     "a leaf names every god's role")
        if self.u.identify_language and pattern.ja is None:
            raise self.reading.error("the leaf must also say ja=yes or ja=no", token,
                                     "the language is to be identified too")
        named = tuple(roles[g] for g in self.u.gods)
        if sorted(named) != sorted(self.u.roles):
            raise self.reading.error(impossible(named, self.u), token)
        return Leaf(named, pattern.ja, token.line or 0)


def impossible(named: Assignment, u: Universe) -> str:
    """Why a leaf's roles are no world's: a role given to more gods (or fewer) than the variant has.

    >>> from tutor.puzzles.gods.rules.worlds import universe
    >>> impossible(("True", "True", "True"), universe())[29:]
    ' A, B and C are all True, but only one god is True (the roles are True, False, Random)'
    """
    for role in ROLES:
        holders = [g for g, r in zip(u.gods, named, strict=True) if r == role]
        have = u.roles.count(role)
        if len(holders) > have:
            gods = holders[0] if len(holders) == 1 else ", ".join(holders[:-1]) + " and " + holders[-1]
            are = "is" if len(holders) == 1 else "are both" if len(holders) == 2 else "are all"
            only = "no god is" if have == 0 else "only one god is" if have == 1 else f"only {have} gods are"
            return (f"no world has this assignment: {gods} {are} {role}, but {only} {role} "
                    f"(the roles are {', '.join(u.roles)})")
    raise AssertionError("a leaf naming every god once with another role count has a role named too often")


# -- printing ------------------------------------------------------------------


def format_leaf(leaf: Leaf | Hole, u: Universe) -> str:
    """``A=True B=False C=Random``, ``-`` or ``?``."""
    if isinstance(leaf, Hole):
        return "?"
    if leaf.roles is None:
        return "-"
    text = " ".join(f"{g}={r}" for g, r in zip(u.gods, leaf.roles, strict=True))
    return text + (f" ja={leaf.ja}" if leaf.ja else "")


def format_tree(tree: Tree, u: Universe, indent: int = 0) -> str:
    """The canonical text of a plan (two-space indentation); ``parse_tree`` reads it back."""
    pad = " " * indent
    if not isinstance(tree, Ask):
        return pad + format_leaf(tree, u)
    out = [f"{pad}ask {tree.god}: {format_question(tree.question)}"]
    for word, sub in tree.branches:
        if isinstance(sub, Ask):
            out.append(f"{pad}{word}:")
            out.append(format_tree(sub, u, indent + 2))
        else:
            out.append(f"{pad}{word}: {format_leaf(sub, u)}")
    return "\n".join(out)


def depth(tree: Tree) -> int:
    """The most questions on any written path."""
    if isinstance(tree, Ask):
        return 1 + max(depth(t) for _, t in tree.branches)
    return 0


QUESTION_STYLE, WORD_STYLE, LEAF_STYLE, GUIDE_STYLE = "cyan", "bold yellow", "green", "bright_black"


def draw_tree(tree: Tree, u: Universe) -> Picture:
    """The plan as ``format_tree`` writes it, with a picture for terminals: a tree with guide lines, each
    answer word on the line of what follows it, in colour.  ``parse_tree`` reads either form back."""
    rows: list[tuple[str, str, str]] = []  # (guides, answer word, what follows it)

    def walk(node: Tree, guides: str, last_guide: str, word: str) -> None:
        head = f"ask {node.god}: {format_question(node.question)}" if isinstance(node, Ask) else format_leaf(node, u)
        rows.append((last_guide, word, head))
        if isinstance(node, Ask):
            for i, (w, sub) in enumerate(node.branches):
                last = i == len(node.branches) - 1
                walk(sub, guides + ("   " if last else "│  "), guides + ("└─ " if last else "├─ "), w)

    walk(tree, "", "", "")
    lines: list[str] = []
    spans: list[Span] = []
    offset = 0
    for guides, word, head in rows:
        said = f"{word}: " if word else ""
        line = guides + said + head
        if guides:
            spans.append((offset, offset + len(guides), GUIDE_STYLE))
        if word:
            spans.append((offset + len(guides), offset + len(guides) + len(word), WORD_STYLE))
        start = offset + len(guides) + len(said)
        spans.append((start, offset + len(line), QUESTION_STYLE if head.startswith("ask ") else
                      LEAF_STYLE if "=" in head else GUIDE_STYLE))
        lines.append(line)
        offset += len(line) + 1
    return Picture(format_tree(tree, u), "\n".join(lines), tuple(spans))

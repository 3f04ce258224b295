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

import re
from dataclasses import dataclass, field

from tutor.errors import InvalidNotation
from tutor.puzzles.gods.limits import TREE_DEPTH
from tutor.puzzles.gods.rules.lang import Node, QuestionError, format_question, parse_asked
from tutor.puzzles.gods.rules.worlds import ROLES, Assignment, Universe
from tutor.shown import Picture, Span


class TreeError(InvalidNotation):
    """A question tree could not be parsed; the message names the line."""


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


# -- parsing -------------------------------------------------------------------


_LINE = re.compile(r"^(?P<indent> *)(?P<body>.*?)\s*$")
ANSWER_WORDS = ("da", "ja", "yes", "no")
GUIDES = str.maketrans({ch: " " for ch in "│├└─"})  # a drawn tree's guide lines read as indentation
_GUIDED = re.compile(r"^[ \t│├└─]*")


def parse_leaf(text: str, u: Universe, where: str) -> Leaf | Hole:
    """Parse ``A=True B=False C=Random [ja=yes]``, ``-`` or ``?``."""
    body = text.strip()
    if body == "?":
        return Hole()
    if body == "-":
        return Leaf(None)
    roles: dict[str, str] = {}
    ja = None
    for part in body.split():
        name, eq, value = part.partition("=")
        if not eq:
            raise TreeError(f"{where}: expected GOD=ROLE, found {part!r}")
        if name.lower() == "ja" and not u.known_language:
            if value.lower() not in ("yes", "no") or ja is not None:
                raise TreeError(f"{where}: 'ja=' takes yes or no, found {part!r}")
            ja = value.lower()
            continue
        god = name.upper()
        if god not in u.gods or god in roles:
            raise TreeError(f"{where}: {name!r} is not a god or named twice (gods: {', '.join(u.gods)})")
        match = [r for r in ROLES if r.lower() == value.lower()]
        if not match:
            raise TreeError(f"{where}: unknown role {value!r} (roles: True, False, Random)")
        roles[god] = match[0]
    missing = [g for g in u.gods if g not in roles]
    if missing:
        raise TreeError(f"{where}: the leaf does not name {', '.join(missing)}")
    if u.identify_language and ja is None:
        raise TreeError(f"{where}: the leaf must also say ja=yes or ja=no")
    named = tuple(roles[g] for g in u.gods)
    if sorted(named) != sorted(u.roles):
        raise TreeError(f"{where}: {impossible(named, u)}")
    return Leaf(named, ja)


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


def parse_tree(text: str, u: Universe) -> Tree:
    """Parse a whole plan; ``TreeError`` (or ``QuestionError``) names the line and what is wrong."""
    lines: list[tuple[int, int, str, str]] = []  # (line number, indent, body, raw)
    for n, raw in enumerate(text.splitlines(), 1):
        code = raw.split("#", 1)[0].expandtabs(4)
        guides = _GUIDED.match(code)
        assert guides is not None
        code = guides.group().translate(GUIDES) + code[guides.end():]
        m = _LINE.match(code)
        assert m is not None
        if m.group("body"):
            lines.append((n, len(m.group("indent")), m.group("body"), raw))
    if not lines:
        raise TreeError("empty tree: write 'ask A: QUESTION' with its two answers below it")
    tree, pos = _node(lines, 0, lines[0][1], u)
    if pos < len(lines):
        n, _, _, raw = lines[pos]
        raise TreeError(f"line {n}: {raw.strip()!r} is not inside any question (check the indentation)")
    return tree


def _node(lines: list[tuple[int, int, str, str]], pos: int, indent: int, u: Universe,
          level: int = 1, inline: str | None = None) -> tuple[Tree, int]:
    """The subtree starting at ``lines[pos]`` (with ``inline``: the question written after an answer word on
    that line, ``da: ask B: ...``, whose own answers must then sit deeper)."""
    n, ind, body, raw = lines[pos]
    body = body if inline is None else inline
    where = f"line {n}: {raw.strip()[:60]!r}"
    TREE_DEPTH.check(level, f"line {n}: the plan nests more than {TREE_DEPTH.value} questions deep")
    if ind != indent:
        raise TreeError(f"{where}: indentation does not line up with the line above")
    if not re.match(r"ask\b", body, re.IGNORECASE):
        head = body.split(":", 1)[0].strip().lower()
        if head in (*u.words, "da", "ja", "yes", "no") and ":" in body:
            raise TreeError(f"{where}: an answer branch without a question above it")
        leaf = parse_leaf(body, u, where)
        return (Leaf(leaf.roles, leaf.ja, n) if isinstance(leaf, Leaf) else Hole(n)), pos + 1
    try:
        god, question = parse_asked(body, u)
    except QuestionError as err:
        raise TreeError(f"line {n}: {err}") from None
    pos += 1
    branches: dict[str, Tree] = {}
    own = indent
    if pos < len(lines) and lines[pos][1] > own and _branch_word(lines[pos][2]) in (*u.words, *ANSWER_WORDS):
        indent = lines[pos][1]  # a drawn tree: the answers under their question, one step in
    elif inline is not None:
        indent = -1  # the answers of an inline question sit deeper, and none do
    while pos < len(lines) and lines[pos][1] == indent:
        bn, _, bbody, braw = lines[pos]
        word, colon, rest = bbody.partition(":")
        word = word.strip().lower()
        if colon and word in ANSWER_WORDS and word not in u.words:
            # "yes:" in a da/ja plan (or the reverse) is a slip of vocabulary, not of indentation
            raise TreeError(f"line {bn}: {braw.strip()!r}: the gods answer {u.words[1]!r} or "
                            f"{u.words[0]!r} here, not {word!r}")
        if not colon or word not in u.words:
            break
        if word in branches:
            raise TreeError(f"line {bn}: {braw.strip()!r}: a second {word!r} branch for the same question")
        if re.match(r"ask\b", rest.strip(), re.IGNORECASE):
            branches[word], pos = _node(lines, pos, indent, u, level + 1, inline=rest.strip())
            continue
        pos += 1
        if rest.strip():
            leaf = parse_leaf(rest, u, f"line {bn}: {braw.strip()!r}")
            branches[word] = Leaf(leaf.roles, leaf.ja, bn) if isinstance(leaf, Leaf) else Hole(bn)
        elif pos < len(lines) and lines[pos][1] > indent:
            branches[word], pos = _node(lines, pos, lines[pos][1], u, level + 1)
        else:
            branches[word] = Hole(bn)
    if not branches and pos < len(lines) and lines[pos][1] > own:
        n2, _, _, raw2 = lines[pos]
        raise TreeError(f"line {n2}: {raw2.strip()!r}: expected an answer branch "
                        f"('{u.words[1]}:' or '{u.words[0]}:') at the question's indentation")
    ordered = tuple((w, branches.get(w, Hole(n))) for w in display_words(u))
    return Ask(god, question, ordered, n), pos


# -- printing ------------------------------------------------------------------


def _branch_word(body: str) -> str:
    """The answer word a branch line starts with (``"da"`` of ``"da: ..."``), or ``""``."""
    word, colon, _ = body.partition(":")
    return word.strip().lower() if colon else ""


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

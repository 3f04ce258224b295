"""Indentation as tokens (the offside rule), for a learner language whose nesting is its layout (``tutor.grammar``).

A language that nests by indentation (the plans for the gods) lexes each line break with the next line's
indentation as one token (``newline``: ``/(\\n[ \\t]*)+/``, blank lines and comment lines inside it).  ``Offside``
adds, after each such token, an ``_INDENT`` where the next line sits deeper than the line above, and a ``_DEDENT``
for each level it leaves, so the grammar says what is inside what (``%declare _INDENT _DEDENT``); a line that
comes back to a column no enclosing line has is refused where it starts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tutor.grammar import Fault

if TYPE_CHECKING:
    from lark import Token

INDENT, DEDENT = "_INDENT", "_DEDENT"


@dataclass(frozen=True)
class Offside:
    """The indentation tokens of a text whose line breaks are ``newline`` tokens.

    A tab moves to the next multiple of ``tab`` columns; each character of ``guides`` (the lines a drawn tree is
    drawn with) counts as one column of indentation.  The first line's indentation is the outermost level.

    >>> from lark import Token
    >>> text = "a\\n  b\\n  c\\nd"
    >>> tokens = [Token("X", "a", 0), Token("_NL", "\\n  ", 1), Token("X", "b", 4), Token("_NL", "\\n  ", 5),
    ...           Token("X", "c", 8), Token("_NL", "\\n", 9), Token("X", "d", 10)]
    >>> [t.type for t in Offside()(text, tokens)]
    ['X', '_NL', '_INDENT', 'X', '_NL', 'X', '_NL', '_DEDENT', 'X']
    """

    newline: str = "_NL"
    tab: int = 4
    guides: str = ""

    def width(self, indentation: str) -> int:
        """The columns ``indentation`` (spaces, tabs, guides) takes."""
        columns = 0
        for ch in indentation:
            columns = (columns // self.tab + 1) * self.tab if ch == "\t" else columns + 1
        return columns

    def __call__(self, body: str, tokens: list[Token]) -> list[Token]:
        """``tokens`` with the indentation tokens added."""
        from lark import Token

        if not tokens:
            return tokens
        first = tokens[0]
        lead = str(first).rsplit("\n", 1)[-1] if first.type == self.newline else body[:first.start_pos or 0]
        levels = [self.width(lead.rsplit("\n", 1)[-1])]
        out: list[Token] = []
        for i, token in enumerate(tokens):
            out.append(token)
            after = tokens[i + 1] if i + 1 < len(tokens) else None
            if token.type != self.newline or after is None or i == 0:
                continue
            width = self.width(str(token).rsplit("\n", 1)[-1])
            if width > levels[-1]:
                levels.append(width)
                out.append(Token.new_borrow_pos(INDENT, "", after))
            while len(levels) > 1 and width < levels[-1]:
                levels.pop()
                out.append(Token.new_borrow_pos(DEDENT, "", after))
            if width != levels[-1]:
                raise Fault("the indentation does not line up", after,
                            "it comes back to a column no line above it starts at")
        end = tokens[-1]
        out += [Token.new_borrow_pos(DEDENT, "", end) for _ in levels[1:]]
        return out

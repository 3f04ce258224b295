"""A lesson's TOML text bounded before it is parsed: keys, dotted parts and nesting counted in one linear pass.

``tomllib`` is quadratic in the parts of one dotted key (``a.a.a...`` of 40,000 parts, 80 KB, took ``tutor lint``
past 4 GB) and recurses once per nested array or inline table, so the sizes that make it slow are counted
first, on a token stream, and refused before it runs: the parts of a dotted key or table header, and the
arrays and inline tables open at once, each within ``lesson_depth`` (each part or bracket is a level of the
parsed table); the keys of the whole file within ``lesson_keys``.  The scan stops at the first count past its
limit, so hostile text costs no more than the limit.

The tokens are strings (basic, literal, multi-line), comments, the punctuation that shapes a table
(``[ ] { } = . ,`` and line ends) and runs of anything else; a string is skipped whole, so brackets and dots in
text never count.  Text that is not valid TOML is left to ``tomllib`` to report: the scan only counts.
"""

from __future__ import annotations

import re

from tutor.limits import LESSON_DEPTH, LESSON_KEYS

START, KEY, HEADER, VALUE, DONE = range(5)  # where the scan stands in a line: what a mark there means
TOKENS = re.compile(r'''
      (?P<text> """(?:[^"\\]|\\.|"(?!""))*"""+ | \'\'\'(?:[^']|'(?!''))*\'\'\'+
              | "(?:[^"\\\n]|\\.)*" | '[^'\n]*' | \#[^\n]* )
    | (?P<mark> [\[\]{}=.,\n] )
    | (?P<rest> [^\[\]{}=.,\n"'\#]+ | ["'] )
''', re.VERBOSE)


def prescan(text: str, where: str) -> None:
    """``TooLarge`` naming ``where`` and the limit if ``text`` has a key or table header of more than
    ``lesson_depth`` dotted parts, more than ``lesson_depth`` arrays and inline tables open at once, or more than
    ``lesson_keys`` keys; nothing otherwise (whether it is valid TOML is ``tomllib``'s to say).

    >>> prescan('a.b = [1, {c = "x.y.z[["}]\\n[t.u]\\nv = 2\\n', "x")
    >>> prescan("a" + ".a" * 40 + " = 1", "x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    tutor.errors.TooLarge: x has a key of more than 32 dotted parts: over the limit lesson_depth = 32 levels ...
    """
    stack: list[str] = []  # the arrays ('[') and inline tables ('{') open, innermost last
    keys, parts, mode = 0, 1, START  # parts: of the key or table header being read
    for token in TOKENS.finditer(text):
        mark = token.group("mark")
        if mark is None:
            mode = KEY if mode == START else mode  # a key's first part (bare or quoted)
            continue
        if mark == "." and mode in (START, KEY, HEADER):
            parts += 1
            if parts > LESSON_DEPTH.value:
                raise LESSON_DEPTH.error(f"{where} has a key of more than {LESSON_DEPTH.value} dotted parts")
        elif mark == "=" and mode in (START, KEY):
            keys += 1
            if keys > LESSON_KEYS.value:
                raise LESSON_KEYS.error(f"{where} has more than {LESSON_KEYS.value:,} keys")
            mode = VALUE
        elif mark == "[" and not stack and mode in (START, HEADER):
            mode = HEADER  # [table] or [[array of tables]]
        elif mark == "]" and mode == HEADER:
            keys, mode = keys + 1, DONE
        elif mark in "[{":
            stack.append(mark)
            if len(stack) > LESSON_DEPTH.value:
                raise LESSON_DEPTH.error(f"{where} nests more than {LESSON_DEPTH.value} arrays and inline tables")
            mode, parts = (KEY if mark == "{" else VALUE), 1
        elif mark in "]}" and stack:
            stack.pop()
            mode = VALUE
        elif mark == "," and stack and stack[-1] == "{":
            mode, parts = KEY, 1
        elif mark == "\n" and not stack:
            mode, parts = START, 1

"""The coin-table move notation: parse and format, a round-tripping pair.

A strategy is a list of moves separated by spaces, commas, semicolons or newlines; ``#``
starts a comment.  For coins (K = 2) a move is the digits of the positions to flip
(``0123``, ``02``; positions 0-9), a brace set as the seed prints them (``{0, 2}``), a
pattern of ``x`` (flip) and ``.`` (leave) of length N (``x.x.``), or ``-`` / ``{}`` for
the empty move.  With K > 2 faces a move is a digit vector of length N, the amount added
at each position (``1202``); with K > 10 faces, whose amounts need more than one digit, the
N amounts are separated by colons (``1:12:0``), a form any K > 2 may use.  Long strategies
can name blocks: a line ``let D = 0123 02`` defines D for later moves (plain substitution,
never evaluation).  ``format_strategy`` writes digits for N <= 10 coins and patterns
beyond (positions 10+ have no single digit).
"""

from __future__ import annotations

import re

from tutor.errors import InvalidNotation
from tutor.puzzles.coins.limits import STRATEGY_MOVES
from tutor.text import plural, shorten

Move = tuple[int, ...]  # the amount added at each position: (1, 0, 1, 0) flips positions 0 and 2

SEPARATORS = " \t\r\n,;"
DIGITS = "0123456789"


def split_moves(text: str, before: int = 0) -> list[tuple[str, int]]:
    """Split strategy text into (move text, column of its first character) pairs.

    ``before`` counts the moves on earlier lines, so errors number moves across lines.

    >>> split_moves("0123, {0, 2}; x.x.")
    [('0123', 0), ('{0, 2}', 6), ('x.x.', 14)]
    """
    out: list[tuple[str, int]] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "#":
            while i < n and text[i] != "\n":
                i += 1
        elif ch in SEPARATORS:
            i += 1
        elif ch == "{":
            close = text.find("}", i)
            if close < 0:
                raise InvalidNotation(f"move {before + len(out) + 1} {text[i:i + 12]!r}: "
                                      f"'{{' at character {i + 1} is never closed")
            out.append((text[i:close + 1], i))
            i = close + 1
        else:
            start = i
            while i < n and text[i] not in SEPARATORS and text[i] not in "{#":
                i += 1
            out.append((text[start:i], start))
    return out


def parse_move(word: str, n: int, k: int = 2, number: int = 1) -> Move:
    """Parse one move for N positions and K faces into a digit vector.

    >>> parse_move("02", 4)
    (1, 0, 1, 0)
    >>> parse_move("x..x", 4)
    (1, 0, 0, 1)
    >>> parse_move("{1, 3}", 4)
    (0, 1, 0, 1)
    """
    where = f"move {number} {shorten(word, 30)}"
    if word in ("-", "{}"):
        return (0,) * n
    if k > 2 and (k > 10 or ":" in word):
        return _parse_amounts(word, n, k, where)
    if k > 2:
        if len(word) != n:
            raise InvalidNotation(f"{where}: needs {plural(n, 'digit')} (one amount per position), has {len(word)}")
        digits = []
        for col, ch in enumerate(word, 1):
            if ch not in DIGITS or int(ch) >= k:
                raise InvalidNotation(f"{where}, character {col}: {ch!r} is not a digit 0-{k - 1}")
            digits.append(int(ch))
        return tuple(digits)
    if word.startswith("{"):
        return _parse_braces(word, n, where)
    if any(ch in "xX." for ch in word):
        if len(word) != n:
            raise InvalidNotation(f"{where}: a pattern needs {plural(n, 'character')} of x and ., has {len(word)}")
        bad = next((i for i, ch in enumerate(word, 1) if ch not in "xX."), None)
        if bad is not None:
            raise InvalidNotation(f"{where}, character {bad}: {word[bad - 1]!r} is not x or .")
        return tuple(1 if ch in "xX" else 0 for ch in word)
    flips = [0] * n
    for col, ch in enumerate(word, 1):
        if ch not in DIGITS:
            raise InvalidNotation(f"{where}, character {col}: {ch!r} is not a position digit "
                                  f"(write moves like 02, {{0, 2}} or x.x.)")
        _flip(flips, int(ch), where, col)
    return tuple(flips)


def _parse_amounts(word: str, n: int, k: int, where: str) -> Move:
    """N amounts separated by colons (``1:12:0``), the form for K > 10 faces (any K > 2 may use it)."""
    parts = word.split(":")
    if len(parts) != n:
        raise InvalidNotation(f"{where}: needs {n} amounts separated by ':' (one per position), has {len(parts)}")
    amounts = []
    col = 1
    for part in parts:
        if not (part.isascii() and part.isdecimal()) or len(part) > len(str(k - 1)) or int(part) >= k:
            raise InvalidNotation(f"{where}, character {col}: {part!r} is not an amount 0-{k - 1}")
        amounts.append(int(part))
        col += len(part) + 1
    return tuple(amounts)


def _flip(flips: list[int], pos: int, where: str, col: int) -> None:
    """Mark position ``pos`` flipped; out of range or repeated is an error at character ``col``."""
    n = len(flips)
    if pos >= n:
        raise InvalidNotation(f"{where}, character {col}: position {pos} is out of range 0-{n - 1}")
    if flips[pos]:
        raise InvalidNotation(f"{where}, character {col}: position {pos} is named twice")
    flips[pos] = 1


def _parse_braces(word: str, n: int, where: str) -> Move:
    flips = [0] * n
    inner = word[1:-1]
    col = 2
    for part in inner.split(","):
        stripped = part.strip()
        offset = col + (len(part) - len(part.lstrip()))
        col += len(part) + 1
        if not stripped:
            raise InvalidNotation(f"{where}, character {offset}: empty position between commas")
        if not all(c in DIGITS for c in stripped):
            raise InvalidNotation(f"{where}, character {offset}: {stripped[:20]!r} is not a position")
        significant = stripped.lstrip("0") or "0"
        if len(significant) > len(str(n)):  # never converted: it cannot be a position of this table
            raise InvalidNotation(f"{where}, character {offset}: position {stripped[:20]!r}"
                                  f"{'...' if len(stripped) > 20 else ''} is out of range 0-{n - 1}")
        _flip(flips, int(significant), where, offset)
    return tuple(flips)


NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
LET = re.compile(r"\s*let\s+(\S+)\s*=(.*)")


def _is_name(word: str) -> bool:
    return NAME.fullmatch(word) is not None and not set(word) <= set("xX")


def parse_strategy(text: str, n: int, k: int = 2, blocks: dict[str, list[Move]] | None = None) -> list[Move]:
    """Parse a whole strategy, expanding ``let NAME = ...`` blocks.

    ``blocks``: the blocks defined before this text (a game played line by line keeps them);
    the blocks this text defines are added to it.

    Every move a block expands to counts against ``strategy_moves`` (docs/limits.md), in
    the blocks as well as the strategy, so doubling blocks cannot grow past it.  A word is
    parsed once and its move shared, so memory follows the distinct moves.

    >>> parse_strategy("0123 02; {0, 1}, x...", 4)
    [(1, 1, 1, 1), (1, 0, 1, 0), (1, 1, 0, 0), (1, 0, 0, 0)]
    >>> len(parse_strategy(chr(10).join(["let D = 01 0 01", "D 0 D"]), 2))
    7
    """
    names: dict[str, list[Move]] = {} if blocks is None else blocks
    parsed: dict[str, Move] = {}
    out: list[Move] = []
    count = 0
    expanded = 0  # every move written into a block or the strategy
    for line_no, line in enumerate(text.splitlines() or [""], 1):
        let = LET.match(line.split("#", 1)[0])
        target = out
        body = line
        if let:
            name = let.group(1)
            if not _is_name(name):
                raise InvalidNotation(f"line {line_no}: {name!r} cannot be a block name "
                                      "(use letters and digits, starting with a letter)")
            target = names[name] = []
            body = let.group(2)
        for word, _ in split_moves(body, count):
            if _is_name(word) and not word.isdigit():
                if word not in names:
                    known = f" (the blocks defined so far are {', '.join(sorted(names))})" if names else ""
                    line_at = f" (line {line_no})" if "\n" in text.strip() else ""
                    raise InvalidNotation(f"move {count + 1} {shorten(word, 30)}{line_at} is not a move: a "
                                          f"move names the positions to flip, such as {'01' if n > 1 else '0'}{known}")
                expanded += len(names[word])
                STRATEGY_MOVES.check(expanded, f"line {line_no}: the strategy and its let blocks grow past "
                                               f"{STRATEGY_MOVES.value:,} moves")
                target.extend(names[word])
            else:
                count += 1
                expanded += 1
                STRATEGY_MOVES.check(expanded, f"line {line_no}: the strategy and its let blocks grow past "
                                               f"{STRATEGY_MOVES.value:,} moves")
                move = parsed.get(word)
                if move is None:
                    move = parsed[word] = parse_move(word, n, k, count)
                target.append(move)
    return out


def format_move(move: Move, k: int = 2) -> str:
    """Write one move in the canonical notation.

    >>> format_move((1, 0, 1, 0)), format_move((0, 0, 0, 0)), format_move((1, 2, 0), 3)
    ('02', '-', '120')
    >>> format_move((1, 12, 0), 16)
    '1:12:0'
    """
    if k > 10:
        return ":".join(str(d) for d in move)
    if k > 2:
        return "".join(str(d) for d in move)
    if not any(move):
        return "-"
    if len(move) <= 10:
        return "".join(str(p) for p, d in enumerate(move) if d)
    return "".join("x" if d else "." for d in move)


def format_strategy(strategy: list[Move], k: int = 2) -> str:
    """Write a strategy as moves separated by single spaces."""
    return " ".join(format_move(m, k) for m in strategy)


def positions(move: Move) -> list[int]:
    """The positions a move changes (for JSON): (1, 0, 1, 0) -> [0, 2]."""
    return [p for p, d in enumerate(move) if d]

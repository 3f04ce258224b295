"""The rotating coin table as data: the game, tables, turns, classes, beliefs, and the move notation.

A *table* of N counters with K faces is a vector of digits, position p holding
the face of the coin at p (0 = heads).  It is encoded as an int in base K,
digit p for position p: with coins, bit p set means "tails at p".  The Devil's
*turn* is a permutation of positions (a rotation, or with dihedral symmetry
also a reflection); the learner's *move* adds a digit vector mod K.

Because the Devil turns the table before every move, only a table's *class*
(its orbit under the turns) matters to the player: a *belief* is the set of
classes the table may still be in, stored as a numpy bool vector (or, for the
search, as a Python int bit set over class indices).

Vocabulary (N = 4, K = 2):
    Table = int     # 0b0110: tails at positions 1 and 2  -> "HTTH"
    Move = tuple    # (1, 0, 1, 0): flip positions 0 and 2 -> "02"
    Turn = int      # index into Model.group: r < N rotates by r, r >= N reflects
    Belief = numpy bool array over class indices
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from tutor.errors import InvalidNotation, InvalidParams
from tutor.limits import MOVE_TABLE_BYTES, STRATEGY_MOVES
from tutor.text import shorten

if TYPE_CHECKING:
    import numpy as np

Table = int
Move = tuple[int, ...]

MAX_TABLES = 1 << 20  # K**N limit for exact work over every table (check, hint, play, lesson counts)


def fits(n: int, k: int, limit: int = MAX_TABLES) -> bool:
    """Whether K**N <= limit, without computing K**N for huge N.

    >>> fits(20, 2), fits(21, 2), fits(10**6, 2)
    (True, False, False)
    """
    total = 1
    for _ in range(n):
        total *= k
        if total > limit:
            return False
    return True


@dataclass(frozen=True)
class Model:
    """N positions, K faces, the Devil's symmetry and the goal; with precomputed classes."""

    n: int
    k: int = 2
    dihedral: bool = False
    goal: str = "heads"  # "heads": every coin 0; "same": every coin alike
    _cache: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        if self.n < 1 or self.k < 2:
            raise InvalidParams(f"need at least 1 coin and 2 faces, not {self.n} and {self.k}")

    @property
    def enumerable(self) -> bool:
        """Whether every table can be enumerated (K**N <= MAX_TABLES): check, hint and play need it."""
        return fits(self.n, self.k)

    def require_enumerable(self) -> None:
        """Refuse, in one line naming the limit, work that enumerates every table of a table too large."""
        if not self.enumerable:
            raise InvalidParams(
                f"{self.n} coins with {self.k} faces make {self.k}^{self.n} tables, more than the "
                f"{MAX_TABLES:,} (2^20) that check, hint and play enumerate; solve and analyze work at any size"
            )

    # -- the group of turns -------------------------------------------------

    @cached_property
    def group(self) -> tuple[tuple[int, ...], ...]:
        """Every turn as a permutation: coin at position p moves to position g[p]."""
        self.require_enumerable()
        n = self.n
        turns = [tuple((p + r) % n for p in range(n)) for r in range(n)]
        if self.dihedral:
            turns += [tuple((r - p) % n for p in range(n)) for r in range(n)]
        return tuple(turns)

    def turn_label(self, index: int) -> int | str:
        """A turn for people and JSON: rotation r as the int r, reflection as "mirror r"."""
        return index if index < self.n else f"mirror {index - self.n}"

    # -- tables ---------------------------------------------------------------

    @property
    def tables(self) -> int:
        """How many tables there are: K**N."""
        return self.k**self.n

    def encode(self, digits: Move) -> Table:
        """Digit vector -> table code."""
        code = 0
        for d in reversed(digits):
            code = code * self.k + d
        return code

    def decode(self, table: Table) -> Move:
        """Table code -> digit vector."""
        out = []
        for _ in range(self.n):
            table, d = divmod(table, self.k)
            out.append(d)
        return tuple(out)

    def apply_turn(self, table: Table, turn: int) -> Table:
        """The table after turn ``turn``: the coin at p moves to group[turn][p]."""
        digits = self.decode(table)
        perm = self.group[turn]
        moved = [0] * self.n
        for p, d in enumerate(digits):
            moved[perm[p]] = d
        return self.encode(tuple(moved))

    def add(self, table: Table, move: Move) -> Table:
        """The table after adding ``move`` (flipping, for coins)."""
        digits = self.decode(table)
        return self.encode(tuple((d + m) % self.k for d, m in zip(digits, move, strict=True)))

    def is_goal(self, table: Table) -> bool:
        """Whether the game is over at ``table``."""
        digits = self.decode(table)
        return digits[0] == 0 and len(set(digits)) == 1 if self.goal == "heads" else len(set(digits)) == 1

    def show(self, table: Table) -> str:
        """A table as text indexed by position: "HTTH" for coins, "1202" otherwise."""
        digits = self.decode(table)
        if self.k == 2:
            return "".join("T" if d else "H" for d in digits)
        return "".join(str(d) for d in digits)

    # -- classes (numpy, built once) -----------------------------------------------

    def _arrays(self) -> dict[Any, Any]:
        """Digits of every table, class index of every table, class representatives."""
        if "cls" in self._cache:
            return self._cache
        self.require_enumerable()
        import numpy as np

        n, k = self.n, self.k
        codes = np.arange(self.tables, dtype=np.int64)
        digits = np.empty((self.tables, n), dtype=np.int64)
        rest = codes.copy()
        for p in range(n):
            digits[:, p] = rest % k
            rest //= k
        weights = k ** np.arange(n, dtype=np.int64)
        canon = codes.copy()
        for perm in self.group[1:]:
            moved = np.empty_like(digits)
            moved[:, list(perm)] = digits
            np.minimum(canon, moved @ weights, out=canon)
        reps = np.unique(canon)
        cls = np.searchsorted(reps, canon).astype(np.int32)
        goal_mask = np.zeros(len(reps), dtype=bool)
        goal_tables = [0] if self.goal == "heads" else [self.encode((d,) * n) for d in range(k)]
        goal_mask[cls[goal_tables]] = True
        self._cache.update(digits=digits, weights=weights, cls=cls, reps=reps, goal=goal_mask)
        return self._cache

    @property
    def class_count(self) -> int:
        """How many classes of tables there are under the Devil's turns."""
        return len(self._arrays()["reps"])

    def class_of(self, table: Table) -> int:
        """The class index of a table."""
        return int(self._arrays()["cls"][table])

    def representative(self, cls: int) -> Table:
        """The smallest table code in class ``cls``."""
        return int(self._arrays()["reps"][cls])

    def goal_classes(self) -> np.ndarray:
        """Bool vector over classes: which classes end the game."""
        return self._arrays()["goal"]

    def start_belief(self) -> np.ndarray:
        """Every class that is not already won."""
        return ~self.goal_classes()

    def orbit(self, move: Move) -> list[Move]:
        """The distinct turned copies of a move (the moves the Devil can make of it)."""
        seen: dict[Move, None] = {}
        for perm in self.group:
            moved = [0] * self.n
            for p, d in enumerate(move):
                moved[perm[p]] = d
            seen.setdefault(tuple(moved), None)
        return list(seen)

    def predecessors(self, move: Move) -> np.ndarray:
        """Array P[j, c]: the class of rep(c) minus the j-th turned copy of ``move``.

        Class c can follow ``move`` from a belief B exactly when some P[j, c] is in B.
        """
        tables: dict[Move, np.ndarray] = self._cache.setdefault("pred", {})
        cached = tables.pop(move, None)
        if cached is not None:
            tables[move] = cached  # most recently used last
            return cached
        import numpy as np

        arrays = self._arrays()
        reps, cls, weights = arrays["reps"], arrays["cls"], arrays["weights"]
        rep_digits = arrays["digits"][reps]
        orbit = np.array(self.orbit(move), dtype=np.int64)
        rows = (rep_digits[None, :, :] - orbit[:, None, :]) % self.k
        pred = np.ascontiguousarray(cls[rows @ weights].astype(np.intp))
        held = self._cache.get("pred_bytes", 0) + pred.nbytes
        while tables and held > MOVE_TABLE_BYTES.value:  # drop the least recently used: memory stays bounded
            held -= tables.pop(next(iter(tables))).nbytes
        tables[move] = pred
        self._cache["pred_bytes"] = held
        return pred

    def check_cost(self, strategy: list[Move]) -> int:
        """The work of checking ``strategy`` (docs/limits.md, check_work), in steps of about a nanosecond and a half:
        per move, one step per class and turn, and 40,000 for what is done in Python per move (the step itself,
        walking back to a counterexample and laying it out); per per-move table built, 8 per class, turn and coin."""
        turns, classes = len(self.group), self.class_count
        distinct = len(set(strategy))
        fits = distinct * turns * classes * 8 <= MOVE_TABLE_BYTES.value  # intp entries: every table stays cached
        builds = distinct if fits else len(strategy)
        per_move = classes * turns + 40_000
        return len(strategy) * per_move + builds * 8 * classes * turns * self.n

    def step(self, belief: np.ndarray, move: Move) -> np.ndarray:
        """The belief after the Devil's turn and ``move``; won classes drop out."""
        import numpy as np

        pred = self.predecessors(move)
        after = np.logical_or.reduce(belief[pred], axis=0)
        after &= ~self.goal_classes()
        return after

    def move_classes(self) -> list[Move]:
        """One representative of every class of non-empty moves (turned copies are equal)."""
        reps = self._arrays()["reps"]
        return [self.decode(int(r)) for r in reps if int(r) != 0]

    def names_in(self, bits: int) -> list[str]:
        """The names of the classes in a bit set, in class order."""
        names = self.class_names()
        return [names[c] for c in range(self.class_count) if bits >> c & 1]

    def class_names(self) -> list[str]:
        """Each class shown as the first of its tables in reading order ("HHHT", not "THHH")."""
        names = self._cache.get("names")
        if names is None:
            names = []
            for rep in self._arrays()["reps"]:
                names.append(min(self.show(self.apply_turn(int(rep), g)) for g in range(len(self.group))))
            self._cache["names"] = names
        return names


@cache
def model(n: int, k: int = 2, dihedral: bool = False, goal: str = "heads") -> Model:
    """The shared Model for these parameters (classes are built once per process)."""
    return Model(n, k, dihedral, goal)


@dataclass(frozen=True)
class CoinGame:
    """The puzzle's parameters, validated once: N positions, K faces, the Devil's symmetry, the goal.

    The enumerated structures (classes, moves) live in ``model``, built on first use.
    """

    coins: int = 4
    sides: int = 2
    symmetry: str = "rotation"  # or "dihedral": the Devil may also reflect the table
    goal: str = "heads"  # or "same": all coins alike

    @property
    def model(self) -> Model:
        """The shared enumerated model of this table."""
        return model(self.coins, self.sides, self.symmetry == "dihedral", self.goal)

    @property
    def goal_text(self) -> str:
        """The goal in words: "all heads" or "all alike"."""
        return "all heads" if self.goal == "heads" else "all alike"


# -- the move notation: parse and format, a round-tripping pair ---------------------------
#
# A strategy is a list of moves separated by spaces, commas, semicolons or newlines; ``#``
# starts a comment.  For coins (K = 2) a move is the digits of the positions to flip
# (``0123``, ``02``; positions 0-9), a brace set as the seed prints them (``{0, 2}``), a
# pattern of ``x`` (flip) and ``.`` (leave) of length N (``x.x.``), or ``-`` / ``{}`` for
# the empty move.  With K > 2 faces a move is a digit vector of length N, the amount added
# at each position (``1202``); with K > 10 faces, whose amounts need more than one digit, the
# N amounts are separated by colons (``1:12:0``), a form any K > 2 may use.  Long strategies
# can name blocks: a line ``let D = 0123 02`` defines D for later moves (plain substitution,
# never evaluation).  ``format_strategy``
# writes digits for N <= 10 coins and patterns beyond (positions 10+ have no single digit).

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
            raise InvalidNotation(f"{where}: needs {n} digits (one amount per position), has {len(word)}")
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
            raise InvalidNotation(f"{where}: a pattern needs {n} characters of x and ., has {len(word)}")
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
        raise InvalidNotation(f"{where}, character {col}: position {pos} is out of range 0-{n - 1} for {n} coins")
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
                                  f"{'...' if len(stripped) > 20 else ''} is out of range 0-{n - 1} for {n} coins")
        _flip(flips, int(significant), where, offset)
    return tuple(flips)


NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
LET = re.compile(r"\s*let\s+(\S+)\s*=(.*)")


def _is_name(word: str) -> bool:
    return NAME.fullmatch(word) is not None and not set(word) <= set("xX")


def parse_strategy(text: str, n: int, k: int = 2) -> list[Move]:
    """Parse a whole strategy, expanding ``let NAME = ...`` blocks.

    Every move a block expands to counts against ``strategy_moves`` (docs/limits.md), in
    the blocks as well as the strategy, so doubling blocks cannot grow past it.  A word is
    parsed once and its move shared, so memory follows the distinct moves.

    >>> parse_strategy("0123 02; {0, 1}, x...", 4)
    [(1, 1, 1, 1), (1, 0, 1, 0), (1, 1, 0, 0), (1, 0, 0, 0)]
    >>> len(parse_strategy(chr(10).join(["let D = 01 0 01", "D 0 D"]), 2))
    7
    """
    names: dict[str, list[Move]] = {}
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
                    raise InvalidNotation(f"move {count + 1} {shorten(word, 30)} (line {line_no}): unknown block name; "
                                          f"define it first with: let {word} = ...")
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

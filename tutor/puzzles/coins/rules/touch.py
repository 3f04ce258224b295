"""The touch notation of the blind bartender (``--touch K``): the positions a move feels, and a rule for what to
flip given what it feels; parse and format, a round-tripping pair.

A move is ``POSITIONS:RULE``.  POSITIONS are the K positions touched, as digits (``02``) or a brace set
(``{0, 12}``).  RULE is one or more *cases* separated by commas and tried in order: ``FELT>RESULT`` applies when
the touched coins feel like FELT, and a bare ``RESULT`` applies whatever is felt.  FELT has one letter per touched
position, in the order the positions are written: ``H``, ``T``, or ``?`` for either.  RESULT says what becomes of
each touched coin: ``H`` or ``T`` (it shows that face afterwards), ``x`` (flip it) or ``.`` (leave it).  When no
case applies, nothing is flipped.  Moves are separated by spaces, new lines or ``;``, and ``#`` starts a comment.
The text is read by a lark grammar (``touch.lark``, on the shared toolkit ``tutor.grammar``; never ``eval``).

Four glasses touched two at a time (``--coins 4 --touch 2 --goal same``), Martin Gardner's puzzle::

    02:HH 01:HH 02:HH>x.,HH 01:xx 02:xx

Vocabulary (N = 4; a table is a bit set, bit p set: tails at p):
    TouchCase   # 'T?>x.' on touched positions 0 and 2: care 0b0001, want 0b0001, toggle 0b0001
    TouchMove   # '02:T?>x.,HH': touched 0b0101 and its cases, in order
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any

from tutor.grammar import Fault, Language, NotationError, Reading
from tutor.puzzles.coins.limits import TOUCH_TOKENS
from tutor.screen.text import plural

if TYPE_CHECKING:
    from lark import Token

FELT = "HT?"
RESULTS = "HTx."
TRIED = ".xHT"  # the letters of a rule's last case, in the order compact_rule prefers them


class TouchError(NotationError):
    """A touch strategy that does not read, or does not fit the table (N) or the touch (K)."""


@dataclass(frozen=True)
class TouchCase:
    """One case of a rule, as bit sets over positions: it applies when ``table & care == want``, and then flips
    ``((table ^ tails) & absolute) | toggle`` (the coins set to a face, and the coins flipped)."""

    care: int = 0  # positions felt as H or T (not ?)
    want: int = 0  # of those, the ones that must be tails
    absolute: int = 0  # positions the result sets to a face
    tails: int = 0  # of those, the ones set to tails
    toggle: int = 0  # positions the result flips (x)

    def flips(self, table: int) -> int | None:
        """The positions flipped on ``table``, or None when the case does not apply."""
        if table & self.care != self.want:
            return None
        return ((table ^ self.tails) & self.absolute) | self.toggle


@dataclass(frozen=True)
class TouchMove:
    """The positions touched (a bit set) and the rule's cases, tried in order."""

    touched: int
    cases: tuple[TouchCase, ...]

    def flips(self, table: int) -> int:
        """The positions flipped on ``table`` (by the first case that applies; none when no case does).

        >>> parse_touch_strategy("02:HT>.x,HH", 4, 2)[0].flips(0b0001)  # tails at 0, felt TH: make both heads
        1
        """
        for case in self.cases:
            flipped = case.flips(table)
            if flipped is not None:
                return flipped
        return 0

    @property
    def positions(self) -> list[int]:
        """The positions touched, smallest first."""
        return [p for p in range(self.touched.bit_length()) if self.touched >> p & 1]


def felt(move: TouchMove, table: int) -> str:
    """What the move feels on ``table``: a letter per touched position, smallest first (``"HT"``)."""
    return "".join("T" if table >> p & 1 else "H" for p in move.positions)


# -- reading ------------------------------------------------------------------------------------------------------

class _Actions:
    """Moves as (touch tokens, [(felt token or None, result token), ...]); checked against N and K after the parse."""

    def strategy(self, *moves: Any) -> list[Any]:
        return list(moves)

    def move(self, touch: tuple[bool, list[Token]], _colon: Token, rule: list[Any], *_semi: Token) -> tuple[Any, Any]:
        return touch, rule

    def digits(self, token: Token) -> tuple[bool, list[Token]]:
        return True, [token]

    def braces(self, *children: Token) -> tuple[bool, list[Token]]:
        return False, [t for t in children if t.type == "DIGITS"]

    def rule(self, *children: Any) -> list[Any]:
        return [c for c in children if isinstance(c, tuple)]

    def when(self, felt_token: Token, _arrow: Token, result: Token) -> tuple[Token | None, Token]:
        return felt_token, result

    def always(self, result: Token) -> tuple[Token | None, Token]:
        return None, result


def _explain(tokens: Sequence[Token], index: int, expected: frozenset[str]) -> Fault | None:
    """Two slips the generic message would not name: a comma between moves, and a coin move without a rule."""
    if index >= len(tokens):
        return None
    found = tokens[index]
    if found.type == "DIGITS" and index > 0 and tokens[index - 1].type == "COMMA" and "PATTERN" in expected:
        return Fault(f"unexpected {found.value!r}", found,
                     "moves are separated by spaces or ';', and ',' separates the cases of one rule")
    if "COLON" in expected:
        return Fault(f"unexpected {found.value!r}", found,
                     "expected ':': a touch move is the positions felt, ':' and a rule, such as 02:HH")
    return None


TOUCHES = Language(
    noun="touch strategy",
    example="touch moves such as 02:HH 01:HH>x.,..",
    package=__package__,
    grammar="touch.lark",
    start=["strategy"],
    spoken=[("DIGITS LBRACE", "positions such as 02 or {0, 2}"), ("DIGITS", "a position"),
            ("PATTERN", "a pattern such as HT or x."), ("ARROW", "'>'")],
    actions=_Actions(),
    error=TouchError,
    brackets={"LBRACE": "RBRACE"},
)


def parse_touch_strategy(text: str, n: int, k: int) -> list[TouchMove]:
    """Touch moves on N positions, each feeling exactly K of them; ``TouchError`` names the column of a fault.

    >>> [format_touch_move(m) for m in parse_touch_strategy("20:TH>x., ??->HH; {3, 1} :xx", 4, 2)]
    ['02:HT>.x,HH', '13:xx']
    """
    reading = Reading(TOUCHES, text, limit=TOUCH_TOKENS.value,
                      too_many=lambda: TOUCH_TOKENS.error(f"the touch strategy has more than "
                                                          f"{TOUCH_TOKENS.value:,} words and symbols"))
    moves = []
    for touch, rule in reading.parse("strategy", explain=_explain):
        order = _positions(reading, touch, n, k)
        cases = tuple(_case(reading, order, felt_token, result) for felt_token, result in rule)
        moves.append(TouchMove(sum(1 << p for p in order), cases))
    return moves


def _positions(reading: Reading, touch: tuple[bool, list[Token]], n: int, k: int) -> list[int]:
    """The positions touched, in the order written: each on the table, none twice, exactly K of them."""
    digits, tokens = touch
    items = [(ch, (tokens[0].start_pos or 0) + i) for i, ch in enumerate(str(tokens[0]))] if digits else \
        [(str(t), t.start_pos or 0) for t in tokens]
    order: list[int] = []
    for written, at in items:
        p = int(written) if len(written) <= 7 else n
        if p >= n:
            raise reading.error(f"position {written} is not on the table", at,
                                f"the positions are 0 to {n - 1}; --coins sets N")
        if p in order:
            raise reading.error(f"position {p} is touched twice", at)
        order.append(p)
    if len(order) != k:
        raise reading.error(f"the move touches {plural(len(order), 'position')}", tokens[0],
                            f"--touch {k}: every move feels exactly {k}")
    return order


def _case(reading: Reading, order: list[int], felt_token: Token | None, result: Token) -> TouchCase:
    """One case from its felt pattern (None: whatever is felt) and its result, letters in the order touched."""
    care = want = 0
    if felt_token is not None:
        for p, ch in _letters(reading, felt_token, order, FELT, "felt",
                                  "a felt coin is H, T or ? (x and . belong after '>')"):
            care |= (ch != "?") << p
            want |= (ch == "T") << p
    absolute = tails = toggle = 0
    for p, ch in _letters(reading, result, order, RESULTS, "a result",
                              "a result is H or T, the face the coin ends on; x, flip it; or ., leave it"):
        absolute |= (ch in "HT") << p
        tails |= (ch == "T") << p
        toggle |= (ch == "x") << p
    return TouchCase(care, want, absolute, tails, toggle)


def _letters(reading: Reading, token: Token, order: list[int], allowed: str, what: str,
             note: str) -> list[tuple[int, str]]:
    """(position, letter) for each letter of a pattern; one letter per touched position, each allowed."""
    text = str(token)
    start = token.start_pos or 0
    if len(text) != len(order):
        raise reading.error(f"{text!r} has {plural(len(text), 'letter')} for {plural(len(order), 'touched position')}",
                            token, "one letter per touched position, in the order written")
    out = []
    for i, (p, ch) in enumerate(zip(order, text, strict=True)):
        letter = {"X": "x", "h": "H", "t": "T"}.get(ch, ch)
        if letter not in allowed:
            raise reading.error(f"{ch!r} is not {what}" if what != "felt" else f"{ch!r} cannot be felt",
                                start + i, note)
        out.append((p, letter))
    return out


# -- writing ------------------------------------------------------------------------------------------------------

def format_touch_move(move: TouchMove) -> str:
    """A move in the canonical notation: positions smallest first (digits, or a brace set past 9), and each case
    with its letters in that order; a case that feels nothing in particular is written as a bare result.

    >>> format_touch_move(TouchMove(0b101, (TouchCase(care=0b1, want=0b1, toggle=0b1), TouchCase(absolute=0b101))))
    '02:T?>x.,HH'
    """
    order = move.positions
    where = "".join(map(str, order)) if all(p < 10 for p in order) else "{" + ", ".join(map(str, order)) + "}"
    return f"{where}:" + ",".join(_format_case(case, order) for case in move.cases)


def _format_case(case: TouchCase, order: list[int]) -> str:
    result = "".join("T" if case.tails >> p & 1 else "H" if case.absolute >> p & 1 else
                     "x" if case.toggle >> p & 1 else "." for p in order)
    if not case.care:
        return result
    feel = "".join(("T" if case.want >> p & 1 else "H") if case.care >> p & 1 else "?" for p in order)
    return f"{feel}>{result}"


def format_touch_strategy(moves: Sequence[TouchMove]) -> str:
    """Moves in the canonical notation, separated by single spaces."""
    return " ".join(format_touch_move(m) for m in moves)


def compact_rule(order: Sequence[int], allowed: Sequence[frozenset[int] | None]) -> TouchMove:
    """A short rule on the positions ``order`` (smallest first) that flips, for each felt pattern f (bit i: tails at
    ``order[i]``), one of ``allowed[f]`` (flip bit sets in the same coordinates; None: anything).

    The last case is the bare result that suits the most felt patterns (the first such in the order ``.``, ``x``,
    ``H``, ``T`` at each position), and the patterns it does not suit come first, each felt in full, with the faces
    its coins end on.

    >>> format_touch_move(compact_rule([0, 2], [frozenset({1}), frozenset({1}), frozenset({2}), frozenset({3})]))
    '02:HT>HH,xH'
    """
    import numpy as np

    k = len(order)
    codes = np.array(list(product(range(4), repeat=k)), dtype=np.int64).reshape(-1, k)  # the letters of TRIED
    felt_bits = (np.arange(1 << k)[:, None] >> np.arange(k)) & 1  # [f, i]: tails at order[i]
    letter = codes[:, None, :]
    flip_bits = np.select([letter == 1, letter == 2, letter == 3], [1, felt_bits[None], 1 - felt_bits[None]], 0)
    flips = flip_bits @ (1 << np.arange(k))  # [candidate, f]
    allow = np.array([[choice is None or g in choice for g in range(1 << k)] for choice in allowed], dtype=bool)
    suits = allow[np.arange(1 << k)[None, :], flips]
    best = int(np.argmax(suits.sum(axis=1)))  # the first of the most suited

    def spread(bits: int) -> int:
        return sum(1 << p for i, p in enumerate(order) if bits >> i & 1)

    everything = spread((1 << k) - 1)
    cases = [TouchCase(everything, spread(f), everything, spread(f ^ min(choice)), 0)
             for f, choice in enumerate(allowed) if choice is not None and not suits[best, f]]
    letters = [TRIED[c] for c in codes[best].tolist()]
    last = TouchCase(0, 0, spread(sum(1 << i for i, c in enumerate(letters) if c in "HT")),
                     spread(sum(1 << i for i, c in enumerate(letters) if c == "T")),
                     spread(sum(1 << i for i, c in enumerate(letters) if c == "x")))
    return TouchMove(everything, (*cases, last))

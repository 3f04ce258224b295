"""A Wythoff move said in the question's words, read as the move notation ``F,S`` or ``to X,Y``: "take 2 from both
piles", "take one from the second pile", "empty the first pile", "leave (1, 2)".  Only these shapes are read, each
by a pattern whose numbers are digits or small number words (``tutor.arithmetic.number_words``); anything else is
left to the move parser, which refuses it in the family's words.
"""

from __future__ import annotations

import re

from tutor.arithmetic import WORD_VALUES

Board = tuple[int, int]
AMOUNT = r"(\d+|[a-z]+)"
PILE = r"(?:the )?(first|second|1st|2nd|left|right)(?: pile)?|pile (1|2)"
TAKE = re.compile(rf"(?:takes?|remove) {AMOUNT}(?: pennies| penny| coins?)? from "
                  rf"(?:(both|each)(?: piles?)?|{PILE})")
EMPTY = re.compile(rf"(?:empty|take all(?: of)?|take everything from|clear) {PILE}")
LEAVE = re.compile(r"(?:leave|leaving|reach|move to|go to|make it)(?: it at| them at)? \(?\s*(\d+)\s*,\s*(\d+)\s*\)?")
SECOND = {"second", "2nd", "right", "2"}


def amount(word: str) -> int | None:
    """A number of pennies in digits or as a small number word; None when it is neither."""
    if word.isdecimal():
        return int(word)
    return WORD_VALUES.get(word) if word in WORD_VALUES and word != "and" else None


def spoken_move(text: str, board: Board) -> str | None:
    """``text`` as move notation when it says a move in words, else None.

    >>> [spoken_move(t, (3, 4)) for t in ("take 2 from both piles", "Take one from the second pile.",
    ...                                   "empty the first pile", "leave (1, 2)", "2,2")]
    ['2,2', '0,1', '3,0', 'to 1,2', None]
    """
    said = " ".join(re.sub(r"[.!]+$", "", text.strip().lower()).split())
    if (found := LEAVE.fullmatch(said)) is not None:
        return f"to {found.group(1)},{found.group(2)}"
    if (found := TAKE.fullmatch(said)) is not None:
        n = amount(found.group(1))
        if n is None:
            return None
        if found.group(2):
            return f"{n},{n}"
        return f"0,{n}" if (found.group(3) or found.group(4)) in SECOND else f"{n},0"
    if (found := EMPTY.fullmatch(said)) is not None:
        second = (found.group(1) or found.group(2)) in SECOND
        return f"0,{board[1]}" if second else f"{board[0]},0"
    return None

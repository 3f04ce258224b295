"""A Wythoff move said in the question's words, read as the move notation ``F,S`` or ``to X,Y``: "take 2 from both
piles", "take one from the second pile", "empty the first pile", "leave (1, 2)".  Only these shapes are read (the
``spoken`` rule of ``notation.lark``), their numbers digits or small number words; anything else is left to the
move notation, which refuses it in the family's words.
"""

from __future__ import annotations

from typing import Any

from tutor.grammar import NotationError
from tutor.puzzles.wythoff.rules.notation import Position, reading, said_in_words

SAYS = frozenset({"TAKE", "EMPTY", "LEAVE"})  # the words a move in words starts with


def spoken_move(text: str, board: Position, strict: bool = False) -> str | None:
    """``text`` as move notation when it says a move in words, else None; with ``strict``, a text that starts as a
    move in words ("take ...") and breaks off is refused where it breaks.

    >>> [spoken_move(t, (3, 4)) for t in ("take 2 from both piles", "Take one from the second pile.",
    ...                                   "empty the first pile", "leave (1, 2)", "2,2")]
    ['2,2', '0,1', '3,0', 'to 1,2', None]
    """
    read = reading(text)
    try:
        said: tuple[Any, ...] = read.parse("spoken", said_in_words)
    except NotationError:
        if strict and read.tokens and read.tokens[0].type in SAYS:
            raise
        return None
    if said[0] == "to":
        return f"to {said[1]},{said[2]}"
    if said[0] == "empty":
        return f"0,{board[1]}" if said[1] else f"{board[0]},0"
    _, amount, pile = said
    return f"{amount},{amount}" if pile is None else f"0,{amount}" if pile else f"{amount},0"

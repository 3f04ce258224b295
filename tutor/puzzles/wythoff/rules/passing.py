"""Wythoff with a pass (HikaruManabe/Wythoff-with-a-pass): the rules, positions and moves, and their notations.

A position is two piles and the passes left for the whole game, shared by both players: one at the start.
A move is a Wythoff move (take any positive number from one pile, or the same positive number from both), or,
while a pass is left, the pass: the piles stay, the pass is used up.  The pass is not allowed at (0, 0) - no
pennies left - so the player who took the last penny still wins; with ``at_end`` it is (the game is then Wythoff
plus a one-penny Nim heap).  Normal play: the player who cannot move loses.  Once the pass is used the game is
Wythoff's own.

Vocabulary:

* ``PassPosition = tuple[int, int, int]`` - the piles and the passes left: ``(3, 5, 1)``, written ``"3,5"``
  (the pass still there) with ``passes`` said apart;
* ``PassMove = Move | Literal["pass"]`` - pennies taken from the first and second pile, ``(0, 2)``, or ``"pass"``;
  written ``"0,2"``, ``"to 3,5"``, in the question's words (``rules.spoken``), or ``pass``;
* ``PassRules(at_end)`` - the variant: may the pass be played at (0, 0)?
* ``PassGame`` - the puzzle's game with ``pass = true`` (and ``pass_at_end``): one board, normal play, a = 1.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams, TutorError
from tutor.puzzles.wythoff.rules import (
    Boards,
    Move,
    Position,
    Rules,
    WythoffGame,
    check_move,
    describe_move,
    legal_moves,
    parse_move,
    read_sum_move,
)
from tutor.puzzles.wythoff.rules.notation import reading
from tutor.puzzles.wythoff.rules.spoken import spoken_move
from tutor.screen.text import shorten

PassPosition = tuple[int, int, int]  # piles and passes left: (3, 5, 1)
PassMove = Move | Literal["pass"]  # (0, 2), or "pass"
PASS: Literal["pass"] = "pass"
WYTHOFF = Rules()  # the moves of the pass game are plain Wythoff's (a = 1, normal play)
SHAPES = "'F,S' (pennies taken from the first and second pile), 'to X,Y' or 'pass'"
PLAIN_ONLY = ("this is a question about plain Wythoff, and the game has the pass (pass = true): ask the pass game's "
              "own (pass_outcome, pass_winning_move_count, pass_kth_position, ..., or play it), or set pass = false")


@dataclass(frozen=True)
class PassRules:
    """Which pass game: ``at_end`` allows the pass at (0, 0) too (Wythoff plus a one-penny Nim heap)."""

    at_end: bool = False

    def describe(self) -> str:
        """A short name: "Wythoff with a pass"."""
        return "Wythoff with a pass" + (" (allowed at (0, 0) too)" if self.at_end else "")

    def as_json(self) -> dict[str, object]:
        """The variant as the ``rules`` JSON of the pass game's commands."""
        return {"a": 1, "misere": False, "pass": True, "pass_at_end": self.at_end}


@dataclass(frozen=True)
class PassGame(WythoffGame):
    """The puzzle's game with the pass (``pass = true``; ``at_end`` is ``pass_at_end``): one board or none given,
    normal play, a = 1.  Plain Wythoff's answers do not hold for it, so ``rules`` and ``boards`` - what every plain
    quantity, answer kind and command reads - refuse it in one line; the pass game's own code reads
    ``pass_rules`` and ``start``."""

    at_end: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        _one_normal_board(self, self.start)

    @property
    def pass_rules(self) -> PassRules:
        """The pass game played."""
        return PassRules(self.at_end)

    @property
    def rules(self) -> Rules:
        """Refused: plain Wythoff's variant is no answer for the pass game."""
        raise InvalidParams(PLAIN_ONLY)

    @property
    def boards(self) -> Boards:
        """Refused, as ``rules``."""
        raise InvalidParams(PLAIN_ONLY)


def _one_normal_board(game: WythoffGame, boards: Boards) -> None:
    if game.misere or game.a != 1:
        raise InvalidParams("--pass is Wythoff with a pass: normal play and a = 1 only (drop --misere and --a)")
    if len(boards) > 1:
        raise InvalidParams(f"--pass plays one board, not the sum {shorten(game.position)}: one pass per game "
                            "does not split into boards")


def pass_board(game: WythoffGame) -> Position:
    """The one board of a pass game; ``InvalidParams`` for no position, a sum of boards, misère play or a-Wythoff."""
    _one_normal_board(game, game.start)
    if not game.start:
        raise InvalidParams("this needs a position: give --position A,B (for example --position 8,13)")
    return game.start[0]


def can_pass(rules: PassRules, pos: PassPosition) -> bool:
    """Whether the pass is a legal move at ``pos``: one is left, and some penny is (unless ``at_end``)."""
    x, y, passes = pos
    return passes > 0 and (rules.at_end or x + y > 0)


def pass_legal_moves(rules: PassRules, pos: PassPosition) -> Iterator[PassMove]:
    """Every legal move: the pass first (while it is a move), then Wythoff's, fewest pennies first."""
    if can_pass(rules, pos):
        yield PASS
    yield from legal_moves(WYTHOFF, pos[:2])


def apply_pass_move(rules: PassRules, pos: PassPosition, move: PassMove) -> PassPosition:
    """The position after ``move``; ``IllegalMove`` says why it is not allowed."""
    x, y, passes = pos
    if move == PASS:
        if passes == 0:
            raise IllegalMove("'pass': the one pass of this game has been used already (it is shared by both "
                              "players): take pennies instead")
        if not can_pass(rules, pos):
            raise IllegalMove("'pass': no pennies are left, and the pass is not allowed at (0, 0)")
        return (x, y, passes - 1)
    f, s = move
    if f == 0 and s == 0:
        raise _takes_nothing(rules, pos, "0,0")
    left = check_move(WYTHOFF, (x, y), move)  # Wythoff's rules, with their own refusals
    return (*left, passes)


def read_pass_move(rules: PassRules, pos: PassPosition, text: str) -> tuple[PassMove, str | None]:
    """A legal move from the learner's ``text`` and the note of ``read_sum_move`` (a pair read as the piles to
    leave): ``pass`` (or "I pass", "skip my turn") is the pass; anything else is read as a Wythoff move by the
    existing move parser, words and all.  ``InvalidNotation`` / ``IllegalMove`` quote the text.

    >>> read_pass_move(PassRules(), (3, 5, 1), " Pass. ")
    ('pass', None)
    >>> read_pass_move(PassRules(), (3, 5, 1), "take 2 from both piles")
    ((2, 2), None)
    """
    if said_pass(text):
        apply_pass_move(rules, pos, PASS)
        return PASS, None
    if not any(c.isdigit() for c in text) and spoken_move(text, pos[:2], strict=True) is None:
        raise InvalidNotation(f"move {shorten(text)} is not {SHAPES}")  # a word: the notation's forms, 'pass' too
    try:
        nothing = parse_move(text, pos[:2]) == (0, 0)
    except TutorError:
        nothing = False  # read_sum_move says what is wrong
    if nothing:
        raise _takes_nothing(rules, pos, text.strip())
    (_, move), note = read_sum_move(WYTHOFF, (pos[:2],), text)
    return move, note


def said_pass(text: str) -> bool:
    """Whether ``text`` is the pass said in words (the ``said_pass`` rule of ``notation.lark``): "pass", "I pass.",
    "pass my turn", "use the pass", "skip a turn" (not "skip two turns": there is one pass).

    >>> [said_pass(t) for t in ("I pass.", "Skip my turn", "play the pass", "pass 0,2", "0,2")]
    [True, True, True, False, False]
    """
    try:
        return bool(reading(text).parse("said_pass"))
    except InvalidNotation:
        return False


def _takes_nothing(rules: PassRules, pos: PassPosition, text: str) -> IllegalMove:
    """A move of no pennies: the pass is how to keep the piles, while it is left."""
    if can_pass(rules, pos):
        return IllegalMove(f"move {shorten(text)} takes nothing: to keep the piles as they are, say 'pass'")
    return IllegalMove(f"move {shorten(text)} takes nothing; every move takes at least one penny, and the pass "
                       "is used up")


def format_pass_move(move: PassMove) -> str:
    """The canonical text of a move: ``"pass"`` or ``"0,2"`` (round-trips with ``read_pass_move``)."""
    return PASS if move == PASS else f"{move[0]},{move[1]}"


def describe_pass_move(move: PassMove) -> str:
    """A move in words: ``"keep the piles and use up the pass"``, ``"take 2 from the second pile"``."""
    return "keep the piles and use up the pass" if move == PASS else describe_move(move)


def move_json(move: PassMove) -> list[int] | str:
    """A move in the JSON contract: ``[from_first, from_second]``, or ``"pass"``."""
    return PASS if move == PASS else [move[0], move[1]]

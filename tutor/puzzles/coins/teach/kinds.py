"""The coin table's answer kind: a whole strategy, a fixed list of moves verified against every start and turn."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.puzzles.answers import AnswerKind, Hint, Kinds, Verdict
from tutor.puzzles.coins.rules import CoinGame, Move, format_move, format_strategy, parse_strategy
from tutor.puzzles.coins.teach.hints import hint_data
from tutor.puzzles.coins.teach.verdicts import reference_strategy, verdict
from tutor.puzzles.coins.theory import necklaces
from tutor.puzzles.options import Args, Option

KINDS = Kinds()
WRONG_MOVES = 4_096  # strategies up to this length get generated wrong ones (lint stays quick)


def completions(game: CoinGame) -> list[str]:
    """Every distinct move, in canonical notation (small tables only)."""
    m = game.model
    if not m.enumerable or necklaces(m.n, m.k, m.dihedral) > 64:  # Burnside's count: nothing enumerated
        return []
    return [format_move(mv, m.k) for mv in m.move_classes()]


@KINDS.register
class Strategy(AnswerKind[CoinGame, list[Move]]):
    """A whole strategy: a fixed list of moves that must win against every start and every turn."""

    name = "strategy"
    description = "a whole sequence of moves that must win against every turn"
    args = (Option("compare", bool, True, "say how a winning strategy's length compares with the shortest "
                   "(false where a later question asks for the shortest length)"),)

    def parse(self, game: CoinGame, text: str, args: Args) -> list[Move]:
        """The moves, ``let`` blocks expanded."""
        return parse_strategy(text, game.coins, game.sides)

    def format(self, game: CoinGame, answer: list[Move], args: Args) -> str:
        """Canonical moves separated by spaces."""
        return format_strategy(answer, game.sides)

    def check(self, game: CoinGame, answer: list[Move], args: Args) -> Verdict:
        """Verified exactly over every start and every turn."""
        return verdict(game, answer, bool(args.get("compare", True)))

    def reference(self, game: CoinGame, args: Args) -> str | None:
        """A shortest winning strategy."""
        return reference_strategy(game)

    def hints(self, game: CoinGame, args: Args, text: str) -> Sequence[Hint]:
        """The ladder after the moves written so far."""
        return list(hint_data(game, self.parse(game, text, args))["hints"])

    def completions(self, game: CoinGame, args: Args, text: str) -> list[str]:
        """Every distinct move."""
        return completions(game)

    def wrong_answers(self, game: CoinGame, args: Args) -> list[str]:
        """A shortest strategy with its last move left out, with its middle move left out, and doubled: lint sends
        them through every strategy step to check that no reply gives the answer away."""
        reference = self.reference(game, args)
        moves = reference.split() if reference else []
        if not 1 < len(moves) <= WRONG_MOVES:
            return []
        middle = len(moves) // 2
        return [" ".join(moves[:-1]), " ".join(moves[:middle] + moves[middle + 1:]), " ".join(moves + moves)]

    def definitions(self, text: str) -> tuple[str, str]:
        """The ``let`` lines (kept for the step's later answers) and the moves."""
        lines = text.splitlines()
        defined = [line for line in lines if line.lstrip().lower().startswith("let ")]
        return "\n".join(defined), "\n".join(line for line in lines if line not in defined)

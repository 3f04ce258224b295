"""The coin table's answer kinds: a whole strategy, a fixed list of moves verified against every start and turn; and
a conjecture, a formula in N and K judged by the workbench (``conjecture``)."""

from __future__ import annotations

from collections.abc import Sequence

from tutor.puzzles.answers import AnswerKind, Hint, Kinds, Level, Rung, Verdict
from tutor.puzzles.coins.rules import CoinGame, Move, format_move, format_strategy, parse_strategy
from tutor.puzzles.coins.teach.conjecture import ConjectureKind
from tutor.puzzles.coins.teach.hints import hint_data
from tutor.puzzles.coins.teach.verdicts import reference_strategy, verdict
from tutor.puzzles.coins.teach.whole import find_wrong_move
from tutor.puzzles.coins.theory import necklaces
from tutor.puzzles.options import Args, Option
from tutor.screen.text import plural

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
        """The ladder after the moves written so far; for a strategy that goes wrong, after the moves before the
        move where it does (a move appended to a failed strategy would not mend it)."""
        return strategy_ladder(game, self.parse(game, text, args))

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


KINDS.register(ConjectureKind)


def strategy_ladder(game: CoinGame, moves: list[Move]) -> list[Rung]:
    """The solver's rungs for a written strategy: the belief (a nudge), what the best move does (a concept), the
    best move; where the strategy goes wrong, all of them at the move that does, which the best move replaces."""
    wrong = find_wrong_move(game, moves) if moves else None
    said = list(hint_data(game, moves if wrong is None else moves[: wrong.at - 1])["hints"])
    if wrong is not None:
        yours = format_move(moves[wrong.at - 1], game.sides)
        kept = "" if wrong.at == 1 else f"Your first {plural(wrong.at - 1, 'move')} still allow a sure win; "
        said[0] = f"{kept}move {wrong.at} ({yours}) is where your strategy goes wrong. {said[0]}"
        said[0] = said[0][:1].upper() + said[0][1:]
        said = [f"Play {rest[len('Play '):].replace(' next', f' as move {wrong.at}, in place of {yours}', 1)}"
                if rest.startswith("Play ") else rest for rest in said]
    last = len(said) - 1
    return [Rung(text, Level.NUDGE if i == 0 and last else Level.MOVE if i == last and text.startswith("Play ")
                 else Level.CONCEPT) for i, text in enumerate(said)]

"""An example puzzle plug-in for tutor: Nim, registered through the ``tutor.puzzles`` entry point.

Heaps of counters; a move takes one or more counters from one heap; whoever
takes the last counter wins.  The player to move loses exactly when the XOR of
the heap sizes (the nim-sum) is zero.  Moves are written ``HEAP:COUNT`` with
heaps numbered from 1: ``2:3`` takes three counters from the second heap.

A plug-in implements the same protocol as the built-in families: a frozen game
object, answer kinds and quantities registered by decorator (each quantity with
the functions that explain its value and refute a wrong one), commands, and a
``Play`` for games against the computer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import reduce
from operator import xor

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams
from tutor.puzzles.base import (
    LEARNER,
    OPPONENT,
    AnswerKind,
    Args,
    Commands,
    Kinds,
    Option,
    Play,
    Puzzle,
    Quantities,
    Report,
    Sample,
    Turn,
    Verdict,
)

Heaps = tuple[int, ...]
Move = tuple[int, int]  # (heap index, counters taken)


def parse_heaps(text: str) -> Heaps:
    """'3,4,5' -> (3, 4, 5)."""
    parts = [p.strip() for p in text.split(",")]
    if not parts or not all(p.isascii() and p.isdigit() for p in parts):
        raise InvalidParams(f"heaps {text!r} must be whole numbers separated by commas, such as 3,4,5")
    return tuple(int(p) for p in parts)


def parse_move(text: str, heaps: Heaps) -> Move:
    """'2:3' -> (heap index 1, take 3), checked against the heaps."""
    heap, sep, count = text.strip().partition(":")
    if not sep or not heap.strip().isdigit() or not count.strip().isdigit():
        raise InvalidNotation(f"move {text.strip()!r}: write HEAP:COUNT, such as 2:3")
    h, n = int(heap) - 1, int(count)
    if not 0 <= h < len(heaps):
        raise IllegalMove(f"move {text.strip()!r}: there is no heap {h + 1} (heaps 1-{len(heaps)})")
    if not 1 <= n <= heaps[h]:
        raise IllegalMove(f"move {text.strip()!r}: heap {h + 1} holds {heaps[h]}: take 1 to {heaps[h]}")
    return h, n


def after(heaps: Heaps, move: Move) -> Heaps:
    """The heaps after a move."""
    h, n = move
    return heaps[:h] + (heaps[h] - n,) + heaps[h + 1:]


def winning_moves(heaps: Heaps) -> list[Move]:
    """Every move to a position with nim-sum zero."""
    total = reduce(xor, heaps, 0)
    return [(h, size - (size ^ total)) for h, size in enumerate(heaps) if total and size ^ total < size]


def fmt(move: Move) -> str:
    """'2:3'."""
    return f"{move[0] + 1}:{move[1]}"


@dataclass(frozen=True)
class NimGame:
    """The heaps, as the ``heaps`` parameter names them."""

    heaps: str

    @property
    def sizes(self) -> Heaps:
        """The heap sizes."""
        return parse_heaps(self.heaps)


KINDS = Kinds()
QUANTITIES = Quantities()
COMMANDS = Commands()


@KINDS.register
class WinningMove(AnswerKind[NimGame, Move]):
    """One move that leaves the opponent a nim-sum of zero."""

    name = "move"
    description = "a winning move from the heaps"

    def parse(self, game: NimGame, text: str, args: Args) -> Move:
        return parse_move(text, game.sizes)

    def format(self, game: NimGame, answer: Move, args: Args) -> str:
        return fmt(answer)

    def check(self, game: NimGame, answer: Move, args: Args) -> Verdict:
        result = after(game.sizes, answer)
        ok = reduce(xor, result, 0) == 0
        best = ", ".join(fmt(m) for m in winning_moves(game.sizes)) or "none"
        summary = (f"{fmt(answer)} wins: it leaves {list(result)} with nim-sum 0" if ok else
                   f"{fmt(answer)} leaves {list(result)} with nim-sum {reduce(xor, result, 0)}, "
                   f"so your opponent can win (winning moves: {best})")
        return Verdict(ok, summary, "", {"correct": ok, "winning_moves": best}, fmt(answer))

    def reference(self, game: NimGame, args: Args) -> str | None:
        moves = winning_moves(game.sizes)
        return fmt(moves[0]) if moves else None

    def hints(self, game: NimGame, args: Args, text: str) -> list[str]:
        heaps = game.sizes
        moves = winning_moves(heaps)
        return ["Write each heap in binary and add the columns without carrying (XOR).",
                f"The nim-sum here is {reduce(xor, heaps, 0)}: leave your opponent a nim-sum of 0.",
                *([f"Play {fmt(moves[0])}."] if moves else [])]


def explain_nim_sum(game: NimGame, args: Args, value: object) -> str:
    return "The heaps in binary, added without carries (XOR): " + " ^ ".join(f"{h:b}" for h in game.sizes)


def refute_nim_sum(game: NimGame, args: Args, value: object, wrong: object) -> str:
    bits = " ^ ".join(f"{h:b}" for h in game.sizes)
    return f"Write the heaps in binary ({bits}) and add each column without carrying: {wrong} does not come out."


@QUANTITIES.register("nim_sum", "the XOR of the heap sizes", explain=explain_nim_sum, refute=refute_nim_sum)
def nim_sum(game: NimGame, args: Args) -> int:
    return reduce(xor, game.sizes, 0)


def why_winning(game: NimGame, args: Args, value: object, wrong: object = None) -> str:
    moves = winning_moves(game.sizes)
    if moves:
        return f"The move {fmt(moves[0])} leaves heaps whose XOR is 0, a position the opponent loses."
    return "The XOR of the heaps is 0: every move makes it non-zero, and the opponent restores it."


@QUANTITIES.register("winning", "'yes' if the player to move wins", explain=why_winning, refute=why_winning)
def winning(game: NimGame, args: Args) -> str:
    return "yes" if reduce(xor, game.sizes, 0) else "no"


def why_count(game: NimGame, args: Args, value: object, wrong: object = None) -> str:
    moves = winning_moves(game.sizes)
    listed = ", ".join(fmt(m) for m in moves) or "none"
    return f"The moves that leave XOR 0, heap by heap: {listed}."


@QUANTITIES.register("winning_move_count", "how many winning moves there are", explain=why_count, refute=why_count)
def winning_move_count(game: NimGame, args: Args) -> int:
    return len(winning_moves(game.sizes))


@dataclass(frozen=True)
class NimState:
    """Heaps in play; ``last`` says who took the last counter once they are empty."""

    heaps: Heaps
    last: str | None = None


class NimPlay(Play[NimGame, NimState, Move]):
    """The learner moves; a weak computer takes one counter from the first heap."""

    description = "play against the computer, one move at a time"

    def start(self, game: NimGame, settings: Args, rng: random.Random) -> NimState:
        return NimState(game.sizes)

    def legal_moves(self, state: NimState) -> list[Move]:
        return [(h, n) for h, size in enumerate(state.heaps) for n in range(1, size + 1)]

    def parse_move(self, state: NimState, text: str) -> Move:
        return parse_move(text, state.heaps)

    def format_move(self, state: NimState, move: Move) -> str:
        return fmt(move)

    def apply(self, state: NimState, move: Move) -> Turn[NimState]:
        heaps = after(state.heaps, move)
        if not any(heaps):
            return Turn(NimState(heaps, LEARNER), ("You take the last counter: you win.",))
        reply = next((h, 1) for h, s in enumerate(heaps) if s)  # a weak computer: takes one
        heaps = after(heaps, reply)
        said = f"You play {fmt(move)}; the computer plays {fmt(reply)}, leaving {list(heaps)}."
        if not any(heaps):
            return Turn(NimState(heaps, OPPONENT), (said, "The computer took the last counter."))
        return Turn(NimState(heaps), (said,))

    def winner(self, state: NimState) -> str | None:
        return state.last

    def render(self, state: NimState) -> str:
        return "\n".join(f"heap {i + 1}: {'|' * n} ({n})" for i, n in enumerate(state.heaps))

    def hints(self, state: NimState) -> list[str]:
        return WinningMove().hints(NimGame(",".join(map(str, state.heaps))), Args(), "")

    def reference(self, game: NimGame, settings: Args) -> str | None:
        heaps, line = game.sizes, []  # perfect play against the computer's replies
        while any(heaps):
            moves = winning_moves(heaps)
            if not moves:
                return None
            line.append(fmt(moves[0]))
            heaps = after(heaps, moves[0])
            if any(heaps):
                heaps = after(heaps, next((h, 1) for h, s in enumerate(heaps) if s))
        return " ".join(line)


@COMMANDS.register("solve", "the nim-sum and the winning moves")
def solve(game: NimGame, args: Args) -> Report:
    moves = [fmt(m) for m in winning_moves(game.sizes)]
    data = {"heaps": list(game.sizes), "nim_sum": reduce(xor, game.sizes, 0), "winning_moves": moves}
    return Report(data, f"heaps {list(game.sizes)}: nim-sum {data['nim_sum']}; winning moves: "
                        f"{', '.join(moves) or 'none (you lose against best play)'}")


@COMMANDS.register("check", "judge one move (exit 0 winning, 1 not)",
                   Option("move", str, None, "HEAP:COUNT, such as 2:3", positional=True, metavar="MOVE"))
def check(game: NimGame, args: Args) -> Report:
    if args["move"] is None:
        raise InvalidNotation("no move given: pass HEAP:COUNT, such as 2:3")
    verdict = WinningMove().judge(game, args["move"])
    return Report(verdict.data, verdict.summary, 0 if verdict.correct else 1)


class Nim(Puzzle[NimGame]):
    """Nim, as a tutor puzzle family."""

    name = "nim"
    title = "Nim"
    summary = "take counters from heaps; the last to take wins (a plug-in example)"
    params = (Option("heaps", str, "3,4,5", "heap sizes, comma-separated"),)
    kinds = KINDS
    quantities = QUANTITIES
    commands = COMMANDS
    play = NimPlay()
    samples = (Sample({"heaps": "3,4,5"}), Sample({"heaps": "1,2,3"}), Sample({"heaps": "2,2"}))

    def build(self, values: Args) -> NimGame:
        parse_heaps(values["heaps"])
        return NimGame(values["heaps"])

    def solvable(self, game: NimGame) -> bool | None:
        return bool(winning_moves(game.sizes))

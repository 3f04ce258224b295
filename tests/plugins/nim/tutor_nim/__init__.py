"""An example puzzle plug-in for tutor: Nim, registered through the ``tutor.puzzles`` entry point.

Heaps of counters; a move takes one or more counters from one heap; whoever
takes the last counter wins.  The player to move loses exactly when the XOR of
the heap sizes (the nim-sum) is zero.  Moves are written ``HEAP:COUNT`` with
heaps numbered from 1: ``2:3`` takes three counters from the second heap.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams
from tutor.puzzles.base import Params, ParamSpec, Puzzle, Report, Turn, Value, Verdict

Heaps = tuple[int, ...]


def parse_heaps(text: str) -> Heaps:
    """'3,4,5' -> (3, 4, 5)."""
    parts = [p.strip() for p in text.split(",")]
    if not parts or not all(p.isdigit() for p in parts):
        raise InvalidParams(f"heaps {text!r} must be whole numbers separated by commas, such as 3,4,5")
    return tuple(int(p) for p in parts)


def parse_move(text: str, heaps: Heaps) -> tuple[int, int]:
    """'2:3' -> (heap index 1, take 3), checked against the heaps."""
    heap, sep, count = text.strip().partition(":")
    if not sep or not heap.strip().isdigit() or not count.strip().isdigit():
        raise InvalidNotation(f"move {text.strip()!r}: write HEAP:COUNT, such as 2:3")
    h, n = int(heap) - 1, int(count)
    if not 0 <= h < len(heaps):
        raise IllegalMove(f"move {text.strip()!r}: there is no heap {h + 1} (heaps 1-{len(heaps)})")
    if not 1 <= n <= heaps[h]:
        raise IllegalMove(f"move {text.strip()!r}: heap {h + 1} has {heaps[h]} counter(s); take 1 to {heaps[h]}")
    return h, n


def after(heaps: Heaps, move: tuple[int, int]) -> Heaps:
    h, n = move
    return heaps[:h] + (heaps[h] - n,) + heaps[h + 1:]


def winning_moves(heaps: Heaps) -> list[tuple[int, int]]:
    """Every move to a position with nim-sum zero."""
    total = reduce(xor, heaps, 0)
    return [(h, size - (size ^ total)) for h, size in enumerate(heaps) if total and size ^ total < size]


def fmt(move: tuple[int, int]) -> str:
    return f"{move[0] + 1}:{move[1]}"


@dataclass(frozen=True)
class Game:
    heaps: Heaps
    seed: int


class Nim(Puzzle):
    """Nim, as a tutor puzzle family."""

    name = "nim"
    title = "Nim"
    summary = "take counters from heaps; the last to take wins (a plug-in example)"
    param_specs = (ParamSpec("heaps", str, "3,4,5", "heap sizes, comma-separated"),)
    answer_kinds = {"move": "a winning move from the heaps", "play": "play against the computer"}
    quantities = {"nim_sum": "the XOR of the heap sizes", "winning": "'yes' if the player to move wins",
                  "winning_move_count": "how many winning moves there are"}

    def validate_params(self, params: dict[str, Any]) -> None:
        parse_heaps(params["heaps"])

    def solvable(self, params: Params) -> bool | None:
        return bool(winning_moves(parse_heaps(params["heaps"])))

    def check_answer(self, params: Params, kind: str, text: str) -> Verdict:
        heaps = parse_heaps(params["heaps"])
        move = parse_move(text, heaps)
        result = after(heaps, move)
        ok = reduce(xor, result, 0) == 0
        best = ", ".join(fmt(m) for m in winning_moves(heaps)) or "none"
        summary = (f"{fmt(move)} wins: it leaves {list(result)} with nim-sum 0" if ok else
                   f"{fmt(move)} leaves {list(result)} with nim-sum {reduce(xor, result, 0)}, "
                   f"so your opponent can win (winning moves: {best})")
        return Verdict(ok, summary, "", {"correct": ok, "winning_moves": best}, fmt(move))

    def reference_answer(self, params: Params, kind: str) -> str | None:
        heaps = parse_heaps(params["heaps"])
        if kind != "play":
            moves = winning_moves(heaps)
            return fmt(moves[0]) if moves else None
        line = []  # perfect play against the computer's replies
        while any(heaps):
            moves = winning_moves(heaps)
            if not moves:
                return None
            line.append(fmt(moves[0]))
            heaps = after(heaps, moves[0])
            if any(heaps):
                heaps = after(heaps, next((h, 1) for h, s in enumerate(heaps) if s))
        return " ".join(line)

    def quantity(self, params: Params, name: str) -> Value:
        heaps = parse_heaps(params["heaps"])
        if name == "nim_sum":
            return reduce(xor, heaps, 0)
        if name == "winning":
            return "yes" if reduce(xor, heaps, 0) else "no"
        if name == "winning_move_count":
            return len(winning_moves(heaps))
        return super().quantity(params, name)

    def hints(self, params: Params, kind: str, text: str) -> list[str]:
        heaps = parse_heaps(params["heaps"])
        moves = winning_moves(heaps)
        return ["Write each heap in binary and add the columns without carrying (XOR).",
                f"The nim-sum here is {reduce(xor, heaps, 0)}: leave your opponent a nim-sum of 0.",
                *([f"Play {fmt(moves[0])}."] if moves else [])]

    def new_game(self, params: Params, rng: random.Random) -> Game:
        return Game(parse_heaps(params["heaps"]), rng.randrange(1 << 30))

    def play(self, params: Params, state: Any, text: str) -> Turn:
        replies = []
        heaps = state.heaps
        for word in text.split():
            heaps = after(heaps, parse_move(word, heaps))
            if not any(heaps):
                return Turn(Game(heaps, state.seed), (*replies, "You take the last counter: you win."), True, True)
            reply = next((h, 1) for h, s in enumerate(heaps) if s)  # a weak computer: takes one
            heaps = after(heaps, reply)
            replies.append(f"You play {word}; the computer plays {fmt(reply)}, leaving {list(heaps)}.")
            if not any(heaps):
                return Turn(Game(heaps, state.seed), (*replies, "The computer took the last counter."), True, False)
        return Turn(Game(heaps, state.seed), tuple(replies))

    def render(self, params: Params, state: Any) -> str:
        return "\n".join(f"heap {i + 1}: {'|' * n} ({n})" for i, n in enumerate(state.heaps))

    def game_hints(self, params: Params, state: Any) -> list[str]:
        return self.hints({"heaps": ",".join(map(str, state.heaps))}, "move", "")

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        if command == "check":
            parser.add_argument("move", metavar="MOVE", help="HEAP:COUNT, such as 2:3")

    def run(self, command: str, params: Params, args: argparse.Namespace) -> Report:
        heaps = parse_heaps(params["heaps"])
        if command == "check":
            verdict = self.check_answer(params, "move", args.move)
            return Report(verdict.data, verdict.summary, 0 if verdict.correct else 1)
        moves = [fmt(m) for m in winning_moves(heaps)]
        data = {"heaps": list(heaps), "nim_sum": reduce(xor, heaps, 0), "winning_moves": moves}
        return Report(data, f"heaps {list(heaps)}: nim-sum {data['nim_sum']}; winning moves: "
                            f"{', '.join(moves) or 'none (you lose against best play)'}")

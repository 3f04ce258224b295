"""Playing Wythoff against the computer: one board or a sum of boards, perfect or with blunders.

On one board the computer uses remoteness: from a winning position it takes the
fastest win, from a losing one the move that makes the game last longest.  On a
sum of boards (normal play only) it uses Grundy values: a position loses exactly
when the XOR of the boards' values (the nim-sum) is 0, and a winning move brings
the nim-sum back to 0.  With ``blunder = p`` it plays a uniformly random legal
move with probability p percent instead.  Randomness comes from the seed stored
in the immutable state, so a game replays identically.

Vocabulary:

* ``Boards = tuple[Position, ...]`` - one or more boards: ``((3, 5), (4, 7))``.
* ``SumMove = tuple[int, Move]`` - board number (0-based) and the move on it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import reduce
from operator import xor

from tutor.errors import IllegalMove, InvalidNotation
from tutor.puzzles.wythoff_rules import (
    Move,
    Position,
    Rules,
    check_move,
    delaying_move,
    describe_move,
    is_losing,
    legal_moves,
    move_count,
    parse_move,
    show_positions,
    winning_moves,
)
from tutor.puzzles.wythoff_table import grundy_table

Boards = tuple[Position, ...]  # ((3, 5), (4, 7))
SumMove = tuple[int, Move]  # (1, (0, 2)): take 2 from the second pile of board 2


@dataclass(frozen=True)
class GameState:
    """A game in progress: the boards, whose turn it is, and the history so far."""

    boards: Boards
    learner_to_move: bool
    seed: int
    ply: int = 0
    history: tuple[str, ...] = ()

    @property
    def finished(self) -> bool:
        """Whether every penny is gone."""
        return all(b == (0, 0) for b in self.boards)


def grundy_values(rules: Rules, boards: Boards) -> list[int]:
    """The Grundy value of each board (normal play)."""
    return [grundy_table(rules.a, x, y)[x][y] for x, y in boards]


def sum_winning_moves(rules: Rules, boards: Boards) -> list[SumMove]:
    """Every move of a sum of boards that brings the nim-sum to 0."""
    if len(boards) == 1:
        return [(0, m) for m in winning_moves(rules, boards[0])]
    values = grundy_values(rules, boards)
    total = reduce(xor, values, 0)
    moves: list[SumMove] = []
    if total == 0:
        return moves
    for i, (x, y) in enumerate(boards):
        goal = values[i] ^ total
        if goal >= values[i]:
            continue
        table = grundy_table(rules.a, x, y)
        moves.extend((i, (f, s)) for f, s in legal_moves(rules, (x, y)) if table[x - f][y - s] == goal)
    return moves


def parse_sum_move(text: str, boards: Boards) -> SumMove:
    """Parse ``"0,2"`` (one board) or ``"2: 0,2"`` (board 2 of several, numbered from 1)."""
    match = re.match(r"^\s*(\d+)\s*:(.*)$", text)
    if match:
        number = int(match.group(1))
        if not 1 <= number <= len(boards):
            raise InvalidNotation(f"move {text!r}: there is no board {number} (boards 1 to {len(boards)})")
        return (number - 1, parse_move(match.group(2), boards[number - 1]))
    if len(boards) > 1:
        raise InvalidNotation(f"move {text!r}: with several boards, say which one, like '2: 0,3'")
    return (0, parse_move(text, boards[0]))


def format_sum_move(move: SumMove, boards: Boards) -> str:
    """A move's canonical text: ``"0,2"`` on one board, ``"2: 0,2"`` on several."""
    text = f"{move[1][0]},{move[1][1]}"
    return text if len(boards) == 1 else f"{move[0] + 1}: {text}"


def apply_sum_move(rules: Rules, boards: Boards, move: SumMove) -> Boards:
    """The boards after ``move``; ``IllegalMove`` if it breaks the rules."""
    i, m = move
    new = check_move(rules, boards[i], m)
    return (*boards[:i], new, *boards[i + 1 :])


def losing(rules: Rules, boards: Boards) -> bool:
    """Whether the player to move loses the (sum of) boards against best play."""
    if len(boards) == 1:
        return is_losing(rules, boards[0])
    return reduce(xor, grundy_values(rules, boards), 0) == 0


def random_move(rules: Rules, boards: Boards, rng: random.Random) -> SumMove:
    """A uniformly random legal move (board chosen by its share of the moves)."""
    counts = [move_count(rules, b) for b in boards]
    pick = rng.randrange(sum(counts))
    for i, count in enumerate(counts):
        if pick < count:
            moves = legal_moves(rules, boards[i])
            for _ in range(pick):
                next(moves)
            return (i, next(moves))
        pick -= count
    raise IllegalMove("no legal move: the game is over")


def computer_move(rules: Rules, boards: Boards, blunder: int, rng: random.Random) -> SumMove:
    """The computer's choice: random with probability ``blunder`` percent, else best play."""
    if blunder and rng.random() * 100 < blunder:
        return random_move(rules, boards, rng)
    if len(boards) == 1:
        board = boards[0]
        wins = winning_moves(rules, board)
        return (0, wins[0] if wins else delaying_move(rules, board))
    sum_wins = sum_winning_moves(rules, boards)
    if sum_wins:
        return min(sum_wins, key=lambda m: (m[1][0] + m[1][1], m))
    largest = max(range(len(boards)), key=lambda i: sum(boards[i]))
    return (largest, next(legal_moves(rules, boards[largest])))


def rng_for(state: GameState) -> random.Random:
    """The random generator of this ply, derived from the game's seed."""
    return random.Random(state.seed * 1_000_003 + state.ply)


def learner_won_on_last_move(rules: Rules, learner_moved_last: bool) -> bool:
    """Who won when the last penny is gone: the taker in normal play, the other in misère."""
    return learner_moved_last != rules.misere


def render(state: GameState) -> str:
    """The boards as rows of pennies, and whose move it is."""
    lines = []
    for number, (x, y) in enumerate(state.boards, 1):
        label = f"board {number}: " if len(state.boards) > 1 else ""
        lines.append(f"{label}first  pile {x:3}  " + "o" * min(x, 60) + ("..." if x > 60 else ""))
        lines.append(f"{' ' * len(label)}second pile {y:3}  " + "o" * min(y, 60) + ("..." if y > 60 else ""))
    if state.finished:
        lines.append("No pennies left: the game is over.")
    else:
        lines.append("Your move." if state.learner_to_move else "The computer's move.")
    return "\n".join(lines)


def position_hints(rules: Rules, boards: Boards) -> list[str]:
    """The hint ladder for the player to move: a nudge, the concept, then the concrete move."""
    if all(b == (0, 0) for b in boards):
        return ["The game is over: no pennies are left."]
    text = show_positions(boards)
    if len(boards) > 1:
        values = grundy_values(rules, boards)
        sum_wins = sum_winning_moves(rules, boards)
        ladder = [
            "Each board is a game of its own; what matters is one number per board, its Grundy value.",
            f"The Grundy values are {values}; their XOR (nim-sum) is {reduce(xor, values, 0)}. "
            "A position loses exactly when the nim-sum is 0, so move to make it 0.",
        ]
        if sum_wins:
            number, choice = sum_wins[0]
            ladder.append(f"On board {number + 1}, {describe_move(choice)}: "
                          f"that board's value becomes {values[number] ^ reduce(xor, values, 0)} and the nim-sum 0.")
        else:
            ladder.append("The nim-sum is already 0: every move loses against perfect play; take little and wait.")
        return ladder
    board = boards[0]
    wins = winning_moves(rules, board)
    ladder = [
        f"Can you reach a losing position from {text}? Losing positions are those where every move "
        "hands your opponent a win; (0, 0) is one of them" + (" in normal play." if not rules.misere else
                                                              "? No - in misère play (0, 1) is the first."),
        "List the losing positions from the smallest up: each pile size appears in exactly one losing pair, "
        f"and the piles of the k-th pair differ by {'k' if rules.a == 1 else f'{rules.a}k'}"
        + (" (plus one in misère play)." if rules.misere and rules.a > 1 else ".")
        + " Look along your row, your column and your diagonal.",
    ]
    if wins:
        f, s = wins[0]
        ladder.append(f"{describe_move((f, s)).capitalize()}: that leaves ({board[0] - f}, {board[1] - s}), "
                      "a losing position for your opponent.")
    else:
        move = delaying_move(rules, board)
        ladder.append(f"{text} is itself a losing position: every move loses against perfect play. "
                      f"Make the game last: {describe_move(move)}.")
    return ladder

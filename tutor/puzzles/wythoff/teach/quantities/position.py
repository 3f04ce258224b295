"""The position's quantities: who wins, how long best play lasts, the winning moves, every move."""

from __future__ import annotations

from functools import cache

from tutor.errors import InvalidParams, TutorError
from tutor.puzzles.answers import Misconception, Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import grundy_values, losing, remoteness, sum_winning_moves, winning_moves
from tutor.puzzles.wythoff.rules import (
    Move,
    Position,
    Rules,
    SumMove,
    WythoffGame,
    apply_sum_move,
    describe_move,
    finished,
    format_move,
    format_sum_move,
    legal_moves,
    move_count,
    parse_sum_move,
    show_positions,
)
from tutor.puzzles.wythoff.teach.decision import Decision, after, decide
from tutor.puzzles.wythoff.teach.questions import board_remoteness, outcome
from tutor.puzzles.wythoff.teach.reasons import outcome_explanation, outcome_reason, pair_text
from tutor.screen.text import plural

QUANTITIES = Quantities()


def explain_outcome(game: WythoffGame, args: Args, value: Value) -> str:
    """The winning move, or a reply to every move."""
    return outcome_explanation(game.rules, game.boards)


def refute_outcome(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The certificate, phrased as the learner's claim meeting it."""
    return outcome_reason(game.rules, game.boards, str(wrong))


@QUANTITIES.register("outcome", "'win' or 'lose' for the player to move at the position",
                     explain=explain_outcome, refute=refute_outcome)
def outcome_quantity(game: WythoffGame, args: Args) -> str:
    """From the closed formula on one board, the nim-sum on several."""
    return outcome(game)


def line_text(pos: Position, line: tuple[tuple[Move, Position], ...], length: int) -> str:
    """``(8, 13), 0,1 to (8, 12), ...``: the moves of a best-play line written out (``...`` when it goes on)."""
    parts = [pair_text(pos)] + [f"{format_move(move)} to {pair_text(left)}" for move, left in line]
    return ", ".join(parts) + (", ..." if length > len(line) else "")


def remoteness_explanation(decision: Decision) -> str:
    """The best-play line, and who hurries and who delays."""
    pos, k = decision.position, decision.index
    if decision.won_already:
        return "(0, 0): your opponent took the last penny and lost - the game is over, 0 moves are left."
    who = (f"{pair_text(pos)} is losing position number {k}: the loser delays as long as possible, the winner "
           "answers each move by returning to a losing position" if k is not None else
           f"{pair_text(pos)} wins: the winner hurries to the losing position with the smallest number, then "
           "the loser delays")
    return (f"{who}. Best play: {line_text(pos, decision.line, decision.length)} - "
            f"{plural(decision.length, 'move')} in all.")


LINE_STARTED = 4  # moves of the best-play line a refutation of a too-long game shows


def remoteness_reason(decision: Decision, wrong: int) -> str:
    """Why a game of ``wrong`` moves is not best play: the line that goes on past it, or ends before it."""
    pos, length = decision.position, decision.length
    if wrong < 0:
        return "A game cannot last a negative number of moves."
    shown = decision.line[:LINE_STARTED]  # the start of the line: the whole of it would count the answer out
    if wrong < length:  # where the line stands after ``wrong`` moves would leave the rest to count off
        return (f"The side that is losing can keep the game going past move {wrong}: best play starts "
                f"{line_text(pos, shown, length)} and goes on from one losing pair to the previous one. Follow "
                "it to the end and count every move, both sides'.")
    return (f"Best play does not last {plural(wrong, 'move')}: the winning side does not waste time, each of its "
            f"moves goes straight to a losing position. The line starts {line_text(pos, shown, length)}: the game "
            f"is over before move {wrong}.")


def explain_remoteness(game: WythoffGame, args: Args, value: Value) -> str:
    """The best-play line."""
    return remoteness_explanation(decide(game.rules, game.boards[0]))


def refute_remoteness(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The line goes on past ``wrong`` moves, or ends before."""
    return remoteness_reason(decide(game.rules, game.boards[0]), int(wrong))


# -- misconceptions: one side's moves, the positions instead of the moves, a loser who does not delay -------


def _single(game: WythoffGame) -> Position | None:
    boards = game.boards
    return boards[0] if len(boards) == 1 else None


def one_side(game: WythoffGame, args: Args) -> int | None:
    """The moves of the player to move only (every other move of best play)."""
    pos = _single(game)
    if pos is None:
        return None
    length = remoteness(game.rules, pos)
    return (length + 1) // 2 if length > 1 else None


def says_one_side(game: WythoffGame, args: Args, given: Value) -> str:
    """Steps for moves."""
    return (f"{given} counts the moves of one player only: the steps down from one losing position to a smaller "
            "one. The length of the game counts every move, yours and the computer's together.")


def positions_passed(game: WythoffGame, args: Args) -> int | None:
    """The positions of the best-play line, the first and the last included: one more than its moves."""
    pos = _single(game)
    return None if pos is None else remoteness(game.rules, pos) + 1


def says_positions_passed(game: WythoffGame, args: Args, given: Value) -> str:
    """Posts for rails."""
    return (f"{given} counts the positions the game passes through, {pair_text(game.boards[0])} and the last "
            "one both included. Count the moves instead: a move is a step between two positions.")


def hurried(game: WythoffGame, args: Args) -> int | None:
    """The length if the losing side hurried too (the winner still wins): not best play, which delays."""
    pos = _single(game)
    if pos is None or sum(pos) > HURRIED_PENNIES:
        return None
    length = shortest_win(game.rules, pos)
    return None if length == remoteness(game.rules, pos) else length


HURRIED_PENNIES = 120  # the shortest-game table is built for boards of at most this many pennies


@cache
def shortest_win(rules: Rules, pos: Position) -> int:
    """Moves left when both sides hurry and the winner still wins: the winner's fastest winning move, the
    loser's fastest move of all."""
    if finished((pos,)):
        return 0
    wins = winning_moves(rules, pos)
    moves = wins or list(legal_moves(rules, pos))
    return 1 + min(shortest_win(rules, after(pos, m)) for m in moves)


def says_hurried(game: WythoffGame, args: Args, given: Value) -> str:
    """A hurrying loser for a delaying one."""
    return (f"{given} is how soon the game would end if the losing side hurried too. With perfect play the side "
            "that is losing delays: it makes every move that keeps the game going longest.")


REMOTENESS_MISTAKES = (
    Misconception("one_side_counted", one_side, says_one_side),
    Misconception("positions_counted", positions_passed, says_positions_passed),
    Misconception("loser_hurries", hurried, says_hurried),
)


@QUANTITIES.register("remoteness", "moves left from the position with best play",
                     explain=explain_remoteness, refute=refute_remoteness, misconceptions=REMOTENESS_MISTAKES)
def remoteness_quantity(game: WythoffGame, args: Args) -> int:
    """One board only."""
    return board_remoteness(game)


def _winning_moves_text(game: WythoffGame, moves: list[SumMove]) -> str:
    return "; ".join(f"{format_sum_move(m, game.boards)} ({describe_move(m[1])})" for m in moves)


def _goal(game: WythoffGame) -> str:
    """What a winning move leaves: a losing position on one board, a sum of value 0 on several."""
    return "a sum of value 0" if len(game.boards) > 1 else "a losing position"


def explain_winning_move_count(game: WythoffGame, args: Args, value: Value) -> str:
    """The winning moves, each named (on several boards, after the boards' values)."""
    wins = sum_winning_moves(game.rules, game.boards)
    if not wins:
        return f"No move wins: {outcome_explanation(game.rules, game.boards)}"
    values = ""
    if len(game.boards) > 1:
        values = (f"The boards' values are {', '.join(map(str, grundy_values(game.rules, game.boards)))}: a move "
                  "wins when the board it is made on ends with the XOR of the other boards' values. ")
    return (f"{values}The moves that leave {_goal(game)}: {_winning_moves_text(game, wins)} - "
            f"{plural(len(wins), 'move')} in all.")


def refute_winning_move_count(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """What the learner's count would mean for the moves from the position, without naming the winning ones."""
    n = int(wrong)
    wins = sum_winning_moves(game.rules, game.boards)
    where = show_positions(game.boards)
    total = sum(move_count(game.rules, b) for b in game.boards)
    if n < 0:
        return "A count cannot be negative."
    if n == total:
        return (f"{n} counts every move from {where}. A winning move is one that leaves {_goal(game)}, and "
                "most moves do not.")
    if n < len(wins):
        board, move = wins[n]
        on = f" on board {board + 1}" if len(game.boards) > 1 else ""
        kind = "takes from both piles" if move[0] and move[1] else "takes from one pile"
        return (f"{plural(n, 'winning move')} would leave {total - n} of the {plural(total, 'move')} from {where} "
                f"handing your opponent a win. Look again: a move that {kind}{on} also leaves {_goal(game)}.")
    if len(game.boards) > 1:
        return (f"{n} is more than the moves from {where} that leave a sum of value 0. On each board only the "
                "moves to one value win, the XOR of the other boards' values: count the moves that reach it.")
    return (f"{n} is more than the losing positions one move from {where}: each winning move lands on a losing "
            "position of its own, so look along the row, the column and the diagonal for them and count those.")


# -- misconceptions: every move, each board played alone, one move for each board ------------------------


def _sum_values(game: WythoffGame) -> list[int] | None:
    """The boards' values of a sum in normal play, else None (the ideas about sums do not apply)."""
    if len(game.boards) < 2 or game.misere:
        return None
    try:
        return grundy_values(game.rules, game.boards)
    except InvalidParams:  # a board out of the table's reach
        return None


def every_move(game: WythoffGame, args: Args) -> int | None:
    """Every legal move counted, winning or not."""
    return sum(move_count(game.rules, b) for b in game.boards)


def says_every_move(game: WythoffGame, args: Args, given: Value) -> str:
    """All moves for winning moves."""
    return (f"{given} counts every move from {show_positions(game.boards)}. A move wins only when it leaves "
            f"{_goal(game)} for your opponent: count those moves alone.")


def alone_wins(game: WythoffGame, args: Args) -> int | None:
    """Board by board, the moves that would win on that board alone (to its own losing positions), added."""
    if _sum_values(game) is None:
        return None
    return sum(len(winning_moves(game.rules, b)) for b in game.boards)


def says_alone_wins(game: WythoffGame, args: Args, given: Value) -> str:
    """Each board alone for the sum."""
    return (f"{given} counts, board by board, the moves that would win if that board were played alone: those "
            "that bring it to value 0. In a sum the other boards still count: a move wins when it makes the XOR "
            "of ALL the boards' values 0.")


def boards_with_a_win(game: WythoffGame, args: Args) -> int | None:
    """One winning move for each board that has one, as a single pile (which reaches each size one way)."""
    if _sum_values(game) is None:
        return None
    return len({board for board, _ in sum_winning_moves(game.rules, game.boards)})


def says_boards_with_a_win(game: WythoffGame, args: Args, given: Value) -> str:
    """One per board for every move."""
    return (f"{given} counts the boards on which some move wins, one move each. A single pile can reach a size in "
            "one way only, but a board of two piles can often reach the value it needs by several moves: from "
            "the first pile, from the second, or from both.")


WINNING_COUNT_MISTAKES = (
    Misconception("every_move_counted", every_move, says_every_move),
    Misconception("each_board_alone", alone_wins, says_alone_wins),
    Misconception("one_per_board", boards_with_a_win, says_boards_with_a_win),
)


@QUANTITIES.register("winning_move_count", "how many winning moves the position has",
                     explain=explain_winning_move_count, refute=refute_winning_move_count,
                     misconceptions=WINNING_COUNT_MISTAKES)
def winning_move_count(game: WythoffGame, args: Args) -> int:
    """Moves to a losing position (to nim-sum 0 on several boards)."""
    return len(sum_winning_moves(game.rules, game.boards))


def best_move_reason(game: WythoffGame, wrong: str) -> str:
    """A move that is not the fastest win: illegal, losing (the reply), or winning but slower."""
    try:
        move: SumMove = parse_sum_move(wrong, game.boards)
        left = apply_sum_move(game.rules, game.boards, move)
    except TutorError as error:
        return str(error)
    text = format_sum_move(move, game.boards)
    if not losing(game.rules, left):
        reply = sum_winning_moves(game.rules, left)
        answer = f", answered by {format_sum_move(reply[0], left)}" if reply else ""
        return f"{text} leaves {show_positions(left)}, a winning position{answer}."
    if len(left) == 1:
        return (f"{text} wins, but not the fastest: from {show_positions(left)} the game lasts "
                f"{plural(decide(game.rules, left[0]).length, 'more move')}; another winning move reaches "
                "a losing position with a smaller number.")
    return f"{text} wins, but another winning move comes first in the list."


def explain_best_move(game: WythoffGame, args: Args, value: Value) -> str:
    """The fastest winning move and the line after it."""
    if not value:
        return f"There is no winning move: {outcome_explanation(game.rules, game.boards)}"
    if len(game.boards) > 1:
        return outcome_explanation(game.rules, game.boards)
    return remoteness_explanation(decide(game.rules, game.boards[0]))


def refute_best_move(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The move judged: illegal, losing (the reply), or winning but slower."""
    return best_move_reason(game, str(wrong))


@QUANTITIES.register("best_move", "the fastest winning move 'F,S' ('' if none)",
                     explain=explain_best_move, refute=refute_best_move)
def best_move(game: WythoffGame, args: Args) -> str:
    """The first of the winning moves, fastest win first."""
    wins = sum_winning_moves(game.rules, game.boards)
    return format_sum_move(wins[0], game.boards) if wins else ""


def move_kinds(rules: Rules, board: Position) -> str:
    """``(3, 4): 3 from the first pile alone, 4 from the second alone, 3 from both.``"""
    moves = list(legal_moves(rules, board))
    first = sum(1 for f, s in moves if s == 0)
    second = sum(1 for f, s in moves if f == 0)
    both = len(moves) - first - second
    return (f"{pair_text(board)}: {first} from the first pile alone, {second} from the second alone, "
            f"{both} from both.")


def explain_move_count(game: WythoffGame, args: Args, value: Value) -> str:
    """The moves counted by kind, board by board."""
    return " ".join(move_kinds(game.rules, b) for b in game.boards)


def refute_move_count(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """The moves by kind (a count is the objects counted)."""
    if int(wrong) < 0:
        return "A count cannot be negative."
    return f"Count by kind: {explain_move_count(game, args, value)}"


@QUANTITIES.register("move_count", "how many legal moves the position has",
                     explain=explain_move_count, refute=refute_move_count)
def move_count_quantity(game: WythoffGame, args: Args) -> int:
    """Counted by formula, over every board."""
    return sum(move_count(game.rules, b) for b in game.boards)

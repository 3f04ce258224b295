"""The ``wythoff`` puzzle family: Wythoff's game behind the common puzzle protocol.

Two piles of pennies; a move takes any positive number from one pile, or the
same positive number from both (Fraenkel's a-Wythoff: amounts differing by less
than ``a``); whoever takes the last penny wins (loses, in misère play).  The
engines live in ``wythoff_rules`` (exact formulas), ``wythoff_table``
(exhaustive retrograde tables, Grundy values), ``wythoff_theory`` (sympy
analysis), ``wythoff_conjecture`` (the workbench) and ``wythoff_play``
(games against the computer); this module adapts them to lessons and the CLI.
"""

from __future__ import annotations

import argparse
import itertools
import random
import re
from collections.abc import Mapping
from functools import reduce
from operator import xor
from typing import Any, ClassVar

from tutor.errors import IllegalMove, InvalidNotation, InvalidParams
from tutor.puzzles import wythoff_lesson as lesson
from tutor.puzzles import wythoff_play as play
from tutor.puzzles.base import Params, ParamSpec, Puzzle, Report, Turn, Value, Verdict
from tutor.puzzles.wythoff_rules import (
    Position,
    Rules,
    describe_move,
    format_position,
    format_positions,
    move_count,
    outcome,
    p_position,
    p_positions,
    parse_positions,
    remoteness,
    show_positions,
)

GAME_PILE_LIMIT = 10_000  # largest pile in a game against the computer (the loser's search enumerates moves)
_PAIR_IN_LIST = re.compile(r"\(?\s*(\d+)\s*,\s*(\d+)\s*\)?")


def rules_of(params: Params) -> Rules:
    """The game variant named by the parameters."""
    return Rules(a=int(params["a"]), misere=bool(params["misere"]))


def boards_of(params: Params) -> tuple[Position, ...]:
    """The board(s) of ``params["position"]``; ``InvalidParams`` when none was given."""
    text = params["position"]
    if not text.strip():
        raise InvalidParams("this needs a position: give --position A,B (for example --position 8,13)")
    return parse_positions(text)


def losing_splits(rules: Rules, low: int, high: int) -> list[Position]:
    """Losing positions (x <= y) whose total x + y lies in [low, high] - the seed's question."""
    pairs = []
    k = 0
    while True:
        x, y = p_position(rules, k)
        if x + y > high:  # totals grow with k in every variant
            break
        if low <= x + y <= high:
            pairs.append((x, y))
        k += 1
    return sorted(pairs)


def format_pairs(pairs: list[Position]) -> str:
    """``"(8, 13), (9, 15)"``."""
    return ", ".join(f"({x}, {y})" for x, y in pairs)


def parse_pairs(text: str) -> list[Position]:
    """Parse a list of pairs like ``"(8,13) (9,15)"``; order inside a pair is ignored."""
    cleaned = re.sub(r"\band\b", " ", text, flags=re.IGNORECASE)
    leftover = _PAIR_IN_LIST.sub(" ", cleaned)
    if leftover.strip(" ;,\t\n"):
        bad = leftover.strip(" ;,\t\n")[:20]
        raise InvalidNotation(f"list {text!r}: {bad!r} is not a pair like (8, 13)")
    return sorted({(min(int(a), int(b)), max(int(a), int(b))) for a, b in _PAIR_IN_LIST.findall(cleaned)})


class Wythoff(Puzzle):
    """Wythoff's game: exact losing positions, golden-ratio analysis, workbench, play."""

    name: ClassVar[str] = "wythoff"
    title: ClassVar[str] = "Wythoff's game"
    summary: ClassVar[str] = ("two piles of pennies; take from one pile or the same from both; "
                              "the losing positions follow the golden ratio")
    param_specs: ClassVar[tuple[ParamSpec, ...]] = (
        ParamSpec("position", str, "", "the piles, 'A,B' (or a sum of boards 'A,B + C,D')"),
        ParamSpec("misere", bool, False, "misère play: whoever takes the last penny loses"),
        ParamSpec("a", int, 1, "Fraenkel's a-Wythoff: a two-pile move takes amounts differing by less than a",
                  minimum=1, maximum=1000),
        ParamSpec("index", int, 0, "k for the k-th losing position (any size)", minimum=0),
        ParamSpec("count", int, 20, "how many losing positions to list, from (0, 0)", minimum=0,
                  maximum=1_000_000),
        ParamSpec("min_total", int, 0, "smallest total of pennies for the splits question", minimum=0),
        ParamSpec("max_total", int, 20, "largest total of pennies for the splits question", minimum=0,
                  maximum=100_000),
        ParamSpec("bound", int, 1000, "the workbench checks conjectures for k = 0..bound", minimum=1,
                  maximum=100_000),
        ParamSpec("blunder", int, 0, "chance in percent that the computer plays a random move (0 = perfect)",
                  minimum=0, maximum=100),
        ParamSpec("first", str, "learner", "who moves first in a game", choices=("learner", "computer")),
        ParamSpec("size", int, 20, "largest pile of a random starting position", minimum=1,
                  maximum=GAME_PILE_LIMIT),
    )
    answer_kinds: ClassVar[Mapping[str, str]] = {
        "move": "a winning move from the position, 'F,S' taken from the first and second pile (or 'to X,Y')",
        "outcome": "'win' or 'lose' for the player to move at the position",
        "p_positions": "every losing position (x <= y) with min_total <= x + y <= max_total, as pairs",
        "losing_totals": "the totals in [min_total, max_total] that have a losing split",
        "kth": "the index-th losing position, 'A,B'",
        "conjecture": "a formula in k for A_k (or 'B_k = ...', or 'f, g'), true for k = 0..bound",
        "grundy": "the Grundy value of the position (the nim-sum for several boards)",
        "remoteness": "how many moves the game lasts from the position with best play",
        "play": "moves against the computer, one at a time ('0,2'), or a whole line ('0,2 1,1')",
    }
    quantities: ClassVar[Mapping[str, str]] = {
        "outcome": "'win' or 'lose' for the player to move at the position",
        "remoteness": "moves left from the position with best play",
        "winning_move_count": "how many winning moves the position has",
        "best_move": "the fastest winning move 'F,S' ('' if none)",
        "move_count": "how many legal moves the position has",
        "kth_position": "the index-th losing position 'A,B'",
        "kth_first": "A_index, the smaller pile of the index-th losing position",
        "kth_second": "B_index, the larger pile of the index-th losing position",
        "losing_splits": "the losing positions with total in [min_total, max_total], as text",
        "losing_split_count": "how many losing positions have a total in [min_total, max_total]",
        "losing_totals": "the totals in [min_total, max_total] with a losing split, as text",
        "p_positions": "the first count losing positions, as text",
        "grundy": "the Grundy value (nim-sum) of the position",
        "winning_totals": "the totals in [min_total, max_total] with no losing split (the first player wins)",
        "winning_total_count": "how many totals in [min_total, max_total] have no losing split",
        "alpha": "the limit of A_k / k, exactly: '(1 + sqrt(5))/2' for a = 1",
        "alpha_decimal": "the limit of A_k / k to ten decimals",
        **{f"proof_{key}": f"the analysis step {key!r} as text (sympy-checked)" for key in lesson.PROOF_KEYS},
        "proof": "the whole step-by-step analysis as text",
    }

    def random_param(self, name: str, spec: Mapping[str, Any], rng: random.Random,
                     fixed: Mapping[str, Any]) -> Any:
        """``position = {random = "win" | "lose" | "any", max = 30, min = 1}``: a random start of that outcome
        for the player to move (under the lesson's ``a`` and ``misere``), piles between min and max."""
        if name != "position":
            return super().random_param(name, spec, rng, fixed)
        unknown = sorted(set(spec) - {"random", "max", "min"})
        want = spec.get("random")
        if unknown or want not in ("win", "lose", "any"):
            raise InvalidParams(f"position: a random position is {{random = \"win\" | \"lose\" | \"any\", "
                                f"max = N, min = N}}, not {dict(spec)!r}")
        low, high = spec.get("min", 1), spec.get("max", 30)
        if not isinstance(low, int) or not isinstance(high, int) or not 0 <= low <= high <= 10_000:
            raise InvalidParams(f"position: need whole numbers 0 <= min <= max <= 10000, not {dict(spec)!r}")
        rules = Rules(a=int(fixed.get("a", 1)), misere=bool(fixed.get("misere", False)))
        cells = [(x, y) for x in range(low, high + 1) for y in range(low, high + 1)
                 if not (rules.misere is False and x == y == 0)]
        rng.shuffle(cells)
        for pos in cells:
            if want == "any" or outcome(rules, pos) == want:
                return format_position(pos)
        raise InvalidParams(f"position: no {want!r} position with piles from {low} to {high}")

    def validate_params(self, params: dict[str, Any]) -> None:
        """Positions must parse; sums of boards need normal play; games stay small enough."""
        if params["position"].strip():
            boards = parse_positions(params["position"])
            if len(boards) > 1 and params["misere"]:
                raise InvalidParams(f"position {params['position']!r}: sums of boards need normal play, "
                                    "not misère (Grundy values do not add up in misère play)")
        if params["min_total"] > params["max_total"]:
            raise InvalidParams(f"min_total {params['min_total']!r} is larger than max_total "
                                f"{params['max_total']!r}")

    # -- command line ------------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        """check: MOVE or --conjecture; hint: MOVE or --conjecture; analyze: --upto, --table, --splits."""
        if command in ("check", "hint"):
            parser.add_argument("answer", nargs="?", help="a move 'F,S' (taken from each pile), or '-' for stdin")
            parser.add_argument("--file", metavar="PATH", help="read the answer from a file")
            parser.add_argument("--conjecture", metavar="EXPR",
                                help="a formula in k for A_k, e.g. 'floor(k*(1+sqrt(5))/2)'")
        if command == "analyze":
            parser.add_argument("--upto", type=int, metavar="N", help="every losing position with piles <= N")
            parser.add_argument("--table", type=int, metavar="N",
                                help="compare the formula with the exhaustive table for piles <= N")
            parser.add_argument("--splits", action="store_true",
                                help="the losing splits with min_total <= total <= max_total")

    def run(self, command: str, params: Params, args: argparse.Namespace) -> Report:
        """Carry out solve, check, hint or analyze."""
        from tutor.puzzles import wythoff_cli

        return wythoff_cli.run(self, command, params, args)

    # -- answers -------------------------------------------------------------------

    def check_answer(self, params: Params, kind: str, text: str) -> Verdict:
        """Judge an answer of ``kind`` exactly."""
        from tutor.puzzles import wythoff_cli

        return wythoff_cli.check_answer(params, kind, text)

    def reference_answer(self, params: Params, kind: str) -> str | None:
        """A correct answer computed by the engine, or None (a losing position has no winning move)."""
        rules = rules_of(params)
        if kind == "move":
            boards = boards_of(params)
            wins = play.sum_winning_moves(rules, boards)
            return play.format_sum_move(wins[0], boards) if wins else None
        if kind == "outcome":
            return str(self.quantity(params, "outcome"))
        if kind == "p_positions":
            return format_pairs(losing_splits(rules, params["min_total"], params["max_total"]))
        if kind == "losing_totals":
            return str(self.quantity(params, "losing_totals"))
        if kind == "kth":
            return format_position(p_position(rules, params["index"]))
        if kind == "conjecture":
            if rules.misere:
                return None
            if rules.a == 1:
                return "floor(k*(1 + sqrt(5))/2)"
            return f"floor(k*(2 - {rules.a} + sqrt({rules.a ** 2 + 4}))/2)"
        if kind in ("grundy", "remoteness"):
            return str(self.quantity(params, kind))
        if kind == "play":
            if params["blunder"] or not params["position"].strip():
                return None  # a random start or random blunders: no line wins every replay
            return lesson.winning_line(rules, boards_of(params), params["first"] == "learner")
        raise InvalidParams(f"puzzle 'wythoff' has no answer kind {kind!r}")

    def normalize(self, params: Params, kind: str, text: str) -> str:
        """Canonical notation for matching declared mistakes."""
        from tutor.puzzles import wythoff_cli

        return wythoff_cli.normalize(params, kind, text)

    def quantity(self, params: Params, name: str) -> Value:
        """Compute a named quantity from the parameters."""
        rules = rules_of(params)
        if name in ("kth_position", "kth_first", "kth_second"):
            pair = p_position(rules, params["index"])
            if name == "kth_position":
                return format_position(pair)
            return pair[0] if name == "kth_first" else pair[1]
        if name in ("losing_splits", "losing_split_count", "losing_totals", "winning_totals",
                    "winning_total_count"):
            low, high = params["min_total"], params["max_total"]
            splits = losing_splits(rules, low, high)
            if name == "losing_splits":
                return format_pairs(splits)
            if name == "losing_split_count":
                return len(splits)
            if name in ("winning_totals", "winning_total_count"):
                totals = lesson.winning_totals(rules, low, high, splits)
                return len(totals) if name == "winning_total_count" else ", ".join(map(str, totals))
            return ", ".join(str(t) for t in sorted({x + y for x, y in splits}))
        if name == "alpha":
            return lesson.alpha_text(rules.a)
        if name == "alpha_decimal":
            return lesson.alpha_decimal(rules.a)
        if name == "proof" or (name.startswith("proof_") and name[6:] in lesson.PROOF_KEYS):
            return lesson.proof_text(rules, "all" if name == "proof" else name[6:])
        if name == "p_positions":
            return format_pairs(p_positions(rules, params["count"]))
        boards = boards_of(params)
        if name == "grundy":
            if rules.misere:
                raise InvalidParams("Grundy values belong to normal play; drop --misere")
            return reduce(xor, play.grundy_values(rules, boards), 0)
        if name == "outcome":
            return "lose" if play.losing(rules, boards) else "win"
        if name == "winning_move_count":
            return len(play.sum_winning_moves(rules, boards))
        if name == "best_move":
            wins = play.sum_winning_moves(rules, boards)
            return play.format_sum_move(wins[0], boards) if wins else ""
        if name == "move_count":
            return sum(move_count(rules, b) for b in boards)
        if name == "remoteness":
            if len(boards) > 1:
                raise InvalidParams("remoteness is computed for one board; give a single position A,B")
            return remoteness(rules, boards[0])
        raise InvalidParams(f"puzzle 'wythoff' has no quantity {name!r} (known: {', '.join(self.quantities)})")

    def hints(self, params: Params, kind: str, text: str) -> list[str]:
        """The hint ladder: nudge, concept, concrete answer."""
        from tutor.puzzles import wythoff_cli

        return wythoff_cli.hints(params, kind, text)

    def completions(self, params: Params, kind: str, text: str) -> list[str]:
        """Words for tab completion: formula vocabulary, or the legal moves' notation."""
        if kind == "conjecture":
            return ["k", "phi", "pi", "floor(", "ceiling(", "sqrt(", "sqrt(5)", "A_k =", "B_k ="]
        if kind in ("outcome",):
            return ["win", "lose"]
        if kind == "play" and params["position"].strip():
            boards = boards_of(params)
            if len(boards) == 1:  # the smallest moves first: they stay legal longest as the piles shrink
                return [f"{f},{s}" for f, s in itertools.islice(play.legal_moves(rules_of(params), boards[0]), 40)]
        if kind == "move" and params["position"].strip():
            boards = boards_of(params)
            if len(boards) == 1 and sum(boards[0]) <= 60:
                return [f"{f},{s}" for f, s in play.legal_moves(rules_of(params), boards[0])]
        return []

    # -- play against the computer ----------------------------------------------------

    def game_solution(self, params: Params, state: Any) -> str | None:
        """The fastest winning line from the game as it stands, against perfect replies."""
        if params["blunder"] or not state.learner_to_move:
            return None
        return lesson.winning_line(rules_of(params), state.boards, True)

    def new_game(self, params: Params, rng: random.Random) -> play.GameState:
        """A fresh game from ``position`` (or a random start up to ``size``); the computer may open."""
        rules = rules_of(params)
        if params["position"].strip():
            boards = boards_of(params)
        else:
            size = params["size"]
            while True:
                board = (rng.randint(1, size), rng.randint(1, size))
                if size < 3 or not play.losing(rules, (board,)):
                    break  # start from a winning position so the learner can win
            boards = (board,)
        if any(max(b) > GAME_PILE_LIMIT for b in boards):
            raise InvalidParams(f"games are played with piles up to {GAME_PILE_LIMIT}; "
                                f"{format_positions(boards)!r} is too large")
        state = play.GameState(boards, learner_to_move=params["first"] == "learner", seed=rng.randrange(2**32))
        if not state.learner_to_move:
            state = self._computer_turn(params, state, [])
        return state

    def _computer_turn(self, params: Params, state: play.GameState, replies: list[str]) -> play.GameState:
        rules = rules_of(params)
        move = play.computer_move(rules, state.boards, params["blunder"], play.rng_for(state))
        boards = play.apply_sum_move(rules, state.boards, move)
        where = f" on board {move[0] + 1}" if len(boards) > 1 else ""
        replies.append(f"The computer's move: {describe_move(move[1])}{where}, leaving {show_positions(boards)}.")
        text = play.format_sum_move(move, state.boards)
        return play.GameState(boards, True, state.seed, state.ply + 1, (*state.history, text))

    def play(self, params: Params, state: Any, text: str) -> Turn:
        """Apply the learner's move, then the computer's reply; a line of moves plays them in turn.

        A move that does not parse or breaks the rules raises; states are
        immutable, so a line is played whole or not at all.
        """
        if not isinstance(state, play.GameState):
            raise InvalidParams("not a wythoff game state")
        moves = lesson.split_moves(text)
        if len(moves) == 1:
            return self._play_one(params, state, text)
        replies: list[str] = []
        turn = Turn(state, ())
        for number, move in enumerate(moves, 1):
            try:
                turn = self._play_one(params, turn.state, move)
            except (InvalidNotation, IllegalMove) as err:
                raise type(err)(f"move {number} of the line: {err}") from None
            replies.extend(turn.replies)
            if turn.finished:
                if number < len(moves):
                    replies.append(f"The game is over: the last {len(moves) - number} move(s) were not played.")
                break
        return Turn(turn.state, tuple(replies), turn.finished, turn.won)

    def _play_one(self, params: Params, state: Any, text: str) -> Turn:
        rules = rules_of(params)
        if state.finished:
            return Turn(state, ("The game is over.",), finished=True,
                        won=play.learner_won_on_last_move(rules, not state.learner_to_move))
        move = play.parse_sum_move(text, state.boards)
        was_losing = play.losing(rules, state.boards)
        boards = play.apply_sum_move(rules, state.boards, move)
        replies = [f"You {describe_move(move[1])}, leaving {show_positions(boards)}."]
        if not was_losing and not play.losing(rules, boards) and not all(b == (0, 0) for b in boards):
            replies.append("That hands the computer a winning position.")
        after = play.GameState(boards, False, state.seed, state.ply + 1,
                               (*state.history, play.format_sum_move(move, state.boards)))
        if after.finished:
            won = play.learner_won_on_last_move(rules, True)
            replies.append("You took the last penny: " + ("you win!" if won else "in misère play that loses."))
            return Turn(after, tuple(replies), finished=True, won=won)
        after = self._computer_turn(params, after, replies)
        if after.finished:
            won = play.learner_won_on_last_move(rules, False)
            replies.append("The computer took the last penny: " + ("you win!" if won else "you lose."))
            return Turn(after, tuple(replies), finished=True, won=won)
        return Turn(after, tuple(replies))

    def render(self, params: Params, state: Any) -> str:
        """The boards as rows of pennies."""
        return play.render(state)

    def game_hints(self, params: Params, state: Any) -> list[str]:
        """Hints for the learner's move in the current game."""
        return play.position_hints(rules_of(params), state.boards)


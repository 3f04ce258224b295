"""Wythoff's answer kinds: what a learner may answer, read, written canonically, and judged exactly.

Each kind is a small registered class (``KINDS``); the verdicts explain a wrong answer with something the engine
computed (the reply that refutes a move, the pair a wrong number really belongs to) without giving the answer
away, so a lesson can let the learner try again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tutor.grammar.wording import Wording
from tutor.puzzles import computed
from tutor.puzzles.answers import AnswerKind, Hint, Kinds, Verdict
from tutor.puzzles.options import NO_ARGS, Args
from tutor.puzzles.wythoff.engine import p_position, sum_winning_moves
from tutor.puzzles.wythoff.rules import (
    Position,
    SumMove,
    WythoffGame,
    format_move,
    format_pairs,
    format_position,
    format_sum_move,
    legal_moves,
    parse_numbers,
    parse_pairs,
    parse_position,
    read_sum_move,
    show_positions,
)
from tutor.puzzles.wythoff.teach import wrong
from tutor.puzzles.wythoff.teach.beliefs import kth_beliefs, list_beliefs, move_beliefs, outcome_beliefs
from tutor.puzzles.wythoff.teach.hints import (
    kth_hints,
    list_hints,
    outcome_hints,
    position_hints,
)
from tutor.puzzles.wythoff.teach.outcomes import read_outcome
from tutor.puzzles.wythoff.teach.pass_moves import PassMoveKind
from tutor.puzzles.wythoff.teach.quantities import QUANTITIES
from tutor.puzzles.wythoff.teach.questions import (
    INDEX,
    TOTALS,
    outcome,
    splits,
    states_outcome,
    total_range,
    totals_text,
)
from tutor.puzzles.wythoff.teach.reasons import (
    list_reasons,
    losing_total_reasons,
    outcome_explanation,
    outcome_reason,
    total_scope,
)
from tutor.puzzles.wythoff.teach.verdicts import compare_sets, kth_detail, kth_given, mirror_note, move_verdict
from tutor.puzzles.wythoff.teach.workbench import ConjectureKind

KINDS = Kinds()
COMPLETED_PILES = 60  # offer every legal move for tab completion up to this many pennies


# -- a winning move ---------------------------------------------------------------------------


@KINDS.register
class MoveKind(AnswerKind[WythoffGame, SumMove]):
    """One move that leaves the opponent a losing position."""

    name = "move"
    description = "a winning move from the position, 'F,S' taken from the first and second pile (or 'to X,Y')"
    wrong_answers = wrong.losing_moves
    beliefs = move_beliefs()
    gives_away = wrong.move_given

    def parse(self, game: WythoffGame, text: str, args: Args) -> SumMove:
        """``F,S``, ``to X,Y``, or ``BOARD: F,S`` on several boards; ``F,S`` is read as the piles to leave when
        only that reading is a move."""
        return read_sum_move(game.rules, game.boards, text.strip())[0]

    def judge(self, game: WythoffGame, text: str, args: Mapping[str, Any] = NO_ARGS) -> Verdict:
        """The verdict, saying first how a move written as the piles to leave was read."""
        verdict = super().judge(game, text, args)
        note = read_sum_move(game.rules, game.boards, text.strip())[1]
        return replace(verdict, summary=f"{note}. {verdict.summary}") if note else verdict

    def format(self, game: WythoffGame, answer: SumMove, args: Args) -> str:
        """``0,2``, or ``2: 0,2`` on several boards."""
        return format_sum_move(answer, game.boards)

    def check(self, game: WythoffGame, answer: SumMove, args: Args) -> Verdict:
        """Winning when it reaches a losing position (``IllegalMove`` if illegal); a wrong move is refuted without
        naming the winning one (the command line adds the winning moves from ``data``)."""
        return move_verdict(game, answer)

    def reference(self, game: WythoffGame, args: Args) -> str | None:
        """The fastest winning move; None from a losing position."""
        wins = sum_winning_moves(game.rules, game.boards)
        return format_sum_move(wins[0], game.boards) if wins else None

    def hints(self, game: WythoffGame, args: Args, text: str) -> Sequence[Hint]:
        """The position's ladder."""
        return position_hints(game.rules, game.boards)

    def completions(self, game: WythoffGame, args: Args, text: str) -> list[str]:
        """Every legal move on a small single board."""
        boards = game.start
        if len(boards) == 1 and sum(boards[0]) <= COMPLETED_PILES:
            return [format_move(m) for m in legal_moves(game.rules, boards[0])]
        return []


# -- win or lose --------------------------------------------------------------------------------


@KINDS.register
class OutcomeKind(AnswerKind[WythoffGame, str]):
    """Whether the player to move wins or loses."""

    name = "outcome"
    description = "'win' or 'lose' for the player to move at the position"
    wrong_answers = wrong.other_outcome
    beliefs = outcome_beliefs()

    def parse(self, game: WythoffGame, text: str, args: Args) -> str:
        """``win``/``lose``, in the learner's words too (``a loss``, ``winning``, ``N``, ``P``)."""
        return read_outcome(text)

    def format(self, game: WythoffGame, answer: str, args: Args) -> str:
        """``win`` or ``lose``."""
        return answer

    def check(self, game: WythoffGame, answer: str, args: Args) -> Verdict:
        """Against the engine's outcome; the detail names the winning move, or says there is none."""
        truth = outcome(game)
        good = answer == truth
        where = show_positions(game.boards)
        if good:
            verdict = "wins" if truth == "win" else "loses"
            return Verdict(True, f"right: at {where} the player to move {verdict}",
                           outcome_explanation(game.rules, game.boards), {"outcome": truth}, answer)
        # a wrong answer is met with the certificate, not with the outcome stated (the learner may try again)
        return Verdict(False, f"not right: {where} is not a {'win' if answer == 'win' else 'loss'} for the "
                              "player to move", outcome_reason(game.rules, game.boards, answer),
                       {"outcome": truth}, answer)

    def reference(self, game: WythoffGame, args: Args) -> str | None:
        """The outcome."""
        return outcome(game)

    def gives_away(self, game: WythoffGame, args: Args, text: str, learner: str = "") -> str | None:
        """Whether ``text`` says the step's position wins or loses (``(1, 2) is itself a losing position``)."""
        return states_outcome(game.boards, text)

    def hints(self, game: WythoffGame, args: Args, text: str) -> Sequence[Hint]:
        """Towards the outcome, never stating it before the last rung."""
        return outcome_hints(game.rules, game.boards)

    def completions(self, game: WythoffGame, args: Args, text: str) -> list[str]:
        """The two answers."""
        return ["win", "lose"]


# -- lists: the losing positions and their totals ---------------------------------------------


@KINDS.register
class PPositionsKind(AnswerKind[WythoffGame, list[Position]]):
    """Every losing position with a total in the range."""

    name = "p_positions"
    description = "every losing position (x <= y) with min_total <= x + y <= max_total, as pairs"
    args = TOTALS
    wrong_answers = wrong.partial_lists
    beliefs = list_beliefs()

    def parse(self, game: WythoffGame, text: str, args: Args) -> list[Position]:
        """Pairs like ``(8,13) (9,15)``, in any order."""
        return parse_pairs(text)

    def format(self, game: WythoffGame, answer: list[Position], args: Args) -> str:
        """``(8, 13), (9, 15)``."""
        return format_pairs(answer)

    def check(self, game: WythoffGame, answer: list[Position], args: Args) -> Verdict:
        """The list compared; the detail names every wrong pair and every missing one, each with its reason."""
        truth = splits(game, args)
        verdict = compare_sets("losing positions", answer, truth, format_pairs(answer))
        reasons = list_reasons(game.rules, answer, truth, total_scope(answer, *total_range(args)))
        return Verdict(verdict.correct, verdict.summary, "\n".join(f"- {r}." for r in reasons), verdict.data,
                       verdict.canonical)

    def judge(self, game: WythoffGame, text: str, args: Mapping[str, Any] = NO_ARGS) -> Verdict:
        """As any list; a right one with pairs written larger pile first says how they were read."""
        return mirror_note(super().judge(game, text, args), text)

    def reference(self, game: WythoffGame, args: Args) -> str | None:
        """The losing splits."""
        return format_pairs(splits(game, args))

    def hints(self, game: WythoffGame, args: Args, text: str) -> Sequence[Hint]:
        """Where to look, the next pair the learner's list misses, then the list."""
        return list_hints(game.rules, splits(game, args), text)


@KINDS.register
class LosingTotalsKind(AnswerKind[WythoffGame, list[int]]):
    """The totals that can be split into a losing position."""

    name = "losing_totals"
    description = "the totals in [min_total, max_total] that have a losing split"
    args = TOTALS
    wrong_answers = wrong.partial_totals

    def parse(self, game: WythoffGame, text: str, args: Args) -> list[int]:
        """Whole numbers, in any order, repeats ignored."""
        return sorted(set(parse_numbers(text)))

    def format(self, game: WythoffGame, answer: list[int], args: Args) -> str:
        """``21, 24, 29``."""
        return ", ".join(map(str, answer))

    def check(self, game: WythoffGame, answer: list[int], args: Args) -> Verdict:
        """The totals compared."""
        expected = sorted({x + y for x, y in splits(game, args)})
        verdict = compare_sets("totals", answer, expected, self.format(game, answer, args))
        reasons = losing_total_reasons(game.rules, answer, splits(game, args), *total_range(args))
        return Verdict(verdict.correct, verdict.summary, "\n".join(f"- {r}." for r in reasons), verdict.data,
                       verdict.canonical)

    def judge(self, game: WythoffGame, text: str, args: Mapping[str, Any] = NO_ARGS) -> Verdict:
        """As any list; a right one with pairs written larger pile first says how they were read."""
        return mirror_note(super().judge(game, text, args), text)

    def reference(self, game: WythoffGame, args: Args) -> str | None:
        """The totals of the losing splits."""
        return totals_text(splits(game, args))

    def hints(self, game: WythoffGame, args: Args, text: str) -> Sequence[Hint]:
        """How to find the losing splits, then the list."""
        return list_hints(game.rules, splits(game, args))


# -- the k-th losing position -------------------------------------------------------------------


@KINDS.register
class KthKind(AnswerKind[WythoffGame, Position]):
    """Losing position number ``index``."""

    name = "kth"
    description = "the index-th losing position, 'A,B'"
    args = (INDEX,)
    wrong_answers = wrong.neighbour_pairs
    gives_away = kth_given  # the pair named, or the command line that prints it
    beliefs = kth_beliefs()

    def parse(self, game: WythoffGame, text: str, args: Args) -> Position:
        """``A,B`` in either order."""
        return parse_position(text)

    def format(self, game: WythoffGame, answer: Position, args: Args) -> str:
        """The smaller pile first: ``8,13``."""
        return format_position((min(answer), max(answer)))

    def check(self, game: WythoffGame, answer: Position, args: Args) -> Verdict:
        """Against the exact pair; a wrong pair is placed without giving the right one away."""
        k = args["index"]
        pair = (min(answer), max(answer))
        kth = p_position(game.rules, k)
        good = pair == kth
        return Verdict(good, f"losing position number {k} is {kth}" if good else
                       f"{format_position(answer)} is not losing position number {k}",
                       "" if good else kth_detail(game.rules, pair, k), {"p_position": [*kth]}, format_position(pair))

    def reference(self, game: WythoffGame, args: Args) -> str | None:
        """The exact pair."""
        return format_position(p_position(game.rules, args["index"]))

    def hints(self, game: WythoffGame, args: Args, text: str) -> Sequence[Hint]:
        """Towards the formula, then the pair."""
        return kth_hints(game.rules, args["index"])


# -- a conjecture: the workbench ------------------------------------------------------------------


KINDS.register(ConjectureKind)


# -- numbers of the position ---------------------------------------------------------------------


class NumberKind(computed.NumberKind):
    """A number of the position, as the shared number kind (``tutor.puzzles.computed``) asks it of its quantity: read
    as every number answer is (``3``, ``0+0``, ``three``), judged with the quantity's misconceptions and
    refutation (never the number itself), hinted with the position's ladder."""

    def __init__(self, name: str, description: str) -> None:
        super().__init__(QUANTITIES[name], Wording.of(description))
        self.name, self.description = name, description  # type: ignore[misc]

    def hints(self, game: WythoffGame, args: Args, text: str) -> Sequence[Hint]:
        """The position's ladder."""
        return position_hints(game.rules, game.boards)


KINDS.add("grundy", NumberKind("grundy", "the Grundy value of the position (the nim-sum for several boards)"))
KINDS.add("remoteness", NumberKind("remoteness", "how many moves the game lasts from the position with best play"))
KINDS.register(PassMoveKind)  # Wythoff with a pass: a winning move, the pass among them

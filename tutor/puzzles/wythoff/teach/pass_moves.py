"""The answer kind ``pass_move``: a winning move in Wythoff with a pass, the pass still there.

A move wins when it leaves the opponent a losing position: after the pass, one of plain Wythoff's losing pairs;
after any other move, a losing position of the pass game (``engine.passing``).  A move that does not win is
refuted with the opponent's answer (``teach.pass_reasons``), never with a winning move, and the learner's likely
mistake is named as a belief: the pass made where it hands over a winning position of plain Wythoff, or a pair
of plain Wythoff reached while the pass is still there.  The position is the game's one board, the pass still
there (a game with ``pass = true``; on a game without it, the source project's rules, as the ``pass_*``
quantities read it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tutor.puzzles.answers import AnswerKind, Belief, Hint, Verdict
from tutor.puzzles.options import NO_ARGS, Args
from tutor.puzzles.wythoff.engine import winning_moves
from tutor.puzzles.wythoff.engine.passing import pass_losing, pass_winning_moves
from tutor.puzzles.wythoff.rules import WythoffGame
from tutor.puzzles.wythoff.rules.passing import (
    PASS,
    WYTHOFF,
    PassGame,
    PassMove,
    PassPosition,
    PassRules,
    apply_pass_move,
    can_pass,
    format_pass_move,
    pass_board,
    pass_legal_moves,
    read_pass_move,
)
from tutor.puzzles.wythoff.teach.hints import pass_hints
from tutor.puzzles.wythoff.teach.pass_reasons import (
    PASS_ALWAYS,
    PASS_FORGOTTEN,
    mistake,
    refutation,
    said,
    tells_pass,
    why,
)

SAMPLE = 3  # wrong moves offered to lint per position


def rules_of(game: WythoffGame) -> PassRules:
    """The game's pass rules (the source project's, on a game without the pass)."""
    return game.pass_rules if isinstance(game, PassGame) else PassRules()


def start_of(game: WythoffGame) -> PassPosition:
    """The one board, the pass still there."""
    x, y = pass_board(game)
    return (x, y, 1)


def _example(name: str, game: WythoffGame, args: Args) -> str | None:
    """A move the idea ``name`` makes here, when it does not win."""
    rules, start = rules_of(game), start_of(game)
    if name == PASS_ALWAYS:
        return PASS if can_pass(rules, start) and mistake(rules, start, PASS) == PASS_ALWAYS else None
    plain = [m for m in winning_moves(WYTHOFF, start[:2]) if mistake(rules, start, m) == PASS_FORGOTTEN]
    return format_pass_move(plain[0]) if plain else None


def _belief(name: str) -> Belief:
    return Belief(name, lambda g, a: _example(name, g, a),
                  lambda g, a, move: mistake(rules_of(g), start_of(g), move) == name,
                  lambda g, a, move: why(rules_of(g), start_of(g), move, "your opponent") + ".")


class PassMoveKind(AnswerKind[WythoffGame, PassMove]):
    """One move, the pass among them, that leaves the opponent a losing position."""

    name = "pass_move"
    description = ("a winning move from the position with the pass still there: 'F,S' taken from the first and "
                   "second pile, 'to X,Y', or 'pass'")
    beliefs = (_belief(PASS_FORGOTTEN), _belief(PASS_ALWAYS))

    def parse(self, game: WythoffGame, text: str, args: Args) -> PassMove:
        """``F,S``, ``to X,Y``, ``pass`` or one move in words; ``IllegalMove`` for a move the rules forbid."""
        return read_pass_move(rules_of(game), start_of(game), text.strip())[0]

    def judge(self, game: WythoffGame, text: str, args: Mapping[str, Any] = NO_ARGS) -> Verdict:
        """The verdict, saying first how a move written as the piles to leave was read."""
        verdict = super().judge(game, text, args)
        note = read_pass_move(rules_of(game), start_of(game), text.strip())[1]
        return replace(verdict, summary=f"{note}. {verdict.summary}") if note else verdict

    def format(self, game: WythoffGame, answer: PassMove, args: Args) -> str:
        """``pass`` or ``0,2``."""
        return format_pass_move(answer)

    def check(self, game: WythoffGame, answer: PassMove, args: Args) -> Verdict:
        """Winning when it leaves a losing position; a losing move is refuted with the opponent's answer, and
        named for the mistake behind it."""
        rules, start = rules_of(game), start_of(game)
        left = apply_pass_move(rules, start, answer)
        wins = pass_winning_moves(rules, start)
        canonical = format_pass_move(answer)
        data = {"position": list(start[:2]), "move": canonical if answer == PASS else list(answer),
                "result": list(left[:2]), "passes_left": left[2], "winning": pass_losing(rules, left),
                "outcome": "win" if wins else "lose"}
        if data["winning"]:
            kind = "one of plain Wythoff's losing pairs" if answer == PASS else "a losing position of the pass game"
            return Verdict(True, f"{canonical} wins: it leaves {said(left)}, {kind}",
                           "Every move your opponent makes from there hands you a winning position again.", data,
                           canonical)
        named = mistake(rules, start, answer)
        summary = f"{canonical} does not win: it leaves {said(left)}, a win for your opponent"
        if not wins:
            summary = f"{canonical} cannot win: {said(start)} is a losing position, no move wins"
        data = {**data, "misconception": named} if named else data
        return Verdict(False, summary, refutation(rules, start, answer), data, canonical, misconception=named)

    def reference(self, game: WythoffGame, args: Args) -> str | None:
        """The first winning move (the pass first, then fewest pennies taken); None from a losing position."""
        wins = pass_winning_moves(rules_of(game), start_of(game))
        return format_pass_move(wins[0]) if wins else None

    def wrong_answers(self, game: WythoffGame, args: Args) -> list[str]:
        """A few legal moves that do not win, the pass first when it is one."""
        rules, start = rules_of(game), start_of(game)
        wins = set(pass_winning_moves(rules, start))
        return [format_pass_move(m) for m in pass_legal_moves(rules, start) if m not in wins][:SAMPLE]

    def gives_away(self, game: WythoffGame, args: Args, text: str, learner: str = "") -> str | None:
        """Whether ``text`` says the pass wins here, when it does.  A move's ``F,S`` is read off no text (on the
        board, "(3, 3)" is no move 3,3), as for plain Wythoff's ``move``: the refutations never name a winning
        move, by construction."""
        wins = pass_winning_moves(rules_of(game), start_of(game))
        return "that the pass wins here" if PASS in wins and tells_pass(text, start_of(game)) else None

    def hints(self, game: WythoffGame, args: Args, text: str) -> Sequence[Hint]:
        """The position's ladder, the pass in it."""
        return pass_hints(rules_of(game), start_of(game))

    def completions(self, game: WythoffGame, args: Args, text: str) -> list[str]:
        """The pass and every legal move on a small board."""
        rules, start = rules_of(game), start_of(game)
        return [format_pass_move(m) for m in pass_legal_moves(rules, start)][:60]

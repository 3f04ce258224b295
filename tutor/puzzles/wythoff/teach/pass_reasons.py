"""Why a move in Wythoff with a pass throws a win away, with the opponent's answer that shows it: the reasons the
game against the computer and the ``pass_move`` answer kind share.

The learner's likely mistakes are named first: the pass made where it hands over a winning position of plain
Wythoff, and a pair of plain Wythoff reached while the pass is still there (the opponent passes and hands it
back).  The answer shown is one the engine computed, chosen where it can be so that it does not land on a
position a winning move from the learner's own position reaches: a counterexample never names the winning move.
"""

from __future__ import annotations

import re

from tutor.puzzles.wythoff.engine import is_losing
from tutor.puzzles.wythoff.engine.passing import pass_losing, pass_winning_moves
from tutor.puzzles.wythoff.rules import show_positions
from tutor.puzzles.wythoff.rules.passing import (
    PASS,
    WYTHOFF,
    PassMove,
    PassPosition,
    PassRules,
    apply_pass_move,
    describe_pass_move,
)

SENTENCE = re.compile(r"(?<=[.;:!?])\s+")
PASS_WINS = re.compile(r"\bpass(?:ing|es)?\b.*\b(?:wins|winning move|win)\b|\bwin\w*\b.*\bpass", re.IGNORECASE)
DENIED = re.compile(r"\b(?:not|no|never|cannot)\b|n't", re.IGNORECASE)
PASS_ALWAYS = "pass-always"  # the pass made where it hands over a winning position of plain Wythoff
PASS_FORGOTTEN = "pass-forgotten"  # a pair of plain Wythoff reached while the pass is still there


def tells_pass(text: str, pos: PassPosition) -> bool:
    """Whether ``text`` says the pass wins at ``pos``: a sentence that has the pass winning, says so of ``pos``
    (names its piles, or says "here") and denies nothing - not "where the pass wins" said of every position."""
    here = re.compile(rf"\bhere\b|\(\s*{pos[0]}\s*,\s*{pos[1]}\s*\)|\(\s*{pos[1]}\s*,\s*{pos[0]}\s*\)")
    return any(PASS_WINS.search(s) and here.search(s) and not DENIED.search(s) for s in SENTENCE.split(text))


def said(pos: PassPosition) -> str:
    """``(1, 3), the pass still there`` or ``(1, 2) in plain Wythoff``."""
    piles = show_positions((pos[:2],))
    return f"{piles}, the pass still there" if pos[2] else f"{piles} in plain Wythoff"


def mistake(rules: PassRules, start: PassPosition, move: PassMove) -> str | None:
    """The likely mistake behind a move that does not win: ``PASS_ALWAYS``, ``PASS_FORGOTTEN``, or None."""
    left = apply_pass_move(rules, start, move)
    if pass_losing(rules, left):
        return None
    if move == PASS:
        return PASS_ALWAYS
    return PASS_FORGOTTEN if left[2] and is_losing(WYTHOFF, left[:2]) else None


def why(rules: PassRules, start: PassPosition, move: PassMove, who: str) -> str:
    """Why ``move`` from ``start`` leaves ``who`` (the opponent) a winning position, by the mistake behind it."""
    left = apply_pass_move(rules, start, move)
    piles = show_positions((left[:2],))
    named = mistake(rules, start, move)
    if named == PASS_ALWAYS:
        return f"The pass hands {who} {piles} in plain Wythoff, which is not one of its losing pairs"
    if named == PASS_FORGOTTEN:
        return f"{piles} is one of plain Wythoff's losing pairs, but the pass is still there"
    if left[2]:
        return f"{piles} with the pass still there is not a losing position of the pass game"
    return f"{piles} is not one of plain Wythoff's losing pairs (the pass is used)"


def refutation(rules: PassRules, start: PassPosition, move: PassMove, who: str = "your opponent",
               played: PassMove | None = None) -> str:
    """Why ``move`` (which does not win) loses, and an answer of ``who`` that wins: ``played`` when it is one (the
    answer the computer made), else one chosen, where there is a choice, to leave a position that no winning move
    from ``start`` reaches."""
    left = apply_pass_move(rules, start, move)
    answers = pass_winning_moves(rules, left)
    targets = {apply_pass_move(rules, start, m) for m in pass_winning_moves(rules, start)}
    answer = played if played in answers else \
        next((a for a in answers if apply_pass_move(rules, left, a) not in targets), answers[0])
    then = apply_pass_move(rules, left, answer)
    reason = why(rules, start, move, who)
    if answer == PASS:
        return (f"{reason}: {who} can pass, and you face {show_positions((then[:2],))} in plain Wythoff, one of "
                "its losing pairs, where every move you make has an answer.")
    if then[:2] == (0, 0) and not (then[2] and rules.at_end):
        return f"{reason}: {who} can {describe_pass_move(answer)}, the last penny, and you lose."
    where = "a losing position of the pass game" if then[2] else "one of its losing pairs"
    return (f"{reason}: {who} can {describe_pass_move(answer)} and leave you {said(then)}, {where}, where every "
            "move you make has an answer.")


def thrown_away(rules: PassRules, start: PassPosition, move: PassMove, played: PassMove | None = None) -> str | None:
    """Why ``move`` from ``start`` (a win) hands the computer a win, with its answer (``played``, when the computer
    made a winning one); None when ``start`` was already lost or the move keeps the win."""
    if pass_losing(rules, start) or pass_losing(rules, apply_pass_move(rules, start, move)):
        return None
    return refutation(rules, start, move, "the computer", played)

"""What a Wythoff learner hears after a wrong answer: the mistake in their own list, how many entries are missing
and where (never which), hints that follow the learner's own answer and only get more specific, and true
sentences for every variant.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.course import load_file
from tutor.puzzles.answers import Level, rung
from tutor.puzzles.wythoff.engine import losing_splits
from tutor.puzzles.wythoff.rules import Rules, WythoffGame, format_pairs
from tutor.puzzles.wythoff.teach.kinds import KINDS
from tutor.shown import text_of

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "wythoff"
LESSONS = [load_file(p) for p in sorted(FOLDER.glob("*.toml"))]
LIST_STEPS = [pytest.param(step, id=f"{lesson.id}-{step.key}") for lesson in LESSONS for step in lesson.questions
              if step.label == "p_positions"]


def pair_text(pair: tuple[int, int]) -> str:
    return f"({pair[0]}, {pair[1]})"


@pytest.mark.parametrize("step", LIST_STEPS)
def test_a_partial_list_is_told_how_many_are_missing_and_where_never_which(step):
    truth = losing_splits(step.game.rules, step.args["min_total"], step.args["max_total"])
    for drop in ({1, len(truth) - 1}, {len(truth) - 1}, {0}):
        given = [p for i, p in enumerate(truth) if i not in drop]
        verdict = step.judge(format_pairs(given))
        assert not verdict.correct
        for i in drop:
            assert pair_text(truth[i]) not in verdict.detail, verdict.detail
        assert "missing" in verdict.detail


def test_a_missing_trap_is_placed_between_the_learners_own_entries():
    step = next(s for s in LESSONS[1].questions if s.title == "The traps up to 20 pennies")
    verdict = step.judge("(0,0) (1,2) (4,7) (6,10)")
    assert verdict.detail == "- 1 losing position is missing between (1, 2) and (4, 7)."


def test_no_false_inference_about_pile_sizes_for_a_equal_2():
    """Issue 20: "neither of its pile sizes is used by one, so no move reaches a losing position" is invalid for
    a = 2 ((2, 5) meets the premise and is not losing); a missing pair is now counted, not argued about."""
    step = next(s for s in LESSONS[4].questions if s.title == "The traps for a = 2")
    verdict = step.judge("(0, 0)")
    assert "no move reaches" not in verdict.detail and "pile sizes is used" not in verdict.detail
    assert "are missing after (0, 0)" in verdict.detail


@pytest.mark.parametrize("rules", [Rules(), Rules(2), Rules(1, misere=True)])
def test_list_ladder_gets_more_specific_and_follows_the_learners_list(rules):
    game = WythoffGame(misere=rules.misere, a=rules.a)
    args = {"min_total": 0, "max_total": 30}
    truth = losing_splits(rules, 0, 30)
    kind = KINDS["p_positions"]
    given = format_pairs([p for p in truth if p != truth[3]])
    ladder = [rung(h) for h in kind.hints(game, kind.arguments(args), given)]
    levels = [r.level for r in ladder]
    assert levels == sorted(levels) and levels[-1] is Level.REVEAL
    move = next(text_of(r.text) for r in ladder if r.level is Level.MOVE)
    assert f"the smaller pile {truth[3][0]}:" in move and pair_text(truth[3]) not in move
    assert not any(r.level is Level.MOVE for r in (rung(h) for h in kind.hints(game, kind.arguments(args), "")))

"""What a Wythoff learner hears after a wrong answer: the mistake in their own list, how many entries are missing
and where (never which), hints that follow the learner's own answer and only get more specific, and true
sentences for every variant.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tutor.course import load_file
from tutor.course.steps import Context
from tutor.errors import IllegalMove, InvalidNotation
from tutor.puzzles.answers import Level, rung
from tutor.puzzles.play import LEARNER
from tutor.puzzles.wythoff.engine import losing, losing_splits, remoteness, sum_winning_moves
from tutor.puzzles.wythoff.rules import (
    Rules,
    WythoffGame,
    apply_sum_move,
    describe_move,
    format_pairs,
    show_positions,
)
from tutor.puzzles.wythoff.teach.kinds import KINDS
from tutor.puzzles.wythoff.teach.play import PLAY
from tutor.puzzles.wythoff.teach.quantities import QUANTITIES
from tutor.screen.shown import text_of

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


# -- play: every blunder explained, the win that was thrown away shown once the game is over ----------------


def game_from(position: str, **rules):
    game = WythoffGame(position, **rules)
    return PLAY.start(game, PLAY.arguments({}), random.Random(0))


def test_a_blunder_is_answered_with_the_reply_that_now_wins():
    state = game_from("10,15")
    turn = PLAY.apply(state, (0, (0, 1)))  # (10, 14): not a trap
    said = " ".join(map(str, turn.replies))
    reply = sum_winning_moves(Rules(), ((10, 14),))[0]
    left = apply_sum_move(Rules(), ((10, 14),), reply)
    assert f"from (10, 14) it can {describe_move(reply[1])} and leave you {show_positions(left)}" in said


def test_a_lost_game_names_the_move_that_gave_the_win_away_and_the_one_that_kept_it():
    state = game_from("10,15")
    trail = [state]
    for _ in range(30):
        if PLAY.terminal(state):
            break
        move = (0, (0, 1)) if state.boards[0][1] else (0, (1, 0))
        state = PLAY.apply(state, move).state
        trail.append(state)
    assert PLAY.winner(state) != LEARNER
    (said,) = PLAY.hindsight(trail)
    best = sum_winning_moves(Rules(), ((10, 15),))[0]
    assert said.startswith("Your move 1 (0,1) from (10, 15) gave the win away.")
    assert f"To {describe_move(best[1])} would have kept it" in said
    assert losing(Rules(), apply_sum_move(Rules(), ((10, 15),), best))


def test_a_slow_win_is_noticed_with_the_fastest_length():
    state = game_from("10,15")
    trail = [state]
    while not PLAY.terminal(state):
        wins = sum_winning_moves(Rules(), state.boards)
        state = PLAY.apply(state, wins[-1]).state  # a winning move, the slowest of them
        trail.append(state)
    assert PLAY.winner(state) == LEARNER
    notes = PLAY.hindsight(trail)
    fastest = (remoteness(Rules(), (10, 15)) + 1) // 2
    assert len(state.moves) > fastest and notes and f"the fastest win from (10, 15) takes {fastest}" in notes[0]


def test_the_meter_says_whether_a_sure_win_is_in_reach():
    assert PLAY.meter(game_from("10,15")) == \
        f"On track: a sure win in {(remoteness(Rules(), (10, 15)) + 1) // 2} moves of yours."
    assert PLAY.meter(game_from("8,13")).startswith("Off track")


@pytest.mark.parametrize("position", ["10,15", "7,4", "2,5", "1,1 + 0,3"])
def test_play_hints_are_for_the_position_on_screen_and_only_get_more_specific(position):
    state = game_from(position)
    ladder = [rung(h) for h in PLAY.hints(state)]
    assert [r.level for r in ladder] == sorted(r.level for r in ladder)
    shown = show_positions(state.boards)
    assert shown in text_of(ladder[0].text) or len(state.boards) > 1


def test_author_hints_of_play_steps_name_no_position_but_the_start():
    """Issue 20: "From (4, 6) one move reaches (3, 5)" was shown while the learner stood at (2, 5)."""
    for lesson in LESSONS:
        for step in lesson.questions:
            if step.label != "play":
                continue
            for shown in step.authored_hints():
                hint = text_of(shown)
                assert not re.search(r"\bFrom \(\d+, \d+\)", hint), (lesson.id, hint)
                assert "value 2 and" not in hint, (lesson.id, hint)


# -- input in the learner's words ------------------------------------------------------------------------


@pytest.mark.parametrize(("position", "text", "move"), [("14,19", "8,13", (6, 6)), ("3,4", "1,2", (2, 2)),
                                                        ("3,4", "(1, 2)", (2, 2))])
def test_a_pair_that_is_no_move_is_read_as_the_piles_to_leave_and_says_so(position, text, move):
    game = WythoffGame(position)
    verdict = KINDS["move"].judge(game, text)
    assert verdict.correct and verdict.canonical == f"{move[0]},{move[1]}"
    assert verdict.summary.startswith(f"{text!r} is read as 'to ")
    turn = PLAY.play_text(game_from(position), text)
    assert str(turn.replies[0]).startswith(f"{text!r} is read as")


def test_a_legal_pair_keeps_its_meaning_and_neither_reading_is_refused():
    assert KINDS["move"].judge(WythoffGame("3,4"), "1,1").canonical == "1,1"
    with pytest.raises(IllegalMove, match="must be the same number from both piles"):
        KINDS["move"].judge(WythoffGame("3,4"), "2,1")


# -- wythoff-3: the golden ratio is the answer of a later step, so nothing names it before then -------------


@pytest.mark.parametrize("text", ["floor(k*x)", "floor(", "floor(k*", "round(k*1.6)", "2^k"])
def test_a_formula_refusal_names_no_constant(text):
    """Issue 20: wythoff-3 named phi in an error message ("allowed: k, phi, pi, ...") before the lesson reveals it."""
    with pytest.raises(InvalidNotation) as error:
        KINDS["conjecture"].parse(WythoffGame(), text, {"bound": 10})
    assert "phi" not in str(error.value) and "sqrt(5)" not in str(error.value)
    assert "phi" not in " ".join(KINDS["conjecture"].completions(WythoffGame(), {"bound": 10}, ""))


def test_a_short_bound_is_answered_with_a_short_decimal_not_the_golden_ratio():
    step = next(s for s in LESSONS[2].questions if s.title == "A first guess")
    told = text_of(step.told(step.enter(Context(LESSONS[2].id)).state))
    assert "sqrt" not in told and "phi" not in told and step.judge(told.split(": ", 1)[1]).correct
    later = next(s for s in LESSONS[2].questions if s.title == "Up to a thousand")
    assert "sqrt(5)" in text_of(later.reference())


def test_the_other_pile_of_the_right_pair_is_said_so():
    """'The number 2 belongs to losing pair number 1, which is (1, 2), not number 1' contradicted itself."""
    verdict = KINDS["conjecture"].judge(WythoffGame(), "ceiling(k*1.6)", {"bound": 10})
    assert "is the larger pile of that same pair, (1, 2)" in text_of(verdict.detail)
    assert "not number 1." not in text_of(verdict.detail)


def test_the_conjecture_ladder_only_gets_more_specific():
    for bound in (10, 1000):
        ladder = [rung(h) for h in KINDS["conjecture"].hints(WythoffGame(), {"bound": bound}, "")]
        assert [r.level for r in ladder] == sorted(r.level for r in ladder) and ladder[0].level is Level.NUDGE


def test_the_kth_ladder_only_gets_more_specific():
    for k in (9, 50, 1000):
        ladder = [rung(h) for h in KINDS["kth"].hints(WythoffGame(), {"index": k}, "")]
        assert [r.level for r in ladder] == sorted(r.level for r in ladder) and ladder[-1].level is Level.REVEAL


def test_a_game_too_long_is_refuted_without_the_whole_line_to_count():
    """The reply to 21 on (8, 13) wrote out all ten moves of best play: counting them gave the answer."""
    game = WythoffGame("8,13")
    q = QUANTITIES["remoteness"]
    value = q(game)
    for wrong in (value + 1, 2 * value, 100):
        said = q.refute(game, {}, value, wrong)
        assert said.count(" to (") < value and "(0, 0)" not in said and f"before move {wrong}" in said


@pytest.mark.parametrize(("position", "wrong"), [("4,6", 0), ("10,15", 2), ("1,1 + 0,3", 0), ("4,6", 14), ("4,6", 5)])
def test_a_wrong_count_of_winning_moves_gets_a_reason_not_a_bare_bound(position, wrong):
    """The docs' example lessons ask for winning_move_count: 'There are more than 0; each of these ...' listed the
    winning moves (the next step's answer) instead of saying what the count would mean."""
    game = WythoffGame(position)
    q = QUANTITIES["winning_move_count"]
    said = q.refute(game, {}, q(game), wrong)
    assert "more than" not in said.split(":")[0] or "losing positions one move from" in said
    for _, move in sum_winning_moves(game.rules, game.boards):
        assert f"{move[0]},{move[1]}" not in said and describe_move(move) not in said


@pytest.mark.parametrize("step", LIST_STEPS)
def test_no_reply_to_a_list_missing_one_pair_names_it(step):
    """The verdict and the lesson's own declared mistakes alike ('check (2, 2)' named the missing misère trap)."""
    truth = losing_splits(step.game.rules, step.args["min_total"], step.args["max_total"])
    lesson = next(lesson for lesson in LESSONS if step in lesson.steps)
    for missing in truth:
        if pair_text(missing) in text_of(step.text):
            continue  # the question itself shows it ("like (0, 0), (1, 2), ...")
        given = format_pairs([p for p in truth if p != missing])
        context = Context(lesson.id)
        outcome = step.respond(step.enter(context).state, given, context)
        said = "\n".join(text_of(r.text) for r in outcome.replies)
        assert pair_text(missing) not in said, (missing, said)


@pytest.mark.parametrize("rules", [Rules(misere=True), Rules(), Rules(2), Rules(2, misere=True)])
def test_the_difference_rule_in_hints_holds_for_the_variant(rules):
    """'the piles of pair number k differ by k' is false for the first two misère traps, (0, 1) and (2, 2)."""
    game = WythoffGame(misere=rules.misere, a=rules.a)
    said = text_of(rung(KINDS["kth"].hints(game, {"index": 1}, "")[0]).text)
    pairs = losing_splits(rules, 0, 60)
    if rules.misere and rules.a == 1:
        assert "from (3, 5) on" in said and all(y - x == k for k, (x, y) in enumerate(pairs) if k >= 2)
    else:
        extra = 1 if rules.misere else 0
        assert all(y - x == rules.a * k + extra for k, (x, y) in enumerate(pairs))


def test_no_success_text_repeats_the_verdict():
    """'✓ right: at (1, 2) the player to move loses' was followed by '✓ Right: every move from (1, 2) ...'."""
    for lesson in LESSONS:
        for step in lesson.questions:
            success = getattr(step, "success", None)
            assert not (success and text_of(success).lstrip().lower().startswith("right")), (lesson.id, step.key)

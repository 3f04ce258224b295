"""Every Wythoff quantity explains its value and refutes any wrong value with something the engine computed.

For each number and choice step of the lessons, several wrong values (off by
one both ways, 0, negative, huge, the declared mistakes, the famous wrong
answers named in issue 12) each get a reason that is not the bare refusal and
does not state the right value; list answers name every wrong and missing entry.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import quantity_name
from tests.lesson_text import prose
from tutor import puzzles
from tutor.course import load_file
from tutor.errors import IllegalMove
from tutor.puzzles.answers import rung
from tutor.puzzles.wythoff.engine import p_position, p_positions
from tutor.puzzles.wythoff.rules import Rules, WythoffGame, parse_move
from tutor.puzzles.wythoff.rules.passing import PassGame
from tutor.puzzles.wythoff.teach.hints import position_hints
from tutor.puzzles.wythoff.teach.pass_reasons import tells_pass
from tutor.puzzles.wythoff.teach.quantities import QUANTITIES
from tutor.screen.shown import text_of

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "wythoff"
LESSONS = [load_file(p) for p in sorted(FOLDER.glob("*.toml"))]
W = puzzles.get("wythoff")
FAMOUS = {("wythoff-2", "winning_total_count"): [7], ("wythoff-3", "kth_first"): [2618]}  # issue 12's bare refusals


def test_every_quantity_has_both_slots():
    assert {n for n, q in QUANTITIES.items() if q.explain is None or q.refute is None} == set()


def numeric_steps():
    for lesson in LESSONS:
        for step in (item for st in lesson.questions for item in st.items()):  # a practice step's items too
            if step.label in ("number", "choice"):
                yield pytest.param(lesson, step, id=f"{lesson.id}-{step.index + 1}-{quantity_name(step)}"
                                   + "".join(f"-{v}" for v in step.args.values() if isinstance(v, int)))


def wrong_values(lesson, step, value):
    if step.label == "choice":
        return [o for o in step.options if o.lower() != str(value).lower()]
    declared = [int(m.match) for m in step.mistakes if m.match and m.match.lstrip("-").isdecimal()]
    return sorted({value - 1, value + 1, 0, -1, 10**30, *declared, *FAMOUS.get((lesson.id, quantity_name(step)), [])}
                  - {value})


def states(value, reason: str) -> bool:
    """Whether ``reason`` states ``value`` as the answer ("is 8", "= 8", "lasts 10 moves", "8 safe totals")."""
    v = re.escape(str(value))
    claim = rf"(?:\bis|=|\blasts|\bare)\s+{v}\b(?!\.\d|[,)/\d]|\s*[-+*/])"  # "is 8", not "= 8 + 13"
    return bool(re.search(rf"{claim}|\b{v} (?:moves|safe|totals)\b", reason))


@pytest.mark.parametrize(("lesson", "step"), list(numeric_steps()))
def test_every_wrong_value_gets_a_reason_that_keeps_the_answer(lesson, step):
    quantity = QUANTITIES[quantity_name(step)]
    args = quantity.arguments(step.args)
    value = quantity(step.game, step.args)
    tried = wrong_values(lesson, step, value)
    assert len(tried) >= 4
    for wrong in tried:
        reason = quantity.refute(step.game, args, value, wrong)
        assert reason and "is not the answer" not in reason, (wrong, reason)
        assert not states(value, reason), (wrong, reason)
    explanation = quantity.explain(step.game, args, value)
    # the check above can fail: the explanations that give the number state it in a form it catches
    assert states(value, explanation) or quantity_name(step) in ("alpha", "winning_total_count"), explanation


def test_the_famous_wrong_answers_are_placed_by_the_engine():
    step = next(s for s in LESSONS[2].questions if quantity_name(s) == "kth_first")
    q = QUANTITIES["kth_first"]
    lo, hi = p_position(Rules(), step.args["index"])
    reason = q.refute(step.game, q.arguments(step.args), lo, hi)
    assert reason.startswith(f"{hi} is the larger pile of losing position number {step.args['index']}")
    step = next(s for s in LESSONS[1].questions if quantity_name(s) == "winning_total_count")
    q = QUANTITIES["winning_total_count"]
    safe = QUANTITIES["winning_totals"](step.game, step.args).split(", ")
    reason = q.refute(step.game, q.arguments(step.args), len(safe), len(safe) - 1)
    span = step.args["max_total"] - step.args["min_total"] + 1
    assert f"would leave {span - len(safe) + 1} of the {span} totals" in reason  # what the learner's count implies
    assert not all(t in reason for t in safe)  # the safe totals are not listed: that would be the answer
    q = QUANTITIES["alpha"]
    reason = q.refute(WythoffGame(), {}, "(1 + sqrt(5))/2", "8/5")
    assert "at k = 13 that gives 20" in reason and f"{p_position(Rules(), 13)}" in reason


def test_remoteness_reasons_follow_the_best_play_line():
    game = WythoffGame("8,13")
    q = QUANTITIES["remoteness"]
    value = q(game)
    short = q.refute(game, {}, value, value - 1)
    assert "past move" in short and "(1, 1)" not in short  # where the line stands would count the rest off
    assert "over before move" in q.refute(game, {}, value, value + 1)
    explained = q.explain(game, {}, value)
    assert explained.endswith(f"{value} moves in all.") and explained.count(" to (") == value


@pytest.mark.parametrize(("position", "wrong", "expected"), [
    ("1,1", 1, "can move to (1, 0), of value 1"),
    ("1,1", 0, "can move to (0, 0), of value 0"),
    ("1,1 + 0,3", 5, "adding them is not the same as XOR"),
    ("1,1 + 0,3", 0, "In the 1s column"),
])
def test_grundy_reasons(position, wrong, expected):
    game = WythoffGame(position)
    q = QUANTITIES["grundy"]
    assert expected in q.refute(game, {}, q(game), wrong)


# -- win or lose: the certificate, never the outcome stated --------------------------------------


@pytest.mark.parametrize(("position", "misere", "wrong"), [("1,2", False, "win"), ("5,5", False, "lose"),
                                                          ("3,5", False, "win"), ("0,1", True, "win")])
def test_outcome_refusals_give_a_reason_not_the_outcome(position, misere, wrong):
    game = WythoffGame(position, misere)
    verdict = W.check(game, "outcome", wrong)
    assert not verdict.correct
    said = verdict.summary + " " + verdict.detail
    assert "losing position" not in verdict.summary and "winning position" not in verdict.summary
    assert "the player to move wins" not in said and "the player to move loses" not in said
    assert "is a losing position" not in said and "is a winning position" not in said
    assert verdict.detail  # the certificate: a reply to every move, or how many moves leave a trap


# -- list answers: every wrong entry named with its reason, the missing ones counted and placed ---------------


def test_list_answers_name_each_wrong_and_missing_entry():
    step = next(s for s in LESSONS[1].questions if s.title == "The traps up to 20 pennies")
    verdict = W.check(step.game, "p_positions", "(0,0) (1,2) (3,5) (5,5) (6,10) (8,13)", step.args)
    lines = verdict.detail.splitlines()
    assert not verdict.correct and len(lines) == 3, verdict.detail
    assert "- (5, 5) is not losing: 3 moves from it reach a losing position." in lines  # which: maybe a missing one
    assert "- (8, 13) is losing (number 5), but it holds 21 pennies, outside 0 to 20." in lines
    assert "- 1 losing position is missing between (3, 5) and (6, 10)." in lines  # how many and where, not which
    assert "(4, 7)" not in verdict.detail


def test_totals_answers_name_each_total():
    game = WythoffGame()
    args = {"min_total": 20, "max_total": 30}
    verdict = W.check(game, "losing_totals", "21 22", args)
    assert "- 22 has no losing split" in verdict.detail
    assert "- 2 totals with a losing split are missing after 21." in verdict.detail and "24" not in verdict.detail
    q = QUANTITIES["winning_totals"]
    reason = q.refute(game, q.arguments(args), q(game, args), "21, 22")
    assert "21 is not safe: it splits as (8, 13)" in reason and "1 safe total is missing before 22" in reason


# -- input ----------------------------------------------------------------------------------------


def test_to_a_larger_pile_says_so():
    with pytest.raises(IllegalMove, match=r"'to 2,3': the second pile holds 1, so it cannot become 3"):
        parse_move("to 2,3", (2, 1))


# -- no give-away ------------------------------------------------------------------------------------


def test_ask_texts_do_not_contain_the_winning_move():
    for lesson in LESSONS:
        for step in lesson.questions:
            if step.label in ("move", "play", "pass_move") and step.game.start:
                with_pass = isinstance(step.game, PassGame)  # wythoff-9: the pass game's moves, "pass" among them
                kind = W.kind("pass_move" if with_pass else "move")
                move = kind.reference(step.game, {})
                if move == "pass":
                    assert not tells_pass(step.text, (*step.game.start[0], 1)), (lesson.id, step.title)
                elif move:
                    assert move not in step.text.replace("`", ""), (lesson.id, step.title, move)


def test_no_step_names_a_later_answer():
    """A reference answer of three characters or more never appears in the text, hints or feedback of an earlier
    step of its lesson (the golden ratio before wythoff-3 asks for it, the k-th pair before it is asked)."""
    for lesson in LESSONS:
        texts = list(prose(lesson))
        for step in (item for st in lesson.questions for item in st.items()):
            if step.label not in ("number", "choice", "kth"):
                continue
            answer = W.kind(step.label).reference(step.game, step.args) if step.label == "kth" else \
                str(QUANTITIES[quantity_name(step)](step.game, step.args))
            if len(answer) < 3:
                continue
            for where, text in texts:
                n = int(where.split()[2])
                if n <= step.index:
                    assert not re.search(rf"(?<![\d.]){re.escape(answer)}(?![\d.])", text), (where, answer)


def test_play_hints_do_not_teach_the_next_lessons_structure():
    """Hint 4 of wythoff-1's game used to give away wythoff-2's rules (each size once, differences k): the
    ladder for every position of that game counts winning moves instead."""
    step = next(s for s in LESSONS[0].questions if s.label == "play")
    (x, y), = step.game.start
    for board in [(i, j) for i in range(x + 1) for j in range(y + 1) if i + j]:
        ladder = [text_of(rung(h).text) for h in position_hints(Rules(), (board,))]
        assert not [h for h in ladder if "differ by" in h or "exactly one" in h], board


def test_wythoff_three_ratios_are_computed_and_every_size_is_stated_exactly():
    lesson = LESSONS[2]
    texts = dict(prose(lesson))
    table = texts["wythoff-3 step 2 text"]
    for k, (a, _) in enumerate(p_positions(Rules(), 12)[1:], 1):
        assert f"A_{k} / {k} = {a}/{k} = {100 * a // k // 100}.{100 * a // k % 100:02d}" in table
    assert "between 1.5 and 1.65" not in table
    assert "0 is the exception" in texts["wythoff-3 step 1 text"]

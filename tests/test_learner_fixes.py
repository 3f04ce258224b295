"""Regressions found by a learner trying the tutor over a simulated week (trial T2), each through
``Session.handle`` or ``tutor.cli.main``."""

from __future__ import annotations

import itertools
import json
import math
import re
from dataclasses import replace

from tests.helpers import new_session, run_tutor, text
from tutor import puzzles
from tutor.course.steps import Practice, Practising
from tutor.learner import bkt, targets
from tutor.learner.practice import Served
from tutor.screen.shown import text_of
from tutor.session import Session
from tutor.storage.clock import Stopped, parse


def serve(session: Session, variant: dict) -> Practice:
    """Put the practice step on screen at ``variant``'s item, as if it had been drawn (the only item served)."""
    step, state = session.step, session.state
    assert isinstance(step, Practice) and isinstance(state, Practising)
    item = step.pool.item(variant)
    served = Practising(item, variant, item.blank(), (Served(variant),), state.mastery)
    session.place = replace(session.place, state=served)
    return step


def engine_values(step: Practice, variant: dict, idea: str) -> tuple[object, object]:
    """The right value and misconception ``idea``'s, from a game loaded here from the lesson's parameters."""
    puzzle = puzzles.get(step.puzzle.name)
    assert step.pool.setting is not None
    params = {**step.pool.setting.lesson_params, **step.pool.setting.params, **variant}
    game = puzzle.load(params)
    quantity = puzzle.quantities[step.sample_item.computes.name]
    own = quantity.arguments(dict(step.pool.setting.args))
    found = next(m for m in quantity.misconceptions if m.name == idea)
    return quantity.compute(game, own), found.value(game, own)


def test_an_aimed_item_the_engine_cannot_serve_gives_way_to_the_next_aimed_one() -> None:
    # lightsout-6: "2" on the 2x3 flat board is the nullity; the smallest item that separates it (2x3 on a torus)
    # cannot be served, and the next item was a shuffled one (6x6 flat) instead of the next aimed (3x3 torus).
    session = new_session()
    session.handle("/open lightsout-6")
    session.handle("")
    missed = {"size": "2x3", "torus": False}
    step = serve(session, missed)
    out = " ".join(text(session.handle("2")).split())
    assert "2 is the nullity" in out, out
    assert session.state.record[-1].idea == "nullity-for-solutions"
    session.handle(text_of(session.state.item.reference()))
    served = session.state
    assert isinstance(served, Practising) and served.variant != missed
    right, given = engine_values(step, served.variant, "nullity-for-solutions")
    assert given is not None and given != right, (served.variant, right, given)
    # the smallest item of the whole space that separates the idea and that the step can serve (brute force)
    aimed = [v for v in step.pool.space() if v != missed and engine_values(step, v, "nullity-for-solutions")[1]
             not in (None, engine_values(step, v, "nullity-for-solutions")[0])]
    servable = [v for v in aimed if step.pool.answerable(step.pool.item(v))]
    assert len(servable) < len(aimed), "the case is one where an aimed item cannot be served"
    best = min(servable, key=lambda v: (targets.variant_size(v), targets.order_key(v)))
    assert served.variant == best, (served.variant, best)


def test_gods_practice_names_the_gods_and_diagnoses_identical_gods_counted_apart() -> None:
    # gods-7 read "The gods are True,False,Random"; 48 for True,False,False,Random (4! x 2, the two False gods told
    # apart) got no named misconception.
    session = new_session()
    session.handle("/open gods-7")
    session.handle("")
    variant = {"gods": "True,False,False,Random", "known_language": False}
    serve(session, variant)
    shown = " ".join(text(session.step.show(session.state)).split())
    assert "The gods are True, False, False and Random, one role each" in shown, shown
    labelled = len(list(itertools.permutations(range(4)))) * 2  # four gods told apart, ja meaning yes or no
    worlds = len(set(itertools.permutations(["True", "False", "False", "Random"]))) * 2
    assert labelled == 48 and worlds != labelled
    out = " ".join(text(session.handle(str(labelled))).split())
    assert "counts identical gods as different" in out and "two gods are False" in out, out
    assert session.state.record[-1].idea == "copies_told_apart"
    assert str(worlds) not in out.split("Mastery of")[0], out


def by_hand(p: float, correct: bool, chance: float, params: bkt.BktParams = bkt.DEFAULT) -> float:
    """Bayes' rule on one answer of an item whose chance of a lucky guess is ``chance``, then the chance to learn
    (knowledge tracing written out again)."""
    s, t = params.slip, params.learn
    g = chance if params.guess is None else params.guess
    known = p * (1 - s) if correct else p * s
    unknown = (1 - p) * g if correct else (1 - p) * (1 - g)
    post = known / (known + unknown)
    return post + (1 - post) * t


def test_a_right_answer_after_a_hint_says_why_mastery_fell() -> None:
    # wythoff-7: a right answer after hints took mastery from 26% to 18% with no word of why.
    session = new_session()
    session.handle("/open wythoff-7")
    session.handle("")
    out = " ".join(text(session.handle(text_of(session.state.item.reference()))).split())
    assert "Right" in out and "no evidence of mastery" not in out, out  # a right first try, no help: nothing to explain
    before = session.state.mastery
    session.handle("/hint")
    out = " ".join(text(session.handle(text_of(session.state.item.reference()))).split())
    shown = int(re.findall(r"Mastery of '[^']*': \[[#.]+\] (\d+)%", out)[0])
    assert shown == math.floor(100 * by_hand(before, False, session.step.chance())) < math.floor(100 * before), out
    assert "A right answer after a hint is no evidence of mastery yet: it counts as a miss." in out, out
    session.handle("/solution")
    session.handle("y")
    out = " ".join(text(session.handle(text_of(session.state.item.reference()))).split())
    assert "A right answer after a revealed answer is no evidence of mastery yet" in out, out


def test_the_last_hint_and_the_solution_of_a_practice_item_say_typing_it_finishes_the_item() -> None:
    session = new_session()
    session.handle("/open wythoff-7")
    session.handle("")
    said = " ".join(text([r for _ in session.step.ladder(session.state) for r in session.handle("/hint")]).split())
    assert "Type it in to finish this item." in said and "complete the step" not in said, said
    session.handle("/solution")
    said = " ".join(text(session.handle("y")).split())
    assert "Type it in (or your own) to finish this item." in said, said
    session.handle("/open coins-1")  # a step of its own still completes the step
    session.handle("/next")
    session.handle("/next")
    said = " ".join(text([r for _ in session.step.ladder(session.state) for r in session.handle("/hint")]).split())
    assert "Type it in to complete the step." in said, said


def test_the_wythoff_practice_misconceptions_name_the_k_on_screen() -> None:
    # "k more than its partner" and "k times 1.6" beside "losing position number 60".
    session = new_session()
    session.handle("/open wythoff-7")
    session.handle("")
    k = session.state.variant["args.index"]
    phi = (1 + math.sqrt(5)) / 2
    smaller, larger = math.floor(k * phi), math.floor(k * phi) + k  # A_k and B_k = A_k + k, by Wythoff's formula
    assert text_of(session.state.item.reference()) == str(smaller)
    said = " ".join(text(session.handle(str(larger))).split())
    assert f"{larger} is B_{k}" in said and " k more" not in said, said
    assert f"{k} more than its partner" not in said, said  # B_k less k is A_k: the answer, one step away (issue 29)
    said = " ".join(text(session.handle(str(k * 16 // 10))).split())
    assert f"is {k} times 1.6" in said and "k times" not in said, said
    assert f"Multiply {k} by the golden ratio" in " ".join(text(session.handle("/hint")).split())


def test_the_coin_play_says_who_turns_and_who_flips_and_which_table_is_left_out() -> None:
    session = new_session()
    session.handle("/open coins-1")
    session.handle("/next")
    session.handle("/next")
    said = " ".join(text(session.handle("2")).split())  # 3 tables up to turning, HH left out: 2
    assert "2 leaves out the table where the game is already over" in said, said
    session.handle("/next")
    said = " ".join(text(session.handle("01")).split())
    assert "You call 01. The Devil turns the table, then you flip. Still possible" in said, said
    assert "turns the table and flips" not in said


def test_a_review_of_the_coin_strategy_does_not_refer_to_a_game_just_played() -> None:
    clock = Stopped(parse("2026-03-01T09:00"))
    session = new_session(clock=clock)
    session.handle("/open coins-1")
    step = next(s for s in session.lesson.steps if "coins/build-doubling" in s.skills())
    for _ in range(step.index):
        session.handle("/next")
    assert "wins for every start" in text(session.handle(text_of(step.reference())) + session.handle(""))
    clock.moment = parse("2026-03-09T09:00")
    said = " ".join(text(session.handle("/review")).split())
    assert "Review 1 of 1" in said and "(coins-1; a question you have not answered)" in said, said
    assert "Write a whole sure win for" in said, said  # a fresh table, asked without the lesson's own words
    assert "just played" not in said and "just won" not in said, said


def test_tutor_progress_lists_lessons_in_course_order_as_lessons_does(tmp_path) -> None:
    env = {"TUTOR_HOME": str(tmp_path), "TUTOR_NOW": "2026-03-01T09:00"}
    assert run_tutor("start", "gods-1", stdin="/quit\n", env=env).returncode == 0
    assert run_tutor("start", "wythoff-1", stdin="/quit\n", env=env).returncode == 0
    shown = [line.split()[0] for line in run_tutor("progress", env=env).stdout.splitlines()
             if re.match(r"[a-z]+-\d+ ", line)]
    listed = re.findall(r"^\s*\d+\. (\S+)", text(new_session().handle("/lessons")), re.M)
    assert shown == listed and shown.index("wythoff-1") < shown.index("gods-1"), shown
    data = json.loads(run_tutor("progress", "--json", env=env).stdout)
    assert [row["lesson"] for row in data["lessons"]] == listed

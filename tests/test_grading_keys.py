"""Failure keys beyond coins (``tutor grade --summary`` clusters): a gods question tree's key is the engine's
colliding worlds and why, a Wythoff formula's the first k it fails at, a Wythoff pair's the pair as the engine
reads it; equal for two differently written answers that fail the same way, different for different failures.
Every answer is made from the engine's own (``graded_step``'s reference), never typed in."""

from __future__ import annotations

import json
import re

import pytest

from tests.helpers import bundled
from tutor.grading import graded_step, judge_answer
from tutor.puzzles.wythoff.engine import p_position
from tutor.screen.shown import text_of

CATALOG = bundled()
LEAF = re.compile(r"^(\s*)(da|ja|yes|no): (\S+=.*)$")


def step_and_answer(lesson: str):
    step = graded_step(CATALOG.find(lesson))
    return step, text_of(step.reference())


def keys(step, *answers: str) -> list[str]:
    rows = [judge_answer(step, text, f"l{i}", "f") for i, text in enumerate(answers)]
    assert all(r.verdict == "incorrect" for r in rows), [(r.verdict, r.summary) for r in rows]
    return [r.failure for r in rows]


def swap_leaves(tree: str, pair: int) -> str:
    """The tree with the two leaves of its ``pair``-th pair of sibling leaves swapped (a wrong plan)."""
    lines = tree.splitlines()
    pairs = [i for i in range(len(lines) - 1) if (a := LEAF.match(lines[i])) and (b := LEAF.match(lines[i + 1]))
             and a[1] == b[1]]
    i = pairs[pair]
    first, second = LEAF.match(lines[i]), LEAF.match(lines[i + 1])
    assert first and second
    lines[i], lines[i + 1] = (f"{first[1]}{first[2]}: {second[3]}", f"{second[1]}{second[2]}: {first[3]}")
    return "\n".join(lines)


def rewritten(tree: str) -> str:
    """The same tree written otherwise: twice the indentation, spaces after each line, a blank line between."""
    return "\n\n".join(re.sub(r"^( *)", lambda m: m[1] * 2, line) + "   " for line in tree.splitlines())


@pytest.mark.parametrize("lesson", ["gods-4", "gods-5"])
def test_a_question_tree_is_keyed_by_its_colliding_worlds(lesson: str) -> None:
    step, tree = step_and_answer(lesson)
    first, second = swap_leaves(tree, 0), swap_leaves(tree, -1)
    a, a_again, b = keys(step, first, rewritten(first), second)
    assert a == a_again and a != b
    named = 0
    for text, key in ((first, a), (second, b)):  # the key is the engine's counterexample, judged again
        verdict = step.judge(text)
        if verdict.misconception:  # a belief the plan holds is its key, as for every answer kind
            assert key == f"misconception {verdict.misconception}"
            named += 1
            continue
        found = verdict.data["counterexample"]
        assert key.startswith("counterexample ") and found["reason"] == "wrong"
        core = json.loads(key.removeprefix("counterexample "))
        assert core["reason"] == found["reason"]
        assert sorted(map(json.dumps, core["worlds"])) == sorted(map(json.dumps, found["remaining"]))
        assert found["world"] in core["worlds"]  # the world the wrong leaf is met in
    assert named < 2  # two leaves swapped where Random is never asked hold no belief: keyed by their worlds


def test_an_unfinished_tree_is_keyed_by_the_worlds_it_leaves_together() -> None:
    step, tree = step_and_answer("gods-4")
    lines = tree.splitlines()
    leaf = next(LEAF.match(line) for line in lines if LEAF.match(line))
    assert leaf is not None
    cut = "\n".join([lines[0], f"da: {leaf[3]}", *lines[lines.index("ja:"):]])  # the da branch asks nothing more
    indented = cut.replace("\n", "\n\n")
    ambiguous, again, wrong = keys(step, cut, indented, swap_leaves(tree, 0))
    assert ambiguous == again != wrong
    found = step.judge(cut).data["counterexample"]
    assert found["reason"] == "ambiguous" and len(found["remaining"]) > 1
    assert json.loads(ambiguous.removeprefix("counterexample "))["reason"] == "ambiguous"


@pytest.mark.parametrize("lesson", ["wythoff-3", "wythoff-5"])
def test_a_formula_is_keyed_by_the_first_k_it_fails_at(lesson: str) -> None:
    step, formula = step_and_answer(lesson)
    rules = step.game.rules
    plus_one = (f"({formula}) + 1", f"1 + {formula}")  # wrong wherever A_k is: from k = 0
    doubled = (f"2*({formula})", f"({formula})*2")  # wrong wherever A_k is not 0
    a, a_again, b, b_again = keys(step, *plus_one, *doubled)
    assert a == a_again and b == b_again and a != b
    first_nonzero = next(k for k in range(1, 100) if p_position(rules, k)[0] != 0)  # from the engine's table
    for key, k in ((a, 0), (b, first_nonzero)):
        core = json.loads(key.removeprefix("counterexample "))
        assert core["k"] == k and core["expected"] == list(p_position(rules, k))


@pytest.mark.parametrize("lesson", ["wythoff-2", "wythoff-4"])
def test_a_pair_is_keyed_by_the_pair_the_engine_reads(lesson: str) -> None:
    step, pair = step_and_answer(lesson)
    a, b = (int(n) for n in pair.split(","))
    one, one_again, two = keys(step, f"{a},{b + 1}", f"({b + 1}, {a})", f"{a + 1},{b}")
    assert one == one_again != two
    assert one == f"answer {step.judge(f'{b + 1}  ,  {a}').canonical}"  # the pair the engine reads, not the truth
    assert all(f"{a},{b}" not in key.replace(" ", "") for key in (one, two))

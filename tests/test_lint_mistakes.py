"""Declared mistakes that can never be said (``tutor.lint.mistakes``) and the pattern sampler behind the check
(``tutor.lint.samples``).  What lint claims is checked another way: a mistake it accepts is said by the step
itself (``Step.respond``) for some answer; one it refuses as matching only right answers is matched by no wrong
answer in a brute-force list of every short answer."""

from __future__ import annotations

import itertools
import random
import re
import string

import pytest

from tutor.course import bundled_root, load_roots
from tutor.course.model import Mistake, full_match
from tutor.course.steps.base import Context
from tutor.errors import TutorError
from tutor.lint import lint_paths
from tutor.lint.mistakes import interleaved, mistake_problems, tried
from tutor.lint.samples import Drawer, core, in_class, parsed, spliced, swapped
from tutor.screen.shown import text_of

PATTERNS = [r"(?:[\s,;]*[a-e]1)+[\s,;]*", r"(\s*0123\s*)+", r"ask\s+[abc]\s*:\s*(B|C) is (True|False)",
            r"[^()]{2,5}x?", r"\d{3}|[A-Z]+-\w", r"(?i)k\s*\*\s*1\.6+"]


@pytest.fixture(scope="module")
def catalog():
    return load_roots([bundled_root()])


@pytest.mark.parametrize("pattern", PATTERNS)
def test_every_drawn_string_is_matched_by_re2_and_by_python(pattern: str) -> None:
    drawn = Drawer(random.Random(1), ["floor(k*phi)", "a2 e2"]).samples(pattern, 20)
    assert len(drawn) >= 3, drawn
    for text in drawn:
        assert full_match(pattern, text) and re.fullmatch(pattern, text, re.I), (pattern, text)


def test_a_class_holds_the_characters_python_says_it_holds() -> None:
    for body in ("a-e1", "^\\n)", "\\s,;", "^)\\d", "\\W_", "^\\S#"):
        items = parsed(f"[{body}]")[0][1]
        for char in string.printable:
            assert in_class(char, items) == bool(re.fullmatch(f"[{body}]", char)), (body, char)


def test_a_wide_repeat_is_filled_from_the_pool_and_the_core_spliced_in() -> None:
    assert core(parsed(r".*\b1\.6\b.*")) is not None and core(parsed(r"a.*")) is not None
    assert core(parsed(r"\s*ask.*x")) is None  # \s* is not "anything"
    pool = ["floor(k*(1 + sqrt(5))/2)"]
    spliced_in = spliced(r".*\b1\.6\b.*", pool, random.Random(0))
    assert "floor(k*(1.6 + sqrt(5))/2)" in spliced_in and all("1.6" in s for s in spliced_in)
    assert "ask B: x" in swapped(["ask A: x", "B"], random.Random(0))  # a word another answer uses
    assert Drawer(random.Random(0), pool).samples(r"\pN+", 5) == []  # RE2-only syntax: nothing drawn, no crash


def test_the_answers_tried_are_bounded_and_the_same_each_run() -> None:
    long = [" ".join(f"{w}{i}" for i in range(300)) for w in ("a", "b", "c")]
    first = tried(r".*a1\b.*", long)
    assert first == tried(r".*a1\b.*", long)
    assert first[0] == long and all(len(group) <= 5000 for group in first[1:]) and len(first[3]) > 1000


def said(step, mistake: Mistake, answer: str) -> bool:
    """Whether the step itself, answered ``answer`` in a session, says this mistake."""
    outcome = step.respond(step.blank(), answer, Context("test"))
    return not outcome.done and any(text_of(step.fill(mistake.say)) in text_of(r.text) for r in outcome.replies)


def test_every_bundled_pattern_mistake_is_said_for_some_answer(catalog) -> None:
    checked = 0
    for lesson in catalog.ordered():
        for step in lesson.steps:
            candidates = step.answer_candidates() if step.mistakes else None
            for mistake in (m for m in step.mistakes if m.pattern and candidates is not None):
                answers = [mistake.example] if mistake.example else interleaved(tried(mistake.pattern, candidates))
                assert any(said(step, mistake, a) for a in answers if mistake.matches(a, a)), (lesson.id, step.key)
                checked += 1
    assert checked >= 10


def test_the_bundled_lessons_have_no_mistake_that_is_never_said(catalog) -> None:
    found = [(lesson.id, p) for lesson in catalog.ordered() for step in lesson.steps for p in mistake_problems(step)]
    assert found == []


def two_coin_answers(length: int = 4) -> list[str]:
    """Every strategy of up to ``length`` moves for two coins, written with single spaces."""
    moves = ["0", "1", "01"]
    return [" ".join(seq) for n in range(1, length + 1) for seq in itertools.product(moves, repeat=n)]


LESSON = """id = "t"
title = "T"
summary = "T."
puzzle = "coins"
[params]
coins = 2

[[steps]]
ask = "A strategy?"
answer = "strategy"

[[steps.mistakes]]
pattern = "{pattern}"
say = "No."
"""


@pytest.mark.parametrize(("pattern", "said_for_some"), [
    (r"01\\s+0\\s+01", False), (r".*[29].*", False), (r"0\\s+1\\s+0", True), (r"1\\s.*", True)])
def test_lint_refuses_a_pattern_exactly_when_no_short_wrong_answer_matches_it(tmp_path, pattern, said_for_some):
    path = tmp_path / "t.toml"
    path.write_text(LESSON.format(pattern=pattern), encoding="utf-8")
    _, problems = lint_paths([str(path)])
    step = load_roots([path]).lessons["t"].steps[0]
    mistake = step.mistakes[0]

    def wrong(answer: str) -> bool:
        try:
            return not step.judge(answer).correct
        except TutorError:
            return False
    brute = [a for a in two_coin_answers() if mistake.matches(a, a) and wrong(a)]  # independent of lint's search
    assert bool(brute) == said_for_some, brute
    assert bool([p for p in problems if "mistakes[1].pattern" in p]) != said_for_some, problems

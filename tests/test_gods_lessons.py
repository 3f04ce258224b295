"""The gods lessons: lint-clean, finishable with engine answers, mistakes named; the engine
facts they quote (example_*, first_worst_branch, solvable) re-derived by brute force."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import new_session, play_through, quantity_name, text
from tutor import puzzles
from tutor.course import Lesson, Step, fill, load_file
from tutor.maths.bits import members
from tutor.puzzles.answers import rung
from tutor.puzzles.gods.engine import shared_solver
from tutor.puzzles.gods.rules.lang import parse_asked
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.tree import parse_tree
from tutor.puzzles.gods.rules.worlds import answers
from tutor.puzzles.gods.teach.coach import open_places
from tutor.screen.shown import text_of

GODS_DIR = Path(__file__).resolve().parent.parent / "lessons" / "gods"
FILES = sorted(GODS_DIR.glob("*.toml"))
LESSONS = [load_file(p) for p in FILES]
GODS = puzzles.get("gods")

# Realistic texts for the mistakes declared by a regex (a `match` mistake is its own sample).
PATTERN_SAMPLES = {
    ("gods-4", "The whole plan"): "ask A: B is Random\nda:\n  ?\nja:\n  ?\n",
    ("gods-5", "Prove it with a plan"): "ask B: would you say ja to (you are True)\nda: -\nja: -\n",
}


def ask_steps(lesson: Lesson) -> list[Step]:
    return [s for s in lesson.steps if s.required]


def open_step(lesson: Lesson, step: Step):
    """A fresh session standing on ``step`` of ``lesson``."""
    session = new_session()
    session.handle(f"/open {lesson.id}")
    while session.place.step != step.index:
        session.handle("/next")
    here = session.step  # the same step, loaded by the session's own catalog
    assert here is not None and (here.index, here.title, here.text, here.args) == \
        (step.index, step.title, step.text, step.args)
    return session


# -- the lessons as files -------------------------------------------------------------


def test_ids_orders_and_file_names_follow_the_course():
    assert [les.id for les in LESSONS] == [f"gods-{i}" for i in range(1, len(LESSONS) + 1)]
    assert [les.order for les in LESSONS] == list(range(1, len(LESSONS) + 1))
    for path, les in zip(FILES, LESSONS, strict=True):
        assert re.fullmatch(rf"0?{les.order}-[a-z0-9-]+\.toml", path.name), path.name
        assert les.puzzle == "gods"


def test_every_asked_value_is_computed_by_the_engine():
    for les in LESSONS:
        for step in (item for st in ask_steps(les) for item in st.items()):  # a practice step's items too
            if step.label in ("number", "choice"):
                assert quantity_name(step) in GODS.quantities, (les.id, step.key)
            else:
                assert step.label in GODS.kind_names() and step.given is None, (les.id, step.key)


def test_puzzle_params_and_question_arguments_are_kept_apart():
    for les in LESSONS:
        assert set(les.params) <= {o.name for o in GODS.params}, les.id
        for step in les.steps:
            assert set(step.params) == {o.name for o in GODS.params}, (les.id, step.key)
            assert not set(step.args) & set(step.params), (les.id, step.key)
    quoted = {name for les in LESSONS for step in les.steps for name in step.args}
    assert quoted == {"example", "goal", "target", "to", "of", "plan", "opening", "size"}


# -- playing them ---------------------------------------------------------------------


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda les: les.id)
def test_lesson_can_be_completed_with_engine_answers(lesson):
    session = new_session()
    bundled = session.catalog.lessons[lesson.id]
    replies = play_through(session, bundled)
    assert "Lesson complete" in text(replies), text(replies[-6:])
    assert {s.index for s in bundled.questions} <= session.progress.completed(lesson.id)
    assert not [r for r in replies if r.kind in ("error", "wrong")], text(replies)


MISTAKES = [(les, step, i) for les in LESSONS for step in ask_steps(les) for i in range(len(step.mistakes))]


@pytest.mark.parametrize("lesson,step,i", MISTAKES,
                         ids=[f"{les.id}-{step.key}-m{i + 1}" for les, step, i in MISTAKES])
def test_declared_mistake_is_judged_wrong_and_names_its_misconception(lesson, step, i):
    mistake = step.mistakes[i]
    answer = mistake.match if mistake.match is not None else PATTERN_SAMPLES[(lesson.id, step.title)]
    session = open_step(lesson, step)
    replies = session.handle(answer)
    kinds = [r.kind for r in replies]
    assert "wrong" in kinds and "error" not in kinds, text(replies)
    said = fill(mistake.say, GODS, step.game, step.args)  # as the session fills it
    assert any(r.kind == "hint" and r.body == said for r in replies), text(replies)
    assert session.place.step == step.index


def test_tree_mistakes_get_a_counterexample_with_random_answering():
    les = LESSONS[3]
    step = next(s for s in les.steps if s.title == "The whole plan")
    trusting = step.mistakes[0].match
    session = open_step(les, step)
    replies = session.handle(trusting)
    board = next(r.text for r in replies if r.kind == "board")
    assert "A is Random and may say either word" in board
    ladder = [session.handle("/hint")[0].text for _ in range(len(step.hints) + 3)]
    assert ladder[len(step.hints)].startswith(f"hint {len(step.hints) + 1} of ")
    # the first rung names every failing place with the worlds reaching it (the lesson promises it), the rung
    # before the answer a move for each
    places = open_places(parse_tree(trusting, step.game.universe), shared_solver(step.game), 3, step.game.start)
    assert len(places) > 1
    for p in places:
        assert f"Line {p['line']}, after " in ladder[0] and f"Line {p['line']}, after " in ladder[-2]
        for w in p["remaining"]:
            assert "    " + " ".join(f"{g}={r}" for g, r in w.items()) in ladder[0]
    assert ladder[-2].count(": try ask ") == sum(p["finishable"] for p in places)
    assert ladder[-1].startswith(f"hint {len(step.hints) + 3} of {len(step.hints) + 3}: The answer")


def test_warm_up_hints_and_verdicts_do_not_talk_about_random():
    les = LESSONS[0]
    params = les.params
    assert "Random" not in params["gods"] and params["known_language"]
    game = GODS.load(params)
    question, tree = GODS.kind("question"), GODS.kind("tree")
    ladder = question.hints(game, question.arguments({}), "ask A: you are True")
    assert not any("Random" in text_of(rung(h).text) for h in ladder)
    ok = GODS.check(game, "tree", text_of(tree.reference(game, tree.arguments({})) or ""))
    assert ok.correct and "Random" not in ok.summary


def test_da_ja_lesson_shows_sympy_cancelling_the_two_flips():
    les = LESSONS[1]
    step = next(s for s in les.steps if s.title == "Two unknowns that cancel")
    shown = fill(step.text, GODS, step.game, step.args).text
    assert "A_False ^ A_True ^ ~ja_yes" in shown
    assert "A answers 'ja' exactly when: A_True" in shown
    assert shown.count("ja=yes") == 2 and shown.count("ja=no") == 2


def test_yes_branch_in_a_da_ja_plan_is_one_clear_error():
    game = GODS.load({"gods": "True,False"})
    with pytest.raises(Exception, match="the gods answer 'da' or 'ja' here, not 'yes'"):
        GODS.check(game, "tree", "ask A: A is True\nyes: A=True B=False\nno: A=False B=True")


# -- the engine facts the lessons quote, re-derived -------------------------------------------


def brute_first_worst(game) -> int:
    """min over every first question (a god and ANY subset of the worlds) of the worse branch."""
    u = game.universe
    best = None
    for g in range(len(u.gods)):
        for subset in range(1 << u.size):
            first, second = answers(u, g, subset, u.full)
            worst = max(len(u.identity_set(first)), len(u.identity_set(second)))
            best = worst if best is None else min(best, worst)
    return best or 0


@pytest.mark.parametrize("variant", [{}, {"gods": "True,False"}, {"gods": "True,Random", "known_language": True},
                                     {"gods": "True,False,Random", "known_language": True},
                                     {"gods": "True,True,Random"}])
def test_first_worst_branch_matches_every_first_question(variant):
    game = GODS.load(variant)
    assert GODS.compute(game, "first_worst_branch") == brute_first_worst(game)


def test_classic_first_worst_branch_exceeds_what_one_question_separates():
    game = GODS.load({})
    assert GODS.compute(game, "first_worst_branch") > 2 ** (GODS.compute(game, "min_questions") - 2)


def test_solvable_agrees_with_the_solver():
    assert GODS.compute(GODS.load({"gods": "True,Random", "known_language": True}), "solvable") == "no"
    assert GODS.compute(GODS.load({}), "solvable") == "yes"


EXAMPLES = [
    ({"gods": "True,False"}, "ask A: you are True"),
    ({"gods": "True,False"}, "ask A: would you say ja to (A is True)"),
    ({"gods": "True,False", "known_language": True}, "ask A: A is True or A is False"),
    ({}, "ask A: would you say ja to (B is Random)"),
    ({}, "ask A: B is Random"),
    ({}, "ask C: would you say da to (A is True xor ja means yes)"),
    ({"worlds": "C is not Random"}, "ask C: would you say ja to (A is Random)"),
]


@pytest.mark.parametrize("variant,example", EXAMPLES, ids=[e for _, e in EXAMPLES])
def test_example_condition_agrees_with_each_world(variant, example):
    """sympy's simplified condition, evaluated in every non-Random world, gives the spoken word."""
    import sympy

    from tutor.puzzles.gods.theory import valuation

    game, args = GODS.load(variant), {"example": example}
    u = game.universe
    god, question = parse_asked(example, u)
    g = u.god_index(god)
    condition = GODS.compute(game, "example_condition", args)
    start = game.start
    says_first = first_word_mask(question, u, g)
    for i in members(start & ~u.random(g)):
        if condition in ("always", "never"):
            value = condition == "always"
        else:
            names = {str(s): s for s in valuation(u, i)}
            expr = sympy.sympify(condition, locals=names)  # engine output, not learner text
            value = bool(expr.xreplace(valuation(u, i)))
        assert value == bool(says_first >> i & 1), (u.world_text(i), condition)
    table = GODS.compute(game, "example_table", args)
    assert isinstance(table, str) and table.count("\n") >= 4 + start.bit_count()


@pytest.mark.parametrize("variant,example", EXAMPLES, ids=[e for _, e in EXAMPLES])
def test_example_branch_facts_by_brute_force(variant, example):
    game, args = GODS.load(variant), {"example": example}
    u = game.universe
    god, question = parse_asked(example, u)
    g = u.god_index(god)
    start = game.start
    for which, word in (("first", 0), ("second", 1)):
        # a world reaches an answer if the god may say that word there: Random both, others one
        reach = [i for i in members(start)
                 if u.worlds[i].roles[g] == "Random" or bool(first_word_mask(question, u, g) >> i & 1) == (word == 0)]
        assignments = {u.worlds[i].roles for i in reach}
        assert GODS.compute(game, f"example_left_{which}", args) == len(assignments)
        safe = [name for k, name in enumerate(u.gods) if reach and all(u.worlds[i].roles[k] != "Random" for i in reach)]
        assert GODS.compute(game, f"example_not_random_{which}", args) == (", ".join(safe) or "none")
    meets = GODS.check(game, "question", example).correct
    assert GODS.compute(game, "example_meets_goal", args) == ("yes" if meets else "no")


def test_example_quantities_need_an_example():
    from tutor.errors import TutorError

    with pytest.raises(TutorError, match="needs the parameter 'example'"):
        GODS.compute(GODS.load({}), "example_table")
    with pytest.raises(TutorError, match="example"):
        GODS.compute(GODS.load({}), "example_table", {"example": "ask D: A is True"})


def test_brute_force_helper_is_not_vacuous():
    # the classic puzzle: 2 Random assignments plus half of 4; two gods True/False: a perfect split
    assert brute_first_worst(GODS.load({})) == 4
    assert brute_first_worst(GODS.load({"gods": "True,False"})) == 1

"""Every gods quantity explains its value and refutes any wrong one, with something the engine computed,
checked here a second way: the objects a count lists against a brute-force enumeration of the worlds, a
plan a refutation shows against the verifier, a world a choice refutation names against the table."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from pathlib import Path

import pytest

from tests.helpers import quantity_name
from tests.lesson_text import numbers
from tutor import puzzles
from tutor.course import Lesson, Step, load_file
from tutor.errors import InvalidNotation
from tutor.maths.bits import members
from tutor.puzzles.gods.engine import shared_solver
from tutor.puzzles.gods.engine.verify import verify
from tutor.puzzles.gods.rules.lang import parse_asked
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.tree import depth, parse_tree
from tutor.puzzles.gods.rules.worlds import answers
from tutor.puzzles.options import resolve

GODS = puzzles.get("gods")
LESSONS = [load_file(p) for p in sorted((Path(__file__).resolve().parent.parent / "lessons" / "gods").glob("*.toml"))]
BARE = re.compile(r"is not the answer")
LISTED = re.compile(r"^    (\S+=\S+(?: \S+=\S+)*)$", re.MULTILINE)  # one listed world or assignment per line


def brute_worlds(game) -> list[str]:
    """Every world of the variant, enumerated with itertools (not the engine's universe)."""
    gods = "ABCDE"[: len(game.roles)]
    orders = sorted(set(itertools.permutations(game.roles)))
    langs = [""] if game.known_language else [" ja=yes", " ja=no"]
    return [" ".join(f"{g}={r}" for g, r in zip(gods, o, strict=True)) + lang for o in orders for lang in langs]


def brute_assignments(game) -> list[str]:
    return sorted({re.sub(r" ja=\w+", "", w) for w in brute_worlds(game)})


def steps_asking_numbers() -> list[tuple[Lesson, Step]]:
    return [(les, st) for les in LESSONS for st in les.steps if st.label in ("number", "choice")]


def items_asking_numbers() -> list[tuple[Lesson, Step]]:
    """What those steps ask: each step itself, a practice step's items from smallest to largest."""
    return [(les, item) for les, st in steps_asking_numbers() for item in st.items()]


def item_id(x) -> str:
    """A test id: the lesson, or the step and, for a practice item, its gods."""
    return getattr(x, "id", "") or f"{x.key}-{x.params['gods']}-{'known' if x.params['known_language'] else 'daja'}"


def wrong_values(step: Step, value) -> list:
    """Off by one both ways, 0, negative, huge, and the lesson's declared mistakes (number steps); every other
    option (choice steps)."""
    if step.label == "choice":
        return [o for o in step.options if o.lower() != str(value).lower()]
    declared = {int(m.match) for m in step.mistakes if m.match and m.match.strip().isdigit()}
    return sorted({value - 1, value + 1, 0, -1, 10**6, *declared} - {value})


def leaks(value: int, reason: str) -> bool:
    """Whether a refutation states the right value: any mention of it once it is past the small numbers that
    certificates need anyway (2 answer sequences, 1 question), else a mention as the count itself."""
    if value > 3:
        return value in [n for n, _ in numbers(reason)]
    stated = rf"\b(?:is|are|needs?|takes?|exactly|only) {value}(?![\w^])|\b{value} (?:is|are) (?:the|right)"
    return bool(re.search(stated, reason))


def refutation(step: Step, wrong):
    q = GODS.quantities[quantity_name(step)]
    args = q.arguments(step.args)
    value = q.compute(step.game, args)
    return q, args, value, q.refute(step.game, args, value, wrong)


# -- the slots ----------------------------------------------------------------------------------------


def test_every_gods_quantity_fills_both_slots():
    missing = [n for n, q in GODS.quantities.items() if q.explain is None or q.refute is None]
    assert missing == []


@pytest.mark.parametrize("lesson,step", items_asking_numbers(), ids=item_id)
def test_every_wrong_value_gets_a_computed_reason(lesson, step):
    q = GODS.quantities[quantity_name(step)]
    args = q.arguments(step.args)
    value = q.compute(step.game, args)
    explained = q.explain(step.game, args, value)
    assert explained.strip() and not BARE.search(explained)
    for wrong in wrong_values(step, value):
        reason = q.refute(step.game, args, value, wrong)
        assert reason.strip() and not BARE.search(reason), (step.key, wrong)
        assert str(wrong) in reason, (step.key, wrong, reason)  # it answers what the learner typed
        if step.label == "number":  # a count is refuted without its value (the learner may try again)
            assert not leaks(value, reason), (step.key, wrong, reason)
        check_certificate(step, q.name, args, value, wrong, reason)


def check_certificate(step: Step, name: str, args, value, wrong, reason: str) -> None:
    """The thing the reason names, checked independently of the code that wrote it."""
    game = step.game
    listed = LISTED.findall(reason)
    if name in ("worlds", "assignments", "start_worlds", "example_left_first"):
        universe = {"worlds": brute_worlds(game), "assignments": brute_assignments(game)}.get(name)
        if name == "start_worlds":
            universe = [game.universe.world_text(i) for i in members(game.start)]
        if name == "example_left_first":
            universe = example_branch_assignments(game, args["example"], 0)
        assert len(set(listed)) == len(listed) and set(listed) <= set(universe), reason
        if wrong >= 0:
            # too few: more distinct objects than claimed; too many: how one is made and one of them for its form,
            # never the whole set (the learner could count it off the screen)
            # (one short: listing one more than the count would list them all, so the same as too many)
            if wrong + 1 < len(universe):
                assert len(listed) > wrong
            else:
                assert len(listed) == 1 and ("fewer" if wrong >= len(universe) else "there are more.") in reason
    elif name in ("min_questions", "start_min_questions"):
        if wrong > value:
            # the shorter plan is described, not listed (a later step may ask for it): check that one exists
            assert not any(line.startswith("  ") for line in reason.splitlines()), reason
            assert f"fewer than {wrong:,} questions" in reason
            solver = shared_solver(game)
            start = game.start if name == "start_min_questions" else game.universe.full
            assert solver.solvable(solver.items_of(start), min(wrong - 1, args["limit"]))
        elif wrong >= 0:
            assert "cannot work" in reason
            n = len(game.universe.identity_set(game.start if name == "start_min_questions" else game.universe.full))
            if "counting" in reason:
                assert 2 ** wrong < n
    elif name == "lower_bound":
        n = len(game.universe.identities)
        if 0 <= wrong < value:
            assert 2 ** wrong < n and f"{n} possibilities" in reason
    elif name == "example_condition":
        match = re.search(r"in the world (.+?), (\w) answers '(\w+)'", reason)
        assert match, reason
        world, god, said = match.groups()
        u = game.universe
        i = [u.world_text(k) for k in range(u.size)].index(world)
        _, question = parse_asked(args["example"], u)
        says_first = first_word_mask(question, u, u.god_index(god)) >> i & 1
        assert said == u.words[0 if says_first else 1]
    elif name.startswith("example_not_random"):
        match = re.search(r"(\w) may still be Random: in the world (.+?), ", reason)
        if wrong != "none":
            assert match and match.group(1) == wrong, reason
            assert f"{wrong}=Random" in match.group(2)
            assert match.group(2) in [w for w in brute_worlds(game)]
    elif name == "solvable":
        assert ("never be told apart" in reason) == (value == "no")
    elif name == "first_worst_branch" and wrong > value:
        # the better question's sides, but never one as long as the answer (counting it would give the answer)
        sides = re.findall(r"after '\w+': (.+)", reason)
        assert f"leaves fewer than {wrong} after either answer" in reason, reason
        assert all(value != len(side.split(", ")) < wrong for side in sides), reason


def example_branch_assignments(game, example: str, which: int) -> list[str]:
    u = game.universe
    god, question = parse_asked(example, u)
    s = answers(u, u.god_index(god), first_word_mask(question, u, u.god_index(god)), game.start)[which]
    return sorted({re.sub(r" ja=\w+", "", u.world_text(i)) for i in members(s)})


def test_the_issues_bare_refusals_now_have_reasons():
    """gods-1 '1' (the assignments), named in issue 12; and the declared mistakes get reasons of their own."""
    les = LESSONS[0]
    step = next(s for s in les.steps if quantity_name(s) == "assignments")
    _, _, _value, reason = refutation(step, 1)
    # one short of the 2 assignments: how one is made and one for its form, not both (that would be the answer)
    listed = LISTED.findall(reason)
    assert "there are more." in reason and len(listed) == 1 and set(listed) < set(brute_assignments(step.game))
    four = refutation(step, 4)[3]
    assert "share a role" in four and "A=True B=True" in four


def test_report_wrong_answers_tried_per_lesson(capsys):
    """Counts for the report: every wrong value tried gets a reason."""
    tried: Counter[str] = Counter()
    explained: Counter[str] = Counter()
    for les, step in items_asking_numbers():
        q = GODS.quantities[quantity_name(step)]
        args = q.arguments(step.args)
        value = q.compute(step.game, args)
        for wrong in wrong_values(step, value):
            tried[les.id] += 1
            explained[les.id] += bool(q.refute(step.game, args, value, wrong).strip())
    assert tried == explained and set(tried) == {les.id for les, _ in steps_asking_numbers()}
    print({les: f"{explained[les]}/{tried[les]}" for les in tried})


# -- more quantities, more variants ---------------------------------------------------------------------


VARIANTS = [
    {"gods": "True,False"}, {"gods": "True,False", "known_language": True},
    {"gods": "True,False,False", "known_language": True}, {"gods": "True,Random", "known_language": True},
    {"gods": "True,False,Random"}, {"gods": "True,False,Random", "known_language": True},
    {"gods": "True,False,Random", "identify_language": True}, {"gods": "True,True,Random"},
    {"gods": "True,Random,Random"}, {"gods": "False,False,Random", "known_language": True},
]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(f"{k}={v[k]}" for k in v))
def test_every_count_quantity_refutes_any_wrong_value_in_every_variant(variant):
    game = GODS.load(variant)
    word = game.universe.words[0]
    example = {"example": f"ask A: would you say {word} to (B is Random)"}
    for name in ("worlds", "assignments", "identities", "lower_bound", "min_questions", "first_questions",
                 "working_first_questions", "working_first_splits", "language_free_first_splits", "start_worlds",
                 "start_min_questions", "first_worst_branch", "example_left_first", "example_left_second"):
        q = GODS.quantities[name]
        args = q.arguments(example)
        value = int(q.compute(game, args))
        assert q.explain(game, args, value).strip()
        for wrong in sorted({value - 1, value + 1, 0, -5, 2 * value + 3} - {value}):
            reason = q.refute(game, args, value, wrong)
            assert reason.startswith(f"Not {wrong}") or str(wrong) in reason, (name, wrong, reason)
            assert not leaks(value, reason), (name, wrong, reason)


def test_working_first_counts_per_god_add_up_and_match_a_brute_force_count():
    game = GODS.load({})
    solver = shared_solver(game)
    per = solver.working_first_per_god(3)
    totals = solver.working_first(3)
    assert {k: sum(v) for k, v in per.items()} == {k: totals[k] for k in per}
    # brute force over the seed's model for god A: every subset of the 12 worlds
    u = game.universe
    ok = 0
    for subset in range(1 << u.size):
        a, b = answers(u, 0, subset, u.full)
        ok += solver.solvable(solver.items_of(a), 2) and solver.solvable(solver.items_of(b), 2)
    assert per["questions"][0] == ok
    reason = GODS.quantities["working_first_questions"].refute(game, {"limit": 6}, totals["questions"],
                                                               totals["splits"])
    assert "distinct splits" in reason and str(totals["questions"]) not in reason


# -- the sweep: explanations agree with verdicts ----------------------------------------------------------


ROLE_SETS = sorted({roles for n in (2, 3) for roles in itertools.combinations_with_replacement(("True", "False",
                                                                                                "Random"), n)})
SWEEP = [{"gods": ",".join(roles), "known_language": known} for roles in ROLE_SETS for known in (True, False)]
SWEEP += [{"gods": "True,False,Random", "identify_language": True}, {"gods": "True,False,Random,True"}]


def run(command, game):
    """One command as the command line runs it, with its default options."""
    return command.run(game, resolve(command.options, {}, command.name))


@pytest.mark.parametrize("variant", SWEEP, ids=lambda v: ",".join(f"{k}={v[k]}" for k in v))
def test_sweep_explanations_agree_with_verdicts(variant):
    game = GODS.load(variant)
    analyze, solve = (run(GODS.commands[name], game) for name in ("analyze", "solve"))
    k = analyze.data["min_questions"]
    assert solve.data["questions"] == k
    n = len(game.universe.identities)
    assert analyze.data["lower_bound"] == (math.ceil(math.log2(n)) if n > 1 else 0)
    explained = GODS.quantities["min_questions"].explain(game, {"limit": 6}, k or 0)
    solvable = GODS.compute(game, "solvable")
    why = GODS.quantities["solvable"].explain(game, {"limit": 6}, solvable)
    if k is None:  # never solvable: every text says so, none shows a plan
        assert solvable == "no" and why.startswith("No.") and "shortest plan" not in analyze.text
        assert analyze.data["proved_never"] and "never be told apart" in analyze.text and "never be told apart" in why
        assert solve.exit_code == 1 and solve.data["tree"] is None
        return
    assert solvable == "yes" and why.startswith(f"Yes: this plan of {k} question")
    assert f"shortest plan: {k} question" in analyze.text and "no number of questions" not in analyze.text
    tree = parse_tree(solve.data["tree"], game.universe)
    assert verify(tree, game.universe, k) is None and depth(tree) == k
    if k > 0:
        assert explained.startswith(f"{k} question") and f"why {k - 1} cannot suffice" in analyze.text
        shown = parse_tree("\n".join(x for x in explained.splitlines() if x.startswith("  ")), game.universe)
        assert verify(shown, game.universe, k) is None
        assert "cannot work" in GODS.quantities["min_questions"].refute(game, {"limit": 6}, k, k - 1)
        assert "finds no" in analyze.text
    if "Random" not in game.roles:
        assert "Random" not in analyze.text.split("Outside this model")[0]


# -- plans: impossible leaves ------------------------------------------------------------------------------


@pytest.mark.parametrize("leaf,why", [
    ("A=True B=True C=True", "A, B and C are all True, but only one god is True"),
    ("A=True B=Random C=Random", "B and C are both Random, but only one god is Random"),
    ("A=False B=False C=Random", "A and B are both False, but only one god is False"),
])
def test_a_leaf_no_world_has_is_flagged(leaf, why):
    game = GODS.load({})
    plan = f"ask A: would you say ja to (B is Random)\nda: {leaf}\nja: ?"
    with pytest.raises(InvalidNotation, match=re.escape(why)):
        GODS.check(game, "tree", plan)


def test_a_leaf_with_a_role_the_variant_lacks_is_flagged_and_repeated_roles_are_allowed_where_they_exist():
    game = GODS.load({"gods": "True,Random,Random"})
    with pytest.raises(InvalidNotation, match="B is False, but no god is False"):
        GODS.check(game, "tree", "ask A: you are True\nda: A=True B=False C=Random\nja: ?")
    GODS.kind("tree").parse(game, "ask A: you are True\nda: A=True B=Random C=Random\nja: ?", {})


# -- through the session, as a learner meets them ---------------------------------------------------------


@pytest.mark.parametrize("lesson,step", steps_asking_numbers(), ids=lambda x: getattr(x, "key", getattr(x, "id", "")))
def test_a_learner_gets_the_reason_for_every_wrong_value(lesson, step):
    """Driven through Session.handle: each wrong value's reply names the misconception that gives it, or else
    carries the refutation the engine computed."""
    from tests.helpers import new_session, text

    session = new_session()
    session.handle(f"/open {lesson.id}")
    while session.place.step != step.index:
        session.handle("/next")
    step = step.on_screen(session.state)  # a practice step's item served
    q, args, value, _ = refutation(step, 0)
    for wrong in wrong_values(step, value):
        typed = "10^6" if wrong == 10**6 else str(wrong)  # an expression the tutor writes is read as a number
        shown = text(session.handle(typed))
        idea = q.diagnose(step.game, args, value, wrong)  # a misconception that gives this value is named first
        reason = idea.says(step.game, args, wrong) if idea else q.refute(step.game, args, value, wrong)
        assert reason.splitlines()[0] in shown, (step.key, typed, shown)
        assert session.place.step == step.index

"""The step classes' conformance suite, over every step of every bundled lesson: entered, shown, answered right
(by what the step says makes progress) and wrong, hinted, revealed, referenced and linted, each through the
step's own methods, with the progress events an outcome carries checked by type.

And the rule that makes the classes worth having: outside ``tutor/course/steps`` no module asks a step what
kind it is (an AST scan of the package).
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from tests.helpers import bundled
from tutor.course import Lesson, Step
from tutor.course.steps import Computed, Context, Game, Goal, Outcome, Practice, StepState, Written
from tutor.course.steps.kinds import all_kinds
from tutor.errors import TutorError
from tutor.progress.events import Attempt, GameMoves
from tutor.puzzles.answers import Level
from tutor.screen.shown import ReplyKind, text_of

ROOT = Path(__file__).resolve().parent.parent
CATALOG = bundled()
CASES = [(lesson, step) for lesson in CATALOG.ordered() for step in lesson.steps]
IDS = [f"{lesson.id}-{step.key}" for lesson, step in CASES]


def context(lesson: Lesson) -> Context:
    return Context(lesson.id, 1.5, random.Random(7))


def play_right(step: Step, lesson: Lesson) -> tuple[StepState, list[Outcome]]:
    """Type what the step says makes progress until it is done (or left), from a fresh start."""
    entered = step.enter(context(lesson))
    state, outcomes = entered.state, []
    tries = step.explore + 2 if isinstance(step, Game) else 8 if isinstance(step, Practice) else 2  # items to mastery
    for seed in range(tries):
        line = step.sample(state, seed)
        assert line is not None, f"{step.key}: nothing to type"
        outcome = step.respond(state, line, context(lesson))
        outcomes.append(outcome)
        state = outcome.state if outcome.state is not None else state
        if outcome.done or outcome.advance:
            return state, outcomes
    said = [text_of(r.body) for o in outcomes for r in o.replies]
    raise AssertionError(f"{lesson.id} {step.key}: never done: {said}")


@pytest.mark.parametrize(("lesson", "step"), CASES, ids=IDS)
def test_enter_show_and_answer_right(lesson: Lesson, step: Step) -> None:
    entered = step.enter(context(lesson))
    assert entered.replies and step.show(entered.state)
    assert all(isinstance(s, StepState) for s in (entered.state, *entered.earlier))
    assert step.submission(entered.state) is None  # nothing answered: nothing to hand in
    state, outcomes = play_right(step, lesson)
    handed = step.submission(state)  # a whole answer to hand in, never a game's moves or a practice's items
    assert (handed is not None) == isinstance(step, Computed | Written)
    assert handed is None or step.judge(handed).correct  # graded as the step judged it
    last = outcomes[-1]
    if not step.required:
        assert last.advance and not last.done and not last.events  # read, and left: nothing to record
        return
    assert last.done and not last.advance
    assert any(r.kind is ReplyKind.OK for r in last.replies)
    attempts = [e for o in outcomes for e in o.events if isinstance(e, Attempt)]
    assert attempts and all(e.lesson == lesson.id and e.step == step.index and e.seconds == 1.5 for e in attempts)
    if not (isinstance(step, Game) and step.goal is Goal.EXPLORE):
        assert attempts[-1].correct
    games = [e for o in outcomes for e in o.events if isinstance(e, GameMoves)]
    assert bool(games) == isinstance(step, Game | Practice)  # a game's moves, or the items a practice served


def wrong_answers(step: Step) -> list[str]:
    """Answers the engine judges wrong: the other options, the computed value's neighbours, the declared mistakes,
    the reference answer with its last part missing, and a few answers of each notation that are rarely right."""
    out = [m.match for m in step.mistakes if m.match is not None]
    if isinstance(step, Computed):
        out += [str(w) for w in step.wrong_values(step.value())]
    reference = step.reference()
    if reference is not None:
        out += [text_of(reference).rsplit(maxsplit=1)[0], text_of(reference).rsplit("\n", 1)[0]]
    out += ["k", "0", "-", "a1", "(0, 0)", "ask A: A is True\nda: A=True B=False C=Random\nja: A=False B=True C=Random"]
    wrong = []
    for text in dict.fromkeys(out):
        try:
            if not step.judge(text).correct:
                wrong.append(text)
        except TutorError:
            continue
    return wrong


ANSWERED = [(lesson, step) for lesson, step in CASES if isinstance(step, Computed | Written)]


@pytest.mark.parametrize(("lesson", "step"), ANSWERED, ids=[f"{les.id}-{s.key}" for les, s in ANSWERED])
def test_a_wrong_answer_is_judged_recorded_and_not_done(lesson: Lesson, step: Step) -> None:
    wrong = wrong_answers(step)
    assert wrong, f"{lesson.id} {step.key}: no wrong answer found to try"
    entered = step.enter(context(lesson))
    outcome = step.respond(entered.state, wrong[0], context(lesson))
    assert not outcome.done and outcome.state is not None
    assert outcome.replies[0].kind is ReplyKind.WRONG
    (attempt,) = outcome.events
    assert isinstance(attempt, Attempt) and not attempt.correct and attempt.answer == wrong[0]
    assert step.submission(entered.state) is None and step.submission(outcome.state) == wrong[0].rstrip("\n")
    refused = step.respond(entered.state, "", context(lesson))
    assert refused.state is None and not refused.events  # nothing typed: nothing recorded


@pytest.mark.parametrize(("lesson", "step"), CASES, ids=IDS)
def test_ladder_reveal_reference_and_lint(lesson: Lesson, step: Step) -> None:
    state = step.enter(context(lesson)).state
    ladder = step.ladder(state)
    shown = step.on_screen(state)  # a practice step's hints are filled in for the item on screen
    hints = [shown.fill(h).text for h in step.hints]
    authored = [text_of(r.text) for r in ladder if text_of(r.text) in set(hints)]
    assert authored == hints  # every author's hint, in the author's order
    assert [r.level for r in ladder] == sorted(r.level for r in ladder)  # each rung tells at least as much
    assert [r.level for r in ladder].count(Level.REVEAL) <= 1 and Level.REVEAL not in [r.level for r in ladder[:-1]]
    assert step.lint() == []
    if not step.required:
        assert step.reference() is None and step.reveal(state) == [] and step.solution_offer() is None
        assert ladder == [] and step.no_hints
        return
    if step.reference() is not None and not (isinstance(step, Game) and step.goal is Goal.EXPLORE):
        assert ladder[-1].level is Level.REVEAL  # the last rung is the answer
    assert step.solution_offer()
    revealed = step.reveal(state)
    assert revealed and revealed[-1].kind is ReplyKind.INFO
    reference = step.reference()
    if isinstance(step, Game) and step.goal is Goal.EXPLORE:
        return  # an explore step may have no winning line: that can be its point
    assert reference is not None and step.judge(text_of(reference)).correct
    if isinstance(step, Computed):
        assert text_of(reference) == str(step.value())


@pytest.mark.parametrize(("lesson", "step"), CASES, ids=IDS)
def test_persist_and_completions(lesson: Lesson, step: Step) -> None:
    state = step.enter(context(lesson)).state
    events = step.persist(state, context(lesson))
    assert all(isinstance(e, GameMoves) and e.lesson == lesson.id for e in events)
    assert bool(events) == isinstance(step, Game | Practice)
    assert all(isinstance(c, str) for c in step.completions(state))


def test_a_written_answer_is_handed_in_with_the_definitions_it_was_judged_with() -> None:
    lesson = CATALOG.lessons["coins-4"]
    step = next(s for s in lesson.steps if isinstance(s, Written) and s.answer_kind.definitions("let D = 0")[0])
    reference = text_of(step.reference())
    first, rest = reference.split(maxsplit=1)
    kept = step.respond(step.enter(context(lesson)).state, f"let D = {first}", context(lesson))
    assert kept.state is not None and not kept.events and step.submission(kept.state) is None  # only a definition
    judged = step.respond(kept.state, f"D {rest}", context(lesson))
    assert judged.done and judged.state is not None
    handed = step.submission(judged.state)
    assert handed == f"let D = {first}\nD {rest}" and step.judge(handed).correct
    with pytest.raises(TutorError):
        step.judge(f"D {rest}")  # without its definition the answer does not read


def test_every_step_class_is_met_and_writes_a_skeleton() -> None:
    assert {type(step) for _, step in CASES} == set(all_kinds())
    game = CATALOG.lessons["coins-1"].steps[0]
    lines = [line for kind in all_kinds() for line in kind.skeleton(game.puzzle, game.puzzle.load({}))]
    assert any(line.startswith("say = ") for line in lines) and any(line == 'answer = "number"' for line in lines)


# -- nobody else asks a step what it is -----------------------------------------------------------------

STEP_CLASSES = {cls.__name__ for cls in all_kinds()} | {"Question", "Asked", "Drafted", "Playing"}
KIND_ATTRIBUTES = {"plays", "computed", "is_question", "expects", "computes", "goal", "explore", "options", "given",
                   "quantity", "answer_kind", "play"}  # what only one kind of step has
STEPS_DIR = ROOT / "tutor" / "course" / "steps"


def probes(source: str, name: str) -> list[str]:
    """Where a module tests a step's class, or reads what only one kind of step has, from a step."""
    tree = ast.parse(source)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "type"):
            named = {n.id for arg in node.args[1:] for n in ast.walk(arg) if isinstance(n, ast.Name)}
            if named & STEP_CLASSES:
                found.append(f"{name}:{node.lineno}: isinstance with {sorted(named & STEP_CLASSES)}")
        if isinstance(node, ast.Attribute) and node.attr in KIND_ATTRIBUTES and _a_step(node.value):
            found.append(f"{name}:{node.lineno}: .{node.attr} of a step")
        if isinstance(node, ast.Compare) and any(isinstance(side, ast.Attribute) and side.attr == "label"
                                                 and _a_step(side.value) for side in (node.left, *node.comparators)):
            found.append(f"{name}:{node.lineno}: a step's label compared")  # shown to people, never dispatched on
    return found


def _a_step(node: ast.expr) -> bool:
    """Whether an expression names a step: ``step``, ``s``, ``self.step``, ``session.step``, ``lesson.steps[i]``."""
    match node:
        case ast.Name(id=name):
            return name in ("step", "s", "current")
        case ast.Attribute(attr="step"):
            return True
        case ast.Subscript(value=ast.Attribute(attr="steps")):
            return True
    return False


def test_no_module_outside_the_steps_asks_a_step_what_kind_it_is() -> None:
    """The engines cannot see steps at all (import-linter); every other module is scanned."""
    engines = ROOT / "tutor" / "puzzles"
    modules = [p for p in (ROOT / "tutor").rglob("*.py") if STEPS_DIR not in p.parents and engines not in p.parents]
    found = [probe for path in modules for probe in probes(path.read_text(encoding="utf-8"), str(path))]
    assert not found, found
    caught = probes("if isinstance(step, Game) and step.goal == 'explore' or session.step.plays: pass\n"
                    "if s.label == 'number': pass", "x")
    assert len(caught) == 4, caught  # the scan finds what it looks for


STATES = {"state", "before", "after", "now", "inner", "start"}  # what the steps call the states they are handed


def downcasts(source: str, name: str) -> list[str]:
    """Where a module tests or casts what type a step's state is (``isinstance(state, ...)``, ``cast(..., state)``,
    either under an ``assert``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        checked = node.args[0] if called == "isinstance" else node.args[-1] if called == "cast" else None
        named = checked.id if isinstance(checked, ast.Name) else getattr(checked, "attr", None)
        if named in STATES:
            found.append(f"{name}:{node.lineno}: {called} of a state")
    return found


def test_no_step_downcasts_its_own_state() -> None:
    """Each kind of step is a ``Step[S]`` of its own state type: its methods are handed an ``S``, never a state to
    test."""
    found = [probe for path in STEPS_DIR.rglob("*.py") for probe in downcasts(path.read_text(encoding="utf-8"),
                                                                              str(path))]
    assert not found, found
    caught = downcasts("assert isinstance(state, Playing)\nx = typing.cast(Playing, outcome.state)\n"
                       "ok = isinstance(self.template, ComputedFile)", "x")
    assert len(caught) == 2, caught  # the scan finds what it looks for

# -- lessons are parsed once ----------------------------------------------------------------------------


def test_variants_are_drawn_from_the_template_without_reading_toml_again(monkeypatch: pytest.MonkeyPatch) -> None:
    import tomllib

    import msgspec

    import tutor.course.parse
    import tutor.course.schema
    import tutor.course.shape

    varied = [lesson for lesson in CATALOG.ordered() if lesson.variants]
    assert varied
    data = tomllib.loads(Path(varied[0].path).read_text(encoding="utf-8"))
    parse_template = tutor.course.parse.parse_template  # the function itself: what it calls is replaced below

    def again(*_: object, **__: object) -> None:
        pytest.fail("a variant validated the file again")

    monkeypatch.setattr(tomllib, "loads", lambda *_: pytest.fail("a variant read the TOML again"))
    monkeypatch.setattr(msgspec, "convert", again)  # what every check of the file's shape goes through
    for module, names in ((tutor.course.schema, ("validate",)),
                          (tutor.course.shape, ("shape_of", "step_problems", "convert_all")),
                          (tutor.course.parse, ("parse_template", "checked", "shape_of", "screen"))):
        for name in names:
            monkeypatch.setattr(module, name, again)
    with pytest.raises(pytest.fail.Exception, match="validated the file again"):
        parse_template(data, varied[0].path)  # reading a file does go through them
    for lesson in varied:
        assert lesson.template is not None
        drawn = {repr(dict(lesson.template.instantiate(seed).variant)) for seed in range(6)}
        assert len(drawn) > 1, lesson.id  # different seeds, different draws, from the same validated file

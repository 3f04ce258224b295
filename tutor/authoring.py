"""For instructors: ``tutor new`` (a lesson skeleton that lints as written) and ``tutor preview``.

``preview`` plays a lesson non-interactively through a real Session with the
engine's (or the lesson's) reference answers and prints what a learner would
see at each step, hints included, so an author can read the whole lesson at
once; it fails where a step would not accept its reference answer.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tutor import puzzles
from tutor.course import Catalog, Lesson, toml_value
from tutor.errors import TutorError
from tutor.progress import Progress
from tutor.repl import plain_text
from tutor.session import Reply, Session
from tutor.shown import text_of


def skeleton(lesson_id: str, puzzle_name: str) -> str:
    """A lesson skeleton for ``puzzle_name`` that passes ``tutor lint`` as written.

    The live steps use what the engine can compute for the default parameters;
    every other step kind is shown in comments.
    """
    puzzle = puzzles.get(puzzle_name)
    game = puzzle.load({})
    values = puzzle.values(game)
    numbers: list[tuple[str, Any]] = []
    choices: list[tuple[str, Any]] = []
    for name in puzzle.quantities:
        try:
            value = puzzle.compute(game, name)
        except TutorError:
            continue
        if isinstance(value, int) and not isinstance(value, bool):
            numbers.append((name, value))
        elif isinstance(value, str) and value.lower() in ("yes", "no"):
            choices.append((name, value))
    engine_kind = None
    for name, kind in puzzle.kinds.items():
        try:
            reference = kind.reference(game, kind.arguments({}))
            if reference is not None and kind.judge(game, text_of(reference)).correct:
                engine_kind = name
                break
        except TutorError:
            continue
    lines = [
        f"# A lesson for the tutor: {puzzle.title} ({puzzle_name}).",
        "# Check it:  tutor lint THIS_FILE        Read it as a learner would:  tutor preview "
        f"{lesson_id} --lessons THIS_FOLDER",
        "# Every key is described in docs/authoring.md. Values the learner must find are computed",
        "# by the engine (compute = ..., {{quantity}} in text); never type them into the lesson.",
        f'id = "{lesson_id}"',
        'title = "A new lesson"',
        'summary = "One sentence that says what the learner will be able to do."',
        f'puzzle = "{puzzle_name}"',
        "order = 1",
        "",
        "[params]",
        "# The puzzle's parameters (defaults shown). A list of choices, e.g. [4, 8], or a range",
        "# {min = 2, max = 8} gives every learner their own seeded variant.",
    ]
    for option in puzzle.params:
        lines.append(f"{option.name} = {toml_value(values[option.name])}  # {option.help}")
    lines += [
        "",
        "[[steps]]",
        'title = "The idea"',
        'say = """',
        "Text the learner reads; Enter moves on. Computed values can be quoted:",
        *([f"for these parameters, {numbers[0][0]} is {{{{{numbers[0][0]}}}}}."] if numbers else []),
        '"""',
    ]
    if numbers:
        name = numbers[0][0]
        lines += [
            "",
            "[[steps]]",
            'title = "A number to find"',
            f'ask = "What is the {name.replace("_", " ")} here?"',
            'answer = "number"',
            f'compute = "{name}"  # any of: {", ".join(puzzle.quantities)}',
            'hints = ["A first, gentle hint; the engine adds its own hints after yours where it can."]',
            'success = "Shown when the answer is right."',
            "# A known wrong answer and the misconception it shows:",
            "# [[steps.mistakes]]",
            f'# match = "{numbers[0][1] + 1}"',
            '# say = "Why this answer is tempting, and what it misses."',
        ]
    if choices:
        name = choices[0][0]
        lines += [
            "",
            "[[steps]]",
            'title = "A choice"',
            f'ask = "Yes or no: {name.replace("_", " ")}?"',
            'answer = "choice"',
            'options = ["yes", "no"]',
            f'compute = "{name}"  # the engine computes which option is right',
            'hints = ["Think about ..."]',
        ]
    if engine_kind is not None:
        lines += [
            "",
            "[[steps]]",
            f'title = "A whole answer ({engine_kind})"',
            f'ask = "{puzzle.kinds[engine_kind].description}: write yours."',
            f'answer = "{engine_kind}"  # judged exactly by the engine; kinds: {", ".join(puzzle.kind_names())}',
            'hints = ["Authored hints come first; the solver\'s computed hints follow."]',
            "# reference = \"...\"  # optional: your own correct answer (lint checks it); default: the engine's",
            "# [[steps.mistakes]]",
            '# pattern = "regular expression matching a typical wrong answer"',
            '# say = "The misconception."',
        ]
    lines += [
        "",
        "# Other step kinds:",
        "# [[steps]]",
        '# ask = "Play it out, one move at a time."',
        '# answer = "play"        # against the computer or the Devil, where the puzzle has play',
        '# goal = "win"           # or goal = "explore" with explore = 6 (done after six moves)',
        "# params = { ... }       # any step may override the lesson's parameters",
        "# args = { ... }         # question arguments and play settings the step's answer or quantities take",
        "",
    ]
    return "\n".join(lines)


@dataclass(frozen=True)
class Preview:
    """What a learner would see, as text, and the steps that would not accept their answer."""

    text: str
    failures: tuple[str, ...]


def preview(catalog: Catalog, name: str, seed: int | None = None, hints: bool = True) -> Preview:
    """Play a lesson through a Session with reference answers; collect the transcript."""
    session = Session(catalog, Progress(None), seed=seed if seed is not None else 0)
    lesson = catalog.find(name)
    out: list[str] = []
    failures: list[str] = []

    def show(replies: list[Reply]) -> None:
        out.extend(plain_text(r) for r in replies)

    show(session.handle(f"/open {lesson.id}"))
    current: Lesson | None = session.lesson
    assert current is not None
    for _ in range(4 * len(current.steps)):
        step = session.step
        if step is None or session.place.lesson != lesson.id:
            break
        if not step.is_question:
            last = step.index == len(current.steps) - 1
            out.append("> (Enter)")
            show(session.handle(""))
            if last:
                break
            continue
        if hints:
            ladder = session.ladder()
            for i, hint in enumerate(ladder, 1):
                out.append(f"  [hint {i} of {len(ladder)}] {hint}")
        if step.plays and step.goal == "explore" and not step.reference:
            for _ in range(step.explore):
                if step.index in session.progress.completed(lesson.id):
                    break
                show(explore_move(session, out))
            if step.index not in session.progress.completed(lesson.id):
                failures.append(f"{current.path}: {step.key}: no legal move found to explore with")
                show(session.handle("/next"))
            if step.index == len(current.steps) - 1:
                break
            continue
        answer = _reference(session, current, step)
        if answer is None:
            failures.append(f"{current.path}: {step.key}: no reference answer")
            show(session.handle("/next"))
            continue
        for line in answer:
            out.append(f"> {line}")
            show(session.handle(line))
        if step.index not in session.progress.completed(lesson.id):
            failures.append(f"{current.path}: {step.key}: the step did not accept its reference answer "
                            f"{' / '.join(answer)!r}")
            out.append(f"!! step {step.index + 1} did not accept its reference answer")
            show(session.handle("/next"))
        if step.index == len(current.steps) - 1:
            break
    return Preview("\n".join(out), tuple(failures))


def explore_move(session: Session, transcript: list[str] | None = None, seed: int = 0) -> list[Reply]:
    """Make one legal move in the current game, chosen at random among the legal moves."""
    step = session.step
    assert step is not None
    play = session.game_of(step)
    state = session.place.game
    if state is None:
        state = play.start(step.game, play.arguments(step.args), session.rng(step))
    moves = [play.format_move(state, m) for m in play.legal_moves(state)]
    random.Random(seed + session.place.moves).shuffle(moves)
    for move in moves:
        replies = session.handle(move)
        if not any(r.kind == "error" for r in replies):
            if transcript is not None:
                transcript.append(f"> {move}")
            return replies
    return []


def _reference(session: Session, lesson: Lesson, step: Any) -> list[str] | None:
    """The lines to type for a step: its own reference, else the engine's computed answer."""
    if step.plays and step.goal == "explore" and step.reference:
        return [step.reference]
    answer = Session.solution_text(lesson, step)
    return None if answer is None else [text_of(answer)]

"""For instructors: ``tutor new`` (a lesson skeleton that lints as written) and ``tutor preview``.

``preview`` plays a lesson non-interactively through a real Session with the
engine's (or the lesson's) reference answers and prints what a learner would
see at each step, hints included, so an author can read the whole lesson at
once; it fails where a step would not accept its reference answer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor import puzzles
from tutor.course import Catalog, toml_value
from tutor.course.steps import all_kinds
from tutor.limits import EXPLORE_MOVES
from tutor.progress import Progress
from tutor.puzzles.base import Puzzle
from tutor.puzzles.options import Option
from tutor.screen.render import plain_text as render_plain
from tutor.screen.shown import text_of
from tutor.session import Reply, Session


def skeleton(lesson_id: str, puzzle_name: str) -> str:
    """A lesson skeleton for ``puzzle_name`` that passes ``tutor lint`` as written.

    Each kind of step writes its own example (``Step.skeleton``) from what the engine computes for the
    default parameters; kinds that need more than the defaults are shown in comments.
    """
    puzzle = puzzles.get(puzzle_name)
    game = puzzle.load(puzzle.skeleton_params)
    values = puzzle.values(game)
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
        "# The puzzle's parameters. A list of choices, e.g. [4, 8], or a range",
        "# {min = 2, max = 8} gives every learner their own seeded variant.",
        *(param_line(puzzle, option, values[option.name]) for option in puzzle.params),
    ]
    for kind in all_kinds():
        example = kind.skeleton(puzzle, game)
        if example and example[0].startswith("#"):
            lines += ["", "# Other step kinds:", *example]
        elif example:
            lines += ["", *example]
    lines += [
        "# params = { ... }       # any step may override the lesson's parameters",
        "# args = { ... }         # question arguments and play settings the step's answer or quantities take",
        "",
    ]
    return "\n".join(lines)


def param_line(puzzle: Puzzle[Any], option: Option, value: Any) -> str:
    """A parameter's line in the skeleton: its value, or, where it is empty (none given), a commented example
    from the family's samples, so the lesson never sets a parameter to an empty text."""
    if value != "":
        return f"{option.name} = {toml_value(value)}  # {option.help}"
    example = next((s.params[option.name] for s in puzzle.samples if s.params.get(option.name)), None)
    shown = toml_value(example) if example is not None else '"..."'
    return f"# {option.name} = {shown}  # {option.help}"


@dataclass(frozen=True)
class Preview:
    """What a learner would see, as text, and the steps that would not accept their answer."""

    text: str
    failures: tuple[str, ...]
    opened: bool = True  # False: the lesson did not open, and ``failures`` are its problems as lint reports them


def preview(catalog: Catalog, name: str, seed: int | None = None, hints: bool = True) -> Preview:
    """Play a lesson through a Session, typing what each step says makes progress (``Step.sample``: its reference
    answer, Enter on text, legal moves to explore); collect the transcript and the steps that refused."""
    session = Session(catalog, Progress(None), seed=seed if seed is not None else 0)
    lesson = catalog.find(name)
    out: list[str] = []
    failures: list[str] = []
    out.extend(render_plain([r]) for r in session.handle(f"/open {lesson.id}"))
    current = session.lesson
    if current is None:  # it does not build, so it does not open: its problems as lint finds them instead
        from tutor.lint import lint_paths

        _, problems = lint_paths([lesson.path])
        return Preview("\n".join(out), tuple(problems) or tuple(out), opened=False)
    for _ in range(4 * len(current.steps)):
        step = session.step
        if step is None or session.place.lesson != lesson.id:
            break
        if hints:
            ladder = step.ladder(session.state)
            out += [f"  [hint {i} of {len(ladder)}] {text_of(hint.text)}" for i, hint in enumerate(ladder, 1)]
        rehearsal = rehearse(session)
        for line, replies in rehearsal.exchanges:
            out.append(f"> {line}" if line else "> (Enter)")
            out.extend(render_plain([r]) for r in replies)
        problem = rehearsal.problem
        if problem:
            failures.append(f"{current.path}: {step.key}: {problem}")
            if "did not accept" in problem:
                out.append(f"!! step {step.index + 1} did not accept its reference answer")
            out.extend(render_plain([r]) for r in session.handle("/next"))
        if step.index == len(current.steps) - 1:
            break
    return Preview("\n".join(out), tuple(failures))


@dataclass
class Rehearsal:
    """What was typed on one step and what the tutor replied, and why the step was not left ("" if it was)."""

    exchanges: list[tuple[str, list[Reply]]]
    problem: str = ""


def rehearse(session: Session, seed: int = 0) -> Rehearsal:
    """Type what the current step says makes progress (``Step.sample``) until it is left, or why it is not."""
    step, place = session.step, session.place
    assert step is not None
    done = Rehearsal([])
    for attempt in range(EXPLORE_MOVES.value + 1):
        line = step.sample(session.state, seed + attempt)
        if line is None:
            done.problem = "no reference answer" if not attempt else "no legal move found to go on with"
            return done
        before = session.place
        done.exchanges.append((line, session.handle(line)))
        if not step.required:
            return done  # read: Enter goes on (or, on the last step, ends the lesson)
        if session.place == before and not session.finished:  # refused, or judged wrong again: no progress
            done.problem = f"the step did not accept its reference answer {line!r}"
            return done
        if (session.place.lesson, session.place.step) != (place.lesson, place.step) or session.finished:
            return done
        if step.index in session.progress.completed(place.lesson or ""):
            return done  # the last step of a lesson: completed, and the lesson ends here
    done.problem = "the step was never completed"
    return done
